"""Mistakes ``mypy --strict`` must report, one per line marked ``# error: <code>`` (tests/test_typing.py checks each
is reported and nothing else): the types reach the helpers, their params and results, and events."""

from containerd_client import Client, Event


def mistakes(client: Client, event: Event) -> None:
    client.window.set_root(window="w", controler="vc")  # error: call-arg
    client.window.set_root(window=1, controller="vc")  # error: arg-type
    client.window.set_rot(window="w", controller="vc")  # error: attr-defined
    client.controller.create(id="vc")["identifier"]  # error: typeddict-item
    client.containment.transition(parent="p", from_="a", to="b", duration="slow")  # error: arg-type
    client.events.subscribe(kinds=["scrolling"])  # error: list-item
    client.scroll.set_content_offset(view="v", offset={"x": 0})  # error: typeddict-item
    event.lifecycle_params()["callback"] == 3  # error: comparison-overlap
    event.table_params()["rows"]  # error: typeddict-item

"""Typed use of the client: ``mypy --strict`` must accept this file (tests/test_typing.py runs it)."""

from typing import List

from containerd_client import Client, Event
from containerd_client.event_types import LifecycleCallback
from containerd_client.wire_types import ControllerCreateResult, Rect


def lifecycle(events: List[Event]) -> List[LifecycleCallback]:
    return [event.lifecycle_params()["callback"] for event in events if event.method == "event/lifecycle"]


def scenario(client: Client) -> float:
    created: ControllerCreateResult = client.controller.create(id="parent")
    view: str = created["view"]
    client.window.create(id="win", width=390.0, safe_area={"top": 47, "left": 0, "bottom": 34, "right": 0})
    client.window.set_root(window="win", controller="parent")
    client.controller.create(id="child")
    client.containment.embed(parent="parent", child="child", frame={"x": 0, "y": 0, "width": 10, "height": 10})
    client.containment.transition(parent="parent", from_="child", to="child", duration=0.25)
    client.containment.will_move(child="child", parent=None)
    client.events.subscribe(kinds=["table", "offset"])
    client.api.clock.configure(mode="manual")
    callbacks = lifecycle(client.last_events)
    assert "viewDidAppear" in callbacks or view
    frame: Rect = client.table.rect_for_row(table="t", section=0, row=3)["rect"]
    popped = client.navigation.pop(navigation="nav")["popped"]
    if popped is not None:
        popped.upper()
    pong: bool = client.daemon.ping(anything=1)["pong"]
    return frame["height"] + client.clock.now()["now"] + (1.0 if pong else 0.0)

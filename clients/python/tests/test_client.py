"""Tests of containerd_client against the built daemon (standard library only: unittest).

    CONTAINERD_BINARY="$(swift build --show-bin-path)/containerd" \\
        python3 -m unittest discover -s clients/python/tests -t clients/python -v

Without CONTAINERD_BINARY the binary is the repository's .build/debug/containerd (relative to this file).
"""

import importlib
import inspect
import io
import json
import os
import pydoc
import re
import socket
import subprocess
import sys
import threading
import types
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACKAGE_ROOT = HERE.parent  # clients/python
REPO = HERE.parents[2]
TRANSCRIPTS = REPO / "clients" / "transcripts"
if str(PACKAGE_ROOT) not in sys.path:
    sys.path.insert(0, str(PACKAGE_ROOT))

import containerd_client  # noqa: E402
from containerd_client import (  # noqa: E402
    Client,
    ConnectionClosed,
    Event,
    RPCError,
    describe,
    encode_message,
    find_binary,
    read_message,
    trace,
)

BINARY = os.environ.get("CONTAINERD_BINARY") or str((HERE / "../../../.build/debug/containerd").resolve())

# The README's "embed a child into a visible parent" output, as EventTrace.describe (TestSession.describe) writes it.
EMBED_TRACE = [
    "parent.loadView R1",
    "parent.viewDidLoad R1",
    "parent.viewWillAppear R6",
    "parent.viewIsAppearing R69",
    "parent.viewDidAppear R7",
    "child.willMove(parent) R4",
    "child.loadView R1",
    "child.viewDidLoad R1",
    "child.viewWillAppear R6",
    "child.didMove(parent) R4",
    "child.viewIsAppearing R69",
    "child.viewDidAppear R7",
    "child.didMove(parent) R8",
]


def setUpModule() -> None:
    if not (os.path.isfile(BINARY) and os.access(BINARY, os.X_OK)):
        raise RuntimeError(
            f"containerd binary not found at {BINARY}: build it (swift build --product containerd) "
            "or set CONTAINERD_BINARY"
        )


def readme_embed_trace():
    """The README's jq output for the embed scenario, turned into describe strings."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text[text.index("Embedding a child into a visible parent"):]
    section = section[: section.index("```", section.index("```console") + 10)]
    lines = []
    for line in section.splitlines():
        if line.startswith('["'):
            controller, callback, parent, rule = json.loads(line)
            argument = "" if callback not in ("willMove", "didMove") else f"({parent or 'nil'})"
            lines.append(f"{controller}.{callback}{argument} {rule}")
    return lines


def embed(client):
    """The README scenario through the typed helpers; returns the events of setRoot and embed."""
    client.window.create(id="win")
    client.controller.create(id="parent")
    client.window.set_root(window="win", controller="parent")
    events = list(client.last_events)
    client.controller.create(id="child")
    client.containment.embed(parent="parent", child="child")
    return events + client.last_events


def transcript(name):
    requests = [json.loads(line) for line in (TRANSCRIPTS / f"{name}.jsonl").read_text().splitlines() if line.strip()]
    expected = [
        json.loads(line) for line in (TRANSCRIPTS / f"{name}.expected.jsonl").read_text().splitlines() if line.strip()
    ]
    return requests, expected


def split_expected(expected):
    """Groups expected output lines into (events, reply) per reply."""
    groups, events = [], []
    for message in expected:
        if isinstance(message, dict) and "method" in message and "id" not in message:
            events.append(message)
        else:
            groups.append((events, message))
            events = []
    return groups, events


class ClientTestCase(unittest.TestCase):
    def client(self, **options):
        options.setdefault("binary", BINARY)
        client = Client(**options)
        self.addCleanup(client.close)
        return client


class BasicsTests(ClientTestCase):
    def test_ping(self):
        client = self.client()
        self.assertEqual(client.call("daemon/ping"), {"pong": True})
        self.assertEqual(client.call("daemon/ping", {"anything": [1, 2]}), {"pong": True})
        self.assertEqual(client.daemon.ping(), {"pong": True})
        self.assertEqual(client.last_events, [])

    def test_info(self):
        info = self.client().call("daemon/info")
        self.assertEqual(info["name"], "containerd")
        self.assertEqual(info["framing"], "lines")
        self.assertEqual(info["protocolVersion"], 1)

    def test_binary_resolution(self):
        self.assertEqual(find_binary(BINARY), os.path.abspath(BINARY))
        with self.assertRaises(FileNotFoundError):
            find_binary("/nonexistent/containerd")
        saved = os.environ.get("CONTAINERD_BINARY")
        try:
            os.environ["CONTAINERD_BINARY"] = BINARY
            self.assertEqual(find_binary(), os.path.abspath(BINARY))
            os.environ["CONTAINERD_BINARY"] = "/nonexistent/containerd"
            with self.assertRaises(FileNotFoundError):
                find_binary()
        finally:
            if saved is None:
                os.environ.pop("CONTAINERD_BINARY", None)
            else:
                os.environ["CONTAINERD_BINARY"] = saved

    def test_event_kinds_flag(self):
        client = self.client(event_kinds=["completion"])
        client.controller.create(id="p")
        client.controller.create(id="a")
        client.controller.create(id="b")
        client.window.create(id="w")
        client.window.set_root(window="w", controller="p")
        client.containment.add_child(parent="p", child="a")
        client.view.add_subview(superview="p.view", view="a.view")
        client.containment.did_move(child="a", parent="p")
        client.containment.add_child(parent="p", child="b")
        client.containment.transition(parent="p", from_="a", to="b", duration=0.25)
        kinds = [event.kind for event in client.last_events]
        self.assertIn("completion", kinds)
        completion = next(e for e in client.last_events if e.kind == "completion")
        self.assertEqual((completion.of, completion.finished, completion.time), ("transition", True, 250))


class EmbedTraceTests(ClientTestCase):
    def test_embed_trace_matches_readme(self):
        self.assertEqual(readme_embed_trace(), EMBED_TRACE)
        self.assertEqual(trace(embed(self.client())), EMBED_TRACE)

    def test_embed_events_of_each_call(self):
        client = self.client()
        client.window.create(id="win")
        self.assertEqual(client.last_events, [])
        client.controller.create(id="parent")
        result, events = client.call_with_events("window/setRoot", {"window": "win", "controller": "parent"})
        self.assertEqual(result, {})
        self.assertEqual(trace(events), EMBED_TRACE[:5])
        self.assertIs(client.last_events, events)
        client.controller.create(id="child")
        client.call("containment/embed", {"parent": "parent", "child": "child"})
        self.assertEqual(trace(client.last_events), EMBED_TRACE[5:])
        self.assertEqual([e.seq for e in events + client.last_events], list(range(1, 14)))
        last = client.last_events[-1]
        self.assertEqual((last.kind, last.controller, last.parent, last.rule, last.time), ("lifecycle", "child", "parent", "R8", 0))


class ErrorTests(ClientTestCase):
    def test_uikit_exception(self):
        client = self.client()
        for name in ("p", "a", "b"):
            client.controller.create(id=name)
        with self.assertRaises(RPCError) as caught:
            client.call("containment/transition", {"parent": "p", "from": "a", "to": "b"})
        error = caught.exception
        self.assertEqual(error.code, -32001)
        self.assertEqual(error.code, RPCError.UIKIT_EXCEPTION)
        self.assertEqual(error.exception, "NSInvalidArgumentException")
        self.assertIn("must have a common parent view controller", error.reason)
        self.assertEqual(error.data, {"exception": error.exception, "reason": error.reason})
        self.assertEqual(error.message, f"NSInvalidArgumentException: {error.reason}")
        self.assertEqual(error.method, "containment/transition")
        self.assertEqual(error.events, [])
        self.assertEqual(client.last_events, [])
        self.assertIn("-32001", str(error))
        self.assertIn("containment/transition", str(error))
        # The typed helper raises the same.
        with self.assertRaises(RPCError) as caught:
            client.containment.transition(parent="p", from_="a", to="b")
        self.assertEqual(caught.exception.exception, "NSInvalidArgumentException")
        # The client goes on.
        self.assertEqual(client.daemon.ping(), {"pong": True})

    def test_other_errors(self):
        client = self.client()
        with self.assertRaises(RPCError) as caught:
            client.call("nope/nothing")
        self.assertEqual(caught.exception.code, RPCError.METHOD_NOT_FOUND)
        self.assertEqual(caught.exception.data, {"method": "nope/nothing"})
        self.assertIsNone(caught.exception.exception)
        with self.assertRaises(RPCError) as caught:
            client.call("window/create", {"width": "wide"})
        self.assertEqual(caught.exception.code, RPCError.INVALID_PARAMS)
        self.assertEqual(caught.exception.data["path"], "params.width")
        with self.assertRaises(RPCError) as caught:
            client.call("controller/get", {"controller": "ghost"})
        self.assertEqual(caught.exception.code, RPCError.UNKNOWN_OBJECT)

    def test_timeout(self):
        read_end, write_end = os.pipe()
        reader = os.fdopen(read_end, "rb")
        writer = open(os.devnull, "wb")
        client = Client.attach(reader, writer, timeout=0.2, shutdown_on_close=False)
        try:
            with self.assertRaises(TimeoutError):
                client.call("daemon/ping")
        finally:
            client.close()
            os.close(write_end)  # the reader sees end of output
            client._thread.join(5)
            reader.close()
            writer.close()

    def test_output_ends(self):
        client = Client.attach(io.BytesIO(b""), io.BytesIO(), shutdown_on_close=False)
        client._thread.join(5)
        self.assertTrue(client.closed)
        with self.assertRaises(ConnectionClosed):
            client.call("daemon/ping")

    def test_daemon_exits_mid_session(self):
        client = self.client()
        client.notify("daemon/shutdown")
        client._thread.join(10)
        with self.assertRaises(ConnectionClosed):
            client.call("daemon/ping")
        self.assertEqual(client.process.wait(10), 0)


class EventTests(ClientTestCase):
    def test_events_iterator(self):
        client = self.client()
        events = embed(client)
        streamed = list(client.events())
        self.assertEqual(streamed, events)
        self.assertEqual(trace(streamed), EMBED_TRACE)
        self.assertEqual(list(client.events()), [])  # taken
        self.assertEqual(list(client.events(timeout=0.05)), [])  # nothing more arrives
        client.controller.create(id="other")
        client.call("containment/embed", {"parent": "parent", "child": "other"})
        self.assertEqual(client.events.pending, len(client.last_events))
        self.assertEqual(client.events.drain(), client.last_events)
        client.call("containment/unembed", {"child": "other"})
        client.events.clear()
        self.assertEqual(list(client.events), [])

    def test_events_from_another_thread(self):
        client = self.client()
        seen = []
        done = threading.Event()

        def watch():
            for event in client.events(timeout=None):  # until the output ends
                seen.append(event)
            done.set()

        thread = threading.Thread(target=watch)
        thread.start()
        events = embed(client)
        client.close()
        thread.join(10)
        self.assertTrue(done.is_set())
        self.assertEqual(seen, events)

    def test_notification_events_belong_to_no_call(self):
        client = self.client()
        client.window.create(id="win")
        client.controller.create(id="parent")
        client.events.clear()
        client.notify("window/setRoot", {"window": "win", "controller": "parent"})
        self.assertEqual(client.daemon.ping(), {"pong": True})
        self.assertEqual(client.last_events, [])  # request null: not the ping's
        streamed = client.events.drain()
        self.assertEqual(trace(streamed), EMBED_TRACE[:5])
        self.assertEqual({event.request for event in streamed}, {None})
        self.assertEqual({event.params["request"] for event in streamed}, {None})

    def test_events_name_their_call(self):
        client = self.client()
        client.window.create(id="win")
        client.controller.create(id="parent")
        next_id = next(client._ids) + 1
        _, events = client.call_with_events("window/setRoot", {"window": "win", "controller": "parent"})
        self.assertEqual(trace(events), EMBED_TRACE[:5])
        self.assertEqual({event.request for event in events}, {next_id})
        client.controller.create(id="child")
        first = next(client._ids) + 1
        _, events = client.batch_with_events(
            [
                ("containment/addChild", {"parent": "parent", "child": "child"}),
                ("view/addSubview", {"superview": "parent.view", "view": "child.view"}),
                ("containment/didMove", {"child": "child", "parent": "parent"}),
            ]
        )
        self.assertEqual(trace(events), EMBED_TRACE[5:])
        # Each call's own events name it; the turn's end (viewDidAppear, UIKit's second didMove) names the last call.
        self.assertEqual(
            [(describe(event), event.request) for event in events],
            [
                ("child.willMove(parent) R4", first),
                ("child.loadView R1", first + 1),
                ("child.viewDidLoad R1", first + 1),
                ("child.viewWillAppear R6", first + 1),
                ("child.didMove(parent) R4", first + 2),
                ("child.viewIsAppearing R69", first + 2),
                ("child.viewDidAppear R7", first + 2),
                ("child.didMove(parent) R8", first + 2),
            ],
        )

    def test_event_object(self):
        message = {
            "jsonrpc": "2.0",
            "method": "event/lifecycle",
            "params": {"callback": "didMove", "controller": "c", "parent": None, "rule": "R8", "seq": 7, "time": 250},
        }
        event = Event.from_message(message)
        self.assertEqual((event.kind, event.seq, event.time), ("lifecycle", 7, 250))
        self.assertEqual((event.callback, event["controller"], event.parent), ("didMove", "c", None))
        self.assertEqual(event.get("animated", False), False)
        self.assertIn("rule", event)
        with self.assertRaises(AttributeError):
            event.animated
        with self.assertRaises(KeyError):
            event["animated"]
        self.assertEqual(event.to_message(), message)
        self.assertEqual(str(event), "c.didMove(nil) R8")
        self.assertEqual(describe(message), "c.didMove(nil) R8")
        self.assertEqual(event, Event("event/lifecycle", dict(message["params"])))
        import copy
        import pickle

        self.assertEqual(copy.deepcopy(event), event)
        self.assertEqual(pickle.loads(pickle.dumps(event)), event)

    def test_describe_formats(self):
        cases = [
            ({"controller": "v", "callback": "viewWillAppear", "rule": "R6"}, "event/lifecycle", "v.viewWillAppear R6"),
            ({"controller": "v", "callback": "willMove", "parent": "p", "rule": "R4"}, "event/lifecycle", "v.willMove(p) R4"),
            ({"message": "Unbalanced calls", "rule": "R16"}, "event/warning", "warning: Unbalanced calls R16"),
            (
                {"table": "t", "callback": "cellForRow", "section": 0, "row": 3, "cell": 2, "reused": True},
                "event/table",
                "t.cellForRow(0,3) #2 reused",
            ),
            ({"table": "t", "callback": "didEndDisplaying", "section": 0, "row": 1, "cell": 1}, "event/table", "t.didEndDisplaying(0,1) #1"),
            ({"table": "t", "callback": "didSelectRow", "section": 1, "row": 2}, "event/table", "t.didSelectRow(1,2)"),
            ({"view": "t", "x": 0, "y": 628.0, "cause": "keyboard"}, "event/offset", "offset t 0,628 keyboard"),
            ({"view": "t", "x": 0, "y": 12.5, "cause": "deceleration"}, "event/offset", "offset t 0,12.5 deceleration"),
            ({"view": "t", "x": -0.0, "y": 1e16, "cause": "animation"}, "event/offset", "offset t 0,1e+16 animation"),
            ({"view": "t", "x": 1e-05, "cause": "bounce"}, "event/offset", "offset t 1e-05,nan bounce"),
            ({"view": "t", "callback": "willBeginDragging"}, "event/scroll", '{"jsonrpc":"2.0","method":"event/scroll","params":{"callback":"willBeginDragging","view":"t"}}'),
            ({}, "event/lifecycle", "?.? ?"),
            (
                {"controller": "b", "tag": "t1", "callback": "alongsideCompletion", "isCancelled": True, "rule": "R47"},
                "event/coordinator",
                "coordinator b.t1 alongsideCompletion cancelled R47",
            ),
            (
                {"object": "m.presentAnimator", "callback": "completeTransition", "didComplete": True, "rule": "R48"},
                "event/transitioning",
                "transitioning m.presentAnimator completeTransition(true) R48",
            ),
            ({"object": "m.presentAnimator", "callback": "animateTransition", "rule": "R48"}, "event/transitioning", "transitioning m.presentAnimator animateTransition R48"),
        ]
        for params, method, text in cases:
            with self.subTest(text=text):
                self.assertEqual(Event(method, params).describe(), text)

    def test_warning_trace(self):
        client = self.client()
        client.window.create(id="win")
        client.controller.create(id="vc")
        client.window.set_root(window="win", controller="vc")
        client.appearance.call_directly(controller="vc", callback="viewWillAppear")
        lines = trace(client.last_events)
        self.assertEqual(len(lines), 2)
        self.assertTrue(lines[0].startswith("warning: ") and lines[0].endswith(" R12"), lines[0])
        self.assertEqual(lines[1], "vc.viewWillAppear R12")


class TypedHelperTests(ClientTestCase):
    def test_every_discovered_method_is_reachable(self):
        client = self.client()
        document = client.call("rpc.discover")
        names = [method["name"] for method in document["methods"]]
        self.assertIn("window/setRoot", names)
        api = client.api
        self.assertEqual(sorted(api.specs), sorted(names))
        for method in document["methods"]:
            with self.subTest(method=method["name"]):
                function = api.function(method["name"])
                self.assertEqual(function.spec.name, method["name"])
                self.assertIn(method.get("summary", ""), function.__doc__)
                wire = {p["name"] for p in method.get("params", [])}
                python = {p.name for p in inspect.signature(function).parameters.values() if p.kind is p.KEYWORD_ONLY}
                self.assertEqual(len(python), len(wire))
                for param in method.get("params", []):
                    self.assertIn(param["name"], function.__doc__ if param["name"] != "from" else "from_")

    def test_names(self):
        client = self.client()
        self.assertEqual(client.window.set_root.spec.name, "window/setRoot")
        self.assertIs(client.window.setRoot.__func__, client.window.set_root.__func__)
        self.assertEqual(client.rpc.discover.spec.name, "rpc.discover")
        self.assertEqual(client.class_.register.spec.name, "class/register")
        self.assertEqual(client.appearance.call_directly.spec.name, "appearance/callDirectly")
        self.assertEqual(client.scroll.scroll_rect_to_visible.spec.name, "scroll/scrollRectToVisible")
        self.assertEqual(client.layout.layout_if_needed.spec.name, "layout/layoutIfNeeded")
        self.assertEqual(client.events.subscribe.spec.name, "events/subscribe")
        self.assertIs(client.window, client.api.window)
        self.assertIn("window", dir(client))
        self.assertIn("set_root", dir(client.window))
        with self.assertRaises(AttributeError):
            client.no_such_family
        with self.assertRaises(AttributeError):
            client.window.no_such_method

    def test_calls(self):
        client = self.client()
        self.assertEqual(client.controller.create(id="vc"), {"id": "vc", "view": "vc.view"})
        self.assertEqual(client.controller.create(), {"id": "vc1", "view": "vc1.view"})  # optional params omitted
        self.assertEqual(client.window.create(id="w")["id"], "w")
        self.assertEqual(client.window.set_root(window="w", controller="vc"), {})
        self.assertEqual(trace(client.last_events)[0], "vc.loadView R1")
        # snake_case and wire spellings of camelCase params; a keyword param with a trailing underscore
        client.controller.create(id="c2")
        self.assertEqual(client.appearance.begin(controller="c2", is_appearing=True, animated=False), {})
        self.assertEqual(client.appearance.end(controller="c2"), {})
        self.assertIsNotNone(client.controller.get(controller="c2"))
        self.assertEqual(client.controller.configure(controller="c2", forwardsAppearance=False), {})

    def test_param_checking(self):
        client = self.client()
        client.daemon.ping()
        sent_before = next(client._ids)
        with self.assertRaisesRegex(TypeError, r"window\.set_root\(\) got an unexpected keyword argument 'bogus'"):
            client.window.set_root(window="w", controller="vc", bogus=1)
        with self.assertRaisesRegex(TypeError, r"window\.set_root\(\) missing 1 required keyword argument: 'controller'"):
            client.window.set_root(window="w")
        with self.assertRaisesRegex(TypeError, r"missing 3 required keyword arguments: 'parent', 'from_', 'to'"):
            client.containment.transition()
        with self.assertRaisesRegex(TypeError, "multiple values"):
            client.appearance.begin(controller="c", isAppearing=True, is_appearing=True)
        with self.assertRaises(TypeError):
            client.window.set_root("w", "vc")  # keyword-only
        self.assertEqual(next(client._ids), sent_before + 1)  # nothing was sent
        # null is a value, not a missing param
        with self.assertRaises(RPCError) as caught:
            client.containment.will_move(child="ghost", parent=None)
        self.assertEqual(caught.exception.code, RPCError.UNKNOWN_OBJECT)
        # free-form params (daemon/ping takes anything)
        self.assertEqual(client.daemon.ping(whatever=1), {"pong": True})

    def test_docs(self):
        client = self.client()
        doc = client.window.set_root.__doc__
        self.assertTrue(doc.startswith("window/setRoot: window.rootViewController = controller"), doc)
        self.assertIn("controller: string [required]", doc)
        self.assertEqual(str(inspect.signature(client.window.set_root)), "(*, window, controller)")
        self.assertIn("animated=True", str(inspect.signature(client.navigation.push)))  # the schema's default
        self.assertIn("id=<omitted>", str(inspect.signature(client.controller.create)))  # not sent unless given
        text = pydoc.render_doc(client.window, renderer=pydoc.plaintext)
        self.assertIn("set_root", text)
        self.assertIn("window/setRoot", text)
        self.assertIn("set_root", repr(client.window))

    def test_timeout_param(self):
        client = self.client()
        self.assertEqual(client.daemon.info(_timeout=5)["name"], "containerd")


class FramingTests(ClientTestCase):
    def test_header_framing_round_trip(self):
        client = self.client(framing="headers")
        self.assertEqual(client.daemon.ping(), {"pong": True})
        self.assertEqual(client.call("daemon/info")["framing"], "headers")
        self.assertEqual(trace(embed(client)), EMBED_TRACE)
        client.framing = "lines"  # the daemon detects the framing per message
        self.assertEqual(client.call("daemon/info")["framing"], "lines")
        self.assertEqual(client.close(), 0)

    def test_header_bytes_on_the_wire(self):
        process = subprocess.Popen([BINARY], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        raw = bytearray()

        class Recording:
            def __init__(self, stream):
                self.stream = stream

            def readline(self):
                data = self.stream.readline()
                raw.extend(data)
                return data

            def read(self, count):
                data = self.stream.read(count)
                raw.extend(data)
                return data

        client = Client.attach(Recording(process.stdout), process.stdin, framing="headers")
        try:
            self.assertEqual(client.call("daemon/ping"), {"pong": True})
            self.assertEqual(bytes(raw), b'Content-Length: 47\r\n\r\n{"id":1,"jsonrpc":"2.0","result":{"pong":true}}')
        finally:
            client.close()
            process.stdin.close()
            self.assertEqual(process.wait(10), 0)
            process.stdout.close()

    def test_framing_functions(self):
        message = {"jsonrpc": "2.0", "id": 1, "method": "daemon/ping", "params": {"text": "é"}}
        lines = encode_message(message, "lines")
        headers = encode_message(message, "headers")
        body = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode()
        self.assertEqual(lines, body + b"\n")
        self.assertEqual(headers, b"Content-Length: %d\r\n\r\n" % len(body) + body)
        stream = io.BytesIO(lines + headers + b"\n" + b"content-length:%d\n\n" % len(body) + body + lines)
        self.assertEqual(read_message(stream), (message, "lines"))
        self.assertEqual(read_message(stream), (message, "headers"))
        self.assertEqual(read_message(stream), (message, "headers"))
        self.assertEqual(read_message(stream), (message, "lines"))
        self.assertIsNone(read_message(stream))
        with self.assertRaises(ValueError):
            encode_message(message, "xml")
        with self.assertRaises(ValueError):
            encode_message({"x": float("nan")})

    def test_attach_over_a_socket(self):
        # What a future `containerd connect` would give: a socket carrying the daemon's stdio.
        ours, theirs = socket.socketpair()
        process = subprocess.Popen([BINARY], stdin=theirs, stdout=theirs)
        theirs.close()
        reader, writer = ours.makefile("rb"), ours.makefile("wb")
        with Client.attach(reader, writer) as client:
            self.assertEqual(trace(embed(client)), EMBED_TRACE)
        self.assertEqual(process.wait(10), 0)
        reader.close()
        writer.close()
        ours.close()


class EventAttributionTests(unittest.TestCase):
    """Events name their request (``request``): a call gets those naming its id, whatever else arrives; ``null``
    (a notification's turn, another client's) belongs to no call. Events without ``request`` (an older daemon) go
    to the next reply, as before. Driven by a scripted daemon over a socket."""

    def scripted(self, script):
        ours, theirs = socket.socketpair()
        self.addCleanup(ours.close)
        self.addCleanup(theirs.close)

        def serve():
            reader, writer = theirs.makefile("rb"), theirs.makefile("wb")
            for line in iter(reader.readline, b""):
                message = json.loads(line)
                for out in script(message):
                    writer.write(json.dumps(out).encode() + b"\n")
                writer.flush()

        threading.Thread(target=serve, daemon=True).start()
        client = Client.attach(ours.makefile("rb"), ours.makefile("wb"), shutdown_on_close=False, timeout=5)
        self.addCleanup(client.close)
        return client

    @staticmethod
    def event(name, request="absent"):
        params = {"callback": "viewDidLoad", "controller": name, "rule": "R1", "seq": 1, "time": 0}
        if request != "absent":
            params["request"] = request
        return {"jsonrpc": "2.0", "method": "event/lifecycle", "params": params}

    def test_events_go_to_the_request_they_name(self):
        def script(message):
            if isinstance(message, list):
                first, second = message
                return [
                    self.event("c", first["id"]),
                    self.event("d", second["id"]),
                    self.event("other", None),
                    [
                        {"jsonrpc": "2.0", "id": first["id"], "error": {"code": -32001, "message": "no"}},
                        {"jsonrpc": "2.0", "id": second["id"], "result": {}},
                    ],
                ]
            method, request_id = message["method"], message.get("id")
            if method == "a":
                return [self.event("a1", request_id), self.event("other", None), self.event("a2", request_id),
                        {"jsonrpc": "2.0", "id": request_id, "result": {}}]
            if method == "n":
                return [self.event("n", None)]
            if method == "old":
                return [self.event("old"), {"jsonrpc": "2.0", "id": request_id, "result": {}}]
            return [{"jsonrpc": "2.0", "id": request_id, "result": {}}]

        client = self.scripted(script)
        result, events = client.call_with_events("a")
        self.assertEqual([e.controller for e in events], ["a1", "a2"])
        self.assertEqual({e.request for e in events}, {1})
        client.notify("n")
        client.call("b")
        self.assertEqual(client.last_events, [])  # the notification's event named no request
        results, events = client.batch_with_events([("c", None), ("d", None)])
        self.assertEqual([e.controller for e in events], ["c", "d"])
        self.assertEqual([e.controller for e in results[0].events], ["c"])  # the failed call's own events
        client.call("old")
        self.assertEqual([e.controller for e in client.last_events], ["old"])  # no request member: by order
        streamed = [e.controller for e in client.events.drain()]
        self.assertEqual(streamed, ["a1", "other", "a2", "n", "c", "d", "other", "old"])  # the stream has them all
        self.assertIsNone(Event.from_message(self.event("x", None)).request)
        self.assertIsNone(Event.from_message(self.event("x")).request)


class BatchTests(ClientTestCase):
    def test_batch(self):
        client = self.client()
        client.batch([("window/create", {"id": "win"}), ("controller/create", {"id": "parent"})])
        client.call("window/setRoot", {"window": "win", "controller": "parent"})
        client.call("controller/create", {"id": "child"})
        results = client.batch(
            [
                ("containment/addChild", {"parent": "parent", "child": "child"}),
                ("view/addSubview", {"superview": "parent.view", "view": "child.view"}),
                ("containment/didMove", {"child": "child", "parent": "parent"}),
                ("daemon/ping",),
                "clock/now",
            ]
        )
        self.assertEqual(results[:4], [{}, {}, {}, {"pong": True}])
        self.assertIn("now", results[4])
        self.assertEqual(trace(client.last_events), EMBED_TRACE[5:])  # one turn, so UIKit's second didMove shows

    def test_batch_errors(self):
        client = self.client()
        results, events = client.batch_with_events(
            [("controller/create", {"id": "a"}), ("controller/create", {"id": "a"}), ("nope/nothing", None)]
        )
        self.assertEqual(results[0], {"id": "a", "view": "a.view"})
        self.assertIsInstance(results[1], RPCError)
        self.assertEqual(results[1].code, RPCError.INVALID_PARAMS)
        self.assertEqual(results[1].method, "controller/create")
        self.assertEqual(results[2].code, RPCError.METHOD_NOT_FOUND)
        self.assertEqual(events, [])
        with self.assertRaises(RPCError) as caught:
            client.batch([("daemon/ping", None), ("nope/nothing", None)], raise_errors=True)
        self.assertEqual(caught.exception.code, RPCError.METHOD_NOT_FOUND)
        with self.assertRaises(ValueError):
            client.batch([])


class ShutdownTests(unittest.TestCase):
    def test_context_manager_shuts_down(self):
        with Client(BINARY) as client:
            self.assertEqual(client.daemon.ping(), {"pong": True})
            process = client.process.popen
            self.assertIsNone(process.poll())
        self.assertEqual(process.poll(), 0)
        self.assertEqual(client.returncode, 0)
        self.assertTrue(client.closed)
        self.assertEqual(client.close(), 0)  # twice is fine
        with self.assertRaises(ConnectionClosed):
            client.call("daemon/ping")

    def test_context_manager_shuts_down_after_an_exception(self):
        with self.assertRaises(RPCError):
            with Client(BINARY) as client:
                client.call("nope/nothing")
        self.assertEqual(client.returncode, 0)

    def test_close_without_shutdown_ends_input(self):
        client = Client(BINARY, shutdown_on_close=False)
        client.daemon.ping()
        self.assertEqual(client.close(), 0)  # end of input: exit 0 too


class TranscriptTests(ClientTestCase):
    def test_replay_seed001_through_calls(self):
        requests, expected = transcript("seed001-container")
        groups, trailing = split_expected(expected)
        self.assertEqual(trailing, [])
        self.assertEqual(len(groups), len(requests))
        client = self.client()

        def without_request(message):
            return {**message, "params": {k: v for k, v in message["params"].items() if k != "request"}}

        for request, (expected_events, expected_reply) in zip(requests, groups):
            with self.subTest(request=request):
                first = next(client._ids) + 1  # the client numbers its own calls
                if isinstance(request, list):
                    ids = {first + index for index in range(len(request))}
                    results, events = client.batch_with_events([(r["method"], r.get("params")) for r in request])
                    self.assertEqual(results, [reply["result"] for reply in expected_reply])
                    transcript_ids = {r["id"] for r in request}
                else:
                    ids = {first}
                    result, events = client.call_with_events(request["method"], request.get("params"))
                    self.assertEqual(result, expected_reply["result"])
                    transcript_ids = {request["id"]}
                # The same events, each naming one of this client's ids where the transcript names its own.
                self.assertEqual(
                    [without_request(event.to_message()) for event in events], [without_request(m) for m in expected_events]
                )
                self.assertTrue(all(event.request in ids for event in events), [e.request for e in events])
                self.assertTrue(all(m["params"]["request"] in transcript_ids for m in expected_events))
                self.assertEqual(client.last_events, events)
        self.assertEqual(
            trace(Event.from_message(m) for m in expected if isinstance(m, dict) and m.get("method") == "event/lifecycle")[-5:],
            [
                "newVC.willMove(nil) R4",
                "newVC.viewWillDisappear R6",
                "newVC.didMove(nil) R4",
                "newVC.viewDidDisappear R7",
                "newVC.didMove(nil) R8",
            ],
        )

    def test_replay_every_transcript_exactly(self):
        names = sorted(p.name[: -len(".jsonl")] for p in TRANSCRIPTS.glob("*.jsonl") if not p.name.endswith(".expected.jsonl"))
        self.assertIn("seed001-container", names)
        for name in names:
            with self.subTest(transcript=name):
                requests, expected = transcript(name)
                client = self.client()
                output = []
                for request in requests:
                    reply, events = client.request(request)
                    output += [event.to_message() for event in events]
                    if reply is not None:
                        output.append(reply)
                self.assertEqual(output, expected)
                self.assertEqual(client.close(), 0)


class PytestPluginTests(unittest.TestCase):
    def test_imports_without_pytest(self):
        module = importlib.import_module("containerd_client.pytest_plugin")
        if module.pytest is None:
            self.assertEqual(module.__all__, [])

    def test_fixtures_with_a_stand_in_pytest(self):
        fake = types.ModuleType("pytest")
        fake.fixture = lambda function=None, **options: function if function else (lambda f: f)
        fake.fail = lambda message: self.fail(message)
        saved = {name: sys.modules.get(name) for name in ("pytest", "containerd_client.pytest_plugin")}
        sys.modules["pytest"] = fake
        sys.modules.pop("containerd_client.pytest_plugin", None)
        try:
            plugin = importlib.import_module("containerd_client.pytest_plugin")
            config = types.SimpleNamespace(getoption=lambda name: BINARY)
            binary = plugin.containerd_binary(types.SimpleNamespace(config=config))
            self.assertEqual(binary, os.path.abspath(BINARY))
            factory_gen = plugin.containerd_factory(binary)
            factory = next(factory_gen)
            client = plugin.containerd(factory)
            self.assertEqual(client.daemon.ping(), {"pong": True})
            self.assertEqual(factory(framing="headers").call("daemon/info")["framing"], "headers")
            with self.assertRaises(StopIteration):
                next(factory_gen)
            self.assertEqual(client.returncode, 0)
        finally:
            for name, module in saved.items():
                if module is None:
                    sys.modules.pop(name, None)
                else:
                    sys.modules[name] = module


class PackageTests(unittest.TestCase):
    def test_public_api(self):
        for name in containerd_client.__all__:
            self.assertTrue(hasattr(containerd_client, name), name)
        self.assertTrue(re.match(r"\d+\.\d+\.\d+$", containerd_client.__version__))


if __name__ == "__main__":
    unittest.main()

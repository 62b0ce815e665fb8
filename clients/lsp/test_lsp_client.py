"""containerd's LSP framing, driven by an independent JSON-RPC library: python-lsp-jsonrpc (``pylsp_jsonrpc``).

The library is what python-lsp-server speaks to editors with: ``JsonRpcStreamWriter`` writes
``Content-Length: N`` and ``Content-Type: application/vscode-jsonrpc; charset=utf8`` headers, ``JsonRpcStreamReader``
reads ``Content-Length`` framed messages, and ``Endpoint`` matches replies to request futures (string ids from
uuid4) and hands notifications to a dispatcher. None of it knows containerd: if these tests pass, an editor's
LSP client can drive the daemon.

Run it with ``clients/lsp/run-tests.sh`` (which makes a virtual environment with the library), or by hand:

    CONTAINERD_BINARY=.build/debug/containerd .build/lsp-venv/bin/python clients/lsp/test_lsp_client.py -v

The daemon is ``$CONTAINERD_BINARY``, else the repository's ``.build/debug/containerd``; a missing binary fails the
tests rather than skipping them. The run ends with a plain ``N passed, M failed`` line.
"""

import logging
import os
import subprocess
import sys
import tempfile
import threading
import unittest
from pathlib import Path

from pylsp_jsonrpc.dispatchers import MethodDispatcher
from pylsp_jsonrpc.endpoint import Endpoint
from pylsp_jsonrpc.exceptions import (JsonRpcException, JsonRpcInvalidParams, JsonRpcMethodNotFound,
                                      JsonRpcServerError)
from pylsp_jsonrpc.streams import JsonRpcStreamReader, JsonRpcStreamWriter

REPO = Path(__file__).resolve().parents[2]
TIMEOUT = 15  # seconds for one reply

# The top-level README's "embed a child into a visible parent" listing:
# [controller, callback, parent, rule] for each event/lifecycle.
EMBED_TRACE = [
    ["parent", "loadView", None, "R1"],
    ["parent", "viewDidLoad", None, "R1"],
    ["parent", "viewWillAppear", None, "R6"],
    ["parent", "viewIsAppearing", None, "R69"],
    ["parent", "viewDidAppear", None, "R7"],
    ["child", "willMove", "parent", "R4"],
    ["child", "loadView", None, "R1"],
    ["child", "viewDidLoad", None, "R1"],
    ["child", "viewWillAppear", None, "R6"],
    ["child", "didMove", "parent", "R4"],
    ["child", "viewIsAppearing", None, "R69"],
    ["child", "viewDidAppear", None, "R7"],
    ["child", "didMove", "parent", "R8"],
]


def daemon_binary():
    return os.environ.get("CONTAINERD_BINARY") or str(REPO / ".build" / "debug" / "containerd")


class EventDispatcher(MethodDispatcher):
    """The library's dispatcher: ``event/lifecycle`` is handled by ``m_event__lifecycle(**params)``.

    Each event is kept as ``(method, params)``, in arrival order. The reader thread calls the handlers before it
    reads the next message, and the daemon writes a call's events before its reply, so a call's events are all
    here when its future resolves.
    """

    def __init__(self):
        self.events = []
        self.lock = threading.Lock()

    def _keep(self, method, params):
        with self.lock:
            self.events.append((method, params))

    def m_event__lifecycle(self, **params):
        self._keep("event/lifecycle", params)

    def m_event__warning(self, **params):
        self._keep("event/warning", params)

    def m_event__completion(self, **params):
        self._keep("event/completion", params)

    def m_event__offset(self, **params):
        self._keep("event/offset", params)

    def m_event__scroll(self, **params):
        self._keep("event/scroll", params)

    def m_event__table(self, **params):
        self._keep("event/table", params)

    def m_event__layout(self, **params):
        self._keep("event/layout", params)

    def __getitem__(self, method):
        try:
            return super().__getitem__(method)
        except KeyError:
            if method.startswith("event/"):  # a kind added to the daemon later: keep it too
                return lambda params: self._keep(method, params)
            raise

    def take(self):
        with self.lock:
            taken, self.events = self.events, []
        return taken


class RecordingReader:
    """Wraps the daemon's stdout for ``JsonRpcStreamReader`` and keeps every byte read, to check the wire."""

    def __init__(self, raw):
        self.raw = raw
        self.data = bytearray()

    @property
    def closed(self):
        return self.raw.closed

    def readline(self, *args):
        line = self.raw.readline(*args)
        self.data += line
        return line

    def read(self, *args):
        chunk = self.raw.read(*args)
        self.data += chunk
        return chunk

    def close(self):
        self.raw.close()


class Daemon:
    """containerd on a pipe pair, wired to an ``Endpoint``: the writer's ``write`` is the consumer, a reader thread
    feeds ``endpoint.consume``."""

    def __init__(self, args=()):
        binary = daemon_binary()
        if not os.access(binary, os.X_OK):
            raise FileNotFoundError(f"no containerd binary at {binary}: swift build --product containerd, "
                                    "or set CONTAINERD_BINARY")
        self.stderr = tempfile.TemporaryFile()
        self.process = subprocess.Popen([binary, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=self.stderr)
        self.dispatcher = EventDispatcher()
        self.writer = JsonRpcStreamWriter(self.process.stdin)
        self.stdout = RecordingReader(self.process.stdout)
        self.reader = JsonRpcStreamReader(self.stdout)
        self.endpoint = Endpoint(self.dispatcher, self.writer.write)
        self.listener = threading.Thread(target=self.reader.listen, args=(self.endpoint.consume,),
                                         name="containerd-reader", daemon=True)
        self.listener.start()

    def call(self, method, params=None):
        """Sends a request and waits for its result; an error reply raises the library's JsonRpcException."""
        return self.endpoint.request(method, params).result(timeout=TIMEOUT)

    def call_with_events(self, method, params=None):
        self.dispatcher.take()
        result = self.call(method, params)
        return result, self.dispatcher.take()

    def stderr_text(self):
        self.stderr.seek(0)
        return self.stderr.read().decode("utf-8", "replace")

    def close(self):
        """Ends the daemon's input and returns its exit status."""
        try:
            self.writer.close()
        except OSError:
            pass
        try:
            status = self.process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            status = self.process.wait()
        self.listener.join(timeout=TIMEOUT)
        self.endpoint.shutdown()
        self.process.stdout.close()
        self.stderr.close()
        return status


def lifecycle_rows(events):
    return [[p["controller"], p["callback"], p.get("parent"), p["rule"]]
            for method, p in events if method == "event/lifecycle"]


class LSPClientTests(unittest.TestCase):
    def setUp(self):
        self.daemon = Daemon()

    def tearDown(self):
        status = self.daemon.close()
        if status != 0:
            self.fail(f"containerd exited with status {status}: {self.daemon.stderr_text()}")

    def test_ping(self):
        self.assertEqual(self.daemon.call("daemon/ping"), {"pong": True})

    def test_info_reports_header_framing(self):
        info = self.daemon.call("daemon/info")
        self.assertEqual(info["framing"], "headers")
        self.assertEqual(info["name"], "containerd")
        self.assertEqual(info["protocolVersion"], 1)

    def test_replies_are_content_length_framed(self):
        self.daemon.call("daemon/ping")
        self.daemon.call("window/create", {"id": "w"})
        wire = bytes(self.daemon.stdout.data)
        body1 = b'{"id":'
        self.assertTrue(wire.startswith(b"Content-Length: "), wire[:40])
        # One header block per message, and no newline after the body.
        self.assertEqual(wire.count(b"Content-Length: "), 2, wire)
        first_length = int(wire.split(b"\r\n", 1)[0].split(b": ")[1])
        first_body = wire.split(b"\r\n\r\n", 1)[1][:first_length]
        self.assertTrue(first_body.startswith(body1), first_body)
        self.assertTrue(first_body.endswith(b"}"), first_body)
        self.assertTrue(wire[wire.index(b"\r\n\r\n") + 4 + first_length:].startswith(b"Content-Length: "))

    def test_embed_child_lifecycle(self):
        d = self.daemon
        d.call("window/create", {"id": "win"})
        d.call("controller/create", {"id": "parent"})
        _, set_root_events = d.call_with_events("window/setRoot", {"window": "win", "controller": "parent"})
        d.call("controller/create", {"id": "child"})
        result, embed_events = d.call_with_events("containment/embed", {"parent": "parent", "child": "child"})
        self.assertEqual(result, {})
        self.assertEqual(lifecycle_rows(set_root_events + embed_events), EMBED_TRACE)
        seqs = [p["seq"] for _, p in set_root_events + embed_events]
        self.assertEqual(seqs, list(range(1, len(EMBED_TRACE) + 1)))
        self.assertTrue(all(p["time"] == 0 for _, p in embed_events))

    def test_error_reply_raises_json_rpc_exception(self):
        with self.assertRaises(JsonRpcException) as caught:
            self.daemon.call("controller/get", {"controller": "nope"})
        error = caught.exception
        self.assertEqual(error.code, -32000)
        self.assertIsInstance(error, JsonRpcServerError)
        self.assertEqual(error.data, {"id": "nope"})
        self.assertIn("nope", error.message)
        # The connection is still usable.
        self.assertEqual(self.daemon.call("daemon/ping"), {"pong": True})

    def test_standard_error_codes_map_to_the_library_classes(self):
        with self.assertRaises(JsonRpcMethodNotFound) as not_found:
            self.daemon.call("no/such")
        self.assertEqual(not_found.exception.code, -32601)
        with self.assertRaises(JsonRpcInvalidParams) as invalid:
            self.daemon.call("window/create", {"width": "wide"})
        self.assertEqual(invalid.exception.code, -32602)
        self.assertEqual(invalid.exception.data["path"], "params.width")

    def test_uikit_exception_is_code_32001(self):
        d = self.daemon
        d.call("controller/create", {"id": "a"})
        with self.assertRaises(JsonRpcException) as caught:
            d.call("containment/addChild", {"parent": "a", "child": "a"})
        self.assertEqual(caught.exception.code, -32001)
        self.assertEqual(caught.exception.data["exception"], "NSInvalidArgumentException")
        self.assertEqual(d.dispatcher.take(), [])  # a refused call emits nothing

    def test_notification_subscribes_and_events_arrive(self):
        d = self.daemon
        d.endpoint.notify("events/subscribe", {"kinds": ["completion"]})  # never answered
        d.call("window/create", {"id": "win"})
        d.call("controller/create", {"id": "p"})
        d.call("window/setRoot", {"window": "win", "controller": "p"})
        for child in ("a", "b"):
            d.call("controller/create", {"id": child})
        d.call("containment/embed", {"parent": "p", "child": "a"})
        d.call("containment/addChild", {"parent": "p", "child": "b"})
        _, events = d.call_with_events("containment/transition",
                                       {"parent": "p", "from": "a", "to": "b", "duration": 0.25})
        completions = [p for method, p in events if method == "event/completion"]
        self.assertEqual(len(completions), 1)
        self.assertEqual({k: completions[0][k] for k in ("controller", "of", "finished", "rule", "time")},
                         {"controller": "p", "of": "transition", "finished": True, "rule": "R17", "time": 250})
        # The notification got no reply: every message on the wire is an event or a reply to a request.
        wire = bytes(d.stdout.data)
        self.assertNotIn(b'"id":null', wire)

    def test_warning_event(self):
        d = self.daemon
        d.call("controller/create", {"id": "p"})
        _, events = d.call_with_events("appearance/callDirectly", {"controller": "p", "callback": "viewWillAppear"})
        self.assertEqual([m for m, _ in events], ["event/warning", "event/lifecycle"])
        self.assertEqual(events[0][1]["rule"], "R12")
        self.assertIn("Calling -viewWillAppear: directly", events[0][1]["message"])

    def test_pipelined_requests_resolve_in_order(self):
        futures = [self.daemon.endpoint.request("window/create", {"id": f"w{i}"}) for i in range(20)]
        self.assertEqual([f.result(timeout=TIMEOUT) for f in futures], [{"id": f"w{i}"} for i in range(20)])

    def test_shutdown_ends_the_process_with_status_0(self):
        self.assertEqual(self.daemon.call("daemon/shutdown"), {})
        self.assertEqual(self.daemon.process.wait(timeout=TIMEOUT), 0)
        self.daemon.listener.join(timeout=TIMEOUT)
        self.assertFalse(self.daemon.listener.is_alive(), "the reader should stop at the end of the output")


# The LSP lifecycle through pygls's LanguageClient (test_pygls_client.py) runs in the same report.
from test_pygls_client import PyglsLanguageClientTests  # noqa: E402,F401


def main():
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    logging.getLogger("asyncio").setLevel(logging.ERROR)  # IsolatedAsyncioTestCase's debug mode reports slow steps
    program = unittest.main(exit=False, verbosity=2 if "-v" in sys.argv else 1)
    result = program.result
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    skipped = len(result.skipped)
    passed = result.testsRun - failed - skipped - len(result.expectedFailures)
    line = f"{passed} passed, {failed} failed"
    print(line + (f", {skipped} skipped" if skipped else ""), flush=True)
    sys.exit(0 if failed == 0 and result.testsRun > 0 else 1)


if __name__ == "__main__":
    main()

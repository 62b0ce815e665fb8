"""containerd's LSP lifecycle, driven by a real LSP client library: pygls's ``LanguageClient``.

pygls (with lsprotocol's types) is what many Python language servers and their test suites are written with. Its
client starts the daemon over stdio and performs the handshake itself: ``initialize_async`` sends LSP's
``InitializeParams`` and reads the answer into lsprotocol's ``InitializeResult``, ``initialized`` and ``exit`` are its
notifications, ``shutdown_async`` its request. Nothing here knows containerd beyond the method names it calls with
``protocol.send_request_async``; if these tests pass, an editor's generic LSP client attaches as it does to any
language server.

Run it with ``clients/lsp/run-tests.sh`` (which makes the virtual environment with pygls and runs these tests with
``test_lsp_client.py``'s), or by hand:

    CONTAINERD_BINARY=.build/debug/containerd .build/lsp-venv/bin/python clients/lsp/test_pygls_client.py -v
"""

import asyncio
import logging
import os
import sys
import unittest
from pathlib import Path

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidRequest, JsonRpcInvalidParams, JsonRpcMethodNotFound
from pygls.lsp.client import LanguageClient

REPO = Path(__file__).resolve().parents[2]
TIMEOUT = 15  # seconds for one reply, or for the process to end


def daemon_binary():
    return os.environ.get("CONTAINERD_BINARY") or str(REPO / ".build" / "debug" / "containerd")


class DaemonClient(LanguageClient):
    """pygls's client, keeping the daemon's events and its exit status."""

    def __init__(self):
        super().__init__("containerd-pygls-test", "1.0")
        self.events = []
        self.exit_status = asyncio.get_running_loop().create_future()
        for method in ("event/lifecycle", "event/warning", "event/completion"):
            self.feature(method)(self._keeper(method))

    def _keeper(self, method):
        def keep(ls, params):  # pygls passes the client as `ls` (by that name)
            self.events.append((method, params))
        return keep

    async def server_exit(self, server):
        if not self.exit_status.done():
            self.exit_status.set_result(server.returncode)

    async def call(self, method, params=None):
        return await asyncio.wait_for(self.protocol.send_request_async(method, params or {}), TIMEOUT)


class PyglsLanguageClientTests(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self):
        binary = daemon_binary()
        if not os.access(binary, os.X_OK):
            self.fail(f"no daemon at {binary}: build it (swift build) or set CONTAINERD_BINARY")
        self.client = DaemonClient()
        await self.client.start_io(binary)

    async def asyncTearDown(self):
        # pygls's stop() waits for the server process to end: a test that did not end the session ends it with exit.
        if not self.client.exit_status.done() and not self.client.stopped:
            self.client.exit(None)
        await asyncio.wait_for(self.client.stop(), TIMEOUT)

    async def handshake(self):
        result = await asyncio.wait_for(
            self.client.initialize_async(
                types.InitializeParams(
                    capabilities=types.ClientCapabilities(),
                    process_id=os.getpid(),
                    client_info=types.ClientInfo(name="pygls test", version="1.0"),
                    root_uri=REPO.as_uri(),
                )
            ),
            TIMEOUT,
        )
        self.client.initialized(types.InitializedParams())
        return result

    async def test_the_whole_lifecycle(self):
        """initialize, initialized, daemon calls and their events, shutdown, a refused call, exit: status 0."""
        result = await self.handshake()
        self.assertEqual((result.server_info.name, bool(result.server_info.version)), ("containerd", True))
        experimental = result.capabilities.experimental
        self.assertEqual(experimental["protocolVersion"], 1)
        self.assertIn("controller/create", experimental["methods"])
        self.assertIn("shutdown", experimental["methods"])
        # Nothing an editor would act on: no document sync, no completion, no hover.
        self.assertIsNone(result.capabilities.text_document_sync)
        self.assertIsNone(result.capabilities.completion_provider)

        client = self.client
        self.assertEqual((await client.call("window/create", {"id": "w"})).id, "w")
        created = await client.call("controller/create", {"id": "vc"})
        self.assertEqual((created.id, created.view), ("vc", "vc.view"))
        await client.call("window/setRoot", {"window": "w", "controller": "vc"})
        # The events of a call arrive before its reply (pygls hands each notification to its feature in order).
        self.assertEqual(
            [(method, params.controller, params.callback, params.rule) for method, params in client.events],
            [
                ("event/lifecycle", "vc", "loadView", "R1"),
                ("event/lifecycle", "vc", "viewDidLoad", "R1"),
                ("event/lifecycle", "vc", "viewWillAppear", "R6"),
                ("event/lifecycle", "vc", "viewIsAppearing", "R69"),
                ("event/lifecycle", "vc", "viewDidAppear", "R7"),
            ],
        )

        self.assertIsNone(await asyncio.wait_for(client.shutdown_async(None), TIMEOUT))
        with self.assertRaises(JsonRpcInvalidRequest) as refused:
            await client.call("controller/get", {"controller": "vc"})
        self.assertIn("shutting down", str(refused.exception))
        client.exit(None)
        self.assertEqual(await asyncio.wait_for(client.exit_status, TIMEOUT), 0)

    async def test_exit_without_shutdown_exits_1(self):
        await self.handshake()
        self.client.exit(None)
        self.assertEqual(await asyncio.wait_for(self.client.exit_status, TIMEOUT), 1)

    async def test_a_second_initialize_is_refused(self):
        await self.handshake()
        with self.assertRaises(JsonRpcInvalidRequest):
            await self.handshake()
        self.assertEqual((await self.client.call("daemon/ping")).pong, True)

    async def test_errors_tell_the_fix(self):
        await self.handshake()
        client = self.client
        await client.call("window/create", {"id": "win"})
        with self.assertRaises(JsonRpcMethodNotFound) as unknown:
            await client.call("controler/get", {"controller": "win"})
        self.assertEqual(unknown.exception.data["suggestion"], "controller/get")
        with self.assertRaises(JsonRpcInvalidParams) as wrong:
            await client.call("controller/get", {"controller": "win"})
        self.assertEqual(str(wrong.exception), "Invalid params: win is a window, not a controller")
        with self.assertRaises(JsonRpcInvalidParams) as misspelt:
            await client.call("controller/get", {"contoller": "win"})
        self.assertEqual(misspelt.exception.data["suggestion"], "controller")


def main():
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    logging.getLogger("asyncio").setLevel(logging.ERROR)  # IsolatedAsyncioTestCase's debug mode reports slow steps
    program = unittest.main(exit=False, verbosity=2 if "-v" in sys.argv else 1)
    result = program.result
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    skipped = len(result.skipped)
    passed = result.testsRun - failed - skipped - len(result.expectedFailures)
    print(f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""), flush=True)
    sys.exit(0 if failed == 0 and result.testsRun > 0 else 1)


if __name__ == "__main__":
    main()

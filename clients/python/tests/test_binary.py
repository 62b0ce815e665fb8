"""The client runs only a binary that proves it is this daemon (daemon/info: name and protocolVersion, in time).

The stand-ins in tests/fakes are refused quickly, with a message naming the binary and what it answered, and leave no
process behind: ``docker-containerd`` (Docker's container runtime: a version any guard accepts, then a server that
never answers), ``wrong-name`` (JSON-RPC, but another name) and ``exits-at-once``.
"""

import os
import sys
import tempfile
import time
import unittest
from pathlib import Path
from typing import List
from unittest import mock

HERE = Path(__file__).resolve().parent
FAKES = HERE / "fakes"
if str(HERE.parent) not in sys.path:
    sys.path.insert(0, str(HERE.parent))

from containerd_client import Client, Daemon, WrongBinaryError, binary_candidates, find_binary, prove_binary  # noqa: E402
from containerd_client import daemon as daemon_module  # noqa: E402

BINARY = os.environ.get("CONTAINERD_BINARY") or str((HERE / "../../../.build/debug/containerd").resolve())


def alive(pid: int) -> bool:
    """Whether the process exists and is not a zombie (a zombie has ended; only its parent's wait is missing)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True


class FakeTestCase(unittest.TestCase):
    def setUp(self) -> None:
        directory = tempfile.TemporaryDirectory()
        self.addCleanup(directory.cleanup)
        self.pids_file = Path(directory.name) / "pids"
        self.environment = mock.patch.dict(os.environ, {"FAKE_PIDS": str(self.pids_file)})
        self.environment.start()
        self.addCleanup(self.environment.stop)
        daemon_module._proven.clear()
        self.addCleanup(daemon_module._proven.clear)

    def started(self) -> List[int]:
        """Every process a fake started (itself and its children), as it wrote them down."""
        if not self.pids_file.exists():
            return []
        return [int(pid) for pid in self.pids_file.read_text().split()]

    def assertNothingLeft(self) -> None:
        pids = self.started()
        self.assertTrue(pids, "the fake did not run")
        deadline = time.monotonic() + 2
        while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
            time.sleep(0.02)
        self.assertEqual([pid for pid in pids if alive(pid)], [], "processes left behind")

    def refuse(self, name: str, **options: object) -> WrongBinaryError:
        path = str(FAKES / name)
        began = time.monotonic()
        with self.assertRaises(WrongBinaryError) as caught:
            Client(path, **options)  # type: ignore[arg-type]
        self.elapsed = time.monotonic() - began
        error = caught.exception
        self.assertEqual(error.binary, path)
        self.assertIn(path, str(error))
        self.assertIn("Fix: set CONTAINERD_BINARY", str(error))
        self.assertNothingLeft()
        return error


class RefusalTests(FakeTestCase):
    def test_docker_containerd_never_answers(self) -> None:
        error = self.refuse("docker-containerd", proof_timeout=0.5)
        self.assertEqual(error.problem, "it did not answer daemon/info within 0.5 s")
        self.assertIsNone(error.answer)
        self.assertIn('msg="starting containerd"', str(error))  # what it logged
        self.assertLess(self.elapsed, 2.0)  # the proof's time, then at most a short grace

    def test_wrong_name(self) -> None:
        error = self.refuse("wrong-name", proof_timeout=5)
        self.assertEqual(error.problem, "it answered daemon/info with name 'otherd', not 'containerd'")
        self.assertIn('"name": "otherd"', error.answer or "")
        self.assertLess(self.elapsed, 2.0)  # refused on its answer, not at the timeout

    def test_exits_at_once(self) -> None:
        error = self.refuse("exits-at-once", proof_timeout=5)
        self.assertEqual(error.problem, "it exited with status 3 without answering daemon/info")
        self.assertIn("cannot open configuration", str(error))
        self.assertLess(self.elapsed, 2.0)

    def test_exits_leaving_a_child(self) -> None:
        error = self.refuse("exits-leaving-child", proof_timeout=5)
        self.assertEqual(error.problem, "it exited with status 4 without answering daemon/info")
        self.assertLess(self.elapsed, 2.0)

    def test_headers_framing_proves_too(self) -> None:
        error = self.refuse("wrong-name", framing="headers", proof_timeout=5)
        self.assertIn("name 'otherd'", error.problem)

    def test_configured_binary_is_not_replaced(self) -> None:
        # A wrong CONTAINERD_BINARY is an error, not a reason to run something else.
        with mock.patch.dict(os.environ, {"CONTAINERD_BINARY": str(FAKES / "exits-at-once")}):
            with self.assertRaises(WrongBinaryError) as caught:
                Client()
            self.assertIn("exits-at-once", str(caught.exception))
            with self.assertRaises(WrongBinaryError):
                find_binary()
        self.assertNothingLeft()

    def test_prove_binary(self) -> None:
        with self.assertRaises(WrongBinaryError):
            prove_binary(FAKES / "wrong-name", proof_timeout=5)
        self.assertNothingLeft()
        info = prove_binary(BINARY)
        self.assertEqual((info["name"], info["protocolVersion"]), ("containerd", 1))

    def test_proof_timeout_from_the_environment(self) -> None:
        with mock.patch.dict(os.environ, {"CONTAINERD_PROOF_TIMEOUT": "0.3"}):
            error = self.refuse("docker-containerd")
        self.assertEqual(error.problem, "it did not answer daemon/info within 0.3 s")
        with mock.patch.dict(os.environ, {"CONTAINERD_PROOF_TIMEOUT": "soon"}):
            with self.assertRaisesRegex(ValueError, "CONTAINERD_PROOF_TIMEOUT"):
                Client(BINARY)


class DiscoveryTests(FakeTestCase):
    """Without a path: CONTAINERD_BINARY, then this repository's builds, then PATH; found ones that fail are
    skipped (and remembered, so another containerd is started once per process at most)."""

    def fake_repository(self, binary: str) -> Path:
        root = Path(tempfile.mkdtemp())
        self.addCleanup(lambda: __import__("shutil").rmtree(root))
        (root / "Sources" / "containerd").mkdir(parents=True)
        (root / "Package.swift").write_text("// swift-tools-version:6.0\n")
        (root / ".build" / "debug").mkdir(parents=True)
        os.symlink(binary, root / ".build" / "debug" / "containerd")
        return root

    def path_with(self, binary: str) -> str:
        directory = Path(tempfile.mkdtemp())
        self.addCleanup(lambda: __import__("shutil").rmtree(directory))
        os.symlink(binary, directory / "containerd")
        return str(directory)

    def discovering(self, roots: List[Path], path: str) -> "mock._patch[object]":
        environment = {k: v for k, v in os.environ.items() if k != "CONTAINERD_BINARY"}
        environment["PATH"] = path + os.pathsep + os.environ.get("PATH", "")  # the fakes need sleep and python3
        patches = [
            mock.patch.dict(os.environ, environment, clear=True),
            mock.patch.object(daemon_module, "_repository_roots", lambda: roots),
        ]
        for patch in patches:
            patch.start()
            self.addCleanup(patch.stop)
        return patches[0]

    def test_order(self) -> None:
        repository = self.fake_repository(str(FAKES / "wrong-name"))
        path = self.path_with(BINARY)
        self.discovering([repository], path)
        candidates = list(binary_candidates())
        self.assertEqual(candidates[0], (str(repository / ".build/debug/containerd"), "this repository's .build/debug"))
        self.assertEqual(candidates[-1], (str(Path(path) / "containerd"), "PATH"))
        self.assertEqual(list(binary_candidates("x")), [(os.path.abspath("x"), "the path given")])
        with mock.patch.dict(os.environ, {"CONTAINERD_BINARY": BINARY}):
            self.assertEqual(list(binary_candidates()), [(BINARY, "CONTAINERD_BINARY")])

    def test_a_wrong_build_is_skipped_for_path(self) -> None:
        repository = self.fake_repository(str(FAKES / "wrong-name"))
        path = self.path_with(BINARY)
        self.discovering([repository], path)
        self.assertEqual(find_binary(proof_timeout=5), str(Path(path) / "containerd"))
        with Client(proof_timeout=5) as client:
            self.assertEqual(client.process.binary, str(Path(path) / "containerd"))  # type: ignore[union-attr]
            self.assertEqual(client.process.info["name"], "containerd")  # type: ignore[union-attr]
        self.assertNothingLeft()

    def test_docker_on_path_is_refused(self) -> None:
        path = self.path_with(str(FAKES / "docker-containerd"))
        self.discovering([], path)
        with self.assertRaises(FileNotFoundError) as caught:
            Client(proof_timeout=0.3)
        message = str(caught.exception)
        self.assertIn(f"{path}/containerd (PATH): it did not answer daemon/info within 0.3 s", message)
        self.assertIn("Fix: set CONTAINERD_BINARY", message)
        self.assertNothingLeft()
        # Remembered: asking again starts nothing.
        started = len(self.started())
        began = time.monotonic()
        with self.assertRaises(FileNotFoundError):
            find_binary(proof_timeout=0.3)
        self.assertLess(time.monotonic() - began, 0.2)
        self.assertEqual(len(self.started()), started)

    def test_nothing_found(self) -> None:
        self.discovering([], str(Path(tempfile.gettempdir()) / "no-such-directory"))
        os.environ["PATH"] = str(Path(tempfile.gettempdir()) / "no-such-directory")
        with self.assertRaisesRegex(FileNotFoundError, r"no containerd binary that proves to be this daemon \(none found\)"):
            Daemon()


class ProvedDaemonTests(unittest.TestCase):
    def test_info_of_the_proof(self) -> None:
        with Client(BINARY) as client:
            assert client.process is not None
            self.assertEqual(client.process.info["name"], "containerd")
            self.assertEqual(client.process.info["protocolVersion"], 1)
            self.assertEqual(client.call("daemon/ping"), {"pong": True})
            self.assertEqual(client.last_events, [])
        self.assertEqual(client.returncode, 0)


if __name__ == "__main__":
    unittest.main()

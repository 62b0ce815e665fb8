"""The proof that a started binary is this daemon: ``daemon/info`` answered in time with the right name and protocol
version; otherwise the binary's whole process group is stopped and :class:`WrongBinaryError` says what it answered.
Used by :mod:`containerd_client.daemon`."""

import collections
import json
import logging
import os
import queue
import signal
import subprocess
import threading
import time
from typing import IO, Any, BinaryIO, Deque, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from .framing import ProtocolError, encode_message, read_message

__all__ = [
    "DAEMON_NAME",
    "DEFAULT_PROOF_TIMEOUT",
    "PROOF_ID",
    "PROTOCOL_VERSIONS",
    "WrongBinaryError",
    "proof_timeout_default",
    "stop_group",
]

log = logging.getLogger("containerd_client")

#: The ``name`` this daemon reports in ``daemon/info``.
DAEMON_NAME = "containerd"
#: The ``protocolVersion`` values this client speaks.
PROTOCOL_VERSIONS = (1,)
#: Seconds a binary has to answer ``daemon/info`` (``$CONTAINERD_PROOF_TIMEOUT`` overrides it).
DEFAULT_PROOF_TIMEOUT = 2.0
#: The id of the proof's request (a string, so it never meets the client's numeric ids).
PROOF_ID = "containerd-client-proof"

StrPath = Union[str, "os.PathLike[str]"]
_FIX = (
    "set CONTAINERD_BINARY to the daemon this repository builds "
    "(swift build --product containerd; then $(swift build --show-bin-path)/containerd), or pass its path"
)


class WrongBinaryError(RuntimeError):
    """A binary that did not prove it is this daemon. ``binary`` is its path, ``problem`` what went wrong (in
    words), ``answer`` what it printed on its standard output (``None`` if nothing), ``stderr`` its last error
    lines."""

    def __init__(self, binary: str, problem: str, answer: Optional[str] = None, stderr: Sequence[str] = ()) -> None:
        self.binary = binary
        self.problem = problem
        self.answer = answer
        self.stderr = list(stderr)
        text = f"{binary} is not the containerd UIKit daemon: {problem}"
        if self.stderr:
            text += "; its stderr ended with: " + " | ".join(self.stderr[-3:])
        super().__init__(f"{text}. Fix: {_FIX}")


def proof_timeout_default() -> float:
    """``$CONTAINERD_PROOF_TIMEOUT`` (seconds) if set, else :data:`DEFAULT_PROOF_TIMEOUT`."""
    text = os.environ.get("CONTAINERD_PROOF_TIMEOUT")
    if text:
        try:
            value = float(text)
        except ValueError:
            raise ValueError(f"CONTAINERD_PROOF_TIMEOUT={text!r} is not a number of seconds") from None
        if value > 0:
            return value
    return DEFAULT_PROOF_TIMEOUT


class _Recorder:
    """A reader that keeps the first bytes read through it (to show what a wrong binary printed)."""

    def __init__(self, stream: BinaryIO, keep: int = 400) -> None:
        self.stream = stream
        self.keep = keep
        self.seen = bytearray()

    def _note(self, data: bytes) -> bytes:
        if len(self.seen) < self.keep:
            self.seen.extend(data[: self.keep - len(self.seen)])
        return data

    def readline(self) -> bytes:
        return self._note(self.stream.readline())

    def read(self, count: int) -> bytes:
        return self._note(self.stream.read(count))

    def text(self) -> Optional[str]:
        text = bytes(self.seen).decode("utf-8", "replace").strip()
        return text or None


def _signal_group(popen: "subprocess.Popen[bytes]", signum: int) -> None:
    try:
        os.killpg(popen.pid, signum)
    except (ProcessLookupError, PermissionError):
        pass
    except OSError:  # not a group leader (never started in its own session): the process alone
        try:
            popen.send_signal(signum)
        except OSError:
            pass


def _exited_unreaped(pid: int) -> bool:
    """Whether the process has exited, leaving it unreaped (so its pid, and its group's, cannot be reused yet)."""
    waitid = getattr(os, "waitid", None)
    if waitid is None:
        return False
    try:
        return waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        return True


def stop_group(popen: "subprocess.Popen[bytes]", grace: float = 0.5) -> Optional[int]:
    """Ends a process started in its own session and everything in its group: SIGTERM, up to ``grace`` seconds,
    then SIGKILL to the group (sent before the leader is reaped, so the group id is still its own). Returns the exit
    status."""
    if popen.returncode is None:
        _signal_group(popen, signal.SIGTERM)
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and not _exited_unreaped(popen.pid):
            time.sleep(0.01)
        _signal_group(popen, signal.SIGKILL)
    try:
        return popen.wait(5)
    except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL always ends it
        return popen.returncode


def _await_reply(stream: _Recorder, reply: "queue.Queue[Tuple[str, Any]]") -> None:
    """On its own thread: reads messages until the proof's reply (skipping anything else) or the end of output."""
    try:
        while True:
            item = read_message(stream)  # type: ignore[arg-type]
            if item is None:
                reply.put(("eof", None))
                return
            message = item[0]
            if isinstance(message, dict) and message.get("id") == PROOF_ID:
                reply.put(("reply", message))
                return
    except ProtocolError as error:
        reply.put(("garbage", str(error)))
    except (OSError, ValueError) as error:
        reply.put(("eof", str(error)))


def _check_reply(message: Mapping[str, Any]) -> Optional[str]:
    """``None`` if ``message`` is this daemon's answer to ``daemon/info``, else what is wrong with it."""
    if "error" in message:
        error = message.get("error")
        return f"it answered daemon/info with an error, {json.dumps(error, sort_keys=True)[:200]}"
    result = message.get("result")
    if not isinstance(result, dict):
        return f"its answer to daemon/info has no result object: {json.dumps(message, sort_keys=True)[:200]}"
    name, version = result.get("name"), result.get("protocolVersion")
    if name != DAEMON_NAME:
        return f"it answered daemon/info with name {name!r}, not {DAEMON_NAME!r}"
    if isinstance(version, bool) or version not in PROTOCOL_VERSIONS:
        speaks = ", ".join(str(v) for v in PROTOCOL_VERSIONS)
        return f"it answered daemon/info with protocolVersion {version!r}; this client speaks {speaks}"
    return None


def _prove(
    popen: "subprocess.Popen[bytes]",
    binary: str,
    timeout: float,
    framing: str,
    stderr_tail: Any,
) -> Dict[str, Any]:
    """Sends ``daemon/info`` to a just-started process and checks the answer; on any failure stops the process group
    and raises :class:`WrongBinaryError`. Returns the ``daemon/info`` result."""
    assert popen.stdin is not None and popen.stdout is not None
    started = time.monotonic()
    recorder = _Recorder(popen.stdout)  # type: ignore[arg-type]
    replies: "queue.Queue[Tuple[str, Any]]" = queue.Queue()
    reader = threading.Thread(target=_await_reply, args=(recorder, replies), name="containerd-proof", daemon=True)
    reader.start()
    try:
        popen.stdin.write(encode_message({"jsonrpc": "2.0", "id": PROOF_ID, "method": "daemon/info"}, framing))
        popen.stdin.flush()
    except OSError:
        pass  # it exited or closed its input: the reader sees the end of its output
    kind: str = "timeout"
    value: Any = None
    deadline = started + timeout
    exited_at: Optional[float] = None
    while True:
        now = time.monotonic()
        if now >= deadline:
            break
        try:
            kind, value = replies.get(timeout=min(0.05, deadline - now))
            break
        except queue.Empty:
            pass
        # A process that exited while something it started keeps its output open never sends the end of output:
        # count it as exited (after a moment for a reply already written).
        if exited_at is None and _exited_unreaped(popen.pid):
            exited_at = time.monotonic()
        if exited_at is not None and time.monotonic() - exited_at > 0.2:
            kind, value = "eof", None
            break
    problem = ""
    exited = False
    if kind == "reply":
        wrong = _check_reply(value)
        if wrong is None:
            return dict(value["result"])
        problem = wrong
    elif kind == "timeout":
        problem = f"it did not answer daemon/info within {timeout:g} s"
    elif kind == "garbage":
        problem = "it answered daemon/info with output that is not JSON-RPC"
    else:
        # The end of its output: wait (briefly) for the exit without reaping, so the group can still be stopped.
        until = time.monotonic() + max(0.2, deadline - time.monotonic())
        while not _exited_unreaped(popen.pid) and time.monotonic() < until:
            time.sleep(0.01)
        exited = _exited_unreaped(popen.pid)
    status = stop_group(popen)
    if kind == "eof":
        problem = (
            f"it exited with status {status} without answering daemon/info"
            if exited
            else "it closed its output without answering daemon/info"
        )
    reader.join(1)
    tail = stderr_tail() if callable(stderr_tail) else []
    answer = recorder.text()
    if answer and kind != "reply":
        problem += f" (its output: {answer[:200]!r})"
    raise WrongBinaryError(binary, problem, answer, tail)


def _spawn(argv: Sequence[str], stderr: Any, env: Optional[Mapping[str, str]], cwd: Optional[StrPath]) -> "subprocess.Popen[bytes]":
    return subprocess.Popen(
        list(argv),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=stderr,
        env=dict(env) if env is not None else None,
        cwd=cwd,
        start_new_session=True,  # its own process group: a refused binary is stopped with all it started
    )


class _StderrTail:
    """Keeps a process's last stderr lines, read on a thread."""

    def __init__(self, stream: IO[bytes], lines: int, name: str) -> None:
        self.lines: Deque[str] = collections.deque(maxlen=lines)
        self.stream = stream
        self.thread = threading.Thread(target=self._drain, name=name, daemon=True)
        self.thread.start()

    def _drain(self) -> None:
        try:
            for line in iter(self.stream.readline, b""):
                self.lines.append(line.decode("utf-8", "replace").rstrip("\n"))
        except (OSError, ValueError):
            pass

    def __call__(self) -> List[str]:
        self.thread.join(0.2)  # what an exiting process wrote last
        return list(self.lines)

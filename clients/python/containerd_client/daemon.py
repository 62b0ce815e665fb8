"""Finding the daemon binary and running it, never running a program that does not prove it is this daemon.

Another program called ``containerd`` is common: Docker's container runtime. Its ``--version`` looks like any
other, and started without arguments it starts the container runtime. So a binary counts as this daemon only once it
has *answered* ``daemon/info`` on its standard input and output, within a short time (``proof_timeout``, 2 s by
default, ``$CONTAINERD_PROOF_TIMEOUT`` to change it), with ``name`` ``"containerd"`` and a ``protocolVersion`` this
client speaks. A binary that answers anything else, does not answer in time, or exits is stopped at once (its whole
process group, so nothing it started is left behind) and refused with :class:`WrongBinaryError`, which names the
binary and what it answered.

Where the binary comes from (:func:`binary_candidates`): the path given, else ``$CONTAINERD_BINARY``, else this
repository's builds (``.build/debug``, ``.build-release/release``, ``.build/release``), else ``containerd`` on
``PATH``. A given path or ``$CONTAINERD_BINARY`` that fails the proof is an error; a found one that fails is skipped
for the next.
"""

import logging
import os
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any, BinaryIO, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple

from .proof import (
    _FIX,
    DAEMON_NAME,
    DEFAULT_PROOF_TIMEOUT,
    PROTOCOL_VERSIONS,
    StrPath,
    WrongBinaryError,
    _prove,
    _spawn,
    _StderrTail,
    proof_timeout_default,
    stop_group,
)

__all__ = [
    "DEFAULT_PROOF_TIMEOUT",
    "DAEMON_NAME",
    "PROTOCOL_VERSIONS",
    "Daemon",
    "WrongBinaryError",
    "binary_candidates",
    "find_binary",
    "prove_binary",
    "stop_group",
]

log = logging.getLogger("containerd_client")
_EXPLICIT = ("the path given", "CONTAINERD_BINARY")


# --------------------------------------------------------------------------------------------------------------------
# Where binaries come from


def _executable(path: StrPath) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


def _repository_roots() -> List[Path]:
    """The checkout this package sits in (``clients/python/containerd_client``), then the nearest directory above the
    working directory that holds this repository (an installed package has no checkout of its own)."""
    roots: List[Path] = []

    def is_repository(path: Path) -> bool:
        return (path / "Package.swift").is_file() and (path / "Sources" / "containerd").is_dir()

    here = Path(__file__).resolve()
    if len(here.parents) > 3 and is_repository(here.parents[3]):
        roots.append(here.parents[3])
    try:
        cwd = Path.cwd().resolve()
    except OSError:
        cwd = None
    if cwd is not None:
        for directory in (cwd, *cwd.parents):
            if is_repository(directory):
                if directory not in roots:
                    roots.append(directory)
                break
    return roots


def binary_candidates(binary: Optional[StrPath] = None) -> Iterator[Tuple[str, str]]:
    """The binaries to try, in order, as ``(path, where it came from)``: ``binary`` alone if given, else
    ``$CONTAINERD_BINARY`` alone if set, else the repository's builds, then ``containerd`` on ``PATH``. Paths that
    do not exist are included (the caller says so); nothing is run here."""
    if binary is not None:
        yield os.path.abspath(os.fspath(binary)), "the path given"
        return
    env = os.environ.get("CONTAINERD_BINARY")
    if env:
        yield os.path.abspath(env), "CONTAINERD_BINARY"
        return
    for root in _repository_roots():
        for build in (root / ".build" / "debug", root / ".build-release" / "release", root / ".build" / "release"):
            yield str(build / "containerd"), f"this repository's {build.relative_to(root)}"
    on_path = shutil.which("containerd")
    if on_path:
        yield os.path.abspath(on_path), "PATH"


_proven: Dict[Tuple[str, int, int, int, int], Optional[WrongBinaryError]] = {}
_proven_lock = threading.Lock()


def _identity(path: str) -> Optional[Tuple[str, int, int, int, int]]:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (os.path.realpath(path), info.st_dev, info.st_ino, info.st_mtime_ns, info.st_size)


def prove_binary(binary: StrPath, *, proof_timeout: Optional[float] = None) -> Dict[str, Any]:
    """Starts ``binary``, asks ``daemon/info``, closes its input (this daemon then exits 0) and returns the answer.
    Raises :class:`WrongBinaryError` (after stopping it) when it is not this daemon, ``FileNotFoundError`` when it is
    missing."""
    path = os.path.abspath(os.fspath(binary))
    if not _executable(path):
        raise FileNotFoundError(f"containerd binary {path} does not exist or is not executable")
    timeout = proof_timeout if proof_timeout is not None else proof_timeout_default()
    popen = _spawn([path], subprocess.PIPE, None, None)
    assert popen.stderr is not None and popen.stdin is not None and popen.stdout is not None
    tail = _StderrTail(popen.stderr, 20, f"containerd-proof-stderr-{popen.pid}")
    try:
        info = _prove(popen, path, timeout, "lines", tail)
    finally:
        try:
            popen.stdin.close()  # this daemon exits 0 at the end of its input
        except OSError:
            pass
        if popen.returncode is None:
            try:
                popen.wait(timeout)
            except subprocess.TimeoutExpired:
                stop_group(popen)
        popen.stdout.close()
        tail.thread.join(1)
        popen.stderr.close()
    return info


def _proved_before(path: str, proof_timeout: Optional[float]) -> Optional[WrongBinaryError]:
    """The remembered outcome for an unchanged file (``None``: proved; else the refusal), proving it now if it was
    never tried. Remembering refusals means another program called containerd is started at most once per process."""
    key = _identity(path)
    with _proven_lock:
        if key is not None and key in _proven:
            return _proven[key]
    try:
        prove_binary(path, proof_timeout=proof_timeout)
        outcome: Optional[WrongBinaryError] = None
    except WrongBinaryError as error:
        outcome = error
    if key is not None:
        with _proven_lock:
            _proven[key] = outcome
    return outcome


def _missing(path: str, origin: str) -> FileNotFoundError:
    what = f"CONTAINERD_BINARY={path}" if origin == "CONTAINERD_BINARY" else f"containerd binary {path}"
    return FileNotFoundError(f"{what} does not exist or is not executable. Fix: {_FIX}")


def _refused(path: str, origin: str, refusal: WrongBinaryError) -> str:
    last = f"; its stderr ended with: {refusal.stderr[-1]}" if refusal.stderr else ""
    return f"{path} ({origin}): {refusal.problem}{last}"


def _none_proved(tried: List[str]) -> FileNotFoundError:
    found = "; ".join(tried) if tried else "none found"
    return FileNotFoundError(f"no containerd binary that proves to be this daemon ({found}). Fix: {_FIX}")


def find_binary(binary: Optional[StrPath] = None, *, proof_timeout: Optional[float] = None) -> str:
    """The daemon binary the client would run, proved (see the module doc): ``binary`` if given, else
    ``$CONTAINERD_BINARY``, else the first of the repository's builds and ``containerd`` on ``PATH`` that answers
    ``daemon/info`` as this daemon. A proof is remembered for as long as the file is unchanged.

    Raises :class:`WrongBinaryError` when the given or configured binary is not this daemon, ``FileNotFoundError``
    when it is missing or no candidate exists and proves itself (the message lists every one tried and why)."""
    tried: List[str] = []
    for path, origin in binary_candidates(binary):
        explicit = origin in _EXPLICIT
        if not _executable(path):
            if explicit:
                raise _missing(path, origin)
            tried.append(f"{path} ({origin}): missing")
            continue
        refusal = _proved_before(path, proof_timeout)
        if refusal is None:
            return path
        if explicit:
            raise WrongBinaryError(path, refusal.problem, refusal.answer, refusal.stderr)
        tried.append(_refused(path, origin, refusal))
    raise _none_proved(tried)


# --------------------------------------------------------------------------------------------------------------------
# A running daemon


class Daemon:
    """A running daemon process, proved: ``Daemon(binary=None, args=(), stderr="capture")``.

    The binary comes from :func:`binary_candidates`. The process is started in its own session and must answer
    ``daemon/info`` as this daemon within ``proof_timeout`` seconds (that request is the first thing on its input, in
    ``framing``); otherwise it is stopped with everything it started and :class:`WrongBinaryError` is raised (for a
    binary found rather than given, the next candidate is tried). :attr:`info` is the answer.

    ``args`` are command-line flags (``["--events", "all"]``). ``stderr``: ``"capture"`` (default) keeps the last
    lines in :meth:`stderr_tail` (shown when the connection closes unexpectedly), ``None`` inherits the caller's
    stderr, anything else is passed to ``subprocess.Popen`` (``subprocess.DEVNULL``, a file).
    """

    def __init__(
        self,
        binary: Optional[StrPath] = None,
        args: Sequence[str] = (),
        *,
        stderr: Any = "capture",
        env: Optional[Mapping[str, str]] = None,
        cwd: Optional[StrPath] = None,
        stderr_lines: int = 200,
        proof_timeout: Optional[float] = None,
        framing: str = "lines",
    ) -> None:
        timeout = proof_timeout if proof_timeout is not None else proof_timeout_default()
        capture = isinstance(stderr, str) and stderr == "capture"
        tried: List[str] = []
        for path, origin in binary_candidates(binary):
            explicit = origin in _EXPLICIT
            if not _executable(path):
                if explicit:
                    raise _missing(path, origin)
                tried.append(f"{path} ({origin}): missing")
                continue
            if not explicit:
                refusal = _proved_before(path, timeout)  # a found binary is tried once per process, then remembered
                if refusal is not None:
                    tried.append(_refused(path, origin, refusal))
                    continue
            self._start(path, args, capture, stderr, env, cwd, stderr_lines, timeout, framing)
            return
        raise _none_proved(tried)

    def _start(
        self,
        path: str,
        args: Sequence[str],
        capture: bool,
        stderr: Any,
        env: Optional[Mapping[str, str]],
        cwd: Optional[StrPath],
        stderr_lines: int,
        timeout: float,
        framing: str,
    ) -> None:
        self.binary = path
        self.argv = [path, *args]
        self.popen = _spawn(self.argv, subprocess.PIPE if capture else stderr, env, cwd)
        self._stderr: Optional[_StderrTail] = None
        if capture:
            assert self.popen.stderr is not None
            self._stderr = _StderrTail(self.popen.stderr, stderr_lines, f"containerd-stderr-{self.popen.pid}")
        try:
            #: The daemon's answer to ``daemon/info`` (its proof): ``name``, ``version``, ``protocolVersion``, …
            self.info: Dict[str, Any] = _prove(self.popen, path, timeout, framing, self.stderr_tail)
        except BaseException:
            stop_group(self.popen)
            for stream in (self.popen.stdin, self.popen.stdout):
                try:
                    if stream is not None:
                        stream.close()
                except OSError:
                    pass
            if self._stderr is not None:
                self._stderr.thread.join(1)
                if self.popen.stderr is not None:
                    self.popen.stderr.close()
            raise

    @property
    def pid(self) -> int:
        return self.popen.pid

    @property
    def stdin(self) -> BinaryIO:
        return self.popen.stdin  # type: ignore[return-value]

    @property
    def stdout(self) -> BinaryIO:
        return self.popen.stdout  # type: ignore[return-value]

    @property
    def returncode(self) -> Optional[int]:
        return self.popen.poll()

    def stderr_tail(self) -> List[str]:
        """The last captured stderr lines (empty unless ``stderr="capture"``).

        Once the process has exited, waits (up to a second) for the reader to take what it wrote last: a program that
        fails at start writes its reason just before it exits, and the reader may not have read it yet.
        """
        if self._stderr is None:
            return []
        if self.popen.returncode is not None or self.popen.poll() is not None:
            self._stderr.thread.join(timeout=1)
        return list(self._stderr.lines)

    def wait(self, timeout: Optional[float] = 10.0) -> int:
        """Waits for the exit; past ``timeout`` terminates, then kills. Returns the exit status."""
        try:
            return self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            log.warning("containerd %d did not exit within %ss; terminating it", self.popen.pid, timeout)
            self.popen.terminate()
            try:
                return self.popen.wait(5)
            except subprocess.TimeoutExpired:
                self.popen.kill()
                return self.popen.wait()
        finally:
            if self._stderr is not None and self.popen.returncode is not None:
                self._stderr.thread.join(timeout=1)
                if not self._stderr.thread.is_alive() and self.popen.stderr is not None:
                    self.popen.stderr.close()

    def __repr__(self) -> str:
        return f"<containerd Daemon pid={self.popen.pid} returncode={self.popen.returncode!r} {self.binary}>"

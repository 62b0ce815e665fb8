"""The JSON-RPC client: a daemon process (or any pair of streams), calls, batches, notifications and events."""

import collections
import itertools
import logging
import os
import threading
import time
from typing import Any, BinaryIO, Deque, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

from .daemon import Daemon, WrongBinaryError, find_binary
from .events import Event
from .framing import FRAMINGS, ProtocolError, encode_message, read_message
from .methods import API, build_api
from .wire_types import EventsDeclarations, Families

__all__ = [
    "Client",
    "Daemon",
    "RPCError",
    "ConnectionClosed",
    "EventStream",
    "find_binary",
    "WrongBinaryError",
    "DEFAULT_TIMEOUT",
]

log = logging.getLogger("containerd_client")

#: Seconds a call waits for its reply unless told otherwise (``None``: forever).
DEFAULT_TIMEOUT = 30.0

Params = Union[Mapping[str, Any], Sequence[Any], None]


class RPCError(Exception):
    """An error reply: ``code``, ``message``, ``data`` as the daemon sent them.

    For -32001 (a UIKit exception), ``exception`` and ``reason`` are ``data["exception"]`` and ``data["reason"]``,
    e.g. ``"NSInvalidArgumentException"``; ``None`` otherwise. ``method`` is the method called, ``events`` the events
    written before the reply (a refused call emits none), ``response`` the whole decoded reply.
    """

    PARSE_ERROR = -32700
    INVALID_REQUEST = -32600
    METHOD_NOT_FOUND = -32601
    INVALID_PARAMS = -32602
    INTERNAL_ERROR = -32603
    UNKNOWN_OBJECT = -32000
    UIKIT_EXCEPTION = -32001
    LIMIT = -32002
    INVALID_STATE = -32003

    def __init__(
        self,
        code: int,
        message: str,
        data: Any = None,
        *,
        method: Optional[str] = None,
        events: Sequence[Event] = (),
        response: Optional[Mapping[str, Any]] = None,
    ) -> None:
        super().__init__(code, message, data)
        self.code = code
        self.message = message
        self.data = data
        self.method = method
        self.events = list(events)
        self.response = response

    @classmethod
    def from_response(
        cls, response: Mapping[str, Any], method: Optional[str] = None, events: Sequence[Event] = ()
    ) -> "RPCError":
        error = response.get("error")
        if not isinstance(error, Mapping):
            return cls(cls.INTERNAL_ERROR, f"malformed error reply: {response!r}", method=method, response=response)
        return cls(
            error.get("code", cls.INTERNAL_ERROR),
            error.get("message", ""),
            error.get("data"),
            method=method,
            events=events,
            response=response,
        )

    @property
    def exception(self) -> Optional[str]:
        """The UIKit exception name of a -32001 reply (``NSInvalidArgumentException``, …)."""
        if self.code == self.UIKIT_EXCEPTION and isinstance(self.data, Mapping):
            return self.data.get("exception")
        return None

    @property
    def reason(self) -> Optional[str]:
        """The UIKit exception reason of a -32001 reply."""
        if self.code == self.UIKIT_EXCEPTION and isinstance(self.data, Mapping):
            return self.data.get("reason")
        return None

    def __str__(self) -> str:
        where = f"{self.method}: " if self.method else ""
        return f"{where}{self.message} (code {self.code})"

    def __repr__(self) -> str:
        return f"RPCError(code={self.code!r}, message={self.message!r}, data={self.data!r})"


class ConnectionClosed(ConnectionError):
    """The daemon's output ended (it exited, or the stream was closed) before a reply, or the client was closed."""


# --------------------------------------------------------------------------------------------------------------------
# The client


class _Pending:
    """One request (or batch) waiting for its reply."""

    __slots__ = ("ids", "method", "done", "response", "events", "error")

    def __init__(self, ids: Sequence[Any], method: str) -> None:
        self.ids = list(ids)
        self.method = method
        self.done = threading.Event()
        self.response: Any = None
        self.events: List[Event] = []
        self.error: Optional[BaseException] = None


class EventStream(EventsDeclarations):
    """``client.events``: every event the daemon writes, in order, as :class:`Event` objects.

    ``client.events()`` (or ``client.events(timeout=0)``) iterates over the events received and not yet taken, then
    stops; ``client.events(timeout=2.0)`` also waits up to 2 s for each further one; ``client.events(timeout=None)``
    waits until the daemon's output ends. ``client.events.drain()`` takes them as a list, ``client.events.clear()``
    drops them. The family's methods are here too: ``client.events.subscribe(kinds=["scroll"])``.
    """

    def __init__(self, client: "Client") -> None:
        self._client = client

    def __call__(self, timeout: Optional[float] = 0.0) -> Iterator[Event]:
        return self._client._iter_events(timeout)

    def __iter__(self) -> Iterator[Event]:
        return self._client._iter_events(0.0)

    def drain(self) -> List[Event]:
        """The events received and not yet taken, which are then gone from the stream."""
        return list(self._client._iter_events(0.0))

    def clear(self) -> None:
        with self._client._queue_cond:
            self._client._queue.clear()

    @property
    def pending(self) -> int:
        """How many events are waiting to be taken."""
        with self._client._queue_cond:
            return len(self._client._queue)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._client.api.events, name)

    def __repr__(self) -> str:
        return f"<containerd event stream, {self.pending} pending>"


class Client(Families):
    """A JSON-RPC client for containerd.

    ``Client()`` spawns the daemon and has it prove it is this daemon before anything else (``daemon/info`` within
    ``proof_timeout`` seconds, see :class:`~containerd_client.Daemon`; :class:`WrongBinaryError` otherwise). For
    ``binary`` see :func:`find_binary`; ``args`` are extra flags, ``event_kinds=["scroll", "table"]`` adds
    ``--events``. ``Client.attach(reader, writer)`` (or
    ``Client(streams=(reader, writer))``) talks over any pair of binary file objects instead, such as a socket's
    ``makefile("rb")`` / ``makefile("wb")``.

    ``framing`` is ``"lines"`` (default: one JSON text per line) or ``"headers"`` (``Content-Length`` headers); replies
    are read in either. ``timeout`` is the default seconds a call waits (``None``: forever). On ``close()`` (and at the
    end of a ``with`` block) the client sends ``daemon/shutdown`` unless ``shutdown_on_close=False``, then waits for a
    spawned daemon to exit. ``max_queued_events`` bounds :attr:`events` (the oldest are dropped past it; each call's
    own events are kept regardless).
    """

    def __init__(
        self,
        binary: Optional[Union[str, "os.PathLike[str]"]] = None,
        *,
        args: Sequence[str] = (),
        event_kinds: Optional[Iterable[str]] = None,
        framing: str = "lines",
        timeout: Optional[float] = DEFAULT_TIMEOUT,
        streams: Optional[Tuple[BinaryIO, BinaryIO]] = None,
        stderr: Any = "capture",
        env: Optional[Mapping[str, str]] = None,
        cwd: Optional[Union[str, "os.PathLike[str]"]] = None,
        shutdown_on_close: bool = True,
        max_queued_events: Optional[int] = 100_000,
        proof_timeout: Optional[float] = None,
    ) -> None:
        if framing not in FRAMINGS:
            raise ValueError(f"framing must be one of {FRAMINGS}, got {framing!r}")
        self.framing = framing
        self.timeout = timeout
        self.shutdown_on_close = shutdown_on_close
        #: The events of the last call, batch or request that completed: those naming its id(s) in ``request``
        #: (with a daemon that does not write ``request``: those written before its reply).
        self.last_events: List[Event] = []
        self._api: Optional[API] = None
        self._discovery: Optional[Dict[str, Any]] = None
        self._ids = itertools.count(1)
        self._lock = threading.Lock()  # pending requests and the per-call event buffer
        self._write_lock = threading.Lock()
        self._pending: Dict[Any, _Pending] = {}
        self._order: List[_Pending] = []  # pending requests in the order they were sent
        self._buffer: List[Event] = []  # events since the last reply
        self._queue: Deque[Event] = collections.deque(maxlen=max_queued_events)
        self._queue_cond = threading.Condition()
        self._eof = False
        self._closed = False
        self._close_lock = threading.Lock()
        #: Framing or JSON errors in the daemon's output (each also logged); normally empty.
        self.protocol_errors: List[ProtocolError] = []
        #: The :class:`Daemon` this client spawned, or ``None`` when attached to streams.
        self.process: Optional[Daemon] = None
        if streams is not None:
            if args or event_kinds or binary is not None:
                raise ValueError("binary, args and event_kinds apply only to a spawned daemon, not to streams")
            self._reader, self._writer = streams
            self._owns_streams = False
        else:
            argv = list(args)
            if event_kinds:
                kinds = [event_kinds] if isinstance(event_kinds, str) else list(event_kinds)
                argv += ["--events", ",".join(kinds)]
            self.process = Daemon(
                binary, argv, stderr=stderr, env=env, cwd=cwd, proof_timeout=proof_timeout, framing=framing
            )
            self._reader, self._writer = self.process.stdout, self.process.stdin
            self._owns_streams = True
        self.events = EventStream(self)
        self._thread = threading.Thread(target=self._read_loop, name="containerd-reader", daemon=True)
        self._thread.start()

    @classmethod
    def attach(cls, reader: BinaryIO, writer: BinaryIO, **options: Any) -> "Client":
        """A client over existing streams: ``reader`` gives the daemon's output, ``writer`` takes its input."""
        return cls(streams=(reader, writer), **options)

    # -- context manager -------------------------------------------------------------------------------------------

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    # -- reading -----------------------------------------------------------------------------------------------------

    def _read_loop(self) -> None:
        try:
            while True:
                try:
                    item = read_message(self._reader)
                except ProtocolError as error:
                    log.error("containerd output: %s", error)
                    self.protocol_errors.append(error)
                    continue
                except (OSError, ValueError):  # the stream was closed under us
                    break
                if item is None:
                    break
                try:
                    self._dispatch(item[0])
                except Exception:  # never let the reader die on one odd message
                    log.exception("containerd client: could not handle %r", item[0])
        finally:
            self._on_eof()

    def _dispatch(self, message: Any) -> None:
        if isinstance(message, dict) and "method" in message and "id" not in message:
            event = Event.from_message(message)
            with self._lock:
                if "request" in event.params:
                    # The daemon names the request whose turn produced the event: it belongs to that call, or to
                    # none (null: a notification's turn or another client's), whatever the order.
                    key = self._hashable(event.params["request"])
                    owner = self._pending.get(key) if key is not None else None
                    if owner is not None:
                        owner.events.append(event)
                else:
                    self._buffer.append(event)  # a daemon that does not say: the events before a reply are its call's
            with self._queue_cond:
                self._queue.append(event)
                self._queue_cond.notify_all()
            return
        slot: Optional[_Pending] = None
        with self._lock:
            events, self._buffer = self._buffer, []
            if isinstance(message, list):
                for element in message:
                    if isinstance(element, dict) and self._hashable(element.get("id")) in self._pending:
                        slot = self._pending[element["id"]]
                        break
            elif isinstance(message, dict) and ("result" in message or "error" in message):
                key = self._hashable(message.get("id"))
                slot = self._pending.get(key) if key is not None else None
                if slot is None and message.get("id") is None and self._order:
                    slot = self._order[0]  # an error the daemon could not tie to an id: replies come in order
            if slot is not None:
                self._unregister(slot)
        if slot is None:
            log.warning("containerd client: dropping an unexpected message %.200r", message)
            return
        slot.response = message
        slot.events = events + slot.events
        slot.done.set()

    @staticmethod
    def _hashable(value: Any) -> Any:
        try:
            hash(value)
        except TypeError:
            return None
        return value

    def _on_eof(self) -> None:
        with self._lock:
            self._eof = True
            pending, self._order, self._pending = self._order, [], {}
        error = self._closed_error("the daemon's output ended before the reply")
        for slot in pending:
            slot.error = error
            slot.done.set()
        with self._queue_cond:
            self._queue_cond.notify_all()

    def _closed_error(self, what: str) -> ConnectionClosed:
        detail = ""
        if self.process is not None:
            status = self.process.popen.poll()
            if status is not None:
                detail += f"; exit status {status}"
            tail = self.process.stderr_tail()[-10:]
            if tail:
                detail += "; stderr:\n" + "\n".join(tail)
        return ConnectionClosed(what + detail)

    def _iter_events(self, timeout: Optional[float]) -> Iterator[Event]:
        while True:
            with self._queue_cond:
                deadline = None if timeout is None else time.monotonic() + timeout
                while not self._queue:
                    if self._eof:
                        return
                    if deadline is None:
                        self._queue_cond.wait()
                        continue
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        return
                    self._queue_cond.wait(remaining)
                event = self._queue.popleft()
            yield event

    # -- writing -----------------------------------------------------------------------------------------------------

    def _register(self, slot: _Pending) -> None:
        for request_id in slot.ids:
            if request_id in self._pending:
                raise ValueError(f"a request with id {request_id!r} is already waiting for its reply")
        for request_id in slot.ids:
            self._pending[request_id] = slot
        self._order.append(slot)

    def _unregister(self, slot: _Pending) -> None:
        for request_id in slot.ids:
            if self._pending.get(request_id) is slot:
                del self._pending[request_id]
        try:
            self._order.remove(slot)
        except ValueError:
            pass

    def _send(self, message: Any, slot: Optional[_Pending] = None) -> None:
        data = encode_message(message, self.framing)
        with self._write_lock:
            with self._lock:
                if self._eof:
                    raise self._closed_error("the daemon's output has ended")
                if self._closed:
                    raise ConnectionClosed("the client is closed")
                if slot is not None:
                    self._register(slot)
            try:
                self._writer.write(data)
                self._writer.flush()
            except (OSError, ValueError) as error:
                if slot is not None:
                    with self._lock:
                        self._unregister(slot)
                raise self._closed_error(f"could not write to the daemon ({error})") from error

    def _wait(self, slot: _Pending, timeout: Optional[float]) -> Tuple[Any, List[Event]]:
        if not slot.done.wait(timeout):
            with self._lock:
                self._unregister(slot)
            raise TimeoutError(f"no reply to {slot.method} within {timeout} s")
        if slot.error is not None:
            raise slot.error
        return slot.response, slot.events

    def _timeout(self, timeout: Optional[float]) -> Optional[float]:
        return self.timeout if timeout is None else timeout

    def _next_id(self) -> int:
        with self._lock:
            return next(self._ids)

    @staticmethod
    def _request(method: str, params: Params, request_id: Any = None) -> Dict[str, Any]:
        message: Dict[str, Any] = {"jsonrpc": "2.0"}
        if request_id is not None:
            message["id"] = request_id
        message["method"] = method
        if params is not None:
            message["params"] = params
        return message

    # -- calls -------------------------------------------------------------------------------------------------------

    def call(self, method: str, params: Params = None, *, timeout: Optional[float] = None) -> Any:
        """Calls ``method`` and returns its result; raises :class:`RPCError` for an error reply.

        The call's events (those whose ``request`` is its id) are then in :attr:`last_events` (and in
        :attr:`events`)."""
        return self.call_with_events(method, params, timeout=timeout)[0]

    def call_with_events(
        self, method: str, params: Params = None, *, timeout: Optional[float] = None
    ) -> Tuple[Any, List[Event]]:
        """Like :meth:`call`, returning ``(result, events)``."""
        request_id = self._next_id()
        slot = _Pending([request_id], method)
        self._send(self._request(method, params, request_id), slot)
        response, events = self._wait(slot, self._timeout(timeout))
        self.last_events = events
        if not isinstance(response, dict):
            raise RPCError(RPCError.INTERNAL_ERROR, f"unexpected reply {response!r}", method=method, events=events)
        if "error" in response:
            raise RPCError.from_response(response, method, events)
        return response.get("result"), events

    def notify(self, method: str, params: Params = None) -> None:
        """Sends a notification (no id, never answered). Its events, if any, are in :attr:`events` as they arrive.
        They name no request (``request`` is ``null``), so no call counts them; a daemon whose events do not carry
        ``request`` writes them before the next reply, and the next call's :attr:`last_events` holds them."""
        self._send(self._request(method, params))

    def batch(
        self,
        calls: Iterable[Union[str, Tuple[str], Tuple[str, Params]]],
        *,
        timeout: Optional[float] = None,
        raise_errors: bool = False,
    ) -> List[Any]:
        """Sends calls as one JSON-RPC batch (one run-loop turn) and returns their results in order.

        ``calls`` holds ``(method, params)`` pairs (or bare method names). A call that failed has its
        :class:`RPCError` in its place (raised instead, the first one, with ``raise_errors=True``). The batch's
        events are in :attr:`last_events`."""
        return self.batch_with_events(calls, timeout=timeout, raise_errors=raise_errors)[0]

    def batch_with_events(
        self,
        calls: Iterable[Union[str, Tuple[str], Tuple[str, Params]]],
        *,
        timeout: Optional[float] = None,
        raise_errors: bool = False,
    ) -> Tuple[List[Any], List[Event]]:
        """Like :meth:`batch`, returning ``(results, events)``."""
        normalized: List[Tuple[str, Params]] = []
        for item in calls:
            if isinstance(item, str):
                normalized.append((item, None))
            elif len(item) == 1:
                normalized.append((item[0], None))
            elif len(item) == 2:
                normalized.append((item[0], item[1]))
            else:
                raise ValueError(f"a batch item is (method, params), got {item!r}")
        if not normalized:
            raise ValueError("an empty batch is invalid JSON-RPC")
        ids = [self._next_id() for _ in normalized]
        messages = [self._request(method, params, i) for i, (method, params) in zip(ids, normalized)]
        slot = _Pending(ids, "batch of " + ", ".join(method for method, _ in normalized))
        self._send(messages, slot)
        response, events = self._wait(slot, self._timeout(timeout))
        self.last_events = events
        if isinstance(response, dict):  # the whole batch was refused
            raise RPCError.from_response(response, "batch", events)
        replies = {reply.get("id"): reply for reply in response if isinstance(reply, dict)}
        results: List[Any] = []
        for request_id, (method, _) in zip(ids, normalized):
            reply = replies.get(request_id)
            if reply is None:
                result: Any = RPCError(RPCError.INTERNAL_ERROR, "no reply in the batch", method=method)
            elif "error" in reply:
                own = [e for e in events if "request" not in e.params or e.params["request"] == request_id]
                result = RPCError.from_response(reply, method, own)
            else:
                result = reply.get("result")
            if raise_errors and isinstance(result, RPCError):
                raise result
            results.append(result)
        return results, events

    def request(self, message: Any, *, timeout: Optional[float] = None) -> Tuple[Any, List[Event]]:
        """Sends one raw JSON-RPC message or batch exactly as given (your ids) and returns ``(reply, events)``: the
        decoded reply (an array for a batch; ``None`` when nothing is answered, i.e. notifications only) and its
        events (those naming its ids in ``request``; with a daemon that does not write ``request``, those written
        before the reply). For replaying transcripts; error replies are returned, not raised. Events that name no
        request (a notification's) are in :attr:`events` only."""
        elements = message if isinstance(message, list) else [message]
        ids = [e["id"] for e in elements if isinstance(e, dict) and "id" in e and e["id"] is not None]
        if not ids:
            self._send(message)
            return None, []
        method = message.get("method", "?") if isinstance(message, dict) else "batch"
        slot = _Pending(ids, str(method))
        self._send(message, slot)
        response, events = self._wait(slot, self._timeout(timeout))
        self.last_events = events
        return response, events

    # -- discovery and typed helpers --------------------------------------------------------------------------------

    def discover(self, *, refresh: bool = False) -> Dict[str, Any]:
        """The daemon's OpenRPC document (``rpc.discover``), fetched once."""
        if self._discovery is None or refresh:
            self._discovery = self.call("rpc.discover")
            self._api = None
        return self._discovery

    @property
    def api(self) -> API:
        """Typed helpers for every method, generated from :meth:`discover`: ``client.api.window.set_root(...)``.
        Each family is also an attribute of the client itself: ``client.window.set_root(...)``."""
        if self._api is None:
            self._api = build_api(self.discover(), self.call)
        return self._api

    def __getattr__(self, name: str) -> Any:
        # Only for names that are not attributes: method families (window, controller, ...).
        if name.startswith("_") or "_api" not in self.__dict__:
            raise AttributeError(name)
        try:
            api = self.api
        except (ConnectionClosed, TimeoutError, RPCError) as error:
            raise AttributeError(f"{name!r}: could not discover the daemon's methods ({error})") from error
        families = api.families
        if name in families:
            return families[name]
        raise AttributeError(
            f"'Client' object has no attribute {name!r}, and the daemon has no method family {name!r} "
            f"(families: {', '.join(sorted(families))})"
        )

    def __dir__(self) -> List[str]:
        names = set(super().__dir__())
        if self._api is not None:
            names |= set(self._api.families)
        return sorted(names)

    # -- closing -----------------------------------------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` ran or the daemon's output ended."""
        return self._closed or self._eof

    @property
    def returncode(self) -> Optional[int]:
        """The spawned daemon's exit status once it exited (``None`` while running or when attached)."""
        return self.process.returncode if self.process is not None else None

    def close(self, timeout: Optional[float] = 10.0) -> Optional[int]:
        """Sends ``daemon/shutdown`` (unless ``shutdown_on_close`` is false or the daemon is gone), closes the
        daemon's input, waits for a spawned daemon to exit (terminating it past ``timeout``) and returns its exit
        status. Safe to call twice."""
        with self._close_lock:
            if self._closed:
                return self.returncode
            if self.shutdown_on_close and not self._eof:
                try:
                    self.call("daemon/shutdown", timeout=timeout)
                except (RPCError, ConnectionClosed, TimeoutError, OSError):
                    pass
            with self._lock:
                self._closed = True
            if self._owns_streams:
                try:
                    with self._write_lock:
                        self._writer.close()
                except (OSError, ValueError):
                    pass
            status = self.process.wait(timeout) if self.process is not None else None
            self._thread.join(timeout=timeout if self.process is not None else 0.5)
            if self._owns_streams and not self._thread.is_alive():
                try:
                    self._reader.close()
                except (OSError, ValueError):
                    pass
            return status

    def __repr__(self) -> str:
        where = f"pid {self.process.pid}" if self.process is not None else "attached"
        state = "closed" if self.closed else "open"
        return f"<containerd Client {where} {self.framing} {state}>"

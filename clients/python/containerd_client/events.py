"""Events (server-to-client notifications) and their short text form.

``describe`` reproduces ``EventTrace.describe`` (``Sources/ContainerRPC/Scenarios/EventTrace.swift``), which the Swift
tests use through ``TestSession.describe`` and ``containerd check`` scenario files use too, so traces read the same
everywhere::

    child.viewWillAppear R6            lifecycle: controller.callback rule
    child.didMove(parent) R8           ... with (parent) on willMove/didMove, (nil) for null
    warning: <message> R12             warning: message rule
    list.view.cellForRow(0,20) #1 reused
    offset list.view 0,628 keyboard    offset view x,y cause
    coordinator b.t1 alongsideCompletion cancelled R47
    transitioning m.presentAnimator completeTransition(true) R48
    {"jsonrpc":"2.0",...}              anything else: the compact JSON with sorted keys
"""

import json
import math
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Mapping, Optional, TypeVar, Union, cast

from .event_types import (
    CompletionEventParams,
    CoordinatorEventParams,
    DelegateEventParams,
    LayoutEventParams,
    LifecycleEventParams,
    OffsetEventParams,
    RequestId,
    ScrollEventParams,
    TableEventParams,
    TransitioningEventParams,
    WarningEventParams,
)

_P = TypeVar("_P")

__all__ = ["Event", "describe", "trace"]


@dataclass
class Event:
    """One notification from the daemon, e.g. ``Event("event/lifecycle", {"controller": "vc", ...})``.

    ``event.kind`` is the method without ``event/`` (``lifecycle``, ``warning``, ``completion``, ``offset``,
    ``scroll``, ``table``, ``layout``); ``event.seq`` and ``event.time`` (virtual ms) come from the params, and every
    other param reads as ``event.controller`` or ``event["controller"]`` (``event.get("parent")`` for optional ones).
    """

    method: str
    params: Dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_message(cls, message: Mapping[str, Any]) -> "Event":
        """From a decoded notification ``{"jsonrpc": "2.0", "method": ..., "params": {...}}``."""
        params = message.get("params")
        return cls(message["method"], dict(params) if isinstance(params, Mapping) else {})

    def to_message(self) -> Dict[str, Any]:
        """The notification as the daemon wrote it (decoded): compare with a transcript's expected line."""
        return {"jsonrpc": "2.0", "method": self.method, "params": self.params}

    @property
    def kind(self) -> str:
        return self.method[len("event/"):] if self.method.startswith("event/") else self.method

    @property
    def seq(self) -> Any:
        return self.params.get("seq")

    @property
    def time(self) -> Any:
        return self.params.get("time")

    @property
    def request(self) -> Optional[RequestId]:
        """The id of the request whose turn produced the event; ``None`` for a notification's turn, another
        client's, or a daemon that does not say."""
        value = self.params.get("request")
        return value if isinstance(value, (int, float, str)) and not isinstance(value, bool) else None

    def _typed(self, method: str, kind: "type[_P]") -> _P:
        if self.method != method:
            raise TypeError(f"{self.method} event, not {method}")
        return cast(_P, self.params)

    def lifecycle_params(self) -> LifecycleEventParams:
        """The params, typed, of an ``event/lifecycle`` (``TypeError`` for another method)."""
        return self._typed("event/lifecycle", LifecycleEventParams)

    def layout_params(self) -> LayoutEventParams:
        """The params, typed, of an ``event/layout``."""
        return self._typed("event/layout", LayoutEventParams)

    def completion_params(self) -> CompletionEventParams:
        """The params, typed, of an ``event/completion``."""
        return self._typed("event/completion", CompletionEventParams)

    def warning_params(self) -> WarningEventParams:
        """The params, typed, of an ``event/warning``."""
        return self._typed("event/warning", WarningEventParams)

    def offset_params(self) -> OffsetEventParams:
        """The params, typed, of an ``event/offset``."""
        return self._typed("event/offset", OffsetEventParams)

    def scroll_params(self) -> ScrollEventParams:
        """The params, typed, of an ``event/scroll``."""
        return self._typed("event/scroll", ScrollEventParams)

    def table_params(self) -> TableEventParams:
        """The params, typed, of an ``event/table``."""
        return self._typed("event/table", TableEventParams)

    def delegate_params(self) -> DelegateEventParams:
        """The params, typed, of an ``event/delegate``."""
        return self._typed("event/delegate", DelegateEventParams)

    def coordinator_params(self) -> CoordinatorEventParams:
        """The params, typed, of an ``event/coordinator``."""
        return self._typed("event/coordinator", CoordinatorEventParams)

    def transitioning_params(self) -> TransitioningEventParams:
        """The params, typed, of an ``event/transitioning``."""
        return self._typed("event/transitioning", TransitioningEventParams)

    def __getattr__(self, name: str) -> Any:
        # Only called for names that are not attributes; never for dunders or the dataclass fields themselves (which
        # may be missing while copying or unpickling).
        if name.startswith("__") or name in ("method", "params"):
            raise AttributeError(name)
        params = self.__dict__.get("params") or {}
        try:
            return params[name]
        except KeyError:
            raise AttributeError(f"{self.__dict__.get('method')} event has no param {name!r}") from None

    def __getitem__(self, key: str) -> Any:
        return self.params[key]

    def __contains__(self, key: object) -> bool:
        return key in self.params

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)

    def describe(self) -> str:
        return describe(self)

    def __str__(self) -> str:
        return describe(self)


EventLike = Union[Event, Mapping[str, Any]]


def _as_event(event: EventLike) -> Event:
    return event if isinstance(event, Event) else Event.from_message(event)


def _string(value: Any) -> Any:
    return value if isinstance(value, str) else None


def _int(value: Any) -> Any:
    # JSONValue.intValue: integers, and integral reals.
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and math.isfinite(value) and value == math.trunc(value) and abs(value) < 9.2e18:
        return int(value)
    return None


def _double(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return math.nan
    return float(value)


def _number(value: float) -> str:
    # Swift (Double.compactDescription): whole and below 1e16 in magnitude ? String(Int64(value)) : String(value).
    # Python's repr of a float is the same shortest round-trip text as Swift's description there ("1e+16", "1e-05",
    # "16.666666666666668"; both write exponents from 1e16 on, and Python's repr differs only for whole values).
    if math.isfinite(value) and value == round(value) and abs(value) < 1e16:
        return str(int(value))
    return repr(value)


def describe(event: EventLike) -> str:
    """The short text of one event (an :class:`Event` or a decoded notification dict); see the module doc."""
    event = _as_event(event)
    params = event.params
    rule = _string(params.get("rule")) or "?"
    if event.method == "event/lifecycle":
        controller = _string(params.get("controller")) or "?"
        callback = _string(params.get("callback")) or "?"
        argument = ""
        if "parent" in params:
            argument = "(%s)" % (_string(params["parent"]) or "nil")
        return f"{controller}.{callback}{argument} {rule}"
    if event.method == "event/warning":
        return f"warning: {_string(params.get('message')) or '?'} {rule}"
    if event.method == "event/table":
        table = _string(params.get("table")) or "?"
        callback = _string(params.get("callback")) or "?"
        section = _int(params.get("section"))
        row = _int(params.get("row"))
        path = "(%d,%d)" % (-1 if section is None else section, -1 if row is None else row)
        cell_number = _int(params.get("cell"))
        cell = "" if cell_number is None else f" #{cell_number}"
        reused = " reused" if params.get("reused") is True else ""
        return f"{table}.{callback}{path}{cell}{reused}"
    if event.method == "event/offset":
        x = _number(_double(params.get("x")))
        y = _number(_double(params.get("y")))
        view = _string(params.get("view")) or "?"
        cause = _string(params.get("cause")) or "?"
        return f"offset {view} {x},{y} {cause}"
    if event.method == "event/coordinator":
        cancelled = " cancelled" if params.get("isCancelled") is True else ""
        controller = _string(params.get("controller")) or "?"
        tag = _string(params.get("tag")) or "?"
        callback = _string(params.get("callback")) or "?"
        return f"coordinator {controller}.{tag} {callback}{cancelled} {rule}"
    if event.method == "event/transitioning":
        done = params.get("didComplete")
        did_complete = "" if not isinstance(done, bool) else ("(true)" if done else "(false)")
        obj = _string(params.get("object")) or "?"
        callback = _string(params.get("callback")) or "?"
        return f"transitioning {obj} {callback}{did_complete} {rule}"
    return json.dumps(event.to_message(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def trace(events: Iterable[EventLike]) -> List[str]:
    """``[describe(e) for e in events]``: e.g. ``["parent.loadView R1", ..., "child.didMove(parent) R8"]``."""
    return [describe(event) for event in events]

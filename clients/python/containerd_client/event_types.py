"""The params of each event kind, as ``TypedDict`` s for type checkers and IDEs (plain dicts at run time).

``rpc.discover`` describes methods, not notifications, so these are written by hand from the daemon's events; the
tests check every event of every transcript against them (no key outside the type, every required key present, each
value of its declared type). ``Event.lifecycle_params()`` and its siblings return them, checked::

    for event in client.last_events:
        if event.method == "event/lifecycle":
            params = event.lifecycle_params()     # LifecycleEventParams
            params["callback"]                    # Literal["loadView", "viewDidLoad", ...]
"""

from typing import Dict, List, Literal, Optional, TypedDict, Union

from .wire_types import Insets, Point, Rect, Size

__all__ = [
    "CompletionEventParams",
    "CoordinatorEventParams",
    "DelegateEventParams",
    "EVENT_PARAMS",
    "EventParams",
    "LayoutEventParams",
    "LifecycleCallback",
    "LifecycleEventParams",
    "OffsetEventParams",
    "RequestId",
    "ScrollCallback",
    "ScrollEventParams",
    "TableCallback",
    "TableEventParams",
    "TransitioningEventParams",
    "WarningEventParams",
]

#: A request id as the client sent it (this client sends integers; ``request()`` sends yours).
RequestId = Union[int, float, str]

LifecycleCallback = Literal[
    "loadView",
    "viewDidLoad",
    "viewWillAppear",
    "viewIsAppearing",
    "viewDidAppear",
    "viewWillDisappear",
    "viewDidDisappear",
    "willMove",
    "didMove",
    "viewWillLayoutSubviews",
    "viewDidLayoutSubviews",
    "viewWillTransitionToSize",
    "viewLayoutMarginsDidChange",
    "viewSafeAreaInsetsDidChange",
]
ScrollCallback = Literal[
    "willBeginDragging",
    "willEndDragging",
    "didEndDragging",
    "willBeginDecelerating",
    "didEndDecelerating",
    "didEndScrollingAnimation",
]
TableCallback = Literal["cellForRow", "didEndDisplaying", "didSelectRow"]


class _Numbered(TypedDict):
    seq: int  # strictly increasing from 1, per client
    time: float  # virtual milliseconds


class _Common(_Numbered, total=False):
    rule: str  # the UIKit rule that produced it ("R8"), on lifecycle, completion and warning events
    request: Optional[RequestId]  # the request whose turn produced it; None for notifications and other clients


class _LifecycleRequired(_Common):
    controller: str
    callback: LifecycleCallback


class LifecycleEventParams(_LifecycleRequired, total=False):
    """``event/lifecycle``: a view-controller callback. ``parent`` on willMove/didMove (``None`` for nil); the R29
    flags only inside appearance callbacks, and only when true; ``size`` on viewWillTransitionToSize; ``safeArea``
    or ``layoutMargins`` on the R64 callbacks."""

    animated: bool
    parent: Optional[str]
    isMovingToParent: bool
    isMovingFromParent: bool
    isBeingPresented: bool
    isBeingDismissed: bool
    size: Size
    safeArea: Insets
    layoutMargins: Insets


class LayoutEventParams(_Common):
    """``event/layout`` (kind ``layout``): a view's frame changed."""

    view: str
    frame: Rect


class CompletionEventParams(_Common):
    """``event/completion``: ``of`` is ``transition``, ``present``, ``dismiss``, ``push``, ``pop``, …; ``controller``
    received the UIKit call."""

    controller: str
    of: str
    finished: bool


class _WarningRequired(_Common):
    message: str


class WarningEventParams(_WarningRequired, total=False):
    """``event/warning``: what UIKit would log to the console."""

    object: str


class OffsetEventParams(_Common):
    """``event/offset``: ``cause`` is ``programmatic``, ``animation``, ``drag``, ``deceleration``, ``bounce``,
    ``inset``, ``keyboard`` or ``container``."""

    view: str
    x: float
    y: float
    cause: str


class _ScrollRequired(_Common):
    view: str
    callback: ScrollCallback


class ScrollEventParams(_ScrollRequired, total=False):
    """``event/scroll``: a UIScrollViewDelegate callback; ``velocity`` in pt/ms in the content's direction."""

    velocity: Point
    targetContentOffset: Point
    willDecelerate: bool


class _TableRequired(_Common):
    table: str
    callback: TableCallback
    section: int
    row: int


class TableEventParams(_TableRequired, total=False):
    """``event/table``: a data source or delegate call; ``cell`` numbers the cell object, ``reused`` says it came
    from the reuse queue."""

    identifier: str
    reused: bool
    cell: int


class _DelegateRequired(_Common):
    object: str
    protocol: str
    callback: str
    args: Dict[str, Union[str, List[str], bool, None]]


class DelegateEventParams(_DelegateRequired, total=False):
    """``event/delegate``: a data source or delegate method UIKit called on app code (a page view controller's
    data source and delegate, a sheet's ``UIAdaptivePresentationControllerDelegate`` with the presented controller
    as ``object``); ``result`` is what it returned (a controller id or ``None``; ShouldDismiss's flag)."""

    result: Union[str, bool, None]


class CoordinatorEventParams(_Common):
    """``event/coordinator``: a transition coordinator ran a block ``controller`` registered under ``tag``
    (``transition/animateAlongside``, ``transition/notifyWhenInteractionChanges``; R47, R50)."""

    controller: str
    tag: str
    callback: Literal["alongsideAnimation", "alongsideCompletion", "interactionChanged"]
    isCancelled: bool
    isInteractive: bool
    percentComplete: float


class _TransitioningRequired(_Common):
    object: str
    callback: Literal[
        "animationController",
        "presentationController",
        "presentationTransitionWillBegin",
        "presentationTransitionDidEnd",
        "dismissalTransitionWillBegin",
        "dismissalTransitionDidEnd",
        "animateTransition",
        "completeTransition",
        "animationEnded",
    ]


class TransitioningEventParams(_TransitioningRequired, total=False):
    """``event/transitioning``: UIKit called a custom animator (``<controller>.<kind>Animator``) or its presentation
    controller (``<controller>.presentationController``); ``didComplete`` on the calls that take it (R48, R49)."""

    didComplete: bool


EventParams = Union[
    LifecycleEventParams,
    LayoutEventParams,
    CompletionEventParams,
    WarningEventParams,
    OffsetEventParams,
    ScrollEventParams,
    TableEventParams,
    DelegateEventParams,
    CoordinatorEventParams,
    TransitioningEventParams,
]

#: The params type of each event method.
EVENT_PARAMS: Dict[str, type] = {
    "event/lifecycle": LifecycleEventParams,
    "event/layout": LayoutEventParams,
    "event/completion": CompletionEventParams,
    "event/warning": WarningEventParams,
    "event/offset": OffsetEventParams,
    "event/scroll": ScrollEventParams,
    "event/table": TableEventParams,
    "event/delegate": DelegateEventParams,
    "event/coordinator": CoordinatorEventParams,
    "event/transitioning": TransitioningEventParams,
}

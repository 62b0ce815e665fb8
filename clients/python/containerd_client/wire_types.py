"""Static types of the daemon's methods, generated from ``rpc.discover`` by ``containerd_client.typegen``.

Do not edit: regenerate with ``python3 -m containerd_client.typegen --binary PATH``. The tests check that this file
matches the daemon. Results are ``TypedDict`` s (plain dicts at run time); each method family is a ``Protocol`` whose
methods take the params as keyword-only arguments, in snake_case (``from_`` for the keyword ``from``).
"""

# fmt: off
from typing import TYPE_CHECKING, Any, Dict, List, Literal, Mapping, Optional, Protocol, Sequence, TypedDict, Union


class EmptyResult(TypedDict):
    """The result ``{}``."""


class InitializeResultCapabilitiesExperimental(TypedDict):
    methods: List[str]
    protocolVersion: int


class InitializeResultCapabilities(TypedDict):
    experimental: InitializeResultCapabilitiesExperimental


class InitializeResultServerInfo(TypedDict):
    name: str
    version: str


class InitializeResult(TypedDict):
    capabilities: InitializeResultCapabilities
    serverInfo: InitializeResultServerInfo


class BehaviorAddResult(TypedDict):
    id: str


class ClassRegisterView(TypedDict, total=False):
    kind: Literal["UIView", "UIScrollView", "UITableView", "UILabel", "UITextField"]


class ClockAdvanceResult(TypedDict):
    now: float


class Rect(TypedDict):
    height: float
    width: float
    x: float
    y: float


class Insets(TypedDict):
    bottom: float
    left: float
    right: float
    top: float


class ControllerCreateResult(TypedDict):
    id: str
    view: str


class _ControllerCreateHeaderRequired(TypedDict):
    height: float


class ControllerCreateHeader(_ControllerCreateHeaderRequired, total=False):
    hangingHeight: float
    titleBarHeight: float


class ControllerCreateDelegate2(TypedDict, total=False):
    displayModeForExpanding: Literal["automatic", "secondaryOnly", "oneBesideSecondary", "oneOverSecondary", "twoBesideSecondary", "twoOverSecondary", "twoDisplaceSecondary", "proposed"]
    topColumnForCollapsing: Literal["primary", "supplementary", "secondary", "compact", "proposed"]


class ControllerCreateColumns(TypedDict, total=False):
    compact: str
    primary: str
    secondary: str
    supplementary: str


class ControllerGetResultPageView(TypedDict):
    isDoubleSided: bool
    isTransitioning: bool
    pages: Optional[List[str]]
    spineLocation: Literal["none", "min", "mid", "max"]
    transitionStyle: Literal["scroll", "pageCurl"]
    viewControllers: List[str]


class ControllerGetResultSplitColumnsValue(TypedDict, total=False):
    controller: str
    wrapper: Optional[str]


class ControllerGetResultSplit(TypedDict):
    columns: Dict[str, ControllerGetResultSplitColumnsValue]
    displayMode: str
    isCollapsed: bool
    splitBehavior: str
    style: str
    visibleColumns: List[str]


class ControllerGetResultTraitOverrides(TypedDict, total=False):
    horizontalSizeClass: Literal["compact", "regular"]
    userInterfaceStyle: Literal["light", "dark"]
    verticalSizeClass: Literal["compact", "regular"]


class ControllerGetResultTraits(TypedDict):
    displayScale: float
    horizontalSizeClass: Literal["compact", "regular"]
    userInterfaceStyle: Literal["light", "dark"]
    verticalSizeClass: Literal["compact", "regular"]


class _ControllerGetResultRequired(TypedDict):
    additionalSafeAreaInsets: Insets
    appearance: Literal["disappeared", "appearing", "appeared", "disappearing"]
    children: List[str]
    className: Optional[str]
    definesPresentationContext: bool
    forwardsAppearance: bool
    id: str
    isBeingDismissed: bool
    isBeingPresented: bool
    isMovingFromParent: bool
    isMovingToParent: bool
    isViewLoaded: bool
    kind: Literal["UIViewController", "UINavigationController", "UITabBarController", "UITableViewController", "AutoContainerViewController", "PagingContainerViewController", "UIPageViewController", "UISplitViewController"]
    modalPresentationStyle: Literal["fullScreen", "pageSheet", "formSheet", "overFullScreen", "overCurrentContext", "currentContext", "custom"]
    modalTransitionStyle: Literal["coverVertical", "flipHorizontal", "crossDissolve", "partialCurl"]
    navigationController: Optional[str]
    parent: Optional[str]
    presentedViewController: Optional[str]
    presentingViewController: Optional[str]
    providesPresentationContextTransitionStyle: bool
    restorationIdentifier: Optional[str]
    tabBarController: Optional[str]
    title: Optional[str]
    traits: ControllerGetResultTraits
    view: Optional[str]


class ControllerGetResult(_ControllerGetResultRequired, total=False):
    isModalInPresentation: bool
    navigationBarHidden: bool
    pageView: ControllerGetResultPageView
    selectedIndex: Optional[int]
    selectedViewController: Optional[str]
    split: ControllerGetResultSplit
    tabBarHidden: bool
    toolbarHidden: bool
    traitOverrides: ControllerGetResultTraitOverrides


class ControllerLoadViewResult(TypedDict):
    view: str


class ControllerSetTraitOverridesResult(TypedDict):
    traits: ControllerGetResultTraits


class ControllerSetTraitOverridesTraits(TypedDict, total=False):
    horizontalSizeClass: Optional[Literal["compact", "regular"]]
    userInterfaceStyle: Optional[Literal["light", "dark"]]
    verticalSizeClass: Optional[Literal["compact", "regular"]]


DaemonConfigureResultOptions = TypedDict("DaemonConfigureResultOptions", {'beginNesting': Literal["counter", "none"], 'bounceSpringBeta': float, 'coordinator.nonAnimatedNav': Literal["nil", "present"], 'coordinator.nonAnimatedPresentation': Literal["nil", "present"], 'didMoveRedelivery': Literal["windowDriven", "never"], 'hidesBottomBarCountsRoot': bool, 'keyboardAnimationDuration': float, 'navigationDuration': float, 'pageView.appearanceWhenNotVisible': Literal["defer", "immediate"], 'pageView.delegateOrder': Literal["willTransitionFirst", "appearanceFirst"], 'pageView.notifyWillMoveOnAdd': bool, 'pageView.overlapPolicy': Literal["refuse", "queue", "raise"], 'pageView.prefetchLoadsViews': bool, 'pageView.staleCacheAfterAnimatedSet': bool, 'pageView.staleViewControllersAfterInterruptedSwipe': bool, 'pagingVelocityThreshold': float, 'pop.cancelReversalAt': Literal["settleEnd", "cancel"], 'presentationDuration': float, 'resize.duration': float, 'safeAreaCallbackPhase': Literal["beforeWillLayout", "insideLayout"], 'scrollAnimationDuration': float, 'scrollRectToVisibleInsideInsets': bool, 'sheet.attemptTiming': Literal["release", "begin"], 'sheet.dragOrder': Literal["shouldWillThenAppearance", "shouldThenAppearanceThenWill"], 'sheet.releaseProgress': float, 'sheet.releaseVelocity': float, 'split.dropAppearanceOnDisplayModeChange': bool, 'split.initialCollapseCallsDelegate': Literal["topColumnOnly", "all", "none"], 'split.proposedTopColumn': Literal["primary", "supplementary", "secondary"], 'split.reportsWillChangeDisplayMode': bool, 'split.setSecondaryPushAnimated': bool, 'split.sizeCallbackOnColumnWidth': bool, 'split.tileMinimumWidth': float, 'tabBarDefinesPresentationContext': bool, 'tableAlwaysBounceVertical': bool, 'traits.handlerOrder': Literal["handlerFirst", "legacyFirst"], 'traits.landscapeSafeArea': Insets, 'traits.padCompactWidthThreshold': float, 'traits.sizeClassPolicy': Literal["device", "compactPhones"], 'traits.skipFirstWillTransitionInSplitOverlay': bool, 'traits.styleChangeCallsDidChange': bool, 'transition.completeTimeoutMs': Optional[float], 'transitionDidBeforeCompletion': bool, 'transitionOrder': Literal["fromFirst", "toFirst"], 'transitionThrowsWithoutForwarding': bool, 'viewIsAppearing': bool})


class DaemonConfigureResult(TypedDict):
    options: DaemonConfigureResultOptions


DaemonConfigureOptions = TypedDict("DaemonConfigureOptions", {'beginNesting': Literal["counter", "none"], 'bounceSpringBeta': float, 'coordinator.nonAnimatedNav': Literal["nil", "present"], 'coordinator.nonAnimatedPresentation': Literal["nil", "present"], 'didMoveRedelivery': Literal["windowDriven", "never"], 'hidesBottomBarCountsRoot': bool, 'keyboardAnimationDuration': float, 'navigationDuration': float, 'pageView.appearanceWhenNotVisible': Literal["defer", "immediate"], 'pageView.delegateOrder': Literal["willTransitionFirst", "appearanceFirst"], 'pageView.notifyWillMoveOnAdd': bool, 'pageView.overlapPolicy': Literal["refuse", "queue", "raise"], 'pageView.prefetchLoadsViews': bool, 'pageView.staleCacheAfterAnimatedSet': bool, 'pageView.staleViewControllersAfterInterruptedSwipe': bool, 'pagingVelocityThreshold': float, 'pop.cancelReversalAt': Literal["settleEnd", "cancel"], 'presentationDuration': float, 'resize.duration': float, 'safeAreaCallbackPhase': Literal["beforeWillLayout", "insideLayout"], 'scrollAnimationDuration': float, 'scrollRectToVisibleInsideInsets': bool, 'sheet.attemptTiming': Literal["release", "begin"], 'sheet.dragOrder': Literal["shouldWillThenAppearance", "shouldThenAppearanceThenWill"], 'sheet.releaseProgress': float, 'sheet.releaseVelocity': float, 'split.dropAppearanceOnDisplayModeChange': bool, 'split.initialCollapseCallsDelegate': Literal["topColumnOnly", "all", "none"], 'split.proposedTopColumn': Literal["primary", "supplementary", "secondary"], 'split.reportsWillChangeDisplayMode': bool, 'split.setSecondaryPushAnimated': bool, 'split.sizeCallbackOnColumnWidth': bool, 'split.tileMinimumWidth': float, 'tabBarDefinesPresentationContext': bool, 'tableAlwaysBounceVertical': bool, 'traits.handlerOrder': Literal["handlerFirst", "legacyFirst"], 'traits.landscapeSafeArea': Insets, 'traits.padCompactWidthThreshold': float, 'traits.sizeClassPolicy': Literal["device", "compactPhones"], 'traits.skipFirstWillTransitionInSplitOverlay': bool, 'traits.styleChangeCallsDidChange': bool, 'transition.completeTimeoutMs': Optional[float], 'transitionDidBeforeCompletion': bool, 'transitionOrder': Literal["fromFirst", "toFirst"], 'transitionThrowsWithoutForwarding': bool, 'viewIsAppearing': bool}, total=False)


class DaemonInfoResultClock(TypedDict):
    fps: int
    mode: Literal["auto", "manual"]
    now: float


class DaemonInfoResultLimits(TypedDict):
    maxAnimationFrames: int
    maxBatchOutput: int
    maxClientBacklog: int
    maxConstraints: int
    maxConstraintsPerView: int
    maxDepth: int
    maxMessageSize: int
    maxObjects: int
    maxTreeDepth: int
    maxTurnEvents: int


class DaemonInfoResult(TypedDict):
    clock: DaemonInfoResultClock
    events: List[Literal["lifecycle", "completion", "warning", "offset", "scroll", "layout", "table", "delegate", "coordinator", "transitioning"]]
    framing: Literal["lines", "headers"]
    limits: DaemonInfoResultLimits
    name: str
    protocolVersion: int
    version: str


class DaemonPingResult(TypedDict):
    pong: bool


class LayoutAddConstraintsResult(TypedDict):
    ids: List[str]


class _LayoutAddConstraintsConstraintsItemRequired(TypedDict):
    attribute: Literal["left", "right", "top", "bottom", "leading", "trailing", "width", "height", "centerX", "centerY"]
    item: str


class LayoutAddConstraintsConstraintsItem(_LayoutAddConstraintsConstraintsItemRequired, total=False):
    constant: float
    id: str
    multiplier: float
    priority: float
    relation: Literal["==", "<=", ">="]
    toAttribute: Literal["left", "right", "top", "bottom", "leading", "trailing", "width", "height", "centerX", "centerY"]
    toItem: str


class LayoutLayoutIfNeededResult(TypedDict):
    ambiguous: List[str]


class NavigationPopResult(TypedDict):
    popped: Optional[str]


class NavigationPopToResult(TypedDict):
    popped: List[str]


class PageViewGetResultCache(TypedDict, total=False):
    after: Optional[str]
    before: Optional[str]


class PageViewGetResult(TypedDict):
    cache: PageViewGetResultCache
    children: List[str]
    interPageSpacing: float
    isDoubleSided: bool
    isTransitioning: bool
    navigationOrientation: str
    pages: Optional[List[str]]
    pending: Optional[str]
    spineLocation: str
    transitionStyle: str
    viewControllers: List[str]


class PageViewSwipeResult(TypedDict, total=False):
    pending: Optional[str]


class Point(TypedDict):
    x: float
    y: float


class _PagingGetResultPagesItemRequired(TypedDict):
    controller: str
    loaded: bool


class PagingGetResultPagesItem(_PagingGetResultPagesItemRequired, total=False):
    contentOffset: Point
    scrollView: str


class PagingGetResult(TypedDict):
    headerFrame: Rect
    index: int
    pages: List[PagingGetResultPagesItem]


class PresentationGetResult(TypedDict):
    context: Optional[str]
    frame: Optional[Rect]
    presentedViewController: Optional[str]
    presentingViewController: Optional[str]
    style: Optional[str]
    transitionStyle: Optional[str]


class PresentationPresentDelegate(TypedDict, total=False):
    shouldDismiss: bool


class RpcDiscoverResultInfo(TypedDict):
    description: str
    title: str
    version: str


RpcDiscoverResult = TypedDict("RpcDiscoverResult", {'info': RpcDiscoverResultInfo, 'methods': List[Dict[str, Any]], 'openrpc': str, 'x-events': List[Dict[str, Any]]})


class SceneLoadResult(TypedDict):
    ids: Dict[str, str]


class Size(TypedDict):
    height: float
    width: float


class ScrollFlingResult(TypedDict):
    targetContentOffset: Point


class ScrollGetResult(TypedDict):
    adjustedContentInset: Insets
    contentInset: Insets
    contentOffset: Point
    contentSize: Size
    isDecelerating: bool
    isDragging: bool
    isTracking: bool


class ScrollPanResult(TypedDict):
    contentOffset: Point


class _SplitGetResultRequired(TypedDict):
    children: List[str]
    columns: Dict[str, ControllerGetResultSplitColumnsValue]
    displayMode: str
    displayModeButtonVisible: bool
    isCollapsed: bool
    presentsWithGesture: bool
    splitBehavior: str
    style: str
    visibleColumns: List[str]


class SplitGetResult(_SplitGetResultRequired, total=False):
    pending: Dict[str, Optional[str]]


class SplitHideResult(TypedDict):
    ignored: bool


class SplitSetViewControllerResult(TypedDict):
    wrapper: Optional[str]


class SplitShowDetailResult(TypedDict):
    how: Literal["installed", "pushed", "presented"]


class SplitViewControllerResult(TypedDict):
    controller: Optional[str]
    wrapper: Optional[str]


class TableGetResultCellsItem(TypedDict):
    cell: int
    identifier: str
    row: int
    section: int


class TableGetResultSelected(TypedDict):
    row: int
    section: int


class TableGetResult(TypedDict):
    cells: List[TableGetResultCellsItem]
    cellsMade: int
    contentSize: Size
    numberOfRows: int
    numberOfSections: int
    registered: List[str]
    selected: Optional[TableGetResultSelected]
    style: Literal["plain", "grouped"]


class TableRectForRowResult(TypedDict):
    rect: Rect


class TableSelectResult(TypedDict):
    model: Any


class TableSetDataResult(TypedDict):
    contentSize: Size


class _TableSetDataSectionsItemRowsItemRequired(TypedDict):
    height: float


class TableSetDataSectionsItemRowsItem(_TableSetDataSectionsItemRowsItemRequired, total=False):
    identifier: Optional[str]
    model: Any


class TableSetDataSectionsItem(TypedDict, total=False):
    footerHeight: float
    headerHeight: float
    heights: Sequence[float]
    identifier: Optional[str]
    identifiers: Sequence[Optional[str]]
    rowCount: int
    rowHeight: float
    rows: Sequence[TableSetDataSectionsItemRowsItem]


class TableVisibleRowsResultHeadersItem(TypedDict):
    height: float
    section: int
    y: float


class _TableVisibleRowsResultRequired(TypedDict):
    rows: List[TableGetResultSelected]


class TableVisibleRowsResult(_TableVisibleRowsResultRequired, total=False):
    headers: List[TableVisibleRowsResultHeadersItem]


class TransitionAnimateAlongsideResult(TypedDict):
    queued: bool


_TransitionCoordinatorResultRequired = TypedDict("_TransitionCoordinatorResultRequired", {'active': bool})
_TransitionCoordinatorResultOptional = TypedDict("_TransitionCoordinatorResultOptional", {'animator': Optional[str], 'awaitingCompletion': bool, 'awaitingInteraction': bool, 'from': Optional[str], 'initiallyInteractive': bool, 'isAnimated': bool, 'isCancelled': bool, 'isInteractive': bool, 'isInterruptible': bool, 'kind': Literal["push", "pop", "present", "dismiss", "tab", "resize", "column"], 'percentComplete': float, 'presentationStyle': Literal["none", "fullScreen", "pageSheet", "formSheet", "overFullScreen", "overCurrentContext", "currentContext", "custom"], 'to': Optional[str], 'transitionDuration': float}, total=False)


class TransitionCoordinatorResult(_TransitionCoordinatorResultRequired, _TransitionCoordinatorResultOptional):
    pass


class TransitionNotifyWhenInteractionChangesResult(TypedDict):
    registered: bool


class TransitionSetAnimatorResult(TypedDict):
    animator: str


class TransitionSetAnimatorPresentationController(TypedDict, total=False):
    frame: Rect
    shouldRemovePresentersView: bool


class ViewFocusResult(TypedDict):
    isFirstResponder: bool


class _ViewGetResultRequired(TypedDict):
    bounds: Rect
    controller: Optional[str]
    frame: Rect
    frameInWindow: Optional[Rect]
    id: str
    kind: Literal["UIView", "UIScrollView", "UITableView", "UILabel", "UITextField", "UIWindow", "UINavigationBar", "UIToolbar", "UITabBar"]
    layoutMargins: Insets
    safeAreaInsets: Insets
    subviews: List[str]
    superview: Optional[str]
    window: Optional[str]


class ViewGetResult(_ViewGetResultRequired, total=False):
    autoresizingMask: List[str]
    clipsToBounds: bool
    idiom: Literal["phone", "pad"]
    isHidden: bool
    rootViewController: Optional[str]
    safeArea: Insets
    text: str
    traits: ControllerGetResultTraits


class ViewHitTestResult(TypedDict):
    view: Optional[str]


class WorldRenderResult(TypedDict):
    format: str
    svg: str


class WorldSnapshotResult(TypedDict):
    clock: DaemonInfoResultClock
    controllers: List[ControllerGetResult]
    views: List[ViewGetResult]
    windows: List[str]


class TopLevelMethods(Protocol):
    """The methods without a family."""

    def exit(self, **params: Any) -> None:
        """exit: LSP exit (a notification): ends the session; over stdio the daemon exits 0 after shutdown, 1 without. Answers null if sent with an id."""
        ...

    def initialize(self, **params: Any) -> InitializeResult:
        """initialize: LSP initialize: capabilities (nothing an editor acts on), serverInfo, and under capabilities.experimental the protocol version and the method list. Once per connection; optional for JSON-RPC clients."""
        ...

    def initialized(self, **params: Any) -> None:
        """initialized: LSP initialized (a notification): accepted, changes nothing. Answers null if sent with an id."""
        ...

    def shutdown(self, **params: Any) -> None:
        """shutdown: LSP shutdown: answers null; afterwards this connection's requests other than exit get -32600 and its notifications other than exit are dropped."""
        ...


class AppearanceMethods(Protocol):
    """The appearance/* methods."""

    def begin(self, *, controller: str, is_appearing: bool, animated: bool = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """appearance/begin: beginAppearanceTransition(_:animated:) (R11, R13, R14, R16)."""
        ...

    def call_directly(self, *, controller: str, callback: Literal["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"], animated: bool = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """appearance/callDirectly: Calls viewWillAppear/viewDidAppear/viewWillDisappear/viewDidDisappear directly, as app code must not (R12)."""
        ...

    def end(self, *, controller: str, _timeout: Optional[float] = ...) -> EmptyResult:
        """appearance/end: endAppearanceTransition() (R13, R16)."""
        ...


class BehaviorMethods(Protocol):
    """The behavior/* methods."""

    def add(self, *, id: str = ..., kind: Literal["pinToTop", "floatOverContent", "followOffset"], view: str, scroll_view: str, offset: float = ..., factor: float = ..., min_y: float = ..., max_y: float = ..., _timeout: Optional[float] = ...) -> BehaviorAddResult:
        """behavior/add: A reaction run synchronously inside scrollViewDidScroll: pinToTop, floatOverContent, followOffset."""
        ...

    def remove(self, *, id: str, _timeout: Optional[float] = ...) -> EmptyResult:
        """behavior/remove: Removes a behaviour."""
        ...


class ClassMethods(Protocol):
    """The class_/* methods."""

    def register(self, *, name: str, kind: Literal["UIViewController", "UINavigationController", "UITabBarController"] = ..., view: ClassRegisterView = ..., conforms_to_container_protocol: bool = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """class/register: Declares a view controller subclass, for the auto container's NSClassFromString (seed 000)."""
        ...


class ClockMethods(Protocol):
    """The clock/* methods."""

    def advance(self, *, ms: float, _timeout: Optional[float] = ...) -> ClockAdvanceResult:
        """clock/advance: Advances the virtual clock by ms (manual mode drives animations with it)."""
        ...

    def configure(self, *, mode: Literal["auto", "manual"] = ..., fps: int = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """clock/configure: Clock mode (auto or manual) and frame rate."""
        ...

    def now(self, *, _timeout: Optional[float] = ...) -> ClockAdvanceResult:
        """clock/now: The virtual time in ms."""
        ...


class ContainmentMethods(Protocol):
    """The containment/* methods."""

    def add_child(self, *, parent: str, child: str, _timeout: Optional[float] = ...) -> EmptyResult:
        """containment/addChild: parent.addChild(child): willMove(toParent:) automatically (R4, R5)."""
        ...

    def did_move(self, *, child: str, parent: Optional[str], _timeout: Optional[float] = ...) -> EmptyResult:
        """containment/didMove: child.didMove(toParent:), the container's own call (R4)."""
        ...

    def embed(self, *, parent: str, child: str, container: str = ..., frame: Rect = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """containment/embed: addChild, container.addSubview(child.view), didMove — one turn (R4, R6, R7, R8)."""
        ...

    def remove_from_parent(self, *, child: str, _timeout: Optional[float] = ...) -> EmptyResult:
        """containment/removeFromParent: child.removeFromParent(): didMove(toParent: nil) automatically (R4)."""
        ...

    def transition(self, *, parent: str, from_: str, to: str, duration: float = ..., options: Any = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """containment/transition: transition(from:to:duration:options:animations:completion:) (R17); completion as event/completion."""
        ...

    def unembed(self, *, child: str, _timeout: Optional[float] = ...) -> EmptyResult:
        """containment/unembed: willMove(toParent: nil), view.removeFromSuperview(), removeFromParent (R4, R6, R7, R8); a never-loaded view loads (R72)."""
        ...

    def will_move(self, *, child: str, parent: Optional[str], _timeout: Optional[float] = ...) -> EmptyResult:
        """containment/willMove: child.willMove(toParent:), the container's own call (R4)."""
        ...


class ControllerMethods(Protocol):
    """The controller/* methods."""

    def configure(self, *, controller: str, forwards_appearance: bool = ..., title: str = ..., clears_selection_on_view_will_appear: bool = ..., additional_safe_area_insets: Insets = ..., delegate: bool = ..., navigation_bar_hidden: bool = ..., prefers_large_titles: bool = ..., toolbar_hidden: bool = ..., navigation_bar_translucent: bool = ..., tab_bar_hidden: bool = ..., tab_bar_translucent: bool = ..., hides_bottom_bar_when_pushed: bool = ..., edges_for_extended_layout: Union[Literal["all"], Sequence[Literal["top", "bottom"]]] = ..., extended_layout_includes_opaque_bars: bool = ..., defines_presentation_context: bool = ..., provides_presentation_context_transition_style: bool = ..., modal_presentation_style: Literal["fullScreen", "pageSheet", "formSheet", "overFullScreen", "overCurrentContext", "currentContext", "custom"] = ..., modal_transition_style: Literal["coverVertical", "flipHorizontal", "crossDissolve", "partialCurl"] = ..., is_modal_in_presentation: bool = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """controller/configure: Sets forwardsAppearance (shouldAutomaticallyForwardAppearanceMethods), title, additionalSafeAreaInsets, bars, the presentation properties (R53–R56)."""
        ...

    def create(self, *, id: str = ..., kind: Literal["UIViewController", "UINavigationController", "UITabBarController", "UITableViewController", "AutoContainerViewController", "PagingContainerViewController", "UIPageViewController", "UISplitViewController"] = ..., table_view: str = ..., clears_selection_on_view_will_appear: bool = ..., scroll_view: str = ..., header: ControllerCreateHeader = ..., pages: Optional[Sequence[str]] = ..., header_formula: Literal["absolute", "delta"] = ..., page_switch_offset: Literal["forced", "keepDeeper"] = ..., short_list_inset: bool = ..., root: str = ..., controllers: Sequence[str] = ..., selected_index: int = ..., class_name: str = ..., title: str = ..., restoration_identifier: str = ..., forwards_appearance: bool = ..., additional_safe_area_insets: Insets = ..., view: ClassRegisterView = ..., navigation_bar_hidden: bool = ..., prefers_large_titles: bool = ..., toolbar_hidden: bool = ..., navigation_bar_translucent: bool = ..., tab_bar_hidden: bool = ..., tab_bar_translucent: bool = ..., hides_bottom_bar_when_pushed: bool = ..., edges_for_extended_layout: Union[Literal["all"], Sequence[Literal["top", "bottom"]]] = ..., extended_layout_includes_opaque_bars: bool = ..., defines_presentation_context: bool = ..., provides_presentation_context_transition_style: bool = ..., modal_presentation_style: Literal["fullScreen", "pageSheet", "formSheet", "overFullScreen", "overCurrentContext", "currentContext", "custom"] = ..., modal_transition_style: Literal["coverVertical", "flipHorizontal", "crossDissolve", "partialCurl"] = ..., is_modal_in_presentation: bool = ..., transition_style: Literal["scroll", "pageCurl"] = ..., navigation_orientation: Literal["horizontal", "vertical"] = ..., spine_location: Literal["min", "mid", "max"] = ..., is_double_sided: bool = ..., inter_page_spacing: float = ..., delegate: Union[bool, ControllerCreateDelegate2] = ..., initial: Sequence[str] = ..., style: Literal["doubleColumn", "tripleColumn"] = ..., columns: ControllerCreateColumns = ..., preferred_display_mode: Literal["automatic", "secondaryOnly", "oneBesideSecondary", "oneOverSecondary", "twoBesideSecondary", "twoOverSecondary", "twoDisplaceSecondary"] = ..., preferred_split_behavior: Literal["automatic", "tile", "overlay", "displace"] = ..., presents_with_gesture: bool = ..., _timeout: Optional[float] = ...) -> ControllerCreateResult:
        """controller/create: A view controller; its view is not loaded until named (R1)."""
        ...

    def destroy(self, *, controller: str, _timeout: Optional[float] = ...) -> EmptyResult:
        """controller/destroy: Forgets a controller; refused while it is in a hierarchy."""
        ...

    def get(self, *, controller: str, _timeout: Optional[float] = ...) -> ControllerGetResult:
        """controller/get: State of a controller; never loads its view. A tab bar controller adds selectedIndex and selectedViewController (null without tabs); a page view controller adds pageView (pages shown, data source, style, spine); a split view controller adds split (columns, display mode, isCollapsed)."""
        ...

    def load_view(self, *, controller: str, _timeout: Optional[float] = ...) -> ControllerLoadViewResult:
        """controller/loadView: The same as reading controller.view (R1, R3)."""
        ...

    def set_trait_overrides(self, *, controller: str, traits: ControllerSetTraitOverridesTraits, _timeout: Optional[float] = ...) -> ControllerSetTraitOverridesResult:
        """controller/setTraitOverrides: traitOverrides: merges size classes or a style into the controller's overrides (null removes one); it and its descendants get the trait update for what changed, and its children no size-class callbacks from a change the overrides hide (R67)."""
        ...

    def unload_view(self, *, controller: str, _timeout: Optional[float] = ...) -> EmptyResult:
        """controller/unloadView: controller.view = nil (R2); refused while the view is in a hierarchy."""
        ...


class DaemonMethods(Protocol):
    """The daemon/* methods."""

    def configure(self, *, options: DaemonConfigureOptions = ..., _timeout: Optional[float] = ...) -> DaemonConfigureResult:
        """daemon/configure: Options for the open points of the UIKit rules (Documentation/Engine.md, with their defaults). Returns all current values."""
        ...

    def info(self, *, _timeout: Optional[float] = ...) -> DaemonInfoResult:
        """daemon/info: Name, version, protocol version, the framing of this request, limits and clock."""
        ...

    def ping(self, **params: Any) -> DaemonPingResult:
        """daemon/ping: Answers {pong: true}; takes any params."""
        ...

    def shutdown(self, *, _timeout: Optional[float] = ...) -> EmptyResult:
        """daemon/shutdown: Answers {}, then finishes, flushes and exits 0 (as on end of input)."""
        ...


class EventsMethods(Protocol):
    """The events/* methods."""

    def subscribe(self, *, kinds: Sequence[Literal["lifecycle", "completion", "warning", "offset", "scroll", "layout", "table", "delegate", "coordinator", "transitioning", "all"]], objects: Sequence[str] = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """events/subscribe: Adds event kinds (and optionally limits events to some objects)."""
        ...

    def unsubscribe(self, *, kinds: Sequence[Literal["lifecycle", "completion", "warning", "offset", "scroll", "layout", "table", "delegate", "coordinator", "transitioning", "all"]], _timeout: Optional[float] = ...) -> EmptyResult:
        """events/unsubscribe: Removes event kinds."""
        ...


class KeyboardMethods(Protocol):
    """The keyboard/* methods."""

    def hide(self, *, window: str, animated: bool = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """keyboard/hide: The keyboard leaves; tables adjusted for it get their inset back (S2.8)."""
        ...

    def show(self, *, window: str, height: float, animated: bool = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """keyboard/show: The keyboard covers the window's bottom height points; UITableViewControllers avoid it (S2.8)."""
        ...


class LayoutMethods(Protocol):
    """The layout/* methods."""

    def add_constraints(self, *, constraints: Sequence[LayoutAddConstraintsConstraintsItem], _timeout: Optional[float] = ...) -> LayoutAddConstraintsResult:
        """layout/addConstraints: NSLayoutConstraint.activate: anchors of views or <view>.safeAreaLayoutGuide, solved by Cassowary."""
        ...

    def layout_if_needed(self, *, view: str, _timeout: Optional[float] = ...) -> LayoutLayoutIfNeededResult:
        """layout/layoutIfNeeded: view.layoutIfNeeded(): lays out the views in its subtree that need it now (R30); reports ambiguous views."""
        ...

    def remove_constraints(self, *, ids: Sequence[str], _timeout: Optional[float] = ...) -> EmptyResult:
        """layout/removeConstraints: NSLayoutConstraint.deactivate."""
        ...


class NavigationMethods(Protocol):
    """The navigation/* methods."""

    def interactive_pop(self, *, navigation: str, action: Literal["begin", "update", "finish", "cancel"], progress: float = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """navigation/interactivePop: The swipe-back gesture: begin, update (progress 0...1), finish or cancel (R23, R24)."""
        ...

    def pop(self, *, navigation: str, animated: bool = ..., _timeout: Optional[float] = ...) -> NavigationPopResult:
        """navigation/pop: popViewController(animated:) (R18–R20); popped is null at the root."""
        ...

    def pop_to(self, *, navigation: str, controller: str, animated: bool = ..., _timeout: Optional[float] = ...) -> NavigationPopToResult:
        """navigation/popTo: popToViewController(_:animated:) (R18–R20, R22)."""
        ...

    def pop_to_root(self, *, navigation: str, animated: bool = ..., _timeout: Optional[float] = ...) -> NavigationPopToResult:
        """navigation/popToRoot: popToRootViewController(animated:) (R18–R20)."""
        ...

    def push(self, *, navigation: str, controller: str, animated: bool = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """navigation/push: pushViewController(_:animated:) (R18–R20, R22)."""
        ...

    def set_navigation_bar_hidden(self, *, navigation: str, hidden: bool, animated: bool = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """navigation/setNavigationBarHidden: setNavigationBarHidden(_:animated:): the children's safe area follows at the turn's end (R68)."""
        ...

    def set_toolbar_hidden(self, *, navigation: str, hidden: bool, animated: bool = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """navigation/setToolbarHidden: setToolbarHidden(_:animated:): the children's safe area follows at the turn's end (R68)."""
        ...

    def set_view_controllers(self, *, navigation: str, controllers: Sequence[str], animated: bool = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """navigation/setViewControllers: setViewControllers(_:animated:) (R18, R21)."""
        ...


class PageViewMethods(Protocol):
    """The page_view/* methods."""

    def get(self, *, page_view: str, _timeout: Optional[float] = ...) -> PageViewGetResult:
        """pageView/get: viewControllers, children, the cached neighbours, whether a page transition is in flight (R31, R37)."""
        ...

    def set_pages(self, *, page_view: str, pages: Optional[Sequence[str]], _timeout: Optional[float] = ...) -> EmptyResult:
        """pageView/setPages: Replaces the data source's ordered list (null: no data source); the cached neighbours stay (R37)."""
        ...

    def set_view_controllers(self, *, page_view: str, controllers: Sequence[str], direction: Literal["forward", "reverse"] = ..., animated: bool = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """pageView/setViewControllers: setViewControllers(_:direction:animated:completion:) (R31–R35, R37); completion as event/completion."""
        ...

    def swipe(self, *, page_view: str, action: Literal["begin", "update", "finish", "cancel"], direction: Literal["forward", "reverse"] = ..., progress: float = ..., velocity: float = ..., _timeout: Optional[float] = ...) -> PageViewSwipeResult:
        """pageView/swipe: An interactive page turn, like navigation/interactivePop: begin, update, finish or cancel (R34–R37)."""
        ...


class PagingMethods(Protocol):
    """The paging/* methods."""

    def get(self, *, container: str, _timeout: Optional[float] = ...) -> PagingGetResult:
        """paging/get: The selected index, the header's frame (container coordinates) and the pages."""
        ...

    def select(self, *, container: str, index: int, animated: bool = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """paging/select: A title tap: index set at once, the pager scrolls there (animated at constant velocity)."""
        ...

    def set_pages(self, *, container: str, controllers: Sequence[str], _timeout: Optional[float] = ...) -> EmptyResult:
        """paging/setPages: Replaces the pages; removed ones leave (willMove(nil), removeFromParent)."""
        ...


class PresentationMethods(Protocol):
    """The presentation/* methods."""

    def configure_delegate(self, *, controller: str, should_dismiss: bool = ..., remove: bool = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """presentation/configureDelegate: Installs, changes or removes the adaptive presentation delegate (UIAdaptivePresentationControllerDelegate) of the controller's presentation controller (R58)."""
        ...

    def dismiss(self, *, controller: str, animated: bool = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """presentation/dismiss: dismiss(animated:) (R27); completion as event/completion."""
        ...

    def get(self, *, controller: str, _timeout: Optional[float] = ...) -> PresentationGetResult:
        """presentation/get: Who presents the controller and what it presents (UIKit's getters), and the presentation showing it: the context controller, style, transition style and frame in window coordinates (R53–R56)."""
        ...

    def interactive_dismiss(self, *, controller: str, action: Literal["begin", "update", "finish", "cancel"], progress: float = ..., velocity: float = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """presentation/interactiveDismiss: A swipe down on a pageSheet or formSheet, like navigation/interactivePop: begin, update, finish or cancel (R57–R59); the settle's end as event/completion (of interactiveDismiss)."""
        ...

    def present(self, *, presenter: str, controller: str, style: Literal["fullScreen", "pageSheet", "formSheet", "overFullScreen", "overCurrentContext", "currentContext", "custom"] = ..., animated: bool = ..., transition_style: Literal["coverVertical", "flipHorizontal", "crossDissolve", "partialCurl"] = ..., delegate: PresentationPresentDelegate = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """presentation/present: present(_:animated:) (R26–R28); currentContext/overCurrentContext from the nearest context (R53–R56, R70); completion as event/completion."""
        ...


class RpcMethods(Protocol):
    """The rpc/* methods."""

    def discover(self, *, _timeout: Optional[float] = ...) -> RpcDiscoverResult:
        """rpc.discover: This OpenRPC document, generated from the method registry."""
        ...


class SceneMethods(Protocol):
    """The scene/* methods."""

    def load(self, *, scene: Mapping[str, Any], _timeout: Optional[float] = ...) -> SceneLoadResult:
        """scene/load: Builds windows, controllers (of every kind, nested), views, frames and embeddings in one turn (Documentation/Scenes.md)."""
        ...


class ScrollMethods(Protocol):
    """The scroll/* methods."""

    def configure(self, *, view: str, content_size: Size = ..., content_inset: Insets = ..., bounces: bool = ..., always_bounce_vertical: bool = ..., always_bounce_horizontal: bool = ..., is_paging_enabled: bool = ..., deceleration_rate: Union[Literal["normal", "fast"], float] = ..., content_inset_adjustment_behavior: Literal["automatic", "scrollableAxes", "never", "always"] = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """scroll/configure: UIScrollView properties (S2.4)."""
        ...

    def fling(self, *, view: str, velocity: Point, _timeout: Optional[float] = ...) -> ScrollFlingResult:
        """scroll/fling: A pan that begins and is released at once at velocity (pt/s, the finger's), full drag sequence."""
        ...

    def get(self, *, view: str, _timeout: Optional[float] = ...) -> ScrollGetResult:
        """scroll/get: contentOffset, contentSize, contentInset, adjustedContentInset, isTracking, isDragging, isDecelerating."""
        ...

    def pan(self, *, view: str, phase: Literal["began", "changed", "ended", "cancelled"], translation: Point = ..., velocity: Point = ..., _timeout: Optional[float] = ...) -> ScrollPanResult:
        """scroll/pan: A pan gesture phase; translation is cumulative since began (the finger's, pt)."""
        ...

    def scroll_rect_to_visible(self, *, view: str, rect: Rect, animated: bool = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """scroll/scrollRectToVisible: scrollRectToVisible(_:animated:): nearest edge, nothing if visible (S2.6)."""
        ...

    def set_content_offset(self, *, view: str, offset: Point, animated: bool = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """scroll/setContentOffset: setContentOffset(_:animated:): not clamped; animated at constant velocity over 0.3 s (S2.6)."""
        ...


class SplitMethods(Protocol):
    """The split/* methods."""

    def get(self, *, split: str, _timeout: Optional[float] = ...) -> SplitGetResult:
        """split/get: isCollapsed, the display mode and behaviour, the columns and the children (R39–R42)."""
        ...

    def hide(self, *, split: str, column: Literal["primary", "supplementary", "secondary", "compact"], animated: bool = ..., _timeout: Optional[float] = ...) -> SplitHideResult:
        """split/hide: hide(_:) a column (R43); completion event hideColumn."""
        ...

    def set_view_controller(self, *, split: str, column: Literal["primary", "supplementary", "secondary", "compact"], controller: Optional[str], _timeout: Optional[float] = ...) -> SplitSetViewControllerResult:
        """split/setViewController: setViewController(_:for:) (R39, R44); null empties the column."""
        ...

    def show(self, *, split: str, column: Literal["primary", "supplementary", "secondary", "compact"], animated: bool = ..., _timeout: Optional[float] = ...) -> SplitHideResult:
        """split/show: show(_:) a column (R43); completion event showColumn."""
        ...

    def show_detail(self, *, split: str, controller: str, sender: str = ..., animated: bool = ..., _timeout: Optional[float] = ...) -> SplitShowDetailResult:
        """split/showDetail: showDetailViewController(_:sender:) (R45)."""
        ...

    def show_view_controller(self, *, split: str, controller: str, sender: str = ..., animated: bool = ..., _timeout: Optional[float] = ...) -> SplitShowDetailResult:
        """split/showViewController: show(_:sender:) on the split view controller (R45)."""
        ...

    def view_controller(self, *, split: str, column: Literal["primary", "supplementary", "secondary", "compact"], _timeout: Optional[float] = ...) -> SplitViewControllerResult:
        """split/viewController: viewController(for:): the column's controller and its wrapper (R39)."""
        ...


class TabMethods(Protocol):
    """The tab/* methods."""

    def select(self, *, tab_bar: str, index: int = ..., controller: str = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """tab/select: selectedIndex = index, or selectedViewController = controller (R25)."""
        ...

    def set_view_controllers(self, *, tab_bar: str, controllers: Sequence[str], _timeout: Optional[float] = ...) -> EmptyResult:
        """tab/setViewControllers: viewControllers = controllers (R3: only the selected tab loads; R71: the selection is kept, else the same index, else the first)."""
        ...


class TableMethods(Protocol):
    """The table/* methods."""

    def get(self, *, table: str, _timeout: Optional[float] = ...) -> TableGetResult:
        """table/get: The table's data shape, registrations, selection and displayed cells (S2.8)."""
        ...

    def rect_for_row(self, *, table: str, section: int, row: int, _timeout: Optional[float] = ...) -> TableRectForRowResult:
        """table/rectForRow: rectForRow(at:), in the table's content coordinates (S2.8)."""
        ...

    def register(self, *, table: str, identifier: str, _timeout: Optional[float] = ...) -> EmptyResult:
        """table/register: register(_:forCellReuseIdentifier:)."""
        ...

    def scroll_to_row(self, *, table: str, section: int, row: int, position: Literal["top", "middle", "bottom", "none"] = ..., animated: bool = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """table/scrollToRow: scrollToRow(at:at:animated:), clamped to the range (S2.8)."""
        ...

    def select(self, *, table: str, section: int, row: int, _timeout: Optional[float] = ...) -> TableSelectResult:
        """table/select: A tap on a row: selection, tableView(_:didSelectRowAt:); returns the row's model."""
        ...

    def set_data(self, *, table: str, sections: Sequence[TableSetDataSectionsItem], style: Literal["plain", "grouped"] = ..., dequeue: Literal["forIndexPath", "withIdentifier"] = ..., table_header_height: float = ..., table_footer_height: float = ..., section_header_top_padding: float = ..., _timeout: Optional[float] = ...) -> TableSetDataResult:
        """table/setData: The data source's answers, then reloadData; each section has rows, heights or rowCount (S2.8)."""
        ...

    def visible_rows(self, *, table: str, rect: Rect = ..., _timeout: Optional[float] = ...) -> TableVisibleRowsResult:
        """table/visibleRows: indexPathsForVisibleRows and the section headers in view with their sticky y; with rect, indexPathsForRows(in:)."""
        ...


class TraitsMethods(Protocol):
    """The traits/* methods."""

    def register(self, *, controller: str = ..., view: str = ..., traits: Sequence[Literal["horizontalSizeClass", "verticalSizeClass", "userInterfaceStyle", "displayScale"]], _timeout: Optional[float] = ...) -> BehaviorAddResult:
        """traits/register: registerForTraitChanges(traits, handler:) on a controller or a view: no call now; a traitChangeHandler lifecycle event when one of the traits changes (R63)."""
        ...

    def unregister(self, *, id: str, _timeout: Optional[float] = ...) -> EmptyResult:
        """traits/unregister: unregisterForTraitChanges(_:): the handler runs no more."""
        ...


class TransitionMethods(Protocol):
    """The transition/* methods."""

    def animate_alongside(self, *, controller: str, tag: str, view: str = ..., _timeout: Optional[float] = ...) -> TransitionAnimateAlongsideResult:
        """transition/animateAlongside: transitionCoordinator?.animate(alongsideTransition:completion:) as the controller calls it (R47)."""
        ...

    def complete(self, *, animator: str = ..., controller: str = ..., did_complete: bool, _timeout: Optional[float] = ...) -> EmptyResult:
        """transition/complete: completeTransition(_:) from a manual animator (R48): the did callbacks follow."""
        ...

    def coordinator(self, *, controller: str, _timeout: Optional[float] = ...) -> TransitionCoordinatorResult:
        """transition/coordinator: The controller's transitionCoordinator (found through its ancestors, R46), or {active:false}."""
        ...

    def notify_when_interaction_changes(self, *, controller: str, tag: str, _timeout: Optional[float] = ...) -> TransitionNotifyWhenInteractionChangesResult:
        """transition/notifyWhenInteractionChanges: transitionCoordinator?.notifyWhenInteractionChanges(_:) as the controller calls it (R50)."""
        ...

    def set_animator(self, *, controller: str, kind: Literal["push", "pop", "present", "dismiss", "tab"], duration: float = ..., completes: Union[bool, Literal["manual"]] = ..., interactive: bool = ..., presentation_controller: TransitionSetAnimatorPresentationController = ..., _timeout: Optional[float] = ...) -> TransitionSetAnimatorResult:
        """transition/setAnimator: Installs a custom animator where UIKit asks for one (R48, R49); answers its id."""
        ...

    def update_interactive(self, *, animator: str, action: Literal["update", "finish", "cancel"], percent_complete: float = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """transition/updateInteractive: Drives an interactive animator's transition (UIPercentDrivenInteractiveTransition update/finish/cancel, R50)."""
        ...


class ViewMethods(Protocol):
    """The view/* methods."""

    def add_subview(self, *, superview: str, view: str, index: int = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """view/addSubview: superview.addSubview(view) or insertSubview(_:at:) (R1, R6, R7, A-hier)."""
        ...

    def bring_subview_to_front(self, *, view: str, _timeout: Optional[float] = ...) -> EmptyResult:
        """view/bringSubviewToFront: superview.bringSubviewToFront(view); a named root view loads first (R72)."""
        ...

    def configure(self, *, view: str, is_hidden: bool = ..., clips_to_bounds: bool = ..., layout_margins: Insets = ..., insets_layout_margins_from_safe_area: bool = ..., preserves_superview_layout_margins: bool = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """view/configure: view.isHidden, view.clipsToBounds (hit testing, rendering); layoutMargins, insetsLayoutMarginsFromSafeArea, preservesSuperviewLayoutMargins (R64: a change lays the view out; its controller hears of new margins)."""
        ...

    def create(self, *, id: str = ..., kind: Literal["UIView", "UIScrollView", "UITableView", "UILabel", "UITextField"] = ..., frame: Rect = ..., autoresizing_mask: Sequence[Literal["flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin", "flexibleTopMargin", "flexibleHeight", "flexibleBottomMargin"]] = ..., text: str = ..., _timeout: Optional[float] = ...) -> BehaviorAddResult:
        """view/create: A view (not a window)."""
        ...

    def focus(self, *, view: str, _timeout: Optional[float] = ...) -> ViewFocusResult:
        """view/focus: becomeFirstResponder(): true for a UITextField in a window (S2.8, keyboard avoidance)."""
        ...

    def get(self, *, view: str, _timeout: Optional[float] = ...) -> ViewGetResult:
        """view/get: State of a view; never loads a controller's view."""
        ...

    def hit_test(self, *, window: str, point: Point, _timeout: Optional[float] = ...) -> ViewHitTestResult:
        """view/hitTest: window.hitTest(point): the frontmost view under a point in window coordinates, or null."""
        ...

    def remove_from_superview(self, *, view: str, _timeout: Optional[float] = ...) -> EmptyResult:
        """view/removeFromSuperview: view.removeFromSuperview() (R6, R7); a named root view loads first (R72)."""
        ...

    def set_frame(self, *, view: str, frame: Rect, _timeout: Optional[float] = ...) -> EmptyResult:
        """view/setFrame: view.frame = frame."""
        ...


class WindowMethods(Protocol):
    """The window/* methods."""

    def configure(self, *, window: str, idiom: Literal["phone", "pad"] = ..., size_class_policy: Literal["device", "compactPhones"] = ..., user_interface_style: Literal["light", "dark"] = ..., display_scale: float = ..., _timeout: Optional[float] = ...) -> ControllerSetTraitOverridesResult:
        """window/configure: The window's device idiom, size-class policy, interface style and display scale; what changes is told as a trait change (R60–R65). Answers the window's traits."""
        ...

    def create(self, *, id: str = ..., width: float = ..., height: float = ..., safe_area: Insets = ..., idiom: Literal["phone", "pad"] = ..., user_interface_style: Literal["light", "dark"] = ..., display_scale: float = ..., _timeout: Optional[float] = ...) -> BehaviorAddResult:
        """window/create: A window, 390×844 with safe area 47/34 unless given."""
        ...

    def resize(self, *, window: str, width: float, height: float, safe_area: Insets = ..., animated: bool = ..., duration: float = ..., traits: ControllerGetResultTraitOverrides = ..., _timeout: Optional[float] = ...) -> EmptyResult:
        """window/resize: A rotation or size change: viewWillTransition(to:) down the controller tree, new safe area, layout (R30)."""
        ...

    def set_root(self, *, window: str, controller: str, _timeout: Optional[float] = ...) -> EmptyResult:
        """window/setRoot: window.rootViewController = controller; makeKeyAndVisible() (R1, R6, R7)."""
        ...


class WorldMethods(Protocol):
    """The world/* methods."""

    def render(self, *, window: str, format: Literal["svg"] = ..., labels: Literal["auto", "callouts", "none"] = ..., legend: bool = ..., _timeout: Optional[float] = ...) -> WorldRenderResult:
        """world/render: A readable wireframe of a window as SVG: labels that never overprint, bars, safe area, keyboard, a legend."""
        ...

    def reset(self, *, _timeout: Optional[float] = ...) -> EmptyResult:
        """world/reset: All objects gone, clock 0; subscriptions kept."""
        ...

    def snapshot(self, *, root: str = ..., _timeout: Optional[float] = ...) -> WorldSnapshotResult:
        """world/snapshot: The whole world (or the subtree of root), deterministic."""
        ...


class Families:
    """The method families: attributes of ``Client`` and ``API`` (annotations only)."""

    appearance: AppearanceMethods
    behavior: BehaviorMethods
    class_: ClassMethods
    clock: ClockMethods
    containment: ContainmentMethods
    controller: ControllerMethods
    daemon: DaemonMethods
    events: EventsMethods
    keyboard: KeyboardMethods
    layout: LayoutMethods
    navigation: NavigationMethods
    page_view: PageViewMethods
    paging: PagingMethods
    presentation: PresentationMethods
    rpc: RpcMethods
    scene: SceneMethods
    scroll: ScrollMethods
    split: SplitMethods
    tab: TabMethods
    table: TableMethods
    traits: TraitsMethods
    transition: TransitionMethods
    view: ViewMethods
    window: WindowMethods
    world: WorldMethods


class EventsDeclarations:
    """The events/* methods, declared for type checkers on the client's event stream (which forwards
    them at run time)."""

    if TYPE_CHECKING:
        def subscribe(self, *, kinds: Sequence[Literal["lifecycle", "completion", "warning", "offset", "scroll", "layout", "table", "delegate", "coordinator", "transitioning", "all"]], objects: Sequence[str] = ..., _timeout: Optional[float] = ...) -> EmptyResult:
            """events/subscribe: Adds event kinds (and optionally limits events to some objects)."""
            ...

        def unsubscribe(self, *, kinds: Sequence[Literal["lifecycle", "completion", "warning", "offset", "scroll", "layout", "table", "delegate", "coordinator", "transitioning", "all"]], _timeout: Optional[float] = ...) -> EmptyResult:
            """events/unsubscribe: Removes event kinds."""
            ...

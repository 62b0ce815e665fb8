// A UIPageViewController's options and state (R31–R38; see Engine+PageView.swift).

extension Engine {
  /// A `UIPageViewController`'s configuration (set when it is created) and state: the pages it shows, its data source's
  /// ordered list, the neighbours it cached and the page transition in flight.
  public final class PageViewState {
    /// `UIPageViewController.TransitionStyle`.
    public enum TransitionStyle: String, Sendable, CaseIterable {
      case scroll, pageCurl
    }
    /// `UIPageViewController.NavigationOrientation` (vertical: `forward` is down, R31–R38 otherwise unchanged [INF]).
    public enum NavigationOrientation: String, Sendable, CaseIterable {
      case horizontal, vertical
    }
    /// `UIPageViewController.SpineLocation` (pageCurl only; scroll reports `none`, as UIKit does).
    public enum SpineLocation: String, Sendable, CaseIterable {
      case none, min, mid, max
    }
    /// `UIPageViewController.NavigationDirection`.
    public enum Direction: String, Sendable, CaseIterable {
      case forward, reverse
    }
    /// What the page view controller knows of a page's neighbour on one side (R37's cache).
    public enum Neighbour: Equatable {
      /// Not asked yet (or the cache was cleared): the data source is asked at the next swipe (R36).
      case unknown
      /// Cached: this controller (nil: the data source said there is none).
      case known(ControllerNode?)

      public static func == (lhs: Neighbour, rhs: Neighbour) -> Bool {
        switch (lhs, rhs) {
        case (.unknown, .unknown): return true
        case (.known(let a), .known(let b)): return a === b
        default: return false
        }
      }
    }
    /// A page transition in flight: an animated `setViewControllers` (R34/R35) or a swipe's settle, until its
    /// animation ends.
    public struct Transition {
      /// The pages coming in (children from the transition's start, R31).
      public let incoming: [ControllerNode]
      /// The pages going out (children until the transition's end, R31).
      public let outgoing: [ControllerNode]
      /// The swipe whose settle this is, and whether it turns the page (nil: an animated set).
      var settle: (swipe: Swipe, completes: Bool)? = nil
      /// Which scheduled end is this transition's: a caught settle (R37's interrupted swipe) drops its end.
      var serial = 0
    }

    public let transitionStyle: TransitionStyle
    public let navigationOrientation: NavigationOrientation
    public let spineLocation: SpineLocation
    public let isDoubleSided: Bool
    /// `UIPageViewControllerOptionInterPageSpacingKey` (scroll only; points).
    public let interPageSpacing: Double
    /// The data source's ordered list (nil: no data source, gestures disabled — R36).
    @exclusivity(unchecked) public internal(set) var pages: [ControllerNode]?
    /// Whether a delegate is installed (its calls are reported, R36).
    @exclusivity(unchecked) public internal(set) var hasDelegate: Bool
    /// `viewControllers`: the pages shown (or being shown by the transition in flight).
    @exclusivity(unchecked) public internal(set) var viewControllers: [ControllerNode] = []
    /// The cached neighbours of the current page (R37).
    @exclusivity(unchecked) public internal(set) var before = Neighbour.unknown
    @exclusivity(unchecked) public internal(set) var after = Neighbour.unknown
    /// The transition in flight (R38: no other may start meanwhile).
    @exclusivity(unchecked) public internal(set) var transition: Transition?
    /// The interactive swipe between its begin and its finish or cancel (R34–R36).
    @exclusivity(unchecked) public internal(set) var swipe: Swipe?

    /// R37 (`staleViewControllersAfterInterruptedSwipe`): what `viewControllers` still answers after a swipe that
    /// caught a settling page and then turned it; nil: the pages shown. Cleared by the next set or completed swipe.
    @exclusivity(unchecked) public internal(set) var staleViewControllers: [ControllerNode]?
    /// R38 (`overlapPolicy` queue): the sets asked for during a transition, run in order once it ends.
    @exclusivity(unchecked) var queuedSets: [(controllers: [ControllerNode], direction: Direction, animated: Bool)] = []
    /// The serial of the latest scheduled transition end (a caught settle's end no longer matches).
    @exclusivity(unchecked) var transitionSerial = 0
    /// Ends the animated set or the swipe's settle in flight at once (`finishTransitions(leaving:)`).
    @exclusivity(unchecked) var finishNow: ((Engine) -> Void)?

    /// Whether a page transition is in flight: an animated set, a swipe, or a swipe's settle animation.
    public var isTransitioning: Bool { transition != nil || swipe != nil }

    /// `viewControllers` as UIKit's property answers it: the pages shown, unless R37's interrupted swipe left it
    /// stale.
    public var reportedViewControllers: [ControllerNode] { staleViewControllers ?? viewControllers }

    /// The page being revealed (a swipe's or an animated set's first incoming page), else nil.
    public var pending: ControllerNode? { swipe?.incoming.first ?? transition?.incoming.first }

    /// Lets go of every controller it names (`world/reset`, the engine's end): the data source's list may name the
    /// page view's own ancestors, which would otherwise keep them alive as a cycle.
    func releaseControllers() {
      pages = nil
      viewControllers = []
      staleViewControllers = nil
      before = .unknown
      after = .unknown
      transition = nil
      swipe = nil
      queuedSets = []
      finishNow = nil
    }

    /// An interactive swipe in progress.
    public struct Swipe {
      /// The pages shown when the swipe began (two for a double-sided curl).
      public let outgoing: [ControllerNode]
      /// The neighbours it reveals (as many as `outgoing`).
      public let incoming: [ControllerNode]
      public let direction: Direction
      /// How far the finger has turned the page, 0...1.
      public internal(set) var progress: Double
      /// Whether this swipe caught a cancelled swipe's settle (R37's interrupted swipe).
      public internal(set) var isInterrupted = false
    }

    /// R32: how many controllers `setViewControllers` takes: scroll 1; pageCurl 2 when double-sided (mid spine: left
    /// and right pages; min/max: the new page's front and the previous page's back), else 1 (Apple's table for
    /// setViewControllers(_:direction:animated:completion:)).
    public var requiredCount: Int { transitionStyle == .pageCurl && isDoubleSided ? 2 : 1 }

    /// The frame of the page at `index` of `viewControllers` in the page view controller's view: the whole view, or
    /// its left or right half (top or bottom, vertical) for the two pages of a mid spine (R32).
    func pageFrame(_ index: Int, in containerView: ViewNode) -> Rect {
      let whole = containerView.fillingRect
      guard spineLocation == .mid else { return whole }
      if navigationOrientation == .horizontal {
        let half = whole.width / 2
        return Rect(x: index == 0 ? 0 : half, y: 0, width: half, height: whole.height)
      }
      let half = whole.height / 2
      return Rect(x: 0, y: index == 0 ? 0 : half, width: whole.width, height: half)
    }

    init(
      transitionStyle: TransitionStyle, navigationOrientation: NavigationOrientation, spineLocation: SpineLocation,
      isDoubleSided: Bool, interPageSpacing: Double, pages: [ControllerNode]?, hasDelegate: Bool
    ) {
      self.transitionStyle = transitionStyle
      self.navigationOrientation = navigationOrientation
      self.spineLocation = spineLocation
      self.isDoubleSided = isDoubleSided
      self.interPageSpacing = interPageSpacing
      self.pages = pages
      self.hasDelegate = hasDelegate
    }
  }

  /// A `UIPageViewController`'s options, as `controller/create` gives them (R31–R38).
  public struct PageViewOptions: Sendable, Equatable {
    public var transitionStyle = PageViewState.TransitionStyle.scroll
    public var navigationOrientation = PageViewState.NavigationOrientation.horizontal
    /// nil: `min` for pageCurl (UIKit's default), `none` for scroll.
    public var spineLocation: PageViewState.SpineLocation?
    public var isDoubleSided = false
    public var interPageSpacing = 0.0
    /// The data source's ordered list (ids; nil: no data source).
    public var pages: [String]?
    public var delegate = true
    /// A non-animated `setViewControllers` at creation (ids; nil: none).
    public var initial: [String]?
    public init() {}
  }

  /// The engine's choices where the rules leave page view behaviour open (R31–R38's open points; `daemon/configure`).
  public struct PageViewBehavior: Sendable, Equatable {
    /// R33: the page callbacks of a set while the page view controller is not on screen.
    public enum AppearanceWhenNotVisible: String, Sendable, CaseIterable {
      /// None until the page view controller appears; its forwarding then brings the pages (R9/R10; default).
      case `defer`
      /// The explicit begin/end pairs run anyway, inside the call (R11/R13 semantics).
      case immediate
    }
    /// R36: where the delegate's `willTransitionTo` comes relative to the swipe's will pair.
    public enum DelegateOrder: String, Sendable, CaseIterable {
      /// `willTransitionTo`, then incoming viewWillAppear, outgoing viewWillDisappear (default).
      case willTransitionFirst
      /// The will pair, then `willTransitionTo`.
      case appearanceFirst
    }
    /// R38: what a set or swipe during a page transition gets.
    public enum OverlapPolicy: String, Sendable, CaseIterable {
      /// Refused, `transitioning`, nothing changes (default).
      case refuse
      /// A set waits and runs when the transition ends (a swipe is still refused).
      case queue
      /// UIKit's NSInternalInconsistencyException "No view controller managing visible view", as an exception.
      case raise
    }

    /// R31: whether a page the data source returns ahead of time has its view loaded at that call (default false:
    /// only a transition that reveals it loads it).
    public var prefetchLoadsViews = false
    /// R33: whether adding a page sends `willMove(toParent:)` (default false: no log shows one).
    public var notifyWillMoveOnAdd = false
    /// R33 (default `defer`).
    public var appearanceWhenNotVisible = AppearanceWhenNotVisible.defer
    /// R36 (default `willTransitionFirst`).
    public var delegateOrder = DelegateOrder.willTransitionFirst
    /// R37: whether a swipe that catches a cancelled swipe's settle and then turns the page leaves `viewControllers`
    /// answering the page it started from (default false; rdar 22833651 reports it).
    public var staleViewControllersAfterInterruptedSwipe = false
    /// R38 (default `refuse`).
    public var overlapPolicy = OverlapPolicy.refuse
    /// R37: after an animated set from A to B the cached neighbour of B behind it is A, without asking the data
    /// source (default true, the reported quirk); a non-animated set clears the cache.
    public var staleCacheAfterAnimatedSet = true
    /// R34/R35 open point: an animated programmatic scroll's duration in seconds (default 0.3, as
    /// `setContentOffset(_:animated:)`) and a curl's (default 0.35) [UNK].
    public var scrollDuration = 0.3
    public var curlDuration = 0.35
    public init() {}
  }
}

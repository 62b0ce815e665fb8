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
    /// A page transition in flight: an animated `setViewControllers` (R34/R35) until its animation ends.
    public struct Transition {
      /// The pages coming in (children from the transition's start, R31).
      public let incoming: [ControllerNode]
      /// The pages going out (children until the transition's end, R31).
      public let outgoing: [ControllerNode]
    }

    public let transitionStyle: TransitionStyle
    public let navigationOrientation: NavigationOrientation
    public let spineLocation: SpineLocation
    public let isDoubleSided: Bool
    /// `UIPageViewControllerOptionInterPageSpacingKey` (scroll only; points).
    public let interPageSpacing: Double
    /// The data source's ordered list (nil: no data source, gestures disabled — R36).
    public internal(set) var pages: [ControllerNode]?
    /// Whether a delegate is installed (its calls are reported, R36).
    public internal(set) var hasDelegate: Bool
    /// `viewControllers`: the pages shown (or being shown by the transition in flight).
    public internal(set) var viewControllers: [ControllerNode] = []
    /// The cached neighbours of the current page (R37).
    public internal(set) var before = Neighbour.unknown
    public internal(set) var after = Neighbour.unknown
    /// The transition in flight (R38: no other may start meanwhile).
    public internal(set) var transition: Transition?
    /// The interactive swipe between its begin and its finish or cancel (R34–R36).
    public internal(set) var swipe: Swipe?

    /// Whether a page transition is in flight: an animated set, a swipe, or a swipe's settle animation.
    public var isTransitioning: Bool { transition != nil || swipe != nil }

    /// The page being revealed (a swipe's or an animated set's incoming page), else nil.
    public var pending: ControllerNode? { swipe?.incoming ?? transition?.incoming.first }

    /// An interactive swipe in progress.
    public struct Swipe {
      /// The page shown when the swipe began.
      public let outgoing: ControllerNode
      /// The neighbour it reveals.
      public let incoming: ControllerNode
      public let direction: Direction
      /// How far the finger has turned the page, 0...1.
      public internal(set) var progress: Double
    }

    /// R32: how many controllers `setViewControllers` takes: scroll 1; pageCurl 2 when double-sided (mid spine: left
    /// and right pages; min/max: the new page's front and the previous page's back), else 1 (Apple's table for
    /// setViewControllers(_:direction:animated:completion:)).
    public var requiredCount: Int { transitionStyle == .pageCurl && isDoubleSided ? 2 : 1 }

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
    /// R33: whether adding a page sends `willMove(toParent:)` (default false: no log shows one).
    public var notifyWillMoveOnAdd = false
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

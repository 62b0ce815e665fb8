/// The open points of the UIKit rules (Documentation/Modelled.md, "Open points"), as switches with the stated defaults,
/// so a behaviour can be changed when it is verified on a device (`daemon/configure`).
public struct EngineOptions: Sendable, Equatable {
  /// transition(from:to:): which side gets its callbacks first, for the will pair and for the did pair.
  public enum TransitionOrder: String, Sendable, CaseIterable { case fromFirst, toFirst }
  /// Where R8's second didMove applies.
  public enum DidMoveRedelivery: String, Sendable, CaseIterable {
    /// After a viewDidAppear / viewDidDisappear driven by the child's view entering / leaving a window in the same
    /// turn in which it was added to / removed from a visible parent (default).
    case windowDriven
    /// Never.
    case never
  }
  /// Same-direction begin nesting (R13).
  public enum BeginNesting: String, Sendable, CaseIterable {
    /// A counter: the did callback fires at the final matching end (default).
    case counter
    /// No counter: every end completes the transition in flight.
    case none
  }

  /// Where a root view's `viewLayoutMarginsDidChange` / `viewSafeAreaInsetsDidChange` come in a layout pass (R64's
  /// open point: on a size change Apple's logs put them during the layout of the new bounds, before
  /// viewDidLayoutSubviews; their place relative to viewWillLayoutSubviews is not documented).
  public enum SafeAreaCallbackPhase: String, Sendable, CaseIterable {
    /// Before viewWillLayoutSubviews (default).
    case beforeWillLayout
    /// After viewWillLayoutSubviews, before the view's layoutSubviews and viewDidLayoutSubviews.
    case insideLayout
  }

  /// Default `fromFirst`.
  public var transitionOrder = TransitionOrder.fromFirst
  /// Whether the did pair runs before the completion (default true; false: completion first).
  public var transitionDidBeforeCompletion = true
  /// Whether transition(from:to:) throws when the parent does not forward appearance (default false).
  public var transitionThrowsWithoutForwarding = false
  /// Default `windowDriven`.
  public var didMoveRedelivery = DidMoveRedelivery.windowDriven
  /// Default `counter`.
  public var beginNesting = BeginNesting.counter
  /// Whether `viewIsAppearing` is called (iOS 17+; default true): once per appearance, in the turn the appearance
  /// began, before the layout pass reaches the view (R69).
  public var viewIsAppearing = true
  /// Default `beforeWillLayout` (R64).
  public var safeAreaCallbackPhase = SafeAreaCallbackPhase.beforeWillLayout
  /// Push/pop duration in seconds (Documentation/Protocol.md, "Time, run loop and animation": 0.35).
  public var navigationDuration = 0.35
  /// Modal presentation duration in seconds (undocumented in UIKit; default 0.5).
  public var presentationDuration = 0.5
  /// `setContentOffset(_:animated:)` duration in seconds (S2.6, UNVERIFIED; default 0.3).
  public var scrollAnimationDuration = 0.3
  /// Paging: release speeds below this (pt/s) snap to the nearest page (S2.5, UNVERIFIED; 300).
  public var pagingVelocityThreshold = 300.0
  /// scrollRectToVisible: whether the visible area excludes adjustedContentInset (S2.6, UNVERIFIED;
  /// default false: the whole bounds, as the header comment reads).
  public var scrollRectToVisibleInsideInsets = false
  /// Whether a new UITableView has `alwaysBounceVertical` set (S5.8, UNVERIFIED; default true: a
  /// table bounces vertically however short its content, and so gets the vertical safe-area inset under `automatic`).
  public var tableAlwaysBounceVertical = true
  /// Keyboard animation duration in seconds (UIKeyboardAnimationDurationUserInfoKey is 0.25 on iPhone).
  public var keyboardAnimationDuration = 0.25
  /// Bounce spring: critically damped with this β per second (S2.3, UNVERIFIED; 10).
  public var bounceSpringBeta = 10.0
  /// R68: whether a navigation stack's root with `hidesBottomBarWhenPushed` hides the enclosing tab bar too (default
  /// true [INF]: UIKit hides it for any controller of the stack that sets it, which is why apps set it only on the
  /// controllers they push); false: only the controllers pushed above the root count.
  public var hidesBottomBarCountsRoot = true
  /// Whether a `UITabBarController` defines a presentation context unless told otherwise (R53; Apple documents the
  /// default only for UINavigationController, true; the tab bar controller's is unknown; default true).
  public var tabBarDefinesPresentationContext = true
  /// A UIPageViewController's open points (R31–R38).
  public var pageView = Engine.PageViewBehavior()
  /// A sheet's swipe-down (R58, R59).
  public var sheet = Engine.SheetBehavior()
  /// The transition coordinator's open points (R46–R51).
  public var coordinator = Engine.CoordinatorBehavior()
  /// Traits and size changes' open points (R60–R67).
  public var traits = Engine.TraitsBehavior()
  /// R39–R45's open points (split view controller).
  public var split = Engine.SplitBehaviorOptions()

  public init() {}
}

/// UIKit's names as engine types: the kinds of controller the engine models, the callbacks it makes and the
/// presentation styles it knows. Their raw values are UIKit's own spellings, which are also the wire's; the protocol
/// layer maps wire strings onto these cases once, and the engine compares cases, never strings.

/// A view controller class the engine models.
public enum ControllerKind: String, Sendable, CaseIterable {
  case viewController = "UIViewController"
  case navigationController = "UINavigationController"
  case tabBarController = "UITabBarController"
  case tableViewController = "UITableViewController"
  /// Seed 000's storyboard container that instantiates the class named in its restoration identifier.
  case autoContainer = "AutoContainerViewController"
  /// Seed 003's Weibo-style profile page: a header over horizontally paged children.
  case pagingContainer = "PagingContainerViewController"
  /// `UIPageViewController`: shows one page (two for a double-sided or mid-spine curl) and turns pages (R31–R38).
  case pageViewController = "UIPageViewController"
  /// `UISplitViewController`, iOS 14 column style: two or three columns, each wrapped in a navigation controller,
  /// collapsing into one stack in a compact width (R39–R45).
  case splitViewController = "UISplitViewController"
}

/// A `UIViewController` callback the engine reports (R1–R30, R69).
public enum LifecycleCallback: String, Sendable, CaseIterable {
  case loadView, viewDidLoad
  case viewWillAppear, viewIsAppearing, viewDidAppear, viewWillDisappear, viewDidDisappear
  case willMove, didMove
  case viewWillLayoutSubviews, viewDidLayoutSubviews
  case viewWillTransitionToSize
  /// The root view's safe area or layout margins changed (R64: during an appearance's geometry step and on every later
  /// change; the event carries the new value). In the `layout` category.
  case viewLayoutMarginsDidChange, viewSafeAreaInsetsDidChange
  /// R60–R63: `willTransition(to:with:)` before a size class changes (with the new traits), then, once the traits
  /// changed, the `registerForTraitChanges` handlers (`traitChangeHandler`) and `traitCollectionDidChange(_:)` (with
  /// the previous traits). In the `layout` category.
  case willTransitionToTraitCollection, traitCollectionDidChange, traitChangeHandler

  /// The four appearance callbacks app code must not call directly (R12).
  public static let appearance: [LifecycleCallback] = [
    .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear,
  ]
}

/// `UIModalPresentationStyle`, the styles the engine models (R26–R28, R53–R55).
public enum ModalPresentationStyle: String, Sendable, CaseIterable {
  case fullScreen, pageSheet, formSheet, overFullScreen, overCurrentContext, currentContext, custom

  /// Whether the presenter's view leaves the window (and the presenter gets disappear callbacks, R26): `fullScreen`
  /// and `currentContext`; sheets (iOS 13+), the `over` styles and `custom` keep it.
  public var removesPresenter: Bool { self == .fullScreen || self == .currentContext }

  /// Whether the presentation happens in a presentation context (R53, R70): `currentContext` and `overCurrentContext`
  /// are presented by the nearest controller, from the presenter up its parents, that defines one.
  public var usesPresentationContext: Bool { self == .currentContext || self == .overCurrentContext }
}

/// `UIModalTransitionStyle` (`modalTransitionStyle`, default `coverVertical`; R56: a presentation context can replace
/// it). The engine animates nothing, so the style is reported (`presentation/get`), not drawn.
public enum ModalTransitionStyle: String, Sendable, CaseIterable {
  case coverVertical, flipHorizontal, crossDissolve, partialCurl
}

/// A `UIScrollViewDelegate` callback the engine reports (S2.7), named as the wire's `event/scroll`.
public enum ScrollCallback: String, Sendable, CaseIterable {
  case willBeginDragging, willEndDragging, didEndDragging
  case willBeginDecelerating, didEndDecelerating
  case didEndScrollingAnimation
}

/// A `UITableViewDataSource` / `UITableViewDelegate` callback the engine reports (S2.8), named as the
/// wire's `event/table`.
public enum TableCallback: String, Sendable, CaseIterable {
  case cellForRow, didEndDisplaying, didSelectRow
}

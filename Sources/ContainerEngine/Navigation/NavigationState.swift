/// The bookkeeping of a `UINavigationController` or `UITabBarController` beyond its `children` (which are its
/// `viewControllers`).
final class NavigationState {
  /// The controller whose view is in the navigation controller's view (the top as last laid out).
  @exclusivity(unchecked) var displayed: ControllerNode?
  /// Pushed controllers that get `didMove(toParent: nav)` after their viewDidAppear (R20).
  @exclusivity(unchecked) var awaitingDidMove: [ControllerNode] = []
  /// Popped or replaced controllers that get `didMove(toParent: nil)` after the transition (R20).
  @exclusivity(unchecked) var outgoing: [ControllerNode] = []
  /// A change of the stack waits for the next layout pass (R18); `animated` of the latest call.
  @exclusivity(unchecked) var needsTransition = false
  @exclusivity(unchecked) var animated = false
  /// A visual transition is animating.
  @exclusivity(unchecked) var inFlight = false
  /// Which animated transition is in flight (its scheduled end does nothing once it was finished early).
  @exclusivity(unchecked) var transitionSerial = 0
  /// Finishes the animated transition in flight at once (UIKit's own animation only; `finishTransitions(leaving:)`).
  @exclusivity(unchecked) var finishNow: ((Engine) -> Void)?
  /// A tab bar controller's selection made while it was off screen (installed when it appears).
  @exclusivity(unchecked) var selectedWithoutView: ControllerNode?
  /// The swipe-back gesture in progress.
  @exclusivity(unchecked) var interactive: InteractivePop?
  /// What the transition reports as its completion (`push` or `pop`).
  @exclusivity(unchecked) var completionKind = "push"
  /// The bars and their settings (R68, Engine+Bars.swift).
  @exclusivity(unchecked) var bars = BarState()
  /// A UINavigationController's delegate is installed: it gets `willShow` / `didShow` (R51).
  @exclusivity(unchecked) var hasDelegate = false
  /// The coordinator of the transition requested or in flight (R46).
  @exclusivity(unchecked) var coordinator: TransitionCoordinator?
}

/// A navigation or tab bar controller's bars and their settings (R68). The bar views exist once the container's view
/// is loaded; the settings are kept from creation.
struct BarState {
  /// UINavigationController: `isNavigationBarHidden`, `navigationBar.prefersLargeTitles`, `isToolbarHidden`,
  /// `navigationBar.isTranslucent`.
  var navigationBarHidden = false
  var prefersLargeTitles = false
  var toolbarHidden = true
  var navigationBarTranslucent = true
  /// UITabBarController: `tabBar.isHidden`, `tabBar.isTranslucent`.
  var tabBarHidden = false
  var tabBarTranslucent = true
  /// The bar views (`<nav>.navigationBar`, `<nav>.toolbar`, `<tab>.tabBar`), nil until the view loads.
  var navigationBar: ViewNode?
  var toolbar: ViewNode?
  var tabBar: ViewNode?
}

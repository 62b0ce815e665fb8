/// The bookkeeping of a `UINavigationController` or `UITabBarController` beyond its `children` (which are its
/// `viewControllers`).
final class NavigationState {
  /// The controller whose view is in the navigation controller's view (the top as last laid out).
  var displayed: ControllerNode?
  /// Pushed controllers that get `didMove(toParent: nav)` after their viewDidAppear (R20).
  var awaitingDidMove: [ControllerNode] = []
  /// Popped or replaced controllers that get `didMove(toParent: nil)` after the transition (R20).
  var outgoing: [ControllerNode] = []
  /// A change of the stack waits for the next layout pass (R18); `animated` of the latest call.
  var needsTransition = false
  var animated = false
  /// A visual transition is animating.
  var inFlight = false
  /// A tab bar controller's selection made while it was off screen (installed when it appears).
  var selectedWithoutView: ControllerNode?
  /// The swipe-back gesture in progress.
  var interactive: InteractivePop?
  /// What the transition reports as its completion (`push` or `pop`).
  var completionKind = "push"
}

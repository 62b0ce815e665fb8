import ContainerEngine

/// The set-ups the coordinator and custom animator engine tests share (CoordinatorEngineTests,
/// CancelledAnimatorEngineTests): a window showing a presenter or a tab bar controller, viewIsAppearing off, the given
/// event categories recorded, and an animator installed with the tests' duration.
enum TransitionSetups {
  /// `p` the root of `win`, `m` free.
  static func presenter(recording categories: EngineEvent.Categories) throws -> (
    EngineHarness, p: ControllerNode, m: ControllerNode
  ) {
    let harness = EngineHarness(viewIsAppearing: false)
    harness.subscribe(categories)
    let window = try harness.window()
    let (p, m) = (try harness.controller("p"), try harness.controller("m"))
    try harness.show(p, in: window)
    return (harness, p, m)
  }

  /// `tabs` with `[a, b]` the root of `win`, showing `a`.
  static func tabBar(recording categories: EngineEvent.Categories) throws -> (
    EngineHarness, tabs: ControllerNode, a: ControllerNode, b: ControllerNode
  ) {
    let harness = EngineHarness(viewIsAppearing: false)
    harness.subscribe(categories)
    let window = try harness.window()
    let (a, b) = (try harness.controller("a"), try harness.controller("b"))
    let tabs = try harness.tabBar("tabs", tabs: [a, b])
    try harness.show(tabs, in: window)
    return (harness, tabs, a, b)
  }

  /// `transition/setAnimator` on `controller` for `kind`, 0.3 s (or `duration`), no presentation controller.
  static func install(
    _ harness: EngineHarness, on controller: ControllerNode, _ kind: TransitionCoordinator.Kind,
    duration: Double = 0.3, completes: TransitionAnimator.Completion = .after(false), interactive: Bool = false
  ) throws -> TransitionAnimator {
    try harness.engine.setAnimator(
      on: controller, kind: kind, duration: duration, completion: completes, interactive: interactive,
      presentationController: nil)
  }
}

/// Interactive custom transitions (R50): an animator installed with `interactive: true` is also its transition's
/// interaction controller, a `UIPercentDrivenInteractiveTransition`.
///
/// UIKit asks the delegate `interactionController(for:)` right after `animationController`, and starts the transition
/// with the interaction controller's `startInteractiveTransition(_:)`, which runs the animator's `animateTransition`
/// paused: the coordinator is interactive from the start (`isInteractive` and `initiallyInteractive` true) and nothing
/// ends until the client drives the interaction (`transition/updateInteractive`; an interactive pop's animator is
/// driven by `navigation/interactivePop`):
/// - `update` sets `percentComplete` (no callbacks);
/// - `finish` (`finishInteractiveTransition()`): the interaction-changed handlers (`isCancelled` false), then the
///   animation runs the rest of the duration and the animator completes as its `completes` says (a manual one when
///   `transition/complete` says so);
/// - `cancel` (`cancelInteractiveTransition()`): the interaction-changed handlers (`isCancelled` true) before the
///   reversing will calls, then the animation runs back (duration × percentComplete) and the animator calls
///   `completeTransition(false)` (a percent-driven animator completes with `!transitionWasCancelled`): the transition
///   rolls back (R52, Engine+CancelledTransitions.swift).
extension Engine {
  /// What `transition/updateInteractive` asks of the interaction controller.
  public enum InteractiveAction: String, Sendable, CaseIterable {
    /// `update(_ percentComplete:)`.
    case update
    /// `finish()`.
    case finish
    /// `cancel()`.
    case cancel
  }

  /// Drives the interactive transition `animator` runs (`transition/updateInteractive`, R50). Refused, changing
  /// nothing, when the animator runs no transition, or its transition is not waiting for the interaction (not
  /// interactive, finished or cancelled already, or an interactive pop, which `navigation/interactivePop` drives), or
  /// `update` comes without `percentComplete`.
  public func updateInteractiveTransition(
    animator: TransitionAnimator, action: InteractiveAction, percentComplete: Double?
  ) throws(EngineError) {
    guard let coordinator = transitions.active.first(where: { $0.animator?.id == animator.id && !$0.ended }) else {
      throw .invalidState(
        id: animator.id, state: "noTransition",
        message: "\(animator.id) runs no transition (it ended already, or never began)")
    }
    guard let complete = coordinator.awaitingInteraction, let running = coordinator.animator else {
      let reason =
        coordinator.initiallyInteractive && coordinator.isInteractive
        ? "an interactive pop, driven by navigation/interactivePop"
        : coordinator.initiallyInteractive
          ? "no longer interactive (finished or cancelled already)" : "not interactive"
      throw .invalidState(
        id: animator.id, state: "notInteractive", message: "the transition \(animator.id) runs is \(reason)")
    }
    if action == .update && percentComplete == nil {
      throw .unsupported(
        argument: .option("percentComplete"), expected: "a number in 0...1",
        message: "transition/updateInteractive update needs percentComplete")
    }
    let percent = min(1, max(0, percentComplete ?? coordinator.percentComplete))
    coordinator.percentComplete = percent
    switch action {
    case .update:
      return
    case .finish:
      coordinator.awaitingInteraction = nil
      interactionChanged(coordinator, cancelled: false)
      completeWhenAnimatorSays(coordinator, running, after: coordinator.transitionDuration * (1 - percent), complete)
    case .cancel:
      coordinator.awaitingInteraction = nil
      interactionChanged(coordinator, cancelled: true)
      schedule(after: coordinator.transitionDuration * percent) { engine in complete(engine, false) }
    }
  }

  /// The transitioning delegate's questions (R48, R50): `animationController`, then for an interactive animator
  /// `interactionController(for:)`.
  func askForAnimator(_ animator: TransitionAnimator, rule: String) {
    transitioning(animator.id, .animationController, didComplete: nil, rule: rule)
    if animator.interactive { transitioning(animator.id, .interactionController, didComplete: nil, rule: "R50") }
  }

  /// The interactive pop's animator (R50, R51): an interactive pop animator installed on `nav`, the one UIKit's
  /// `interactionController(for:)` returns for the swipe back; nil otherwise (the system's own pop animation).
  func interactivePopAnimator(_ nav: ControllerNode) -> TransitionAnimator? {
    guard let animator = transitions.animator(of: nav, kind: .pop), animator.interactive else { return nil }
    return animator
  }

  /// The end of the settle of an interactive pop (R50, R51), at the settle's end or earlier when the navigation
  /// controller leaves the window (`scheduleInteractivePopEnd`): without an animator, `body(engine, finishing)`; with
  /// one, the animator completes as for `transition/updateInteractive` — when finishing, as its `completes` says
  /// (`completeTransition`, then the body, the alongside completions, `animationEnded`; a manual one on
  /// `transition/complete`), when cancelling with false.
  func settleInteractivePop(
    _ nav: ControllerNode, _ coordinator: TransitionCoordinator?, after delay: Double, finishing: Bool,
    _ body: @escaping (Engine, Bool) -> Void
  ) {
    guard let coordinator, let animator = coordinator.animator else {
      scheduleInteractivePopEnd(nav, after: delay) { engine in body(engine, finishing) }
      return
    }
    let complete = animatorCompletion(coordinator, animator, body)
    switch (finishing, animator.completion) {
    case (true, .manual):
      completeWhenAnimatorSays(coordinator, animator, after: delay, complete)
    case (true, .after(let didComplete)):
      scheduleInteractivePopEnd(nav, after: delay) { engine in complete(engine, didComplete) }
    case (false, _):
      scheduleInteractivePopEnd(nav, after: delay) { engine in complete(engine, false) }
    }
  }
}

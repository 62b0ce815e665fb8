/// Custom animators (R48, R49): installed where UIKit asks for one, completed by the engine at the end of their
/// duration or by the client (`transition/complete`).
extension Engine {
  /// Installs a custom animator for `kind` transitions of `controller` (`transition/setAnimator`), replacing one set
  /// before. UIKit asks the presented controller's transitioning delegate for present and dismiss, the navigation
  /// controller's delegate for push and pop, the tab bar controller's delegate for tab switches: `controller` must be
  /// of that kind. An animator that completes with `false` cancels the transition, which rolls back with R52's
  /// begin-twice reversal (Engine+CancelledTransitions.swift). An interactive one (`UIPercentDrivenInteractiveTransition`)
  /// starts its transition interactive, driven by `transition/updateInteractive`; an interactive pop animator is the
  /// one `navigation/interactivePop` uses (R50, R51).
  public func setAnimator(
    on controller: ControllerNode, kind: TransitionCoordinator.Kind, duration: Double,
    completion: TransitionAnimator.Completion, interactive: Bool,
    presentationController: TransitionAnimator.PresentationControllerSettings?
  ) throws(EngineError) -> TransitionAnimator {
    switch kind {
    case .push, .pop:
      guard controller.isNavigationController else {
        throw .unsupported(
          argument: .option("controller"), expected: "a UINavigationController for a \(kind.rawValue) animator",
          message: Engine.describeKind(controller.id, controller.kind.rawValue, expected: "a UINavigationController"))
      }
    case .tab:
      guard controller.isTabBarController else {
        throw .unsupported(
          argument: .option("controller"), expected: "a UITabBarController for a tab animator",
          message: Engine.describeKind(controller.id, controller.kind.rawValue, expected: "a UITabBarController"))
      }
    case .present, .dismiss:
      break
    case .resize, .column:
      // R66, R43: a size change's and a split view controller's display-mode change's coordinators have UIKit's own
      // animation.
      throw .unsupported(
        argument: .option("kind"), expected: "present, dismiss, push, pop or tab",
        message: "no animator for a \(kind.rawValue)")
    }
    if presentationController != nil && kind != .present && kind != .dismiss {
      throw .unsupported(
        argument: .option("presentationController"), expected: "a present or dismiss animator",
        message: "presentationController applies to present and dismiss animators only")
    }
    let animator = TransitionAnimator(
      controller: controller, kind: kind, duration: duration, completion: completion, interactive: interactive,
      presentationController: presentationController)
    transitions.install(animator)
    return animator
  }

  /// The animator with this id, if installed.
  public func animator(id: String) -> TransitionAnimator? { transitions.animator(id: id) }

  /// `transitionContext.completeTransition(didComplete)` from a manual animator (`transition/complete`), found by its
  /// animator or by a controller of the transition: UIKit then delivers the did callbacks (R48). Refused, changing
  /// nothing, when no transition of theirs is waiting for it (it completed already, or never began).
  public func completeTransition(
    animator: TransitionAnimator?, controller: ControllerNode?, didComplete: Bool
  ) throws(EngineError) {
    // By id: an animator installed again during its transition (same id) names the one running it. Given both, they
    // must name the same transition.
    let waiting = transitions.active.first { coordinator in
      guard coordinator.isAwaitingCompletion, animator != nil || controller != nil else { return false }
      if let animator, coordinator.animator?.id != animator.id { return false }
      if let controller, transitionCoordinator(of: controller) !== coordinator { return false }
      return true
    }
    guard let waiting, let complete = waiting.awaitingCompletion else {
      let id = animator?.id ?? controller?.id ?? ""
      throw .invalidState(
        id: id, state: "noTransitionAwaitingCompletion",
        message: "\(id) has no transition waiting for completeTransition (it completed already, or never began)")
    }
    waiting.awaitingCompletion = nil
    complete(self, didComplete)
  }
}

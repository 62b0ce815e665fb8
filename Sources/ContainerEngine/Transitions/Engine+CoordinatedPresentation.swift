/// The coordinator of presentations and dismissals (R46, R48, R49): the hooks Engine+Presentation.swift calls.
extension Engine {
  /// `present` passed its checks (R46, R49): the coordinator (an animated presentation always has one, a
  /// non-animated one unless `coordinator.nonAnimatedPresentation` is `nil`), attached to the presented and the
  /// presenting controller. With a custom animator installed on the presented controller (its transitioning
  /// delegate), used when animated or for `.custom` ("we invoke the animateTransition: even though the transition is
  /// not animated"): `animationController(forPresented:presenting:source:)`, for `.custom`
  /// `presentationController(forPresented:presenting:source:)`, then `presentationTransitionWillBegin`.
  func presentationWillBegin(
    _ controller: ControllerNode, presenting: ControllerNode, style: ModalPresentationStyle, animated: Bool
  ) -> TransitionCoordinator? {
    guard animated || options.coordinator.nonAnimatedPresentation == .present else { return nil }
    let installed = transitions.animator(of: controller, kind: .present)
    let animator = animated || style == .custom ? installed : nil
    let coordinator = beginCoordinator(
      .present, owners: [controller, presenting], from: presenting, to: controller, animated: animated, style: style,
      duration: options.presentationDuration, animator: animator)
    if let animator {
      askForAnimator(animator, rule: "R49")
      if style == .custom {
        transitioning(animator.presentationControllerID, .presentationController, didComplete: nil, rule: "R49")
      }
      transitioning(animator.presentationControllerID, .presentationTransitionWillBegin, didComplete: nil, rule: "R49")
    }
    return coordinator
  }

  /// R49: a `.custom` presentation removes the presenter's view (and the presenter gets disappear callbacks) only
  /// when its presentation controller's `shouldRemovePresentersView` is true.
  func removesPresentersView(_ coordinator: TransitionCoordinator?) -> Bool {
    coordinator?.presentationStyle == .custom
      && coordinator?.animator?.presentationController?.shouldRemovePresentersView == true
  }

  /// Right after `completeTransition` (R49): `presentationTransitionDidEnd(didComplete)`, before the did pair.
  func presentationTransitionDidEnd(_ coordinator: TransitionCoordinator?, didComplete: Bool) {
    guard let animator = coordinator?.animator else { return }
    transitioning(
      animator.presentationControllerID, .presentationTransitionDidEnd, didComplete: didComplete, rule: "R49")
  }

  /// `dismiss` passed its checks (R46, R49): the coordinator, attached to the dismissed and the presenting
  /// controller; with a dismiss animator installed on the controller going away,
  /// `animationController(forDismissed:)` then `dismissalTransitionWillBegin`.
  func dismissalWillBegin(_ top: ControllerNode, presenter: ControllerNode, animated: Bool) -> TransitionCoordinator? {
    guard animated || options.coordinator.nonAnimatedPresentation == .present else { return nil }
    let style = top.presentation.style
    let installed = transitions.animator(of: top, kind: .dismiss)
    let animator = animated || style == .custom ? installed : nil
    let coordinator = beginCoordinator(
      .dismiss, owners: [top, presenter], from: top, to: presenter, animated: animated, style: style,
      duration: options.presentationDuration, animator: animator)
    if let animator {
      askForAnimator(animator, rule: "R49")
      transitioning(animator.presentationControllerID, .dismissalTransitionWillBegin, didComplete: nil, rule: "R49")
    }
    return coordinator
  }

  /// Right after `completeTransition` (R49): `dismissalTransitionDidEnd(didComplete)`.
  func dismissalTransitionDidEnd(_ coordinator: TransitionCoordinator?, didComplete: Bool) {
    guard let animator = coordinator?.animator else { return }
    transitioning(
      animator.presentationControllerID, .dismissalTransitionDidEnd, didComplete: didComplete, rule: "R49")
  }

  /// An allowed sheet swipe begins (R46, R59): an interactive dismissal coordinator, attached to the sheet and its
  /// presenter, `percentComplete` the drag's progress. The finger lifting calls the interaction handlers (R50) before
  /// the spring back's `viewWillAppear`; the alongside completions come after the completion of the settle.
  func interactiveDismissalWillBegin(_ sheet: ControllerNode, progress: Double) -> TransitionCoordinator? {
    guard let presenter = sheet.presentingViewController else { return nil }
    let coordinator = beginCoordinator(
      .dismiss, owners: [sheet, presenter], from: sheet, to: presenter, animated: true, interactive: true,
      style: sheet.presentation.style, duration: options.presentationDuration)
    coordinator.percentComplete = progress
    return coordinator
  }

  /// The coordinator of the sheet swipe on `sheet`, if one is in flight.
  func interactiveDismissalCoordinator(_ sheet: ControllerNode) -> TransitionCoordinator? {
    guard let coordinator = transitions.coordinator(ownedBy: sheet), coordinator.kind == .dismiss,
      coordinator.initiallyInteractive
    else { return nil }
    return coordinator
  }
}

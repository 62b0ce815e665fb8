/// The transition coordinator (R46–R50): when it exists, how a controller finds it, and the blocks registered with it.
///
/// The containers call in at four points of a transition they run:
/// - `beginCoordinator`: the call that starts the transition (the coordinator exists from here, R46);
/// - `startCoordinator`: after the `will` callbacks, when the animator starts (`animateTransition`, then the
///   alongside animations registered so far, R47);
/// - `runCoordinatedTransition`: when the transition ends (the container's duration, the animator's, or never until
///   `transition/complete` for a manual animator, R48);
/// - `endAlongside` / `closeCoordinator`: at the end, after the did pair and the container's bookkeeping, the
///   alongside completions, then `animationEnded` last (R48).
extension Engine {
  /// `controller.transitionCoordinator` (R46): the coordinator of the transition `controller` or one of its ancestors
  /// is in, nil outside a transition.
  public func transitionCoordinator(of controller: ControllerNode) -> TransitionCoordinator? {
    guard !transitions.isEmpty else { return nil }
    var node: ControllerNode? = controller
    var steps = 0
    while let current = node, steps <= controllers.count {
      if let coordinator = transitions.coordinator(ownedBy: current), !coordinator.ended { return coordinator }
      node = current.parent
      steps += 1
    }
    return nil
  }

  /// The coordinators of the transitions in flight, in the order they began.
  public var activeCoordinators: [TransitionCoordinator] { transitions.active }

  /// The animator installed on `controller` for `kind`, if any (`transition/setAnimator`).
  public func animator(of controller: ControllerNode, kind: TransitionCoordinator.Kind) -> TransitionAnimator? {
    transitions.animator(of: controller, kind: kind)
  }

  /// Creates the coordinator of a transition starting now (R46) and attaches it to `owners`.
  @discardableResult
  func beginCoordinator(
    _ kind: TransitionCoordinator.Kind, owners: [ControllerNode], from: ControllerNode?, to: ControllerNode?,
    animated: Bool, interactive: Bool = false, style: ModalPresentationStyle? = nil, duration: Double,
    animator: TransitionAnimator? = nil
  ) -> TransitionCoordinator {
    // An interactive animator makes the transition interactive from its start (R50: `initiallyInteractive`).
    let coordinator = TransitionCoordinator(
      kind: kind, owners: owners, from: from, to: to, animated: animated,
      interactive: interactive || animator?.interactive == true, style: style,
      duration: animator?.duration ?? (animated ? duration : 0), animator: animator)
    transitions.add(coordinator)
    return coordinator
  }

  /// The animator starts, after the `will` callbacks (R47–R49): a custom animator's `animateTransition(using:)`,
  /// then the alongside animations registered so far ("run just after their animateTransition: method returns").
  func startCoordinator(_ coordinator: TransitionCoordinator) {
    guard !coordinator.started else { return }
    coordinator.started = true
    if let animator = coordinator.animator {
      // R50: an interactive animator is started through its interaction controller, which runs the animation.
      if animator.interactive {
        transitioning(animator.id, .startInteractiveTransition, didComplete: nil, rule: "R50")
      }
      transitioning(animator.id, .animateTransition, didComplete: nil, rule: "R48")
    }
    for probe in coordinator.alongside {
      emitCoordinator(coordinator, probe, .alongsideAnimation, rule: "R47")
    }
  }

  /// Ends the transition after `duration` seconds (the animator's when one is installed), or, for a manual animator,
  /// when `transition/complete` says so: `body(engine, didComplete)` then runs, after the animator's
  /// `completeTransition(didComplete)` (R48), and `animationEnded(didComplete)` follows it. An interactive animator's
  /// transition waits for `transition/updateInteractive` to finish or cancel it (R50).
  func runCoordinatedTransition(
    _ coordinator: TransitionCoordinator?, duration: Double, _ body: @escaping (Engine, Bool) -> Void
  ) {
    guard let coordinator, let animator = coordinator.animator else {
      schedule(after: duration) { engine in body(engine, true) }
      return
    }
    let complete = animatorCompletion(coordinator, animator, body)
    if animator.interactive {
      coordinator.awaitingInteraction = complete
      return
    }
    completeWhenAnimatorSays(coordinator, animator, after: animator.duration, complete)
  }

  /// What the animator's `completeTransition(didComplete)` runs (R48): `completeTransition`, the transition's `body`
  /// (the did callbacks, or a cancel's reversal), the alongside completions if the body placed none, `animationEnded`.
  func animatorCompletion(
    _ coordinator: TransitionCoordinator, _ animator: TransitionAnimator, _ body: @escaping (Engine, Bool) -> Void
  ) -> (Engine, Bool) -> Void {
    // `isCancelled` stays as the interaction left it: Apple's isCancelled is "whether an interactive transition was
    // canceled", set by cancelInteractiveTransition, not by a non-interactive completeTransition(false) (R50).
    { engine, didComplete in
      engine.transitioning(animator.id, .completeTransition, didComplete: didComplete, rule: "R48")
      body(engine, didComplete)
      // The body ran the alongside completions at its place; a body that had none to place runs them here.
      engine.endAlongside(coordinator)
      engine.transitioning(animator.id, .animationEnded, didComplete: didComplete, rule: "R48")
      let next = coordinator.afterAnimationEnded
      coordinator.afterAnimationEnded = []
      for work in next { work(engine) }
    }
  }

  /// Starts the stack change queued on `nav` while the transition of `coordinator` ran, once that transition is over
  /// (R18: it was waiting for this one). R48: `animationEnded` is the last call of a custom animator's transition, so
  /// the next transition — which asks the delegate for an animator again and calls `animateTransition` — starts after
  /// it, not inside `completeTransition`; without an animator it starts at once.
  func startQueuedNavigationTransition(_ nav: ControllerNode, after coordinator: TransitionCoordinator?) {
    guard navigationState(nav).needsTransition else { return }
    if let coordinator, coordinator.animator != nil {
      coordinator.afterAnimationEnded.append { engine in engine.startNavigationTransition(nav) }
    } else {
      startNavigationTransition(nav)
    }
  }

  /// The animator calls `completeTransition` as its `completes` says: with its value after `delay` seconds, or when
  /// `transition/complete` says so (manual, R48).
  func completeWhenAnimatorSays(
    _ coordinator: TransitionCoordinator, _ animator: TransitionAnimator, after delay: Double,
    _ complete: @escaping (Engine, Bool) -> Void
  ) {
    switch animator.completion {
    case .after(let didComplete):
      schedule(after: delay) { engine in complete(engine, didComplete) }
    case .manual:
      coordinator.awaitingCompletion = complete
      if let timeout = options.coordinator.completeTimeoutMs {
        // A watchdog, not an animation: in auto mode it never runs the clock ahead (R48).
        schedule(after: timeout / 1000, watchdog: true) { engine in
          guard coordinator.awaitingCompletion != nil else { return }
          engine.warn("transition never completed", object: animator.id, rule: "R48")
        }
      }
    }
  }

  /// The alongside completions (R47, R48), with the coordinator's `isCancelled`; the coordinator is gone after them
  /// (a controller asking from a completion finds none).
  func endAlongside(_ coordinator: TransitionCoordinator?) {
    guard let coordinator, !coordinator.ended else { return }
    coordinator.ended = true
    transitions.remove(coordinator)
    for probe in coordinator.alongside {
      emitCoordinator(coordinator, probe, .alongsideCompletion, rule: "R47")
    }
  }

  /// The transition stops being interactive (R50): the handlers of `notifyWhenInteractionChanges` run, before the
  /// reversing `will` calls of a cancel.
  func interactionChanged(_ coordinator: TransitionCoordinator, cancelled: Bool) {
    coordinator.isInteractive = false
    coordinator.isCancelled = cancelled
    for probe in coordinator.interactionHandlers {
      emitCoordinator(coordinator, probe, .interactionChanged, rule: "R50")
    }
  }

  /// `transitionCoordinator?.animate(alongsideTransition:completion:)` as `controller` calls it (R47): false without a
  /// coordinator. Registered before the animator started, the animation block runs when it starts; after, at once
  /// (open point default: run at once, return true). The completion runs at the end either way.
  public func animateAlongside(_ controller: ControllerNode, tag: String) -> Bool {
    guard let coordinator = transitionCoordinator(of: controller) else { return false }
    let probe = TransitionCoordinator.Probe(controller: controller.id, tag: tag)
    coordinator.alongside.append(probe)
    if coordinator.started { emitCoordinator(coordinator, probe, .alongsideAnimation, rule: "R47") }
    return true
  }

  /// `transitionCoordinator?.notifyWhenInteractionChanges(_:)` as `controller` calls it (R50): false without a
  /// coordinator. The handler runs only if the transition is interactive, when the finger lifts.
  public func notifyWhenInteractionChanges(_ controller: ControllerNode, tag: String) -> Bool {
    guard let coordinator = transitionCoordinator(of: controller) else { return false }
    coordinator.interactionHandlers.append(TransitionCoordinator.Probe(controller: controller.id, tag: tag))
    return true
  }

  func emitCoordinator(
    _ coordinator: TransitionCoordinator, _ probe: TransitionCoordinator.Probe,
    _ callback: EngineEvent.CoordinatorCallback, rule: String
  ) {
    record(
      .coordinator,
      EngineEvent(
        kind: .coordinator(
          controller: probe.controller, tag: probe.tag, callback: callback, isCancelled: coordinator.isCancelled,
          isInteractive: coordinator.isInteractive, percentComplete: coordinator.percentComplete),
        rule: rule, time: clock.now))
  }

  func transitioning(_ object: String, _ callback: EngineEvent.TransitioningCallback, didComplete: Bool?, rule: String)
  {
    record(
      .transitioning,
      EngineEvent(
        kind: .transitioning(object: object, callback: callback, didComplete: didComplete), rule: rule,
        time: clock.now))
  }

  /// A `UINavigationControllerDelegate` call on a navigation controller with an installed delegate (R51).
  func navigationDelegate(_ nav: ControllerNode, _ callback: String, showing controller: ControllerNode, animated: Bool)
  {
    guard nav.navigation?.hasDelegate == true else { return }
    record(
      .delegate,
      EngineEvent(
        kind: .delegate(
          object: nav.id, protocol: "UINavigationControllerDelegate", callback: callback,
          args: [.init("viewController", .id(controller.id)), .init("animated", .bool(animated))], result: nil),
        rule: "R51", time: clock.now))
  }

  /// `navigationController.delegate = …` (`controller/create` / `controller/configure` `delegate`): whether a
  /// delegate is installed that receives `willShow` / `didShow` (R51). Off by default.
  public func setNavigationDelegate(_ nav: ControllerNode, installed: Bool) throws(EngineError) {
    try checkNavigation(nav)
    navigationState(nav).hasDelegate = installed
  }

  /// Whether a navigation controller has a delegate installed (R51).
  public func hasNavigationDelegate(_ nav: ControllerNode) -> Bool { nav.navigation?.hasDelegate ?? false }

  /// The coordinators that outlive their transition (R46: "released after the transition completes"), for
  /// `testOnly_checkInvariants`.
  func coordinatorProblems() -> [String] {
    var problems: [String] = []
    for coordinator in transitions.active {
      if coordinator.ended { problems.append("an ended \(coordinator.kind.rawValue) coordinator is still found") }
      let waits =
        coordinator.isAwaitingCompletion || coordinator.isAwaitingInteraction || !animations.isEmpty
        || coordinator.owners.contains {
          $0.navigation?.interactive != nil || $0.navigation?.coordinator === coordinator
            || $0.isInteractivelyDismissing
        }
      if !waits {
        problems.append(
          "a \(coordinator.kind.rawValue) coordinator of \(coordinator.owners.map(\.id)) outlives its transition")
      }
    }
    return problems
  }
}

/// The coordinator of navigation transitions (R46–R48, R51): the hooks Engine+Navigation.swift and
/// Engine+InteractivePop.swift call.
extension Engine {
  /// A push, pop or `setViewControllers` was called (R46): an animated one on screen has a coordinator from this call
  /// on (a non-animated one none, unless `coordinator.nonAnimatedNav` is `present`), unless a transition of the
  /// navigation controller is in flight already (its coordinator is the one found until it ends).
  func navigationTransitionRequested(_ nav: ControllerNode, kind: String, animated: Bool) {
    let state = navigationState(nav)
    guard state.coordinator == nil, transitions.coordinator(ownedBy: nav) == nil,
      animated || options.coordinator.nonAnimatedNav == .present,
      let view = nav.view, view.window != nil,
      nav.appearance.state == .appeared || nav.appearance.state == .appearing
    else { return }
    let coordinatorKind: TransitionCoordinator.Kind = kind == "pop" ? .pop : .push
    // A popped controller has left the children already: it finds the coordinator through itself.
    let owners = [nav] + (state.displayed.map { [$0] } ?? [])
    state.coordinator = beginCoordinator(
      coordinatorKind, owners: owners, from: state.displayed, to: nav.children.last, animated: animated,
      duration: options.navigationDuration,
      animator: animated ? transitions.animator(of: nav, kind: coordinatorKind) : nil)
  }

  /// The navigation controller's transition starts (R19, R48): the coordinator requested (or, for a transition that
  /// waited for another, one made now), attached to both sides; the delegate's `willShow`, then the animator's
  /// `animationController` question, come before the will pair.
  func navigationTransitionWillBegin(
    _ nav: ControllerNode, from: ControllerNode?, to: ControllerNode?, animated: Bool
  ) -> TransitionCoordinator? {
    let state = navigationState(nav)
    var coordinator = state.coordinator
    state.coordinator = nil
    if coordinator == nil, animated || options.coordinator.nonAnimatedNav == .present {
      let kind: TransitionCoordinator.Kind = state.completionKind == "pop" ? .pop : .push
      coordinator = beginCoordinator(
        kind, owners: [nav], from: from, to: to, animated: animated, duration: options.navigationDuration,
        animator: animated ? transitions.animator(of: nav, kind: kind) : nil)
    }
    if let coordinator {
      coordinator.from = from
      coordinator.to = to
      // The popped controller left `nav`'s children: it finds the coordinator through itself.
      for side in [from, to] {
        if let side, transitions.coordinator(ownedBy: side) == nil { transitions.attach(coordinator, to: side) }
      }
    }
    if let to { navigationDelegate(nav, "willShow", showing: to, animated: animated) }
    if let animator = coordinator?.animator {
      askForAnimator(animator, rule: "R48")
    }
    return coordinator
  }

  /// A requested transition that shows nothing new (off screen, or the same top): its coordinator ends without
  /// animating, its alongside completions run.
  func dropNavigationCoordinator(_ nav: ControllerNode) {
    let state = navigationState(nav)
    guard let coordinator = state.coordinator else { return }
    state.coordinator = nil
    endAlongside(coordinator)
  }

  /// The end of a navigation transition, after the did pair and the didMove bookkeeping (R48, R51): the alongside
  /// completions, then the delegate's `didShow`.
  func navigationTransitionDidEnd(
    _ nav: ControllerNode, _ coordinator: TransitionCoordinator?, shown: ControllerNode?, animated: Bool
  ) {
    endAlongside(coordinator)
    if let shown { navigationDelegate(nav, "didShow", showing: shown, animated: animated) }
  }

  // MARK: - Interactive pop (R50, R51)

  /// The gesture begins (R51): the coordinator (interactive, animated) and the delegate's `willShow` of the
  /// controller below, before the top's willMove.
  func interactivePopWillBegin(_ nav: ControllerNode, top: ControllerNode, below: ControllerNode)
    -> TransitionCoordinator
  {
    let animator = interactivePopAnimator(nav)
    let coordinator = beginCoordinator(
      .pop, owners: [nav, top, below], from: top, to: below, animated: true, interactive: true,
      duration: options.navigationDuration, animator: animator)
    navigationDelegate(nav, "willShow", showing: below, animated: true)
    // R50: an interactive pop animator is what the delegate returns for the swipe back.
    if let animator { askForAnimator(animator, rule: "R51") }
    return coordinator
  }

  /// The interactive pop's coordinator, if one is in flight.
  func interactivePopCoordinator(_ nav: ControllerNode) -> TransitionCoordinator? {
    guard let coordinator = transitions.coordinator(ownedBy: nav), coordinator.initiallyInteractive else { return nil }
    return coordinator
  }
}

/// The coordinator of tab switches (R46's open point: only with a custom animator), the hooks Engine+TabBar.swift
/// calls.
extension Engine {
  /// `tab/select` on screen with a tab animator installed (`transition/setAnimator` kind `tab`): an animated
  /// coordinator attached to the tab bar controller and both tabs, and the delegate's `animationController` question
  /// before the will pair; nil without an animator (UIKit's own switch has none).
  func tabTransitionWillBegin(_ tab: ControllerNode, from: ControllerNode?, to: ControllerNode?)
    -> TransitionCoordinator?
  {
    guard let animator = transitions.animator(of: tab, kind: .tab) else { return nil }
    let owners = [tab] + [from, to].compactMap { $0 }
    let coordinator = beginCoordinator(
      .tab, owners: owners, from: from, to: to, animated: true, duration: animator.duration, animator: animator)
    askForAnimator(animator, rule: "R48")
    return coordinator
  }

  /// A tab switch waits for the one a custom animator is running (UIKit ignores selections during a transition
  /// [INF]; the engine refuses them, changing nothing).
  func checkNoTabTransitionInFlight(_ tab: ControllerNode) throws(EngineError) {
    guard let coordinator = transitions.coordinator(ownedBy: tab), !coordinator.ended else { return }
    throw .invalidState(
      id: tab.id, state: "transitionInFlight", message: "\(tab.id) is switching tabs with a custom animator")
  }
}

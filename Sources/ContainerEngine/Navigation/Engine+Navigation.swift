/// `UINavigationController` (R18–R22).
///
/// `viewControllers` are the controller's `children`, updated at call time (R18). The visual transition and its
/// appearance callbacks start at the navigation controller's next layout pass, the end of the turn (R18), in the order
/// old.willDisappear → new.willAppear → old.didDisappear → new.didAppear (R19), with the incoming view loaded first.
/// A pushed controller gets willMove(nav) at push time and didMove(nav) after its viewDidAppear; a popped one
/// willMove(nil) at pop time and didMove(nil) after the transition (R20). Animated transitions take
/// `navigationDuration` (0.35 s) on the virtual clock.
extension Engine {
  func navigationState(_ nav: ControllerNode) -> NavigationState {
    if let state = nav.navigation { return state }
    let state = NavigationState()
    nav.navigation = state
    return state
  }

  /// `pushViewController(_:animated:)`.
  public func push(_ controller: ControllerNode, on nav: ControllerNode, animated: Bool) throws(EngineError) {
    try checkNavigation(nav)
    if controller.kind == .splitViewController {
      throw .uikitException(
        exception: "NSInvalidArgumentException",
        reason: "You can't push a split view controller onto a navigation stack.",
        rule: "R39")
    }
    if controller.isNavigationController {
      throw .uikitException(
        exception: "NSInvalidArgumentException", reason: "Pushing a navigation controller is not supported", rule: "R22"
      )
    }
    if controller.parent === nav || isAncestorOnceShown(controller, of: nav) {
      throw .uikitException(
        exception: "NSInvalidArgumentException",
        reason:
          "\(nav.debugName) is pushing the same view controller instance (\(controller.debugName)) more than once which is not supported and is most likely an error in the application",
        rule: "R22"
      )
    }
    try checkNotShownInAnotherStack(controller, joining: nav)
    try checkTreeDepth(joining: nav, controller, levels: 1)
    let state = navigationState(nav)
    transitions.rememberStack(of: nav)
    try addChild(controller, to: nav)
    relabelLastEvent(rule: "R20")
    state.awaitingDidMove.append(controller)
    scheduleNavigationTransition(nav, animated: animated, kind: "push")
  }

  /// `popViewController(animated:)`: nil at the root (A-pop: does nothing).
  public func pop(_ nav: ControllerNode, animated: Bool) throws(EngineError) -> ControllerNode? {
    try checkNavigation(nav)
    guard nav.children.count > 1, let top = nav.children.last else { return nil }
    popControllers([top], from: nav, animated: animated)
    return top
  }

  /// `popToViewController(_:animated:)`.
  public func pop(to target: ControllerNode, in nav: ControllerNode, animated: Bool) throws(EngineError)
    -> [ControllerNode]
  {
    try checkNavigation(nav)
    guard let index = nav.children.firstIndex(where: { $0 === target }) else {
      throw .uikitException(
        exception: "NSInternalInconsistencyException", reason: "Tried to pop to a view controller that doesn't exist.",
        rule: "R22")
    }
    let popped = Array(nav.children[(index + 1)...])
    popControllers(popped, from: nav, animated: animated)
    return popped
  }

  /// `popToRootViewController(animated:)`.
  public func popToRoot(_ nav: ControllerNode, animated: Bool) throws(EngineError) -> [ControllerNode] {
    try checkNavigation(nav)
    let popped = Array(nav.children.dropFirst())
    popControllers(popped, from: nav, animated: animated)
    return popped
  }

  /// `setViewControllers(_:animated:)`: the replaced top gets no willMove/didMove (R21); other removed controllers
  /// get willMove(nil) now and didMove(nil) after the transition; added ones willMove(nav) now and didMove(nav)
  /// after it (open point default).
  public func setViewControllers(_ controllers: [ControllerNode], of nav: ControllerNode, animated: Bool)
    throws(EngineError)
  {
    try checkNavigation(nav)
    // Sets, not searches of the list: 15,000 controllers took 5 s (quadratic).
    var listed = Set<ObjectIdentifier>()
    listed.reserveCapacity(controllers.count)
    for controller in controllers {
      if controller.isNavigationController {
        throw .uikitException(
          exception: "NSInvalidArgumentException", reason: "Pushing a navigation controller is not supported",
          rule: "R22")
      }
      if !listed.insert(ObjectIdentifier(controller)).inserted || isAncestorOnceShown(controller, of: nav) {
        throw .uikitException(
          exception: "NSInvalidArgumentException",
          reason:
            "\(nav.debugName) is pushing the same view controller instance (\(controller.debugName)) more than once which is not supported and is most likely an error in the application",
          rule: "R22"
        )
      }
      try checkNotShownInAnotherStack(controller, joining: nav)
      if controller.parent !== nav {
        try checkNotWindowRoot(controller, joining: nav.debugName)
        try checkTreeDepth(joining: nav, controller, levels: 1)
      }
    }
    let state = navigationState(nav)
    transitions.rememberStack(of: nav)
    let oldTop = nav.children.last
    // Those leaving leave together (one pass over the children, not a removal per controller).
    for removed in nav.children where !listed.contains(ObjectIdentifier(removed)) {
      closePushNeverShown(removed, in: state)
      if removed !== oldTop { willMove(removed, toParent: nil) }
      removed.isMovingFromParent = true
      if removed !== oldTop { state.outgoing.append(removed) }
    }
    unlink(childrenOf: nav) { !listed.contains(ObjectIdentifier($0)) }
    for controller in controllers where controller.parent !== nav {
      try addChild(controller, to: nav)
      relabelLastEvent(rule: "R20")
      state.awaitingDidMove.append(controller)
    }
    reorder(childrenOf: nav, as: controllers)
    scheduleNavigationTransition(nav, animated: animated, kind: "push")
  }

  /// R22: moving a controller to `nav` from another navigation stack while its view is still in that stack's view
  /// raises, for `push` and `setViewControllers` alike (L-forum52937: "child view controller:<C> should have parent
  /// view controller:<the first stack> but requested parent is:<nav>"). It is R72's check of every `addChild`
  /// (``checkViewLeftOldParent(_:joining:)``), run before anything changes; the error keeps the rule R22.
  private func checkNotShownInAnotherStack(_ controller: ControllerNode, joining nav: ControllerNode)
    throws(EngineError)
  {
    do {
      try checkViewLeftOldParent(controller, joining: nav)
    } catch {
      guard let old = controller.parent, old.isNavigationController else { throw error }
      throw hierarchyInconsistency(
        controller, shouldHaveParent: old.debugName, requestedParent: nav.debugName, rule: "R22")
    }
  }

  func checkNavigation(_ nav: ControllerNode) throws(EngineError) {
    guard nav.isNavigationController else {
      throw .unsupported(
        argument: .navigation, expected: "a UINavigationController",
        message: Engine.describeKind(nav.id, nav.kind.rawValue, expected: "a UINavigationController"))
    }
  }

  private func popControllers(_ popped: [ControllerNode], from nav: ControllerNode, animated: Bool) {
    guard !popped.isEmpty else { return }
    let state = navigationState(nav)
    transitions.rememberStack(of: nav)
    for controller in popped.reversed() {
      closePushNeverShown(controller, in: state)
      willMove(controller, toParent: nil)
      relabelLastEvent(rule: "R20")
      detachFromParent(controller)
      state.outgoing.append(controller)
    }
    scheduleNavigationTransition(nav, animated: animated, kind: "pop")
  }

  /// R20 balanced: a controller removed from the stack (popped, or left out by `setViewControllers`) while its push
  /// still waits for its didMove(toParent: nav) — pushed during another transition or in the same turn, so its own
  /// transition never brought it on screen, or popped while the transition to it is in flight — gets that didMove now,
  /// before its willMove(toParent: nil). Every willMove(toParent:) is then paired with its didMove, the push's pair
  /// closed before the pop's opens. Apple, didMove(toParent:): a container calls it "after the transition to the new
  /// controller is complete or, if there is no transition, immediately after calling the addChild(_:) method": the
  /// transition to this controller will never complete, and the pop cancels it [INF: no log shows UIKit's order for a
  /// pop issued during a push's animation].
  private func closePushNeverShown(_ controller: ControllerNode, in state: NavigationState) {
    guard let nav = controller.parent, state.awaitingDidMove.contains(where: { $0 === controller }) else { return }
    state.awaitingDidMove.removeAll { $0 === controller }
    emit(controller, .didMove, rule: "R20", parent: .some(nav))
  }

  private func scheduleNavigationTransition(_ nav: ControllerNode, animated: Bool, kind: String) {
    let state = navigationState(nav)
    state.needsTransition = true
    state.animated = animated
    state.completionKind = kind
    navigationTransitionRequested(nav, kind: kind, animated: animated)
    turn.queueNavigationLayout(nav)
    // The toolbar follows the top's hidesBottomBarWhenPushed, an enclosing tab bar the stack's (R68).
    invalidateBars(of: nav)
  }

  // MARK: - Layout pass

  /// The layout pass of the turn's end (R18): navigation controllers whose stack changed start their transition.
  func runNavigationLayoutPasses() {
    while let navs = turn.takeNavigationLayouts() {
      for nav in navs {
        // The deferred transition starts inside the navigation controller's viewWillLayoutSubviews (R18); the rest of
        // that layout (layoutSubviews, viewDidLayoutSubviews) follows in the turn's layout pass (R30).
        if let navView = nav.view, navView.window != nil, navigationState(nav).needsTransition,
          !navigationState(nav).inFlight, nav.appearance.state == .appeared || nav.appearance.state == .appearing
        {
          emit(nav, .viewWillLayoutSubviews, rule: "R18")
          setNeedsLayout(afterWillLayoutOf: navView)
        }
        startNavigationTransition(nav)
      }
    }
  }

  func startNavigationTransition(_ nav: ControllerNode) {
    let state = navigationState(nav)
    guard state.needsTransition, !state.inFlight else { return }
    state.needsTransition = false
    let stackBefore = transitions.takeStack(of: nav)
    let from = state.displayed
    let to = nav.children.last
    let visible = nav.appearance.state == .appeared || nav.appearance.state == .appearing
    guard let navView = nav.view, navView.window != nil, visible else {
      // Not on screen: nothing to animate; the top is installed when the navigation controller next appears.
      if let from, from !== to, let view = from.view, view.superview === nav.view {
        detachWithoutAppearance(view)
        state.displayed = nil
      }
      // The top has not appeared yet: its didMove waits for its first viewDidAppear (R20).
      finishNavigationBookkeeping(nav, shown: to)
      dropNavigationCoordinator(nav)
      return
    }
    guard from !== to else {
      finishNavigationBookkeeping(nav, shown: to)
      dropNavigationCoordinator(nav)
      return
    }
    let animated = state.animated
    let toView = to.map { loadViewIfNeeded($0) }
    // R46–R48, R51: the coordinator, the delegate's willShow and a custom animator's question come first, before the
    // will pair. Apple: willShow "notifies the delegate before the navigation controller displays a view controller's
    // view and navigation item properties", and viewWillAppear comes "before any animations are configured"; neither
    // page orders the two. The order is the observed one of the interactive pop (R51, rdar 21137690: willShow at the
    // gesture's start, before the top's willMove and the will pair), used for every push and pop [INF].
    let coordinator = navigationTransitionWillBegin(nav, from: from, to: to, animated: animated)
    if let from { begin(from, appearing: false, animated: animated, rule: "R19", forwarded: false) }
    if let to { begin(to, appearing: true, animated: animated, rule: "R19", forwarded: false) }
    if let toView, let to {
      setViewFrame(toView, childFrame(to, in: nav))
      moveWithoutAppearance(toView, to: navView, at: childViewIndex(in: nav))
    }
    state.displayed = to
    state.inFlight = true
    if let coordinator { startCoordinator(coordinator) }
    let kind = state.completionKind
    let complete: (Engine, _ early: Bool) -> Void = { engine, early in
      if let fromView = from?.view, fromView.superview === navView {
        engine.detachWithoutAppearance(fromView)
      }
      // A custom animator may complete after the navigation controller left the window (R6/R7, R48): its
      // disappearance settled the incoming controller already.
      let showing = engine.isShowing(nav)
      if let from {
        showing ? engine.end(from, rule: "R19", forwarded: false) : engine.endIfInTransition(from, rule: "R19")
      }
      if let to { showing ? engine.end(to, rule: "R19", forwarded: false) : engine.endIfInTransition(to, rule: "R19") }
      state.inFlight = false
      engine.finishNavigationBookkeeping(nav, shown: to)
      engine.navigationTransitionDidEnd(nav, coordinator, shown: to, animated: animated)
      engine.record(
        .completion,
        EngineEvent(
          kind: .completion(controller: nav.id, of: kind, finished: true), rule: "R18", time: engine.clock.now))
      // Finished early, the navigation controller is about to leave the window: a change queued meanwhile runs now,
      // without animation, so it too is done before the disappearance.
      if state.needsTransition {
        if early { state.animated = false }
        engine.startQueuedNavigationTransition(nav, after: coordinator)
      }
    }
    if animated {
      state.transitionSerial &+= 1
      let serial = state.transitionSerial
      let run: (Engine, Bool) -> Void = { engine, early in
        guard state.inFlight, state.transitionSerial == serial else { return }
        state.finishNow = nil
        complete(engine, early)
      }
      // UIKit's own animation (no custom animator) can be finished early (`finishTransitions(leaving:)`).
      if coordinator?.animator == nil { state.finishNow = { engine in run(engine, true) } }
      // R52: an animator that completes with false cancels the transition: the stack goes back as it was.
      coordinator?.stackBefore = stackBefore
      coordinator?.stackShown = nav.children
      runCoordinatedTransition(coordinator, duration: options.navigationDuration) { engine, didComplete in
        guard didComplete else {
          guard state.inFlight, state.transitionSerial == serial else { return }
          engine.navigationTransitionCancelled(nav, coordinator, from: from, to: to, kind: kind, animated: animated)
          return
        }
        run(engine, false)
      }
    } else {
      // R64/R69: without an animation the transition completes inside this layout pass, yet the incoming controller
      // is on screen (its view added, its geometry set) before it completes: its geometry callbacks and viewIsAppearing
      // come before the outgoing controller's viewDidDisappear, as with an animated push, and not at the fallback in
      // front of its own viewDidAppear [INF: step 5 of Apple's ten precedes step 10's "after any animations complete"].
      sendPendingIsAppearing()
      complete(self, false)
    }
  }

  /// After a transition: didMove(nil) for every controller that left (R20); didMove(nav) for pushed controllers
  /// that are no longer waiting for an appearance.
  private func finishNavigationBookkeeping(_ nav: ControllerNode, shown: ControllerNode?) {
    let state = navigationState(nav)
    for controller in state.outgoing {
      emit(controller, .didMove, rule: "R20", parent: .some(nil))
    }
    state.outgoing.removeAll()
    // Pushed controllers below the top never appear in this transition: their didMove comes now. The top waits for
    // its own viewDidAppear (R20) even when it is not the one shown, i.e. when it was pushed while this transition
    // was in flight and its own transition starts next.
    // One pass that keeps the others (a removal per controller was quadratic in a long stack).
    let top = nav.children.last
    var stillWaiting: [ControllerNode] = []
    for controller in state.awaitingDidMove {
      if controller !== shown && controller !== top && controller.parent === nav {
        emit(controller, .didMove, rule: "R20", parent: .some(nav))
      } else {
        stillWaiting.append(controller)
      }
    }
    state.awaitingDidMove = stillWaiting
  }

  /// Called after a controller's viewDidAppear: a pushed controller gets didMove(nav) now (R20).
  func navigationDidAppear(_ controller: ControllerNode) {
    guard let nav = controller.parent, nav.isNavigationController, let state = nav.navigation,
      state.awaitingDidMove.contains(where: { $0 === controller })
    else { return }
    state.awaitingDidMove.removeAll { $0 === controller }
    emit(controller, .didMove, rule: "R20", parent: .some(nav))
  }

  /// A controller that leaves a navigation or tab bar controller through the client (taken by another container's
  /// addChild, R5, e.g. pushed onto another stack or embedded; or removeFromParent, R4) is no longer what that
  /// container displays or will install: a tab bar shows its first remaining tab when it next shows, as `setTabs`
  /// does for a selection that is no longer a child, and a stack's next transition starts from nothing. Neither sends
  /// the controller that left R19 or R25 callbacks: it may be shown by its new parent. Its view stays where it is
  /// (neither addChild nor removeFromParent moves a view) [INF]. The containers' own removals (pops, `setTabs`) keep
  /// what they display until their transition has taken it out.
  func forgetDisplayed(_ leaving: ControllerNode, by container: ControllerNode) {
    // A page taken from a page view controller is no longer among its viewControllers (R31).
    if container.pageView != nil { pageViewLost(leaving, by: container) }
    guard container.showsOneChild, let state = container.navigation else { return }
    if state.displayed === leaving { state.displayed = nil }
    if state.selectedWithoutView === leaving { state.selectedWithoutView = nil }
  }

  /// Before a navigation or tab bar controller forwards an appearing transition: the child it displays — the top
  /// of the stack, or the selected tab — goes into its view, loaded only now (R3: a container loads only what it
  /// displays, and only when it shows).
  func installDisplayedChild(_ container: ControllerNode) {
    guard container.showsOneChild, let containerView = container.view else { return }
    let state = navigationState(container)
    let shown =
      container.isNavigationController ? container.children.last : state.selectedWithoutView ?? container.children.first
    guard state.displayed == nil, let shown else { return }
    let view = loadViewIfNeeded(shown)
    setViewFrame(view, childFrame(shown, in: container))
    moveWithoutAppearance(view, to: containerView, at: childViewIndex(in: container))
    invalidateBars(of: container)
    state.displayed = shown
    state.needsTransition = false
    state.selectedWithoutView = nil
  }
}

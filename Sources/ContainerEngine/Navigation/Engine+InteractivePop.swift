/// The interactive pop gesture (swipe back): R23 (finished) and R24 (cancelled).
extension Engine {
  /// Gesture start: the pop happens now (willMove(nil), R20; `viewControllers` updated, R18), with the will pair at
  /// once (R23): top.viewWillDisappear (isMovingFromParent already true, R24) then the incoming
  /// controller's viewWillAppear, its view loaded and placed first. Nothing more happens until `finish` or `cancel`.
  public func beginInteractivePop(_ nav: ControllerNode) throws(EngineError) {
    let state = try interactiveState(nav, expectingGesture: false)
    guard nav.children.count > 1, let top = nav.children.last, let navView = nav.view, navView.window != nil,
      state.displayed === top
    else {
      throw .invalidState(id: nav.id, state: "nothingToPop", message: "\(nav.id) shows no controller above its root")
    }
    let below = nav.children[nav.children.count - 2]
    try checkCapacity(adding: loadCost(below))
    // R46, R51: the coordinator exists from here; the delegate's willShow comes first.
    let coordinator = interactivePopWillBegin(nav, top: top, below: below)
    willMove(top, toParent: nil)
    relabelLastEvent(rule: "R20")
    detachFromParent(top)
    let belowView = loadViewIfNeeded(below)
    begin(top, appearing: false, animated: true, rule: "R23", forwarded: false)
    begin(below, appearing: true, animated: true, rule: "R23", forwarded: false)
    setViewFrame(belowView, childFrame(below, in: nav))
    moveWithoutAppearance(
      belowView, to: navView, at: navView.subviews.firstIndex { $0 === top.view } ?? childViewIndex(in: nav))
    invalidateBars(of: nav)
    state.interactive = InteractivePop(top: top, below: below, progress: 0)
    state.inFlight = true
    startCoordinator(coordinator)
  }

  /// The finger moved: `progress` in 0...1 (no callbacks).
  public func updateInteractivePop(_ nav: ControllerNode, progress: Double) throws(EngineError) {
    let state = try interactiveState(nav, expectingGesture: true)
    state.interactive?.progress = min(1, max(0, progress))
    interactivePopCoordinator(nav)?.percentComplete = min(1, max(0, progress))
  }

  /// Finger up, completing: the settle animation runs the rest of the 0.35 s, then the did pair (R23) and the
  /// popped controller's didMove(nil) (R20: only once the page is fully gone, which is how seed 001 detects a swipe
  /// back).
  public func finishInteractivePop(_ nav: ControllerNode) throws(EngineError) {
    let state = try interactiveState(nav, expectingGesture: true)
    guard let gesture = state.interactive else { return }
    state.interactive = nil
    // R50: the finger lifts; the handlers run before anything else.
    let coordinator = interactivePopCoordinator(nav)
    if let coordinator { interactionChanged(coordinator, cancelled: false) }
    // R50: an interactive pop animator completes as its `completes` says; one that completes with false cancels.
    settleInteractivePop(
      nav, coordinator, after: options.navigationDuration * (1 - gesture.progress), finishing: true
    ) { engine, didComplete in
      guard didComplete else {
        if gesture.top.parent === nav || !engine.isAncestorOnceShown(gesture.top, of: nav) {
          engine.takeBackPoppedTop(nav, gesture)
        }
        engine.popSettledBack(nav, gesture, coordinator, reverse: true)
        return
      }
      if let view = gesture.top.view, view.superview === nav.view {
        engine.detachWithoutAppearance(view)
      }
      engine.end(gesture.top, rule: "R23", forwarded: false)
      engine.end(gesture.below, rule: "R23", forwarded: false)
      engine.emit(gesture.top, .didMove, rule: "R20", parent: .some(nil))
      // The incoming controller is displayed unless another container took it during the gesture (R5).
      state.displayed = gesture.below.parent === nav ? gesture.below : nil
      state.inFlight = false
      // R48, R51: the alongside completions, then the delegate's didShow.
      engine.navigationTransitionDidEnd(nav, coordinator, shown: gesture.below, animated: true)
      engine.record(
        .completion,
        EngineEvent(
          kind: .completion(controller: nav.id, of: "pop", finished: true), rule: "R23", time: engine.clock.now))
      engine.startQueuedNavigationTransition(nav, after: coordinator)
    }
  }

  /// Finger up, cancelling: after the settle animation back, R24's tail — incoming viewWillDisappear and
  /// viewDidDisappear, then the top's viewWillAppear and viewDidAppear (the incoming controller never gets
  /// viewDidAppear). The top goes back on the stack; no didMove is sent [INF]. A top that another container took
  /// during the gesture is taken back as addChild takes a child from another parent: its didMove(nil) first (R5).
  public func cancelInteractivePop(_ nav: ControllerNode) throws(EngineError) {
    let state = try interactiveState(nav, expectingGesture: true)
    guard let gesture = state.interactive else { return }
    // Taking the top back is an addChild (R5): refused, changing nothing, if the navigation controller became the
    // top's descendant during the gesture (it would close a parent cycle).
    if gesture.top.parent !== nav, isAncestorOnceShown(gesture.top, of: nav) {
      throw .uikitException(
        exception: "NSInvalidArgumentException",
        reason: "\(gesture.top.debugName) is an ancestor of \(nav.debugName) and cannot become its child")
    }
    state.interactive = nil
    takeBackPoppedTop(nav, gesture)
    // R50: the finger lifts; the handlers run before the reversing will calls. R51's open point: the four reversal
    // callbacks at the end of the settle (default) or at once.
    let coordinator = interactivePopCoordinator(nav)
    if let coordinator { interactionChanged(coordinator, cancelled: true) }
    let reverseAtCancel = options.coordinator.cancelReversalAt == .cancel
    if reverseAtCancel { reversePop(gesture) }
    // An interactive pop animator calls completeTransition(false) at the end of the settle (R50).
    settleInteractivePop(nav, coordinator, after: options.navigationDuration * gesture.progress, finishing: false) {
      engine, _ in
      engine.popSettledBack(nav, gesture, coordinator, reverse: !reverseAtCancel)
    }
  }

  /// The top goes back on the stack (R24), as addChild takes a child from another parent (R5).
  func takeBackPoppedTop(_ nav: ControllerNode, _ gesture: InteractivePop) {
    if let other = gesture.top.parent, other !== nav { takeFromOldParent(gesture.top) }
    if gesture.top.parent !== nav { link(gesture.top, to: nav) }
    // R68: the top is back on the stack, so the bars follow it again (a top with hidesBottomBarWhenPushed hides the
    // tab bar and the toolbar once more, as before the gesture began).
    invalidateBars(of: nav)
  }

  /// R24's reversal: incoming viewWillDisappear and viewDidDisappear, then the top's viewWillAppear and viewDidAppear.
  private func reversePop(_ gesture: InteractivePop) {
    begin(gesture.below, appearing: false, animated: true, rule: "R24", forwarded: false)
    end(gesture.below, rule: "R24", forwarded: false)
    begin(gesture.top, appearing: true, animated: true, rule: "R24", forwarded: false)
    end(gesture.top, rule: "R24", forwarded: false)
  }

  /// The end of the settle back of a cancelled pop: the reversal (unless it came at the cancel), the incoming view
  /// out, the alongside completions, the completion (finished false).
  func popSettledBack(
    _ nav: ControllerNode, _ gesture: InteractivePop, _ coordinator: TransitionCoordinator?, reverse: Bool
  ) {
    let state = navigationState(nav)
    if reverse { reversePop(gesture) }
    gesture.top.isMovingFromParent = false
    if let view = gesture.below.view, view.superview === nav.view {
      detachWithoutAppearance(view)
    }
    state.inFlight = false
    // R51: the alongside completions (isCancelled true); the delegate gets nothing. The completion event that
    // follows is the engine's own, as for every push and pop (UIKit's push and pop take no completion handler;
    // the coordinator's alongside completion is UIKit's only end-of-transition callback): it marks the end of the
    // navigation controller's transition for the client, here with finished false, as a cancelled presentation's
    // (R52) and a sheet swipe that springs back (R59).
    endAlongside(coordinator)
    record(
      .completion,
      EngineEvent(kind: .completion(controller: nav.id, of: "pop", finished: false), rule: "R24", time: clock.now))
    startQueuedNavigationTransition(nav, after: coordinator)
  }

  /// The settle's end, after `duration`, or earlier when the navigation controller's view leaves the window
  /// (`finishTransitions(leaving:)`), whichever comes first; it runs once.
  func scheduleInteractivePopEnd(
    _ nav: ControllerNode, after duration: Double, _ body: @escaping (Engine) -> Void
  ) {
    let state = navigationState(nav)
    state.transitionSerial &+= 1
    scheduleTransitionEnd(of: state, after: duration, body)
  }

  private func interactiveState(_ nav: ControllerNode, expectingGesture: Bool) throws(EngineError) -> NavigationState {
    guard nav.isNavigationController else {
      throw .unsupported(
        argument: .navigation, expected: "a UINavigationController",
        message: Engine.describeKind(nav.id, nav.kind.rawValue, expected: "a UINavigationController"))
    }
    let state = navigationState(nav)
    if expectingGesture && state.interactive == nil {
      throw .invalidState(
        id: nav.id, state: "noInteractivePop", message: "no interactive pop is in progress on \(nav.id)")
    }
    if !expectingGesture && (state.interactive != nil || state.inFlight) {
      throw .invalidState(
        id: nav.id, state: state.interactive != nil ? "interactivePopInProgress" : "transitionInFlight",
        message: "\(nav.id) is already transitioning")
    }
    return state
  }
}

/// An interactive pop between its begin and its finish or cancel.
struct InteractivePop {
  let top: ControllerNode
  let below: ControllerNode
  var progress: Double
}

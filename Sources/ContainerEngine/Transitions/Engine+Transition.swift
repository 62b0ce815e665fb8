/// `transition(from:to:duration:options:animations:completion:)` (R17).
extension Engine {
  /// The receiver adds `to.view` to `from.view.superview`, animates for `duration` seconds, then removes
  /// `from.view` and calls the completion (`event/completion`, `of: "transition"`). It sends no willMove/didMove.
  ///
  /// - Both must be children of `parent` (else `NSInvalidArgumentException`, R17's observed reason); the same
  ///   exception when `from` and `to` are the same controller [INF]. Forwarding off does not make it throw (open
  ///   point default).
  /// - Appearance (open point defaults, `EngineOptions`): when `parent` forwards, `from` gets viewWillDisappear then
  ///   `to` viewWillAppear at the start, and at the end `from` viewDidDisappear then `to` viewDidAppear, before the
  ///   completion. When it does not forward, the views move but the container must drive appearance itself (R11).
  public func transition(
    in parent: ControllerNode, from: ControllerNode, to: ControllerNode, duration: Double
  ) throws(EngineError) {
    guard from.parent === parent, to.parent === parent, from !== to else {
      throw .uikitException(
        exception: "NSInvalidArgumentException",
        reason:
          "Children view controllers \(from.debugName) and \(to.debugName) must have a common parent view controller when calling -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]",
        rule: "R17"
      )
    }
    if options.transitionThrowsWithoutForwarding && !parent.forwardsAppearance {
      throw .uikitException(
        exception: "NSInvalidArgumentException",
        reason:
          "\(parent.debugName) does not automatically forward appearance methods and cannot call -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]",
        rule: "R17"
      )
    }
    guard let fromView = from.view, let container = fromView.superview else {
      throw .invalidState(
        id: from.id, state: "viewNotInHierarchy",
        message: "\(from.id).view has no superview to transition in (transition(from:to:) adds to.view there)")
    }
    if let toView = to.view, container.isDescendant(of: toView) {
      throw .uikitException(
        exception: "NSInvalidArgumentException", reason: "Can't add a view as a subview of its own descendant")
    }
    try checkNoCycle(placing: .root(to), under: .view(container))
    try checkTreeDepth(placing: .root(to), under: .view(container))
    try checkCapacity(adding: loadCost(to))
    let animated = duration > 0
    let drivesAppearance = parent.forwardsAppearance && container.window != nil
    let toView = loadViewIfNeeded(to)
    let order = options.transitionOrder == .fromFirst ? [(from, false), (to, true)] : [(to, true), (from, false)]
    if drivesAppearance {
      for (controller, appearing) in order {
        begin(controller, appearing: appearing, animated: animated, rule: "R17", forwarded: false)
      }
    }
    moveWithoutAppearance(toView, to: container, at: nil)
    // to.view goes where from.view is: where a client put it, if a client did (the containment invariant).
    if containmentPlacement(of: fromView, in: parent) == .exempt { toView.placement = ViewNode.clientPlaced }
    let didBeforeCompletion = options.transitionDidBeforeCompletion
    schedule(after: duration) { engine in
      engine.detachWithoutAppearance(fromView)
      let completion = EngineEvent(
        kind: .completion(controller: parent.id, of: "transition", finished: true), rule: "R17", time: engine.clock.now)
      if !didBeforeCompletion { engine.record(.completion, completion) }
      if drivesAppearance {
        for (controller, _) in order { engine.end(controller, rule: "R17", forwarded: false) }
      }
      if didBeforeCompletion { engine.record(.completion, completion) }
    }
  }
}

/// A window's root replaced while a container in the outgoing root is in mid-transition (R6/R7 with R19–R24 and
/// R33–R35).
extension Engine {
  /// R6/R7 with R19: a window's root replaced (`window/setRoot`) while a navigation controller in the outgoing root's
  /// view is animating a push or pop of its own (no custom animator): the animation is finished first, at the call —
  /// the did pair (R19), didMove (R20), the alongside completions and the delegate's didShow (R48, R51), the completion
  /// — and only then does the outgoing root's view leave the window, its visible controllers getting their
  /// viewWillDisappear now and viewDidDisappear at the turn's end (R6, R7). So no callback reaches a controller after
  /// the disappearance that took it off screen [INF: a view leaving its window has its animations removed, which runs
  /// their completions at once; Apple documents no other order]. A stack change queued behind the finished transition
  /// runs at once after it, without animation (it was waiting for this one, R18), so it too is over before the
  /// disappearance. A custom animator's transition is left to the animator: it ends when the animator completes it
  /// (R48).
  ///
  /// R23/R24: an interactive pop whose finger is up settles at once the same way; one whose finger is still down is
  /// cancelled first (`cancelInteractivePop`: the gesture recognizer of a view leaving its window is cancelled [INF]),
  /// then settles back at once.
  ///
  /// R34/R35 the same for a page view controller: an animated `setViewControllers` or a swipe's settle ends at once
  /// (its did pair, didMove, the delegate's didFinishAnimating, the completion); a swipe whose finger is still down is
  /// cancelled first (`cancelSwipe`) and settles back at once.
  func finishTransitions(leaving view: ViewNode) {
    let containers = view.preorder().compactMap { node -> ControllerNode? in
      guard let owner = node.owner, owner.view === node else { return nil }
      if let state = owner.navigation, state.finishNow != nil || state.interactive != nil { return owner }
      if let state = owner.pageView, state.finishNow != nil || state.swipe != nil { return owner }
      return nil
    }
    for container in containers {
      if let state = container.navigation {
        if state.interactive != nil { try? cancelInteractivePop(container) }
        finishAll { state.finishNow }
      }
      if let state = container.pageView {
        if state.swipe != nil { try? cancelSwipe(container) }
        finishAll { state.finishNow }
      }
    }
  }

  /// Runs the early finish `current()` gives until there is none: a transition that was waiting for the one that
  /// ended may start then (and is finished in turn). Bounded: a finish that would start a transition forever stops.
  private func finishAll(_ current: () -> ((Engine) -> Void)?) {
    var rounds = 0
    while let finish = current(), rounds < 8 {
      rounds += 1
      finish(self)
    }
  }
}

/// `UIPageViewController.setViewControllers(_:direction:animated:completion:)` (R31–R38): the set's transition — its
/// will and did pairs, the pages joining and leaving, the completion, the cached neighbours (R37) — and the sets queued
/// behind a transition in flight (R38). Creation, the data source and the pages taken by the client are in
/// Engine+PageView.swift, the swipe in Engine+PageViewSwipe.swift.
extension Engine {
  /// `pageViewController.setViewControllers(controllers, direction:, animated:, completion:)` (R31–R38).
  ///
  /// - R32: `controllers.count` must be `requiredCount` (scroll 1; a double-sided curl 2), else
  ///   NSInvalidArgumentException "The number of view controllers provided (n) doesn't match the number required (m)
  ///   for the requested transition".
  /// - R38: refused while a page transition is in flight (`invalidState` `transitioning`, UIKit's "No view controller
  ///   managing visible view" assertion in the message): UIKit crashes there, the daemon refuses and changes nothing.
  /// - The pages must be distinct, without another parent, and neither the page view controller nor its ancestor, nor
  ///   a window's root (`checkPages`).
  /// - R33, not animated: the incoming page loads, becomes a child (no willMove), its view goes in; incoming
  ///   `viewWillAppear`, outgoing `viewWillDisappear`, incoming `viewDidAppear`, outgoing `viewDidDisappear` (a curl:
  ///   the outgoing did first, R35's order [INF]), all inside the call; then the outgoing page's `didMove(nil)`, the
  ///   incoming page's `didMove(pageView)` and the completion (`finished` true, before the call returns).
  /// - R34 (scroll) / R35 (curl), animated on screen: the will pair now, the did pair at the animation's end
  ///   (`PageViewBehavior.scrollDuration` / `curlDuration`; scroll: incoming first, curl: outgoing first), then the
  ///   two didMove and the completion. The incoming pages are children from the start, the outgoing ones until the
  ///   end (R31). Off screen an animated set runs as a non-animated one [INF].
  /// - No data source or delegate call (R36). R37: a non-animated set clears the cached neighbours; an animated one
  ///   caches the page left as the neighbour behind the new page (`staleCacheAfterAnimatedSet`), the other side
  ///   unknown.
  /// - Pages already shown stay children and get no callback.
  public func setViewControllers(
    _ controllers: [ControllerNode], of pageView: ControllerNode, direction: PageViewState.Direction,
    animated: Bool
  ) throws(EngineError) {
    try setViewControllers(controllers, of: pageView, direction: direction, animated: animated, reportsCompletion: true)
  }

  func setViewControllers(
    _ controllers: [ControllerNode], of pageView: ControllerNode, direction: PageViewState.Direction,
    animated: Bool, reportsCompletion: Bool
  ) throws(EngineError) {
    let state = try pageViewState(pageView)
    try Self.checkPageCount(controllers.count, required: state.requiredCount)
    if state.isTransitioning && options.pageView.overlapPolicy != .queue {
      throw overlappingTransition(pageView, swipe: false)
    }
    try checkPages(controllers, joiningNamed: pageView.debugName, pageView: pageView, argument: { .controllers($0) })
    if state.isTransitioning {
      // R38 `queue`: checked now, run when the transition in flight ends.
      state.queuedSets.append((controllers, direction, animated))
      return
    }
    for page in controllers where page.parent !== pageView {
      try checkTreeDepth(joining: pageView, page, levels: 1)
    }
    let incoming = controllers.filter { $0.parent !== pageView }
    let outgoing = state.viewControllers.filter { shown in !controllers.contains { $0 === shown } }
    if pageView.view != nil {
      try checkCapacity(adding: incoming.reduce(0) { $0 + loadCost($1) })
    }
    // Checked: from here on nothing throws.
    let previous = state.viewControllers
    state.viewControllers = controllers
    state.staleViewControllers = nil
    updateCache(state, previous: previous, direction: direction, animated: animated)
    for page in incoming { adopt(page, by: pageView) }
    let onScreen = pageView.view?.window != nil && pageView.appearance.state == .appeared
    let isAnimated = animated && onScreen
    // R33 `appearanceWhenNotVisible: immediate`: the explicit pairs run off screen too (UIKit's own begin/end calls).
    let drivesAppearance =
      onScreen || (pageView.view != nil && options.pageView.appearanceWhenNotVisible == .immediate)
    let rule = isAnimated ? (state.transitionStyle == .pageCurl ? "R35" : "R34") : "R33"
    if let containerView = pageView.view {
      for page in incoming {
        let view = loadViewIfNeeded(page)
        setViewFrame(view, state.pageFrame(controllers.firstIndex { $0 === page } ?? 0, in: containerView))
        moveWithoutAppearance(view, to: containerView, at: nil)
      }
    }
    if drivesAppearance {
      for page in incoming { begin(page, appearing: true, animated: isAnimated, rule: rule, forwarded: false) }
      for page in outgoing {
        begin(page, appearing: false, animated: isAnimated, rule: rule, forwarded: false, quiet: !onScreen)
      }
    }
    let finish: (Engine) -> Void = { engine in
      engine.finishPageTransition(
        pageView, incoming: incoming, outgoing: outgoing, drivesAppearance: drivesAppearance, rule: rule,
        reportsCompletion: reportsCompletion)
    }
    if isAnimated {
      state.transitionSerial += 1
      var transition = PageViewState.Transition(incoming: incoming, outgoing: outgoing)
      transition.serial = state.transitionSerial
      state.transition = transition
      let behavior = options.pageView
      // An abandoned transition (`pageViewLost`) has no end.
      schedulePageTransitionEnd(
        state, after: state.transitionStyle == .pageCurl ? behavior.curlDuration : behavior.scrollDuration, finish)
    } else {
      finish(self)
    }
  }

  /// The end of the page transition just begun (`state.transitionSerial`), after `duration` or earlier when the page
  /// view controller's view leaves the window (`finishTransitions(leaving:)`), whichever comes first; it runs once, and
  /// not at all once the transition was abandoned or caught (the serial moved on).
  func schedulePageTransitionEnd(
    _ state: PageViewState, after duration: Double, _ body: @escaping (Engine) -> Void
  ) {
    scheduleTransitionEnd(of: state, after: duration, body)
  }

  /// The end of a page transition (R33–R35): the outgoing views leave, the did pair (scroll: incoming first; curl:
  /// outgoing first), the outgoing pages' `didMove(nil)`, the incoming pages' `didMove(pageView)`, the completion.
  private func finishPageTransition(
    _ pageView: ControllerNode, incoming: [ControllerNode], outgoing: [ControllerNode], drivesAppearance: Bool,
    rule: String, reportsCompletion: Bool
  ) {
    guard let state = pageView.pageView else { return }
    for page in outgoing {
      if let view = page.view, let containerView = pageView.view, view.superview === containerView {
        detachWithoutAppearance(view)
      }
    }
    if drivesAppearance {
      let ends = state.transitionStyle == .pageCurl ? outgoing + incoming : incoming + outgoing
      // Off screen (`immediate`) a page that never appeared has no transition to end.
      for page in ends where page.appearance.state == .appearing || page.appearance.state == .disappearing {
        end(page, rule: rule, forwarded: false)
      }
    }
    for page in outgoing where page.parent === pageView {
      detachFromParent(page)
      page.isMovingFromParent = true
      page.isMovingToParent = false
      emit(page, .didMove, rule: rule, parent: .some(nil))
    }
    for page in incoming where page.parent === pageView {
      emit(page, .didMove, rule: rule, parent: .some(pageView))
    }
    state.transition = nil
    if reportsCompletion {
      record(
        .completion,
        EngineEvent(
          kind: .completion(controller: pageView.id, of: "setViewControllers", finished: true), rule: rule,
          time: clock.now))
    }
    runQueuedSets(pageView)
  }

  /// R38 `queue`: the sets that waited for the transition, in order, until one starts another transition. One that
  /// no longer fits (a page moved meanwhile) is dropped with a warning.
  func runQueuedSets(_ pageView: ControllerNode) {
    guard let state = pageView.pageView else { return }
    while !state.isTransitioning, !state.queuedSets.isEmpty {
      let next = state.queuedSets.removeFirst()
      do {
        try setViewControllers(
          next.controllers, of: pageView, direction: next.direction, animated: next.animated, reportsCompletion: true)
      } catch {
        warn("queued setViewControllers on \(pageView.id) dropped: \(error)", object: pageView.id, rule: "R38")
      }
    }
  }

  /// R37: what the page view controller remembers of the new page's neighbours after a set.
  private func updateCache(
    _ state: PageViewState, previous: [ControllerNode], direction: PageViewState.Direction, animated: Bool
  ) {
    state.before = .unknown
    state.after = .unknown
    guard animated, options.pageView.staleCacheAfterAnimatedSet, state.transitionStyle == .scroll,
      let left = previous.last
    else { return }
    // The scroll view keeps the page it scrolled away from next to the new one, on the side it came from.
    if direction == .forward { state.before = .known(left) } else { state.after = .known(left) }
  }
}

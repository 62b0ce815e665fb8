/// A UIPageViewController's interactive swipe (`pageView/swipe`): the data source asked for neighbours it has not
/// cached (R36, R37), the delegate's `willTransitionTo` and `didFinishAnimating` (R36), and the appearance orders of a
/// completed and a cancelled turn (R34 scroll, R35 pageCurl).
extension Engine {
  /// The finger starts turning the page towards `direction`. Refused while a page transition is in flight (R38),
  /// for a page view controller not on screen, and for a double-sided curl [not modelled yet].
  ///
  /// R36: with no data source nothing happens (gestures are disabled). Otherwise the data source is asked for each
  /// neighbour of the current page it has not cached — after, then before (L-wsd's order) — and the answers are
  /// cached (R37: after an animated set the page left is already cached, so it is revealed without asking). With no
  /// neighbour in `direction` the page only bounces: no further call, nil. Else the delegate's `willTransitionTo`
  /// (`pageView.delegateOrder` willTransitionFirst), then the neighbour loads and becomes a child (no willMove, R33),
  /// its view goes in, and the will pair: incoming viewWillAppear, outgoing viewWillDisappear (R34, R35; the pending
  /// page's will at the swipe's start, the open point's default). Returns the page being revealed.
  @discardableResult
  public func beginSwipe(_ pageView: ControllerNode, direction: PageViewState.Direction) throws(EngineError)
    -> ControllerNode?
  {
    let state = try pageViewState(pageView)
    if state.isTransitioning { throw overlappingTransition(pageView) }
    guard let containerView = pageView.view, containerView.window != nil, pageView.appearance.state == .appeared
    else {
      throw .invalidState(
        id: pageView.id, state: "notVisible", message: "\(pageView.id) is not on screen: there is no page to swipe")
    }
    guard state.requiredCount == 1, let current = state.viewControllers.first else {
      throw .invalidState(
        id: pageView.id, state: state.viewControllers.isEmpty ? "noPage" : "doubleSided",
        message: state.viewControllers.isEmpty
          ? "\(pageView.id) shows no page" : "swiping a double-sided page view controller is not modelled yet")
    }
    guard let pages = state.pages else { return nil }
    // Everything is worked out before anything changes: the data source's answers, then the checks.
    var after = state.after
    var before = state.before
    var asked: [(PageViewState.Direction, ControllerNode?)] = []
    if after == .unknown {
      let answer = Self.neighbour(of: current, in: pages, .forward)
      asked.append((.forward, answer))
      after = .known(answer)
    }
    if before == .unknown {
      let answer = Self.neighbour(of: current, in: pages, .reverse)
      asked.append((.reverse, answer))
      before = .known(answer)
    }
    let side = direction == .forward ? after : before
    var pending: ControllerNode?
    if case .known(let neighbour?) = side, neighbour !== current { pending = neighbour }
    if let pending {
      try checkPages([pending], joiningNamed: pageView.debugName, pageView: pageView, argument: { _ in .pageView })
      if pending.parent !== pageView { try checkTreeDepth(joining: pageView, pending, levels: 1) }
      try checkCapacity(adding: loadCost(pending))
    }
    // Checked: from here on nothing throws.
    for (side, answer) in asked { reportDataSourceCall(pageView, state, side, page: current, answer: answer) }
    state.after = after
    state.before = before
    guard let pending else { return nil }
    reportWillTransition(pageView, state, to: pending)
    let rule = state.transitionStyle == .pageCurl ? "R35" : "R34"
    adopt(pending, by: pageView)
    let view = loadViewIfNeeded(pending)
    setViewFrame(view, containerView.fillingRect)
    moveWithoutAppearance(view, to: containerView, at: nil)
    begin(pending, appearing: true, animated: true, rule: rule, forwarded: false)
    begin(current, appearing: false, animated: true, rule: rule, forwarded: false)
    state.swipe = PageViewState.Swipe(outgoing: current, incoming: pending, direction: direction, progress: 0)
    return pending
  }

  /// The finger moved: `progress` in 0...1 (no callbacks).
  public func updateSwipe(_ pageView: ControllerNode, progress: Double) throws(EngineError) {
    let state = try swipeState(pageView)
    state.swipe?.progress = min(1, max(0, progress))
  }

  /// Finger up, turning the page (R34, R36): the settle animation runs the rest of the turn
  /// (`scrollDuration`/`curlDuration` × (1 − progress)); then the outgoing view leaves, the did pair (scroll:
  /// incoming viewDidAppear first; curl: outgoing viewDidDisappear first), outgoing didMove(nil), incoming
  /// didMove(pageView), `viewControllers` becomes the new page, the delegate's `didFinishAnimating` (finished,
  /// previous, completed true), then one data-source call in the direction of travel (R36). The page left stays cached
  /// behind the new page (R37).
  public func finishSwipe(_ pageView: ControllerNode) throws(EngineError) {
    let state = try swipeState(pageView)
    guard let swipe = state.swipe else { return }
    state.swipe = nil
    state.transition = PageViewState.Transition(incoming: [swipe.incoming], outgoing: [swipe.outgoing])
    let curl = state.transitionStyle == .pageCurl
    let rule = curl ? "R35" : "R34"
    let behavior = options.pageView
    schedule(after: (curl ? behavior.curlDuration : behavior.scrollDuration) * (1 - swipe.progress)) { engine in
      if let view = swipe.outgoing.view, view.superview === pageView.view { engine.detachWithoutAppearance(view) }
      let ends = curl ? [swipe.outgoing, swipe.incoming] : [swipe.incoming, swipe.outgoing]
      for page in ends { engine.end(page, rule: rule, forwarded: false) }
      if swipe.outgoing.parent === pageView {
        engine.detachFromParent(swipe.outgoing)
        swipe.outgoing.isMovingFromParent = true
        swipe.outgoing.isMovingToParent = false
        engine.emit(swipe.outgoing, .didMove, rule: rule, parent: .some(nil))
      }
      if swipe.incoming.parent === pageView {
        engine.emit(swipe.incoming, .didMove, rule: rule, parent: .some(pageView))
      }
      let previous = state.viewControllers
      state.viewControllers = [swipe.incoming]
      state.transition = nil
      // The page left is the new page's neighbour on the side it came from; the other side is asked next.
      let behind = PageViewState.Neighbour.known(swipe.outgoing)
      state.before = swipe.direction == .forward ? behind : .unknown
      state.after = swipe.direction == .forward ? .unknown : behind
      engine.reportDidFinishAnimating(pageView, state, previous: previous, completed: true)
      if let pages = state.pages {
        let answer = Self.neighbour(of: swipe.incoming, in: pages, swipe.direction)
        engine.reportDataSourceCall(pageView, state, swipe.direction, page: swipe.incoming, answer: answer)
        if swipe.direction == .forward { state.after = .known(answer) } else { state.before = .known(answer) }
      }
    }
  }

  /// Finger up, the page falls back (R34/R35 cancelled, R36). Scroll: after the settle back (duration × progress),
  /// outgoing viewWillAppear and viewDidAppear, then incoming viewWillDisappear and viewDidDisappear (L-wang's order;
  /// the incoming page never gets viewDidAppear). pageCurl: the two reversals now — incoming viewWillDisappear, outgoing
  /// viewWillAppear — and after the settle incoming viewDidDisappear, outgoing viewDidAppear. Then the incoming page
  /// leaves the children with no callback [INF: no log shows a didMove], and the delegate's `didFinishAnimating`
  /// (finished true, previous, completed false); no data-source call, the cache stays.
  public func cancelSwipe(_ pageView: ControllerNode) throws(EngineError) {
    let state = try swipeState(pageView)
    guard let swipe = state.swipe else { return }
    state.swipe = nil
    state.transition = PageViewState.Transition(incoming: [swipe.incoming], outgoing: [swipe.outgoing])
    let curl = state.transitionStyle == .pageCurl
    let rule = curl ? "R35" : "R34"
    if curl {
      begin(swipe.incoming, appearing: false, animated: true, rule: rule, forwarded: false)
      begin(swipe.outgoing, appearing: true, animated: true, rule: rule, forwarded: false)
    }
    let behavior = options.pageView
    schedule(after: (curl ? behavior.curlDuration : behavior.scrollDuration) * swipe.progress) { engine in
      if curl {
        engine.end(swipe.incoming, rule: rule, forwarded: false)
        engine.end(swipe.outgoing, rule: rule, forwarded: false)
      } else {
        engine.begin(swipe.outgoing, appearing: true, animated: true, rule: rule, forwarded: false)
        engine.end(swipe.outgoing, rule: rule, forwarded: false)
        engine.begin(swipe.incoming, appearing: false, animated: true, rule: rule, forwarded: false)
        engine.end(swipe.incoming, rule: rule, forwarded: false)
      }
      if let view = swipe.incoming.view, view.superview === pageView.view { engine.detachWithoutAppearance(view) }
      if swipe.incoming.parent === pageView {
        engine.detachFromParent(swipe.incoming)
        swipe.incoming.isMovingToParent = false
      }
      swipe.outgoing.isMovingFromParent = false
      state.transition = nil
      engine.reportDidFinishAnimating(pageView, state, previous: state.viewControllers, completed: false)
    }
  }

  /// The page view controller's state with a swipe in progress, else `noSwipe`.
  private func swipeState(_ pageView: ControllerNode) throws(EngineError) -> PageViewState {
    let state = try pageViewState(pageView)
    guard state.swipe != nil else {
      throw .invalidState(id: pageView.id, state: "noSwipe", message: "no swipe is in progress on \(pageView.id)")
    }
    return state
  }

  /// The data source's answer from its ordered list: the page after or before `page`, nil at an end or for a page
  /// the list does not hold.
  static func neighbour(of page: ControllerNode, in pages: [ControllerNode], _ direction: PageViewState.Direction)
    -> ControllerNode?
  {
    guard let index = pages.firstIndex(where: { $0 === page }) else { return nil }
    let next = direction == .forward ? index + 1 : index - 1
    return pages.indices.contains(next) ? pages[next] : nil
  }
}

// MARK: - The data source and delegate calls (R36)

extension Engine {
  /// `dataSource.pageViewController(_:viewControllerAfter:)` / `…Before:` asked about `page`, answering `answer`.
  func reportDataSourceCall(
    _ pageView: ControllerNode, _ state: PageViewState, _ side: PageViewState.Direction, page: ControllerNode,
    answer: ControllerNode?
  ) {
    record(
      .delegate,
      EngineEvent(
        kind: .delegate(
          object: pageView.id, protocol: "UIPageViewControllerDataSource",
          callback: side == .forward ? "viewControllerAfter" : "viewControllerBefore",
          args: [EngineEvent.DelegateArgument("viewController", .id(page.id))],
          result: .some(answer.map { .id($0.id) } ?? .null)),
        rule: "R36", time: clock.now))
  }

  /// `delegate.pageViewController(_:willTransitionTo:)`, when a delegate is installed.
  func reportWillTransition(_ pageView: ControllerNode, _ state: PageViewState, to pending: ControllerNode) {
    guard state.hasDelegate else { return }
    record(
      .delegate,
      EngineEvent(
        kind: .delegate(
          object: pageView.id, protocol: "UIPageViewControllerDelegate", callback: "willTransitionTo",
          args: [EngineEvent.DelegateArgument("pending", .ids([pending.id]))], result: nil),
        rule: "R36", time: clock.now))
  }

  /// `delegate.pageViewController(_:didFinishAnimating:previousViewControllers:transitionCompleted:)`.
  func reportDidFinishAnimating(
    _ pageView: ControllerNode, _ state: PageViewState, previous: [ControllerNode], completed: Bool
  ) {
    guard state.hasDelegate else { return }
    record(
      .delegate,
      EngineEvent(
        kind: .delegate(
          object: pageView.id, protocol: "UIPageViewControllerDelegate", callback: "didFinishAnimating",
          args: [
            EngineEvent.DelegateArgument("finished", .bool(true)),
            EngineEvent.DelegateArgument("previous", .ids(previous.map(\.id))),
            EngineEvent.DelegateArgument("completed", .bool(completed)),
          ],
          result: nil),
        rule: "R36", time: clock.now))
  }
}

/// A UIPageViewController's interactive swipe (`pageView/swipe`): the data source asked for neighbours it has not
/// cached (R36, R37), the delegate's `willTransitionTo` and `didFinishAnimating` (R36), and the appearance orders of a
/// completed and a cancelled turn (R34 scroll, R35 pageCurl).
extension Engine {
  /// The finger starts turning the page towards `direction`. Refused while a page transition is in flight (R38,
  /// `overlapPolicy`) and for a page view controller not on screen.
  ///
  /// R36: with no data source nothing happens (gestures are disabled). Otherwise the data source is asked for each
  /// neighbour of the current page it has not cached — after, then before (L-wsd's order) — and the answers are
  /// cached (R37: after an animated set the page left is already cached, so it is revealed without asking). With no
  /// neighbour in `direction` the page only bounces: no further call, nil. Else the delegate's `willTransitionTo`
  /// (`pageView.delegateOrder` willTransitionFirst), then the neighbour loads and becomes a child (no willMove, R33),
  /// its view goes in, and the will pair: incoming viewWillAppear, outgoing viewWillDisappear (R34, R35; the pending
  /// page's will at the swipe's start, the open point's default). Returns the page being revealed.
  ///
  /// A double-sided curl (R32's two pages, R35) turns a sheet: the data source is asked twice in `direction` (after
  /// the last page, then after that one; before the first, then before that one), never cached [INF], and both new
  /// pages are revealed (pending `[x, y]`), each pair in page order. Why never cached: Apple documents no neighbour
  /// cache at all (the data source's methods are "called in response to gesture-based navigation"); R37's cache is
  /// observed for the scroll style only, whose queuing scroll view keeps one page on each side of the current one.
  /// A sheet's two new pages depend on each other (the second is asked about the first), which a one-page-per-side
  /// cache cannot describe, so each turn asks afresh. A single-sided curl keeps the scroll style's cache [INF].
  ///
  /// R37's interrupted swipe: a begin in the same direction while a cancelled scroll swipe settles back catches the
  /// page — the settle stops with no callback and the same swipe resumes (no data-source or delegate call [INF]).
  @discardableResult
  public func beginSwipe(_ pageView: ControllerNode, direction: PageViewState.Direction) throws(EngineError)
    -> ControllerNode?
  {
    let state = try pageViewState(pageView)
    if let caught = state.transition?.settle, !caught.completes, caught.swipe.direction == direction,
      state.transitionStyle == .scroll, state.swipe == nil
    {
      state.transitionSerial += 1
      state.transition = nil
      state.finishNow = nil
      var swipe = caught.swipe
      swipe.isInterrupted = true
      state.swipe = swipe
      return swipe.incoming.first
    }
    if state.isTransitioning { throw overlappingTransition(pageView, swipe: true) }
    guard let containerView = pageView.view, containerView.window != nil, pageView.appearance.state == .appeared
    else {
      throw .invalidState(
        id: pageView.id, state: "notVisible", message: "\(pageView.id) is not on screen: there is no page to swipe")
    }
    let current = state.viewControllers
    guard current.count == state.requiredCount, !current.isEmpty else {
      throw .invalidState(id: pageView.id, state: "noPage", message: "\(pageView.id) shows no page")
    }
    guard let pages = state.pages else { return nil }
    // Everything is worked out before anything changes: the data source's answers, then the checks.
    var after = state.after
    var before = state.before
    var asked: [(side: PageViewState.Direction, page: ControllerNode, answer: ControllerNode?)] = []
    var pending: [ControllerNode] = []
    if current.count == 1 {
      if after == .unknown {
        let answer = Self.neighbour(of: current[0], in: pages, .forward)
        asked.append((.forward, current[0], answer))
        after = .known(answer)
      }
      if before == .unknown {
        let answer = Self.neighbour(of: current[0], in: pages, .reverse)
        asked.append((.reverse, current[0], answer))
        before = .known(answer)
      }
      if case .known(let neighbour?) = direction == .forward ? after : before, neighbour !== current[0] {
        pending = [neighbour]
      }
    } else {
      var page = direction == .forward ? current[current.count - 1] : current[0]
      for _ in current {
        let answer = Self.neighbour(of: page, in: pages, direction)
        asked.append((direction, page, answer))
        guard let answer else { break }
        pending.append(answer)
        page = answer
      }
      if pending.count < current.count || pending.contains(where: { new in current.contains { $0 === new } }) {
        pending = []
      } else if direction == .reverse {
        pending.reverse()
      }
    }
    if !pending.isEmpty {
      try checkPages(pending, joiningNamed: pageView.debugName, pageView: pageView, argument: { _ in .pageView })
      for page in pending where page.parent !== pageView { try checkTreeDepth(joining: pageView, page, levels: 1) }
    }
    let prefetched = options.pageView.prefetchLoadsViews ? asked.compactMap(\.answer) : []
    try checkCapacity(adding: (pending + prefetched).reduce(0) { $0 + loadCost($1) })
    // Checked: from here on nothing throws.
    for call in asked {
      reportDataSourceCall(pageView, state, call.side, page: call.page, answer: call.answer)
      prefetch(call.answer)
    }
    state.after = after
    state.before = before
    guard !pending.isEmpty else { return nil }
    let willTransitionFirst = options.pageView.delegateOrder == .willTransitionFirst
    if willTransitionFirst { reportWillTransition(pageView, state, to: pending) }
    let rule = state.transitionStyle == .pageCurl ? "R35" : "R34"
    for (index, page) in pending.enumerated() {
      adopt(page, by: pageView)
      let view = loadViewIfNeeded(page)
      setViewFrame(view, state.pageFrame(index, in: containerView))
      moveWithoutAppearance(view, to: containerView, at: nil)
    }
    for page in pending { begin(page, appearing: true, animated: true, rule: rule, forwarded: false) }
    for page in current { begin(page, appearing: false, animated: true, rule: rule, forwarded: false) }
    if !willTransitionFirst { reportWillTransition(pageView, state, to: pending) }
    state.swipe = PageViewState.Swipe(outgoing: current, incoming: pending, direction: direction, progress: 0)
    return pending[0]
  }

  /// The finger moved: `progress` in 0...1 (no callbacks; nil keeps the progress recorded before).
  public func updateSwipe(_ pageView: ControllerNode, progress: Double?) throws(EngineError) {
    let state = try swipeState(pageView)
    guard let progress else { return }
    state.swipe?.progress = min(1, max(0, progress))
  }

  /// Finger up, turning the page (R34, R36): the settle animation runs the rest of the turn
  /// (`scrollDuration`/`curlDuration` × (1 − progress)); then the outgoing view leaves, the did pair (scroll:
  /// incoming viewDidAppear first; curl: outgoing viewDidDisappear first), outgoing didMove(nil), incoming
  /// didMove(pageView), `viewControllers` becomes the new page, the delegate's `didFinishAnimating` (finished,
  /// previous, completed true), then one data-source call in the direction of travel (R36; not for a double-sided
  /// curl, which caches nothing). The page left stays cached behind the new page (R37). After an interrupted swipe
  /// `viewControllers` keeps answering the old page (`staleViewControllersAfterInterruptedSwipe`, R37).
  public func finishSwipe(_ pageView: ControllerNode) throws(EngineError) {
    try settleSwipe(pageView, completes: true)
  }

  /// Finger up, the page falls back (R34/R35 cancelled, R36). Scroll: after the settle back (duration × progress),
  /// outgoing viewWillAppear and viewDidAppear, then incoming viewWillDisappear and viewDidDisappear (L-wang's order;
  /// the incoming page never gets viewDidAppear). pageCurl: the two reversals now — incoming viewWillDisappear, outgoing
  /// viewWillAppear — and after the settle incoming viewDidDisappear, outgoing viewDidAppear. Then the incoming page
  /// leaves the children with no callback [INF: no log shows a didMove], and the delegate's `didFinishAnimating`
  /// (finished true, previous, completed false); no data-source call, the cache stays.
  public func cancelSwipe(_ pageView: ControllerNode) throws(EngineError) {
    try settleSwipe(pageView, completes: false)
  }

  /// `finishSwipe` and `cancelSwipe`: the settle animation towards the new page (`completes`) or back.
  private func settleSwipe(_ pageView: ControllerNode, completes: Bool) throws(EngineError) {
    let state = try swipeState(pageView)
    guard let swipe = state.swipe else { return }
    state.swipe = nil
    let curl = state.transitionStyle == .pageCurl
    let rule = curl ? "R35" : "R34"
    // The pages that end up shown, and the ones that end up gone.
    let (kept, gone) = completes ? (swipe.incoming, swipe.outgoing) : (swipe.outgoing, swipe.incoming)
    if curl && !completes {
      for page in gone { begin(page, appearing: false, animated: true, rule: rule, forwarded: false) }
      for page in kept { begin(page, appearing: true, animated: true, rule: rule, forwarded: false) }
    }
    state.transitionSerial += 1
    let serial = state.transitionSerial
    var transition = PageViewState.Transition(incoming: swipe.incoming, outgoing: swipe.outgoing)
    transition.settle = (swipe, completes)
    transition.serial = serial
    state.transition = transition
    let behavior = options.pageView
    let duration = (curl ? behavior.curlDuration : behavior.scrollDuration)
    schedulePageTransitionEnd(state, after: duration * (completes ? 1 - swipe.progress : swipe.progress)) { engine in
      guard state.transition?.serial == serial else { return }
      for page in gone {
        if let view = page.view, view.superview === pageView.view { engine.detachWithoutAppearance(view) }
      }
      switch (curl, completes) {
      case (true, _):
        // A curl: the page going away ends first, whichever way the turn went (R35).
        for page in gone + kept { engine.end(page, rule: rule, forwarded: false) }
      case (false, true):
        for page in kept + gone { engine.end(page, rule: rule, forwarded: false) }
      case (false, false):
        for page in kept {
          engine.begin(page, appearing: true, animated: true, rule: rule, forwarded: false)
          engine.end(page, rule: rule, forwarded: false)
        }
        for page in gone {
          engine.begin(page, appearing: false, animated: true, rule: rule, forwarded: false)
          engine.end(page, rule: rule, forwarded: false)
        }
      }
      for page in gone where page.parent === pageView {
        engine.detachFromParent(page)
        if completes {
          page.isMovingFromParent = true
          page.isMovingToParent = false
          engine.emit(page, .didMove, rule: rule, parent: .some(nil))
        } else {
          page.isMovingToParent = false
        }
      }
      if completes {
        for page in kept where page.parent === pageView {
          engine.emit(page, .didMove, rule: rule, parent: .some(pageView))
        }
      } else {
        for page in kept { page.isMovingFromParent = false }
      }
      let previous = state.reportedViewControllers
      state.transition = nil
      if completes {
        state.staleViewControllers =
          swipe.isInterrupted && behavior.staleViewControllersAfterInterruptedSwipe ? previous : nil
        state.viewControllers = swipe.incoming
        // The page left is the new page's neighbour on the side it came from; the other side is asked next.
        let single = swipe.incoming.count == 1
        let behind = single ? PageViewState.Neighbour.known(swipe.outgoing[0]) : .unknown
        state.before = swipe.direction == .forward ? behind : .unknown
        state.after = swipe.direction == .forward ? .unknown : behind
      }
      engine.reportDidFinishAnimating(pageView, state, previous: previous, completed: completes)
      if completes, swipe.incoming.count == 1, let pages = state.pages {
        let answer = Self.neighbour(of: swipe.incoming[0], in: pages, swipe.direction)
        engine.reportDataSourceCall(pageView, state, swipe.direction, page: swipe.incoming[0], answer: answer)
        engine.prefetch(answer)
        if swipe.direction == .forward { state.after = .known(answer) } else { state.before = .known(answer) }
      }
      engine.runQueuedSets(pageView)
    }
  }

  /// R31 (`prefetchLoadsViews`): a page the data source returned ahead of time loads its view at once (not a child,
  /// its view nowhere).
  private func prefetch(_ page: ControllerNode?) {
    guard options.pageView.prefetchLoadsViews, let page, page.view == nil, page.parent == nil else { return }
    _ = loadViewIfNeeded(page)
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
  func reportWillTransition(_ pageView: ControllerNode, _ state: PageViewState, to pending: [ControllerNode]) {
    guard state.hasDelegate else { return }
    record(
      .delegate,
      EngineEvent(
        kind: .delegate(
          object: pageView.id, protocol: "UIPageViewControllerDelegate", callback: "willTransitionTo",
          args: [EngineEvent.DelegateArgument("pending", .ids(pending.map(\.id)))], result: nil),
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

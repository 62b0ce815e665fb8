/// `UIPageViewController` (R31–R38): its options, `setViewControllers(_:direction:animated:completion:)`, which
/// controllers are its children, and the refusals of a wrong count (R32) and of overlapping transitions (R38).
///
/// At rest the children are exactly `viewControllers` (R31); a transition makes the incoming pages children at its
/// start and removes the outgoing ones at its end. Pages join with no `willMove(toParent:)` (R33; option
/// `notifyWillMoveOnAdd`) and leave with `didMove(toParent: nil)` only. Appearance is driven by the page view
/// controller itself, only while it has appeared: otherwise the pages' views are put in place and appear with it
/// (R33's `appearanceWhenNotVisible: defer`, R9/R10 forwarding).
extension Engine {
  /// What `checkPageViewSpec` found valid, for `configurePageView` after the controller exists.
  struct PageViewPlan {
    let options: PageViewOptions
    let spine: PageViewState.SpineLocation
    let pages: [ControllerNode]?
    let initial: [ControllerNode]?
  }

  /// A `controller/create` spec's page view options, checked before anything is created: only a UIPageViewController
  /// takes them; a pageCurl needs a spine (`min` by default), and a `mid` spine a double-sided page view (R32:
  /// NSInvalidArgumentException); the data source's list names distinct controllers; `initial` is a valid first
  /// `setViewControllers` (R32's count, `checkPages`). Nil for another kind.
  func checkPageViewSpec(_ spec: ControllerSpec, named name: String) throws(EngineError) -> PageViewPlan? {
    guard ControllerOption.pageViewOptions.applies(to: spec.kind) else {
      guard spec.pageView == nil else {
        throw .unsupported(
          argument: .kind, expected: "UIPageViewController for page view options",
          message: "transitionStyle, navigationOrientation, spineLocation, isDoubleSided, interPageSpacing, "
            + "pages, delegate and initial apply to UIPageViewController only")
      }
      return nil
    }
    let options = spec.pageView ?? PageViewOptions()
    // Scroll style has no spine (UIKit reports .none; a spine given is ignored with a warning, `configurePageView`); a
    // curl's defaults to min.
    let spine: PageViewState.SpineLocation =
      options.transitionStyle == .scroll ? .none : options.spineLocation ?? .min
    if options.transitionStyle == .pageCurl && spine == .none {
      throw .unsupported(
        argument: .option("spineLocation"), expected: "min, mid or max for pageCurl",
        message: "a pageCurl page view controller needs a spine")
    }
    if spine == .mid && !options.isDoubleSided {
      throw Self.midSpineSingleSided
    }
    var pages: [ControllerNode]?
    if let ids = options.pages {
      var found: [ControllerNode] = []
      for (index, id) in ids.enumerated() {
        let page = try controller(id)
        if found.contains(where: { $0 === page }) {
          throw .unsupported(
            argument: .option("pages[\(index)]"), expected: "distinct controllers",
            message: "\(id) is listed twice")
        }
        found.append(page)
      }
      pages = found
    }
    var initial: [ControllerNode]?
    if let ids = options.initial {
      var found: [ControllerNode] = []
      for id in ids { found.append(try controller(id)) }
      let required = options.transitionStyle == .pageCurl && options.isDoubleSided ? 2 : 1
      try Self.checkPageCount(found.count, required: required)
      try checkPages(found, joiningNamed: name, pageView: nil, argument: { .option("initial[\($0)]") })
      try checkTreeDepth(joiningNewContainer: found, levels: 1)
      initial = found
    }
    return PageViewPlan(options: options, spine: spine, pages: pages, initial: initial)
  }

  /// The new page view controller's state, then `initial`'s non-animated set (no completion: none was given).
  ///
  /// A spine given to a scroll-style page view controller (`min`, `mid` or `max`) is accepted and ignored, with a
  /// warning event: Apple documents the spine as "only valid if the transition style is pageCurl" and scroll's
  /// default as `none`, and documents no exception for it (UIPageViewController.OptionsKey.spineLocation; the
  /// delegate's spineLocationFor is "called only if the transition style is pageCurl"), so UIKit's initializer takes
  /// the options dictionary and the page view controller reports `none`. The warning is the daemon's own (UIKit logs
  /// nothing): a spine on a scroll page view is almost always a mistake in the client's setup.
  func configurePageView(_ controller: ControllerNode, _ plan: PageViewPlan) throws(EngineError) {
    if plan.options.transitionStyle == .scroll, let spine = plan.options.spineLocation, spine != .none {
      warn(
        "spineLocation \(spine.rawValue) is ignored: a spine is only valid for the pageCurl transition style, and "
          + "\(controller.id) scrolls (its spineLocation is none)", object: controller.id, rule: "R32")
    }
    controller.pageView = PageViewState(
      transitionStyle: plan.options.transitionStyle, navigationOrientation: plan.options.navigationOrientation,
      spineLocation: plan.spine, isDoubleSided: plan.options.isDoubleSided,
      interPageSpacing: plan.options.interPageSpacing, pages: plan.pages, hasDelegate: plan.options.delegate)
    if let initial = plan.initial {
      try setViewControllers(initial, of: controller, direction: .forward, animated: false, reportsCompletion: false)
    }
  }

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

  private func setViewControllers(
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
    let serial = state.transitionSerial
    let run: (Engine) -> Void = { engine in
      guard state.transitionSerial == serial, state.finishNow != nil else { return }
      state.finishNow = nil
      body(engine)
    }
    state.finishNow = run
    schedule(after: duration, run)
  }

  /// `pageViewController.dataSource` answering from a new ordered list (nil: no data source, gestures disabled, R36).
  /// The cached neighbours stay: UIKit asks the data source only for pages it has not cached (R37). Distinct
  /// controllers only (`argument(i)` names a repeated one), and never the page view controller itself or one of its
  /// ancestors: a page becomes the page view controller's child when a swipe reveals it (R31), and a controller cannot
  /// be its own child or its ancestor's child (addChild's NSInvalidArgumentException). UIKit would raise only at that
  /// swipe, from inside the gesture; the daemon refuses the list when it is given (-32602 naming the entry), changing
  /// nothing. A list that comes to name an ancestor later (the page view controller moved under one of its pages) is
  /// still refused at the swipe that would reveal it (`checkPages`).
  public func setDataSourcePages(
    _ pages: [ControllerNode]?, of pageView: ControllerNode, argument: (Int) -> EngineArgument = { .page($0) }
  ) throws(EngineError) {
    let state = try pageViewState(pageView)
    if let pages {
      for (index, page) in pages.enumerated() {
        if pages[..<index].contains(where: { $0 === page }) {
          throw .unsupported(
            argument: argument(index), expected: "distinct controllers", message: "\(page.id) is listed twice")
        }
        if isAncestorOnceShown(page, of: pageView) {
          throw .unsupported(
            argument: argument(index), expected: "a controller that is neither \(pageView.id) nor one of its ancestors",
            message: page === pageView
              ? "\(page.id) cannot be a page of itself"
              : "\(page.id) is an ancestor of \(pageView.id) and cannot be its page")
        }
      }
    }
    state.pages = pages
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

  /// A page joins the page view controller: a child, with no `willMove(toParent:)` unless `notifyWillMoveOnAdd`
  /// (R33), moving to its parent until its viewDidAppear (R29).
  func adopt(_ page: ControllerNode, by pageView: ControllerNode) {
    link(page, to: pageView)
    page.isMovingToParent = true
    page.isMovingFromParent = false
    if options.pageView.notifyWillMoveOnAdd { emit(page, .willMove, rule: "R33", parent: .some(pageView)) }
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

  /// A page taken from the page view controller by the client (removeFromParent, or addChild elsewhere, R4/R5): it is
  /// no longer among its `viewControllers` (R31). Taken during a page transition, the transition is abandoned (UIKit
  /// would assert at its end, R38): its scheduled end is dropped, the queued sets with it, a warning says so, and the
  /// pages it was moving come to rest at once, as a cancelled swipe's do (R34/R35's cancelled order, L-wang: the pages
  /// kept first, then the pages gone), with no animation:
  /// - a page still shown is brought back to appeared: viewWillAppear then viewDidAppear if it was disappearing (R14's
  ///   reversal), viewDidAppear if it was appearing (an animated set's incoming page, which then gets the didMove of
  ///   a page that joined, R33);
  /// - a page no longer shown whose view is in the page view controller's view (the page taken, or a page the swipe
  ///   was revealing) has its view taken out and ends disappeared: viewWillDisappear then viewDidDisappear if it was
  ///   appearing, viewDidDisappear if it was disappearing; it leaves the children (no callback: it joined with none,
  ///   R33). A page whose view is elsewhere (the client moved it) is left to the window's callbacks (R6, R7).
  /// So every will has its did and, at rest, a page's appearance matches whether its view is on screen [INF: UIKit
  /// asserts instead].
  func pageViewLost(_ leaving: ControllerNode, by pageView: ControllerNode) {
    guard let state = pageView.pageView else { return }
    state.viewControllers.removeAll { $0 === leaving }
    state.staleViewControllers?.removeAll { $0 === leaving }
    let incoming = state.swipe?.incoming ?? state.transition?.incoming ?? []
    let moving = incoming + (state.swipe?.outgoing ?? state.transition?.outgoing ?? [])
    guard moving.contains(where: { $0 === leaving }) else { return }
    state.swipe = nil
    state.transition = nil
    state.transitionSerial += 1
    state.finishNow = nil
    state.queuedSets = []
    warn(
      "\(leaving.id) left \(pageView.id) during a page transition; the transition is abandoned (UIKit: No view "
        + "controller managing visible view)", object: pageView.id, rule: "R38")
    let rule = state.transitionStyle == .pageCurl ? "R35" : "R34"
    var pages: [ControllerNode] = []
    for page in moving where !pages.contains(where: { $0 === page }) { pages.append(page) }
    let shown = { (page: ControllerNode) in state.viewControllers.contains { $0 === page } }
    for page in pages where shown(page) && page.parent === pageView {
      if page.appearance.state == .disappearing {
        begin(page, appearing: true, animated: false, rule: rule, forwarded: false)
      }
      if page.appearance.state == .appearing { end(page, rule: rule, forwarded: false) }
      if incoming.contains(where: { $0 === page }) { emit(page, .didMove, rule: rule, parent: .some(pageView)) }
      page.isMovingFromParent = false
    }
    for page in pages where !shown(page) {
      guard let view = page.view, let containerView = pageView.view, view.superview === containerView else { continue }
      detachWithoutAppearance(view)
      if page.appearance.state == .appearing {
        begin(page, appearing: false, animated: false, rule: rule, forwarded: false)
      }
      if page.appearance.state == .disappearing { end(page, rule: rule, forwarded: false) }
    }
    for page in pageView.children where !shown(page) {
      if let view = page.view, view.superview === pageView.view { detachWithoutAppearance(view) }
      detachFromParent(page)
      page.isMovingToParent = false
    }
  }

  /// The page view controller's state, or a refusal naming `pageView` (another kind of controller).
  func pageViewState(_ pageView: ControllerNode) throws(EngineError) -> PageViewState {
    guard let state = pageView.pageView else {
      throw .unsupported(
        argument: .pageView, expected: "a UIPageViewController",
        message: Engine.describeKind(pageView.id, pageView.kind.rawValue, expected: "a UIPageViewController"))
    }
    return state
  }

  /// The page view controller's view did load: its current pages' views go in, full size (R31).
  func pageViewDidLoad(_ pageView: ControllerNode) {
    guard let state = pageView.pageView, let containerView = pageView.view else { return }
    for (index, page) in state.viewControllers.enumerated() where page.parent === pageView {
      let view = loadViewIfNeeded(page)
      setViewFrame(view, state.pageFrame(index, in: containerView))
      moveWithoutAppearance(view, to: containerView, at: nil)
    }
  }

  /// What `world/render`'s legend says of a page view controller, short enough for it: its style (with the spine of
  /// a curl, `2-sided` when double-sided), the pages shown and the current page's place in the data source's list
  /// (`scroll: b (2/3)`, `curl mid 2-sided: c, d (3/4)`).
  public func pageViewCaption(_ controller: ControllerNode) -> String? {
    guard let state = controller.pageView else { return nil }
    var style = state.transitionStyle == .scroll ? "scroll" : "curl \(state.spineLocation.rawValue)"
    if state.isDoubleSided { style += " 2-sided" }
    let shown = state.viewControllers.map(\.id).joined(separator: ", ")
    var place = ""
    if let pages = state.pages, let first = state.viewControllers.first,
      let index = pages.firstIndex(where: { $0 === first })
    {
      place = " (\(index + 1)/\(pages.count))"
    }
    return "\(style): \(shown.isEmpty ? "no page" : shown)\(place)"
  }
}

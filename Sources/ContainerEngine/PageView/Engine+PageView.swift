/// `UIPageViewController` (R31–R38): its options, `setViewControllers(_:direction:animated:completion:)`, which
/// controllers are its children, and the refusals of a wrong count (R32) and of overlapping transitions (R38).
///
/// At rest the children are exactly `viewControllers` (R31); a transition makes the incoming pages children at its
/// start and removes the outgoing ones at its end. Pages join with no `willMove(toParent:)` (R33; option
/// `notifyWillMoveOnAdd`) and leave with `didMove(toParent: nil)` only. Appearance is driven by the page view
/// controller itself, only while it has appeared: otherwise the pages' views are put in place and appear with it
/// (R33's `appearanceWhenNotVisible: defer`, R9/R10 forwarding).
///
/// This file: creation and its options, the data source's list, the pages taken by the client, the page view
/// controller's state; the set's transition is in Engine+PageViewSet.swift, the swipe in Engine+PageViewSwipe.swift.
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
  func checkPageViewSpec(_ spec: ControllerSpec, named name: @autoclosure () -> String) throws(EngineError)
    -> PageViewPlan?
  {
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
      try checkPages(found, joiningNamed: name(), pageView: nil, argument: { .option("initial[\($0)]") })
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

  /// A page joins the page view controller: a child, with no `willMove(toParent:)` unless `notifyWillMoveOnAdd`
  /// (R33), moving to its parent until its viewDidAppear (R29).
  func adopt(_ page: ControllerNode, by pageView: ControllerNode) {
    link(page, to: pageView)
    page.isMovingToParent = true
    page.isMovingFromParent = false
    if options.pageView.notifyWillMoveOnAdd { emit(page, .willMove, rule: "R33", parent: .some(pageView)) }
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

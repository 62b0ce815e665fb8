/// `UITabBarController` (R3, R25).
///
/// Only the selected tab's view is loaded and shown (R3). Selecting another tab calls the will pair at once, inside
/// the setter — new.viewWillAppear then old.viewWillDisappear — and the did pair at the end of the turn,
/// old.viewDidDisappear then new.viewDidAppear (R25).
extension Engine {
  /// `tabBarController.viewControllers = controllers`: each new child gets willMove(tab) and didMove(tab) [INF].
  ///
  /// R71, the setter reselects (Apple: "…attempts to reselect it. If the selected view controller is no longer
  /// present, it attempts to select the view controller at the same index in the array as the previous selection. If
  /// that index is invalid, it selects the view controller at index 0."
  /// https://developer.apple.com/documentation/uikit/uitabbarcontroller/viewcontrollers): the selection is kept when
  /// it is still listed (at whatever index it now has), else the controller at the previous selection's index, else
  /// the first. On screen a changed selection switches with R25's callbacks (new.viewWillAppear,
  /// old.viewWillDisappear in the setter; old.viewDidDisappear, new.viewDidAppear at the end of the turn); a kept one
  /// sends none. Off screen only the selection changes (it is installed when the tab bar controller next appears).
  /// R72: a new tab whose view is still inside its current parent's view is refused before anything changes.
  public func setTabs(_ controllers: [ControllerNode], of tab: ControllerNode) throws(EngineError) {
    try checkTabBar(tab)
    try checkTabs(controllers, for: tab.debugName) { isAncestorOnceShown($0, of: tab) }
    for controller in controllers where controller.parent !== tab {
      try checkViewLeftOldParent(controller, joining: tab)
      try checkTreeDepth(joining: tab, controller, levels: 1)
    }
    let state = navigationState(tab)
    let shown = state.displayed
    let previous = selectedTab(of: tab)
    let previousIndex = previous.flatMap { selected in tab.children.firstIndex { $0 === selected } }
    let selected = Self.reselection(previous: previous, at: previousIndex, in: controllers)
    for removed in tab.children where !controllers.contains(where: { $0 === removed }) {
      willMove(removed, toParent: nil)
      removeFromParent(removed)
    }
    for controller in controllers where controller.parent !== tab {
      try addChild(controller, to: tab)
      didMove(controller, toParent: tab)
    }
    reorder(childrenOf: tab, as: controllers)
    // `shown` may have left the children above (and with them the tab bar's selection): it still disappears.
    if selected !== previous {
      showTab(selected, in: tab, replacing: shown, animated: false)
    }
  }

  /// R71's choice for a new `viewControllers` list: the previous selection if listed, else the controller at its
  /// index, else the first (nil for an empty list).
  static func reselection(previous: ControllerNode?, at index: Int?, in controllers: [ControllerNode])
    -> ControllerNode?
  {
    if let previous, controllers.contains(where: { $0 === previous }) { return previous }
    if let index, index < controllers.count { return controllers[index] }
    return controllers.first
  }

  /// `selectedIndex = index` / `selectedViewController = controller`.
  /// The tabs must be distinct (and not the tab bar's own ancestors): checked also before a tab bar controller is
  /// created with its tabs, so a refused `controller/create` creates nothing.
  func checkTabs(
    _ controllers: [ControllerNode], for tabName: String, isAncestor: (ControllerNode) -> Bool = { _ in false }
  ) throws(EngineError) {
    for (index, controller) in controllers.enumerated() {
      if controllers[..<index].contains(where: { $0 === controller }) || isAncestor(controller) {
        throw .uikitException(
          exception: "NSInvalidArgumentException",
          reason: "\(controller.debugName) appears more than once in the view controllers of \(tabName)")
      }
      try checkNotWindowRoot(controller, joining: tabName)
    }
  }

  public func selectTab(_ controller: ControllerNode?, in tab: ControllerNode) throws(EngineError) {
    try checkTabBar(tab)
    guard let controller, controller.parent === tab else {
      throw .uikitException(
        exception: "NSInternalInconsistencyException",
        reason: "Attempting to select a view controller that isn't a child! \(controller?.debugName ?? "(null)")",
        rule: "R25")
    }
    guard navigationState(tab).displayed !== controller else { return }
    try checkNoTabTransitionInFlight(tab)
    try checkCapacity(adding: loadCost(controller))
    showTab(controller, in: tab, replacing: navigationState(tab).displayed, animated: false, coordinated: true)
  }

  /// The selected tab (`selectedViewController`): the tab shown, or the one selected while the tab bar controller was
  /// off screen (installed when it next appears), else the first; nil without tabs.
  public func selectedTab(of tab: ControllerNode) -> ControllerNode? {
    guard tab.isTabBarController else { return nil }
    return tab.navigation?.displayed ?? tab.navigation?.selectedWithoutView ?? tab.children.first
  }

  /// `selectedIndex`: the selected tab's index among the tabs; nil without tabs (UIKit's NSNotFound).
  public func selectedTabIndex(of tab: ControllerNode) -> Int? {
    guard let selected = selectedTab(of: tab) else { return nil }
    return tab.children.firstIndex { $0 === selected }
  }

  private func checkTabBar(_ tab: ControllerNode) throws(EngineError) {
    guard tab.isTabBarController else {
      throw .unsupported(
        argument: .tabBar, expected: "a UITabBarController",
        message: Engine.describeKind(tab.id, tab.kind.rawValue, expected: "a UITabBarController"))
    }
  }

  /// Shows `new` in `tab` in place of `old`: when the tab bar controller is on screen, R25's will pair now and did
  /// pair at the end of the turn; otherwise only the selection changes and the view is installed when it next appears.
  private func showTab(
    _ new: ControllerNode?, in tab: ControllerNode, replacing old: ControllerNode?, animated: Bool,
    coordinated: Bool = false
  ) {
    let state = navigationState(tab)
    guard let tabView = tab.view, tabView.window != nil,
      tab.appearance.state == .appeared || tab.appearance.state == .appearing
    else {
      if let oldView = old?.view, oldView.superview === tab.view {
        detachWithoutAppearance(oldView)
      }
      state.displayed = nil
      state.selectedWithoutView = new
      return
    }
    if let new {
      let newView = loadViewIfNeeded(new)
      if new.presentation.presenterViewRemovedFrom == nil { setViewFrame(newView, childFrame(new, in: tab)) }
    }
    // What each tab shows: its controller, and what it presents in its own context (R53–R55).
    let incoming = new.map { tabContent($0, in: tabView) } ?? []
    let outgoing = (old.map { tabContent($0, in: tabView) } ?? []).filter { $0.view?.superview === tabView }
    // R46's open point: a tab switch has a coordinator only with a custom animator (`tab/select` only).
    let coordinator = coordinated ? tabTransitionWillBegin(tab, from: old, to: new) : nil
    let animated = animated || coordinator != nil
    for controller in incoming { begin(controller, appearing: true, animated: animated, rule: "R25", forwarded: false) }
    for controller in outgoing {
      begin(controller, appearing: false, animated: animated, rule: "R25", forwarded: false)
    }
    turn.suspendWindowDriver()
    for controller in incoming {
      if let view = controller.view { move(view, to: tabView, at: childViewIndex(in: tab)) }
    }
    for controller in outgoing {
      if let view = controller.view { detach(view) }
    }
    turn.resumeWindowDriver()
    state.displayed = new
    // The tab bar follows the selected stack's hidesBottomBarWhenPushed (R68).
    invalidateBars(of: tab)
    if let coordinator { startCoordinator(coordinator) }
    // The did pair comes with the commit at the end of the turn (a custom animator's: at its end, R48).
    runCoordinatedTransition(coordinator, duration: 0) { engine, didComplete in
      // R52: an animator that completes with false cancels the switch: the old tab is selected again.
      guard didComplete else {
        engine.tabSwitchCancelled(tab, back: old, incoming: incoming, outgoing: outgoing, coordinator)
        return
      }
      // A custom animator may complete after the tab bar controller left the window (R6/R7, R48): its
      // disappearance settled the incoming tab already.
      let showing = engine.isShowing(tab)
      for controller in outgoing + incoming {
        if showing {
          engine.end(controller, rule: "R25", forwarded: false)
        } else {
          engine.endIfInTransition(controller, rule: "R25")
        }
      }
      engine.endAlongside(coordinator)
    }
  }

  /// What the tab `controller` shows in the tab bar controller's view, bottom first: the controller itself — unless a
  /// `currentContext` presentation took its view out (R55) — and the controllers presented in its own context (a
  /// navigation controller tab defines one, R53), whose views went into the tab bar controller's view over or in
  /// place of the tab's. A tab switch hides and shows them with the tab: the presentation stays with its tab, the
  /// reason apps give each tab's navigation controller a context [INF: no published log of the callbacks; R25's
  /// order, each side bottom first]. A context deeper in the tab (a child of the tab's controller) keeps its
  /// presented view inside the tab's view, which leaves with it.
  private func tabContent(_ controller: ControllerNode, in tabView: ViewNode) -> [ControllerNode] {
    var chain = [controller]
    while let presented = chain[chain.count - 1].presentation.presented, presented.presentation.container === tabView,
      chain.count <= controllers.count
    {
      chain.append(presented)
    }
    return chain.filter { $0.presentation.presenterViewRemovedFrom == nil }
  }
}

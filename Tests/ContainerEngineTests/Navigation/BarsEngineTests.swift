import ContainerEngine
import Testing

/// R68 through the engine API alone: navigation bars, toolbars and tab bars are views that extend their children's
/// safe area (Apple, `UIView.safeAreaInsets`: "The safe area of a view reflects the area not covered by navigation
/// bars, tab bars, toolbars, and other ancestors that obscure a view controller's view"). In the default 390×844
/// window (safe area 47/34): a table under a navigation bar gets adjustedContentInset.top 47 + 44 = 91 and rests at
/// −91; in a tab its bottom inset is 34 + 49 = 83.
@Suite struct BarsEngineTests {
  private static func insets(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) -> Insets {
    Insets(top: top, left: left, bottom: bottom, right: right)
  }

  /// `list` (a UITableViewController) the root of `nav`, shown as the window's root; `bars` set on `nav` at creation.
  private func navScene(_ bars: Engine.BarSettings = .init(), list listBars: Engine.BarSettings = .init()) throws
    -> (EngineHarness, nav: ControllerNode, list: ControllerNode)
  {
    let harness = EngineHarness()
    let window = try harness.window()
    var listSpec = ControllerSpec(kind: .tableViewController, id: "list")
    listSpec.bars = listBars
    let (list, _) = try harness.make(listSpec)
    var spec = ControllerSpec(kind: .navigationController, id: "nav")
    spec.root = "list"
    spec.bars = bars
    let (nav, _) = try harness.make(spec)
    try harness.show(nav, in: window)
    return (harness, nav, list)
  }

  private func view(_ harness: EngineHarness, _ id: String) -> ViewNode? { try? harness.engine.existingView(id) }

  private func adjusted(_ harness: EngineHarness, _ controller: ControllerNode) -> Insets? {
    controller.view.map { harness.engine.adjustedContentInset(of: $0) }
  }

  /// R68: the navigation bar is a view `nav.navigationBar` at y 47, 44 high, in front of the child's view; the table
  /// under it gets 91 at the top and rests at −91.
  @Test func aTableUnderANavigationBarGets91() throws {
    let (harness, nav, list) = try navScene()
    let bar = try #require(view(harness, "nav.navigationBar"))
    #expect(bar.kind == .UINavigationBar)
    #expect(bar.frame == .xywh(0, 47, 390, 44))
    #expect(nav.view?.subviews.map(\.id) == ["list.view", "nav.navigationBar", "nav.toolbar"])
    #expect(view(harness, "nav.toolbar")?.isHidden == true)
    #expect(list.view?.frame == .xywh(0, 0, 390, 844))
    #expect(adjusted(harness, list) == Self.insets(top: 91, bottom: 34))
    #expect(list.view?.scroll?.contentOffset.y == -91)
  }

  /// R68: the tab bar `tabs.tabBar` is 49 + 34 high at y 761; a table in a tab gets 83 at the bottom; a navigation
  /// controller in a tab gives its child both: 91 / 83.
  @Test func aTabGets83AndANavigationControllerInATabGives91And83() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let list = try harness.controller("list", kind: .tableViewController)
    let (nav, _) = try harness.navigation("nav", root: list)
    let other = try harness.controller("other", kind: .tableViewController)
    let tabs = try harness.tabBar("tabs", tabs: [nav, other])
    try harness.show(tabs, in: window)
    #expect(view(harness, "tabs.tabBar")?.frame == .xywh(0, 761, 390, 83))
    #expect(adjusted(harness, list) == Self.insets(top: 91, bottom: 83))
    #expect(list.view?.scroll?.contentOffset.y == -91)
    try harness.turn { engine throws(EngineError) in try engine.selectTab(other, in: tabs) }
    #expect(adjusted(harness, other) == Self.insets(top: 47, bottom: 83))
  }

  /// R68: hiding the navigation bar gives its 44 back: the table's top inset is 47 again and its resting offset moves
  /// to −47 at the end of the turn (`cause: inset`), after the root views' layout; showing it again brings −91.
  @Test func hidingTheNavigationBarMovesTheRestingOffset() throws {
    let (harness, nav, list) = try navScene()
    harness.subscribe([.offset, .layout])
    let events = try harness.turn { engine throws(EngineError) in
      try engine.setNavigationBarHidden(nav, true, animated: false)
    }
    #expect(events.filter { $0.hasPrefix("offset ") } == ["offset list.view 0,-47 inset"])
    #expect(events.contains("list.viewWillLayoutSubviews R30"))
    #expect(view(harness, "nav.navigationBar")?.isHidden == true)
    #expect(adjusted(harness, list) == Self.insets(top: 47, bottom: 34))
    #expect(nav.isNavigationBarHidden)
    let shown = try harness.turn { engine throws(EngineError) in
      try engine.setNavigationBarHidden(nav, false, animated: true)
    }
    #expect(shown.filter { $0.hasPrefix("offset ") } == ["offset list.view 0,-91 inset"])
  }

  /// R64, R68: hiding the navigation bar changes the child's safe area: the child is told once, with the new value
  /// (top 47; its margins follow), before its viewWillLayoutSubviews; hiding it again tells nothing; showing it brings
  /// 91 back, once. The navigation controller's own safe area does not change: it is told nothing.
  @Test func hidingTheNavigationBarTellsTheChildOnce() throws {
    let (harness, nav, _) = try navScene()
    harness.subscribe([.layout])
    func trace(_ hidden: Bool) throws -> [String] {
      try harness.events { engine throws(EngineError) in try engine.setNavigationBarHidden(nav, hidden, animated: false)
      }.compactMap {
        event in
        guard case .lifecycle(let controller, let callback, _, _, _, _, let insets, _) = event.kind else { return nil }
        let value = insets.map {
          " " + [$0.top, $0.left, $0.bottom, $0.right].map(\.compactDescription).joined(separator: ",")
        }
        return "\(controller).\(callback.rawValue)\(value ?? "")"
      }
    }
    #expect(
      try trace(true) == [
        "nav.viewWillLayoutSubviews", "nav.viewDidLayoutSubviews",
        "list.viewLayoutMarginsDidChange 47,16,34,16", "list.viewSafeAreaInsetsDidChange 47,0,34,0",
        "list.viewWillLayoutSubviews", "list.viewDidLayoutSubviews",
      ])
    #expect(try trace(true).filter { $0.contains("DidChange") }.isEmpty)
    #expect(
      try trace(false).filter { $0.contains("DidChange") } == [
        "list.viewLayoutMarginsDidChange 91,16,34,16", "list.viewSafeAreaInsetsDidChange 91,0,34,0",
      ])
  }

  /// R68 and Apple's `hidesBottomBarWhenPushed` ("the bottom bar remains hidden until the view controller is popped
  /// from the stack"): pushing a controller that sets it hides the tab bar (bottom 83 → 34), popping it brings it back
  /// (83).
  @Test func hidesBottomBarWhenPushedHidesTheTabBarUntilThePop() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let list = try harness.controller("list", kind: .tableViewController)
    let (nav, _) = try harness.navigation("nav", root: list)
    let other = try harness.controller("other")
    let tabs = try harness.tabBar("tabs", tabs: [nav, other])
    try harness.show(tabs, in: window)
    var spec = ControllerSpec(kind: .tableViewController, id: "detail")
    spec.bars.hidesBottomBarWhenPushed = true
    let (detail, _) = try harness.make(spec)
    #expect(adjusted(harness, list)?.bottom == 83)
    try harness.turn { engine throws(EngineError) in try engine.push(detail, on: nav, animated: false) }
    #expect(view(harness, "tabs.tabBar")?.isHidden == true)
    #expect(adjusted(harness, detail) == Self.insets(top: 91, bottom: 34))
    try harness.turn { engine throws(EngineError) in _ = try engine.pop(nav, animated: false) }
    #expect(view(harness, "tabs.tabBar")?.isHidden == false)
    #expect(adjusted(harness, list) == Self.insets(top: 91, bottom: 83))
  }

  /// R68: an opaque navigation bar and a child with `edgesForExtendedLayout = []` (or an opaque bar without
  /// `extendedLayoutIncludesOpaqueBars`): the child's view is laid out below the bar, from y 91, and the bar adds
  /// nothing to its safe area (top 0).
  @Test(arguments: [true, false])
  func anOpaqueBarLaysTheChildOutBelowIt(_ noEdges: Bool) throws {
    var bars = Engine.BarSettings()
    bars.navigationBarTranslucent = false
    var listBars = Engine.BarSettings()
    if noEdges { listBars.edgesForExtendedLayout = [] }
    let (harness, _, list) = try navScene(bars, list: listBars)
    #expect(list.view?.frame == .xywh(0, 91, 390, 753))
    #expect(adjusted(harness, list) == Self.insets(top: 0, bottom: 34))
    #expect(list.view?.scroll?.contentOffset.y == 0)
  }

  /// R68: `extendedLayoutIncludesOpaqueBars` keeps the child under an opaque bar (91 again).
  @Test func extendedLayoutIncludesOpaqueBarsKeepsTheChildUnderTheBar() throws {
    var bars = Engine.BarSettings()
    bars.navigationBarTranslucent = false
    var listBars = Engine.BarSettings()
    listBars.extendedLayoutIncludesOpaqueBars = true
    let (harness, _, list) = try navScene(bars, list: listBars)
    #expect(list.view?.frame == .xywh(0, 0, 390, 844))
    #expect(adjusted(harness, list)?.top == 91)
  }

  /// R68: a large-title navigation bar is 96 high (expanded): 47 + 96 = 143.
  @Test func largeTitlesGive143() throws {
    var bars = Engine.BarSettings()
    bars.prefersLargeTitles = true
    let (harness, _, list) = try navScene(bars)
    #expect(view(harness, "nav.navigationBar")?.frame == .xywh(0, 47, 390, 96))
    #expect(adjusted(harness, list)?.top == 143)
    #expect(list.view?.scroll?.contentOffset.y == -143)
  }

  /// R68: a visible toolbar is 44 high above the bottom safe edge (y 766) and adds 44 at the bottom: 78.
  @Test func aToolbarAdds44AtTheBottom() throws {
    let (harness, nav, list) = try navScene()
    try harness.turn { engine throws(EngineError) in try engine.setToolbarHidden(nav, false, animated: false) }
    #expect(view(harness, "nav.toolbar")?.frame == .xywh(0, 766, 390, 44))
    #expect(adjusted(harness, list) == Self.insets(top: 91, bottom: 78))
  }

  /// R68: the bars follow a resize (rotation to 844×390, safe area 0/47/21/47 from the window's defaults).
  @Test func theBarsFollowAResize() throws {
    let (harness, _, _) = try navScene()
    try harness.turn { engine throws(EngineError) in
      try engine.resizeWindow(
        try engine.existingView("win"), width: 844, height: 390, safeArea: Self.insets(bottom: 21))
    }
    #expect(view(harness, "nav.navigationBar")?.frame == .xywh(0, 0, 844, 44))
    #expect(view(harness, "nav.toolbar")?.frame == .xywh(0, 325, 844, 44))
  }

  /// R68: a new safe area alone (the same size) moves the bars too: top 20 puts the navigation bar at y 20 and the
  /// table's top inset at 64.
  @Test func theBarsFollowASafeAreaChange() throws {
    let (harness, _, list) = try navScene()
    try harness.turn { engine throws(EngineError) in
      try engine.resizeWindow(
        try engine.existingView("win"), width: 390, height: 844, safeArea: Self.insets(top: 20, bottom: 34))
    }
    #expect(view(harness, "nav.navigationBar")?.frame == .xywh(0, 20, 390, 44))
    #expect(adjusted(harness, list)?.top == 64)
  }

  /// R68: a bar setting on the wrong kind is refused at its name and changes nothing; the bars' ids are reserved.
  @Test func wrongKindsAndTakenIdsAreRefused() throws {
    let (harness, nav, list) = try navScene()
    var settings = Engine.BarSettings()
    settings.tabBarHidden = true
    #expect(throws: EngineError.self) { try harness.engine.configureBars(nav, settings) }
    #expect(throws: EngineError.self) { try harness.engine.setNavigationBarHidden(list, true, animated: false) }
    #expect(throws: EngineError.self) { try harness.engine.checkNewID("nav.toolbar") }
    #expect(!nav.isNavigationBarHidden)
  }
}

import ContainerEngine
import Testing

/// PagingContainerViewController through the engine API alone (S3, S4): the header formulas, the page
/// switch offsets, short lists and the pages' appearance; the numbers and orders the wire tier checks in
/// PagingContainerTests. Seed 003's example: a 200-pt header with the 44-pt title bar (H = 244), hanging height 64, four
/// pages: `menu` (20 rows of 44), `list` (15 rows of 80), `short` (3 rows of 44), all UITableViewControllers, and
/// `grid`, a plain controller whose scroll view is a subview.
@Suite struct PagingContainerEngineTests {
  private struct Profile {
    let harness = EngineHarness()
    let window: ViewNode
    let profile: ControllerNode
    let menu: ControllerNode, list: ControllerNode, short: ControllerNode, grid: ControllerNode

    init(
      formula: Engine.PagingState.HeaderFormula? = nil, switchOffset: Engine.PagingState.PageSwitchOffset? = nil
    ) throws {
      window = try harness.window()
      menu = try harness.controller("menu", kind: .tableViewController)
      list = try harness.controller("list", kind: .tableViewController)
      short = try harness.controller("short", kind: .tableViewController)
      grid = try harness.controller("grid", scrollView: "gridScroll")
      profile = try harness.pagingContainer(
        "profile", headerHeight: 200, hangingHeight: 64, formula: formula, switchOffset: switchOffset,
        pages: [menu, list, short, grid])
      for (page, rows, height) in [(menu, 20, 44.0), (list, 15, 80), (short, 3, 44)] {
        try harness.turn { engine throws(EngineError) in
          try engine.registerCell(.root(page), identifier: "cell")
          _ = try engine.setTableData(
            .root(page), Engine.TableData(sections: [TableFixture.uniform(rows, height, identifier: "cell")]))
        }
      }
      try harness.show(profile, in: window)
      harness.subscribe(.scroll)
    }

    var header: Rect? { try? harness.engine.existingView("profile.header").frame }
    var index: Int? { profile.paging?.index }

    func offsetY(_ page: ControllerNode) -> Double? { harness.engine.pageScrollView(page)?.scroll?.contentOffset.y }

    func setOffset(_ page: ControllerNode, _ y: Double) throws {
      try harness.turn { engine throws(EngineError) in
        try engine.setContentOffset(.root(page), Point(x: 0, y: y), animated: false)
      }
    }

    @discardableResult
    func select(_ index: Int, animated: Bool = true) throws -> [String] {
      try harness.turn { engine throws(EngineError) in
        try engine.selectPage(profile, index: index, animated: animated)
      }
    }

    @discardableResult
    func panPager(_ phase: String, dx: Double = 0, velocity: Double = 0) throws -> [String] {
      try harness.turn { engine throws(EngineError) in
        _ = try engine.pan(
          .view(try engine.existingView("profile.pager")), phase: phase, translation: Point(x: dx, y: 0),
          velocity: Point(x: velocity, y: 0))
      }
    }
  }

  private static func headerRect(_ y: Double, _ height: Double = 244) -> Rect { .xywh(0, y, 390, height) }

  /// S3.1 YSM's absolute formula on the current page: follow (−H ≤ o ≤ −hang: y = −(H + o)), pin at the hanging height
  /// (y = hang − H = −180), stretch when pulled down (o < −H: y = 0, h = −o).
  @Test(arguments: [
    (-244.0, 0.0, 244.0), (-200, -44, 244), (-64, -180, 244), (0, -180, 244), (500, -180, 244), (-300, 0, 300),
  ])
  func theAbsoluteFormula(_ offset: Double, _ y: Double, _ height: Double) throws {
    let p = try Profile()
    try p.setOffset(p.menu, offset)
    #expect(p.header == Self.headerRect(y, height))
  }

  /// The page starts right under the header: contentInset.top = H with adjustment `never`, offset −H.
  @Test func pagesRunUnderTheHeader() throws {
    let p = try Profile()
    let menu = try #require(p.menu.view)
    #expect(menu.scroll?.contentInset.top == 244)
    #expect(p.harness.engine.adjustedContentInset(of: menu).top == 244)
    #expect(p.offsetY(p.menu) == -244)
  }

  /// S3.1 forced page-switch offset: with the header pinned (y = −180), the incoming page is set to −(header.y + H) =
  /// −64; the index is the target as soon as the select returns.
  @Test func theForcedOffsetOnAPageSwitch() throws {
    let p = try Profile()
    try p.setOffset(p.menu, 300)
    try p.select(1)
    #expect(p.index == 1)
    #expect(p.offsetY(p.list) == -64)
    #expect(p.header == Self.headerRect(-180))
  }

  /// S3.2 HJ's keep-deeper option: a page already scrolled deeper keeps its offset; one past the end of its content
  /// (o > 15 × 80 − 844 = 356) goes right under the header, −64; a page shown for the first time starts at −H and,
  /// above the header's bottom, is moved to −64.
  @Test(arguments: [(300.0, 300.0), (356.0, 356.0), (600.0, -64.0)])
  func keepDeeperOnAPageSwitch(_ listOffset: Double, _ expected: Double) throws {
    let p = try Profile(switchOffset: .keepDeeper)
    try p.select(1)
    try p.setOffset(p.list, listOffset)
    try p.select(0)
    try p.setOffset(p.menu, 300)
    try p.select(1)
    #expect(p.offsetY(p.list) == expected)
    try p.select(2)
    #expect(p.offsetY(p.short) == -64)
  }

  /// S3.2 / S5.6: the delta formula is path dependent. From pinned (o = 100), one jump to −100 shows the whole header
  /// (y = 0); in 10-pt steps the header stays until the content passes its bottom (o ≤ −64), then moves by whole steps
  /// from −70 on: −180 + 4 × 10 = −140. (The absolute formula gives −144 either way.)
  @Test func theDeltaFormulaIsPathDependent() throws {
    let jump = try Profile(formula: .delta)
    try jump.setOffset(jump.menu, 100)
    #expect(jump.header == Self.headerRect(-180))
    try jump.setOffset(jump.menu, -100)
    #expect(jump.header == Self.headerRect(0))
    let steps = try Profile(formula: .delta)
    try steps.setOffset(steps.menu, 100)
    for y in stride(from: 90.0, through: -100, by: -10) { try steps.setOffset(steps.menu, y) }
    #expect(steps.header == Self.headerRect(-140))
  }

  /// Engine decision "the delta formula starts from the child's offset when it is first observed", S4.2 (no jump on a
  /// tab switch): with `menu` at −144 the header is at −100; switching to `list` forces it to −144 and the header
  /// stays, with either formula; from there 10 pt up moves the header 10 pt up.
  @Test(arguments: [Engine.PagingState.HeaderFormula.delta, .absolute])
  func theFirstSwitchToAPageKeepsTheHeader(_ formula: Engine.PagingState.HeaderFormula) throws {
    let p = try Profile(formula: formula)
    try p.setOffset(p.menu, -144)
    #expect(p.header == Self.headerRect(-100))
    try p.select(1)
    #expect(p.offsetY(p.list) == -144)
    #expect(p.header == Self.headerRect(-100))
    try p.setOffset(p.list, -134)
    #expect(p.header == Self.headerRect(-110))
  }

  /// S4.3 short lists: `short` (132 pt of rows) gets bottom inset 844 − 64 − 132 = 648, so it can scroll until the
  /// header pins: a fling comes to rest at −64 with the header at −180.
  @Test func shortListsCanPinTheHeader() throws {
    let p = try Profile()
    try p.select(2, animated: false)
    let short = try #require(p.short.view)
    #expect(short.scroll?.contentInset.bottom == 648)
    try p.harness.turn { engine throws(EngineError) in
      _ = try engine.fling(.view(short), velocity: Point(x: 0, y: -5000))
    }
    #expect(p.offsetY(p.short) == -64)
    #expect(p.header == Self.headerRect(-180))
  }

  /// S3.1 `itemSize = bounds.size`: after a rotation to 844 × 390 the pager lays its pages out again: the current
  /// page 1 at x = 844 with size 844 × 390 and the offset on it, the index kept; a forward fling goes to page 2.
  @Test func aRotationLaysThePagesOutAgain() throws {
    let p = try Profile()
    try p.select(1, animated: false)
    try p.harness.turn { engine throws(EngineError) in
      try engine.resizeWindow(p.window, width: 844, height: 390, safeArea: nil)
    }
    let pager = try p.harness.engine.existingView("profile.pager")
    #expect(pager.scroll?.contentSize == Size(width: 3376, height: 390))
    #expect(pager.scroll?.contentOffset == Point(x: 844, y: 0))
    #expect(p.list.view?.frame == .xywh(844, 0, 844, 390))
    #expect(p.index == 1)
    try p.harness.turn { engine throws(EngineError) in
      _ = try engine.fling(.view(pager), velocity: Point(x: -1000, y: 0))
    }
    #expect(p.index == 2)
    #expect(pager.scroll?.contentOffset == Point(x: 1688, y: 0))
  }

  /// Pages load when first shown: only `menu` at first. While paging only the visible pages appear: a neighbour is
  /// attached (willMove, R4) and appears as it comes into view (R6, R7, with R8's didMove), the old page disappears
  /// when it has left; the index follows at drag end.
  @Test func lazyPagesAndAppearanceWhilePaging() throws {
    let p = try Profile()
    #expect(p.grid.view == nil)
    #expect(try p.panPager("began").filter { !$0.hasPrefix("profile.pager.") }.isEmpty)
    #expect(
      try p.panPager("changed", dx: -100).filter { !$0.hasPrefix("profile.pager.") } == [
        "list.willMove(profile) R4", "list.viewWillAppear R6", "list.didMove(profile) R4", "list.viewIsAppearing R69",
        "list.viewDidAppear R7", "list.didMove(profile) R8",
      ])
    #expect(
      try p.panPager("ended", dx: -300, velocity: -1000).filter { !$0.hasPrefix("profile.pager.") } == [
        "menu.viewWillDisappear R6", "menu.viewDidDisappear R7",
      ])
    #expect(p.grid.view == nil)
    #expect(p.index == 1)
  }

  /// S4.2: a drag on the pager released without velocity updates the index at drag end (the page it settles on).
  @Test func theIndexUpdatesWhenADragEnds() throws {
    let p = try Profile()
    try p.panPager("began")
    try p.panPager("changed", dx: -250)
    #expect(p.index == 0)
    try p.panPager("ended", dx: -250)
    #expect(p.index == 1)
  }

  /// A page another container has taken (R5) is not the container's to show [INF]: paging back to its slot leaves the
  /// slot empty and sends it nothing, and its scrolling no longer moves the header. R72: the embed is refused while
  /// the page's view is in the pager; the view leaves it first.
  @Test func aPageTakenByAnotherContainerStaysThere() throws {
    let p = try Profile()
    let other = try p.harness.window("other")
    let x = try p.harness.controller("x")
    try p.harness.show(x, in: other)
    #expect(
      p.harness.refusal { engine throws(EngineError) in try engine.embed(p.menu, in: x, container: nil, frame: nil) }?
        .hasPrefix("UIViewControllerHierarchyInconsistency") == true)
    try p.harness.turn { engine throws(EngineError) in try engine.removeFromSuperview(.root(p.menu)) }
    #expect(
      try p.harness.turn { engine throws(EngineError) in try engine.embed(p.menu, in: x, container: nil, frame: nil) }
        == [
          "menu.didMove(nil) R5", "menu.willMove(x) R4", "menu.viewWillAppear R6", "menu.didMove(x) R4",
          "menu.viewIsAppearing R69", "menu.viewDidAppear R7", "menu.didMove(x) R8",
        ])
    try p.select(1, animated: false)
    #expect(
      try p.select(0, animated: false).filter { !$0.hasPrefix("profile.pager.") } == [
        "list.viewWillDisappear R6", "list.viewDidDisappear R7",
      ])
    #expect(p.menu.view?.superview === x.view)
    #expect(p.menu.appearance.state == .appeared)
    let before = p.header
    try p.setOffset(p.menu, 300)
    #expect(p.header == before)
  }

  /// A page index outside the list is refused at the `index` argument (the wire's `params.index`) and changes
  /// nothing.
  @Test func anIndexOutsideThePagesIsRefused() throws {
    let p = try Profile()
    #expect(
      p.harness.refusal { engine throws(EngineError) in try engine.selectPage(p.profile, index: 9, animated: true) }
        == "index: expected an index below 4 (no page 9)")
    #expect(p.index == 0)
  }
}

import ContainerEngine
import Testing

/// `world/render`'s picture through the engine API (`Engine.wireframe(of:options:)`, `renderSVG`): on busy screens no
/// two texts overlap, every visible view has one label (in the window or set aside with a leader line), the first
/// responder is marked, scroll indicators sit where the offset puts them, and each controller's views share one colour.
@Suite struct WireframeEngineTests {
  // MARK: - Scenes

  /// Seed 002's screen: a UITableViewController `list` (30 rows of 44) scrolled to 300, a toast label at y 700 in
  /// its table, a text field at y 1106 focused, the keyboard up (336 pt).
  private func seed002() throws -> (EngineHarness, ViewNode) {
    let harness = EngineHarness()
    let window = try harness.window()
    var spec = ControllerSpec(kind: .tableViewController, id: "list")
    spec.className = "TableViewController"
    let (list, _) = try harness.make(spec)
    try harness.turn { engine throws(EngineError) in
      try engine.registerCell(.root(list), identifier: "input")
      _ = try engine.setTableData(
        .root(list), Engine.TableData(sections: [Self.uniform(30, 44, identifier: "input")]))
      let toast = try engine.createView(
        id: "toast", kind: .UILabel, frame: .xywh(20, 700, 350, 40), autoresizingMask: [], text: "Saved")
      try engine.addSubview(.view(toast), to: .root(list), at: nil)
    }
    try harness.show(list, in: window)
    try harness.turn { engine throws(EngineError) in
      try engine.setContentOffset(.root(list), Point(x: 0, y: 300), animated: false)
      let field = try engine.createView(
        id: "field", kind: .UITextField, frame: .xywh(16, 1106, 300, 30), autoresizingMask: [], text: nil)
      try engine.addSubview(.view(field), to: .root(list), at: nil)
    }
    try harness.turn { engine throws(EngineError) in _ = try engine.focus(.view(try engine.existingView("field"))) }
    try harness.turn { engine throws(EngineError) in try engine.showKeyboard(window, height: 336, animated: false) }
    return (harness, window)
  }

  /// Seed 003's profile page: a paging container (200-pt header, hanging 64) over four pages, three of them tables.
  private func seed003() throws -> (EngineHarness, ViewNode) {
    let harness = EngineHarness()
    let window = try harness.window()
    let menu = try harness.controller("menu", kind: .tableViewController)
    let list = try harness.controller("list", kind: .tableViewController)
    let more = try harness.controller("more", kind: .tableViewController)
    let grid = try harness.controller("grid", scrollView: "gridScroll")
    let profile = try harness.pagingContainer(
      "profile", headerHeight: 200, hangingHeight: 64, pages: [menu, list, more, grid])
    for (page, rows, height) in [(menu, 30, 44.0), (list, 15, 80), (more, 5, 60)] {
      try harness.turn { engine throws(EngineError) in
        try engine.registerCell(.root(page), identifier: "cell")
        _ = try engine.setTableData(.root(page), Engine.TableData(sections: [Self.uniform(rows, height)]))
      }
    }
    try harness.show(profile, in: window)
    return (harness, window)
  }

  /// A UITableViewController `list` the root of `nav` (toolbar shown) in tab 0 of `tabs`, with `other` as tab 1, and
  /// `detail` pushed.
  private func navigationStack() throws -> (EngineHarness, ViewNode) {
    let harness = EngineHarness()
    let window = try harness.window()
    let list = try harness.controller("list", kind: .tableViewController)
    let (nav, _) = try harness.navigation("nav", root: list)
    let other = try harness.controller("other")
    let tabs = try harness.tabBar("tabs", tabs: [nav, other])
    try harness.turn { engine throws(EngineError) in
      try engine.registerCell(.root(list), identifier: "cell")
      _ = try engine.setTableData(.root(list), Engine.TableData(sections: [Self.uniform(40, 44)]))
    }
    try harness.show(tabs, in: window)
    let detail = try harness.controller("detail")
    try harness.turn { engine throws(EngineError) in
      try engine.setToolbarHidden(nav, false, animated: false)
      try engine.push(detail, on: nav, animated: false)
      let title = try engine.createView(
        id: "detailTitle", kind: .UILabel, frame: .xywh(16, 120, 358, 30), autoresizingMask: [], text: "Details")
      try engine.addSubview(.view(title), to: .root(detail), at: nil)
    }
    return (harness, window)
  }

  /// 120 views of 24×16 in a grid on a plain root view: too small for their labels; and `away`, right of the window.
  private func manySmallViews() throws -> (EngineHarness, ViewNode) {
    let harness = EngineHarness()
    let window = try harness.window()
    let root = try harness.controller("root")
    try harness.show(root, in: window)
    try harness.turn { engine throws(EngineError) in
      for index in 0..<120 {
        let frame = Rect.xywh(Double(index % 10) * 38 + 8, Double(index / 10) * 30 + 100, 24, 16)
        let view = try engine.createView(id: "s\(index)", kind: .UIView, frame: frame, autoresizingMask: [], text: nil)
        try engine.addSubview(.view(view), to: .root(root), at: nil)
      }
      let away = try engine.createView(
        id: "away", kind: .UIView, frame: .xywh(400, 100, 50, 50), autoresizingMask: [], text: nil)
      try engine.addSubview(.view(away), to: .root(root), at: nil)
    }
    return (harness, window)
  }

  private static func uniform(_ count: Int, _ height: Double, identifier: String = "cell") -> Engine.TableData.Section {
    Engine.TableData.Section(
      headerHeight: 0, footerHeight: 0, rows: .uniform(count: count, height: height, identifier: identifier))
  }

  // MARK: - Properties

  /// No two text boxes intersect; each text fits its box; inline labels lie in the window off the keyboard; every
  /// drawn view has exactly one label (inline or callout) naming it.
  private func expectReadable(_ picture: Wireframe, _ scene: String) {
    let labels = picture.labels
    for (i, a) in labels.enumerated() {
      let textWidth = TextMetric.width(of: a.text, fontSize: a.fontSize)
      #expect(textWidth + 2 * TextMetric.padding <= a.box.width + 1e-9, "\(scene): \(a.text) wider than its box")
      for b in labels[(i + 1)...] where a.box.intersects(b.box) {
        Issue.record("\(scene): “\(a.text)” \(a.box) overlaps “\(b.text)” \(b.box)")
      }
      if a.role == .inline {
        #expect(picture.window.contains(a.box), "\(scene): \(a.text) outside the window")
        if let keyboard = picture.keyboard {
          #expect(!keyboard.intersects(a.box), "\(scene): \(a.text) on the keyboard")
        }
      }
      #expect(a.box.x + a.box.width <= picture.canvas.width && a.box.y + a.box.height <= picture.canvas.height)
    }
    let named = labels.filter { $0.role == .inline || $0.role == .callout }.compactMap(\.view)
    #expect(named.sorted() == picture.views.map(\.id).sorted(), "\(scene): one label per view")
  }

  @Test(arguments: ["seed002", "seed003", "navigation", "small views"])
  func noTwoTextsOverlapOnABusyScreen(_ scene: String) throws {
    let (harness, window) =
      switch scene {
      case "seed002": try seed002()
      case "seed003": try seed003()
      case "navigation": try navigationStack()
      default: try manySmallViews()
      }
    for mode in Wireframe.LabelMode.allCases where mode != .none {
      let picture = try harness.engine.wireframe(of: window, options: .init(labels: mode))
      expectReadable(picture, "\(scene) \(mode)")
    }
    // The same world, the same bytes.
    #expect(try harness.engine.renderSVG(window) == harness.engine.renderSVG(window))
  }

  /// Seed 002: every view fits inline (toast, field, table); the first responder is the field, outlined and named in
  /// the legend; the keyboard's text sits on it; cells are labelled.
  @Test func seed002MarksTheFirstResponderAndTheKeyboard() throws {
    let (harness, window) = try seed002()
    let picture = try harness.engine.wireframe(of: window)
    #expect(picture.views.filter(\.isFirstResponder).map(\.id) == ["field"])
    #expect(picture.keyboard == .xywh(0, 508, 390, 336))
    #expect(picture.statusBar == .xywh(0, 0, 390, 47))
    #expect(picture.labels.filter { $0.role == .callout }.isEmpty)
    #expect(picture.labels.contains { $0.role == .fixed && $0.text == "keyboard · 336 pt" })
    #expect(picture.labels.contains { $0.role == .legend && $0.text == "first responder: field" })
    #expect(picture.labels.contains { $0.role == .fixed && $0.text.hasSuffix(" · input #1") })
    let svg = try harness.engine.renderSVG(window)
    let field = try #require(svg.firstRange(of: "<g id=\"field\" data-kind=\"UITextField\">"))
    let outline = try #require(svg.firstRange(of: "<rect class=\"first-responder\""))
    #expect(field.upperBound < outline.lowerBound)
    #expect(svg.contains("<g id=\"keyboard\">"))
    #expect(!svg.hasPrefix("<?xml"))
  }

  /// A table at (0, 100) of 390×600, 30 rows of 44 (content 1,320), at offset 300, no inset: the vertical indicator
  /// is 3 wide at x 384, its track 103…697 (594), its length 594 × 600 / 1,320 = 270, at 300 / 720 of the free 324:
  /// y 238. No horizontal one (the content is as wide as the table).
  @Test func scrollIndicatorsFollowTheOffset() throws {
    let fixture = try TableFixture(register: ["A"])
    try fixture.setData(Engine.TableData(sections: [TableFixture.uniform(30, 44)]))
    try fixture.setOffset(300)
    let picture = try fixture.harness.engine.wireframe(of: fixture.window)
    #expect(
      picture.scrollIndicators == [.init(view: "t", axis: .vertical, rect: .xywh(384, 238, 3, 270))])
    try fixture.setOffset(720)
    let bottom = try fixture.harness.engine.wireframe(of: fixture.window)
    #expect(bottom.scrollIndicators.map(\.rect) == [.xywh(384, 427, 3, 270)])
    // A rubber band past the end does not move it further.
    try fixture.setOffset(900)
    #expect(
      try fixture.harness.engine.wireframe(of: fixture.window).scrollIndicators.map(\.rect) == [.xywh(384, 427, 3, 270)]
    )
  }

  /// Seed 003: the pager's content is four pages wide, so it has a horizontal indicator at its bottom edge, a quarter
  /// of its track long, and moves a third of the free track on page 1 of 4.
  @Test func seed003ShowsThePagerIndicatorAndListsHiddenPages() throws {
    let (harness, window) = try seed003()
    let picture = try harness.engine.wireframe(of: window)
    let pager = try #require(picture.views.first { $0.id == "profile.pager" })
    let horizontal = try #require(picture.scrollIndicators.first { $0.view == "profile.pager" })
    #expect(horizontal.axis == .horizontal)
    #expect(horizontal.rect.y == pager.frame.y + pager.frame.height - 6)
    #expect(horizontal.rect.width == (390 - 6) / 4)
    #expect(horizontal.rect.x == 3)
    // On page 1 (offset 390 of 1,170 free): a third of the free track (384 − 96), x 3 + 96.
    try harness.turn { engine throws(EngineError) in
      try engine.selectPage(try engine.controller("profile"), index: 1, animated: false)
    }
    let moved = try harness.engine.wireframe(of: window)
    #expect(
      moved.scrollIndicators.first { $0.view == "profile.pager" }?.rect
        == .xywh(99, pager.frame.y + pager.frame.height - 6, 96, 3))
    expectReadable(moved, "seed003 page 1")
  }

  /// One colour per controller: the navigation controller's view and its bars share one, the table controller's
  /// views another, the tab bar controller's a third; the legend lists them in drawing order.
  @Test func eachControllersViewsShareAColour() throws {
    let (harness, window) = try navigationStack()
    let picture = try harness.engine.wireframe(of: window)
    func colour(_ id: String) -> String? { picture.views.first { $0.id == id }?.colour }
    func controller(_ id: String) -> String? { picture.views.first { $0.id == id }?.controller }
    #expect(controller("nav.navigationBar") == "nav" && controller("nav.toolbar") == "nav")
    #expect(controller("tabs.tabBar") == "tabs" && controller("detailTitle") == "detail")
    #expect(colour("nav.navigationBar") == colour("nav.view") && colour("nav.toolbar") == colour("nav.view"))
    #expect(colour("detailTitle") == colour("detail.view"))
    let distinct = Set(["tabs.view", "nav.view", "detail.view"].compactMap(colour))
    #expect(distinct.count == 3)
    #expect(picture.swatches.map(\.controller) == ["tabs", "nav", "detail"])
    #expect(picture.swatches.map(\.colour) == Array(Wireframe.palette.prefix(3)))
    #expect(picture.labels.contains { $0.role == .legend && $0.text == "navigation bar, toolbar, tab bar" })
    let svg = try harness.engine.renderSVG(window)
    #expect(svg.contains(#"<g id="nav.navigationBar" data-kind="UINavigationBar">"#))
    #expect(svg.contains(#"<rect class="frame bar" x="0" y="47" width="390" height="44""#))
    #expect(svg.contains(#"<rect class="status-bar" x="0" y="0" width="390" height="47""#))
  }

  /// Small views whose labels fit nowhere inside get a spot beside them or a callout with a leader line from the
  /// view's right edge; the callouts are stacked in their anchors' order, so the leader lines do not cross.
  @Test func crowdedLabelsGoAsideInOrder() throws {
    let (harness, window) = try manySmallViews()
    let picture = try harness.engine.wireframe(of: window)
    let callouts = picture.labels.filter { $0.role == .callout }
    #expect(!callouts.isEmpty)
    #expect(callouts.allSatisfy { $0.box.x == picture.window.width + 28 })
    // A view outside the window is listed last, without a leader line.
    #expect(callouts.last?.text == "away · UIView (not visible)" && callouts.last?.anchor == nil)
    #expect(callouts.dropLast().allSatisfy { $0.anchor != nil })
    let anchors = callouts.compactMap(\.anchor?.y)
    #expect(anchors == anchors.sorted())
    #expect(zip(callouts, callouts.dropFirst()).allSatisfy { $0.box.y < $1.box.y })
    #expect(picture.canvas.width > picture.window.width)
    // Without the legend and with every label set aside, still nothing overlaps; with `none`, no view labels.
    let aside = try harness.engine.wireframe(of: window, options: .init(labels: .callouts, legend: false))
    #expect(aside.labels.allSatisfy { $0.role == .callout || $0.role == .fixed })
    #expect(aside.legend.isEmpty)
    let bare = try harness.engine.wireframe(of: window, options: .init(labels: .none, legend: false))
    #expect(bare.labels.filter { $0.view != nil }.isEmpty)
    #expect(bare.canvas == Size(width: 390, height: 844))
  }

  /// The metric: one advance per character, two for wide ones; long texts are cut with an ellipsis.
  @Test func theTextMetricIsFixedWidth() {
    #expect(TextMetric.cells(of: "list.view · UITableView") == 23)
    #expect(TextMetric.width(of: "abcd", fontSize: 10) == 24)
    #expect(TextMetric.cells(of: "表示") == 4)
    #expect(TextMetric.truncated("abcdefghij", to: 5) == "abcd…")
    #expect(TextMetric.truncated("abc", to: 5) == "abc")
  }
}

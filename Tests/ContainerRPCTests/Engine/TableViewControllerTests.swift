import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// UITableViewController, the first responder and the keyboard, seed 002's toast, and offset observers
/// (S2.7, S2.8, S5.4).
@Suite struct TableViewControllerTests {
  /// `list`: a UITableViewController with 30 rows of 44 pt (`cell`), shown full screen in `w` (390×844, safe area
  /// 47/34), so its content (1320) is taller than it and its adjustedContentInset is 47/34.
  private func shownList(kinds: JSONValue = ["all"]) -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    session.call("controller/create", ["id": "list", "kind": "UITableViewController"])
    session.call("table/register", ["table": "list.view", "identifier": "cell"])
    session.call(
      "table/setData",
      ["table": "list.view", "sections": [["rowCount": 30, "rowHeight": 44, "identifier": "cell"]]])
    session.call("window/setRoot", ["window": "w", "controller": "list"])
    session.call("events/subscribe", ["kinds": kinds])
    return session
  }

  private func offset(_ session: TestSession, _ view: String = "list.view") -> JSONValue? {
    session.call("scroll/get", ["view": .string(view)]).result?["contentOffset"]
  }

  /// S2.8: the root view is a UITableView; its first appearance asks for the rows in view between viewWillAppear and
  /// viewDidAppear, after its geometry callbacks and viewIsAppearing (R64, R69) and the root view's layout (R30) and
  /// the offset following the safe area to −47 (S2.4): rows 0–18 intersect [−47, 797).
  @Test func firstAppearanceAsksForTheVisibleRowsBetweenWillAndDidAppear() {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    session.call("events/subscribe", ["kinds": ["all"]])
    session.call("controller/create", ["id": "list", "kind": "UITableViewController"])
    session.call("table/register", ["table": "list.view", "identifier": "cell"])
    session.call(
      "table/setData",
      ["table": "list.view", "sections": [["rowCount": 30, "rowHeight": 44, "identifier": "cell"]]])
    #expect(session.call("view/get", ["view": "list.view"]).result?["kind"] == "UITableView")
    let trace = session.call("window/setRoot", ["window": "w", "controller": "list"]).trace
    #expect(
      trace
        == [
          "list.viewWillAppear R6", "list.viewLayoutMarginsDidChange R64", "list.viewSafeAreaInsetsDidChange R64",
          "list.viewIsAppearing R69", "list.viewWillLayoutSubviews R30", "list.viewDidLayoutSubviews R30",
          "offset list.view 0,-47 inset",
        ]
        + (0...18).map { "list.view.cellForRow(0,\($0)) #\($0 + 1)" }
        + ["list.viewDidAppear R7"])
  }

  /// S5.8 open point `tableAlwaysBounceVertical` (default true): a short table (3 rows) still bounces vertically, so
  /// `automatic` gives it the safe area (47/34) and it rests at −47; switched off, it gets none and stays at 0.
  @Test(arguments: [(true, 47.0, 34.0, -47.0), (false, 0, 0, 0)])
  func shortTablesBounceVertically(_ bounces: Bool, _ top: Double, _ bottom: Double, _ offsetY: Double) {
    let session = TestSession()
    session.call("daemon/configure", ["options": ["tableAlwaysBounceVertical": .bool(bounces)]])
    session.call("window/create", ["id": "w"])
    session.call("controller/create", ["id": "list", "kind": "UITableViewController"])
    session.call("table/register", ["table": "list.view", "identifier": "cell"])
    session.call(
      "table/setData", ["table": "list.view", "sections": [["rowCount": 3, "rowHeight": 44, "identifier": "cell"]]])
    session.call("window/setRoot", ["window": "w", "controller": "list"])
    let state = session.call("scroll/get", ["view": "list.view"]).result
    #expect(state?["adjustedContentInset"] == ["top": .number(top), "left": 0, "bottom": .number(bottom), "right": 0])
    #expect(state?["contentOffset"] == ["x": 0, "y": .number(offsetY)])
  }

  /// S2.8: the reload happens on the first viewWillAppear only; later appearances keep the displayed cells (no
  /// cellForRow), and each viewWillAppear clears the selection (clearsSelectionOnViewWillAppear, default true).
  @Test func laterAppearancesKeepCellsAndClearTheSelection() {
    let session = shownList(kinds: ["table"])
    let detail: JSONValue = ["id": "detail"]
    session.call("controller/create", detail)
    #expect(
      session.call("table/select", ["table": "list.view", "section": 0, "row": 3]).trace == [
        "list.view.didSelectRow(0,3)"
      ])
    #expect(session.call("table/get", ["table": "list.view"]).result?["selected"] == ["section": 0, "row": 3])
    session.call("window/setRoot", ["window": "w", "controller": "detail"])
    #expect(session.call("table/get", ["table": "list.view"]).result?["selected"] == ["section": 0, "row": 3])
    let back = session.call("window/setRoot", ["window": "w", "controller": "list"])
    #expect(back.trace.filter { $0.contains("cellForRow") }.isEmpty)
    #expect(session.call("table/get", ["table": "list.view"]).result?["selected"] == .null)
  }

  /// S2.8: with clearsSelectionOnViewWillAppear false the selection survives the next appearance.
  @Test func keepingTheSelection() {
    let session = shownList()
    session.call("controller/configure", ["controller": "list", "clearsSelectionOnViewWillAppear": false])
    session.call("controller/create", ["id": "detail"])
    session.call("table/select", ["table": "list.view", "section": 0, "row": 3])
    session.call("window/setRoot", ["window": "w", "controller": "detail"])
    session.call("window/setRoot", ["window": "w", "controller": "list"])
    #expect(session.call("table/get", ["table": "list.view"]).result?["selected"] == ["section": 0, "row": 3])
  }

  /// S2.8 keyboard avoidance: contentInset.bottom grows by the overlap (336); the focused field (y 1106–1136 in the
  /// content) is scrolled the least that shows it above the keyboard: visible bottom o + 844 − 336 = 1136, o = 628.
  /// Hiding gives the inset back and brings the offset back into the range (1320 + 34 − 844 = 510).
  @Test func keyboardAvoidanceScrollsTheFocusedFieldAboveTheKeyboard() {
    let session = shownList(kinds: ["offset", "scroll"])
    session.call(
      "view/create",
      ["id": "field", "kind": "UITextField", "frame": ["x": 16, "y": 1106, "width": 300, "height": 30]])
    session.call("view/addSubview", ["superview": "list.view", "view": "field"])
    #expect(session.call("view/focus", ["view": "field"]).result == ["isFirstResponder": true])
    let show = session.call("keyboard/show", ["window": "w", "height": 336, "animated": false])
    #expect(show.trace == ["offset list.view 0,628 keyboard"])
    let state = session.call("scroll/get", ["view": "list.view"]).result
    #expect(state?["contentInset"] == ["top": 0, "left": 0, "bottom": 336, "right": 0])
    #expect(state?["adjustedContentInset"] == ["top": 47, "left": 0, "bottom": 370, "right": 0])
    // The field's bottom is at the keyboard's top: 1136 − 628 = 508 = 844 − 336.
    #expect(session.call("view/get", ["view": "field"]).result?["frameInWindow"]?["y"] == 478)
    let hide = session.call("keyboard/hide", ["window": "w", "animated": false])
    #expect(hide.trace == ["offset list.view 0,510 keyboard"])
    #expect(
      session.call("scroll/get", ["view": "list.view"]).result?["contentInset"]
        == ["top": 0, "left": 0, "bottom": 0, "right": 0])
  }

  /// S2.8: animated, the keyboard adjustment moves at constant velocity over 0.25 s (15 frames at 60 fps), with
  /// `cause: keyboard` and no didEndScrollingAnimation (it is not a setContentOffset animation).
  @Test func animatedKeyboardAdjustment() {
    let session = shownList(kinds: ["offset", "scroll"])
    session.call(
      "view/create",
      ["id": "field", "kind": "UITextField", "frame": ["x": 16, "y": 1106, "width": 300, "height": 30]])
    session.call("view/addSubview", ["superview": "list.view", "view": "field"])
    session.call("view/focus", ["view": "field"])
    let events = session.call("keyboard/show", ["window": "w", "height": 336]).events
    #expect(events.count == 15)
    #expect(events.allSatisfy { $0["method"] == "event/offset" && $0["params"]?["cause"] == "keyboard" })
    // Frame 6 of 15 (t = 100 ms): −47 + 675 × 6 / 15.
    #expect(events[5]["params"]?["y"] == 223)
    #expect(events.last?["params"]?["y"] == 628)
    #expect(events.last?["params"]?["time"] == 250)
  }

  /// S2.8: a field already visible above the keyboard is not scrolled; only the inset grows.
  @Test func aVisibleFieldIsNotScrolled() {
    let session = shownList(kinds: ["offset"])
    session.call(
      "view/create", ["id": "field", "kind": "UITextField", "frame": ["x": 16, "y": 100, "width": 300, "height": 30]])
    session.call("view/addSubview", ["superview": "list.view", "view": "field"])
    session.call("view/focus", ["view": "field"])
    #expect(session.call("keyboard/show", ["window": "w", "height": 336, "animated": false]).events.isEmpty)
    #expect(
      session.call("scroll/get", ["view": "list.view"]).result?["contentInset"]?["bottom"] == 336)
  }

  /// S2.8: focusing a field while the keyboard is up scrolls it into view at once.
  @Test func focusingWithTheKeyboardUpScrolls() {
    let session = shownList(kinds: ["offset"])
    session.call("keyboard/show", ["window": "w", "height": 336, "animated": false])
    session.call(
      "view/create",
      ["id": "field", "kind": "UITextField", "frame": ["x": 16, "y": 1106, "width": 300, "height": 30]])
    session.call("view/addSubview", ["superview": "list.view", "view": "field"])
    #expect(session.call("view/focus", ["view": "field"]).trace == ["offset list.view 0,628 keyboard"])
  }

  /// becomeFirstResponder returns false for a view that can't become first responder, or one outside a window.
  @Test func onlyTextFieldsInAWindowBecomeFirstResponder() {
    let session = shownList()
    session.call("view/create", ["id": "plain"])
    session.call("view/addSubview", ["superview": "list.view", "view": "plain"])
    #expect(session.call("view/focus", ["view": "plain"]).result == ["isFirstResponder": false])
    session.call("view/create", ["id": "loose", "kind": "UITextField"])
    #expect(session.call("view/focus", ["view": "loose"]).result == ["isFirstResponder": false])
    #expect(session.call("keyboard/show", ["window": "plain", "height": 300]).error?["code"] == -32602)
  }

  /// Seed 002's problem: a toast added to a UITableViewController's view (the table) scrolls with the content.
  @Test func aToastOnTheTableScrollsWithIt() {
    let session = shownList(kinds: ["offset"])
    session.call("view/create", ["id": "toast", "frame": ["x": 20, "y": 700, "width": 350, "height": 40]])
    session.call("view/addSubview", ["superview": "list.view", "view": "toast"])
    #expect(session.call("view/get", ["view": "toast"]).result?["frameInWindow"]?["y"] == 747)
    session.call("scroll/setContentOffset", ["view": "list.view", "offset": ["x": 0, "y": 300]])
    #expect(session.call("view/get", ["view": "toast"]).result?["frameInWindow"]?["y"] == 400)
  }

  /// Seed 002's fix: `override var tableView` with a container view as the root view. The toast on the container stays
  /// put while the table scrolls; the controller still manages the inner table (reload, selection, keyboard).
  @Test func theSeedsContainerViewKeepsTheToastStill() {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    session.call(
      "view/create", ["id": "inner", "kind": "UITableView", "frame": ["x": 0, "y": 0, "width": 390, "height": 844]])
    #expect(
      session.call(
        "controller/create", ["id": "bad", "kind": "UITableViewController", "view": ["kind": "UIView"]]
      ).error?["data"]?["path"] == "params.tableView")
    session.call(
      "controller/create",
      ["id": "list", "kind": "UITableViewController", "view": ["kind": "UIView"], "tableView": "inner"])
    session.call("table/register", ["table": "inner", "identifier": "cell"])
    session.call(
      "table/setData", ["table": "inner", "sections": [["rowCount": 30, "rowHeight": 44, "identifier": "cell"]]])
    session.call("view/addSubview", ["superview": "list.view", "view": "inner"])
    session.call("view/create", ["id": "toast", "frame": ["x": 20, "y": 700, "width": 350, "height": 40]])
    session.call("view/addSubview", ["superview": "list.view", "view": "toast"])
    session.call("window/setRoot", ["window": "w", "controller": "list"])
    #expect(session.call("view/get", ["view": "list.view"]).result?["kind"] == "UIView")
    session.call("scroll/setContentOffset", ["view": "inner", "offset": ["x": 0, "y": 300]])
    #expect(session.call("view/get", ["view": "toast"]).result?["frameInWindow"]?["y"] == 700)
    session.call(
      "view/create",
      ["id": "field", "kind": "UITextField", "frame": ["x": 16, "y": 1106, "width": 300, "height": 30]])
    session.call("view/addSubview", ["superview": "inner", "view": "field"])
    session.call("view/focus", ["view": "field"])
    session.call("events/subscribe", ["kinds": ["offset"]])
    #expect(
      session.call("keyboard/show", ["window": "w", "height": 336, "animated": false]).trace == [
        "offset inner 0,628 keyboard"
      ])
  }

  /// A refused keyboard or focus call changes nothing.
  @Test func refusedCallsChangeNothing() {
    let session = shownList()
    let before = session.snapshot()
    #expect(session.call("keyboard/show", ["window": "nowhere", "height": 300]).error?["code"] == -32000)
    #expect(session.call("view/focus", ["view": "nowhere"]).error?["code"] == -32000)
    #expect(session.call("keyboard/show", ["window": "w", "height": -1]).error?["code"] == -32602)
    #expect(session.snapshot() == before)
  }
}

/// contentOffset observers (KVO): synchronous, re-entrant, on every set (S2.7, S5.4).
@Suite struct OffsetObserverTests {
  private func engineWithTwoScrollViews() throws -> (Engine, ViewNode, ViewNode) {
    let engine = Engine()
    let window = try engine.createWindow(id: "w", width: 390, height: 844, safeArea: .zero)
    let frame = Rect(x: 0, y: 0, width: 390, height: 400)
    let a = try engine.createView(id: "a", kind: .UIScrollView, frame: frame, autoresizingMask: [], text: nil)
    let b = try engine.createView(id: "b", kind: .UIScrollView, frame: frame, autoresizingMask: [], text: nil)
    try engine.addSubview(.view(a), to: .view(window), at: nil)
    try engine.addSubview(.view(b), to: .view(window), at: nil)
    return (engine, a, b)
  }

  private func offsets(_ events: [EngineEvent]) -> [String] {
    events.compactMap { event in
      guard case .offset(let view, _, let y, let cause) = event.kind else { return nil }
      return "\(view) \(y) \(cause)"
    }
  }

  /// An observer runs inside the setter, so what it sets lands before the setter returns; it runs on equal sets too
  /// (KVO), while `event/offset` is only for changes.
  @Test func observersRunInsideTheSetterOnEverySet() throws {
    let (engine, a, b) = try engineWithTwoScrollViews()
    var calls: [String] = []
    engine.observeOffset(of: a) { engine, view, cause in
      calls.append("\(view.id) \(view.scroll!.contentOffset.y) \(cause)")
      try? engine.setContentOffset(.view(b), Point(x: 0, y: view.scroll!.contentOffset.y / 2), animated: false)
    }
    _ = engine.drainEvents()
    try engine.setContentOffset(.view(a), Point(x: 0, y: 100), animated: false)
    try engine.setContentOffset(.view(a), Point(x: 0, y: 100), animated: false)
    #expect(calls == ["a 100.0 programmatic", "a 100.0 programmatic"])
    #expect(offsets(engine.drainEvents()) == ["a 100.0 programmatic", "b 50.0 programmatic"])
  }

  /// Two observers that drive each other stop at the nesting limit with one warning instead of recursing forever.
  @Test func mutualObserversStopAtTheNestingLimit() throws {
    let (engine, a, b) = try engineWithTwoScrollViews()
    engine.observeOffset(of: a) { engine, view, _ in
      try? engine.setContentOffset(.view(b), Point(x: 0, y: view.scroll!.contentOffset.y + 1), animated: false)
    }
    engine.observeOffset(of: b) { engine, view, _ in
      try? engine.setContentOffset(.view(a), Point(x: 0, y: view.scroll!.contentOffset.y + 1), animated: false)
    }
    _ = engine.drainEvents()
    try engine.setContentOffset(.view(a), Point(x: 0, y: 0.5), animated: false)
    let events = engine.drainEvents()
    #expect(offsets(events).count == 33)
    let warnings = events.filter { if case .warning = $0.kind { true } else { false } }
    #expect(warnings.count == 1)
  }

  /// A removed observer is not called again.
  @Test func removedObserversAreNotCalled() throws {
    let (engine, a, _) = try engineWithTwoScrollViews()
    var count = 0
    let token = engine.observeOffset(of: a) { _, _, _ in count += 1 }
    try engine.setContentOffset(.view(a), Point(x: 0, y: 10), animated: false)
    engine.removeOffsetObserver(token)
    try engine.setContentOffset(.view(a), Point(x: 0, y: 20), animated: false)
    #expect(count == 1)
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// PagingContainerViewController (S3, S4): seed 003's example, a 200-pt header with the 44-pt title
/// bar (H = 244), hanging height 64, four pages: `menu`, `list` (a UITableViewController with 15 rows of 80 pt),
/// `short` (3 rows of 44 pt), `grid` (a plain controller whose scroll view is a subview).
@Suite struct PagingContainerTests {
  private func profile(_ options: JSONObject = [:]) -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    for id in ["menu", "list", "short"] {
      session.call("controller/create", ["id": .string(id), "kind": "UITableViewController"])
    }
    session.call("controller/create", ["id": "grid", "scrollView": "gridScroll"])
    var create: JSONObject = [
      "id": "profile", "kind": "PagingContainerViewController", "header": ["height": 200, "hangingHeight": 64],
      "pages": ["menu", "list", "short", "grid"],
    ]
    for (key, value) in options { create[key] = value }
    session.call("controller/create", .object(create))
    for (table, rows, height) in [("menu.view", 20, 44), ("list.view", 15, 80), ("short.view", 3, 44)] {
      session.call("table/register", ["table": .string(table), "identifier": "cell"])
      session.call(
        "table/setData",
        [
          "table": .string(table),
          "sections": [["rowCount": .int(Int64(rows)), "rowHeight": .int(Int64(height)), "identifier": "cell"]],
        ])
    }
    session.call("window/setRoot", ["window": "win", "controller": "profile"])
    session.call("events/subscribe", ["kinds": ["lifecycle", "scroll"]])
    return session
  }

  private func get(_ session: TestSession) -> JSONValue? { session.call("paging/get", ["container": "profile"]).result }

  private func header(_ session: TestSession) -> JSONValue? { get(session)?["headerFrame"] }

  private func page(_ session: TestSession, _ index: Int) -> JSONValue? {
    get(session)?["pages"]?.arrayValue?[index]
  }

  private func setOffset(_ session: TestSession, _ view: String, _ y: Double) {
    session.call("scroll/setContentOffset", ["view": .string(view), "offset": ["x": 0, "y": .number(y)]])
  }

  private func headerRect(_ y: Double, _ height: Double = 244) -> JSONValue {
    ["x": 0, "y": .number(y), "width": 390, "height": .number(height)]
  }

  /// S3.1 YSM's absolute formula on the current page: follow (−H ≤ o ≤ −hang: y = −(H + o)), pin at the hanging height
  /// (y = hang − H = −180), stretch when pulled down (o < −H: y = 0, h = −o).
  @Test(arguments: [
    (-244.0, 0.0, 244.0), (-200, -44, 244), (-64, -180, 244), (0, -180, 244), (500, -180, 244), (-300, 0, 300),
  ])
  func absoluteFormula(_ offset: Double, _ y: Double, _ height: Double) {
    let session = profile()
    setOffset(session, "menu.view", offset)
    #expect(header(session) == headerRect(y, height))
  }

  /// The page starts right under the header: contentInset.top = H with adjustment `never`, offset −H.
  @Test func pagesRunUnderTheHeader() {
    let session = profile()
    let scroll = session.call("scroll/get", ["view": "menu.view"]).result
    #expect(scroll?["contentInset"]?["top"] == 244)
    #expect(scroll?["adjustedContentInset"]?["top"] == 244)
    #expect(scroll?["contentOffset"] == ["x": 0, "y": -244])
  }

  /// S3.1 forced page-switch offset: with the header pinned (y = −180), the incoming page is set to
  /// −(header.y + H) = −64, its content top right under the header's visible bottom; the index is the target as soon
  /// as `paging/select` returns (a title tap: YSM's index went stale there).
  @Test func forcedOffsetOnPageSwitch() {
    let session = profile()
    setOffset(session, "menu.view", 300)
    session.call("paging/select", ["container": "profile", "index": 1])
    let state = get(session)
    #expect(state?["index"] == 1)
    #expect(state?["pages"]?.arrayValue?[1]["contentOffset"] == ["x": 0, "y": -64])
    #expect(header(session) == headerRect(-180))
  }

  /// S3.2 HJ's keep-deeper option (autoFitToViewController): a page already scrolled deeper keeps its offset; one past
  /// the end of its content (o > contentSize.h − frame.h = 15 × 80 − 844 = 356 for `list`) goes right under the
  /// header, −header.maxY = −64; a page shown for the first time starts at −H (HJ's loadControllerView) and, being
  /// above the header's bottom, is moved to −min(header.maxY, H) = −64.
  @Test(arguments: [(300.0, 300.0), (356.0, 356.0), (600.0, -64.0)])
  func keepDeeperOnPageSwitch(_ listOffset: Double, _ expected: Double) {
    let session = profile(["pageSwitchOffset": "keepDeeper"])
    session.call("paging/select", ["container": "profile", "index": 1])
    setOffset(session, "list.view", listOffset)
    session.call("paging/select", ["container": "profile", "index": 0])
    setOffset(session, "menu.view", 300)
    session.call("paging/select", ["container": "profile", "index": 1])
    #expect(page(session, 1)?["contentOffset"] == ["x": 0, "y": .number(expected)])
    session.call("paging/select", ["container": "profile", "index": 2])
    #expect(page(session, 2)?["contentOffset"] == ["x": 0, "y": -64])
  }

  /// S3.2 / S5.6: the delta formula is path dependent. From pinned (o = 100), one jump to −100 shows the whole header
  /// (y = 0). In 10-pt steps the header stays until the content passes its bottom (o ≤ −64), then moves by whole
  /// steps from −70 on: −180 + 4 × 10 = −140. The absolute formula gives −(H + o) = −144 either way.
  @Test func deltaFormulaIsPathDependent() {
    let jump = profile(["headerFormula": "delta"])
    setOffset(jump, "menu.view", 100)
    #expect(header(jump) == headerRect(-180))
    setOffset(jump, "menu.view", -100)
    #expect(header(jump) == headerRect(0))
    let steps = profile(["headerFormula": "delta"])
    setOffset(steps, "menu.view", 100)
    for y in stride(from: 90.0, through: -100, by: -10) { setOffset(steps, "menu.view", y) }
    #expect(header(steps) == headerRect(-140))
  }

  /// Engine decision "the delta header formula starts from the child's offset at the moment it is observed", S4.2 (no
  /// jumps on a tab switch): `list`'s view is loaded (by `table/setData`) but not yet a page, at offset 0. With `menu`
  /// at −144 the header is at −100; switching to `list` forces it to −(−100 + 244) = −144, and the header stays at
  /// −100, as with the absolute formula (it jumped to 0, covering 100 pt of `list`'s content, from a delta 0 → −144).
  @Test(arguments: ["delta", "absolute"])
  func firstSwitchToAPageKeepsTheHeader(_ formula: String) {
    let session = profile(["headerFormula": .string(formula)])
    setOffset(session, "menu.view", -144)
    #expect(header(session) == headerRect(-100))
    session.call("paging/select", ["container": "profile", "index": 1])
    #expect(page(session, 1)?["contentOffset"] == ["x": 0, "y": -144])
    #expect(header(session) == headerRect(-100))
    // From there the header follows `list` by deltas: 10 pt up moves it 10 pt up.
    setOffset(session, "list.view", -134)
    #expect(header(session) == headerRect(-110))
  }

  /// S3.1 `itemSize = bounds.size`, S2.5 pages are multiples of the bounds: after a rotation to 844 × 390 the pager
  /// (flexible width and height) lays its pages out again on its next layout: contentSize 4 × 844 = 3376 by 390, the
  /// current page 1 at x = 844 with size 844 × 390 and the offset on it (844), the index kept; a forward swipe then
  /// goes to page 2 (1688), not back to 0 from the stale 390.
  @Test func rotationLaysThePagesOutAgain() {
    let session = profile()
    session.call("paging/select", ["container": "profile", "index": 1, "animated": false])
    session.call("window/resize", ["window": "win", "width": 844, "height": 390])
    let pager = session.call("scroll/get", ["view": "profile.pager"]).result
    #expect(pager?["contentSize"] == ["width": 3376, "height": 390])
    #expect(pager?["contentOffset"] == ["x": 844, "y": 0])
    #expect(
      session.call("view/get", ["view": "list.view"]).result?["frame"] == [
        "x": 844, "y": 0, "width": 844, "height": 390,
      ])
    #expect(get(session)?["index"] == 1)
    session.call("scroll/fling", ["view": "profile.pager", "velocity": ["x": -1000, "y": 0]])
    #expect(get(session)?["index"] == 2)
    #expect(session.call("scroll/get", ["view": "profile.pager"]).result?["contentOffset"] == ["x": 1688, "y": 0])
  }

  /// S3.1 / S4.3: the relayout after a rotation also resizes the attached pages, and a short list's bottom inset
  /// follows its new height: `short` (132 pt of rows) goes from 844 − 64 − 132 = 648 to 390 − 64 − 132 = 194; back in
  /// portrait it is 648 again, at x = 2 × 390 = 780.
  @Test func rotationRecomputesTheShortListInset() {
    let session = profile()
    session.call("paging/select", ["container": "profile", "index": 2, "animated": false])
    session.call("window/resize", ["window": "win", "width": 844, "height": 390])
    #expect(session.call("scroll/get", ["view": "short.view"]).result?["contentInset"]?["bottom"] == 194)
    #expect(
      session.call("view/get", ["view": "short.view"]).result?["frame"] == [
        "x": 1688, "y": 0, "width": 844, "height": 390,
      ])
    session.call("window/resize", ["window": "win", "width": 390, "height": 844])
    #expect(session.call("scroll/get", ["view": "short.view"]).result?["contentInset"]?["bottom"] == 648)
    #expect(session.call("scroll/get", ["view": "profile.pager"]).result?["contentOffset"] == ["x": 780, "y": 0])
  }

  /// S2.7 "a new touch stops a deceleration", S4.2 (no blank band after swiping during a fling, HJ #5): `menu` flung at
  /// 1500 pt/s from −244 is at −244 + 1500·(d^50 − 1)/(1000·ln d) = −172.63 after 50 ms (header y = −71.37). A swipe on
  /// the pager then stops it there: `list` is attached at −(header.y + H) = −172.63, and after the swipe and 5 s the
  /// header is still at −71.37, its bottom (172.63) exactly at `list`'s content top. (`menu` used to decelerate on,
  /// pin the header at −180 and leave a 108.6-pt gap above `list`.)
  @Test func aSwipeOnThePagerStopsThePagesFling() {
    let session = profile()
    session.call("clock/configure", ["mode": "manual"])
    session.call("scroll/fling", ["view": "menu.view", "velocity": ["x": 0, "y": -1500]])
    session.call("clock/advance", ["ms": 50])
    let stop = -244 + 1500 * (pow(0.998, 50) - 1) / (1000 * log(0.998))
    #expect(abs(stop - -172.63157722666) < 1e-9)
    session.call("scroll/pan", ["view": "profile.pager", "phase": "began"])
    let menu = session.call("scroll/get", ["view": "menu.view"]).result
    #expect(menu?["isDecelerating"] == false)
    #expect(menu?["contentOffset"]?["y"] == .double(stop))
    session.call("scroll/pan", ["view": "profile.pager", "phase": "changed", "translation": ["x": -100, "y": 0]])
    session.call("clock/advance", ["ms": 100])
    session.call(
      "scroll/pan",
      [
        "view": "profile.pager", "phase": "ended", "translation": ["x": -200, "y": 0],
        "velocity": ["x": -1000, "y": 0],
      ])
    let settle = session.call("clock/advance", ["ms": 5000])
    #expect(!settle.events.contains { $0["params"]?["view"] == "menu.view" })
    let state = get(session)
    #expect(state?["index"] == 1)
    #expect(page(session, 0)?["contentOffset"]?["y"] == .double(stop))
    let listY = page(session, 1)?["contentOffset"]?["y"]?.doubleValue ?? 0
    #expect(abs(listY - stop) < 1e-9)
    let headerY = state?["headerFrame"]?["y"]?.doubleValue ?? 0
    #expect(abs(headerY - -(244 + stop)) < 1e-9)
    #expect(abs(headerY + 244 + listY) < 1e-9)  // header bottom = list's content top: no band
  }

  /// S4.2 / index: a drag on the pager released without velocity updates the index at drag end (the page it will
  /// settle on), not only after a deceleration.
  @Test func indexUpdatesWhenADragEnds() {
    let session = profile()
    session.call("scroll/pan", ["view": "profile.pager", "phase": "began"])
    session.call("scroll/pan", ["view": "profile.pager", "phase": "changed", "translation": ["x": -250, "y": 0]])
    #expect(get(session)?["index"] == 0)
    session.call("scroll/pan", ["view": "profile.pager", "phase": "ended", "translation": ["x": -250, "y": 0]])
    #expect(get(session)?["index"] == 1)
  }

  /// S4.3 short lists: `short` (3 × 44 = 132 pt) gets bottom inset 844 − 64 − 132 = 648, so it can scroll until the
  /// header pins: its maximum offset is −64.
  @Test func shortListsCanPinTheHeader() {
    let session = profile()
    session.call("paging/select", ["container": "profile", "index": 2, "animated": false])
    let scroll = session.call("scroll/get", ["view": "short.view"]).result
    #expect(scroll?["contentInset"]?["bottom"] == 648)
    session.call("scroll/fling", ["view": "short.view", "velocity": ["x": 0, "y": -5000]])
    #expect(session.call("scroll/get", ["view": "short.view"]).result?["contentOffset"]?["y"] == -64)
    #expect(header(session) == headerRect(-180))
  }

  /// Pages load when first shown: only `menu` at first; while paging only the visible pages appear (a neighbour
  /// appears as it comes into view, the old page disappears when it has left).
  @Test func lazyPagesAndAppearanceWhilePaging() {
    let session = profile()
    #expect(page(session, 3)?["loaded"] == false)
    let drag = session.call("scroll/pan", ["view": "profile.pager", "phase": "began"])
    #expect(drag.trace.filter { !$0.hasPrefix("{") }.isEmpty)
    let moved = session.call(
      "scroll/pan", ["view": "profile.pager", "phase": "changed", "translation": ["x": -100, "y": 0]]
    ).trace.filter { !$0.hasPrefix("{") }
    #expect(
      moved == [
        "list.willMove(profile) R4", "list.viewWillAppear R6", "list.didMove(profile) R4", "list.viewIsAppearing R69",
        "list.viewDidAppear R7", "list.didMove(profile) R8",
      ])
    let released = session.call(
      "scroll/pan",
      [
        "view": "profile.pager", "phase": "ended", "translation": ["x": -300, "y": 0],
        "velocity": ["x": -1000, "y": 0],
      ]
    ).trace.filter { !$0.hasPrefix("{") }
    #expect(released == ["menu.viewWillDisappear R6", "menu.viewDidDisappear R7"])
    #expect(page(session, 3)?["loaded"] == false)
    #expect(get(session)?["index"] == 1)
  }

  /// A page whose root view is not a scroll view uses the subview its `scrollView` option names.
  @Test func aNamedScrollViewSubview() {
    let session = profile()
    session.call("controller/loadView", ["controller": "grid"])
    session.call(
      "view/create",
      ["id": "gridScroll", "kind": "UIScrollView", "frame": ["x": 0, "y": 0, "width": 390, "height": 844]])
    session.call("view/addSubview", ["superview": "grid.view", "view": "gridScroll"])
    session.call("paging/select", ["container": "profile", "index": 3, "animated": false])
    #expect(page(session, 3)?["scrollView"] == "gridScroll")
    #expect(session.call("scroll/get", ["view": "gridScroll"]).result?["contentInset"]?["top"] == 244)
  }

  /// Refusals change nothing.
  @Test func refusals() {
    let session = profile()
    let before = session.snapshot()
    #expect(
      session.call("paging/select", ["container": "profile", "index": 9]).error?["data"]?["path"] == "params.index")
    #expect(session.call("paging/get", ["container": "menu"]).error?["code"] == -32602)
    #expect(
      session.call("controller/create", ["kind": "PagingContainerViewController", "pages": ["menu"]]).error?["data"]?[
        "path"] == "params.header")
    #expect(session.snapshot() == before)
  }

  /// Documentation/Protocol.md, "Errors": -32602's `data.path` names the parameter at fault. `paging/setPages` takes
  /// its list as `controllers` (Documentation/Protocol.md, "Methods"), so a controller listed twice is refused at
  /// params.controllers (it said params.pages, the name of `controller/create`'s list), with expected "distinct
  /// controllers", no event and nothing changed.
  @Test func setPagesWithADuplicateNamesItsControllersParameter() {
    let session = profile()
    let before = session.snapshot()
    let exchange = session.call("paging/setPages", ["container": "profile", "controllers": ["menu", "list", "menu"]])
    #expect(exchange.error?["code"] == -32602)
    #expect(exchange.error?["data"] == ["path": "params.controllers", "expected": "distinct controllers"])
    #expect(exchange.events.isEmpty)
    #expect(session.snapshot() == before)
  }

  /// A page another container has taken (R5) is not the container's to show [INF]: paging back to its slot leaves the
  /// slot empty and sends it nothing (it used to be pulled back into the pager while its parent was `x`), and its
  /// scrolling no longer moves the header. R72: the embed is refused while the page's view is in the pager; the
  /// client takes the view out first.
  @Test func aPageTakenByAnotherContainerStaysThere() {
    let session = profile()
    session.call("window/create", ["id": "other"])
    session.call("controller/create", ["id": "x"])
    session.call("window/setRoot", ["window": "other", "controller": "x"])
    #expect(
      session.call("containment/embed", ["parent": "x", "child": "menu"]).error?["data"]?["exception"]
        == "UIViewControllerHierarchyInconsistency")
    session.call("view/removeFromSuperview", ["view": "menu.view"])
    #expect(
      session.call("containment/embed", ["parent": "x", "child": "menu"]).trace.filter { !$0.hasPrefix("{") } == [
        "menu.didMove(nil) R5", "menu.willMove(x) R4", "menu.viewWillAppear R6", "menu.didMove(x) R4",
        "menu.viewIsAppearing R69", "menu.viewDidAppear R7", "menu.didMove(x) R8",
      ])
    session.call("paging/select", ["container": "profile", "index": 1, "animated": false])
    let back = session.call("paging/select", ["container": "profile", "index": 0, "animated": false])
    #expect(back.trace.filter { !$0.hasPrefix("{") } == ["list.viewWillDisappear R6", "list.viewDidDisappear R7"])
    #expect(session.call("view/get", ["view": "menu.view"]).result?["superview"] == "x.view")
    #expect(session.call("controller/get", ["controller": "menu"]).result?["appearance"] == "appeared")
    let before = header(session)
    setOffset(session, "menu.view", 300)
    #expect(header(session) == before)
  }
}

/// Behaviours run inside scrollViewDidScroll (S2.7, S5.4), so they follow every frame of a fling.
@Suite struct BehaviorTests {
  private func scene() -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    session.call("controller/create", ["id": "list", "kind": "UITableViewController"])
    session.call("table/register", ["table": "list.view", "identifier": "cell"])
    session.call(
      "table/setData", ["table": "list.view", "sections": [["rowCount": 100, "rowHeight": 44, "identifier": "cell"]]])
    session.call("window/setRoot", ["window": "w", "controller": "list"])
    return session
  }

  private func windowY(_ session: TestSession, _ view: String) -> Double? {
    session.call("view/get", ["view": .string(view)]).result?["frameInWindow"]?["y"]?.doubleValue
  }

  /// Seed 000's first way: the header stays at the visible top through every frame of a fling.
  @Test func pinToTopFollowsAFling() {
    let session = scene()
    session.call("view/create", ["id": "header", "frame": ["x": 0, "y": 0, "width": 390, "height": 100]])
    session.call("view/addSubview", ["superview": "list.view", "view": "header"])
    session.call("behavior/add", ["kind": "pinToTop", "view": "header", "scrollView": "list.view"])
    session.call("events/subscribe", ["kinds": ["layout"]])
    let events = session.call("scroll/fling", ["view": "list.view", "velocity": ["x": 0, "y": -2000]]).events
    let moves = events.filter { $0["method"] == "event/layout" && $0["params"]?["view"] == "header" }
    #expect(moves.count > 100)
    #expect(windowY(session, "header") == 0)
    #expect(session.call("view/get", ["view": "list.view"]).result?["subviews"]?.arrayValue?.last == "header")
  }

  /// Seed 002's toast fix: a toast on the table stays where it is on screen while the table scrolls.
  @Test func floatOverContentKeepsTheToastStill() {
    let session = scene()
    session.call("view/create", ["id": "toast", "frame": ["x": 20, "y": 700, "width": 350, "height": 40]])
    session.call("view/addSubview", ["superview": "list.view", "view": "toast"])
    let before = windowY(session, "toast")
    session.call(
      "behavior/add", ["id": "float", "kind": "floatOverContent", "view": "toast", "scrollView": "list.view"])
    session.call("scroll/fling", ["view": "list.view", "velocity": ["x": 0, "y": -3000]])
    #expect(abs((windowY(session, "toast") ?? 0) - (before ?? 1)) < 1e-9)
    session.call("behavior/remove", ["id": "float"])
    session.call("scroll/setContentOffset", ["view": "list.view", "offset": ["x": 0, "y": 0]])
    #expect(windowY(session, "toast") != before)
  }

  /// A view outside the table follows its offset, clamped: y = 100 − Δoffset, not above −50.
  @Test func followOffsetClamped() {
    let session = scene()
    session.call("view/create", ["id": "banner", "frame": ["x": 0, "y": 100, "width": 390, "height": 60]])
    session.call("view/addSubview", ["superview": "w", "view": "banner"])
    session.call(
      "behavior/add", ["kind": "followOffset", "view": "banner", "scrollView": "list.view", "minY": -50])
    session.call("scroll/setContentOffset", ["view": "list.view", "offset": ["x": 0, "y": 3]])
    #expect(windowY(session, "banner") == 50)
    session.call("scroll/setContentOffset", ["view": "list.view", "offset": ["x": 0, "y": 500]])
    #expect(windowY(session, "banner") == -50)
  }

  /// A pinned or floating view must be a subview of the scroll view; unknown ids are refused.
  @Test func refusals() {
    let session = scene()
    session.call("view/create", ["id": "loose"])
    #expect(
      session.call("behavior/add", ["kind": "pinToTop", "view": "loose", "scrollView": "list.view"]).error?["code"]
        == -32602)
    #expect(session.call("behavior/remove", ["id": "nope"]).error?["code"] == -32000)
  }
}

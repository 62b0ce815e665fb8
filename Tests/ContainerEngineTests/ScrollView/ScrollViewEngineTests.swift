import ContainerEngine
import Testing

/// UIScrollView insets, range and programmatic scrolling through the engine API alone (S2.4, S2.6,
/// S2.7); the numbers the wire tier checks in ScrollViewTests.
@Suite struct ScrollViewEngineTests {
  /// `list` (root view a UIScrollView, 390×844) shown full screen in `win` (safe area 47/34), content 390 ×
  /// `contentHeight`; offset and scroll events recorded.
  private func shownScrollView(contentHeight: Double = 2000) throws -> (EngineHarness, list: ViewNode) {
    let harness = EngineHarness()
    let window = try harness.window()
    let list = try harness.controller("list", viewKind: .UIScrollView)
    try harness.show(list, in: window)
    try configure(harness, .root(list)) { $0.contentSize = Size(width: 390, height: contentHeight) }
    harness.subscribe([.offset, .scroll])
    return (harness, list.view!)
  }

  private func configure(_ harness: EngineHarness, _ ref: Engine.ViewRef, _ change: (inout ScrollState) -> Void)
    throws
  {
    try harness.turn { engine throws(EngineError) in try engine.configureScroll(ref, change) }
  }

  private func setOffset(_ harness: EngineHarness, _ view: ViewNode, y: Double, animated: Bool = false) throws
    -> [EngineEvent]
  {
    try harness.events { engine throws(EngineError) in
      try engine.setContentOffset(.view(view), Point(x: 0, y: y), animated: animated)
    }
  }

  private func reveal(_ harness: EngineHarness, _ view: ViewNode, y: Double, height: Double) throws -> [String] {
    try harness.turn { engine throws(EngineError) in
      try engine.scrollRectToVisible(.view(view), .xywh(0, y, 10, height), animated: false)
    }
  }

  /// S2.4: adjustedContentInset = contentInset (top 10) + the safe area (47/34) the behaviour selects: `automatic` and
  /// `scrollableAxes` only on a scrollable axis (content taller than the view), `never` none, `always` both.
  @Test(arguments: [
    (ContentInsetAdjustmentBehavior.automatic, 2000.0, Insets(top: 57, left: 0, bottom: 34, right: 0)),
    (.automatic, 500, Insets(top: 10, left: 0, bottom: 0, right: 0)),
    (.scrollableAxes, 2000, Insets(top: 57, left: 0, bottom: 34, right: 0)),
    (.never, 2000, Insets(top: 10, left: 0, bottom: 0, right: 0)),
    (.always, 500, Insets(top: 57, left: 0, bottom: 34, right: 0)),
  ])
  func adjustedContentInset(_ behaviour: ContentInsetAdjustmentBehavior, _ height: Double, _ expected: Insets) throws {
    let (harness, list) = try shownScrollView(contentHeight: height)
    try configure(harness, .view(list)) {
      $0.contentInsetAdjustmentBehavior = behaviour
      $0.contentInset = Insets(top: 10, left: 0, bottom: 0, right: 0)
    }
    #expect(harness.engine.adjustedContentInset(of: list) == expected)
  }

  /// S2.6: animated setContentOffset moves at constant velocity, one offset per frame for 0.3 s (18 frames), then
  /// didEndScrollingAnimation at 300 ms; not clamped. The view rests at −47 first (the inset its content gave it,
  /// S2.4), so frame 1 is at −47 + 227/18 and frame 9 (halfway) at −47 + 227/2.
  @Test func animatedSetContentOffset() throws {
    let (harness, list) = try shownScrollView()
    #expect(list.scroll?.contentOffset == Point(x: 0, y: -47))
    let events = try setOffset(harness, list, y: 180, animated: true)
    let offsets = events.filter { $0.category == .offset }
    #expect(offsets.count == 18)
    #expect(offsets.first?.kind == .offset(view: "list.view", x: 0, y: -34.388888888888886, cause: "animation"))
    #expect(offsets.first?.time == 16.666666666666668)
    #expect(EngineHarness.describe(offsets[8]) == "offset list.view 0,66.5 animation")
    #expect(EngineHarness.describe(offsets[17]) == "offset list.view 0,180 animation")
    #expect(events.last.flatMap(EngineHarness.describe) == "list.view.didEndScrollingAnimation")
    #expect(events.last?.time == 300)
  }

  /// S2.6, S1.4: a programmatic offset is not clamped; setting the same value again says nothing.
  @Test func programmaticOffsetsAreNotClamped() throws {
    let (harness, list) = try shownScrollView()
    #expect(
      try setOffset(harness, list, y: -500).compactMap(EngineHarness.describe) == [
        "offset list.view 0,-500 programmatic"
      ])
    #expect(list.scroll?.contentOffset == Point(x: 0, y: -500))
    #expect(try setOffset(harness, list, y: -500).isEmpty)
  }

  /// S2.6: nothing when the rect is visible, else the nearest edge, clamped to the range (max y = 2000 + 34 − 844 =
  /// 1190).
  @Test func scrollRectToVisible() throws {
    let (harness, list) = try shownScrollView()
    #expect(try reveal(harness, list, y: 100, height: 10) == [])
    #expect(try reveal(harness, list, y: 1000, height: 100) == ["offset list.view 0,256 programmatic"])
    #expect(try reveal(harness, list, y: 1990, height: 100) == ["offset list.view 0,1190 programmatic"])
  }

  /// S2.6 "If the area is already visible, the method does nothing", even outside the range (3000 pt of content: range
  /// −47...2190): at −200 the rect (100, height 100) is visible, nothing moves; one that is not moves and clamps:
  /// −300 → −47, and from −200 again 3050 − 844 = 2206 → 2190.
  @Test func scrollRectToVisibleDoesNothingWhenVisibleAndClampsWhenItMoves() throws {
    let (harness, list) = try shownScrollView(contentHeight: 3000)
    _ = try setOffset(harness, list, y: -200)
    #expect(try reveal(harness, list, y: 100, height: 100) == [])
    #expect(list.scroll?.contentOffset.y == -200)
    #expect(try reveal(harness, list, y: -300, height: 10) == ["offset list.view 0,-47 programmatic"])
    _ = try setOffset(harness, list, y: -200)
    #expect(try reveal(harness, list, y: 2950, height: 100) == ["offset list.view 0,2190 programmatic"])
  }

  /// S2.6 open point `scrollRectToVisibleInsideInsets`: the visible area is the bounds inside adjustedContentInset
  /// (47/34): a rect under the top inset scrolls (510 − 47 = 463); one above the bottom inset edge scrolls to
  /// 1100 − 844 + 34 = 290. With the default the first is already visible.
  @Test func scrollRectToVisibleInsideInsets() throws {
    let (harness, list) = try shownScrollView()
    _ = try setOffset(harness, list, y: 500)
    #expect(try reveal(harness, list, y: 510, height: 10) == [])
    harness.engine.options.scrollRectToVisibleInsideInsets = true
    #expect(try reveal(harness, list, y: 510, height: 10) == ["offset list.view 0,463 programmatic"])
    _ = try setOffset(harness, list, y: -47)
    #expect(try reveal(harness, list, y: 1000, height: 100) == ["offset list.view 0,290 programmatic"])
  }

  /// S2.4 "Setting contentInset does not move contentOffset by itself": resting at −47, contentInset.top 10 makes
  /// adjustedContentInset.top 57 but the offset stays, with no event; so do 100 and 50 with adjustment `never` at 0.
  @Test func settingContentInsetDoesNotMoveTheOffset() throws {
    let (harness, list) = try shownScrollView()
    let inset = { (top: Double) throws -> [String] in
      try harness.turn { engine throws(EngineError) in
        try engine.configureScroll(.view(list)) { $0.contentInset = Insets(top: top, left: 0, bottom: 0, right: 0) }
      }
    }
    #expect(try inset(10) == [])
    #expect(list.scroll?.contentOffset.y == -47)
    #expect(harness.engine.adjustedContentInset(of: list).top == 57)
    try configure(harness, .view(list)) { $0.contentInsetAdjustmentBehavior = .never }
    _ = try setOffset(harness, list, y: 0)
    #expect(try inset(100) == [])
    #expect(try inset(50) == [])
    #expect(list.scroll?.contentOffset.y == 0)
  }

  /// S2.4: the safe-area follow moves an offset resting at the top edge. A scroll view with contentInset.top 100 at
  /// −100 (the top of its range outside a window), added full screen to the window, gets adjustedContentInset.top 147
  /// and its offset follows to −147 (`cause: inset`); an offset elsewhere (300) stays.
  @Test(arguments: [(-100.0, -147.0), (300, 300)])
  func theSafeAreaFollowKeepsAnOffsetAtTheTop(_ start: Double, _ expected: Double) throws {
    let (harness, _) = try shownScrollView()
    let s = try harness.view("s", kind: .UIScrollView, frame: .xywh(0, 0, 390, 844))
    try configure(harness, .view(s)) {
      $0.contentSize = Size(width: 390, height: 2000)
      $0.contentInset = Insets(top: 100, left: 0, bottom: 0, right: 0)
    }
    _ = try setOffset(harness, s, y: start)
    let window = try harness.engine.existingView("win")
    let added = try harness.turn { engine throws(EngineError) in
      try engine.addSubview(.view(s), to: .view(window), at: nil)
    }
    #expect(added.filter { $0.hasPrefix("offset s ") } == (start == expected ? [] : ["offset s 0,-147 inset"]))
    #expect(s.scroll?.contentOffset == Point(x: 0, y: expected))
  }

  /// A scroll view's offset shifts its subviews in window coordinates (its bounds origin).
  @Test func theOffsetShiftsSubviews() throws {
    let (harness, list) = try shownScrollView()
    let row = try harness.view("row", frame: .xywh(0, 300, 390, 44))
    try harness.turn { engine throws(EngineError) in try engine.addSubview(.view(row), to: .view(list), at: nil) }
    _ = try setOffset(harness, list, y: 100)
    #expect(row.frameInWindow == .xywh(0, 200, 390, 44))
  }

  /// A view that does not scroll is refused at the `view` argument (the wire's `params.view`), and its controller's
  /// view is not loaded for it.
  @Test func nonScrollViewsAreRefusedWithoutLoading() throws {
    let harness = EngineHarness()
    let plain = try harness.controller("plain")
    #expect(
      harness.refusal { engine throws(EngineError) in try engine.configureScroll(.root(plain)) { $0.bounces = false } }
        == "view: expected a UIScrollView or UITableView (plain.view is a view, not a scroll view)")
    #expect(plain.view == nil)
  }
}

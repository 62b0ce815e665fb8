import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// UIScrollView insets, range and programmatic scrolling (S2.4, S2.6, S2.7).
@Suite struct ScrollViewTests {
  /// `list` (root view a UIScrollView, 390×844) shown full screen in `win` (safe area 47/34).
  private func shownScrollView(contentHeight: Double = 2000) -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "list", "view": ["kind": "UIScrollView"]])
    session.call("window/setRoot", ["window": "win", "controller": "list"])
    session.call(
      "scroll/configure", ["view": "list.view", "contentSize": ["width": 390, "height": .double(contentHeight)]])
    session.call("events/subscribe", ["kinds": ["offset", "scroll"]])
    return session
  }

  /// S2.4: adjustedContentInset = contentInset + the safe area the behaviour selects.
  @Test(arguments: [
    ("automatic", 2000.0, ["top": 57, "left": 0, "bottom": 34, "right": 0] as JSONValue),
    ("automatic", 500.0, ["top": 10, "left": 0, "bottom": 0, "right": 0] as JSONValue),
    ("scrollableAxes", 2000.0, ["top": 57, "left": 0, "bottom": 34, "right": 0] as JSONValue),
    ("never", 2000.0, ["top": 10, "left": 0, "bottom": 0, "right": 0] as JSONValue),
    ("always", 500.0, ["top": 57, "left": 0, "bottom": 34, "right": 0] as JSONValue),
  ])
  func adjustedContentInset(_ behaviour: String, _ height: Double, _ expected: JSONValue) {
    let session = shownScrollView(contentHeight: height)
    session.call(
      "scroll/configure",
      [
        "view": "list.view", "contentInsetAdjustmentBehavior": .string(behaviour),
        "contentInset": ["top": 10, "left": 0, "bottom": 0, "right": 0],
      ])
    #expect(session.call("scroll/get", ["view": "list.view"]).result?["adjustedContentInset"] == expected)
  }

  /// S2.6: animated setContentOffset moves at constant velocity, one event per frame for 0.3 s, then
  /// didEndScrollingAnimation; not clamped. The view rests at −47 first: its adjustedContentInset.top became 47 when
  /// its content grew taller than it, and an offset resting at the top edge follows the inset (S2.4).
  @Test func animatedSetContentOffset() {
    let session = shownScrollView()
    #expect(session.call("scroll/get", ["view": "list.view"]).result?["contentOffset"] == ["x": 0, "y": -47])
    let exchange = session.call(
      "scroll/setContentOffset", ["view": "list.view", "offset": ["x": 0, "y": 180], "animated": true])
    let offsets = exchange.events.filter { $0["method"] == "event/offset" }
    #expect(offsets.count == 18)
    #expect(
      offsets[0]["params"]
        == json(
          #"{"cause":"animation","request":7,"seq":6,"time":16.666666666666668,"view":"list.view","x":0,"y":-34.388888888888886}"#
        ))
    // Halfway (frame 9 of 18, t = 150 ms): −47 + 227 / 2.
    #expect(offsets[8]["params"]?["y"] == 66.5)
    #expect(offsets.last?["params"]?["y"] == 180)
    #expect(exchange.events.last?["params"]?["callback"] == "didEndScrollingAnimation")
    #expect(exchange.events.last?["params"]?["time"] == 300)
  }

  @Test func programmaticOffsetsAreNotClamped() {
    let session = shownScrollView()
    let exchange = session.call("scroll/setContentOffset", ["view": "list.view", "offset": ["x": 0, "y": -500]])
    #expect(exchange.events.map { $0["params"]?["cause"] ?? .null } == ["programmatic"])
    #expect(session.call("scroll/get", ["view": "list.view"]).result?["contentOffset"] == ["x": 0, "y": -500])
    // Setting the same value again changes nothing and says nothing.
    #expect(
      session.call("scroll/setContentOffset", ["view": "list.view", "offset": ["x": 0, "y": -500]]).events.isEmpty)
  }

  /// S2.6: nearest edge, nothing when visible, clamped to the range (max y = 2000 + 34 − 844 = 1190).
  @Test func scrollRectToVisible() {
    let session = shownScrollView()
    #expect(
      session.call(
        "scroll/scrollRectToVisible", ["view": "list.view", "rect": ["x": 0, "y": 100, "width": 10, "height": 10]]
      )
      .events.isEmpty)
    #expect(
      session.call(
        "scroll/scrollRectToVisible", ["view": "list.view", "rect": ["x": 0, "y": 1000, "width": 10, "height": 100]]
      )
      .events.first?["params"]?["y"] == 256)
    #expect(
      session.call(
        "scroll/scrollRectToVisible", ["view": "list.view", "rect": ["x": 0, "y": 1990, "width": 10, "height": 100]]
      )
      .events.first?["params"]?["y"] == 1190)
  }

  /// S2.4 "Setting contentInset does not move contentOffset by itself": in the window, resting at the top (−47, the
  /// safe area), contentInset.top 10 makes adjustedContentInset.top 57 but the offset stays −47 with no event; so
  /// does 0 → 100 → 50 with adjustment `never` at 0 (it moved to −100 and −50 before: every adjusted-inset change was
  /// followed like a safe-area change).
  @Test func settingContentInsetDoesNotMoveTheOffset() {
    let session = shownScrollView()
    func inset(_ top: Double) -> TestSession.Exchange {
      session.call(
        "scroll/configure",
        ["view": "list.view", "contentInset": ["top": .double(top), "left": 0, "bottom": 0, "right": 0]])
    }
    func state() -> JSONValue? { session.call("scroll/get", ["view": "list.view"]).result }
    #expect(inset(10).events.isEmpty)
    #expect(state()?["contentOffset"] == ["x": 0, "y": -47])
    #expect(state()?["adjustedContentInset"]?["top"] == 57)
    session.call("scroll/configure", ["view": "list.view", "contentInsetAdjustmentBehavior": "never"])
    session.call("scroll/setContentOffset", ["view": "list.view", "offset": ["x": 0, "y": 0]])
    #expect(inset(100).events.isEmpty)
    #expect(inset(50).events.isEmpty)
    #expect(state()?["contentOffset"] == ["x": 0, "y": 0])
  }

  /// S2.4: the safe-area follow still moves an offset resting at the edge. A scroll view given contentInset.top 100
  /// and offset −100 (the libraries' pattern) outside a window rests at the top of its range [−100, …]; added full
  /// screen to the window (safe area 47, content taller than the view) its adjustedContentInset.top becomes 147 and
  /// the offset follows to −147 (`cause: inset`). An offset elsewhere (300) stays.
  @Test(arguments: [(-100.0, -147.0), (300, 300)])
  func theSafeAreaFollowKeepsAnOffsetAtTheTop(_ start: Double, _ expected: Double) {
    let session = shownScrollView()
    session.call(
      "view/create", ["id": "s", "kind": "UIScrollView", "frame": ["x": 0, "y": 0, "width": 390, "height": 844]])
    session.call(
      "scroll/configure",
      [
        "view": "s", "contentSize": ["width": 390, "height": 2000],
        "contentInset": ["top": 100, "left": 0, "bottom": 0, "right": 0],
      ])
    session.call("scroll/setContentOffset", ["view": "s", "offset": ["x": 0, "y": .double(start)]])
    let added = session.call("view/addSubview", ["superview": "win", "view": "s"])
    let offsets = added.events.filter { $0["method"] == "event/offset" && $0["params"]?["view"] == "s" }
    #expect(offsets.map { $0["params"]?["cause"] } == (start == expected ? [] : ["inset"]))
    #expect(
      session.call("scroll/get", ["view": "s"]).result?["contentOffset"] == ["x": 0, "y": .number(expected)])
  }

  /// S2.6 "If the area is already visible, the method does nothing": with 3000 pt of content (range −47...3000 + 34 −
  /// 844 = 2190) and the offset set to −200 (not clamped, engine decisions), the rect (0, 100, 10, 100) lies inside
  /// the visible −200..644: no event and the offset stays −200 (it was clamped to −47 before). A rect that is not
  /// visible moves the offset and "then clamp[s] to the range": (0, −300, 10, 10) → −300, clamped to −47; from −200
  /// again, (0, 2950, 10, 100) → 3050 − 844 = 2206, clamped to 2190.
  @Test func scrollRectToVisibleDoesNothingWhenVisibleAndClampsWhenItMoves() {
    let session = shownScrollView(contentHeight: 3000)
    func reveal(_ y: Double, _ height: Double) -> TestSession.Exchange {
      session.call(
        "scroll/scrollRectToVisible",
        ["view": "list.view", "rect": ["x": 0, "y": .double(y), "width": 10, "height": .double(height)]])
    }
    func offset() -> JSONValue? { session.call("scroll/get", ["view": "list.view"]).result?["contentOffset"] }
    session.call("scroll/setContentOffset", ["view": "list.view", "offset": ["x": 0, "y": -200]])
    #expect(reveal(100, 100).events.isEmpty)
    #expect(offset() == ["x": 0, "y": -200])
    #expect(reveal(-300, 10).events.map { $0["params"]?["y"] } == [-47])
    session.call("scroll/setContentOffset", ["view": "list.view", "offset": ["x": 0, "y": -200]])
    #expect(reveal(2950, 100).events.map { $0["params"]?["y"] } == [2190])
    #expect(offset() == ["x": 0, "y": 2190])
  }

  /// S2.6 open point `scrollRectToVisibleInsideInsets`: the visible area is the bounds inside adjustedContentInset
  /// (47/34): a rect under the top inset scrolls (to 510 − 47 = 463); one above the bottom inset edge scrolls to
  /// 1100 − 844 + 34 = 290. With the default the first is already visible.
  @Test func scrollRectToVisibleInsideInsets() {
    let session = shownScrollView()
    let rect: JSONValue = ["view": "list.view", "rect": ["x": 0, "y": 510, "width": 10, "height": 10]]
    session.call("scroll/setContentOffset", ["view": "list.view", "offset": ["x": 0, "y": 500]])
    #expect(session.call("scroll/scrollRectToVisible", rect).events.isEmpty)
    session.call("daemon/configure", ["options": ["scrollRectToVisibleInsideInsets": true]])
    #expect(session.call("scroll/scrollRectToVisible", rect).events.first?["params"]?["y"] == 463)
    session.call("scroll/setContentOffset", ["view": "list.view", "offset": ["x": 0, "y": -47]])
    #expect(
      session.call(
        "scroll/scrollRectToVisible", ["view": "list.view", "rect": ["x": 0, "y": 1000, "width": 10, "height": 100]]
      )
      .events.first?["params"]?["y"] == 290)
  }

  /// A scroll view's offset shifts its subviews in window coordinates (bounds origin).
  @Test func offsetShiftsSubviews() {
    let session = shownScrollView()
    session.call("view/create", ["id": "row", "frame": ["x": 0, "y": 300, "width": 390, "height": 44]])
    session.call("view/addSubview", ["superview": "list.view", "view": "row"])
    session.call("scroll/setContentOffset", ["view": "list.view", "offset": ["x": 0, "y": 100]])
    #expect(
      session.call("view/get", ["view": "row"]).result?["frameInWindow"] == [
        "x": 0, "y": 200, "width": 390, "height": 44,
      ])
    #expect(
      session.call("view/get", ["view": "list.view"]).result?["bounds"] == [
        "x": 0, "y": 100, "width": 390, "height": 844,
      ])
  }

  @Test func nonScrollViewsAreRefusedWithoutLoading() {
    let session = TestSession()
    session.call("controller/create", ["id": "plain"])
    let exchange = session.call("scroll/configure", ["view": "plain.view", "bounces": false])
    #expect(exchange.error?["data"]?["path"] == "params.view")
    #expect(exchange.events.isEmpty)
    #expect(session.call("controller/get", ["controller": "plain"]).result?["isViewLoaded"] == false)
  }
}

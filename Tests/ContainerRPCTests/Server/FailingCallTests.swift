import ContainerRPC
import ContainerRPCTestSupport
import Testing

/// PROTOCOL.md §6: a call that fails changes nothing and emits nothing, and a read finds a quiet world. Each test
/// states the exact answer, and that `world/snapshot` is byte-identical before and after with no event written
/// (Tests/containerdTests/FailingCallTests.swift runs the same cases through the binary with stdin open).
@Suite struct FailingCallTests {
  /// The reply to `view/get nope`.
  static let unknownNope: JSONValue = ["code": -32000, "data": ["id": "nope"], "message": "Unknown object: nope"]

  /// Runs `method` and expects `error`, no event and the same snapshot before and after.
  static func expectRefused(
    _ session: TestSession, _ method: String, _ params: JSONValue, _ error: JSONValue,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let before = session.snapshot()
    let exchange = session.call(method, params)
    #expect(exchange.error == error, sourceLocation: sourceLocation)
    #expect(exchange.events == [], sourceLocation: sourceLocation)
    #expect(session.snapshot() == before, sourceLocation: sourceLocation)
  }

  /// Runs a read and expects no event and the same snapshot before and after; returns its result.
  @discardableResult
  static func expectQuietRead(
    _ session: TestSession, _ method: String, _ params: JSONValue, sourceLocation: SourceLocation = #_sourceLocation
  ) -> JSONValue? {
    let before = session.snapshot()
    let exchange = session.call(method, params)
    #expect(exchange.events == [], sourceLocation: sourceLocation)
    #expect(session.snapshot() == before, sourceLocation: sourceLocation)
    return exchange.result
  }

  // MARK: - A turn's end settles layout

  /// A table's header kept at the top by a pinToTop behaviour and laid out by a constraint: when the table enters the
  /// window, the safe area moves its offset (-47), the behaviour moves the header, and the layout the constraint asks
  /// for again comes in the same turn's end (it came in the next turn's: a failing `view/get nope` moved the header
  /// back to y = 10 and wrote three events).
  static func pinnedHeader(_ session: TestSession) {
    session.call("window/create", ["id": "w"])
    session.call("controller/create", ["id": "list", "kind": "UITableViewController"])
    session.call("view/create", ["id": "h", "frame": ["x": 0, "y": 0, "width": 390, "height": 50]])
    session.call("view/addSubview", ["superview": "list.view", "view": "h"])
    session.call("behavior/add", ["kind": "pinToTop", "view": "h", "scrollView": "list.view"])
    session.call(
      "layout/addConstraints",
      ["constraints": [["item": "h", "attribute": "top", "toItem": "list.view", "constant": 10]]])
    session.call("events/subscribe", ["kinds": ["all"]])
  }

  @Test func aPinnedAndConstrainedViewSettlesInItsTurn() {
    let session = TestSession()
    Self.pinnedHeader(session)
    let shown = session.call("window/setRoot", ["window": "w", "controller": "list"])
    let frames = shown.events.filter { $0["method"] == "event/layout" }.map { $0["params"]?["frame"]?["y"] }
    #expect(frames == [10, -47, 10])
    Self.expectRefused(session, "view/get", ["view": "nope"], Self.unknownNope)
    let header = Self.expectQuietRead(session, "view/get", ["view": "h"])
    #expect(header?["frame"] == ["x": 0, "y": 10, "width": 0, "height": 0])
  }

  /// A constraint on a paging container's page, which the pager lays out too: the two writers of its frame never
  /// agree, so the turn's end stops after one pass (8 rounds) with a warning, and the turns after it are quiet (each
  /// wrote those 32 events again, before every reply).
  @Test func aConstrainedPageWarnsOnceAndLeavesAQuietWorld() {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    session.call("controller/create", ["id": "p1", "kind": "UITableViewController"])
    session.call("controller/create", ["id": "p2", "kind": "UITableViewController"])
    session.call(
      "controller/create",
      ["id": "pc", "kind": "PagingContainerViewController", "header": ["height": 200], "pages": ["p1", "p2"]])
    session.call("window/setRoot", ["window": "w", "controller": "pc"])
    let added = session.call(
      "layout/addConstraints", ["constraints": [["item": "p1.view", "attribute": "width", "constant": 100]]])
    #expect(added.result == ["ids": ["c1"]])
    #expect(
      added.trace == [
        "warning: containerd: layout did not settle (a layout pass still had work after 8 rounds, or layout and "
          + "scrolling kept moving each other for 8 passes); frames stay as the last pass left them limit"
      ])
    #expect(added.events.first?["params"]?["object"] == "p1.view")
    session.call("events/subscribe", ["kinds": ["all"]])
    #expect(Self.expectQuietRead(session, "daemon/ping", [:]) == ["pong": true])
    Self.expectRefused(session, "view/get", ["view": "nope"], Self.unknownNope)
    let page = Self.expectQuietRead(session, "view/get", ["view": "p1.view"])
    #expect(page?["frame"] == ["x": 0, "y": 0, "width": 390, "height": 844])
  }

  /// A constraint that reads a subview which autoresizes with it (p.width = c.width + 10, c flexibleWidth) feeds on
  /// itself: each layout round grows both by 10. The turn's end stops it after one pass with a warning; in manual
  /// clock mode it grew by 80 before every reply, a refused one included.
  @Test func aLayoutFeedingOnItselfStopsAtTheTurnsEnd() {
    let session = TestSession()
    session.call("clock/configure", ["mode": "manual"])
    session.call("window/create", ["id": "w"])
    session.call("view/create", ["id": "p", "frame": ["x": 0, "y": 0, "width": 100, "height": 100]])
    session.call(
      "view/create",
      ["id": "c", "frame": ["x": 0, "y": 0, "width": 100, "height": 100], "autoresizingMask": ["flexibleWidth"]])
    session.call("view/addSubview", ["superview": "p", "view": "c"])
    session.call("view/addSubview", ["superview": "w", "view": "p"])
    let added = session.call(
      "layout/addConstraints",
      [
        "constraints": [
          ["item": "p", "attribute": "width", "toItem": "c", "constant": 10],
          ["item": "p", "attribute": "height", "constant": 10],
        ]
      ])
    #expect(added.result == ["ids": ["c1", "c2"]])
    #expect(added.events.map { $0["params"]?["object"] } == ["p"])
    session.call("events/subscribe", ["kinds": ["all"]])
    Self.expectRefused(session, "view/get", ["view": "nope"], Self.unknownNope)
    let parent = Self.expectQuietRead(session, "view/get", ["view": "p"])
    #expect(parent?["frame"] == ["x": 0, "y": 0, "width": 180, "height": 10])
  }

  /// The same feedback through a multiplier grows frames threefold a round; each turn that changes anything runs it
  /// again, and frames stop at the ±1e9 bound of coordinates (they reached 1e36 after 8 such turns, then infinity).
  @Test func framesStayWithinTheCoordinateBound() {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    session.call("view/create", ["id": "p", "frame": ["x": 0, "y": 0, "width": 100, "height": 100]])
    session.call(
      "view/create",
      ["id": "c", "frame": ["x": 0, "y": 0, "width": 100, "height": 100], "autoresizingMask": ["flexibleWidth"]])
    session.call("view/addSubview", ["superview": "p", "view": "c"])
    session.call("view/addSubview", ["superview": "w", "view": "p"])
    session.call(
      "layout/addConstraints",
      ["constraints": [["item": "p", "attribute": "width", "toItem": "c", "multiplier": 3]]])
    for height in 0..<8 {
      session.call(
        "view/setFrame", ["view": "w", "frame": ["x": 0, "y": 0, "width": 390, "height": .int(800 + Int64(height))]])
    }
    #expect(session.call("view/get", ["view": "p"]).result?["frame"]?["width"] == 1_000_000_000)
    #expect(session.call("view/get", ["view": "c"]).result?["frame"]?["width"] == 1_000_000_000)
    Self.expectRefused(session, "view/get", ["view": "nope"], Self.unknownNope)
  }
}

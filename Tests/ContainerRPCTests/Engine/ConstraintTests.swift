import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// Auto Layout through `layout/*`: constraints between anchors and safe-area guides, solved by the Cassowary solver,
/// applied in layoutSubviews (R30); conflicts, ambiguity, errors.
@Suite struct ConstraintTests {
  /// `vc` shown full screen in `w` (390×844, safe area 47/34); views `a` and `b` in its view.
  private func scene(kinds: JSONValue = ["warning"]) -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    session.call("controller/create", ["id": "vc"])
    session.call("window/setRoot", ["window": "w", "controller": "vc"])
    for id in ["a", "b"] {
      session.call("view/create", ["id": .string(id), "frame": ["x": 0, "y": 0, "width": 10, "height": 10]])
      session.call("view/addSubview", ["superview": "vc.view", "view": .string(id)])
    }
    session.call("events/subscribe", ["kinds": kinds])
    return session
  }

  private func constrain(_ session: TestSession, _ constraints: [JSONValue]) -> TestSession.Exchange {
    session.call("layout/addConstraints", ["constraints": .array(constraints)])
  }

  private func frame(_ session: TestSession, _ view: String) -> JSONValue? {
    session.call("view/get", ["view": .string(view)]).result?["frame"]
  }

  private func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> JSONValue {
    ["x": .number(x), "y": .number(y), "width": .number(width), "height": .number(height)]
  }

  /// Edges pinned with constants; the frame is applied by the end of the turn's layout pass.
  @Test func pinsToTheSuperviewAndTheSafeArea() {
    let session = scene()
    constrain(
      session,
      [
        ["item": "a", "attribute": "top", "toItem": "vc.view.safeAreaLayoutGuide", "toAttribute": "top"],
        ["item": "a", "attribute": "leading", "toItem": "vc.view", "constant": 16],
        ["item": "a", "attribute": "trailing", "toItem": "vc.view", "constant": -16],
        ["item": "a", "attribute": "bottom", "toItem": "vc.view.safeAreaLayoutGuide"],
      ])
    #expect(frame(session, "a") == rect(16, 47, 358, 763))
  }

  /// Centring and a proportional width: b is half of a's width, centred on it, 40 high, 10 below it.
  @Test func centringAndProportions() {
    let session = scene()
    constrain(
      session,
      [
        ["item": "a", "attribute": "left", "toItem": "vc.view"],
        ["item": "a", "attribute": "top", "toItem": "vc.view"],
        ["item": "a", "attribute": "width", "constant": 300], ["item": "a", "attribute": "height", "constant": 100],
        ["item": "b", "attribute": "width", "toItem": "a", "multiplier": 0.5],
        ["item": "b", "attribute": "centerX", "toItem": "a"],
        ["item": "b", "attribute": "top", "toItem": "a", "toAttribute": "bottom", "constant": 10],
        ["item": "b", "attribute": "height", "constant": 40],
      ])
    #expect(frame(session, "b") == rect(75, 110, 150, 40))
  }

  /// Priorities: a required `width >= 100` beats `width == 50 @750`; `width <= 300` required, `== 400 @250`,
  /// `== 350 @500` gives 300.
  @Test func inequalitiesWithPriorities() {
    let session = scene()
    constrain(
      session,
      [
        ["item": "a", "attribute": "left", "toItem": "vc.view"],
        ["item": "a", "attribute": "top", "toItem": "vc.view"],
        ["item": "a", "attribute": "height", "constant": 10],
        ["item": "a", "attribute": "width", "relation": ">=", "constant": 100],
        ["item": "a", "attribute": "width", "constant": 50, "priority": 750],
        ["item": "b", "attribute": "left", "toItem": "vc.view"],
        ["item": "b", "attribute": "top", "toItem": "vc.view"],
        ["item": "b", "attribute": "height", "constant": 10],
        ["item": "b", "attribute": "width", "relation": "<=", "constant": 300],
        ["item": "b", "attribute": "width", "constant": 400, "priority": 250],
        ["item": "b", "attribute": "width", "constant": 350, "priority": 500],
      ])
    #expect(frame(session, "a")?["width"] == 100)
    #expect(frame(session, "b")?["width"] == 300)
    // Determined through the preferences, so not ambiguous.
    #expect(session.call("layout/layoutIfNeeded", ["view": "vc.view"]).result == ["ambiguous": []])
    // A bare inequality leaves room: width >= 10 alone is ambiguous.
    session.call("view/create", ["id": "c"])
    session.call("view/addSubview", ["superview": "vc.view", "view": "c"])
    constrain(
      session,
      [
        ["item": "c", "attribute": "left", "toItem": "vc.view"],
        ["item": "c", "attribute": "top", "toItem": "vc.view"],
        ["item": "c", "attribute": "height", "constant": 10],
        ["item": "c", "attribute": "width", "relation": ">=", "constant": 10],
      ])
    #expect(session.call("layout/layoutIfNeeded", ["view": "vc.view"]).result == ["ambiguous": ["c"]])
  }

  /// A required conflict: UIKit's console message names the constraint it breaks, and layout goes on with the rest.
  @Test func conflictsWarnAndLayoutGoesOn() {
    let session = scene()
    constrain(
      session,
      [
        ["item": "a", "attribute": "left", "toItem": "vc.view"],
        ["item": "a", "attribute": "top", "toItem": "vc.view"],
        ["item": "a", "attribute": "width", "constant": 100], ["item": "a", "attribute": "height", "constant": 20],
      ])
    let exchange = constrain(session, [["id": "tooWide", "item": "a", "attribute": "width", "constant": 200]])
    #expect(exchange.result == ["ids": ["tooWide"]])
    let message = exchange.events.first?["params"]?["message"]?.stringValue ?? ""
    #expect(message.hasPrefix("Unable to simultaneously satisfy constraints."))
    #expect(message.contains("\"<NSLayoutConstraint:c3 a.width == 100   (active)>\""))
    #expect(
      message.hasSuffix(
        "Will attempt to recover by breaking constraint \n<NSLayoutConstraint:tooWide a.width == 200   (active)>"))
    #expect(frame(session, "a") == rect(0, 0, 100, 20))
  }

  /// Removing a constraint re-solves: the weaker preference takes over.
  @Test func removingRestoresTheWeakerAnswer() {
    let session = scene()
    let ids = constrain(
      session,
      [
        ["item": "a", "attribute": "left", "toItem": "vc.view"],
        ["item": "a", "attribute": "top", "toItem": "vc.view"],
        ["item": "a", "attribute": "height", "constant": 10],
        ["item": "a", "attribute": "width", "constant": 120, "priority": 250],
        ["id": "strong", "item": "a", "attribute": "width", "constant": 200, "priority": 750],
      ]
    ).result?["ids"]
    #expect(ids?.arrayValue?.count == 5)
    #expect(frame(session, "a")?["width"] == 200)
    session.call("layout/removeConstraints", ["ids": ["strong"]])
    #expect(frame(session, "a")?["width"] == 120)
  }

  /// Seed 002's wrapped table: a UITableViewController's table pinned to its parent's four edges lays out exactly on
  /// the parent's view, and follows it through a rotation.
  @Test func seed002WrappedTable() {
    let session = scene()
    session.call("controller/create", ["id": "list", "kind": "UITableViewController"])
    session.call("containment/addChild", ["parent": "vc", "child": "list"])
    session.call("view/addSubview", ["superview": "vc.view", "view": "list.view"])
    session.call("view/setFrame", ["view": "list.view", "frame": rect(0, 0, 1, 1)])
    constrain(
      session,
      ["top", "bottom", "left", "right"].map { edge in
        ["item": "list.view", "attribute": .string(edge), "toItem": "vc.view"]
      })
    #expect(frame(session, "list.view") == rect(0, 0, 390, 844))
    session.call("window/resize", ["window": "w", "width": 844, "height": 390])
    #expect(frame(session, "list.view") == rect(0, 0, 844, 390))
  }

  /// A view inside a scroll view tied to a view outside it floats (its frame follows the offset); one tied to the
  /// scroll view itself scrolls with the content (S2.8 floating subviews).
  @Test func floatingAndScrollingSubviews() {
    let session = scene()
    session.call("view/create", ["id": "scroll", "kind": "UIScrollView", "frame": rect(0, 100, 390, 600)])
    session.call("view/addSubview", ["superview": "vc.view", "view": "scroll"])
    session.call("scroll/configure", ["view": "scroll", "contentSize": ["width": 390, "height": 2000]])
    for id in ["floating", "content"] {
      session.call("view/create", ["id": .string(id), "frame": rect(0, 0, 1, 1)])
      session.call("view/addSubview", ["superview": "scroll", "view": .string(id)])
    }
    constrain(
      session,
      [
        ["item": "floating", "attribute": "top", "toItem": "vc.view", "constant": 120],
        ["item": "floating", "attribute": "left", "toItem": "vc.view"],
        ["item": "floating", "attribute": "width", "constant": 50],
        ["item": "floating", "attribute": "height", "constant": 50],
        ["item": "content", "attribute": "top", "toItem": "scroll", "constant": 20],
        ["item": "content", "attribute": "left", "toItem": "scroll"],
        ["item": "content", "attribute": "width", "constant": 50],
        ["item": "content", "attribute": "height", "constant": 50],
      ])
    #expect(frame(session, "floating") == rect(0, 20, 50, 50))
    #expect(frame(session, "content") == rect(0, 20, 50, 50))
    session.call("scroll/setContentOffset", ["view": "scroll", "offset": ["x": 0, "y": 300]])
    #expect(frame(session, "floating") == rect(0, 320, 50, 50))
    #expect(session.call("view/get", ["view": "floating"]).result?["frameInWindow"]?["y"] == 120)
    #expect(frame(session, "content") == rect(0, 20, 50, 50))
  }

  /// `layout/layoutIfNeeded` reports views whose frame the constraints leave free (hasAmbiguousLayout), without moving
  /// them.
  @Test func ambiguityIsReported() {
    let session = scene()
    constrain(
      session,
      [
        ["item": "a", "attribute": "left", "toItem": "vc.view"],
        ["item": "a", "attribute": "top", "toItem": "vc.view"],
        ["item": "a", "attribute": "width", "constant": 10], ["item": "a", "attribute": "height", "constant": 10],
        ["item": "b", "attribute": "width", "constant": 50],
      ])
    let before = frame(session, "b")
    #expect(session.call("layout/layoutIfNeeded", ["view": "vc.view"]).result == ["ambiguous": ["b"]])
    #expect(frame(session, "b") == before)
  }

  /// What UIKit refuses is refused before any change.
  @Test func refusals() {
    let session = scene()
    session.call("view/create", ["id": "loose"])
    let before = session.snapshot()
    let exception = { (constraints: [JSONValue]) -> JSONValue? in
      self.constrain(session, constraints).error?["data"]?["exception"]
    }
    #expect(exception([["item": "a", "attribute": "top", "toItem": "loose"]]) == "NSGenericException")
    #expect(exception([["item": "a", "attribute": "top", "constant": 5]]) == "NSInvalidArgumentException")
    #expect(
      exception([["item": "a", "attribute": "top", "toItem": "b", "toAttribute": "width"]])
        == "NSInvalidArgumentException")
    #expect(
      constrain(
        session, [["item": "a", "attribute": "width", "constant": 5], ["item": "nowhere", "attribute": "width"]]
      )
      .error?["code"] == -32000)
    #expect(session.call("layout/removeConstraints", ["ids": ["c99"]]).error?["code"] == -32000)
    #expect(session.snapshot() == before)
  }

  /// Incremental adds and removes give the same frames as a fresh session given only the final constraints.
  @Test func incrementalEqualsFresh() {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      seed ^= seed << 13
      seed ^= seed >> 7
      seed ^= seed << 17
      return Int(seed % UInt64(bound))
    }
    let base: [JSONValue] = [
      ["item": "a", "attribute": "left", "toItem": "vc.view"], ["item": "a", "attribute": "top", "toItem": "vc.view"],
      ["item": "b", "attribute": "top", "toItem": "a", "toAttribute": "bottom"],
      ["item": "b", "attribute": "left", "toItem": "a", "toAttribute": "right"],
    ]
    var extra: [(String, JSONValue)] = []
    let incremental = scene()
    constrain(incremental, base)
    for step in 0..<40 {
      if !extra.isEmpty && next(3) == 0 {
        let (id, _) = extra.remove(at: next(extra.count))
        incremental.call("layout/removeConstraints", ["ids": [.string(id)]])
      } else {
        let id = "x\(step)"
        let constraint: JSONValue = [
          "id": .string(id), "item": next(2) == 0 ? "a" : "b", "attribute": next(2) == 0 ? "width" : "height",
          "relation": [">=", "<=", "=="][next(3)], "constant": .number(Double(next(300))),
          "priority": [1000, 750, 500, 250][next(4)],
        ]
        if constrain(incremental, [constraint]).events.isEmpty {
          extra.append((id, constraint))
        } else {
          incremental.call("layout/removeConstraints", ["ids": [.string(id)]])
        }
      }
    }
    let fresh = scene()
    constrain(fresh, base + extra.map(\.1))
    #expect(frame(incremental, "a") == frame(fresh, "a"))
    #expect(frame(incremental, "b") == frame(fresh, "b"))
  }
}

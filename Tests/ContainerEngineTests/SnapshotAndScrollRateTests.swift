import ContainerEngine
import Testing

/// `Engine.snapshot(root:)` (the walk `world/snapshot` encodes) and `ScrollState.DecelerationRate` (UIKit's named
/// rates), through the engine API alone.
@Suite struct SnapshotAndScrollRateTests {
  /// `parent` embeds `child` (R4), a view `label` inside the child's view; `other` stands apart.
  private func world() throws -> EngineHarness {
    let harness = EngineHarness()
    let parent = try harness.controller("parent")
    let child = try harness.controller("child")
    _ = try harness.controller("other")
    let label = try harness.engine.createView(
      id: "label", kind: .UILabel, frame: nil, autoresizingMask: [], text: "hi")
    try harness.turn { engine throws(EngineError) in
      try engine.embed(child, in: parent, container: nil, frame: nil)
      try engine.addSubview(.view(label), to: .root(child), at: nil)
    }
    return harness
  }

  /// A controller's subtree: it, its descendants (R4), and the views inside their root views, in creation order.
  @Test func aControllersSubtree() throws {
    let snapshot = try world().engine.snapshot(root: "parent")
    #expect(snapshot.controllers.map(\.id) == ["parent", "child"])
    #expect(snapshot.views.map(\.id) == ["label", "parent.view", "child.view"])
    #expect(snapshot.windows.isEmpty)
  }

  /// A view's subtree: it and its subviews, and the controllers whose root views are among them.
  @Test func aViewsSubtree() throws {
    let snapshot = try world().engine.snapshot(root: "child.view")
    #expect(snapshot.controllers.map(\.id) == ["child"])
    #expect(snapshot.views.map(\.id) == ["label", "child.view"])
  }

  /// The whole world, windows listed apart; a snapshot loads nothing (R1) and refuses an unknown or unloaded root.
  @Test func theWholeWorldAndItsRefusals() throws {
    let harness = try world()
    _ = try harness.window()
    let snapshot = try harness.engine.snapshot(root: nil)
    #expect(snapshot.controllers.map(\.id) == ["parent", "child", "other"])
    #expect(snapshot.windows.map(\.id) == ["win"])
    #expect(throws: EngineError.unknownObject("nobody")) { try harness.engine.snapshot(root: "nobody") }
    #expect(throws: EngineError.self) { try harness.engine.snapshot(root: "other.view") }
    #expect(try harness.engine.controller("other").view == nil)
  }

  /// S2.7: a scroll view's bounds origin is its contentOffset.
  @Test func boundsFollowTheContentOffset() throws {
    let harness = EngineHarness()
    let scroll = try harness.engine.createView(
      id: "s", kind: .UIScrollView, frame: Rect(x: 5, y: 6, width: 100, height: 200), autoresizingMask: [],
      text: nil)
    try harness.turn { engine throws(EngineError) in
      try engine.setContentOffset(.view(scroll), Point(x: 0, y: 30), animated: false)
    }
    #expect(scroll.bounds == Rect(x: 0, y: 30, width: 100, height: 200))
  }

  /// UIKit's named rates, and a scroll view's default (normal).
  @Test func namedDecelerationRates() {
    #expect(ScrollState.DecelerationRate(named: "normal") == .normal)
    #expect(ScrollState.DecelerationRate(named: "fast") == .fast)
    #expect(ScrollState.DecelerationRate(named: "slow") == nil)
    #expect(ScrollState.DecelerationRate.normal.perMillisecond == 0.998)
    #expect(ScrollState.DecelerationRate.fast.perMillisecond == 0.99)
    #expect(ScrollState.DecelerationRate.custom(0.9).perMillisecond == 0.9)
    #expect(ScrollState().decelerationRate == ScrollState.DecelerationRate.normal.perMillisecond)
  }

  /// S2.1: a fling rests at x0 − v0/(1000·ln d), so the fast rate glides a shorter way.
  @Test func theFastRateGlidesShorter() throws {
    func restingOffset(_ rate: ScrollState.DecelerationRate) throws -> Double {
      let harness = EngineHarness()
      let scroll = try harness.engine.createView(
        id: "s", kind: .UIScrollView, frame: Rect(x: 0, y: 0, width: 390, height: 844), autoresizingMask: [],
        text: nil)
      var target = Point(x: 0, y: 0)
      try harness.turn { engine throws(EngineError) in
        try engine.configureScroll(.view(scroll)) { state in
          state.contentSize = Size(width: 390, height: 100_000)
          state.decelerationRate = rate.perMillisecond
        }
        target = try engine.fling(.view(scroll), velocity: Point(x: 0, y: -1000))
      }
      return target.y
    }
    let normal = try restingOffset(.normal)
    let fast = try restingOffset(.fast)
    // The glides' lengths are as ln 0.99 to ln 0.998: 5.02 to 1 (500 pt at the normal rate, 100 at the fast).
    #expect(fast > 0 && fast < normal)
    #expect(abs(normal / fast - 5.02) < 0.05)
  }
}

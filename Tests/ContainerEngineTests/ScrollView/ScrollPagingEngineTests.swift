import ContainerEngine
import Testing

/// `isPagingEnabled` through the engine API alone (S2.5, S1.3): where a release or a
/// fling comes to rest; the numbers the wire tier checks in ScrollPagingTests.
@Suite struct ScrollPagingEngineTests {
  /// A horizontally paged 390-wide scroll view in a window: 4 pages (or `contentWidth`), no inset adjustment.
  private func pager(contentWidth: Double = 1560) throws -> (EngineHarness, pager: ViewNode) {
    let harness = EngineHarness()
    let window = try harness.window()
    let pager = try harness.view("pager", kind: .UIScrollView, frame: .xywh(0, 0, 390, 600))
    try harness.turn { engine throws(EngineError) in
      try engine.addSubview(.view(pager), to: .view(window), at: nil)
      try engine.configureScroll(.view(pager)) {
        $0.contentSize = Size(width: contentWidth, height: 600)
        $0.isPagingEnabled = true
        $0.contentInsetAdjustmentBehavior = .never
      }
    }
    return (harness, pager)
  }

  /// A drag by `dx` released with the finger's `velocity` (pt/s); the offset x where it comes to rest.
  private func drag(_ harness: EngineHarness, _ pager: ViewNode, by dx: Double, velocity: Double) throws -> Double? {
    for (phase, speed) in [("began", 0.0), ("changed", 0), ("ended", velocity)] {
      try harness.turn { engine throws(EngineError) in
        _ = try engine.pan(
          .view(pager), phase: phase, translation: Point(x: phase == "began" ? 0 : dx, y: 0),
          velocity: Point(x: speed, y: 0))
      }
    }
    return pager.scroll?.contentOffset.x
  }

  private func fling(_ harness: EngineHarness, _ pager: ViewNode, velocity: Double) throws -> Point {
    var target = Point(x: 0, y: 0)
    try harness.turn { engine throws(EngineError) in
      target = try engine.fling(.view(pager), velocity: Point(x: velocity, y: 0))
    }
    return target
  }

  private func setOffset(_ harness: EngineHarness, _ pager: ViewNode, x: Double) throws {
    try harness.turn { engine throws(EngineError) in
      try engine.setContentOffset(.view(pager), Point(x: x, y: 0), animated: false)
    }
  }

  /// S2.5: a release slower than `pagingVelocityThreshold` snaps to the nearest page: 150 of 390 stays, 250 goes on.
  @Test func aSlowReleaseSnapsToTheNearestPage() throws {
    let (harness, pager) = try pager()
    #expect(try drag(harness, pager, by: -150, velocity: 0) == 0)
    #expect(try drag(harness, pager, by: -250, velocity: 0) == 390)
  }

  /// S2.5: a fast release goes to the next page boundary in its direction, at most one page however fast.
  @Test func aFastReleaseGoesAtMostOnePage() throws {
    let (harness, pager) = try pager()
    #expect(try drag(harness, pager, by: -50, velocity: -2000) == 390)
    #expect(try drag(harness, pager, by: -100, velocity: -20000) == 780)
    #expect(try drag(harness, pager, by: 100, velocity: 2000) == 390)
  }

  /// S2.5 "clamp to [0, contentWidth − page]": with 1000 pt of content the range ends at 610. From page 1 a fling
  /// forward targets min(780, 610) = 610 (willEndDragging's target, reached at rest); a slow release dragged 250 from
  /// 390 goes to round(625.83/390)·390 = 780, clamped to 610; a fast release back from 610 dragged to 560 goes to
  /// (⌈560/390⌉ − 1)·390 = 390.
  @Test func theLastPartialPageIsReachable() throws {
    let (harness, pager) = try pager(contentWidth: 1000)
    harness.subscribe(.scroll)
    try setOffset(harness, pager, x: 390)
    try harness.turn { engine throws(EngineError) in
      _ = try engine.pan(.view(pager), phase: "began", translation: Point(x: 0, y: 0), velocity: Point(x: 0, y: 0))
      _ = try engine.pan(.view(pager), phase: "changed", translation: Point(x: -100, y: 0), velocity: Point(x: 0, y: 0))
    }
    let released = try harness.events { engine throws(EngineError) in
      _ = try engine.pan(
        .view(pager), phase: "ended", translation: Point(x: -100, y: 0), velocity: Point(x: -1000, y: 0))
    }
    let target = released.lazy.compactMap { event -> Point? in
      if case .scroll(_, .willEndDragging, _, let target, _) = event.kind { return target }
      return nil
    }.first
    #expect(target == Point(x: 610, y: 0))
    #expect(pager.scroll?.contentOffset == Point(x: 610, y: 0))
    try setOffset(harness, pager, x: 390)
    #expect(try drag(harness, pager, by: -250, velocity: 0) == 610)
    #expect(try drag(harness, pager, by: 50, velocity: 1000) == 390)
  }

  /// S2.5 "the next page boundary in the velocity direction": a fling from exactly a boundary moves one page (the
  /// finger's −1000 pt/s is the content's +1000, S2.1): 390 → 780, then back to 390; from 0 backward it stays at 0.
  @Test func aFlingFromAPageBoundaryMovesOnePage() throws {
    let (harness, pager) = try pager()
    try setOffset(harness, pager, x: 390)
    #expect(try fling(harness, pager, velocity: -1000) == Point(x: 780, y: 0))
    #expect(pager.scroll?.contentOffset == Point(x: 780, y: 0))
    #expect(try fling(harness, pager, velocity: 1000) == Point(x: 390, y: 0))
    try setOffset(harness, pager, x: 0)
    #expect(try fling(harness, pager, velocity: 1000) == Point(x: 0, y: 0))
  }

  /// S2.5: paging stays in the range: a fast release backward from the first page stays there.
  @Test func pagingStaysInRange() throws {
    let (harness, pager) = try pager()
    #expect(try drag(harness, pager, by: 100, velocity: 5000) == 0)
  }
}

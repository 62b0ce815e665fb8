import ContainerEngine
import Foundation
import Testing

/// Drag, release, deceleration, rubber band and bounce through the engine API alone (S2.1–S2.3,
/// S2.7), in numbers; those the wire tier checks in ScrollPhysicsTests. The formulas' values are also written out
/// (ln 0.998 = −0.0020020026706730793), so a change of the constants or of the arithmetic shows as a changed number.
@Suite struct ScrollPhysicsEngineTests {
  /// ln d for the normal deceleration rate d = 0.998 per ms.
  static let lnNormalRate = log(0.998)

  /// A 390×844 scroll view `list.view` with 5000 pt of content, no inset adjustment: range y in 0...4156. Scroll and
  /// offset events recorded.
  private func scrollView() throws -> (EngineHarness, list: ViewNode) {
    let harness = EngineHarness()
    let window = try harness.window()
    let list = try harness.controller("list", viewKind: .UIScrollView)
    try harness.show(list, in: window)
    try harness.turn { engine throws(EngineError) in
      try engine.configureScroll(.root(list)) {
        $0.contentSize = Size(width: 390, height: 5000)
        $0.contentInsetAdjustmentBehavior = .never
      }
    }
    harness.subscribe([.scroll, .offset])
    return (harness, list.view!)
  }

  private func pan(
    _ harness: EngineHarness, _ view: ViewNode, _ phase: String, y: Double = 0, velocityY: Double = 0
  ) throws -> (offset: Point, events: [EngineEvent]) {
    var offset = Point(x: 0, y: 0)
    let events = try harness.events { engine throws(EngineError) in
      offset = try engine.pan(
        .view(view), phase: phase, translation: Point(x: 0, y: y), velocity: Point(x: 0, y: velocityY))
    }
    return (offset, events)
  }

  /// The scroll delegate callbacks among `events`, in order.
  private func callbacks(_ events: [EngineEvent]) -> [String] {
    events.compactMap { event in
      guard case .scroll(_, let callback, _, _, _) = event.kind else { return nil }
      return callback.rawValue
    }
  }

  private func willEndDragging(_ events: [EngineEvent]) -> (velocity: Point?, target: Point?)? {
    for event in events {
      if case .scroll(_, .willEndDragging, let velocity, let target, _) = event.kind { return (velocity, target) }
    }
    return nil
  }

  /// S2.1: the rest point is x0 − v0/(1000·ln d) (≈ 0.4995·v0) and the fling ends at T(ε = 0.5 pt): for v0 = 1000
  /// pt/s, 499.4998… pt after 3.45 s (frame 207), every frame's offset caused by the deceleration, the first (1/60 s)
  /// at x(t) = v0·(d^(1000t) − 1)/(1000·ln d) = 16.391677717811596.
  @Test func aFlingDeceleratesToTheFormulasRestPoint() throws {
    let (harness, list) = try scrollView()
    var target = Point(x: 0, y: 0)
    let events = try harness.events { engine throws(EngineError) in
      target = try engine.fling(.view(list), velocity: Point(x: 0, y: -1000))
    }
    #expect(target.y == -1000 / (1000 * Self.lnNormalRate))
    #expect(target.y == 499.4998331664548)
    #expect(Self.lnNormalRate == -0.0020020026706730793)
    #expect(
      callbacks(events) == [
        "willBeginDragging", "willEndDragging", "didEndDragging", "willBeginDecelerating", "didEndDecelerating",
      ])
    #expect(willEndDragging(events)?.velocity == Point(x: 0, y: 1))  // pt/ms, the content's direction
    #expect(events.last?.time == 3450)
    let offsets = events.filter { $0.category == .offset }
    #expect(offsets.count == 207)
    #expect(offsets.allSatisfy { if case .offset(_, _, _, "deceleration") = $0.kind { true } else { false } })
    let t = 1.0 / 60
    let first = 1000 * (pow(0.998, 1000 * t) - 1) / (1000 * Self.lnNormalRate)
    #expect(first == 16.391677717811596)
    #expect(offsets.first?.kind == .offset(view: "list.view", x: 0, y: first, cause: "deceleration"))
    #expect(list.scroll?.contentOffset.y == target.y)
    #expect(list.scroll?.isDecelerating == false)
  }

  /// S5.4: a programmatic scroll 100 ms into a 2000 pt/s fling (at 2000·(d^100 − 1)/(1000·ln d) = 181.25…) stops the
  /// deceleration at once: no further deceleration frame and no didEndDecelerating; the offset ends where the call
  /// put it.
  @Test func aProgrammaticScrollStopsADeceleration() throws {
    let (harness, list) = try scrollView()
    harness.engine.clock.mode = .manual
    try harness.turn { engine throws(EngineError) in _ = try engine.fling(.view(list), velocity: Point(x: 0, y: -2000))
    }
    let early = harness.advance(100)
    guard case .offset(_, _, let y, "deceleration")? = early.last?.kind else {
      Issue.record("no deceleration frame at 100 ms: \(early.compactMap(EngineHarness.describe))")
      return
    }
    #expect(abs(y - 2000 * (pow(0.998, 100) - 1) / (1000 * Self.lnNormalRate)) < 1e-9)
    #expect(abs(y - 181.25170157797436) < 1e-9)
    #expect(list.scroll?.isDecelerating == true)
    try harness.turn { engine throws(EngineError) in
      try engine.setContentOffset(.view(list), Point(x: 0, y: 300), animated: false)
    }
    #expect(list.scroll?.isDecelerating == false)
    let later = harness.advance(5000)
    #expect(later.isEmpty)
    #expect(list.scroll?.contentOffset == Point(x: 0, y: 300))
  }

  /// S2.2: past an edge the offset is edge − b(overscroll), b = x·d·c/(d + c·x), c = 0.55, d = 844; caused by the drag.
  @Test func theRubberBandWhileDragging() throws {
    let (harness, list) = try scrollView()
    _ = try pan(harness, list, "began")
    let moved = try pan(harness, list, "changed", y: 100)
    #expect(moved.offset == Point(x: 0, y: -(100.0 * 844 * 0.55 / (844 + 0.55 * 100))))
    #expect(moved.events.first.flatMap(EngineHarness.describe)?.hasSuffix(" drag") == true)
    #expect(list.scroll?.isTracking == true)
  }

  /// S2.3: released past the edge, it springs back to the edge (critically damped) and ends with didEndDecelerating;
  /// willEndDragging targets the edge.
  @Test func aBounceBackAfterAReleasePastTheEdge() throws {
    let (harness, list) = try scrollView()
    _ = try pan(harness, list, "began")
    _ = try pan(harness, list, "changed", y: 100)
    let released = try pan(harness, list, "ended", y: 100).events
    #expect(
      callbacks(released) == ["willEndDragging", "didEndDragging", "willBeginDecelerating", "didEndDecelerating"])
    #expect(willEndDragging(released)?.target == Point(x: 0, y: 0))
    let offsets = released.filter { $0.category == .offset }
    #expect(offsets.allSatisfy { if case .offset(_, _, _, "bounce") = $0.kind { true } else { false } })
    #expect(offsets.last?.kind == .offset(view: "list.view", x: 0, y: 0, cause: "bounce"))
  }

  /// S2.3: the spring from a 50-pt displacement at rest (dragged to raw −50·844/(0.55·794), shown −50, S2.2) settles
  /// at the first frame within 0.5 pt and slower than 50 pt/s: frame 40, so didEndDecelerating comes at 666.7 ms.
  @Test func aBounceFromFiftyPointsSettlesAtFrame40() throws {
    let (harness, list) = try scrollView()
    _ = try pan(harness, list, "began")
    let pull = 50.0 * 844 / (0.55 * (844 - 50))
    let dragged = try pan(harness, list, "changed", y: pull)
    #expect(abs(dragged.offset.y + 50) < 1e-9)
    let released = try pan(harness, list, "ended", y: pull).events
    let offsets = released.filter { $0.category == .offset }
    #expect(offsets.count == 40)
    #expect(offsets.last?.kind == .offset(view: "list.view", x: 0, y: 0, cause: "bounce"))
    let end = released.last { if case .scroll(_, .didEndDecelerating, _, _, _) = $0.kind { true } else { false } }
    #expect(abs((end?.time ?? 0) - 2000.0 / 3) < 1e-9)
  }

  /// S2.7: released inside the range without velocity, there is no deceleration.
  @Test func aReleaseWithoutVelocityDoesNotDecelerate() throws {
    let (harness, list) = try scrollView()
    _ = try pan(harness, list, "began")
    _ = try pan(harness, list, "changed", y: -200)
    let released = try pan(harness, list, "ended", y: -200).events
    #expect(callbacks(released) == ["willEndDragging", "didEndDragging"])
    #expect(released.last?.kind == .scroll(view: "list.view", callback: .didEndDragging, willDecelerate: false))
    #expect(list.scroll?.contentOffset == Point(x: 0, y: 200))
  }

  /// S2.1's duration formula: a release whose glide would end within 0.5 pt (|v0| ≤ −1000·ln(0.998)·0.5 ≈ 1.001 pt/s)
  /// rests where it is; 1.5 pt/s glides to 200 − 1.5/(1000·ln d).
  @Test(arguments: [(0.8, false), (1.0, false), (1.5, true)])
  func aReleaseTooSlowToGlideRestsWhereItIs(_ speed: Double, _ glides: Bool) throws {
    let (harness, list) = try scrollView()
    _ = try pan(harness, list, "began")
    _ = try pan(harness, list, "changed", y: -200)
    let released = try pan(harness, list, "ended", y: -200, velocityY: -speed).events
    if glides {
      #expect(
        callbacks(released) == ["willEndDragging", "didEndDragging", "willBeginDecelerating", "didEndDecelerating"])
      #expect(willEndDragging(released)?.target?.y == 200 - speed / (1000 * Self.lnNormalRate))
    } else {
      #expect(callbacks(released) == ["willEndDragging", "didEndDragging"])
      #expect(willEndDragging(released)?.target == Point(x: 0, y: 200))
      #expect(list.scroll?.contentOffset == Point(x: 0, y: 200))
    }
  }

  /// S2.1 (ScrollMechanics): a release more than 100 ms after the pan's last `changed` has no velocity: after 150 ms
  /// it rests where it is; after 100 ms the 1000 pt/s fling still glides to 200 + 499.5.
  @Test(arguments: [(150.0, false), (100.0, true)])
  func aReleaseAfterTheFingerStoppedHasNoVelocity(_ pause: Double, _ glides: Bool) throws {
    let (harness, list) = try scrollView()
    harness.engine.clock.mode = .manual
    _ = try pan(harness, list, "began")
    _ = try pan(harness, list, "changed", y: -200)
    harness.advance(pause)
    let released = try pan(harness, list, "ended", y: -200, velocityY: -1000).events
    let willEnd = willEndDragging(released)
    #expect(willEnd?.velocity == Point(x: 0, y: glides ? 1 : 0))
    #expect(willEnd?.target?.y == (glides ? 200 - 1000 / (1000 * Self.lnNormalRate) : 200))
    #expect(callbacks(released).last == (glides ? "willBeginDecelerating" : "didEndDragging"))
  }

  /// `bounces = false`: dragging clamps at the edge.
  @Test func withoutBouncingDraggingClamps() throws {
    let (harness, list) = try scrollView()
    try harness.turn { engine throws(EngineError) in try engine.configureScroll(.view(list)) { $0.bounces = false } }
    _ = try pan(harness, list, "began")
    #expect(try pan(harness, list, "changed", y: 100).offset == Point(x: 0, y: 0))
  }

  /// A pan that did not begin is refused.
  @Test func aPanWithoutBeganIsRefused() throws {
    let (harness, list) = try scrollView()
    #expect(
      harness.refusal { engine throws(EngineError) in
        _ = try engine.pan(.view(list), phase: "changed", translation: Point(x: 0, y: 0), velocity: Point(x: 0, y: 0))
      } == "list.view notTracking")
  }
}

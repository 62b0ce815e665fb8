import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// Drag, release, deceleration, rubber band and bounce (S2.1–S2.3, S2.7).
@Suite struct ScrollPhysicsTests {
  private func scrollView() -> TestSession { Self.fullScreenScrollView() }

  /// A 390×844 scroll view `list.view` with 5000 pt of content, no inset adjustment: range y in 0...4156. Scroll and
  /// offset events subscribed.
  static func fullScreenScrollView() -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "list", "view": ["kind": "UIScrollView"]])
    session.call("window/setRoot", ["window": "win", "controller": "list"])
    session.call(
      "scroll/configure",
      ["view": "list.view", "contentSize": ["width": 390, "height": 5000], "contentInsetAdjustmentBehavior": "never"])
    session.call("events/subscribe", ["kinds": ["scroll", "offset"]])
    return session
  }

  private func callbacks(_ exchange: TestSession.Exchange) -> [String] {
    exchange.events.filter { $0["method"] == "event/scroll" }.compactMap { $0["params"]?["callback"]?.stringValue }
  }

  /// S2.1: the rest point is x0 − v0/(1000·ln d) (≈ 0.4995·v0 for normal) and the fling ends at T(ε = 0.5 pt):
  /// for v0 = 1000 pt/s, 499.4998… pt after 3.45 s (frame 207).
  @Test func flingDeceleratesToTheFormulasRestPoint() {
    let session = scrollView()
    let exchange = session.call("scroll/fling", ["view": "list.view", "velocity": ["x": 0, "y": -1000]])
    let rest = -1000 / (1000 * log(0.998))
    #expect(exchange.result?["targetContentOffset"]?["y"] == .double(rest))
    #expect(
      callbacks(exchange) == [
        "willBeginDragging", "willEndDragging", "didEndDragging", "willBeginDecelerating", "didEndDecelerating",
      ])
    let willEnd = exchange.events.first { $0["params"]?["callback"] == "willEndDragging" }
    #expect(willEnd?["params"]?["velocity"] == ["x": 0, "y": 1])  // pt/ms, content direction
    #expect(exchange.events.last?["params"]?["time"] == 3450)
    let offsets = exchange.events.filter { $0["method"] == "event/offset" }
    #expect(offsets.count == 207)
    #expect(offsets.allSatisfy { $0["params"]?["cause"] == "deceleration" })
    // Frame 1 (1/60 s): x(t) = v0·(d^(1000t) − 1)/(1000·ln d).
    let t = 1.0 / 60
    #expect(offsets.first?["params"]?["y"] == .double(1000 * (pow(0.998, 1000 * t) - 1) / (1000 * log(0.998))))
    #expect(session.call("scroll/get", ["view": "list.view"]).result?["isDecelerating"] == false)
  }

  /// S5.4 (keep isDecelerating accurate; S4.8): a programmatic scroll 100 ms into a fling of 2000 pt/s
  /// (offset 2000·(d^100 − 1)/(1000·ln d) = 181.25…) stops the deceleration at once: isDecelerating is false when the
  /// call returns and stays false; no further deceleration frame and no didEndDecelerating (engine choice [INF]). The
  /// offset ends where the call put it: setContentOffset 300; animated 300 after 0.3 s with didEndScrollingAnimation
  /// (S2.6); scrollRectToVisible of (0, 2000, 1, 1), below the visible 181.25…1025.25, at 2001 − 844 = 1157.
  @Test(arguments: ["setContentOffset", "animated", "scrollRectToVisible"])
  func aProgrammaticScrollStopsADeceleration(_ how: String) {
    let (method, params, rest, ends): (String, JSONValue, Int64, [String]) =
      switch how {
      case "setContentOffset":
        ("scroll/setContentOffset", ["view": "list.view", "offset": ["x": 0, "y": 300]], 300, [])
      case "animated":
        (
          "scroll/setContentOffset", ["view": "list.view", "offset": ["x": 0, "y": 300], "animated": true], 300,
          ["didEndScrollingAnimation"]
        )
      default:
        (
          "scroll/scrollRectToVisible", ["view": "list.view", "rect": ["x": 0, "y": 2000, "width": 1, "height": 1]],
          1157, []
        )
      }
    let session = scrollView()
    session.call("clock/configure", ["mode": "manual"])
    session.call("scroll/fling", ["view": "list.view", "velocity": ["x": 0, "y": -2000]])
    let early = session.call("clock/advance", ["ms": 100])
    let expected = 2000 * (pow(0.998, 100) - 1) / (1000 * log(0.998))
    #expect(abs((early.events.last?["params"]?["y"]?.doubleValue ?? 0) - expected) < 1e-9)
    #expect(session.call("scroll/get", ["view": "list.view"]).result?["isDecelerating"] == true)
    session.call(method, params)
    #expect(session.call("scroll/get", ["view": "list.view"]).result?["isDecelerating"] == false)
    let later = session.call("clock/advance", ["ms": 5000])
    #expect(callbacks(later) == ends)
    #expect(later.events.allSatisfy { $0["params"]?["cause"] != "deceleration" })
    let state = session.call("scroll/get", ["view": "list.view"]).result
    #expect(state?["isDecelerating"] == false)
    #expect(state?["contentOffset"] == ["x": 0, "y": .int(rest)])
  }

  /// Documentation/Protocol.md, "Time, run loop and animation" ("frames fall at exactly n × 1000 / fps ms"; after
  /// `clock/advance` the state at the last frame at or before now) and S2.1 ("sampled at frames"): a fling of 2000 pt/s
  /// released at 10 ms shows at the next frame, 16.67 ms, its position 6.67 ms in: 2000·(d^6.67 − 1)/(1000·ln d) =
  /// 13.245 pt (the first frame was 33.33 ms); then at 33.33 and 50 ms, 23.33 and 40 ms in.
  @Test func aFlingStartedBetweenFramesShowsAtTheNextFrame() {
    let session = scrollView()
    session.call("clock/configure", ["mode": "manual"])
    session.call("clock/advance", ["ms": 10])
    session.call("scroll/fling", ["view": "list.view", "velocity": ["x": 0, "y": -2000]])
    func x(_ frame: Double) -> Double {
      let t = (frame * 1000 / 60 - 10) / 1000
      return 2000 * (pow(0.998, 1000 * t) - 1) / (1000 * log(0.998))
    }
    let first = session.call("clock/advance", ["ms": 20]).events.filter { $0["method"] == "event/offset" }
    #expect(first.map { $0["params"]?["time"] } == [.double(1000.0 / 60)])
    let y = first.first?["params"]?["y"]?.doubleValue ?? 0
    #expect(abs(y - x(1)) < 1e-9)
    #expect(abs(y - 13.245) < 0.001)
    let later = session.call("clock/advance", ["ms": 20]).events.filter { $0["method"] == "event/offset" }
    #expect(later.map { $0["params"]?["time"] } == [.double(2000.0 / 60), 50])
    #expect(zip(later, [x(2), x(3)]).allSatisfy { abs(($0["params"]?["y"]?.doubleValue ?? 0) - $1) < 1e-9 })
  }

  /// Documentation/Protocol.md, "Time, run loop and animation" frame grid, S2.6 constant velocity over 0.3 s: an
  /// animated setContentOffset 0 → 300 started at 10 ms shows 300 × 6.67/300 = 6.67 at 16.67 ms, then a frame every
  /// 16.67 ms, and ends at the first frame at or after 310 ms, 316.67 ms (19 frames), with didEndScrollingAnimation.
  @Test func anAnimationStartedBetweenFramesShowsAtTheNextFrame() {
    let session = scrollView()
    session.call("clock/configure", ["mode": "manual"])
    session.call("clock/advance", ["ms": 10])
    session.call("scroll/setContentOffset", ["view": "list.view", "offset": ["x": 0, "y": 300], "animated": true])
    let first = session.call("clock/advance", ["ms": 10]).events.filter { $0["method"] == "event/offset" }
    #expect(first.map { $0["params"]?["time"] } == [.double(1000.0 / 60)])
    #expect(abs((first.first?["params"]?["y"]?.doubleValue ?? 0) - 20.0 / 3) < 1e-9)
    let rest = session.call("clock/advance", ["ms": 400])
    let offsets = rest.events.filter { $0["method"] == "event/offset" }
    #expect(offsets.count == 18)
    #expect(offsets.last?["params"]?["time"] == .double(19000.0 / 60))
    #expect(offsets.last?["params"]?["y"] == 300)
    #expect(callbacks(rest) == ["didEndScrollingAnimation"])
  }

  /// S2.2: past an edge the offset is edge − b(overscroll), b = x·d·c/(d + c·x), c = 0.55, d = 844.
  @Test func rubberBandWhileDragging() {
    let session = scrollView()
    session.call("scroll/pan", ["view": "list.view", "phase": "began"])
    let moved = session.call(
      "scroll/pan", ["view": "list.view", "phase": "changed", "translation": ["x": 0, "y": 100]])
    let overscroll: Double = 100
    let dimension: Double = 844
    let expected: Double = -(overscroll * dimension * 0.55 / (dimension + 0.55 * overscroll))
    #expect(moved.result?["contentOffset"] == ["x": 0, "y": .double(expected)])
    #expect(moved.events.first?["params"]?["cause"] == "drag")
    #expect(session.call("scroll/get", ["view": "list.view"]).result?["isTracking"] == true)
  }

  /// S2.3: released past the edge, it springs back to the edge (critically damped) and ends with didEndDecelerating.
  @Test func bounceBackAfterReleasePastTheEdge() {
    let session = scrollView()
    session.call("scroll/pan", ["view": "list.view", "phase": "began"])
    session.call("scroll/pan", ["view": "list.view", "phase": "changed", "translation": ["x": 0, "y": 100]])
    let released = session.call(
      "scroll/pan", ["view": "list.view", "phase": "ended", "translation": ["x": 0, "y": 100]])
    #expect(
      callbacks(released) == ["willEndDragging", "didEndDragging", "willBeginDecelerating", "didEndDecelerating"])
    #expect(
      released.events.first { $0["params"]?["callback"] == "willEndDragging" }?["params"]?["targetContentOffset"]
        == ["x": 0, "y": 0])
    let offsets = released.events.filter { $0["method"] == "event/offset" }
    #expect(offsets.allSatisfy { $0["params"]?["cause"] == "bounce" })
    #expect(offsets.last?["params"]?["y"] == 0)
  }

  /// S2.3 spring x(t) = −50·e^(−10t)(1 + 10t) from a 50-pt displacement at rest (dragged to raw −50·844/(0.55·794),
  /// displayed −50, S2.2): the engine settles at the first frame within 0.5 pt and slower than 50 pt/s, frame 40
  /// (t = 2/3 s: |x| = 0.488, speed 4.2 pt/s; frame 39: |x| = 0.564), so didEndDecelerating comes at 666.7 ms. S2.3's
  /// "≈ 1.22 s" is ScrollMechanics' duration bound with threshold 0.5/3, a stopping test S2.3 does not state; this
  /// pins the engine's choice (UNVERIFIED) until it does.
  @Test func bounceFromFiftyPointsSettlesAtFrame40() {
    let session = scrollView()
    session.call("scroll/pan", ["view": "list.view", "phase": "began"])
    let pull = 50.0 * 844 / (0.55 * (844 - 50))
    let dragged = session.call(
      "scroll/pan", ["view": "list.view", "phase": "changed", "translation": ["x": 0, "y": .double(pull)]])
    #expect(abs((dragged.result?["contentOffset"]?["y"]?.doubleValue ?? 0) + 50) < 1e-9)
    let released = session.call(
      "scroll/pan", ["view": "list.view", "phase": "ended", "translation": ["x": 0, "y": .double(pull)]])
    let offsets = released.events.filter { $0["method"] == "event/offset" }
    #expect(offsets.count == 40)
    #expect(offsets.last?["params"]?["y"] == 0)
    let end = released.events.last { $0["params"]?["callback"] == "didEndDecelerating" }
    #expect(abs((end?["params"]?["time"]?.doubleValue ?? 0) - 2000.0 / 3) < 1e-9)
  }

  /// S2.7: released inside the range without velocity, there is no deceleration.
  @Test func releaseWithoutVelocityDoesNotDecelerate() {
    let session = scrollView()
    session.call("scroll/pan", ["view": "list.view", "phase": "began"])
    session.call("scroll/pan", ["view": "list.view", "phase": "changed", "translation": ["x": 0, "y": -200]])
    let released = session.call(
      "scroll/pan", ["view": "list.view", "phase": "ended", "translation": ["x": 0, "y": -200]])
    #expect(callbacks(released) == ["willEndDragging", "didEndDragging"])
    #expect(released.events.last?["params"]?["willDecelerate"] == false)
    #expect(session.call("scroll/get", ["view": "list.view"]).result?["contentOffset"] == ["x": 0, "y": 200])
  }

  /// S2.1's duration formula: a release whose glide would end within 0.5 pt (T ≤ 0, |v0| ≤ −1000·ln(0.998)·0.5 ≈
  /// 1.001 pt/s) does not decelerate and rests where it is; 1.5 pt/s glides (T = ln(1.001/1.5)/(−2.002) ≈ 0.202 s).
  @Test(arguments: [(0.8, false), (1.0, false), (1.5, true)])
  func aReleaseTooSlowToGlideRestsWhereItIs(_ speed: Double, _ glides: Bool) {
    let session = scrollView()
    session.call("scroll/pan", ["view": "list.view", "phase": "began"])
    session.call("scroll/pan", ["view": "list.view", "phase": "changed", "translation": ["x": 0, "y": -200]])
    let released = session.call(
      "scroll/pan",
      [
        "view": "list.view", "phase": "ended", "translation": ["x": 0, "y": -200],
        "velocity": ["x": 0, "y": .number(-speed)],
      ])
    let callbacks = callbacks(released)
    let willEnd = released.events.first { $0["params"]?["callback"] == "willEndDragging" }
    if glides {
      #expect(callbacks == ["willEndDragging", "didEndDragging", "willBeginDecelerating", "didEndDecelerating"])
      #expect(willEnd?["params"]?["targetContentOffset"]?["y"] == .double(200 - speed / (1000 * log(0.998))))
    } else {
      #expect(callbacks == ["willEndDragging", "didEndDragging"])
      #expect(willEnd?["params"]?["targetContentOffset"] == ["x": 0, "y": 200])
      #expect(released.events.last?["params"]?["willDecelerate"] == false)
      #expect(session.call("scroll/get", ["view": "list.view"]).result?["contentOffset"] == ["x": 0, "y": 200])
    }
  }

  /// S2.1 (ScrollMechanics): a release more than 100 ms after the pan's last `changed` has no velocity, the finger
  /// having stopped: after 150 ms it rests where it is; after 100 ms the 1000 pt/s fling still glides to 200 + 499.5.
  @Test(arguments: [(150.0, false), (100.0, true)])
  func aReleaseAfterTheFingerStoppedHasNoVelocity(_ pause: Double, _ glides: Bool) {
    let session = scrollView()
    session.call("clock/configure", ["mode": "manual"])
    session.call("scroll/pan", ["view": "list.view", "phase": "began"])
    session.call("scroll/pan", ["view": "list.view", "phase": "changed", "translation": ["x": 0, "y": -200]])
    session.call("clock/advance", ["ms": .number(pause)])
    let released = session.call(
      "scroll/pan",
      [
        "view": "list.view", "phase": "ended", "translation": ["x": 0, "y": -200],
        "velocity": ["x": 0, "y": -1000],
      ])
    let willEnd = released.events.first { $0["params"]?["callback"] == "willEndDragging" }
    if glides {
      #expect(willEnd?["params"]?["velocity"] == ["x": 0, "y": 1])
      #expect(willEnd?["params"]?["targetContentOffset"]?["y"] == .double(200 - 1000 / (1000 * log(0.998))))
      #expect(released.events.last?["params"]?["callback"] == "willBeginDecelerating")
    } else {
      #expect(willEnd?["params"]?["velocity"] == ["x": 0, "y": 0])
      #expect(willEnd?["params"]?["targetContentOffset"] == ["x": 0, "y": 200])
      #expect(released.events.last?["params"]?["willDecelerate"] == false)
    }
  }

  /// `bounces = false`: dragging clamps at the edge.
  @Test func withoutBouncingDraggingClamps() {
    let session = scrollView()
    session.call("scroll/configure", ["view": "list.view", "bounces": false])
    session.call("scroll/pan", ["view": "list.view", "phase": "began"])
    #expect(
      session.call("scroll/pan", ["view": "list.view", "phase": "changed", "translation": ["x": 0, "y": 100]])
        .result?["contentOffset"] == ["x": 0, "y": 0])
  }

  @Test func panWithoutBeganIsRefused() {
    let session = scrollView()
    #expect(
      session.call("scroll/pan", ["view": "list.view", "phase": "changed"]).error?["data"]
        == ["id": "list.view", "state": "notTracking"])
  }
}

/// Paging (S2.5, S1.3).
@Suite struct ScrollPagingTests {
  /// A horizontally paged 390-wide scroll view with 4 pages (or `contentWidth`).
  private func pager(contentWidth: Double = 1560) -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call(
      "view/create", ["id": "pager", "kind": "UIScrollView", "frame": ["x": 0, "y": 0, "width": 390, "height": 600]])
    session.call("view/addSubview", ["superview": "win", "view": "pager"])
    session.call(
      "scroll/configure",
      [
        "view": "pager", "contentSize": ["width": .double(contentWidth), "height": 600], "isPagingEnabled": true,
        "contentInsetAdjustmentBehavior": "never",
      ])
    return session
  }

  private func drag(_ session: TestSession, by dx: Double, velocity: Double) -> JSONValue? {
    session.call("scroll/pan", ["view": "pager", "phase": "began"])
    session.call("scroll/pan", ["view": "pager", "phase": "changed", "translation": ["x": .double(dx), "y": 0]])
    session.call(
      "scroll/pan",
      [
        "view": "pager", "phase": "ended", "translation": ["x": .double(dx), "y": 0],
        "velocity": ["x": .double(velocity), "y": 0],
      ])
    return session.call("scroll/get", ["view": "pager"]).result?["contentOffset"]?["x"]
  }

  @Test func slowReleaseSnapsToTheNearestPage() {
    let session = pager()
    #expect(drag(session, by: -150, velocity: 0) == 0)
    #expect(drag(session, by: -250, velocity: 0) == 390)
  }

  @Test func fastReleaseGoesAtMostOnePage() {
    let session = pager()
    #expect(drag(session, by: -50, velocity: -2000) == 390)
    #expect(drag(session, by: -100, velocity: -20000) == 780)
    #expect(drag(session, by: 100, velocity: 2000) == 390)
  }

  /// S2.5 "clamp to [0, contentWidth − page]": with 1000 pt of content on 390-pt pages the last page is partial and
  /// the range ends at 1000 − 390 = 610. From page 1 (390) a fling forward targets min(780, 610) = 610 (reported as
  /// willEndDragging's targetContentOffset, reached at rest); a slow release dragged 250 from 390 (raw 640, rubber-banded
  /// to 610 + b(30) = 625.83, S2.2) goes to the nearest page, round(625.83/390)·390 = 780, clamped to 610; a fast
  /// release backward from 610 (page round(610/390) = 2) dragged to 560 goes to the next boundary down,
  /// (⌈560/390⌉ − 1)·390 = 390.
  @Test func theLastPartialPageIsReachable() {
    let session = pager(contentWidth: 1000)
    session.call("events/subscribe", ["kinds": ["scroll"]])
    session.call("scroll/setContentOffset", ["view": "pager", "offset": ["x": 390, "y": 0]])
    session.call("scroll/pan", ["view": "pager", "phase": "began"])
    session.call("scroll/pan", ["view": "pager", "phase": "changed", "translation": ["x": -100, "y": 0]])
    let released = session.call(
      "scroll/pan",
      ["view": "pager", "phase": "ended", "translation": ["x": -100, "y": 0], "velocity": ["x": -1000, "y": 0]])
    let willEnd = released.events.first { $0["params"]?["callback"] == "willEndDragging" }
    #expect(willEnd?["params"]?["targetContentOffset"] == ["x": 610, "y": 0])
    #expect(session.call("scroll/get", ["view": "pager"]).result?["contentOffset"] == ["x": 610, "y": 0])
    session.call("scroll/setContentOffset", ["view": "pager", "offset": ["x": 390, "y": 0]])
    #expect(drag(session, by: -250, velocity: 0) == 610)
    #expect(drag(session, by: 50, velocity: 1000) == 390)
  }

  /// S2.5 "the next page boundary in the velocity direction": a fling from exactly on a page boundary (390, no drag)
  /// moves one page. The finger's velocity −1000 pt/s is the content's +1000 (S2.1: offset velocity = −pan velocity),
  /// toward larger offsets: 390 → 780 (willEndDragging's targetContentOffset and the fling's answer); then +1000 pt/s
  /// from 780 → 390, and from 0 backward stays at 0 (clamped, S2.5).
  @Test func aFlingFromAPageBoundaryMovesOnePage() {
    let session = pager()
    session.call("scroll/setContentOffset", ["view": "pager", "offset": ["x": 390, "y": 0]])
    let forward = session.call("scroll/fling", ["view": "pager", "velocity": ["x": -1000, "y": 0]])
    #expect(forward.result?["targetContentOffset"] == ["x": 780, "y": 0])
    #expect(session.call("scroll/get", ["view": "pager"]).result?["contentOffset"] == ["x": 780, "y": 0])
    let backward = session.call("scroll/fling", ["view": "pager", "velocity": ["x": 1000, "y": 0]])
    #expect(backward.result?["targetContentOffset"] == ["x": 390, "y": 0])
    session.call("scroll/setContentOffset", ["view": "pager", "offset": ["x": 0, "y": 0]])
    #expect(
      session.call("scroll/fling", ["view": "pager", "velocity": ["x": 1000, "y": 0]]).result?["targetContentOffset"]
        == ["x": 0, "y": 0])
  }

  @Test func pagingStaysInRange() {
    let session = pager()
    #expect(drag(session, by: 100, velocity: 5000) == 0)
  }
}

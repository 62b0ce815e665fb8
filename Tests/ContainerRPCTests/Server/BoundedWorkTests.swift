import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// The work and memory of one turn are bounded (issue 19): a deceleration runs at most `maxAnimationFrames` frames,
/// a turn holds at most `maxTurnEvents` events, no event is built that no client subscribed to, and geometry the rows
/// of a table make stays within the ±1e9 coordinate bound.
@Suite struct BoundedWorkTests {
  /// A 390×844 scroll view `s` in window `w` with `height` points of content, no inset adjustment, at `rate`.
  static func scrollView(
    _ configuration: ServerConfiguration = ServerConfiguration(), fps: Int = 60, height: Double, rate: Double
  ) -> TestSession {
    let session = TestSession(configuration: configuration)
    session.call("clock/configure", ["fps": .int(Int64(fps))])
    session.call("window/create", ["id": "w"])
    session.call(
      "view/create", ["id": "s", "kind": "UIScrollView", "frame": ["x": 0, "y": 0, "width": 390, "height": 844]])
    session.call("view/addSubview", ["superview": "w", "view": "s"])
    session.call(
      "scroll/configure",
      [
        "view": "s", "contentSize": ["width": 390, "height": .double(height)], "decelerationRate": .double(rate),
        "contentInsetAdjustmentBehavior": "never",
      ])
    return session
  }

  // MARK: - Frames per deceleration

  /// At 1000 fps and a rate of 0.99999 a fling of 100,000 pt/s glides for 1151 s (1.15 million frames; the issue's
  /// 1.7 million before the speed floor): the deceleration stops at frame 20,000 (the default `maxAnimationFrames`),
  /// 20 s in, at the rest point `willEndDragging` reported, with one warning.
  @Test func aFlingAtExtremeSettingsStopsAtTheFrameLimit() {
    let session = Self.scrollView(fps: 1000, height: 1e9, rate: 0.99999)
    session.call("events/subscribe", ["kinds": ["scroll", "offset"]])
    let exchange = session.call("scroll/fling", ["view": "s", "velocity": ["x": 0, "y": -100_000]])
    let k = 1000 * log(0.99999)
    let stop = 0.5 * -1000 * log(0.998)
    let target = (stop - 100_000) / k  // x(T) where the speed reaches the floor
    #expect(exchange.result?["targetContentOffset"] == ["x": 0, "y": .double(target)])
    let offsets = exchange.events.filter { $0["method"] == "event/offset" }
    #expect(offsets.count == 20_000)
    #expect(offsets.last?["params"]?["y"] == .double(target))
    #expect(offsets.last?["params"]?["time"] == 20_000)
    let warnings = exchange.events.filter { $0["method"] == "event/warning" }
    #expect(
      warnings.map { $0["params"]?["message"] } == [
        "containerd: the deceleration of s reached 20000 frames; it ends at its rest point"
      ])
    #expect(exchange.events.last?["params"]?["callback"] == "didEndDecelerating")
    #expect(session.call("scroll/get", ["view": "s"]).result?["contentOffset"] == ["x": 0, "y": .double(target)])
  }

  /// `maxAnimationFrames` is the server's configuration (`--max-animation-frames`): at 100 the same fling ends at frame
  /// 100, 100 ms in; a fling shorter than the limit is not touched (normal rate, 1000 pt/s: 207 frames at 60 fps).
  @Test func theFrameLimitIsConfigured() {
    var configuration = ServerConfiguration()
    configuration.maxAnimationFrames = 100
    let session = Self.scrollView(configuration, fps: 1000, height: 1e9, rate: 0.99999)
    session.call("events/subscribe", ["kinds": ["offset"]])
    let offsets = session.call("scroll/fling", ["view": "s", "velocity": ["x": 0, "y": -100_000]]).events
      .filter { $0["method"] == "event/offset" }
    #expect(offsets.count == 100)
    #expect(offsets.last?["params"]?["time"] == 100)
    #expect(session.call("daemon/info").result?["limits"]?["maxAnimationFrames"] == 100)

    var roomy = ServerConfiguration()
    roomy.maxAnimationFrames = 207
    let normal = Self.scrollView(roomy, height: 5000, rate: 0.998)
    normal.call("events/subscribe", ["kinds": ["offset"]])
    let exchange = normal.call("scroll/fling", ["view": "s", "velocity": ["x": 0, "y": -1000]])
    #expect(exchange.events.filter { $0["method"] == "event/offset" }.count == 207)
    #expect(exchange.events.filter { $0["method"] == "event/warning" }.isEmpty)
  }

  /// S2.1's stop within ε = 0.5 pt of rest is a speed of 0.5·|1000·ln d|, which vanishes as d nears 1;
  /// the speed floor (the normal rate's stopping speed, 1.001 pt/s) ends a glide at 0.9999 from 1000 pt/s after
  /// T = ln(1.001/1000)/(1000·ln 0.9999) = 69.06 s, frame 4144 at 60 fps (the ε rule alone: 99.03 s, frame 5942),
  /// where it is: x(T) = (1.001 − 1000)/(1000·ln 0.9999) = 9989.49 pt.
  @Test func aGlideNearRateOneStopsAtTheSpeedFloor() {
    let session = Self.scrollView(height: 100_000, rate: 0.9999)
    session.call("events/subscribe", ["kinds": ["scroll", "offset"]])
    let exchange = session.call("scroll/fling", ["view": "s", "velocity": ["x": 0, "y": -1000]])
    let rest = (0.5 * -1000 * log(0.998) - 1000) / (1000 * log(0.9999))
    #expect(exchange.result?["targetContentOffset"] == ["x": 0, "y": .double(rest)])
    let offsets = exchange.events.filter { $0["method"] == "event/offset" }
    #expect(offsets.count == 4144)
    #expect(offsets.last?["params"]?["y"] == .double(rest))
    #expect(exchange.events.last?["params"]?["callback"] == "didEndDecelerating")
    #expect(exchange.events.last?["params"]?["time"] == .double(4144 * 1000 / 60.0))
  }

  // MARK: - Events nobody subscribed to

  /// With the default subscriptions (lifecycle, warning, delegate) a fling builds no event at all: its scroll, offset and
  /// layout events have no subscriber (the engine's counter of built events does not move), and what a client that
  /// did subscribe receives is unchanged.
  @Test func eventsNobodySubscribedToAreNotBuilt() {
    let session = Self.scrollView(fps: 1000, height: 1e9, rate: 0.998)
    let built = session.server.engine.builtEventCount
    let exchange = session.call("scroll/fling", ["view": "s", "velocity": ["x": 0, "y": -20_000]])
    #expect(exchange.events.isEmpty)
    #expect(session.server.engine.builtEventCount == built)
    #expect(session.server.engine.recordedEvents == [.lifecycle, .warning, .delegate])

    // Subscribed: every frame's offset is built and written, as before (4,947 frames at 1000 fps), and only those.
    let subscribed = Self.scrollView(fps: 1000, height: 1e9, rate: 0.998)
    subscribed.call("events/subscribe", ["kinds": ["offset"]])
    let before = subscribed.server.engine.builtEventCount
    let offsets = subscribed.call("scroll/fling", ["view": "s", "velocity": ["x": 0, "y": -20_000]]).events
    #expect(offsets.count == 4947)
    #expect(subscribed.server.engine.builtEventCount - before == 4947)
    #expect(offsets.first?["params"]?["seq"] == 1)
  }

  /// Unsubscribing stops the building; the engine's set follows every subscription change.
  @Test func unsubscribingStopsTheBuilding() {
    let session = TestSession()
    session.call("events/subscribe", ["kinds": ["all"]])
    #expect(session.server.engine.recordedEvents == .all)
    session.call("events/unsubscribe", ["kinds": ["all"]])
    #expect(session.server.engine.recordedEvents == [])
    let built = session.server.engine.builtEventCount
    session.call("controller/create", ["id": "a"])
    session.call("controller/create", ["id": "b"])
    session.call("window/create", ["id": "w"])
    session.call("window/setRoot", ["window": "w", "controller": "a"])
    session.call("containment/embed", ["parent": "a", "child": "b"])
    #expect(session.server.engine.builtEventCount == built)
  }

  /// Two clients of one world: the engine builds the union of their subscriptions.
  @Test func theEngineBuildsWhatAnyClientSubscribedTo() {
    let world = World(engine: Engine())
    let first = RPCServer(joining: world, configuration: ServerConfiguration())
    let second = RPCServer(joining: world, configuration: ServerConfiguration())
    world.attach(first, sink: MessageWriter())
    world.attach(second, sink: MessageWriter())
    #expect(world.engine.recordedEvents == [.lifecycle, .warning, .delegate])
    let connection = InMemoryConnection(handler: second)
    _ = connection.send(#"{"jsonrpc":"2.0","id":1,"method":"events/subscribe","params":{"kinds":["offset"]}}"# + "\n")
    #expect(world.engine.recordedEvents == [.lifecycle, .warning, .delegate, .offset])
    world.detach(second)
    #expect(world.engine.recordedEvents == [.lifecycle, .warning, .delegate])
  }

  // MARK: - Events per turn

  /// A turn holds at most `maxTurnEvents` events: past it one warning, then nothing more for that turn; the next turn
  /// starts afresh.
  @Test func aTurnHoldsAtMostMaxTurnEvents() {
    var configuration = ServerConfiguration()
    configuration.maxTurnEvents = 50
    let session = Self.scrollView(configuration, height: 5000, rate: 0.998)
    session.call("events/subscribe", ["kinds": ["offset"]])
    let events = session.call("scroll/fling", ["view": "s", "velocity": ["x": 0, "y": -1000]]).events
    #expect(events.count == 51)
    #expect(events.filter { $0["method"] == "event/offset" }.count == 50)
    #expect(
      events.last?["params"]?["message"]
        == "containerd: more than 50 events in one turn; the turn's further events are dropped")
    let next = session.call("scroll/setContentOffset", ["view": "s", "offset": ["x": 0, "y": 10]]).events
    #expect(next.map { $0["params"]?["y"] } == [10])
  }

  // MARK: - Scroll animations

  /// A 60-second animated scroll at 1000 fps schedules 60,000 frames at once; they run in order (a heap, not a scan
  /// per frame), the last at 60,000 ms with didEndScrollingAnimation.
  @Test func aLongScrollAnimationRunsEveryFrameInOrder() {
    let session = Self.scrollView(fps: 1000, height: 1e9, rate: 0.998)
    session.call("daemon/configure", ["options": ["scrollAnimationDuration": 60]])
    session.call("events/subscribe", ["kinds": ["offset", "scroll"]])
    let events = session.call(
      "scroll/setContentOffset", ["view": "s", "offset": ["x": 0, "y": 60_000], "animated": true]
    ).events
    let offsets = events.filter { $0["method"] == "event/offset" }.compactMap { $0["params"]?["y"]?.doubleValue }
    #expect(offsets.count == 60_000)
    #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 })
    #expect(offsets.last == 60_000)
    #expect(events.last?["params"]?["callback"] == "didEndScrollingAnimation")
    #expect(events.last?["params"]?["time"] == 60_000)
  }

  // MARK: - Content size

  /// The ±1e9 coordinate bound covers the content size rows make: 1e9 rows of 1e9 points (1e18) is refused with
  /// -32602 and changes nothing; exactly 1e9 is accepted.
  @Test func aTableContentSizePastTheCoordinateBoundIsRefused() {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    session.call(
      "view/create", ["id": "t", "kind": "UITableView", "frame": ["x": 0, "y": 100, "width": 390, "height": 600]])
    session.call("table/register", ["table": "t", "identifier": "c"])
    let before = session.snapshot()
    let error = session.call(
      "table/setData",
      ["table": "t", "sections": [["rowCount": 1_000_000_000, "rowHeight": 1e9, "identifier": "c"]]]
    ).error
    #expect(error?["code"] == -32602)
    #expect(
      error?["data"]
        == [
          "path": "params.sections",
          "expected": "a content height (headers, rows and footers) of at most 1000000000",
        ])
    #expect(session.snapshot() == before)
    // Headers and footers count: 1e9 − 10 of rows plus a 20-point header is past the bound.
    let header = session.call(
      "table/setData",
      [
        "table": "t",
        "sections": [["rowCount": 1, "rowHeight": 999_999_990, "headerHeight": 20, "identifier": "c"]],
      ]
    ).error
    #expect(header?["data"]?["path"] == "params.sections")
    let size = session.call(
      "table/setData", ["table": "t", "sections": [["rowCount": 1000, "rowHeight": 1e6, "identifier": "c"]]]
    ).result?["contentSize"]
    #expect(size == ["width": 390, "height": 1_000_000_000])
  }

  // MARK: - Long stacks

  /// setViewControllers with 15,000 controllers (quadratic before: 5 s in release): the stack is the list, in order;
  /// replacing it with the reversed list plus one keeps every controller. A bare connection, not a `TestSession`
  /// (whose invariant checks after each call are themselves quadratic in a 15,000-child stack).
  @Test func setViewControllersWithFifteenThousandControllers() throws {
    let connection = InMemoryConnection(handler: RPCServer())
    func call(_ method: String, _ params: JSONValue) -> JSONValue {
      let request: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": .string(method), "params": params]
      return json(connection.send(request.encodedString + "\n").split(separator: "\n").last.map(String.init) ?? "")
    }
    _ = call("controller/create", ["id": "nav", "kind": "UINavigationController"])
    let ids = (0..<15_000).map { "c\($0)" } + ["extra"]
    let batch: JSONValue = .array(
      ids.map { ["jsonrpc": "2.0", "id": 1, "method": "controller/create", "params": ["id": .string($0)]] })
    _ = connection.send(batch.encodedString + "\n")
    let first = Array(ids.dropLast())
    _ = call("navigation/setViewControllers", ["navigation": "nav", "controllers": .array(first.map { .string($0) })])
    #expect(call("controller/get", ["controller": "nav"])["result"]?["children"] == .array(first.map { .string($0) }))
    let reversed = Array(first.reversed()) + ["extra"]
    _ = call(
      "navigation/setViewControllers", ["navigation": "nav", "controllers": .array(reversed.map { .string($0) })])
    #expect(
      call("controller/get", ["controller": "nav"])["result"]?["children"] == .array(reversed.map { .string($0) }))
  }

  // MARK: - Constraints

  /// A view whose first-item constraints would pass `maxConstraintsPerView` (1000 by default) is refused whole with
  /// -32002 `{limit: "maxConstraintsPerView", value: 1000}`, before any change; 1000 are accepted.
  @Test func constraintsPerViewAreCapped() {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    session.call("view/create", ["id": "v"])
    session.call("view/addSubview", ["superview": "w", "view": "v"])
    func widths(_ range: Range<Int>) -> JSONValue {
      [
        "constraints": .array(
          range.map { ["item": "v", "attribute": "width", "relation": ">=", "constant": .int(Int64($0))] })
      ]
    }
    let ids = session.call("layout/addConstraints", widths(0..<1000)).result?["ids"]?.arrayValue
    #expect(ids?.count == 1000)
    let before = session.snapshot()
    let error = session.call("layout/addConstraints", widths(1000..<1001)).error
    #expect(error?["code"] == -32002)
    #expect(error?["data"] == ["limit": "maxConstraintsPerView", "value": 1000])
    #expect(session.snapshot() == before)
    #expect(session.call("view/get", ["view": "v"]).result?["frame"]?["width"] == 999)
  }

  /// Past `maxConstraints` active constraints in the world, `layout/addConstraints` is refused whole with -32002
  /// `{limit: "maxConstraints", value: n}`; removing constraints makes room again.
  @Test func activeConstraintsAreCapped() {
    var configuration = ServerConfiguration()
    configuration.maxConstraints = 3
    let session = TestSession(configuration: configuration)
    session.call("window/create", ["id": "w"])
    for id in ["a", "b", "c", "d"] {
      session.call("view/create", ["id": .string(id)])
      session.call("view/addSubview", ["superview": "w", "view": .string(id)])
    }
    func width(_ item: String) -> JSONValue { ["item": .string(item), "attribute": "width", "constant": 10] }
    #expect(
      session.call("layout/addConstraints", ["constraints": [width("a"), width("b")]]).result?["ids"] == ["c1", "c2"])
    let error = session.call("layout/addConstraints", ["constraints": [width("c"), width("d")]]).error
    #expect(error?["data"] == ["limit": "maxConstraints", "value": 3])
    #expect(session.call("daemon/info").result?["limits"]?["maxConstraints"] == 3)
    session.call("layout/removeConstraints", ["ids": ["c1"]])
    #expect(
      session.call("layout/addConstraints", ["constraints": [width("c"), width("d")]]).result?["ids"]?.arrayValue?.count
        == 2)
  }
}

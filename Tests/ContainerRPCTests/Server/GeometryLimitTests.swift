import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// Numbers that would overflow the engine's arithmetic are refused at the wire (Documentation/Protocol.md, "Errors": a
/// precise -32602 that changes nothing), and what is accepted stays finite.
@Suite struct GeometryLimitTests {
  /// Coordinates are bounded by ±1e9 points, so contentSize, offsets and rest points stay finite.
  @Test func coordinatesPastABillionPointsAreRefused() {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    let before = session.snapshot()
    let error = session.call(
      "view/create", ["kind": "UITableView", "frame": ["x": 0, "y": 0, "width": 390, "height": 1e308]]
    ).error
    #expect(error?["data"] == ["path": "params.frame.height", "expected": "number in -1000000000...1000000000"])
    #expect(session.snapshot() == before)
  }

  /// The largest accepted table (1e9 rows of 1 point: a content height of 1e9, the coordinate bound; 1e9 rows of 1e9
  /// points are refused, BoundedWorkTests) scrolled to its end and flung stays finite.
  @Test func theLargestTableStaysFinite() {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    session.call(
      "view/create", ["id": "t", "kind": "UITableView", "frame": ["x": 0, "y": 100, "width": 390, "height": 600]])
    session.call("table/register", ["table": "t", "identifier": "c"])
    let size = session.call(
      "table/setData",
      ["table": "t", "sections": [["rowCount": 1_000_000_000, "rowHeight": 1, "identifier": "c"]]]
    ).result?["contentSize"]
    #expect(size == ["width": 390, "height": 1_000_000_000])
    session.call("view/addSubview", ["superview": "w", "view": "t"])
    session.call("scroll/setContentOffset", ["view": "t", "offset": ["x": 0, "y": 999_999_400]])
    #expect(session.call("table/visibleRows", ["table": "t"]).result?["rows"]?.arrayValue?.count == 600)
    let target = session.call("scroll/fling", ["view": "t", "velocity": ["x": 0, "y": -1e9]]).result
    #expect(target?["targetContentOffset"]?["y"]?.doubleValue?.isFinite == true)
  }

  /// Zero-height rows under a tall frame would display millions of cells: the layout stops at 10,000 and warns.
  @Test func displayedRowsAreCapped() {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    session.call(
      "view/create", ["id": "t", "kind": "UITableView", "frame": ["x": 0, "y": 100, "width": 390, "height": 600]])
    session.call("table/register", ["table": "t", "identifier": "c"])
    session.call("events/subscribe", ["kinds": ["table", "warning"]])
    session.call(
      "table/setData", ["table": "t", "sections": [["rowCount": 10_000_000, "rowHeight": 0, "identifier": "c"]]])
    let events = session.call("view/addSubview", ["superview": "w", "view": "t"]).events
    #expect(events.count == 10_001)
    #expect(
      events.first?["params"]?["message"]
        == "containerd: t shows more than 10000 rows at once; only the first are displayed")
  }

  /// The virtual clock stops at 1e15 ms, so frame numbers fit in Int64.
  @Test func theClockCannotPassItsLimit() {
    let session = TestSession()
    session.call("clock/configure", ["mode": "manual"])
    session.call("clock/advance", ["ms": 999_999_999_999_000])
    let error = session.call("clock/advance", ["ms": 2000]).error
    #expect(error?["data"] == ["path": "params.ms", "expected": "number <= 1000"])
    #expect(session.call("clock/now").result == ["now": 999_999_999_999_000])
    // The bound is written as a whole number like every other range (it read `1000000000000000.0`).
    #expect(
      session.call("clock/advance", ["ms": -1]).error?["data"]
        == ["path": "params.ms", "expected": "number in 0...1000000000000000"])
  }
}

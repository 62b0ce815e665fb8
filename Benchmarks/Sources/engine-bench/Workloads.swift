import ContainerEngine

/// The issue-9 workloads of `scripts/bench-tree` and `scripts/bench-table`, made of the engine calls the server's
/// handlers make for each request of those streams, one turn per request, with no JSON on either side.
enum Workloads {
  // MARK: - Tree (scripts/bench-tree)

  /// What the tree workload measured.
  struct TreeResult {
    /// Wall time of the whole stream, from the window's creation to the last check.
    var seconds: Double
    /// Events drained over the stream.
    var events: EventTally
    /// Peak resident bytes before the engine existed, and after the stream.
    var baselineBytes: Int
    var peakBytes: Int
  }

  /// `window/create`, `controller/create` root, `window/setRoot`, then `count` × (`controller/create` c<i>,
  /// `containment/embed` under root), then `controller/get` of the last one, which must be `appeared` under root.
  static func tree(count: Int) throws(EngineError) -> TreeResult {
    let baselineBytes = peakResidentBytes()
    let engine = Engine()
    var tally = EventTally()
    let start = monotonicSeconds()
    try engine.turn(&tally) { () throws(EngineError) in
      _ = try engine.createWindow(id: "win", width: 390, height: 844, safeArea: nil)
    }
    try engine.turn(&tally) { () throws(EngineError) in _ = try createController(engine, id: "root") }
    try engine.turn(&tally) { () throws(EngineError) in
      try engine.setRoot(of: try engine.existingView("win"), to: try engine.controller("root"))
    }
    for i in 0..<count {
      let id = "c\(i)"
      try engine.turn(&tally) { () throws(EngineError) in _ = try createController(engine, id: id) }
      try engine.turn(&tally) { () throws(EngineError) in
        let parent = try engine.controller("root")
        let child = try engine.controller(id)
        try engine.embed(child, in: parent, container: nil, frame: nil)
      }
    }
    let last = try engine.turn(&tally) { () throws(EngineError) in try engine.controller("c\(count - 1)") }
    let seconds = monotonicSeconds() - start
    // The engine's teardown (100k controllers freed) is not part of the stream: the daemon exits without it.
    defer { withExtendedLifetime(engine) {} }
    guard last.parent?.id == "root", last.appearance.state == .appeared else {
      fail("tree: c\(count - 1) ended under \(last.parent?.id ?? "nil"), \(last.appearance.state), not appeared")
    }
    // Each child: willMove, loadView, viewDidLoad, viewWillAppear, didMove, viewIsAppearing, viewDidAppear and the
    // re-delivered didMove (the daemon writes these 8), plus the layout callbacks of the child and of root (4).
    guard tally.subscribedByDefault >= 8 * count, tally.subscribedByDefault <= 9 * count + 100 else {
      fail("tree: \(tally.subscribedByDefault) lifecycle events for \(count) controllers, not about 8 each")
    }
    return TreeResult(
      seconds: seconds, events: tally, baselineBytes: baselineBytes, peakBytes: peakResidentBytes())
  }

  /// `controller/create {id}`: a plain `UIViewController`, as the handler makes it with the schema's defaults.
  private static func createController(_ engine: Engine, id: String) throws(EngineError) -> ControllerNode {
    try engine.createController(
      id: id, kind: .viewController, className: nil, title: nil, restorationIdentifier: nil,
      forwardsAppearance: true, viewKind: nil)
  }

  // MARK: - Tables (scripts/bench-table)

  /// A window and a 390×600 `UITableView` at y 100 in it with one registered identifier, `c` (bench-table's setup:
  /// `window/create`, `view/create`, `table/register`, `view/addSubview`), then `table/setData` with `data`.
  /// Returns the engine and how long `setData` took.
  static func table(_ data: Engine.TableData, tally: inout EventTally) throws(EngineError) -> (Engine, Double) {
    let engine = Engine()
    try engine.turn(&tally) { () throws(EngineError) in
      _ = try engine.createWindow(id: "win", width: 390, height: 844, safeArea: nil)
    }
    try engine.turn(&tally) { () throws(EngineError) in
      _ = try engine.createView(
        id: "t", kind: .UITableView, frame: Rect(x: 0, y: 100, width: 390, height: 600), autoresizingMask: [],
        text: nil)
    }
    try engine.turn(&tally) { () throws(EngineError) in
      try engine.registerCell(try engine.viewRef("t"), identifier: "c")
    }
    try engine.turn(&tally) { () throws(EngineError) in
      try engine.addSubview(try engine.viewRef("t"), to: try engine.viewRef("win"), at: nil)
    }
    let start = monotonicSeconds()
    try engine.turn(&tally) { () throws(EngineError) in _ = try engine.setTableData(try engine.viewRef("t"), data) }
    return (engine, monotonicSeconds() - start)
  }

  /// What a query workload measured.
  struct QueryResult {
    /// The queries, each a whole turn as the server runs `table/visibleRows` with a rect.
    var seconds: Double
    /// The same queries as bare `rows(in:of:)` calls on a table already looked up: the search alone.
    var searchSeconds: Double
    /// Rows answered over all the queries.
    var rows: Int
    /// `table/setData` alone.
    var setDataSeconds: Double
  }

  /// `table/visibleRows {table, rect}` at each of `offsets` (rect 390×600 at that y), as a turn each, then the same
  /// searches alone; every answer must hold 5–1,000 rows, as bench-table checks of its last one.
  static func queries(_ data: Engine.TableData, offsets: [Double]) throws(EngineError) -> QueryResult {
    var tally = EventTally()
    let (engine, setDataSeconds) = try table(data, tally: &tally)
    var rows = 0
    let start = monotonicSeconds()
    for y in offsets {
      let answer = try engine.turn(&tally) { () throws(EngineError) in
        // The handler resolves the id (viewRef + tableView(_:), internal; existingView is the public equivalent).
        engine.rows(in: Rect(x: 0, y: y, width: 390, height: 600), of: try engine.existingView("t"))
      }
      guard answer.count >= 5, answer.count <= 1000 else { fail("visibleRows: \(answer.count) rows at y \(y)") }
      rows += answer.count
    }
    let seconds = monotonicSeconds() - start
    let view = try engine.existingView("t")
    var searchRows = 0
    let searchStart = monotonicSeconds()
    for y in offsets {
      searchRows &+= engine.rows(in: Rect(x: 0, y: y, width: 390, height: 600), of: view).count
    }
    let searchSeconds = monotonicSeconds() - searchStart
    defer { withExtendedLifetime(engine) {} }
    guard searchRows == rows else { fail("visibleRows: the search alone found \(searchRows) rows, not \(rows)") }
    return QueryResult(seconds: seconds, searchSeconds: searchSeconds, rows: rows, setDataSeconds: setDataSeconds)
  }

  // MARK: - Flings (scripts/bench-table)

  /// What the fling workload measured.
  struct FlingResult {
    /// The flings, each a whole turn (the deceleration runs to completion at its end: the clock is in `auto` mode,
    /// as in the daemon's stream).
    var seconds: Double
    /// The events of the flings, and of the setup before them (the rows shown by `setData`: `event/table` lines the
    /// wire stream writes too, outside the timed part here).
    var events: EventTally
    var setupEvents: EventTally
  }

  /// bench-table's fling stream: the table setup, `table/setData` with 1,000 rows of 44 pt, then `count` ×
  /// `scroll/fling` at y velocity -2,500 pt/s (even i) or +2,500 (odd i).
  static func flings(count: Int) throws(EngineError) -> FlingResult {
    var setupTally = EventTally()
    let data = Engine.TableData(sections: [
      .init(headerHeight: 0, footerHeight: 0, rows: .uniform(count: 1000, height: 44, identifier: "c"))
    ])
    let (engine, _) = try table(data, tally: &setupTally)
    var tally = EventTally()
    let start = monotonicSeconds()
    for i in 0..<count {
      let velocity = Point(x: 0, y: i % 2 == 0 ? -2500 : 2500)
      _ = try engine.turn(&tally) { () throws(EngineError) in
        try engine.fling(try engine.viewRef("t"), velocity: velocity)
      }
    }
    let seconds = monotonicSeconds() - start
    defer { withExtendedLifetime(engine) {} }
    guard tally.offsets > count else { fail("flings: only \(tally.offsets) offset events for \(count) flings") }
    return FlingResult(seconds: seconds, events: tally, setupEvents: setupTally)
  }
}

import ContainerEngine

/// A UITableView `t` shown in window `w` (390×844, safe area 47/34), for the table suites: the wire tier's
/// `TableTests.shownTable` through the engine API.
struct TableFixture {
  let harness: EngineHarness
  let window: ViewNode
  let table: ViewNode

  /// `t` at (0, `y`) of 390×`height` in `w`, with `identifiers` registered; `configure` applied to its scroll state;
  /// table, offset and scroll events recorded. With y ≥ 47 and y + height ≤ 810 it overlaps no safe area, so its
  /// adjustedContentInset is its contentInset.
  init(
    y: Double = 100, height: Double = 600, register identifiers: [String] = ["A"],
    configure: ((inout ScrollState) -> Void)? = nil
  ) throws {
    harness = EngineHarness()
    window = try harness.window("w")
    let table = try harness.view("t", kind: .UITableView, frame: .xywh(0, y, 390, height))
    self.table = table
    let window = self.window
    try harness.turn { engine throws(EngineError) in
      try engine.addSubview(.view(table), to: .view(window), at: nil)
      if let configure { try engine.configureScroll(.view(table), configure) }
      for identifier in identifiers { try engine.registerCell(.view(table), identifier: identifier) }
    }
    harness.subscribe([.table, .offset, .scroll])
  }

  /// `table/setData`: one turn; its events, and the content size.
  @discardableResult
  func setData(_ data: Engine.TableData) throws -> (size: Size, events: [EngineEvent]) {
    var size = Size(width: 0, height: 0)
    let events = try harness.events { engine throws(EngineError) in size = try engine.setTableData(.view(table), data) }
    return (size, events)
  }

  /// `sections` of `rowCount` rows of `rowHeight`, all `A`.
  static func uniform(
    _ rowCount: Int, _ rowHeight: Double, identifier: String = "A", header: Double = 0,
    footer: Double = 0
  ) -> Engine.TableData.Section {
    Engine.TableData.Section(
      headerHeight: header, footerHeight: footer,
      rows: .uniform(count: rowCount, height: rowHeight, identifier: identifier))
  }

  /// `scroll/setContentOffset` to y, not animated: one turn; its events.
  @discardableResult
  func setOffset(_ y: Double) throws -> [EngineEvent] {
    try harness.events { engine throws(EngineError) in
      try engine.setContentOffset(.view(table), Point(x: 0, y: y), animated: false)
    }
  }

  var offsetY: Double? { table.scroll?.contentOffset.y }

  /// `table/visibleRows` as (section, row) pairs.
  var visibleRows: [[Int]] { harness.engine.visibleRows(of: table).map { [$0.section, $0.row] } }

  /// `table/visibleRows`' headers as (section, y, height).
  var headers: [[Double]] {
    harness.engine.visibleHeaders(of: table).map { [Double($0.section), $0.y, $0.height] }
  }

  /// The displayed cells as (section, row, cell number).
  var cells: [[Int]] { table.table?.displayed.map { [$0.0.section, $0.0.row, $0.1.number] } ?? [] }

  /// Offset and table events as the wire tier's `TableTests.trace` writes them: `offset 75 programmatic`,
  /// `cellForRow 0.4 A reused #1`, `didEndDisplaying 0.0 A #1`, `didSelectRow 0.2 B`.
  static func trace(_ events: [EngineEvent]) -> [String] {
    events.compactMap { event in
      switch event.kind {
      case .offset(_, _, let y, let cause):
        return "offset \(y.compactDescription) \(cause)"
      case .table(_, let callback, let section, let row, let identifier, let reused, let cell):
        var text = "\(callback.rawValue) \(section).\(row) \(identifier ?? "nil")"
        if let reused { text += reused ? " reused" : " new" }
        if let cell { text += " #\(cell)" }
        return text
      default:
        return nil
      }
    }
  }
}

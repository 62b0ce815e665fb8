/// UITableView: registration, data, geometry, cells entering and leaving, selection (S2.8).
extension Engine {
  /// What `table/setData` gives: the data source's answers (numberOfSections, numberOfRows, heightForRow,
  /// heightForHeader/Footer, the identifier each cellForRow dequeues) plus the table's own settings.
  public struct TableData: Sendable {
    /// One section's rows.
    public enum Rows: Sendable {
      /// `count` rows of `height`, all dequeued with `identifier`.
      case uniform(count: Int, height: Double, identifier: String?)
      /// Rows listed one by one (`identifiers` has one entry, shared, or one per row).
      case listed(heights: [Double], identifiers: [String?])
    }
    public struct Section: Sendable {
      public var headerHeight: Double
      public var footerHeight: Double
      public var rows: Rows
      public init(headerHeight: Double, footerHeight: Double, rows: Rows) {
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.rows = rows
      }
    }
    public var sections: [Section]
    public var style: TableStyle?
    public var dequeue = DequeueMode.forIndexPath
    public var tableHeaderHeight = 0.0
    public var tableFooterHeight = 0.0
    /// `sectionHeaderTopPadding` (UNVERIFIED default: 0, as JXPagingView sets it).
    public var sectionHeaderTopPadding = 0.0
    public init(sections: [Section]) { self.sections = sections }
  }

  /// The table a call names: a `UITableView`, or a controller's root view when it is one (a UITableViewController's),
  /// loaded when named (R1); another kind of view is refused.
  public func tableView(_ ref: ViewRef) throws(EngineError) -> ViewNode {
    let (kind, id) = (ref.kind, ref.id)
    guard kind == .UITableView else {
      throw .unsupported(
        argument: .table, expected: "a UITableView",
        message: Engine.describeKind(id, kind.rawValue, expected: "a UITableView"))
    }
    return try scrollView(ref, argument: .table)
  }

  /// The rows of the table a call names, read without loading anything: a controller's root table view that is not
  /// loaded yet has no data, so a call about one of its rows fails before the view would load (a refused call changes
  /// nothing).
  func rowsOf(_ ref: ViewRef) throws(EngineError) -> TableState {
    if case .root(let controller) = ref, controller.view == nil {
      guard controller.viewKind == .UITableView else { return try tableView(ref).table! }
      return TableState()
    }
    return try tableView(ref).table!
  }

  /// `register(_:forCellReuseIdentifier:)`.
  public func registerCell(_ ref: ViewRef, identifier: String) throws(EngineError) {
    let view = try tableView(ref)
    view.table!.registered.insert(identifier)
  }

  /// The exception a row's cellForRow would raise: UIKit's for `dequeueReusableCell(withIdentifier:for:)`, or seed
  /// 004's data source's own (S2.8 "Reuse").
  private func dequeueFailure(_ identifier: String?, mode: DequeueMode) -> EngineError {
    switch mode {
    case .forIndexPath:
      return .uikitException(
        exception: "NSInternalInconsistencyException",
        reason: "unable to dequeue a cell with identifier \(identifier ?? "(null)") - must register a nib or a class "
          + "for the identifier or connect a prototype cell in a storyboard", rule: "S2.8")
    case .withIdentifier:
      // JVSTableViewDataSource -tableView:cellForRowAtIndexPath: (seed 004), word for word.
      guard let identifier else {
        return .uikitException(exception: "identifierError", reason: "identifier为空", rule: "S2.8")
      }
      return .uikitException(
        exception: "cellNilError", reason: "有取到对应的cell, 请检查该tableView是否注册了\(identifier)的cell", rule: "S2.8")
    }
  }

  /// `reloadData` with new data source answers. Returns `contentSize`.
  ///
  /// Every row is checked for a cell it can dequeue before anything changes: UIKit raises when the row is first
  /// displayed, and since any row can be scrolled to, the engine reports it here, at the call that supplies it [INF].
  /// The selection is cleared and the next layout ends every displayed cell and asks for the visible rows again.
  public func setTableData(_ ref: ViewRef, _ data: TableData) throws(EngineError) -> Size {
    // Checked before the view would load (a root table view not loaded yet has no registrations).
    let registered = try rowsOf(ref).registered
    let candidate = try Self.tableState(data)
    if let (_, identifier) = candidate.firstUndequeuable(registered: registered) {
      throw dequeueFailure(identifier, mode: data.dequeue)
    }
    let view = try tableView(ref)
    var table = view.table!
    table.identifiers = candidate.identifiers
    table.setSections(candidate.sections, header: data.tableHeaderHeight, footer: data.tableFooterHeight)
    if let style = data.style { table.style = style }
    table.dequeue = data.dequeue
    table.selected = nil
    table.needsReload = true
    table.laidOutAt = nil
    view.table = table
    let size = Size(width: view.frame.width, height: table.contentHeight)
    view.scroll!.contentSize = size
    contentSizeDidChange(view)
    return size
  }

  /// The rows `data` describes, with their identifiers interned, checked against the coordinate bound: what
  /// `table/setData` installs, and what `scene/load` checks for each of its tables before building anything.
  public static func tableState(_ data: TableData) throws(EngineError) -> TableState {
    var interned: [String: Int32] = [:]
    var names: [String] = []
    func intern(_ name: String?) -> Int32 {
      guard let name else { return -1 }
      if let index = interned[name] { return index }
      let index = Int32(names.count)
      interned[name] = index
      names.append(name)
      return index
    }
    var sections: [TableSection] = []
    sections.reserveCapacity(data.sections.count)
    for section in data.sections {
      switch section.rows {
      case .uniform(let count, let height, let identifier):
        sections.append(
          TableSection(
            header: section.headerHeight, footer: section.footerHeight, topPadding: data.sectionHeaderTopPadding,
            rowCount: count, rowHeight: height, identifier: intern(identifier)))
      case .listed(let heights, let identifiers):
        let indices: [Int32] =
          identifiers.count == 1
          ? Array(repeating: intern(identifiers[0]), count: heights.count) : identifiers.map(intern)
        sections.append(
          TableSection(
            header: section.headerHeight, footer: section.footerHeight, topPadding: data.sectionHeaderTopPadding,
            heights: heights, identifiers: indices))
      }
    }
    var candidate = TableState()
    candidate.identifiers = names
    candidate.setSections(sections, header: data.tableHeaderHeight, footer: data.tableFooterHeight)
    // The coordinate bound (Documentation/Protocol.md, "Errors": geometry within ±1e9 points, so sums and products stay
    // finite) holds for the content size the rows make too: 1e9 rows of 1e9 points would be a contentSize of 1e18.
    guard candidate.contentHeight <= Self.maxCoordinate else {
      throw .unsupported(
        argument: .sections, expected: "a content height (headers, rows and footers) of at most 1000000000",
        message: "the sections add up to a content height of \(candidate.contentHeight), past 1e9 points")
    }
    return candidate
  }

  /// `rectForRow(at:)`. An index path outside the data is NSRangeException [INF: UIKit's wording].
  public func rectForRow(_ ref: ViewRef, _ path: IndexPath) throws(EngineError) -> Rect {
    let table = try rowsOf(ref)
    guard table.isValid(path) else {
      throw .uikitException(
        exception: "NSRangeException",
        reason:
          "request for rect at invalid index path (<NSIndexPath> {length = 2, path = \(path.section) - \(path.row)})",
        rule: "S2.8")
    }
    let view = try tableView(ref)
    let span = table.rowSpan(path)
    return Rect(x: 0, y: span.y, width: view.frame.width, height: span.height)
  }

  /// `indexPathsForVisibleRows` for the current offset (S2.8).
  public func visibleRows(of view: ViewNode) -> [IndexPath] {
    guard let table = view.table, let scroll = view.scroll else { return [] }
    return table.visibleRows(top: scroll.contentOffset.y, height: view.frame.height, limit: maxDisplayedRows)
  }

  /// `indexPathsForRows(in:)`: rows whose rect intersects `rect`'s vertical span (content coordinates), at most
  /// `maxDisplayedRows`.
  public func rows(in rect: Rect, of view: ViewNode) -> [IndexPath] {
    view.table?.visibleRows(top: rect.y, height: rect.height, limit: maxDisplayedRows) ?? []
  }

  /// The section headers in view with their sticky y (S2.8, plain style).
  public func visibleHeaders(of view: ViewNode) -> [(section: Int, y: Double, height: Double)] {
    guard let table = view.table, let scroll = view.scroll, view.frame.height > 0 else { return [] }
    let top = scroll.contentOffset.y
    let bottom = top + view.frame.height
    let adjustedTop = adjustedContentInset(of: view).top
    var result: [(section: Int, y: Double, height: Double)] = []
    var s = table.sections.isEmpty ? 0 : table.section(containing: top)
    while s < table.sections.count, table.sectionTops[s] < bottom, result.count < maxDisplayedRows {
      let height = table.sections[s].headerHeight
      let y = table.headerY(section: s, offsetY: top, adjustedTop: adjustedTop)
      if height > 0, y < bottom, y + height > top { result.append((s, y, height)) }
      s += 1
    }
    return result
  }

  /// `scrollToRow(at:at:animated:)`. `top` puts the row at the top of the area inside adjustedContentInset (for a
  /// section's first row, its header too); `bottom` at the bottom (for a section's last row, its footer too); `middle`
  /// centres it; `none` scrolls the least that makes it visible and, like scrollRectToVisible, does nothing at all
  /// when it is (not even the clamp of an offset outside the range, S2.6 "If the area is already visible, the method
  /// does nothing"). A position that moves is clamped to the range; animated as setContentOffset (S2.6). The header
  /// and footer terms follow a published experiment [INF].
  public func scrollToRow(_ ref: ViewRef, _ path: IndexPath, position: String, animated: Bool) throws(EngineError) {
    let table = try rowsOf(ref)
    guard path.section >= 0, path.section < table.sections.count else {
      throw .uikitException(
        exception: "NSRangeException",
        reason: "-[UITableView _contentOffsetForScrollingToRowAtIndexPath:atScrollPosition:usingPresentationValues:]: "
          + "section (\(path.section)) beyond bounds (\(table.sections.count)).", rule: "S2.8")
    }
    guard path.row >= 0, path.row < table.sections[path.section].rowCount else {
      throw .uikitException(
        exception: "NSRangeException",
        reason: "-[UITableView _contentOffsetForScrollingToRowAtIndexPath:atScrollPosition:usingPresentationValues:]: "
          + "row (\(path.row)) beyond bounds (\(table.sections[path.section].rowCount)) for section (\(path.section)).",
        rule: "S2.8")
    }
    let view = try tableView(ref)
    let section = table.sections[path.section]
    let span = table.rowSpan(path)
    var top = span.y
    var bottom = span.y + span.height
    if path.row == 0 { top = table.sectionTops[path.section] + section.appliedPadding }
    if path.row == section.rowCount - 1 { bottom += section.footerHeight }
    let inset = adjustedContentInset(of: view)
    let visibleHeight = view.frame.height - inset.top - inset.bottom
    let current = view.scroll!.contentOffset
    var y: Double
    switch position {
    case "top": y = top - inset.top
    case "bottom": y = bottom - view.frame.height + inset.bottom
    case "middle": y = span.y + span.height / 2 - inset.top - visibleHeight / 2
    default:
      if top < current.y + inset.top {
        y = top - inset.top
      } else if bottom > current.y + view.frame.height - inset.bottom {
        y = bottom - view.frame.height + inset.bottom
      } else {
        return  // already visible: nothing (S2.6)
      }
    }
    let range = offsetRange(of: view)
    y = min(max(y, range.min.y), range.max.y)
    let target = Point(x: current.x, y: y)
    guard target != current else { return }
    try setContentOffset(.view(view), target, animated: animated)
  }

  /// A tap on a row: `willSelectRow` is not modelled; the row becomes `indexPathForSelectedRow` and
  /// `tableView(_:didSelectRowAt:)` is reported. The caller returns the row's model.
  public func selectRow(_ ref: ViewRef, _ path: IndexPath) throws(EngineError) {
    let rows = try rowsOf(ref)
    guard rows.isValid(path) else {
      // data.path names the parameter that is out of the data (Documentation/Protocol.md, "Errors"): the section when
      // there is no such section, else the row.
      let table = rows
      guard path.section >= 0 && path.section < table.sections.count else {
        throw .unsupported(
          argument: .section, expected: "a section of the table's data",
          message: "the table has \(table.sections.count) sections")
      }
      throw .unsupported(
        argument: .row, expected: "a row of the table's data",
        message: "section \(path.section) has \(table.sections[path.section].rowCount) rows")
    }
    let view = try tableView(ref)
    view.table!.selected = path
    tableEvent(view, .didSelectRow, path, identifier: view.table!.identifier(at: path), reused: nil, cell: nil)
  }

  func tableEvent(
    _ view: ViewNode, _ callback: TableCallback, _ path: IndexPath, identifier: String?, reused: Bool?, cell: Int?
  ) {
    record(
      .table,
      EngineEvent(
        kind: .table(
          table: view.id, callback: callback, section: path.section, row: path.row, identifier: identifier,
          reused: reused, cell: cell),
        rule: "", time: clock.now))
  }

  // MARK: - Layout: cells entering and leaving

  /// The table's `layoutSubviews`: after a reload every displayed cell ends
  /// (`didEndDisplaying`); rows that left the view end and their cells are queued by identifier; rows that entered
  /// get `cellForRow`, dequeuing the most recently queued cell of their identifier (`reused: true`) or a new one.
  /// Ends come before asks, so a row leaving as another enters hands its cell over in the same frame [INF].
  /// Runs from `layoutScrollViews`, so cell events follow the offset events that caused them. A table outside a
  /// window keeps its cells and is laid out when it enters one.
  func layoutTable(_ view: ViewNode) {
    let key = (offsetY: view.scroll!.contentOffset.y, height: view.frame.height)
    if let last = view.table!.laidOutAt, last == key, !view.table!.needsReload { return }
    view.table!.laidOutAt = key
    let wanted = visibleRows(of: view)
    if wanted.count == maxDisplayedRows {
      warn(
        "containerd: \(view.id) shows more than \(maxDisplayedRows) rows at once; only the first are displayed",
        object: view.id, rule: "limit")
    }
    // Most frames of a scroll show the same rows: the state is read in place, not copied.
    guard view.table != nil else { return }
    let unchanged =
      !view.table!.needsReload && view.table!.displayed.count == wanted.count
      && view.table!.displayed.elementsEqual(wanted, by: { $0.0 == $1 })
    guard !unchanged else { return }
    // In place (the table's state is not copied, so its arrays are not either); nothing below reads `view.table`.
    updateDisplayedCells(view, &view.table!, wanted)
  }

  /// The cells of `wanted` (sorted) displayed: cells that left end displaying (and join their reuse queue), cells that
  /// entered are dequeued or made, in row order.
  private func updateDisplayedCells(_ view: ViewNode, _ table: inout TableState, _ wanted: [IndexPath]) {
    if table.needsReload {
      table.needsReload = false
      for (path, cell) in table.displayed { endDisplaying(view, &table, path, cell) }
      table.displayed = []
    }
    // Both lists are sorted: a merge finds what left and what entered.
    var kept: [(IndexPath, TableCell)] = []
    var wantedIndex = 0
    for (path, cell) in table.displayed {
      while wantedIndex < wanted.count, wanted[wantedIndex] < path { wantedIndex += 1 }
      if wantedIndex < wanted.count, wanted[wantedIndex] == path {
        kept.append((path, cell))
      } else {
        endDisplaying(view, &table, path, cell)
      }
    }
    var next: [(IndexPath, TableCell)] = []
    next.reserveCapacity(wanted.count)
    var keptIndex = 0
    for path in wanted {
      if keptIndex < kept.count, kept[keptIndex].0 == path {
        next.append(kept[keptIndex])
        keptIndex += 1
        continue
      }
      let identifier = table.identifier(at: path) ?? ""
      let cell: TableCell
      let reused: Bool
      if let number = table.reuseQueues[identifier]?.popLast() {
        cell = TableCell(number: number, identifier: identifier)
        reused = true
      } else {
        table.cellsMade += 1
        cell = TableCell(number: table.cellsMade, identifier: identifier)
        reused = false
      }
      tableEvent(view, .cellForRow, path, identifier: identifier, reused: reused, cell: cell.number)
      next.append((path, cell))
    }
    table.displayed = next
  }

  private func endDisplaying(_ view: ViewNode, _ table: inout TableState, _ path: IndexPath, _ cell: TableCell) {
    tableEvent(view, .didEndDisplaying, path, identifier: cell.identifier, reused: nil, cell: cell.number)
    table.reuseQueues[cell.identifier, default: []].append(cell.number)
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `table/*` (S2.8).
extension RPCServer {
  // These small objects are built member by member in key order (one allocation each, no key comparison): a
  // visibleRows answer makes one per row.
  static func json(_ path: IndexPath) -> JSONValue {
    var object = JSONObject(minimumCapacity: 2)
    object.appendInKeyOrder("row", .int(Int64(path.row)))
    object.appendInKeyOrder("section", .int(Int64(path.section)))
    return .object(object)
  }

  static func json(_ size: Size) -> JSONValue {
    var object = JSONObject(minimumCapacity: 2)
    object.appendInKeyOrder("height", .number(size.height))
    object.appendInKeyOrder("width", .number(size.width))
    return .object(object)
  }

  /// The table view `params.table` names.
  func tableRef(_ id: String) throws(RPCError) -> Engine.ViewRef {
    try viewRef(id, at: "table", expected: "a UITableView")
  }

  func tableRegister(_ params: TableRegisterParams) throws(RPCError) -> JSONValue {
    let ref = try tableRef(params.table)
    try engineCall { () throws(EngineError) in try engine.registerCell(ref, identifier: params.identifier) }
    return [:]
  }

  /// Decodes the sections: each has `rows` (objects), or `heights` with `identifier`/`identifiers`, or `rowCount` with
  /// `rowHeight` and `identifier`; exactly one of the three.
  func tableSetData(_ params: TableSetDataParams) throws(RPCError) -> JSONValue {
    let ref = try tableRef(params.table)
    let (data, models) = try Self.tableData(params.data, path: "params")
    let (size, table) = try engineCall { () throws(EngineError) in
      let size = try engine.setTableData(ref, data)
      return (size, try engine.tableView(ref))
    }
    tableModels[table.id] = models
    return ["contentSize": Self.json(size)]
  }

  /// Decodes `table/setData`'s data as a scene's `table` holds it, validated against `table/setData`'s fields.
  static func tableData(_ members: JSONObject, path: String) throws(RPCError) -> (Engine.TableData, [[JSONValue]?]) {
    try tableData(TableDataParams(Params(members)), path: path)
  }

  /// `table/setData`'s data (also a scene's `table`) as the engine takes it: each section has exactly one of `rows`,
  /// `heights` (with `identifier` or `identifiers`) and `rowCount` (with `rowHeight`); the models per section (nil for
  /// a section without any).
  static func tableData(_ given: TableDataParams, path: String) throws(RPCError) -> (Engine.TableData, [[JSONValue]?]) {
    var sections: [Engine.TableData.Section] = []
    var models: [[JSONValue]?] = []
    for (index, section) in given.sections.enumerated() {
      let sectionPath = "\(path).sections[\(index)]"
      let forms = [
        ("rows", section.rows != nil), ("heights", section.heights != nil), ("rowCount", section.rowCount != nil),
      ].filter(\.1).map(\.0)
      guard forms.count == 1 else {
        throw RPCError.invalidParams(
          path: sectionPath, expected: "exactly one of rows, heights, rowCount",
          message: forms.isEmpty
            ? "a section needs rows, heights or rowCount" : "\(forms.joined(separator: " and ")) conflict")
      }
      let rows: Engine.TableData.Rows
      var sectionModels: [JSONValue]?
      if let list = section.rows {
        rows = .listed(heights: list.map(\.height), identifiers: list.map(\.identifier))
        if list.contains(where: { $0.model != nil }) { sectionModels = list.map { $0.model ?? .null } }
      } else if let heights = section.heights {
        if let names = section.identifiers {
          guard names.count == heights.count else {
            throw RPCError.invalidParams(
              path: "\(sectionPath).identifiers", expected: "\(heights.count) identifiers, one per height",
              message: "identifiers has \(names.count) entries for \(heights.count) heights")
          }
          rows = .listed(heights: heights, identifiers: names)
        } else {
          rows = .listed(heights: heights, identifiers: [section.identifier])
        }
      } else {
        guard let height = section.rowHeight else {
          throw RPCError.invalidParams(
            path: "\(sectionPath).rowHeight", expected: Schema.length.expected, message: "rowCount needs rowHeight")
        }
        rows = .uniform(count: section.rowCount ?? 0, height: height, identifier: section.identifier)
      }
      sections.append(
        Engine.TableData.Section(
          headerHeight: section.headerHeight ?? 0, footerHeight: section.footerHeight ?? 0, rows: rows))
      models.append(sectionModels)
    }
    var data = Engine.TableData(sections: sections)
    data.style = given.style
    data.dequeue = given.dequeue
    data.tableHeaderHeight = given.tableHeaderHeight ?? 0
    data.tableFooterHeight = given.tableFooterHeight ?? 0
    data.sectionHeaderTopPadding = given.sectionHeaderTopPadding ?? 0
    return (data, models)
  }

  /// Written straight into the output (`visibleRows(rows:headers:)` is the same result as a value): a query answers
  /// with a dozen or more rows, each an object of its own.
  func tableVisibleRows(_ params: TableVisibleRowsParams) throws(RPCError) -> CallResult {
    let ref = try tableRef(params.table)
    let view = try engineCall { () throws(EngineError) in try engine.tableView(ref) }
    if let rect = params.rect {
      let rows = engine.rows(in: rect, of: view)
      return .written { out in Self.writeVisibleRows(rows: rows, headers: nil, to: &out) }
    }
    let rows = engine.visibleRows(of: view)
    let headers = engine.visibleHeaders(of: view)
    return .written { out in Self.writeVisibleRows(rows: rows, headers: headers, to: &out) }
  }

  /// `table/visibleRows`' result as a value: `rows`, and `headers` when given (the reference of
  /// `writeVisibleRows(rows:headers:to:)`).
  static func visibleRows(rows: [IndexPath], headers: [(section: Int, y: Double, height: Double)]?) -> JSONValue {
    var result: JSONObject = ["rows": .array(rows.map(Self.json))]
    if let headers {
      result["headers"] = .array(
        headers.map { header in
          ["section": .int(Int64(header.section)), "y": .number(header.y), "height": .number(header.height)]
        })
    }
    return .object(result)
  }

  /// Writes `visibleRows(rows:headers:)` member by member, in key order.
  static func writeVisibleRows(
    rows: [IndexPath], headers: [(section: Int, y: Double, height: Double)]?, to out: inout JSONOutput
  ) {
    out.beginObject()
    if let headers {
      out.key("headers")
      out.beginArray()
      for header in headers {
        out.beginObject()
        out.key("height")
        out.number(header.height)
        out.key("section")
        out.int(header.section)
        out.key("y")
        out.number(header.y)
        out.endObject()
      }
      out.endArray()
    }
    out.key("rows")
    out.beginArray()
    for row in rows {
      out.beginObject()
      out.key("row")
      out.int(row.row)
      out.key("section")
      out.int(row.section)
      out.endObject()
    }
    out.endArray()
    out.endObject()
  }

  func tableRectForRow(_ params: TableRectForRowParams) throws(RPCError) -> JSONValue {
    let ref = try tableRef(params.table)
    let path = IndexPath(section: params.section, row: params.row)
    let rect = try engineCall { () throws(EngineError) in try engine.rectForRow(ref, path) }
    return ["rect": Self.json(rect)]
  }

  func tableScrollToRow(_ params: TableScrollToRowParams) throws(RPCError) -> JSONValue {
    let ref = try tableRef(params.table)
    let path = IndexPath(section: params.section, row: params.row)
    try engineCall { () throws(EngineError) in
      try engine.scrollToRow(ref, path, position: params.position, animated: params.animated)
    }
    return [:]
  }

  func tableSelect(_ params: TableSelectParams) throws(RPCError) -> JSONValue {
    let ref = try tableRef(params.table)
    let path = IndexPath(section: params.section, row: params.row)
    let view = try engineCall { () throws(EngineError) in
      try engine.selectRow(ref, path)
      return try engine.tableView(ref)
    }
    let model = tableModels[view.id].flatMap { $0.indices.contains(path.section) ? $0[path.section] : nil }
    return ["model": model.flatMap { $0.indices.contains(path.row) ? $0[path.row] : nil } ?? .null]
  }

  func tableGet(_ params: TableGetParams) throws(RPCError) -> JSONValue {
    let id = params.table
    let view = try existingView(id, at: "table", expected: "a UITableView")
    guard let table = view.table else {
      throw RPCError.invalidParams(
        path: "params.table", expected: "a UITableView",
        message: Engine.describeKind(id, view.kind.rawValue, expected: "a UITableView"))
    }
    return [
      "style": .string(table.style.rawValue),
      "registered": .array(table.registered.sorted().map { .string($0) }),
      "numberOfSections": .int(Int64(table.sections.count)),
      "numberOfRows": .int(Int64(table.rowCount)),
      "contentSize": Self.json(view.scroll!.contentSize),
      "selected": table.selected.map(Self.json) ?? .null,
      "cells": .array(
        table.displayed.map { path, cell in
          [
            "section": .int(Int64(path.section)), "row": .int(Int64(path.row)), "cell": .int(Int64(cell.number)),
            "identifier": .string(cell.identifier),
          ]
        }),
      "cellsMade": .int(Int64(table.cellsMade)),
    ]
  }
}

/// `keyboard/*` and `view/focus` (S2.8).
extension RPCServer {
  func keyboardShow(_ params: KeyboardShowParams) throws(RPCError) -> JSONValue {
    let window = try window(params.window)
    try engineCall { () throws(EngineError) in
      try engine.showKeyboard(window, height: params.height, animated: params.animated)
    }
    return [:]
  }

  func keyboardHide(_ params: KeyboardHideParams) throws(RPCError) -> JSONValue {
    let window = try window(params.window)
    try engineCall { () throws(EngineError) in try engine.hideKeyboard(window, animated: params.animated) }
    return [:]
  }

  func viewFocus(_ params: ViewFocusParams) throws(RPCError) -> JSONValue {
    let ref = try viewRef(params.view, at: "view")
    let focused = try engineCall { () throws(EngineError) in try engine.focus(ref) }
    return ["isFirstResponder": .bool(focused)]
  }
}

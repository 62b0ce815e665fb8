import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `table/*` (SCROLL_RULES.md §2.8).
extension RPCServer {
  static func json(_ path: IndexPath) -> JSONValue {
    ["row": .int(Int64(path.row)), "section": .int(Int64(path.section))]
  }

  static func json(_ size: Size) -> JSONValue {
    ["height": .number(size.height), "width": .number(size.width)]
  }

  func indexPath(_ params: Params) throws(RPCError) -> IndexPath {
    IndexPath(section: Int(try params.int("section")), row: Int(try params.int("row")))
  }

  func tableRegister(_ params: Params) throws(RPCError) -> JSONValue {
    let ref = try viewRef(params, "table", expected: "a UITableView")
    let identifier = try params.string("identifier")
    try engineCall { () throws(EngineError) in try engine.registerCell(ref, identifier: identifier) }
    return [:]
  }

  /// Decodes the sections: each has `rows` (objects), or `heights` with `identifier`/`identifiers`, or `rowCount` with
  /// `rowHeight` and `identifier`; exactly one of the three.
  func tableSetData(_ params: Params) throws(RPCError) -> JSONValue {
    let ref = try viewRef(params, "table", expected: "a UITableView")
    let (data, models) = try Self.tableData(params.members, path: "params")
    let (size, table) = try engineCall { () throws(EngineError) in
      let size = try engine.setTableData(ref, data)
      return (size, try engine.tableView(ref))
    }
    tableModels[table.id] = models
    return ["contentSize": Self.json(size)]
  }

  /// Decodes `table/setData`'s data (also a scene's `table`): sections with `rows`, `heights` or `rowCount`, and the
  /// table's options; the models per section (nil for a section without any).
  static func tableData(_ members: JSONObject, path: String) throws(RPCError) -> (Engine.TableData, [[JSONValue]?]) {
    var sections: [Engine.TableData.Section] = []
    var models: [[JSONValue]?] = []
    for (index, section) in (members["sections"]?.arrayValue ?? []).enumerated() {
      let sectionPath = "\(path).sections[\(index)]"
      let forms = ["rows", "heights", "rowCount"].filter { section[$0] != nil }
      guard forms.count == 1 else {
        throw RPCError.invalidParams(
          path: sectionPath, expected: "exactly one of rows, heights, rowCount",
          message: forms.isEmpty
            ? "a section needs rows, heights or rowCount" : "\(forms.joined(separator: " and ")) conflict")
      }
      let rows: Engine.TableData.Rows
      var sectionModels: [JSONValue]?
      if let list = section["rows"]?.arrayValue {
        rows = .listed(
          heights: list.map { $0["height"]?.doubleValue ?? 0 }, identifiers: list.map { $0["identifier"]?.stringValue })
        if list.contains(where: { $0["model"] != nil }) { sectionModels = list.map { $0["model"] ?? .null } }
      } else if let heights = section["heights"]?.arrayValue {
        let values = heights.map { $0.doubleValue ?? 0 }
        if let names = section["identifiers"]?.arrayValue {
          guard names.count == values.count else {
            throw RPCError.invalidParams(
              path: "\(sectionPath).identifiers", expected: "\(values.count) identifiers, one per height",
              message: "identifiers has \(names.count) entries for \(values.count) heights")
          }
          rows = .listed(heights: values, identifiers: names.map(\.stringValue))
        } else {
          rows = .listed(heights: values, identifiers: [section["identifier"]?.stringValue])
        }
      } else {
        guard let height = section["rowHeight"]?.doubleValue else {
          throw RPCError.invalidParams(
            path: "\(sectionPath).rowHeight", expected: Schema.length.expected, message: "rowCount needs rowHeight")
        }
        rows = .uniform(
          count: Int(section["rowCount"]?.intValue ?? 0), height: height, identifier: section["identifier"]?.stringValue
        )
      }
      sections.append(
        Engine.TableData.Section(
          headerHeight: section["headerHeight"]?.doubleValue ?? 0,
          footerHeight: section["footerHeight"]?.doubleValue ?? 0, rows: rows))
      models.append(sectionModels)
    }
    var data = Engine.TableData(sections: sections)
    data.style = members["style"]?.stringValue.flatMap(TableStyle.init(rawValue:))
    data.dequeue = members["dequeue"]?.stringValue.flatMap(DequeueMode.init(rawValue:)) ?? .forIndexPath
    data.tableHeaderHeight = members["tableHeaderHeight"]?.doubleValue ?? 0
    data.tableFooterHeight = members["tableFooterHeight"]?.doubleValue ?? 0
    data.sectionHeaderTopPadding = members["sectionHeaderTopPadding"]?.doubleValue ?? 0
    return (data, models)
  }

  func tableVisibleRows(_ params: Params) throws(RPCError) -> JSONValue {
    let ref = try viewRef(params, "table", expected: "a UITableView")
    let view = try engineCall { () throws(EngineError) in try engine.tableView(ref) }
    if let rect = Self.rect(params["rect"]) {
      return ["rows": .array(engine.rows(in: rect, of: view).map(Self.json))]
    }
    return [
      "rows": .array(engine.visibleRows(of: view).map(Self.json)),
      "headers": .array(
        engine.visibleHeaders(of: view).map { header in
          ["section": .int(Int64(header.section)), "y": .number(header.y), "height": .number(header.height)]
        }),
    ]
  }

  func tableRectForRow(_ params: Params) throws(RPCError) -> JSONValue {
    let ref = try viewRef(params, "table", expected: "a UITableView")
    let path = try indexPath(params)
    let rect = try engineCall { () throws(EngineError) in try engine.rectForRow(ref, path) }
    return ["rect": Self.json(rect)]
  }

  func tableScrollToRow(_ params: Params) throws(RPCError) -> JSONValue {
    let ref = try viewRef(params, "table", expected: "a UITableView")
    let path = try indexPath(params)
    let position = try params.string("position")
    let animated = try params.bool("animated")
    try engineCall { () throws(EngineError) in
      try engine.scrollToRow(ref, path, position: position, animated: animated)
    }
    return [:]
  }

  func tableSelect(_ params: Params) throws(RPCError) -> JSONValue {
    let ref = try viewRef(params, "table", expected: "a UITableView")
    let path = try indexPath(params)
    let view = try engineCall { () throws(EngineError) in
      try engine.selectRow(ref, path)
      return try engine.tableView(ref)
    }
    let model = tableModels[view.id].flatMap { $0.indices.contains(path.section) ? $0[path.section] : nil }
    return ["model": model.flatMap { $0.indices.contains(path.row) ? $0[path.row] : nil } ?? .null]
  }

  func tableGet(_ params: Params) throws(RPCError) -> JSONValue {
    let id = try params.string("table")
    let view = try existingView(params, "table", expected: "a UITableView")
    guard let table = view.table else {
      throw RPCError.invalidParams(
        path: "params.table", expected: "a UITableView", message: "\(id) is a \(view.kind.rawValue)")
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

/// `keyboard/*` and `view/focus` (SCROLL_RULES.md §2.8).
extension RPCServer {
  func window(_ params: Params) throws(RPCError) -> ViewNode {
    try existingView(params, "window", expected: "a UIWindow")
  }

  func keyboardShow(_ params: Params) throws(RPCError) -> JSONValue {
    let window = try window(params)
    let height = try params.double("height")
    let animated = try params.bool("animated")
    try engineCall { () throws(EngineError) in try engine.showKeyboard(window, height: height, animated: animated) }
    return [:]
  }

  func keyboardHide(_ params: Params) throws(RPCError) -> JSONValue {
    let window = try window(params)
    let animated = try params.bool("animated")
    try engineCall { () throws(EngineError) in try engine.hideKeyboard(window, animated: animated) }
    return [:]
  }

  func viewFocus(_ params: Params) throws(RPCError) -> JSONValue {
    let ref = try viewRef(params, "view")
    let focused = try engineCall { () throws(EngineError) in try engine.focus(ref) }
    return ["isFirstResponder": .bool(focused)]
  }
}

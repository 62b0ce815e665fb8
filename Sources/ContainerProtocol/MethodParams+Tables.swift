public import ContainerEngine
public import ContainerJSON

// The typed params of `table/*` and `view/*` (`Methods.viewMethods`), in the same order.

// MARK: - table/*

/// `table/get`.
public struct TableGetParams: MethodParams {
  public static let method = "table/get"
  package var table: String

  package init(_ params: Params) throws(RPCError) {
    table = try params.value("table")
  }
}

/// `table/rectForRow`.
package struct TableRectForRowParams: MethodParams {
  package static let method = "table/rectForRow"
  package var table: String
  package var section: Int
  package var row: Int

  package init(_ params: Params) throws(RPCError) {
    table = try params.value("table")
    section = try params.value("section")
    row = try params.value("row")
  }
}

/// `table/register`.
package struct TableRegisterParams: MethodParams {
  package static let method = "table/register"
  package var table: String
  package var identifier: String

  package init(_ params: Params) throws(RPCError) {
    table = try params.value("table")
    identifier = try params.value("identifier")
  }
}

/// `table/scrollToRow`.
package struct TableScrollToRowParams: MethodParams {
  package static let method = "table/scrollToRow"
  package var table: String
  package var section: Int
  package var row: Int
  /// `UITableView.ScrollPosition`: `top`, `middle`, `bottom` or `none`.
  package var position: String
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    table = try params.value("table")
    section = try params.value("section")
    row = try params.value("row")
    position = try params.value("position")
    animated = try params.value("animated")
  }
}

/// `table/select`.
package struct TableSelectParams: MethodParams {
  package static let method = "table/select"
  package var table: String
  package var section: Int
  package var row: Int

  package init(_ params: Params) throws(RPCError) {
    table = try params.value("table")
    section = try params.value("section")
    row = try params.value("row")
  }
}

/// `table/setData`.
package struct TableSetDataParams: MethodParams {
  package static let method = "table/setData"
  package var table: String
  package var data: TableDataParams

  package init(_ params: Params) throws(RPCError) {
    table = try params.value("table")
    data = try TableDataParams(params)
  }
}

/// `table/setData`'s data, also a scene's `table`: the sections as given (each should have exactly one of `rows`,
/// `heights` and `rowCount`; the server checks, after the table's lookup) and the table's options.
package struct TableDataParams {
  /// A row of a section given by `rows`.
  package struct Row {
    package var identifier: String?
    package var height: Double
    package var model: JSONValue?
  }

  /// A section as given.
  package struct Section {
    package var headerHeight: Double?
    package var footerHeight: Double?
    package var rows: [Row]?
    package var heights: [Double]?
    /// One per height (`null`: a nil identifier).
    package var identifiers: [String?]?
    package var rowCount: Int?
    package var rowHeight: Double?
    package var identifier: String?
  }

  package var sections: [Section]
  package var style: TableStyle?
  package var dequeue: DequeueMode
  package var tableHeaderHeight: Double?
  package var tableFooterHeight: Double?
  package var sectionHeaderTopPadding: Double?

  /// Reads `table/setData`'s params, or a scene's table validated against the same fields.
  package init(_ params: Params) throws(RPCError) {
    sections = []
    for section in try params.objects("sections") {
      sections.append(
        Section(
          headerHeight: try section.optional("headerHeight"), footerHeight: try section.optional("footerHeight"),
          rows: try section.optionalObjects("rows").map { rows throws(RPCError) in
            var decoded: [Row] = []
            decoded.reserveCapacity(rows.count)
            for row in rows {
              decoded.append(
                Row(
                  identifier: try row.optional("identifier"), height: try row.value("height"),
                  model: try row.optional("model")))
            }
            return decoded
          },
          heights: try section.optional("heights"), identifiers: try section.optional("identifiers"),
          rowCount: try section.optional("rowCount"), rowHeight: try section.optional("rowHeight"),
          identifier: try section.optional("identifier")))
    }
    style = try params.optional("style")
    dequeue = try params.value("dequeue")
    tableHeaderHeight = try params.optional("tableHeaderHeight")
    tableFooterHeight = try params.optional("tableFooterHeight")
    sectionHeaderTopPadding = try params.optional("sectionHeaderTopPadding")
  }
}

/// `table/visibleRows`.
package struct TableVisibleRowsParams: MethodParams {
  package static let method = "table/visibleRows"
  package var table: String
  /// Content coordinates: only the rows it intersects.
  package var rect: Rect?

  package init(_ params: Params) throws(RPCError) {
    table = try params.value("table")
    rect = try params.optional("rect")
  }
}

// MARK: - view/*

/// `view/focus`.
package struct ViewFocusParams: MethodParams {
  package static let method = "view/focus"
  package var view: String

  package init(_ params: Params) throws(RPCError) {
    view = try params.value("view")
  }
}

/// `view/addSubview`.
public struct ViewAddSubviewParams: MethodParams {
  public static let method = "view/addSubview"
  package var superview: String
  package var view: String
  /// insertSubview(_:at:); nil: addSubview.
  package var index: Int?

  package init(_ params: Params) throws(RPCError) {
    superview = try params.value("superview")
    view = try params.value("view")
    index = try params.optional("index")
  }
}

/// `view/bringSubviewToFront`.
package struct ViewBringSubviewToFrontParams: MethodParams {
  package static let method = "view/bringSubviewToFront"
  package var view: String

  package init(_ params: Params) throws(RPCError) {
    view = try params.value("view")
  }
}

/// `view/configure`: absent properties keep their value.
package struct ViewConfigureParams: MethodParams {
  package static let method = "view/configure"
  package var view: String
  package var isHidden: Bool?
  package var clipsToBounds: Bool?
  /// `layoutMargins` (R64).
  package var layoutMargins: Insets?
  package var insetsLayoutMarginsFromSafeArea: Bool?
  package var preservesSuperviewLayoutMargins: Bool?

  package init(_ params: Params) throws(RPCError) {
    view = try params.value("view")
    isHidden = try params.optional("isHidden")
    clipsToBounds = try params.optional("clipsToBounds")
    layoutMargins = try params.optional("layoutMargins")
    insetsLayoutMarginsFromSafeArea = try params.optional("insetsLayoutMarginsFromSafeArea")
    preservesSuperviewLayoutMargins = try params.optional("preservesSuperviewLayoutMargins")
  }
}

/// `view/create`.
public struct ViewCreateParams: MethodParams {
  public static let method = "view/create"
  package var id: String?
  package var kind: ViewKind
  package var frame: Rect?
  /// `UIView.AutoresizingMask` members by name.
  package var autoresizingMask: [String]?
  package var text: String?

  package init(_ params: Params) throws(RPCError) {
    id = try params.optional("id")
    kind = try params.value("kind")
    frame = try params.optional("frame")
    autoresizingMask = try params.optional("autoresizingMask")
    text = try params.optional("text")
  }
}

/// `view/get`.
public struct ViewGetParams: MethodParams {
  public static let method = "view/get"
  package var view: String

  package init(_ params: Params) throws(RPCError) {
    view = try params.value("view")
  }
}

/// `view/hitTest`.
package struct ViewHitTestParams: MethodParams {
  package static let method = "view/hitTest"
  package var window: String
  /// Window coordinates.
  package var point: Point

  package init(_ params: Params) throws(RPCError) {
    window = try params.value("window")
    point = try params.value("point")
  }
}

/// `view/removeFromSuperview`.
package struct ViewRemoveFromSuperviewParams: MethodParams {
  package static let method = "view/removeFromSuperview"
  package var view: String

  package init(_ params: Params) throws(RPCError) {
    view = try params.value("view")
  }
}

/// `view/setFrame`.
public struct ViewSetFrameParams: MethodParams {
  public static let method = "view/setFrame"
  package var view: String
  package var frame: Rect

  package init(_ params: Params) throws(RPCError) {
    view = try params.value("view")
    frame = try params.value("frame")
  }
}

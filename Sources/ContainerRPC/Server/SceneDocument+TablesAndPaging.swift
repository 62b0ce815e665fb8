import ContainerEngine
import ContainerJSON
import ContainerProtocol

/// A `UITableViewController`'s table and a `PagingContainerViewController`'s header and options in a `scene/load`
/// document, validated as the rest of the document.
extension SceneDocument {
  /// A table: `{register: [identifiers], sections, style?, dequeue?, tableHeaderHeight?, …}`; every identifier the
  /// rows use must be registered (the scene is validated whole before anything is built).
  static func tableContent(_ value: JSONValue, _ path: String) throws(RPCError) -> TableContent {
    guard let spec = Methods.registry.spec("table/setData"), case .fields(var fields) = spec.params else {
      throw RPCError.internalError("table/setData has no schema")
    }
    fields.removeAll { $0.name == "table" }
    fields.append(Schema.Field("register", .array(.string), required: true))
    let validated = try Schema.object(fields).validate(value, path: path)
    let members = validated.objectValue ?? [:]
    let register = (members["register"]?.arrayValue ?? []).compactMap { $0.stringValue }
    let (data, models) = try RPCServer.tableData(members, path: path)
    let registered = Set(register)
    for (index, section) in data.sections.enumerated() {
      let used: [String?]
      switch section.rows {
      case .uniform(_, _, let identifier): used = [identifier]
      case .listed(_, let identifiers): used = identifiers
      }
      if let missing = used.first(where: { $0 == nil || !registered.contains($0!) }) {
        throw RPCError.invalidParams(
          path: "\(path).sections[\(index)]", expected: "identifiers listed in \(path).register",
          message: "\(missing ?? "(null)") is not registered")
      }
    }
    // The content height bound, checked here so that a scene past it builds nothing (table/setData checks it too).
    do {
      _ = try Engine.tableState(data)
    } catch .unsupported(_, let expected, let message) {
      throw RPCError.invalidParams(path: "\(path).sections", expected: expected, message: message)
    } catch {
      throw RPCError(error)
    }
    return TableContent(register: register, data: data, models: models)
  }

  static func paging(_ members: JSONObject, _ path: String) throws(RPCError) -> Paging {
    guard let header = members["header"] else {
      throw RPCError.invalidParams(
        path: "\(path).header", expected: "{height, titleBarHeight?, hangingHeight?}",
        message: "a PagingContainerViewController needs a header")
    }
    let fields = try object(header, "\(path).header", allowed: ["height", "titleBarHeight", "hangingHeight"])
    guard let height = try number(fields["height"], "\(path).header.height") else {
      throw RPCError.invalidParams(
        path: "\(path).header.height", expected: "number in 0...1000000000", message: "missing header height")
    }
    let formula = try string(members["headerFormula"], "\(path).headerFormula")
    let switchOffset = try string(members["pageSwitchOffset"], "\(path).pageSwitchOffset")
    // Absent: the engine's defaults; given: one of the engine's options.
    guard
      let formulaValue = formula.map({ Engine.PagingState.HeaderFormula(rawValue: $0) })
        ?? ControllerSpec.defaultHeaderFormula
    else {
      throw RPCError.invalidParams(
        path: "\(path).headerFormula", expected: "one of \"absolute\", \"delta\"", message: "unknown formula")
    }
    guard
      let switchValue = switchOffset.map({ Engine.PagingState.PageSwitchOffset(rawValue: $0) })
        ?? ControllerSpec.defaultPageSwitchOffset
    else {
      throw RPCError.invalidParams(
        path: "\(path).pageSwitchOffset", expected: "one of \"forced\", \"keepDeeper\"", message: "unknown option")
    }
    return Paging(
      height: height,
      titleBarHeight: try number(fields["titleBarHeight"], "\(path).header.titleBarHeight")
        ?? ControllerSpec.PagingHeader.defaultTitleBarHeight,
      hangingHeight: try number(fields["hangingHeight"], "\(path).header.hangingHeight") ?? 0, formula: formulaValue,
      switchOffset: switchValue,
      shortListInset: try bool(members["shortListInset"], "\(path).shortListInset")
        ?? ControllerSpec.defaultShortListInset)
  }
}

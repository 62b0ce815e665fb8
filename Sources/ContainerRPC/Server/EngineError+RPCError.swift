import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// The one place engine errors become wire errors (Documentation/Protocol.md, "Errors").
extension RPCError {
  /// `error` as the wire says it. An error about an argument names it at `path(argument)`: by default where the
  /// method that takes it gives it (`EngineArgument.wirePath`); a call site whose request gives it elsewhere (a
  /// scene's ids, `paging/setPages`' `controllers`) says where.
  init(_ error: EngineError, path: (EngineArgument) -> String = \.wirePath) {
    switch error {
    case .unknownObject(let id):
      self = .unknownObject(id)
    case .idInUse(let id, let argument):
      self = .invalidParams(path: path(argument), expected: "an id not in use", message: "id \(id) is already in use")
    case .uikitException(let exception, let reason, _):
      self = .uikitException(exception, reason: reason)
    case .invalidState(let id, let state, let message):
      self = .invalidState(id, state: state, message: message)
    case .objectLimit(let limit):
      self = .limitReached("maxObjects", value: limit)
    case .treeDepthLimit(let limit):
      self = .limitReached("maxTreeDepth", value: limit)
    case .limit(let name, let value):
      self = .limitReached(name, value: value)
    case .unsupported(let argument, let expected, let message):
      self = .invalidParams(path: path(argument), expected: expected, message: message)
    }
  }
}

extension EngineArgument {
  /// The argument's `data.path` in the request of the method that takes it under this name (`params.window`,
  /// `params.constraints[2].toItem`).
  var wirePath: String {
    switch self {
    case .id: "params.id"
    case .kind: "params.kind"
    case .window: "params.window"
    case .view: "params.view"
    case .scrollView: "params.scrollView"
    case .table: "params.table"
    case .tableView: "params.tableView"
    case .sections: "params.sections"
    case .section: "params.section"
    case .row: "params.row"
    case .index: "params.index"
    case .container: "params.container"
    case .pages: "params.pages"
    case .page(let index): "params.pages[\(index)]"
    case .tabs: "params.controllers"
    case .tab(let index): "params.controllers[\(index)]"
    case .selectedIndex: "params.selectedIndex"
    case .root: "params.root"
    case .pagingHeader: "params.header"
    case .headerFormula: "params.headerFormula"
    case .pageSwitchOffset: "params.pageSwitchOffset"
    case .shortListInset: "params.shortListInset"
    case .navigation: "params.navigation"
    case .tabBar: "params.tabBar"
    case .constraint(let index?, let field): "params.constraints[\(index)].\(field.rawValue)"
    case .constraint(nil, let field): "params.constraints.\(field.rawValue)"
    case .ids(let index): "params.ids[\(index)]"
    case .option(let name): "params.\(name)"
    case .pageView: "params.pageView"
    case .controllers(let index): "params.controllers[\(index)]"
    }
  }
}

/// Runs an engine call, mapping its error.
func engineCall<T>(_ body: () throws(EngineError) -> T) throws(RPCError) -> T {
  do {
    return try body()
  } catch {
    throw RPCError(error)
  }
}

/// Runs an engine call whose request gives some arguments where `paths` says, not where `EngineArgument.wirePath`
/// puts them (`[.id: "params.scene.windows[0].id"]`), mapping its error.
func engineCall<T>(paths: [EngineArgument: String], _ body: () throws(EngineError) -> T) throws(RPCError) -> T {
  do {
    return try body()
  } catch {
    throw RPCError(error) { paths[$0] ?? $0.wirePath }
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `split/*`: UISplitViewController, iOS 14 column style (R39–R45).
extension RPCServer {
  /// The split view controller `params.split` names.
  func splitController(_ id: String) throws(RPCError) -> ControllerNode {
    let found = try controller(id, at: "split", expected: "a UISplitViewController")
    guard found.split != nil else {
      throw RPCError.invalidParams(
        path: "params.split", expected: "a UISplitViewController",
        message: Engine.describeKind(found.id, found.kind.rawValue, expected: "a UISplitViewController"))
    }
    return found
  }

  func splitGet(_ params: SplitGetParams) throws(RPCError) -> JSONValue {
    let split = try splitController(params.split)
    let state = try engineCall { () throws(EngineError) in try engine.settledSplitState(split) }
    var description = describeSplit(state)
    description["children"] = .array(split.children.map { .string($0.id) })
    description["presentsWithGesture"] = .bool(state.presentsWithGesture)
    description["displayModeButtonVisible"] = .bool(state.displayModeButtonVisible)
    // Columns set while collapsed into one stack, installed at the expansion (R42).
    if !state.pendingControllers.isEmpty {
      var pending: JSONObject = [:]
      for (column, controller) in state.pendingControllers {
        pending[column.rawValue] = controller.map { .string($0.id) } ?? .null
      }
      description["pending"] = .object(pending)
    }
    return .object(description)
  }

  /// A split view controller as `split/get`, `controller/get` and `world/snapshot` describe it (R39–R42).
  func describeSplit(_ state: Engine.SplitViewState) -> JSONObject {
    var columns: JSONObject = [:]
    for column in Engine.SplitViewState.Column.allCases {
      guard let controller = state.columns[column] else { continue }
      let wrapper = state.wrappers[column] ?? (controller.kind == .navigationController ? controller : nil)
      columns[column.rawValue] = [
        "controller": .string(controller.id), "wrapper": wrapper.map { .string($0.id) } ?? .null,
      ]
    }
    return [
      "isCollapsed": .bool(state.isCollapsed), "displayMode": .string(state.displayMode.rawValue),
      "splitBehavior": .string(state.splitBehavior.rawValue), "style": .string(state.style.rawValue),
      "columns": .object(columns), "visibleColumns": .array(state.visibleColumns.map { .string($0.rawValue) }),
    ]
  }

  func splitViewController(_ params: SplitViewControllerParams) throws(RPCError) -> JSONValue {
    let split = try splitController(params.split)
    let (controller, wrapper) = try engineCall { () throws(EngineError) in
      (
        try engine.viewController(for: params.column, of: split),
        try engine.wrapper(for: params.column, of: split)
      )
    }
    return [
      "controller": controller.map { .string($0.id) } ?? .null, "wrapper": wrapper.map { .string($0.id) } ?? .null,
    ]
  }

  func splitSetViewController(_ params: SplitSetViewControllerParams) throws(RPCError) -> JSONValue {
    let split = try splitController(params.split)
    let controller = try optionalController(params.controller, at: "controller")
    let wrapper = try engineCall { () throws(EngineError) in
      try engine.setViewController(controller, for: params.column, of: split)
    }
    return ["wrapper": wrapper.map { .string($0.id) } ?? .null]
  }

  func splitShow(_ params: SplitShowParams) throws(RPCError) -> JSONValue {
    let split = try splitController(params.split)
    let ignored = try engineCall { () throws(EngineError) in
      try engine.showColumn(params.column, of: split, animated: params.animated)
    }
    return ["ignored": .bool(ignored)]
  }

  func splitHide(_ params: SplitHideParams) throws(RPCError) -> JSONValue {
    let split = try splitController(params.split)
    let ignored = try engineCall { () throws(EngineError) in
      try engine.hideColumn(params.column, of: split, animated: params.animated)
    }
    return ["ignored": .bool(ignored)]
  }

  func splitShowDetail(_ params: SplitShowDetailParams) throws(RPCError) -> JSONValue {
    let split = try splitController(params.split)
    let controller = try self.controller(params.controller, at: "controller")
    let how = try engineCall { () throws(EngineError) in
      try engine.showDetail(controller, of: split, animated: params.animated)
    }
    return ["how": .string(how.rawValue)]
  }

  func splitShowViewController(_ params: SplitShowViewControllerParams) throws(RPCError) -> JSONValue {
    let split = try splitController(params.split)
    let controller = try self.controller(params.controller, at: "controller")
    let how = try engineCall { () throws(EngineError) in
      try engine.showViewController(controller, of: split, animated: params.animated)
    }
    return ["how": .string(how.rawValue)]
  }
}

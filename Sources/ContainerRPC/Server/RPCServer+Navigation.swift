/// `navigation/*` (UIKIT_RULES.md R18–R22).
extension RPCServer {
  func navigationPush(_ params: Params) throws(RPCError) -> JSONValue {
    let nav = try controller(params, "navigation")
    let pushed = try controller(params, "controller")
    let animated = try params.bool("animated")
    try engineCall { () throws(EngineError) in try engine.push(pushed, on: nav, animated: animated) }
    return [:]
  }

  func navigationInteractivePop(_ params: Params) throws(RPCError) -> JSONValue {
    let nav = try controller(params, "navigation")
    let action = try params.string("action")
    let progress = params["progress"]?.doubleValue
    try engineCall { () throws(EngineError) in
      switch action {
      case "begin":
        try engine.beginInteractivePop(nav)
        if let progress { try engine.updateInteractivePop(nav, progress: progress) }
      case "update": try engine.updateInteractivePop(nav, progress: progress ?? 0)
      case "finish":
        if let progress { try engine.updateInteractivePop(nav, progress: progress) }
        try engine.finishInteractivePop(nav)
      default:
        if let progress { try engine.updateInteractivePop(nav, progress: progress) }
        try engine.cancelInteractivePop(nav)
      }
    }
    return [:]
  }

  func navigationPop(_ params: Params) throws(RPCError) -> JSONValue {
    let nav = try controller(params, "navigation")
    let animated = try params.bool("animated")
    let popped = try engineCall { () throws(EngineError) in try engine.pop(nav, animated: animated) }
    return ["popped": popped.map { .string($0.id) } ?? .null]
  }

  func navigationPopTo(_ params: Params) throws(RPCError) -> JSONValue {
    let nav = try controller(params, "navigation")
    let target = try controller(params, "controller")
    let animated = try params.bool("animated")
    let popped = try engineCall { () throws(EngineError) in try engine.pop(to: target, in: nav, animated: animated) }
    return ["popped": .array(popped.map { .string($0.id) })]
  }

  func navigationPopToRoot(_ params: Params) throws(RPCError) -> JSONValue {
    let nav = try controller(params, "navigation")
    let animated = try params.bool("animated")
    let popped = try engineCall { () throws(EngineError) in try engine.popToRoot(nav, animated: animated) }
    return ["popped": .array(popped.map { .string($0.id) })]
  }

  func navigationSetViewControllers(_ params: Params) throws(RPCError) -> JSONValue {
    let nav = try controller(params, "navigation")
    var controllers: [ControllerNode] = []
    for (index, id) in (params["controllers"]?.arrayValue ?? []).enumerated() {
      guard let id = id.stringValue else { continue }
      do {
        controllers.append(try engine.controller(id))
      } catch {
        throw RPCError(error)
      }
      _ = index
    }
    let animated = try params.bool("animated")
    try engineCall { () throws(EngineError) in try engine.setViewControllers(controllers, of: nav, animated: animated) }
    return [:]
  }
}

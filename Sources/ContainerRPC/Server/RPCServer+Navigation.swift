import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `navigation/*` (UIKIT_RULES.md R18–R22).
extension RPCServer {
  func navigationPush(_ params: Params) throws(RPCError) -> JSONValue {
    let nav = try controller(params, "navigation", expected: "a UINavigationController")
    let pushed = try controller(params, "controller")
    let animated = try params.bool("animated")
    try engineCall { () throws(EngineError) in try engine.push(pushed, on: nav, animated: animated) }
    return [:]
  }

  func navigationInteractivePop(_ params: Params) throws(RPCError) -> JSONValue {
    let nav = try controller(params, "navigation", expected: "a UINavigationController")
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
    let nav = try controller(params, "navigation", expected: "a UINavigationController")
    let animated = try params.bool("animated")
    let popped = try engineCall { () throws(EngineError) in try engine.pop(nav, animated: animated) }
    return ["popped": popped.map { .string($0.id) } ?? .null]
  }

  func navigationPopTo(_ params: Params) throws(RPCError) -> JSONValue {
    let nav = try controller(params, "navigation", expected: "a UINavigationController")
    let target = try controller(params, "controller")
    let animated = try params.bool("animated")
    let popped = try engineCall { () throws(EngineError) in try engine.pop(to: target, in: nav, animated: animated) }
    return ["popped": .array(popped.map { .string($0.id) })]
  }

  func navigationPopToRoot(_ params: Params) throws(RPCError) -> JSONValue {
    let nav = try controller(params, "navigation", expected: "a UINavigationController")
    let animated = try params.bool("animated")
    let popped = try engineCall { () throws(EngineError) in try engine.popToRoot(nav, animated: animated) }
    return ["popped": .array(popped.map { .string($0.id) })]
  }

  func navigationSetViewControllers(_ params: Params) throws(RPCError) -> JSONValue {
    let nav = try controller(params, "navigation", expected: "a UINavigationController")
    let controllers = try controllers(params, "controllers")
    let animated = try params.bool("animated")
    try engineCall { () throws(EngineError) in try engine.setViewControllers(controllers, of: nav, animated: animated) }
    return [:]
  }

  func controllers(_ params: Params, _ name: String) throws(RPCError) -> [ControllerNode] {
    let ids = (params[name]?.arrayValue ?? []).compactMap(\.stringValue)
    var found: [ControllerNode] = []
    found.reserveCapacity(ids.count)
    for (index, id) in ids.enumerated() {
      found.append(
        try lookUp(path: "params.\(name)[\(index)]", expected: "a UIViewController") { () throws(EngineError) in
          try engine.controller(id)
        })
    }
    return found
  }

  func tabSetViewControllers(_ params: Params) throws(RPCError) -> JSONValue {
    let tab = try controller(params, "tabBar", expected: "a UITabBarController")
    let tabs = try controllers(params, "controllers")
    try engineCall { () throws(EngineError) in try engine.setTabs(tabs, of: tab) }
    return [:]
  }

  func tabSelect(_ params: Params) throws(RPCError) -> JSONValue {
    let tab = try controller(params, "tabBar", expected: "a UITabBarController")
    var selected: ControllerNode?
    if let index = params["index"]?.intValue {
      selected = index < tab.children.count ? tab.children[Int(index)] : nil
    } else if params["controller"] != nil {
      selected = try controller(params, "controller")
    } else {
      throw RPCError.invalidParams(
        path: "params.index", expected: "index or controller", message: "tab/select needs index or controller")
    }
    try engineCall { () throws(EngineError) in try engine.selectTab(selected, in: tab) }
    return [:]
  }

  func presentationPresent(_ params: Params) throws(RPCError) -> JSONValue {
    let presenter = try controller(params, "presenter")
    let presented = try controller(params, "controller")
    let style = try params.value("style", as: ModalPresentationStyle.self)
    let animated = try params.bool("animated")
    try engineCall { () throws(EngineError) in
      try engine.present(presented, from: presenter, style: style, animated: animated)
    }
    return [:]
  }

  func presentationDismiss(_ params: Params) throws(RPCError) -> JSONValue {
    engine.dismiss(try controller(params, "controller"), animated: try params.bool("animated"))
    return [:]
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `navigation/*` (R18–R22).
extension RPCServer {
  /// The navigation controller `params.navigation` names.
  func navigation(_ id: String) throws(RPCError) -> ControllerNode {
    try controller(id, at: "navigation", expected: "a UINavigationController")
  }

  func navigationPush(_ params: NavigationPushParams) throws(RPCError) -> JSONValue {
    let nav = try navigation(params.navigation)
    let pushed = try controller(params.controller, at: "controller")
    try engineCall { () throws(EngineError) in try engine.push(pushed, on: nav, animated: params.animated) }
    return [:]
  }

  func navigationSetNavigationBarHidden(_ params: NavigationSetNavigationBarHiddenParams) throws(RPCError)
    -> JSONValue
  {
    let nav = try navigation(params.navigation)
    try engineCall { () throws(EngineError) in
      try engine.setNavigationBarHidden(nav, params.hidden, animated: params.animated)
    }
    return [:]
  }

  func navigationSetToolbarHidden(_ params: NavigationSetToolbarHiddenParams) throws(RPCError) -> JSONValue {
    let nav = try navigation(params.navigation)
    try engineCall { () throws(EngineError) in
      try engine.setToolbarHidden(nav, params.hidden, animated: params.animated)
    }
    return [:]
  }

  func navigationInteractivePop(_ params: NavigationInteractivePopParams) throws(RPCError) -> JSONValue {
    let nav = try navigation(params.navigation)
    let progress = params.progress
    try engineCall { () throws(EngineError) in
      switch params.action {
      case .begin:
        try engine.beginInteractivePop(nav)
        if let progress { try engine.updateInteractivePop(nav, progress: progress) }
      case .update: try engine.updateInteractivePop(nav, progress: progress ?? 0)
      case .finish:
        if let progress { try engine.updateInteractivePop(nav, progress: progress) }
        try engine.finishInteractivePop(nav)
      case .cancel:
        if let progress { try engine.updateInteractivePop(nav, progress: progress) }
        try engine.cancelInteractivePop(nav)
      }
    }
    return [:]
  }

  func navigationPop(_ params: NavigationPopParams) throws(RPCError) -> JSONValue {
    let nav = try navigation(params.navigation)
    let popped = try engineCall { () throws(EngineError) in try engine.pop(nav, animated: params.animated) }
    return ["popped": popped.map { .string($0.id) } ?? .null]
  }

  func navigationPopTo(_ params: NavigationPopToParams) throws(RPCError) -> JSONValue {
    let nav = try navigation(params.navigation)
    let target = try controller(params.controller, at: "controller")
    let popped = try engineCall { () throws(EngineError) in
      try engine.pop(to: target, in: nav, animated: params.animated)
    }
    return ["popped": .array(popped.map { .string($0.id) })]
  }

  func navigationPopToRoot(_ params: NavigationPopToRootParams) throws(RPCError) -> JSONValue {
    let nav = try navigation(params.navigation)
    let popped = try engineCall { () throws(EngineError) in try engine.popToRoot(nav, animated: params.animated) }
    return ["popped": .array(popped.map { .string($0.id) })]
  }

  func navigationSetViewControllers(_ params: NavigationSetViewControllersParams) throws(RPCError) -> JSONValue {
    let nav = try navigation(params.navigation)
    let controllers = try controllers(params.controllers, at: "controllers")
    try engineCall { () throws(EngineError) in
      try engine.setViewControllers(controllers, of: nav, animated: params.animated)
    }
    return [:]
  }

  func tabSetViewControllers(_ params: TabSetViewControllersParams) throws(RPCError) -> JSONValue {
    let tab = try controller(params.tabBar, at: "tabBar", expected: "a UITabBarController")
    let tabs = try controllers(params.controllers, at: "controllers")
    try engineCall { () throws(EngineError) in try engine.setTabs(tabs, of: tab) }
    return [:]
  }

  func tabSelect(_ params: TabSelectParams) throws(RPCError) -> JSONValue {
    let tab = try controller(params.tabBar, at: "tabBar", expected: "a UITabBarController")
    var selected: ControllerNode?
    if let index = params.index {
      selected = index < tab.children.count ? tab.children[index] : nil
    } else if let controller = params.controller {
      selected = try self.controller(controller, at: "controller")
    } else {
      throw RPCError.invalidParams(
        path: "params.index", expected: "index or controller", message: "tab/select needs index or controller")
    }
    try engineCall { () throws(EngineError) in try engine.selectTab(selected, in: tab) }
    return [:]
  }

  func presentationPresent(_ params: PresentationPresentParams) throws(RPCError) -> JSONValue {
    let presenter = try controller(params.presenter, at: "presenter")
    let presented = try controller(params.controller, at: "controller")
    // `style` and `transitionStyle` are the presented controller's properties, set before `present` as app code does.
    let previous = (presented.modalPresentationStyle, presented.modalTransitionStyle)
    if let style = params.style { engine.setModalPresentationStyle(presented, style) }
    if let style = params.transitionStyle { engine.setModalTransitionStyle(presented, style) }
    do {
      try engineCall { () throws(EngineError) in
        try engine.present(
          presented, from: presenter, style: presented.modalPresentationStyle, animated: params.animated)
      }
    } catch {
      // A refusal changes nothing (refusals are atomic), the styles included.
      engine.setModalPresentationStyle(presented, previous.0)
      engine.setModalTransitionStyle(presented, previous.1)
      throw error
    }
    // R58: the adaptive delegate, installed once the call is accepted (installing it emits nothing, so before or
    // after the presentation reads the same).
    if let delegate = params.delegate { engine.setAdaptiveDelegate(presented, delegate) }
    return [:]
  }

  /// `presentation/get` (R53–R56): UIKit's presenting/presented getters, and the presentation that shows the
  /// controller (`Engine.presentationInfo(of:)`).
  func presentationGet(_ params: PresentationGetParams) throws(RPCError) -> JSONValue {
    let info = engine.presentationInfo(of: try controller(params.controller, at: "controller"))
    return [
      "presentingViewController": info.presentingViewController.map { .string($0) } ?? .null,
      "presentedViewController": info.presentedViewController.map { .string($0) } ?? .null,
      "context": info.context.map { .string($0) } ?? .null,
      "style": info.style.map { .string($0.rawValue) } ?? .null,
      "transitionStyle": info.transitionStyle.map { .string($0.rawValue) } ?? .null,
      "frame": info.frame.map { Self.json($0) } ?? .null,
    ]
  }

  func presentationDismiss(_ params: PresentationDismissParams) throws(RPCError) -> JSONValue {
    engine.dismiss(try controller(params.controller, at: "controller"), animated: params.animated)
    return [:]
  }
}

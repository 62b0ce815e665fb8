import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `containment/*` and `appearance/*`.
extension RPCServer {
  func containmentAddChild(_ params: ContainmentAddChildParams) throws(RPCError) -> JSONValue {
    let parent = try controller(params.parent, at: "parent")
    let child = try controller(params.child, at: "child")
    try engineCall { () throws(EngineError) in try engine.addChild(child, to: parent) }
    return [:]
  }

  func containmentRemoveFromParent(_ params: ContainmentRemoveFromParentParams) throws(RPCError) -> JSONValue {
    engine.removeFromParent(try controller(params.child, at: "child"))
    return [:]
  }

  func containmentWillMove(_ params: ContainmentWillMoveParams) throws(RPCError) -> JSONValue {
    let child = try controller(params.child, at: "child")
    engine.willMove(child, toParent: try optionalController(params.parent, at: "parent"))
    return [:]
  }

  func containmentDidMove(_ params: ContainmentDidMoveParams) throws(RPCError) -> JSONValue {
    let child = try controller(params.child, at: "child")
    engine.didMove(child, toParent: try optionalController(params.parent, at: "parent"))
    return [:]
  }

  func containmentEmbed(_ params: ContainmentEmbedParams) throws(RPCError) -> JSONValue {
    let parent = try controller(params.parent, at: "parent")
    let child = try controller(params.child, at: "child")
    let container = try params.container.map { id throws(RPCError) in try viewRef(id, at: "container") }
    try engineCall { () throws(EngineError) in
      try engine.embed(child, in: parent, container: container, frame: params.frame)
    }
    return [:]
  }

  func containmentTransition(_ params: ContainmentTransitionParams) throws(RPCError) -> JSONValue {
    let parent = try controller(params.parent, at: "parent")
    let from = try controller(params.from, at: "from")
    let to = try controller(params.to, at: "to")
    try engineCall { () throws(EngineError) in
      try engine.transition(in: parent, from: from, to: to, duration: params.duration)
    }
    return [:]
  }

  func containmentUnembed(_ params: ContainmentUnembedParams) throws(RPCError) -> JSONValue {
    let child = try controller(params.child, at: "child")
    try engineCall { () throws(EngineError) in try engine.unembed(child) }
    return [:]
  }

  func appearanceBegin(_ params: AppearanceBeginParams) throws(RPCError) -> JSONValue {
    let controller = try controller(params.controller, at: "controller")
    engine.beginAppearanceTransition(controller, appearing: params.isAppearing, animated: params.animated)
    return [:]
  }

  func appearanceCallDirectly(_ params: AppearanceCallDirectlyParams) throws(RPCError) -> JSONValue {
    let controller = try controller(params.controller, at: "controller")
    engine.callAppearanceMethodDirectly(controller, callback: params.callback, animated: params.animated)
    return [:]
  }

  func appearanceEnd(_ params: AppearanceEndParams) throws(RPCError) -> JSONValue {
    engine.endAppearanceTransition(try controller(params.controller, at: "controller"))
    return [:]
  }
}

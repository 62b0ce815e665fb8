import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `containment/*` and `appearance/*`.
extension RPCServer {
  func containmentAddChild(_ params: Params) throws(RPCError) -> JSONValue {
    let parent = try controller(params, "parent")
    let child = try controller(params, "child")
    try engineCall { () throws(EngineError) in try engine.addChild(child, to: parent) }
    return [:]
  }

  func containmentRemoveFromParent(_ params: Params) throws(RPCError) -> JSONValue {
    engine.removeFromParent(try controller(params, "child"))
    return [:]
  }

  func containmentMove(_ params: Params, will: Bool) throws(RPCError) -> JSONValue {
    let child = try controller(params, "child")
    let parent = try optionalController(params, "parent")
    if will { engine.willMove(child, toParent: parent) } else { engine.didMove(child, toParent: parent) }
    return [:]
  }

  func containmentEmbed(_ params: Params) throws(RPCError) -> JSONValue {
    let parent = try controller(params, "parent")
    let child = try controller(params, "child")
    let container = params["container"] == nil ? nil : try viewRef(params, "container")
    try engineCall { () throws(EngineError) in
      try engine.embed(child, in: parent, container: container, frame: Self.rect(params["frame"]))
    }
    return [:]
  }

  func containmentTransition(_ params: Params) throws(RPCError) -> JSONValue {
    let parent = try controller(params, "parent")
    let from = try controller(params, "from")
    let to = try controller(params, "to")
    let duration = try params.double("duration")
    try engineCall { () throws(EngineError) in try engine.transition(in: parent, from: from, to: to, duration: duration)
    }
    return [:]
  }

  func containmentUnembed(_ params: Params) throws(RPCError) -> JSONValue {
    engine.unembed(try controller(params, "child"))
    return [:]
  }

  func appearanceBegin(_ params: Params) throws(RPCError) -> JSONValue {
    let controller = try controller(params, "controller")
    engine.beginAppearanceTransition(
      controller, appearing: try params.bool("isAppearing"), animated: try params.bool("animated"))
    return [:]
  }

  func appearanceCallDirectly(_ params: Params) throws(RPCError) -> JSONValue {
    let controller = try controller(params, "controller")
    engine.callAppearanceMethodDirectly(
      controller, callback: try params.value("callback", as: LifecycleCallback.self),
      animated: try params.bool("animated"))
    return [:]
  }

  func appearanceEnd(_ params: Params) throws(RPCError) -> JSONValue {
    engine.endAppearanceTransition(try controller(params, "controller"))
    return [:]
  }
}

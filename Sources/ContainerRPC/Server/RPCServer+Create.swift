import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `controller/create`: the params as an engine `ControllerSpec`; which option goes with which kind, the checks and
/// their order, and UIKit's order of construction are the engine's (`Engine.makeController`).
extension RPCServer {
  func controllerCreate(_ params: ControllerCreateParams) throws(RPCError) -> JSONValue {
    let spec = params.spec
    let controller = try engineCall { () throws(EngineError) in try engine.makeController(spec) }
    return ["id": .string(controller.id), "view": .string("\(controller.id).view")]
  }
}

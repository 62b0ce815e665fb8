import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `world/snapshot`: the engine walks the world (`Engine.snapshot(root:)`), the server encodes what it finds.
extension RPCServer {
  func worldSnapshot(_ params: WorldSnapshotParams) throws(RPCError) -> JSONValue {
    let root = params.root
    let snapshot = try lookUp(path: "params.root", expected: "a UIViewController or UIView") {
      () throws(EngineError) in try engine.snapshot(root: root)
    }
    return [
      "clock": [
        "now": .number(engine.clock.now), "mode": .string(engine.clock.mode.rawValue),
        "fps": .int(Int64(engine.clock.fps)),
      ],
      "windows": .array(snapshot.windows.map { .string($0.id) }),
      "controllers": .array(snapshot.controllers.map(describe)),
      "views": .array(snapshot.views.map(describe)),
    ]
  }
}

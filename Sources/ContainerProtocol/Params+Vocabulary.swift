import ContainerEngine

/// The wire's names of UIKit's vocabulary mapped onto the engine's enums: typed params read `ControllerKind`,
/// `LifecycleCallback` and `ModalPresentationStyle` as `ParamValue`s (ParamValue.swift); a handler that still reads a
/// kind by name maps it here.
extension ControllerKind {
  /// The kind a request names at `path`. A name the engine does not model is -32602 listing the kinds it does (the
  /// method's enumeration refuses it first; this answer stays the daemon's if the two ever disagree).
  package init(wireName name: String, at path: String) throws(RPCError) {
    guard let kind = ControllerKind(rawValue: name) else {
      throw .invalidParams(
        path: path, expected: Self.allCases.map(\.rawValue).joined(separator: ", "),
        message: "controller kind \(name) is not modelled yet")
    }
    self = kind
  }
}

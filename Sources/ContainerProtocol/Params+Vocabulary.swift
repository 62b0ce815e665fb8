public import ContainerEngine

/// The wire's names of UIKit's vocabulary mapped onto the engine's enums (`ControllerKind`, `LifecycleCallback`,
/// `ModalPresentationStyle`), once, where a handler reads them.
extension Params {
  /// A required member whose spec is an enumeration of `T`'s raw values, as `T`.
  package func value<T: RawRepresentable>(_ name: String, as type: T.Type) throws(RPCError) -> T
  where T.RawValue == String {
    let raw = try string(name)
    guard let value = T(rawValue: raw) else {
      throw .internalError(
        "handler expected params.\(name) to be a \(T.self) name; the method's spec and handler disagree")
    }
    return value
  }
}

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

import ContainerEngine
public import ContainerJSON

/// One method of the wire protocol: its name, its params and its result, declared once.
public struct MethodSpec: Sendable {
  /// How a method takes params.
  public enum ParamsShape: Sendable {
    /// Anything (or nothing) is accepted and ignored: `daemon/ping`.
    case any
    /// Named params (an object) with these fields; absent or `null` params count as `{}`.
    case fields([Schema.Field])
  }

  /// The method name, `noun/verb` (Documentation/Protocol.md, "Methods").
  public var name: String
  /// One line for `rpc.discover` and the docs.
  public var summary: String
  /// The params.
  public var params: ParamsShape
  /// The result's schema, for `rpc.discover`.
  public var result: Schema
  /// A few sentences for `rpc.discover` and Documentation/Reference.md (from `Methods.docs`).
  public var description = ""
  /// The errors besides -32602 (from `Methods.docs`; `allErrors` adds -32602).
  public var errors: [MethodError] = []
  /// Whether one call may run long (its work grows with the world, the frames of an animation or a document, not
  /// with its own reply): the connection writes the replies already queued before running it, so a finished reply
  /// never waits behind it (Documentation/Protocol.md, "When replies are written"). Set from
  /// `Methods.mayTakeLong`.
  public var mayTakeLong = false

  public init(_ name: String, _ summary: String, params: ParamsShape = .fields([]), result: Schema = .object([])) {
    self.name = name
    self.summary = summary
    self.params = params
    self.result = result
  }
}

/// The table of methods: validation of params and the `rpc.discover` document both come from it.
public struct MethodRegistry: Sendable {
  /// The methods in declaration (alphabetical) order.
  public let methods: [MethodSpec]
  private let byName: [String: MethodSpec]

  public init(_ methods: [MethodSpec]) {
    self.methods = methods
    self.byName = Dictionary(methods.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The spec of `name`, if registered.
  public func spec(_ name: String) -> MethodSpec? { byName[name] }

  /// Looks the call's method up and validates its params.
  ///
  /// - Throws: -32601 for an unknown method (with the nearest registered name, if one is near); -32602 for params
  ///   that do not match the spec (an unknown one with the nearest declared name, if one is near).
  public func validate(_ call: Call) throws(RPCError) -> Params {
    guard let spec = byName[call.method] else {
      throw RPCError.methodNotFound(
        call.method, suggestion: NearestName.suggestion(for: call.method, among: methods.lazy.map(\.name)))
    }
    switch spec.params {
    case .any:
      return Params(call.params?.objectValue ?? [:])
    case .fields(let fields):
      var members: JSONObject
      switch call.params {
      case nil: members = [:]
      case .object(let object)?: members = object
      case .array(let elements)? where elements.isEmpty: members = [:]
      case let other?:
        throw RPCError.invalidParams(
          path: "params",
          expected: "object",
          message: "\(call.method) takes named params (an object), got \(other.typeName)"
        )
      }
      try Schema.validate(&members, fields: fields, additional: false, path: "params")
      return Params(members, method: spec.name, fields: fields)
    }
  }

  /// The OpenRPC 1.x document describing every method (`rpc.discover`), without examples (OpenRPCDocument.swift;
  /// the server adds the recorded examples).
  public func openRPCDocument(version: String) -> JSONValue {
    openRPCDocument(version: version, examples: [:])
  }
}

extension MethodSpec.ParamsShape {
  var isAny: Bool {
    if case .any = self { return true }
    return false
  }
}

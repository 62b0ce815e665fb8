public import ContainerEngine
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

  /// The method name, `noun/verb` (PROTOCOL.md §4).
  public var name: String
  /// One line for `rpc.discover` and the docs.
  public var summary: String
  /// The params.
  public var params: ParamsShape
  /// The result's schema, for `rpc.discover`.
  public var result: Schema
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

/// Validated named params: the request's members with defaults filled in.
///
/// Accessors assume validation against the method's `MethodSpec` already happened; a mismatch between a handler and
/// its spec is a daemon bug and is reported as -32603, never a crash.
public struct Params: Sendable {
  /// The members, defaults included.
  public var members: JSONObject

  public init(_ members: JSONObject = [:]) { self.members = members }

  /// The member `name`, or `nil` when absent or `null`.
  public subscript(name: String) -> JSONValue? {
    guard let value = members[name], !value.isNull else { return nil }
    return value
  }

  /// A required string member.
  public func string(_ name: String) throws(RPCError) -> String {
    guard let value = self[name]?.stringValue else { throw Self.specMismatch(name, "string") }
    return value
  }

  /// A required number member.
  public func double(_ name: String) throws(RPCError) -> Double {
    guard let value = self[name]?.doubleValue else { throw Self.specMismatch(name, "number") }
    return value
  }

  /// A required integer member.
  public func int(_ name: String) throws(RPCError) -> Int64 {
    guard let value = self[name]?.intValue else { throw Self.specMismatch(name, "integer") }
    return value
  }

  /// A required boolean member.
  public func bool(_ name: String) throws(RPCError) -> Bool {
    guard let value = self[name]?.boolValue else { throw Self.specMismatch(name, "boolean") }
    return value
  }

  private static func specMismatch(_ name: String, _ type: String) -> RPCError {
    .internalError("handler expected params.\(name) to be a \(type); the method's spec and handler disagree")
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
  /// - Throws: -32601 for an unknown method; -32602 for params that do not match the spec.
  public func validate(_ call: Call) throws(RPCError) -> Params {
    guard let spec = byName[call.method] else { throw RPCError.methodNotFound(call.method) }
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
      return Params(members)
    }
  }

  /// The OpenRPC 1.x document describing every method (`rpc.discover`).
  public func openRPCDocument(version: String) -> JSONValue {
    let described: [JSONValue] = methods.map { spec in
      var params: [JSONValue] = []
      if case .fields(let fields) = spec.params {
        params = fields.map { field in
          var param: JSONObject = [
            "name": .string(field.name), "required": .bool(field.required), "schema": field.jsonSchemaProperty,
          ]
          if !field.summary.isEmpty { param["description"] = .string(field.summary) }
          return .object(param)
        }
      }
      return [
        "name": .string(spec.name),
        "summary": .string(spec.summary),
        "paramStructure": spec.params.isAny ? "either" : "by-name",
        "params": .array(params),
        "result": ["name": "result", "schema": spec.result.jsonSchema],
      ]
    }
    return [
      "openrpc": "1.2.6",
      "info": [
        "title": "containerd",
        "version": .string(version),
        "description": "Headless UIKit view-controller trees over JSON-RPC 2.0 (protocol version 1).",
      ],
      "methods": .array(described),
    ]
  }
}

extension MethodSpec.ParamsShape {
  var isAny: Bool {
    if case .any = self { return true }
    return false
  }
}

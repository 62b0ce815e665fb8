import ContainerEngine
public import ContainerJSON

/// A JSON-RPC error code: the standard ones (-32700…-32603) and the daemon's own (-32000…-32099).
///
/// See Documentation/Protocol.md, "Errors" for when each is used.
public struct RPCErrorCode: RawRepresentable, Hashable, Sendable {
  public var rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Not JSON, bad UTF-8, or a limit exceeded while reading.
  public static let parseError = RPCErrorCode(rawValue: -32700)
  /// Valid JSON that is not a JSON-RPC 2.0 request object.
  public static let invalidRequest = RPCErrorCode(rawValue: -32600)
  /// No such method.
  public static let methodNotFound = RPCErrorCode(rawValue: -32601)
  /// A parameter is missing, unknown or of the wrong type.
  public static let invalidParams = RPCErrorCode(rawValue: -32602)
  /// A bug in the daemon.
  public static let internalError = RPCErrorCode(rawValue: -32603)
  /// An object id that names nothing.
  public static let unknownObject = RPCErrorCode(rawValue: -32000)
  /// UIKit would raise an exception.
  public static let uikitException = RPCErrorCode(rawValue: -32001)
  /// A limit of the daemon was reached.
  public static let limitReached = RPCErrorCode(rawValue: -32002)
  /// The object is in a state that forbids the call.
  public static let invalidState = RPCErrorCode(rawValue: -32003)
}

/// An error reply: code, message and optional structured `data`.
public struct RPCError: Error, Sendable, Equatable {
  public var code: RPCErrorCode
  public var message: String
  public var data: JSONValue?

  public init(code: RPCErrorCode, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  /// The `error` member of a response.
  public var json: JSONValue {
    var members: JSONObject = ["code": .int(Int64(code.rawValue)), "message": .string(message)]
    if let data { members["data"] = data }
    return .object(members)
  }
}

// MARK: - Factories

extension RPCError {
  /// -32700 for bytes that are not one JSON text within the limits.
  public static func parseError(_ error: JSONParseError) -> RPCError {
    var data: JSONObject = [:]
    if let offset = error.offset { data["offset"] = .int(Int64(offset)) }
    let prefix: String
    switch error.kind {
    case .prematureEnd: prefix = "Parse error: unexpected end of input"
    case .invalidUTF8: prefix = "Parse error: invalid UTF-8"
    case .tooDeep: prefix = "Parse error: nesting too deep"
    case .numericOverflow: prefix = "Parse error: number out of range"
    case .duplicateKey: prefix = "Parse error: duplicate object key"
    case .syntax: prefix = "Parse error"
    }
    return RPCError(code: .parseError, message: "\(prefix) (\(error.message))", data: .object(data))
  }

  /// -32700 for a message whose size is over the limit; its bytes were discarded unread.
  public static func messageTooLarge(size: Int, limit: Int) -> RPCError {
    RPCError(
      code: .parseError,
      message: "Parse error: message of \(size) bytes exceeds the limit of \(limit) bytes (--max-message-size)",
      data: ["limit": "maxMessageSize", "value": .int(Int64(limit)), "size": .int(Int64(size))]
    )
  }

  /// -32700 for a framing problem (bad header, truncated message).
  public static func framingError(_ message: String) -> RPCError {
    RPCError(code: .parseError, message: "Parse error: \(message)", data: [:])
  }

  /// -32600 for a value that is not a request.
  public static func invalidRequest(_ reason: String) -> RPCError {
    RPCError(code: .invalidRequest, message: "Invalid Request: \(reason)")
  }

  /// -32601 for a method the registry does not hold; `suggestion` is the registered name it is nearest to, if any
  /// (`NearestName`), said in the message and given as `data.suggestion`.
  public static func methodNotFound(_ method: String, suggestion: String? = nil) -> RPCError {
    var data: JSONObject = ["method": .string(method)]
    var message = "Method not found: \(method)"
    if let suggestion {
      data["suggestion"] = .string(suggestion)
      message += "; did you mean \(suggestion)?"
    }
    return RPCError(code: .methodNotFound, message: message, data: .object(data))
  }

  /// -32602 for a parameter at `path` (e.g. `params.frame.width`) that is missing or not what is `expected`;
  /// `suggestion` (an unknown parameter's nearest known name) is given as `data.suggestion`.
  public static func invalidParams(path: String, expected: String, message: String, suggestion: String? = nil)
    -> RPCError
  {
    var data: JSONObject = ["path": .string(path), "expected": .string(expected)]
    if let suggestion { data["suggestion"] = .string(suggestion) }
    return RPCError(code: .invalidParams, message: "Invalid params: \(message)", data: .object(data))
  }

  /// -32603 for a bug in the daemon.
  public static func internalError(_ message: String) -> RPCError {
    RPCError(code: .internalError, message: "Internal error: \(message)")
  }

  /// -32000 for an id that names no object.
  public static func unknownObject(_ id: String) -> RPCError {
    RPCError(code: .unknownObject, message: "Unknown object: \(id)", data: ["id": .string(id)])
  }

  /// -32001 for a call UIKit would reject by raising `exception` with `reason`.
  public static func uikitException(_ exception: String, reason: String) -> RPCError {
    RPCError(
      code: .uikitException,
      message: "\(exception): \(reason)",
      data: ["exception": .string(exception), "reason": .string(reason)]
    )
  }

  /// -32002 for a limit of the daemon reached (`limit` names the flag's setting, `value` is its value).
  public static func limitReached(_ limit: String, value: Int) -> RPCError {
    RPCError(
      code: .limitReached,
      message: "Limit reached: \(limit) (\(value))",
      data: ["limit": .string(limit), "value": .int(Int64(value))]
    )
  }

  /// -32003 for an object whose state forbids the call.
  public static func invalidState(_ id: String, state: String, message: String) -> RPCError {
    RPCError(code: .invalidState, message: message, data: ["id": .string(id), "state": .string(state)])
  }
}

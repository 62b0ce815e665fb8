import ContainerEngine
public import ContainerJSON

/// The framing a message arrived in, and replies to it leave in (Documentation/Protocol.md, "Transport").
public enum Framing: String, Sendable, Hashable {
  /// One JSON text per line (NDJSON), for shell pipes.
  case lines
  /// `Content-Length` headers (the LSP base protocol), for editor clients.
  case headers
}

/// One call of a message: a request (it has an `id`, which may be `null`) or a notification (no `id`).
public struct Call: Sendable, Equatable {
  /// The id to echo, with its exact JSON type; `nil` for a notification.
  public var id: JSONValue?
  /// The method name.
  public var method: String
  /// The params; `null` is normalised to `nil` (pygls sends `"params": null` for "no params").
  public var params: JSONValue?

  public init(id: JSONValue?, method: String, params: JSONValue?) {
    self.id = id
    self.method = method
    self.params = params
  }

  /// Whether the caller expects a response.
  public var isNotification: Bool { id == nil }
}

/// The outcome of reading one element of a message as a JSON-RPC call.
public enum DecodedCall: Sendable, Equatable {
  /// A well-formed request or notification.
  case call(Call)
  /// Not a valid request. `id` is the request's id when it could be read, else `null`.
  ///
  /// An invalid element is always answered, even without an `id`: it is not a valid notification either, and
  /// a shell user who forgot `"jsonrpc"` should hear why nothing happened.
  case invalid(id: JSONValue, error: RPCError)
}

extension DecodedCall {
  /// Classifies `value` once, on its envelope members (Documentation/Protocol.md, "Envelope policy").
  ///
  /// Policy, in order:
  /// - not an object: -32600 with id `null`;
  /// - an `id` that is not a string, number or null: -32600 with id `null`;
  /// - `jsonrpc` other than `"2.0"`: -32600 echoing the id;
  /// - no `method` but `result` or `error`: a response, which the daemon never asked for: -32600;
  /// - `method` not a string: -32600; `params` not an object, array or null: -32600.
  /// Extra members are ignored.
  public init(_ value: JSONValue) {
    guard case .object(let members) = value else {
      self = .invalid(id: .null, error: .invalidRequest("expected a request object, got \(value.typeName)"))
      return
    }
    // The envelope's members in one pass over the object (keys are unique), each key told by its length first.
    var id: JSONValue?
    var jsonrpc: JSONValue?
    var method: JSONValue?
    var params: JSONValue?
    var isResponse = false
    for (key, member) in members {
      switch key.utf8.count {
      case 2 where key == "id": id = member
      case 5 where key == "error": isResponse = true
      case 6 where key == "method": method = member
      case 6 where key == "params": params = member
      case 6 where key == "result": isResponse = true
      case 7 where key == "jsonrpc": jsonrpc = member
      default: break
      }
    }
    switch id {
    case nil, .null?, .string?, .int?, .double?: break
    case let other?:
      self = .invalid(
        id: .null,
        error: .invalidRequest("id must be a string, a number or null, got \(other.typeName)")
      )
      return
    }
    let replyID = id ?? .null
    guard case .string(let version)? = jsonrpc, version == "2.0" else {
      self = .invalid(
        id: replyID,
        error: .invalidRequest(#"member "jsonrpc" must be exactly "2.0""#)
      )
      return
    }
    guard let method else {
      let reason =
        isResponse
        ? "a response was received, but the daemon sends no requests"
        : #"member "method" is missing"#
      self = .invalid(id: replyID, error: .invalidRequest(reason))
      return
    }
    guard case .string(let name) = method else {
      self = .invalid(
        id: replyID,
        error: .invalidRequest(#"member "method" must be a string, got \#(method.typeName)"#)
      )
      return
    }
    switch params {
    case nil, .null?, .object?, .array?: break
    case let other?:
      self = .invalid(
        id: replyID,
        error: .invalidRequest(#"member "params" must be an object or an array, got \#(other.typeName)"#)
      )
      return
    }
    if case .null? = params { params = nil }
    self = .call(Call(id: id, method: name, params: params))
  }
}

// MARK: - Outgoing messages

/// Builders for the messages the daemon writes.
public enum OutgoingMessage {
  /// A success response.
  public static func response(id: JSONValue, result: JSONValue) -> JSONValue {
    var object = JSONObject(minimumCapacity: 3)  // (see `JSONObject.init(minimumCapacity:)`)
    object.insertNew("id", id)
    object.insertNew("jsonrpc", "2.0")
    object.insertNew("result", result)
    return .object(object)
  }

  /// An error response.
  public static func response(id: JSONValue, error: RPCError) -> JSONValue {
    .object(["error": error.json, "id": id, "jsonrpc": "2.0"])
  }

  /// A server → client notification (an event).
  public static func notification(method: String, params: JSONValue) -> JSONValue {
    var object = JSONObject(minimumCapacity: 3)
    object.insertNew("jsonrpc", "2.0")
    object.insertNew("method", .string(method))
    object.insertNew("params", params)
    return .object(object)
  }
}

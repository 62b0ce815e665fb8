/// Why bytes could not be turned into a `JSONValue`.
///
/// Every case maps to the JSON-RPC parse error (-32700) with a precise message; see
/// `RPCError.parseError(_:)`.
public struct JSONParseError: Error, Sendable, Equatable {
  /// The class of failure, from jansson's `json_error_code` plus the daemon's own depth limit.
  public enum Kind: String, Sendable, Equatable {
    /// The input ended inside a value ("need more bytes").
    case prematureEnd
    /// Bytes that are not UTF-8.
    case invalidUTF8
    /// Nesting deeper than the limit (the daemon's, or jansson's own 2048).
    case tooDeep
    /// An integer outside 64 bits, or a real outside the double range (`1e400`).
    case numericOverflow
    /// An object with the same key twice.
    case duplicateKey
    /// Anything else that is not JSON.
    case syntax
  }

  /// The class of failure.
  public var kind: Kind
  /// A human-readable description (jansson's text, or ours).
  public var message: String
  /// The byte offset in the message where the failure was detected, when known.
  public var offset: Int?

  public init(kind: Kind, message: String, offset: Int?) {
    self.kind = kind
    self.message = message
    self.offset = offset
  }
}

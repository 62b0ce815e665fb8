import ContainerJSON
import ContainerProtocol

/// The limits that apply while reading (Documentation/Protocol.md, "Limits").
public struct ReadLimits: Sendable, Equatable {
  /// The largest message, in bytes, that is buffered and parsed; larger ones are discarded as they stream in.
  public var maxMessageSize: Int
  /// The deepest nesting of arrays and objects accepted (jansson itself stops at 2048).
  public var maxDepth: Int
  /// The largest header block of a `Content-Length` message.
  public var maxHeaderSize: Int

  public init(maxMessageSize: Int = 16 << 20, maxDepth: Int = 512, maxHeaderSize: Int = 8192) {
    self.maxMessageSize = maxMessageSize
    self.maxDepth = maxDepth
    self.maxHeaderSize = maxHeaderSize
  }
}

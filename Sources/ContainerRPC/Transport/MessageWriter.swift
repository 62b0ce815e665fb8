/// Where the server writes replies and events.
public protocol MessageSink: AnyObject {
  /// Queues one message for the client, framed as `framing`.
  func send(_ message: JSONValue, framing: Framing)
}

/// Frames outgoing messages into a byte buffer that a connection flushes.
///
/// Lines framing writes the compact JSON and `\n` (jansson's compact output never holds a raw newline). Headers
/// framing writes exactly `Content-Length: N\r\n\r\n` and the body: Content-Length first, that casing, no other
/// header, because several LSP clients accept nothing else (JSONRPC_NOTES.md).
public final class MessageWriter: MessageSink {
  /// Framed bytes not yet written out.
  public var bytes: [UInt8] = []
  private var scratch: [UInt8] = []

  public init() {
    bytes.reserveCapacity(1 << 16)
  }

  public func send(_ message: JSONValue, framing: Framing) {
    switch framing {
    case .lines:
      message.encode(appendingTo: &bytes)
      bytes.append(UInt8(ascii: "\n"))
    case .headers:
      scratch.removeAll(keepingCapacity: true)
      message.encode(appendingTo: &scratch)
      bytes.append(contentsOf: "Content-Length: \(scratch.count)\r\n\r\n".utf8)
      bytes.append(contentsOf: scratch)
    }
  }

  /// Takes the queued bytes, leaving the buffer empty.
  public func take() -> [UInt8] {
    defer { bytes.removeAll(keepingCapacity: true) }
    return bytes
  }
}

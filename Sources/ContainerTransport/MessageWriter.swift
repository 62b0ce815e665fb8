public import ContainerJSON
public import ContainerProtocol

/// Where the server writes replies and events.
public protocol MessageSink: AnyObject {
  /// Queues one message for the client, framed as `framing`.
  func send(_ message: JSONValue, framing: Framing)
  /// Queues one message already encoded (a batch's reply array, `EncodedArray`), framed as `framing`.
  func send(encodedArray bytes: [UInt8], framing: Framing)
  /// Queues one message written member by member into the output (`JSONOutput`: the events' path), framed as
  /// `framing`.
  func send(framing: Framing, writing message: (inout JSONOutput) -> Void)
}

extension MessageSink {
  /// Decodes the bytes again and sends the value (for sinks that read messages rather than write bytes).
  public func send(encodedArray bytes: [UInt8], framing: Framing) {
    let value = bytes.withUnsafeBytes { raw in try? JSONValue.parse(raw, maxDepth: .max) }
    send(value ?? .null, framing: framing)
  }

  /// Writes the message into bytes, decodes them again and sends the value (for sinks that read messages).
  public func send(framing: Framing, writing message: (inout JSONOutput) -> Void) {
    var bytes: [UInt8] = []
    JSONOutput.message(appendingTo: &bytes, message)
    let value = bytes.withUnsafeBytes { raw in try? JSONValue.parse(raw, maxDepth: .max) }
    send(value ?? .null, framing: framing)
  }
}

/// A JSON array built from elements encoded one at a time (each with its own real precision), so that its
/// elements need not be kept as values until the whole array is written.
public struct EncodedArray {
  /// The array's bytes so far, without the closing bracket.
  private var body: [UInt8] = [UInt8(ascii: "[")]
  /// The number of elements.
  public private(set) var count = 0

  public init() {}

  /// Whether there is no element.
  public var isEmpty: Bool { count == 0 }
  /// The bytes the array takes so far.
  public var byteCount: Int { body.count + 1 }

  /// Encodes and appends an element.
  public mutating func append(_ element: JSONValue) {
    if count > 0 { body.append(UInt8(ascii: ",")) }
    element.encode(appendingTo: &body)
    count += 1
  }

  /// Appends an element written member by member into the array (`JSONOutput`: the reals of the element share their
  /// precision, as those of a value appended are).
  public mutating func append(writing element: (inout JSONOutput) -> Void) {
    if count > 0 { body.append(UInt8(ascii: ",")) }
    JSONOutput.message(appendingTo: &body, element)
    count += 1
  }

  /// The encoded array, closed (without copying it).
  public consuming func finish() -> [UInt8] {
    body.append(UInt8(ascii: "]"))
    return body
  }
}

/// Frames outgoing messages into a byte buffer that a connection flushes.
///
/// Lines framing writes the compact JSON and `\n` (jansson's compact output never holds a raw newline). Headers
/// framing writes exactly `Content-Length: N\r\n\r\n` and the body: Content-Length first, that casing, no other
/// header, because several LSP clients accept nothing else (Documentation/Protocol.md, "Headers").
public final class MessageWriter: MessageSink {
  /// Framed bytes not yet written out.
  @exclusivity(unchecked) public var bytes: [UInt8] = []
  @exclusivity(unchecked) private var scratch: [UInt8] = []

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

  public func send(framing: Framing, writing message: (inout JSONOutput) -> Void) {
    switch framing {
    case .lines:
      JSONOutput.message(appendingTo: &bytes, message)
      bytes.append(UInt8(ascii: "\n"))
    case .headers:
      scratch.removeAll(keepingCapacity: true)
      JSONOutput.message(appendingTo: &scratch, message)
      bytes.append(contentsOf: "Content-Length: \(scratch.count)\r\n\r\n".utf8)
      bytes.append(contentsOf: scratch)
    }
  }

  public func send(encodedArray bytes: [UInt8], framing: Framing) {
    switch framing {
    case .lines where self.bytes.isEmpty:
      // A large reply array becomes the buffer itself rather than a copy in it.
      self.bytes = bytes
      self.bytes.append(UInt8(ascii: "\n"))
    case .lines:
      self.bytes.append(contentsOf: bytes)
      self.bytes.append(UInt8(ascii: "\n"))
    case .headers:
      self.bytes.append(contentsOf: "Content-Length: \(bytes.count)\r\n\r\n".utf8)
      self.bytes.append(contentsOf: bytes)
    }
  }

  /// Takes the queued bytes, leaving the buffer empty.
  public func take() -> [UInt8] {
    let taken = bytes
    if bytes.capacity > 1 << 20 {
      // After a very large reply, go back to the usual buffer rather than keep its capacity for good.
      bytes = []
      bytes.reserveCapacity(1 << 16)
    } else {
      bytes.removeAll(keepingCapacity: true)
    }
    return taken
  }
}

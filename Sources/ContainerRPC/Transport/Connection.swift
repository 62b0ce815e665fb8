/// What a connection delivers messages to (the server, or a test double).
public protocol MessageHandler: AnyObject {
  /// Handles one framed message or framing error, writing any replies and events to `sink`.
  func handle(_ input: MessageFramer.Output, sink: any MessageSink)
  /// Whether the handler asked to stop (`daemon/shutdown`).
  var isShutdownRequested: Bool { get }
}

/// Bytes in, bytes out: feeds a framer and a handler, and collects what the handler writes.
///
/// The same pump serves stdio (`StdioConnection`) and in-memory tests (`InMemoryConnection`), so both see exactly
/// the same framing and ordering.
public struct ConnectionPump {
  /// The framer holding partial input.
  public var framer: MessageFramer
  /// The writer holding output not yet flushed.
  public let writer = MessageWriter()

  public init(limits: ReadLimits) {
    framer = MessageFramer(limits: limits)
  }

  /// Feeds `bytes` and handles every complete message.
  ///
  /// - Parameter flushIfLarge: called whenever the queued output passes 64 KiB, so memory stays flat when the
  ///   input is a long pipeline.
  /// - Returns: false once the handler asked to stop; later input is then ignored.
  public mutating func receive(
    _ bytes: UnsafeRawBufferPointer,
    handler: some MessageHandler,
    flushIfLarge: (MessageWriter) throws -> Void = { _ in }
  ) rethrows -> Bool {
    framer.append(bytes)
    return try drain(handler: handler, flushIfLarge: flushIfLarge)
  }

  /// Handles what remains at end of input (a last line without newline, or a truncated message).
  public mutating func finish(handler: some MessageHandler, flushIfLarge: (MessageWriter) throws -> Void = { _ in })
    rethrows
  {
    framer.finish()
    _ = try drain(handler: handler, flushIfLarge: flushIfLarge)
  }

  private mutating func drain(handler: some MessageHandler, flushIfLarge: (MessageWriter) throws -> Void) rethrows
    -> Bool
  {
    while let output = framer.next() {
      handler.handle(output, sink: writer)
      if writer.bytes.count >= 1 << 16 { try flushIfLarge(writer) }
      if handler.isShutdownRequested { return false }
    }
    return true
  }
}

/// A connection over byte arrays, for tests: everything written is collected.
public final class InMemoryConnection {
  private var pump: ConnectionPump
  private let handler: any MessageHandler
  /// Whether the handler asked to stop.
  public private(set) var isClosed = false

  public init(handler: some MessageHandler, limits: ReadLimits = ReadLimits()) {
    self.handler = handler
    self.pump = ConnectionPump(limits: limits)
  }

  /// Sends bytes (any split of a stream) and returns what the daemon wrote in response to them.
  public func send(_ bytes: [UInt8]) -> [UInt8] {
    guard !isClosed else { return [] }
    let handler = self.handler
    let open = bytes.withUnsafeBytes { pump.receive($0, handler: handler, flushIfLarge: { _ in }) }
    if !open { isClosed = true }
    return pump.writer.take()
  }

  /// Sends text.
  public func send(_ text: String) -> String {
    String(decoding: send(Array(text.utf8)), as: UTF8.self)
  }

  /// Ends the input and returns what the daemon wrote in response.
  public func finish() -> [UInt8] {
    guard !isClosed else { return [] }
    pump.finish(handler: handler, flushIfLarge: { _ in })
    isClosed = true
    return pump.writer.take()
  }
}

import ContainerJSON
import ContainerProtocol

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a connection delivers messages to (the server, or a test double).
public protocol MessageHandler: AnyObject {
  /// Handles one framed message or framing error, writing any replies and events to `sink`.
  func handle(_ input: MessageFramer.Output, sink: any MessageSink)
  /// Whether the handler asked to stop (`daemon/shutdown`).
  var isShutdownRequested: Bool { get }
  /// Whether the handler asked to close this connection only (LSP `exit`): stdio ends as for a shutdown, a socket
  /// connection closes and the daemon goes on.
  var isCloseRequested: Bool { get }
  /// Whether handling `input` may take long (a call of a `MethodSpec.mayTakeLong` method, or a batch holding one):
  /// the connection then writes what is queued first.
  func mayTakeLong(_ input: MessageFramer.Output) -> Bool
}

extension MessageHandler {
  public func mayTakeLong(_ input: MessageFramer.Output) -> Bool { false }
  public var isCloseRequested: Bool { false }
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

  /// How long queued output may wait for the next message before being written (1 ms).
  public static let maxPendingNanoseconds: UInt64 = 1_000_000

  /// When the queued output became non-empty (monotonic nanoseconds), or nil while nothing is queued.
  private var pendingSince: UInt64?

  /// Feeds `bytes` and handles every complete message.
  ///
  /// - Parameter flushIfLarge: writes the queued output. Called whenever the queued output passes 64 KiB, so memory
  ///   stays flat when the input is a long pipeline, and before a message when output is queued and either that
  ///   message may take long (`MessageHandler.mayTakeLong`) or the oldest queued byte waited 1 ms: a finished reply
  ///   never waits behind a long turn, while a pipeline of quick calls is still answered in few large writes.
  /// - Returns: false once the handler asked to stop (or to close the connection); later input is then ignored.
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
      if writer.bytes.isEmpty {
        pendingSince = nil
      } else if handler.mayTakeLong(output) {
        try flushIfLarge(writer)
      } else if let since = pendingSince, Self.now() - since >= Self.maxPendingNanoseconds {
        try flushIfLarge(writer)
      }
      if writer.bytes.isEmpty { pendingSince = nil }
      handler.handle(output, sink: writer)
      if writer.bytes.count >= 1 << 16 { try flushIfLarge(writer) }
      if !writer.bytes.isEmpty && pendingSince == nil { pendingSince = Self.now() }
      if handler.isShutdownRequested || handler.isCloseRequested { return false }
    }
    return true
  }
}

extension ConnectionPump {
  /// The monotonic clock, in nanoseconds.
  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
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

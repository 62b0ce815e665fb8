import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerTransport
import Foundation

/// The stream property (issue 19, "How to keep it fixed"), checked against the built binary with its input kept open:
/// garbage of every framing kind interleaved with valid requests (`StreamGenerator`), and after each piece
///
/// - the valid request is answered (each of its ids, with a result, in its own framing) before the next piece is sent,
///   within `replyTimeout` seconds;
/// - every byte of output is a well-formed framed JSON-RPC message: a line in lines mode, either framing in headers
///   mode (lines garbage is answered as lines), a response (with an id, and exactly one of result and error), a batch
///   of responses, or an `event/*` notification; no id of a valid request is answered twice;
/// - the daemon is still running; at the end it exits 0 at end of input (stdio) or on `daemon/shutdown` (socket).
///
/// In socket mode a passive client is attached first: it connects, is subscribed to lifecycle events (the default),
/// and never reads, while the active client's batches queue about 1 KB of events for it per piece.
public enum StreamProperty {
  /// The default wait for a reply before a request counts as lost: 3 s, or `CONTAINERD_STREAM_REPLY_TIMEOUT` seconds
  /// (for a slow or loaded machine; a lost request is never answered, so a longer wait only slows its detection).
  public static let defaultReplyTimeout: Double =
    ProcessInfo.processInfo.environment["CONTAINERD_STREAM_REPLY_TIMEOUT"].flatMap(Double.init) ?? 3

  /// Generates `count` pieces of `seed` and checks the property on a fresh daemon.
  public static func check(
    mode: StreamMode, seed: UInt64, count: Int, kinds: [GarbageKind]? = nil, passive: Bool = true,
    splitting: Bool = false, replyTimeout: Double = defaultReplyTimeout
  ) -> StreamFailure? {
    let pieces = StreamGenerator.pieces(mode: mode, seed: seed, count: count, kinds: kinds, splitting: splitting)
    guard let (index, reason) = replay(mode: mode, pieces: pieces, passive: passive, replyTimeout: replyTimeout) else {
      return nil
    }
    return StreamFailure(
      mode: mode, seed: seed, passive: passive, pieces: Array(pieces.prefix(index + 1)), index: index, reason: reason)
  }

  /// Sends `pieces` to a fresh daemon; the index of the piece (`pieces.count` for the end) at which the property
  /// failed first, and why.
  public static func replay(
    mode: StreamMode, pieces: [StreamPiece], passive: Bool = true, replyTimeout: Double = defaultReplyTimeout
  ) -> (Int, String)? {
    let session: StreamSession
    do {
      session = try StreamSession(mode: mode, passive: passive, replyTimeout: replyTimeout)
    } catch {
      return (0, "could not start the daemon: \(error)")
    }
    for (index, piece) in pieces.enumerated() {
      if let reason = session.send(piece) {
        session.stop()
        return (index, reason)
      }
    }
    if let reason = session.finish() { return (pieces.count, reason) }
    return nil
  }

  /// Finds what the failure needs: its last piece alone on a fresh daemon, then (socket) the same pieces without the
  /// passive client, then its last two pieces. Sets `cause` and `minimal`.
  public static func shrink(_ failure: StreamFailure, replyTimeout: Double = defaultReplyTimeout) -> StreamFailure {
    var result = failure
    guard failure.index < failure.pieces.count, let last = failure.pieces.last else {
      result.cause = .endOfInput
      result.minimal = failure.pieces
      return result
    }
    if let (_, reason) = replay(
      mode: failure.mode, pieces: [last], passive: failure.passive, replyTimeout: replyTimeout)
    {
      result.cause = .kind(last.kind)
      result.minimal = [last]
      result.minimalReason = reason
      return result
    }
    if failure.mode == .socket && failure.passive
      && replay(mode: failure.mode, pieces: failure.pieces, passive: false, replyTimeout: replyTimeout) == nil
    {
      result.cause = .passiveClient
      result.minimal = failure.pieces
      return result
    }
    let pair = Array(failure.pieces.suffix(2))
    if pair.count == 2,
      let (_, reason) = replay(mode: failure.mode, pieces: pair, passive: failure.passive, replyTimeout: replyTimeout)
    {
      result.cause = .sequence
      result.minimal = pair
      result.minimalReason = reason
      return result
    }
    result.cause = .sequence
    result.minimal = failure.pieces
    return result
  }
}

/// A broken stream property: where, why, and the pieces to reproduce it.
public struct StreamFailure: Error, Sendable, CustomStringConvertible {
  /// What a failure needs, as found by `StreamProperty.shrink`.
  public enum Cause: Sendable, Equatable, CustomStringConvertible {
    /// The last piece alone fails on a fresh daemon: its garbage kind.
    case kind(GarbageKind)
    /// The pieces pass without the socket's passive client.
    case passiveClient
    /// Only a sequence of pieces fails.
    case sequence
    /// The requests were answered; the end (end of input, shutdown, exit status) failed.
    case endOfInput

    public var description: String {
      switch self {
      case .kind(let kind): "garbage kind \(kind)"
      case .passiveClient: "the passive client"
      case .sequence: "a sequence of pieces"
      case .endOfInput: "the end of the session"
      }
    }
  }

  public var mode: StreamMode
  public var seed: UInt64
  public var passive: Bool
  /// The pieces sent, up to the failing one.
  public var pieces: [StreamPiece]
  /// The failing piece (`pieces.count` when the end failed).
  public var index: Int
  public var reason: String
  public var cause: Cause?
  /// The fewest pieces found that fail on a fresh daemon.
  public var minimal: [StreamPiece]?
  /// Why `minimal` failed, when it is not the whole run.
  public var minimalReason: String?

  public var description: String {
    var text = "stream property failed: mode \(mode), seed \(seed), piece \(index) of \(pieces.count): \(reason)"
    if let cause { text += "\ncause: \(cause)" }
    let shown = minimal ?? pieces
    text += "\n\(minimal == nil ? "pieces" : "minimal reproducer") (\(shown.count)):"
    if let minimalReason, minimalReason != reason { text += " (on a fresh daemon: \(minimalReason))" }
    for piece in shown.suffix(8) { text += "\n  \(piece)" }
    if shown.count > 8 { text += "\n  (\(shown.count - 8) earlier pieces not shown)" }
    text += "\nreplay: " + (replayCommand ?? "(too long to print; the fuzz mode saves the bytes)")
    return text
  }

  /// A shell command that sends the reproducer with stdin kept open (stdio modes, pieces of readable size).
  public var replayCommand: String? {
    let shown = minimal ?? pieces
    guard shown.map(\.bytes.count).reduce(0, +) <= 2000 else { return nil }
    let escaped = shown.map { StreamPiece.escaped($0.bytes, compressingRuns: false) }.joined()
    let arguments = StreamGenerator.arguments.joined(separator: " ")
    if mode == .socket {
      return
        "serve --listen unix:PATH \(arguments)\(passive ? " with a client that never reads" : "") and send '\(escaped)'"
    }
    return "(printf '%b' '\(escaped)'; sleep 5) | containerd \(arguments)"
  }
}

/// A daemon (stdio, or a socket server with its clients) driven piece by piece.
public final class StreamSession {
  public let mode: StreamMode
  private let daemon: InteractiveDaemon
  private var active: SocketClient?
  private var passive: SocketClient?
  private var directory: URL?
  private var output = StreamOutputReader()
  private var answered: Set<Int> = []
  private let replyTimeout: Double

  public init(mode: StreamMode, passive: Bool = true, replyTimeout: Double = StreamProperty.defaultReplyTimeout) throws
  {
    self.mode = mode
    self.replyTimeout = replyTimeout
    output.allowsHeaders = mode == .headers
    guard mode == .socket else {
      daemon = try InteractiveDaemon(StreamGenerator.arguments)
      return
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    self.directory = directory
    let path = directory.appendingPathComponent("world.sock").path
    daemon = try InteractiveDaemon(["serve", "--listen", "unix:\(path)"] + StreamGenerator.arguments)
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: path) && Date() < deadline { usleep(10_000) }
    if passive { self.passive = try Self.connect(path, until: deadline) }
    active = try Self.connect(path, until: deadline)
    try write(Array(#"{"jsonrpc":"2.0","id":0,"method":"window/create","params":{"id":"w"}}"#.utf8) + [0x0A])
    if let reason = awaitReplies([0]) { throw SetupFailed(reason: reason) }
  }

  /// Connects, retrying while the daemon has bound its socket but does not listen yet (ECONNREFUSED) or has not
  /// bound it (ENOENT).
  private static func connect(_ path: String, until deadline: Date) throws -> SocketClient {
    while true {
      do {
        return try SocketClient(path: path)
      } catch let error as SocketClient.ConnectFailed where Date() < deadline {
        guard error.code == ECONNREFUSED || error.code == ENOENT else { throw error }
        usleep(10_000)
      }
    }
  }

  struct SetupFailed: Error, CustomStringConvertible {
    var reason: String
    var description: String { "setup: \(reason)" }
  }

  private func write(_ bytes: [UInt8]) throws {
    if let active {
      try active.write(bytes, timeout: replyTimeout)
    } else {
      try daemon.write(bytes, timeout: replyTimeout)
    }
  }

  private func readChunk(timeout: Double) -> [UInt8]? {
    if let active { return active.readChunk(timeout: timeout) }
    return daemon.readChunk(timeout: timeout)
  }

  /// Sends one piece and waits for its reply; the reason if the property failed.
  public func send(_ piece: StreamPiece) -> String? {
    do {
      if piece.chunks.isEmpty {
        try write(piece.bytes)
      } else {
        let bytes = piece.bytes
        var offset = 0
        for size in piece.chunks {
          try write(Array(bytes[offset..<offset + size]))
          offset += size
          usleep(200)
        }
      }
    } catch {
      return "the daemon took no input for \(replyTimeout) s (\(error))"
    }
    return awaitReplies(piece.ids)
  }

  /// Reads output until every id in `ids` is answered with a result; the reason if not.
  private func awaitReplies(_ ids: [Int]) -> String? {
    var waiting = Set(ids)
    let deadline = Date().addingTimeInterval(replyTimeout)
    while true {
      while true {
        let message: StreamOutputReader.Message?
        do {
          message = try output.next()
        } catch {
          return error.description
        }
        guard let message else { break }
        if let reason = check(message, waiting: &waiting) { return reason }
      }
      if waiting.isEmpty { return nil }
      if !daemon.isRunning {
        return "the daemon exited (\(daemon.waitForExit(timeout: 1).map(String.init) ?? "signal"))"
      }
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else {
        return "no reply to id \(waiting.sorted().map(String.init).joined(separator: ", ")) within \(replyTimeout) s"
          + " (stdin open\(output.pendingByteCount > 0 ? ", \(output.pendingByteCount) bytes of an unfinished message" : ""))"
      }
      guard let chunk = readChunk(timeout: remaining) else { return "the daemon closed its output" }
      output.append(chunk)
    }
  }

  /// Checks one output message against the property and marks the valid ids it answers.
  private func check(_ message: StreamOutputReader.Message, waiting: inout Set<Int>) -> String? {
    let responses: [JSONValue]
    switch message.value {
    case .array(let elements):
      guard !elements.isEmpty else { return "an empty array in the output" }
      responses = elements
    case .object(let object):
      if let method = object["method"]?.stringValue {
        guard method.hasPrefix("event/"), object["id"] == nil, object["jsonrpc"] == .string("2.0") else {
          return "a request or malformed notification in the output: \(message.text)"
        }
        return nil
      }
      responses = [message.value]
    default:
      return "output that is not a JSON-RPC message: \(message.text)"
    }
    for response in responses {
      guard let object = response.objectValue, object["jsonrpc"] == .string("2.0"), let id = object["id"],
        (object["result"] == nil) != (object["error"] == nil)
      else { return "a malformed response in the output: \(message.text)" }
      guard case .int(let number) = id else { continue }  // id null or a garbage id ("g1")
      let valid = Int(number)
      guard waiting.contains(valid) else {
        return answered.contains(valid)
          ? "id \(valid) answered twice: \(message.text)"
          : "a reply to id \(valid), which was never sent: \(message.text)"
      }
      guard object["result"] != nil else { return "valid request \(valid) answered with an error: \(message.text)" }
      guard message.framing == mode.requestFraming else {
        return "valid request \(valid) answered in \(message.framing) framing: \(message.text)"
      }
      waiting.remove(valid)
      answered.insert(valid)
    }
    return nil
  }

  /// The end of a passing session: end of input (stdio: every remaining output well-formed, exit 0), or
  /// `daemon/shutdown` from the active client (socket: answered, exit 0).
  public func finish() -> String? {
    defer { stop() }
    if mode == .socket {
      do {
        try write(Array(#"{"jsonrpc":"2.0","id":-1,"method":"daemon/shutdown"}"#.utf8) + [0x0A])
      } catch {
        return "daemon/shutdown: the daemon took no input (\(error))"
      }
      if let reason = awaitReplies([-1]) { return "daemon/shutdown: \(reason)" }
      passive?.close()
      active?.close()
      guard let status = daemon.waitForExit(timeout: 10) else { return "no exit within 10 s after daemon/shutdown" }
      return status == 0 ? nil : "exit status \(status) after daemon/shutdown"
    }
    guard let (rest, status) = try? daemon.finish(timeout: 10) else { return "closing stdin failed" }
    output.append(rest)
    var none = Set<Int>()
    while true {
      do {
        guard let message = try output.next() else { break }
        if let reason = check(message, waiting: &none) { return "at end of input: \(reason)" }
      } catch {
        return "at end of input: \(error.description)"
      }
    }
    if output.pendingByteCount > 0 {
      return "at end of input: \(output.pendingByteCount) bytes of an unfinished message"
    }
    guard let status else { return "no exit within 10 s after end of input" }
    return status == 0 ? nil : "exit status \(status) at end of input"
  }

  /// Ends the daemon and the clients (after a failure).
  public func stop() {
    passive?.close()
    active?.close()
    if daemon.isRunning { _ = daemon.signalAndWait(SIGKILL) }
    if let directory { try? FileManager.default.removeItem(at: directory) }
  }

  deinit { stop() }
}

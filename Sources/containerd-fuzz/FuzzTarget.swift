import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerTransport
import Logging

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The fuzz target (Documentation/Testing.md, "Fuzzing"): one input is a byte stream a client could write to the
/// daemon's stdin. It runs through the daemon's own path, on a fresh server, and every property the daemon promises
/// about its output is checked; a broken one traps, which libFuzzer reports as a crash.
///
/// - Path: `ConnectionPump` (the loop `StdioConnection` runs) feeds the bytes, in chunks of varying size, to the
///   framer (lines and `Content-Length` framings, detected per message) and the server (parse, envelope, schema,
///   dispatch, engine), stops at `daemon/shutdown` or LSP `exit`, and otherwise ends with end of input (`finish`).
/// - Output: every message written is exactly one JSON text (parsed back with `JSONValue.parse`), framed as its
///   framing says, equal to what the server sent, with no NaN or infinity; events are numbered 1, 2, 3… (from 1
///   again after `world/reset`).
/// - Replies: each message gets one reply per request, echoing its id, in order, after its events; notifications
///   get none; a framing error gets one error with id `null`.
/// - Engine: its invariants (`testOnly_checkInvariants`) after every message; a second client of the world (the
///   `serve --listen` broadcast path) sees every lifecycle event and checks that no did comes without its will.
/// - Framing: the messages cut from the stream fed in chunks are the ones cut from the stream fed whole.
/// - Determinism: a second fresh server given the same input writes the same bytes (one input in 8 while fuzzing,
///   every input when replaying files); for one input in 64 (and when replaying) that server is wrapped in
///   `PrettyHandler` (`--pretty stderr`), which must not change them either. Pretty-printing every message is costly
///   (a fifth of all the time when done for one input in 8), hence the lower rate.
/// - Refused calls (Documentation/Protocol.md, "Errors"): no internal error (-32603) ever; a refused request alone in
///   its message emits no event, and (one input in 16, every input when replaying files) leaves world/snapshot as it
///   was.
enum FuzzTarget {
  /// Small limits, so that inputs of at most 4 KiB (scripts/fuzz's -max_len) reach the size, header, object and tree
  /// depth limits (the seeds make at most 19 objects).
  static let configuration: ServerConfiguration = {
    var configuration = ServerConfiguration()
    configuration.readLimits = ReadLimits(maxMessageSize: 2048, maxDepth: 512, maxHeaderSize: 512)
    configuration.maxObjects = 32
    // Low enough for 32 objects to reach it several ways (a window's root view is 1 deep).
    configuration.maxTreeDepth = 5
    return configuration
  }()

  static let logger = Logger(label: "containerd-fuzz", factory: { _ in SwiftLogNoOpLogHandler() })

  /// The sizes the input is cut into, in turn (a slow client's writes, a pipe's reads).
  static let chunkSizes = [3, 1, 64, 7, 2, 500, 13, 1000, 5, 700]

  /// Runs one input; traps on any broken property.
  static func run(_ input: UnsafeRawBufferPointer) {
    let first = serve(input)
    checkOutput(first)
    checkFraming(input, served: first.framed, shutDown: first.shutDown)
    // One input in 8 (chosen by its bytes, so a rerun checks the same ones) is served again: a second server in the
    // same process has other dictionary seeds, so output that depended on a hash order would differ. One in 64 goes
    // through `--pretty stderr`'s handler this time (which must not change the protocol).
    let hash = fnv1a(input)
    if hash % 8 == 0 || alwaysCheckSampled {
      let second = serve(input, mode: hash % 64 == 0 || alwaysCheckSampled ? .pretty : .plain)
      require(second.bytes == first.bytes, "the same input gave different output on a fresh server")
    }
    // One input in 16 is served once more with a world/snapshot before and after every request that is a message
    // of its own: a refused one must leave the world as it was (Documentation/Protocol.md, "Errors").
    if hash % 16 == 1 || alwaysCheckSampled {
      _ = serve(input, mode: .atomicity)
    }
  }

  /// FNV-1a of the input's bytes: picks the inputs checked further, the same ones on every run.
  static func fnv1a(_ input: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in input { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  /// Set when replaying files: every input gets every check.
  nonisolated(unsafe) static var alwaysCheckSampled = false

  // MARK: - Serving

  /// What one run wrote, and what the server sent to write it.
  struct Run {
    var bytes: [UInt8] = []
    var sent: [(message: JSONValue, framing: Framing)] = []
    var framed: [MessageFramer.Output] = []
    var shutDown = false
  }

  /// How a run serves its input.
  enum Mode {
    /// As the daemon does.
    case plain
    /// Through `PrettyHandler`, as `serve --pretty stderr` does (its text is made and dropped).
    case pretty
    /// With a world/snapshot before and after each request alone in its message (written elsewhere).
    case atomicity
  }

  /// Serves `input` as `StdioConnection.run` does, on a fresh server with an observing second client.
  static func serve(_ input: UnsafeRawBufferPointer, mode: Mode = .plain) -> Run {
    // `RPCServer(configuration:)` makes the same world for itself; it is made here to attach the second client.
    let engine = Engine(maxObjects: configuration.maxObjects, maxTreeDepth: configuration.maxTreeDepth)
    // A table over 200 rows tall shows 200 (and warns): the limit's path is reached at a fiftieth of the cost (at the
    // default 10,000, one input made 30,000 table events and took 9 s to check).
    engine.maxDisplayedRows = 200
    let world = World(engine: engine)
    let server = RPCServer(joining: world, configuration: configuration, logger: logger)
    var observerConfiguration = configuration
    observerConfiguration.events = [.lifecycle]
    let observer = RPCServer(joining: world, configuration: observerConfiguration, logger: logger)
    world.attach(observer, sink: LifecycleChecker())
    defer { world.detach(observer) }

    let handler = CheckingHandler(
      server: server,
      inner: mode == .pretty
        ? PrettyHandler(wrapping: server, destination: .stderr, emitToStandardError: { _ in }) : server,
      checksAtomicity: mode == .atomicity)
    var pump = ConnectionPump(limits: configuration.readLimits)
    var run = Run()
    let flush: (MessageWriter) -> Void = { writer in run.bytes += writer.take() }
    var offset = 0
    var turn = 0
    var open = true
    while offset < input.count && open {
      let end = min(input.count, offset + chunkSizes[turn % chunkSizes.count])
      open = pump.receive(UnsafeRawBufferPointer(rebasing: input[offset..<end]), handler: handler, flushIfLarge: flush)
      offset = end
      turn += 1
    }
    if open { pump.finish(handler: handler, flushIfLarge: flush) }
    flush(pump.writer)
    run.sent = handler.sink.sent
    run.framed = handler.framed
    // A shutdown may also come from the last message, framed only at end of input (no newline after it).
    run.shutDown = !open || handler.isShutdownRequested || handler.isCloseRequested
    return run
  }

  /// The server, with the checks that run after every message.
  final class CheckingHandler: MessageHandler {
    let server: RPCServer
    let inner: any MessageHandler
    let checksAtomicity: Bool
    let sink = RecordingSink()
    var framed: [MessageFramer.Output] = []

    init(server: RPCServer, inner: any MessageHandler, checksAtomicity: Bool) {
      self.server = server
      self.inner = inner
      self.checksAtomicity = checksAtomicity
    }

    var isShutdownRequested: Bool { inner.isShutdownRequested }

    var isCloseRequested: Bool { inner.isCloseRequested }

    func mayTakeLong(_ input: MessageFramer.Output) -> Bool { inner.mayTakeLong(input) }

    func handle(_ input: MessageFramer.Output, sink outer: any MessageSink) {
      framed.append(input)
      var request: (method: String, framing: Framing)?
      if checksAtomicity, case .message(let value, let framing) = input, case .call(let call) = DecodedCall(value),
        call.id != nil
      {
        request = (call.method, framing)
      }
      let world = request.map { snapshot(framing: $0.framing) }
      sink.inner = outer
      let before = sink.sent.count
      inner.handle(input, sink: sink)
      sink.inner = nil
      let problems = server.engine.testOnly_checkInvariants()
      require(problems.isEmpty, "engine invariants broken: \(problems.joined(separator: "; "))")
      let sent = sink.sent[before...].map(\.message)
      checkReplies(to: input, sent: sent)
      if let request, let world, sent.last?["error"] != nil {
        require(snapshot(framing: request.framing) == world, "a refused \(request.method) changed the world")
      }
    }

    /// The world/snapshot result, asked as the client would, in a turn of its own (its output is not the client's).
    func snapshot(framing: Framing) -> JSONValue? {
      let scratch = RecordingSink()
      let call: JSONValue = ["jsonrpc": "2.0", "id": "containerd-fuzz", "method": "world/snapshot"]
      server.handle(.message(call, framing), sink: scratch)
      return scratch.sent.last?.message["result"]
    }
  }

  /// Forwards to the pump's writer and keeps what was sent.
  final class RecordingSink: MessageSink {
    var inner: (any MessageSink)?
    var sent: [(message: JSONValue, framing: Framing)] = []

    func send(_ message: JSONValue, framing: Framing) {
      inner?.send(message, framing: framing)
      sent.append((message, framing))
    }

    /// A batch's reply array, encoded by the server: the bytes go on as they are (as to the daemon's writer).
    func send(encodedArray bytes: [UInt8], framing: Framing) {
      inner?.send(encodedArray: bytes, framing: framing)
      let value = bytes.withUnsafeBytes { raw in try? JSONValue.parse(raw, maxDepth: .max) }
      require(value != nil, "a batch reply is not JSON: \(String(decoding: bytes, as: UTF8.self))")
      sent.append((value ?? .null, framing))
    }
  }

  /// A second client's sink: per controller, no did without a will of the same direction (UIKit's pairing, as
  /// `TestSession` checks it); direct calls (R12) are app code's misuse and do not count.
  final class LifecycleChecker: MessageSink {
    var pendingWill: [String: Bool] = [:]

    func send(_ message: JSONValue, framing: Framing) {
      let params = message["params"]
      guard message["method"] == "event/lifecycle", params?["rule"] != "R12",
        let controller = params?["controller"]?.stringValue, let callback = params?["callback"]?.stringValue
      else { return }
      switch callback {
      case "viewWillAppear": pendingWill[controller] = true
      case "viewWillDisappear": pendingWill[controller] = false
      case "viewDidAppear", "viewDidDisappear":
        let appearing = callback == "viewDidAppear"
        require(
          pendingWill[controller] == appearing,
          "\(controller).\(callback) without a matching will: \(message.encodedString)")
        pendingWill[controller] = nil
      default:
        break
      }
    }
  }
}

/// libFuzzer's entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzTarget.run(UnsafeRawBufferPointer(start: data, count: size))
  return 0
}

#if FUZZING
  /// libFuzzer's driver (compiler-rt, `FuzzerDriver.cpp`): parses its flags and runs the fuzzing loop.
  @_silgen_name("LLVMFuzzerRunDriver")
  func runLibFuzzer(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  /// Built with `-sanitize=fuzzer`: SwiftPM links an executable's entry point as `main` (it renames it for
  /// testability), which hides libFuzzer's own `main`, so this one runs libFuzzer's driver.
  @main
  enum FuzzMain {
    static func main() {
      var argc = CommandLine.argc
      var argv = CommandLine.unsafeArgv
      exit(runLibFuzzer(&argc, &argv, fuzzTestOneInput))
    }
  }
#else
  /// Without libFuzzer (a normal `swift build`): runs the files given as arguments through the target, so that a
  /// reproducer can be replayed and debugged without the sanitizers (`containerd-fuzz crash-…`).
  @main
  enum FuzzReplay {
    static func main() {
      let paths = CommandLine.arguments.dropFirst()
      if paths.isEmpty {
        say("usage: containerd-fuzz FILE... (replays fuzz inputs; scripts/fuzz runs the fuzzer)")
        exit(64)
      }
      FuzzTarget.alwaysCheckSampled = true
      for path in paths {
        guard let bytes = readFile(path) else {
          say("containerd-fuzz: cannot read \(path)")
          exit(66)
        }
        bytes.withUnsafeBytes { FuzzTarget.run($0) }
        say("containerd-fuzz: \(path): ok (\(bytes.count) bytes)")
      }
    }

    /// Writes a line to stderr.
    static func say(_ line: String) {
      let text = line + "\n"
      _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }

    static func readFile(_ path: String) -> [UInt8]? {
      guard let file = fopen(path, "rb") else { return nil }
      defer { fclose(file) }
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = fread(&chunk, 1, chunk.count, file)
        bytes += chunk[0..<count]
        if count < chunk.count { return ferror(file) == 0 ? bytes : nil }
      }
    }
  }
#endif

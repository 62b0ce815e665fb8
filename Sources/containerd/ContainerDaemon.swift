import ArgumentParser
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

/// `containerd`: holds UIKit view-controller trees headlessly and serves JSON-RPC 2.0 over stdio (`serve`, the
/// default), or runs scenario files (`check`).
@main
struct ContainerDaemon: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "containerd",
    abstract: "Run UIKit view-controller trees headlessly, driven by JSON-RPC 2.0 over stdio.",
    discussion: """
      Without a subcommand, serves JSON-RPC on stdio (see serve --help).

      Examples:
        echo '{"jsonrpc":"2.0","id":1,"method":"daemon/ping"}' | containerd
        containerd check examples/*.json
      """,
    // The program, its version and the wire protocol's (as daemon/info reports them): enough to tell this daemon
    // from another program named containerd.
    version: "containerd \(DaemonVersion.current) (protocol \(DaemonVersion.protocolVersion))",
    subcommands: [Serve.self, Check.self, Record.self, Trace.self, Connect.self, Reference.self],
    defaultSubcommand: Serve.self
  )

  /// With no argument at all (how clients start the daemon), serves with the defaults without running the argument
  /// parser, whose reflection over every command's options was about two thirds of a cold start's work; with any
  /// argument, the parser decides as always.
  static func main() {
    guard CommandLine.arguments.count <= 1 else { return main(nil) }
    do { try ServeSettings().serve() } catch { Serve.exit(withError: error) }
  }
}

/// `containerd serve`: the daemon on stdio.
struct Serve: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Serve JSON-RPC 2.0 on stdio (the default).",
    discussion: """
      Reads requests from stdin (one JSON text per line, or LSP-style Content-Length headers; detected per \
      message) and writes responses and events to stdout. stdout carries protocol only; logs go to stderr. \
      Exits 0 at end of input, after daemon/shutdown, or on SIGTERM/SIGINT once the current turn is answered; a \
      second signal ends it at once (128 + its number). Editors may use LSP's lifecycle: after `exit` the daemon \
      exits 0 if `shutdown` came first, else 1.

      Example:
        echo '{"jsonrpc":"2.0","id":1,"method":"daemon/ping"}' | containerd
      """
  )

  @Option(
    help: ArgumentHelp(
      "Event kinds to subscribe to from the start, comma-separated, besides lifecycle, warning and delegate: "
        + "\(EventKind.allCases.map(\.rawValue).joined(separator: ", ")), or all.",
      valueName: "kinds"
    )
  )
  var events: EventSelection?

  @Option(
    help: ArgumentHelp("Log level on stderr: trace, debug, info, notice, warning, error, critical.", valueName: "level")
  )
  var logLevel: Logger.Level = ServeSettings().logLevel

  @Option(help: ArgumentHelp("Largest message accepted, in bytes (suffixes K, M, G).", valueName: "bytes"))
  var maxMessageSize: ByteCount = ServeSettings().maxMessageSize

  @Option(help: ArgumentHelp("Deepest nesting of arrays and objects accepted (1...2048).", valueName: "levels"))
  var maxDepth: Int = ServeSettings().maxDepth

  @Option(
    help: ArgumentHelp("Most objects (windows, controllers, views, constraints) alive at once.", valueName: "count"))
  var maxObjects: Int = ServeSettings().maxObjects

  @Option(
    help: ArgumentHelp(
      "Most superviews above a view, and parents above a controller (1...2048); deeper gets -32002.",
      valueName: "levels"))
  var maxTreeDepth: Int = ServeSettings().maxTreeDepth

  @Option(
    help: ArgumentHelp(
      "Most frames one deceleration runs; at the last it ends at its rest point, with a warning.",
      valueName: "frames"))
  var maxAnimationFrames: Int = ServeSettings().maxAnimationFrames

  @Option(
    help: ArgumentHelp(
      "Most active Auto Layout constraints; layout/addConstraints past it gets -32002.", valueName: "count"))
  var maxConstraints: Int = ServeSettings().maxConstraints

  @Option(
    help: ArgumentHelp(
      "Most active constraints whose first item is one view; layout/addConstraints past it gets -32002.",
      valueName: "count"))
  var maxConstraintsPerView: Int = ServeSettings().maxConstraintsPerView

  @Option(
    help: ArgumentHelp(
      "Most events one turn holds; the turn's further events are dropped, with a warning.", valueName: "count"))
  var maxTurnEvents: Int = ServeSettings().maxTurnEvents

  @Option(
    help: ArgumentHelp(
      "Most output one batch may produce, in bytes (suffixes K, M, G); its remaining calls then get -32002.",
      valueName: "bytes"))
  var maxBatchOutput: ByteCount = ServeSettings().maxBatchOutput

  @Option(
    help: ArgumentHelp(
      "With --listen: the most output a client may leave unread (its own last replies aside) before it is "
        + "disconnected, in bytes (suffixes K, M, G).",
      valueName: "bytes"))
  var maxClientBacklog: ByteCount = ServeSettings().maxClientBacklog

  @Option(
    help: ArgumentHelp(
      "Also write replies and events as aligned text for people: on stderr (protocol stays on stdout), or on stdout "
        + "instead of the protocol.",
      valueName: "stderr|stdout"))
  var pretty: PrettyHandler.Destination?

  @Option(
    help: ArgumentHelp(
      "Serve one world to several clients on a Unix socket instead of stdio (attach with `containerd connect`).",
      valueName: "unix:path"))
  var listen: String?

  func validate() throws {
    if let listen, !listen.hasPrefix("unix:") || listen.count <= 5 {
      throw ValidationError("--listen takes unix:PATH")
    }
    if listen != nil && pretty != nil { throw ValidationError("--pretty applies to stdio only") }
    guard (1...2048).contains(maxDepth) else {
      throw ValidationError("--max-depth must be in 1...2048 (jansson stops at 2048)")
    }
    guard maxMessageSize.value >= 64 else { throw ValidationError("--max-message-size must be at least 64 bytes") }
    guard maxObjects >= 1 else { throw ValidationError("--max-objects must be at least 1") }
    guard (1...2048).contains(maxTreeDepth) else {
      throw ValidationError("--max-tree-depth must be in 1...2048 (layout and appearance recurse along the tree)")
    }
    guard maxAnimationFrames >= 1 else { throw ValidationError("--max-animation-frames must be at least 1") }
    guard maxTurnEvents >= 1 else { throw ValidationError("--max-turn-events must be at least 1") }
    guard maxConstraints >= 0 else { throw ValidationError("--max-constraints must be at least 0") }
    guard maxConstraintsPerView >= 0 else { throw ValidationError("--max-constraints-per-view must be at least 0") }
    guard maxBatchOutput.value >= 64 else { throw ValidationError("--max-batch-output must be at least 64 bytes") }
    guard maxClientBacklog.value >= 4096 else {
      throw ValidationError("--max-client-backlog must be at least 4096 bytes")
    }
  }

  /// The exit status after a failed write of the protocol stream (`EndReason.outputClosed`): replies were lost.
  static let outputClosedStatus: Int32 = 3

  func run() throws {
    try ServeSettings(
      events: events, logLevel: logLevel, maxMessageSize: maxMessageSize, maxDepth: maxDepth, maxObjects: maxObjects,
      maxTreeDepth: maxTreeDepth, maxAnimationFrames: maxAnimationFrames, maxConstraints: maxConstraints,
      maxConstraintsPerView: maxConstraintsPerView, maxTurnEvents: maxTurnEvents, maxBatchOutput: maxBatchOutput,
      maxClientBacklog: maxClientBacklog, pretty: pretty, listen: listen
    ).serve()
  }
}

/// What `serve` runs with: its options' values, each defaulting to the option's default (`ContainerDaemon.main` serves
/// with these defaults when there is no argument).
struct ServeSettings {
  var events: EventSelection? = nil
  var logLevel: Logger.Level = .warning
  var maxMessageSize = ByteCount(16 << 20)
  var maxDepth = 512
  var maxObjects = 10_000_000
  var maxTreeDepth = Engine.defaultMaxTreeDepth
  var maxAnimationFrames = Engine.defaultMaxAnimationFrames
  var maxConstraints = Engine.defaultMaxConstraints
  var maxConstraintsPerView = Engine.defaultMaxConstraintsPerView
  var maxTurnEvents = Engine.defaultMaxTurnEvents
  var maxBatchOutput = ByteCount(64 << 20)
  var maxClientBacklog = ByteCount(UnixSocketServer.defaultMaxClientBacklog)
  var pretty: PrettyHandler.Destination? = nil
  var listen: String? = nil

  func serve() throws {
    // Dup stdout to a private descriptor and point fd 1 at stderr, so that a careless print() anywhere can never
    // break the protocol stream.
    let protocolFD = dup(STDOUT_FILENO)
    guard protocolFD >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
      let message = "containerd: cannot set up the protocol stream on stdout\n"
      _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
      throw ExitCode.failure
    }
    _ = fcntl(protocolFD, F_SETFD, FD_CLOEXEC)
    // A client that closes its end must not kill the daemon with SIGPIPE; the write error ends the loop instead.
    signal(SIGPIPE, SIG_IGN)
    StdioConnection.installTerminationHandlers()

    let level = logLevel
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
    var logger = Logger(label: "containerd")
    logger.logLevel = level

    var configuration = ServerConfiguration()
    configuration.readLimits = ReadLimits(maxMessageSize: maxMessageSize.value, maxDepth: maxDepth)
    configuration.maxObjects = maxObjects
    configuration.maxTreeDepth = maxTreeDepth
    configuration.maxBatchOutput = maxBatchOutput.value
    configuration.maxClientBacklog = maxClientBacklog.value
    configuration.maxAnimationFrames = maxAnimationFrames
    configuration.maxTurnEvents = maxTurnEvents
    configuration.maxConstraints = maxConstraints
    configuration.maxConstraintsPerView = maxConstraintsPerView
    configuration.events.formUnion(events?.kinds ?? [])

    if let listen {
      let path = String(listen.dropFirst(5))
      let world = World(
        engine: Engine(maxObjects: configuration.maxObjects, maxTreeDepth: configuration.maxTreeDepth))
      world.engine.maxAnimationFrames = configuration.maxAnimationFrames
      world.engine.maxTurnEvents = configuration.maxTurnEvents
      world.engine.maxConstraints = configuration.maxConstraints
      world.engine.maxConstraintsPerView = configuration.maxConstraintsPerView
      logger.info("containerd \(DaemonVersion.current) serving one world on unix:\(path)")
      let server = UnixSocketServer(path: path, maxClientBacklog: configuration.maxClientBacklog) { line in
        logger.warning("\(line)")
      }
      let reason = server.run(
        limits: configuration.readLimits,
        accept: { writer in
          let server = RPCServer(joining: world, configuration: configuration, logger: logger)
          world.attach(server, sink: writer)
          logger.info("client attached (\(world.clientCount) now)")
          return server
        },
        closed: { handler in
          if let server = handler as? RPCServer { world.detach(server) }
          logger.info("client detached (\(world.clientCount) left)")
        })
      switch reason {
      case .shutdown: logger.info("daemon/shutdown; exiting")
      case .signal(let number): logger.info("signal \(number); exiting")
      case .cannotListen(let call, let code):
        logger.error("cannot listen on \(path): \(call) failed (\(String(cString: strerror(code))))")
        throw ExitCode(1)
      case .notASocket:
        logger.error("cannot listen on \(path): it exists and is not a socket (only a stale socket is replaced)")
        throw ExitCode(1)
      }
      return
    }
    let server = RPCServer(configuration: configuration, logger: logger)
    // The world is never torn down: the process ends when the connection does, and the system takes its memory back
    // at once, where freeing a large tree object by object cost a tenth of a second per 100,000 controllers at exit.
    _ = Unmanaged.passRetained(server)
    logger.info("containerd \(DaemonVersion.current) serving on stdio")
    let connection = StdioConnection(inputFD: STDIN_FILENO, outputFD: protocolFD)
    let reason: StdioConnection.EndReason
    if let pretty {
      let handler = PrettyHandler(wrapping: server, destination: pretty) { line in
        let text = line + "\n"
        _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
      }
      reason = connection.run(handler: handler, limits: configuration.readLimits)
    } else {
      reason = connection.run(handler: server, limits: configuration.readLimits)
    }
    switch reason {
    case .endOfInput, .shutdown:
      // LSP `exit` stops reading like daemon/shutdown; its status is LSP's (0 after `shutdown`, 1 without).
      if let status = server.lifecycle.exitStatus {
        logger.info("exit; exiting with status \(status)")
        if status != 0 { throw ExitCode(status) }
      } else {
        logger.info(reason == .shutdown ? "daemon/shutdown; exiting" : "end of input; exiting")
      }
    case .outputClosed(let code) where StdioConnection.receivedTerminationSignal != 0:
      // SIGTERM/SIGINT with a client that stopped reading: the rest was given up on purpose (Overview.md).
      logger.info("signal \(StdioConnection.receivedTerminationSignal): output given up (errno \(code)); exiting")
    case .outputClosed(let code):
      logger.error("cannot write stdout (\(String(cString: strerror(code)))); exiting")
      throw ExitCode(Serve.outputClosedStatus)
    case .signal(let number): logger.info("signal \(number): the current turn finished and flushed; exiting")
    case .inputError(let code):
      logger.error("cannot read stdin (errno \(code)); exiting")
      throw ExitCode(1)
    }
  }
}

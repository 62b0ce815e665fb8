import ContainerEngine
import ContainerJSON
public import ContainerProtocol
public import ContainerTransport

/// The version of the daemon (semantic versioning; see CHANGELOG.md).
public enum DaemonVersion {
  /// The daemon's version.
  public static let current = "0.1.0"
  /// The wire protocol version (Documentation/Protocol.md, "Versioning").
  public static let protocolVersion = 1
}

/// Everything the server is configured with at start (the command-line flags).
public struct ServerConfiguration: Sendable {
  /// Limits applied while reading.
  public var readLimits = ReadLimits()
  /// The most objects (windows, controllers, views, constraints) alive at once.
  public var maxObjects = 10_000_000
  /// The most superviews above a view, and parents above a controller (Engine+TreeDepth.swift).
  public var maxTreeDepth = Engine.defaultMaxTreeDepth
  /// The most frames one deceleration runs (`Engine.maxAnimationFrames`, `--max-animation-frames`).
  public var maxAnimationFrames = Engine.defaultMaxAnimationFrames
  /// The most active constraints, and per first item (`Engine.maxConstraints`, `--max-constraints`;
  /// `Engine.maxConstraintsPerView`, `--max-constraints-per-view`).
  public var maxConstraints = Engine.defaultMaxConstraints
  public var maxConstraintsPerView = Engine.defaultMaxConstraintsPerView
  /// The most events one turn holds (`Engine.maxTurnEvents`, `--max-turn-events`).
  public var maxTurnEvents = Engine.defaultMaxTurnEvents
  /// Event kinds subscribed from the start.
  public var events: Set<EventKind> = EventKind.defaults
  /// The most output one batch may produce, in bytes: its encoded responses plus its events (each counted as
  /// `RPCServer.eventSizeEstimate` bytes). Once a batch's calls have produced more, its remaining calls are not run
  /// and are answered with -32002 `maxBatchOutput`, so that a small batch of calls with large results
  /// (`rpc.discover`, `world/snapshot`) cannot make the daemon run out of memory.
  public var maxBatchOutput = 64 << 20
  /// `serve --listen`: the most output a client may leave unread, its own last read's replies aside, before it is
  /// disconnected (`UnixSocketServer.maxClientBacklog`).
  public var maxClientBacklog = UnixSocketServer.defaultMaxClientBacklog

  public init() {}
}

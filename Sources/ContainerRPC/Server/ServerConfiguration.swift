/// The version of the daemon (semantic versioning; see CHANGELOG.md).
public enum DaemonVersion {
  /// The daemon's version.
  public static let current = "0.1.0"
  /// The wire protocol version of PROTOCOL.md.
  public static let protocolVersion = 1
}

/// The kinds of events a client can subscribe to (PROTOCOL.md §5).
public enum EventKind: String, Sendable, CaseIterable, Comparable {
  case lifecycle, completion, warning, offset, scroll, layout, table

  /// Subscribed by default: `lifecycle` and `warning`.
  public static let defaults: Set<EventKind> = [.lifecycle, .warning]

  public static func < (lhs: EventKind, rhs: EventKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Everything the server is configured with at start (the command-line flags).
public struct ServerConfiguration: Sendable {
  /// Limits applied while reading.
  public var readLimits = ReadLimits()
  /// The most objects (windows, controllers, views, constraints) alive at once.
  public var maxObjects = 10_000_000
  /// Event kinds subscribed from the start.
  public var events: Set<EventKind> = EventKind.defaults

  public init() {}
}

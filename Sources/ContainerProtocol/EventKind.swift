public import ContainerEngine
import ContainerJSON

/// The kinds of events a client can subscribe to (Documentation/Protocol.md, "Events").
public enum EventKind: String, Sendable, CaseIterable, Comparable {
  case lifecycle, completion, warning, offset, scroll, layout, table, delegate, coordinator, transitioning

  /// Subscribed by default: `lifecycle`, `warning` and `delegate` (the data source and delegate calls' order is part of
  /// the page view controller's behaviour, R36).
  public static let defaults: Set<EventKind> = [.lifecycle, .warning, .delegate]

  public static func < (lhs: EventKind, rhs: EventKind) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The engine's category for this kind (the events `Engine.recordedEvents` builds).
  public var category: EngineEvent.Category {
    switch self {
    case .lifecycle: return .lifecycle
    case .completion: return .completion
    case .warning: return .warning
    case .offset: return .offset
    case .scroll: return .scroll
    case .layout: return .layout
    case .table: return .table
    case .delegate: return .delegate
    case .coordinator: return .coordinator
    case .transitioning: return .transitioning
    }
  }

  /// The kind of an engine category (the inverse of `category`).
  public init(_ category: EngineEvent.Category) {
    switch category {
    case .lifecycle: self = .lifecycle
    case .completion: self = .completion
    case .warning: self = .warning
    case .offset: self = .offset
    case .scroll: self = .scroll
    case .layout: self = .layout
    case .table: self = .table
    case .delegate: self = .delegate
    case .coordinator: self = .coordinator
    case .transitioning: self = .transitioning
    }
  }
}

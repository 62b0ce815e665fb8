public import ContainerEngine
import ContainerJSON
import ContainerProtocol
public import ContainerTransport

/// One world (an engine and the JSON-side state that goes with it) and the clients attached to it. With stdio there
/// is one client; `serve --listen` attaches several: each has its own `RPCServer` (subscriptions, `seq`, framing),
/// and the events of any client's turn are written to every client by its own subscriptions.
public final class World {
  public let engine: Engine
  /// Row models of `table/setData`, by table.
  @exclusivity(unchecked) var tableModels: [String: [[JSONValue]?]] = [:]
  /// Other clients and where their output goes.
  @exclusivity(unchecked) private var listeners: [(server: RPCServer, sink: any MessageSink)] = []
  /// In-process observers (the timeline of `record --trace`/`--html`): they receive every client's events by their own
  /// subscriptions, like listeners, but with the `request` each came from on its client's connection.
  @exclusivity(unchecked) private var observers: [(server: RPCServer, sink: any MessageSink)] = []
  /// Each client's subscriptions: the engine builds the events of their union only (`Engine.recordedEvents`).
  @exclusivity(unchecked) private var subscriptions: [ObjectIdentifier: Set<EventKind>] = [:]

  public init(engine: Engine) {
    self.engine = engine
  }

  /// Attaches a client: it receives the events of the other clients' turns in `sink`.
  public func attach(_ server: RPCServer, sink: any MessageSink) {
    listeners.append((server, sink))
  }

  /// Attaches an in-process observer: it receives the events of every client's turns in `sink`, each naming the
  /// request of the client whose turn produced it. Nothing is written back to any client.
  package func observe(with server: RPCServer, sink: any MessageSink) {
    observers.append((server, sink))
  }

  /// Detaches a client (its connection closed). The world and its objects stay.
  public func detach(_ server: RPCServer) {
    listeners.removeAll { $0.server === server }
    observers.removeAll { $0.server === server }
    subscriptions[ObjectIdentifier(server)] = nil
    updateRecordedEvents()
  }

  /// A client's subscriptions changed (or it was made): the engine builds what some client subscribed to, and
  /// nothing else, so an event nobody reads costs nothing (Documentation/Protocol.md, "Events").
  func subscriptionsChanged(_ server: RPCServer) {
    subscriptions[ObjectIdentifier(server)] = server.subscriptions
    updateRecordedEvents()
  }

  private func updateRecordedEvents() {
    var categories = EngineEvent.Categories()
    for kinds in subscriptions.values {
      for kind in kinds { categories.insert(EngineEvent.Categories(kind.category)) }
    }
    engine.recordedEvents = categories
  }

  /// The clients attached.
  public var clientCount: Int { listeners.count }

  func broadcast(_ events: [EngineEvent], causes: EventCauses, from origin: RPCServer) {
    for listener in listeners where listener.server !== origin {
      listener.server.deliver(events, to: listener.sink)
    }
    for observer in observers where observer.server !== origin {
      observer.server.deliver(events, causes: causes, to: observer.sink)
    }
  }
}

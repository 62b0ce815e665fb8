public import ContainerEngine
import ContainerJSON
public import ContainerProtocol
public import ContainerTransport
public import Logging

/// Runs JSON-RPC calls against the engine and writes replies and events to a sink.
///
/// The server is confined to one thread: a connection feeds it framed messages in order, and every message is one
/// run-loop turn of the engine (a batch is one turn for all its calls, Documentation/Protocol.md, "Batches"). All
/// events of a turn are written before its response. This file holds the message handling and the reply; the dispatch
/// table is in `RPCServer+Dispatch.swift`, the handlers in `RPCServer+<Feature>.swift`.
public final class RPCServer {
  /// The configuration given at start.
  public let configuration: ServerConfiguration
  /// The engine.
  public let engine: Engine
  /// The method table.
  public let registry: MethodRegistry
  /// Set by `daemon/shutdown`: the connection stops reading, flushes and exits 0.
  @exclusivity(unchecked) public internal(set) var isShutdownRequested = false
  /// Where this connection is in the LSP lifecycle (`initialize` … `exit`; RPCServer+Lifecycle.swift).
  @exclusivity(unchecked) public internal(set) var lifecycle = LSPLifecycle()
  /// The framing of the message being handled (for `daemon/info`), and of notifications (the latest request's).
  @exclusivity(unchecked) public private(set) var currentFraming = Framing.lines
  /// The event kinds currently subscribed (the world's engine builds no event that no client subscribed to).
  public internal(set) var subscriptions: Set<EventKind> {
    didSet {
      subscribedCategories = Self.categories(subscriptions)
      world.subscriptionsChanged(self)
    }
  }
  /// `subscriptions` as the engine's categories: a bit test per event written, where the set hashed a string.
  @exclusivity(unchecked) private(set) var subscribedCategories = EngineEvent.Categories()

  static func categories(_ kinds: Set<EventKind>) -> EngineEvent.Categories {
    var categories = EngineEvent.Categories()
    for kind in kinds { categories.insert(EngineEvent.Categories(kind.category)) }
    return categories
  }
  /// When set, only events about these objects are written (`events/subscribe` `objects`).
  @exclusivity(unchecked) var objectFilter: Set<String>?
  /// The `seq` of the last event written.
  @exclusivity(unchecked) var nextSeq = 0
  /// Set on the servers that record the methods' examples (`MethodExampleRunner`): `rpc.discover` answers without
  /// examples there.
  @exclusivity(unchecked) var isRecordingExamples = false
  /// The world's JSON-side state, shared by the clients of one world (`serve --listen`).
  let world: World
  /// Row models given to `table/setData`, per table and section (nil: a section without models). The engine keeps
  /// no JSON; `table/select` answers with these.
  var tableModels: [String: [[JSONValue]?]] {
    get { world.tableModels }
    set { world.tableModels = newValue }
  }

  let logger: Logger
  /// Whether each handled call is logged (the logger's level, set at start, is debug or finer): read once here rather
  /// than through the logger's handler at every call.
  private let logsEachCall: Bool
  /// `RPCServer.handlers`, held here so that a call reaches its handler without the static's lazy-initialisation check.
  let handlers: [Handler]

  public init(configuration: ServerConfiguration = ServerConfiguration(), logger: Logger = Logger(label: "containerd"))
  {
    self.configuration = configuration
    self.registry = Methods.registry
    self.subscriptions = configuration.events
    self.subscribedCategories = Self.categories(configuration.events)
    self.world = World(
      engine: Engine(maxObjects: configuration.maxObjects, maxTreeDepth: configuration.maxTreeDepth))
    self.engine = world.engine
    engine.maxAnimationFrames = configuration.maxAnimationFrames
    engine.maxTurnEvents = configuration.maxTurnEvents
    engine.maxConstraints = configuration.maxConstraints
    engine.maxConstraintsPerView = configuration.maxConstraintsPerView
    self.logger = logger
    self.logsEachCall = logger.logLevel <= .debug
    self.handlers = Self.handlers
    world.subscriptionsChanged(self)
  }

  /// A server for one more client of `world` (`serve --listen`): its own subscriptions, `seq` and framing; the
  /// world's engine and models shared. It receives the events of every client's turns (by its own subscriptions).
  public init(joining world: World, configuration: ServerConfiguration, logger: Logger = Logger(label: "containerd")) {
    self.configuration = configuration
    self.registry = Methods.registry
    self.subscriptions = configuration.events
    self.subscribedCategories = Self.categories(configuration.events)
    self.world = world
    self.engine = world.engine
    self.logger = logger
    self.logsEachCall = logger.logLevel <= .debug
    self.handlers = Self.handlers
    world.subscriptionsChanged(self)
  }

  // MARK: - Messages

  /// Handles one output of the framer: a message (a call or a batch) or a framing error.
  public func handle(_ input: MessageFramer.Output, sink: any MessageSink) {
    switch input {
    case .error(let error, let framing):
      logger.debug("unreadable message", metadata: ["error": "\(error.message)"])
      sink.send(OutgoingMessage.response(id: .null, error: error), framing: framing)
    case .message(let value, let framing):
      currentFraming = framing
      handle(value, framing: framing, sink: sink)
    }
  }

  private func handle(_ value: JSONValue, framing: Framing, sink: any MessageSink) {
    if case .array(let elements) = value {
      guard !elements.isEmpty else {
        sink.send(
          OutgoingMessage.response(id: .null, error: .invalidRequest("empty batch")),
          framing: framing
        )
        return
      }
      engine.beginTurn()
      // Each response is encoded as soon as it is made, so a batch holds its output as bytes, not as values; the
      // output (responses and events) is bounded by `maxBatchOutput`.
      var responses = EncodedArray()
      var overLimit = false
      var unansweredInvalid = false
      var causes = EventCauses()
      for element in elements {
        if overLimit {
          if let refusal = Self.refusalOverBatchLimit(element, limit: configuration.maxBatchOutput) {
            responses.append(refusal)
          } else if case .invalid = DecodedCall(element) {
            unansweredInvalid = true
          }
          continue
        }
        let (reply, request) = handleCall(element)
        reply.append(to: &responses)
        if let request { causes.append(upTo: engine.events.count, request: request) }
        overLimit = responses.byteCount + engine.events.count * Self.eventSizeEstimate > configuration.maxBatchOutput
      }
      if unansweredInvalid {
        // One answer, last, for every invalid element without an id past the limit (`[1,1,…]` would otherwise answer
        // a 16 MiB line with a gigabyte of identical errors).
        responses.append(
          OutgoingMessage.response(
            id: .null, error: .limitReached("maxBatchOutput", value: configuration.maxBatchOutput)))
      }
      engine.endTurn()
      flushEvents(to: sink, causes: causes)
      if !responses.isEmpty { sink.send(encodedArray: responses.finish(), framing: framing) }
    } else {
      engine.beginTurn()
      let (reply, request) = handleCall(value)
      engine.endTurn()
      flushEvents(to: sink, causes: EventCauses(single: request ?? .null))
      Self.write(reply, framing: framing, to: sink)
    }
  }

  /// The bytes an event is counted as towards `maxBatchOutput` (about what a lifecycle event takes on the wire).
  static let eventSizeEstimate = 160

  /// The answer to a batch element left unrun because the batch's output passed `maxBatchOutput`: -32002 for a
  /// request, the usual -32600 for an invalid element whose id could be read, nothing for a notification nor for an
  /// invalid element without an id (all of those together get one -32002 with id `null` at the end of the reply).
  static func refusalOverBatchLimit(_ element: JSONValue, limit: Int) -> JSONValue? {
    switch DecodedCall(element) {
    case .invalid(let id, let error):
      guard id != .null else { return nil }
      return OutgoingMessage.response(id: id, error: error)
    case .call(let call):
      guard let id = call.id else { return nil }
      return OutgoingMessage.response(id: id, error: .limitReached("maxBatchOutput", value: limit))
    }
  }

  /// What a handler answers: a value, or a result written straight into the output with no value built (a result of
  /// many small objects, such as `table/visibleRows`' rows, where building, encoding and freeing the value cost more
  /// than the call).
  enum CallResult {
    case value(JSONValue)
    /// Writes the result, one JSON value, into the message being written. It may run twice (`JSONOutput.message`),
    /// and writes what `value` would encode to.
    case written((inout JSONOutput) -> Void)
  }

  /// The answer to one call: none (a notification), a result or an error, with the id to echo.
  enum Reply {
    case none
    case result(id: JSONValue, CallResult)
    case error(id: JSONValue, RPCError)

    /// Appends the response as a batch's element (the bytes of `OutgoingMessage.response` encoded).
    func append(to responses: inout EncodedArray) {
      switch self {
      case .none: return
      case .result(let id, let result): responses.append { out in Self.writeResponse(id: id, result: result, to: &out) }
      case .error(let id, let error): responses.append(OutgoingMessage.response(id: id, error: error))
      }
    }

    /// `{"id":…,"jsonrpc":"2.0","result":…}`, member by member.
    static func writeResponse(id: JSONValue, result: CallResult, to out: inout JSONOutput) {
      out.beginObject()
      out.key("id")
      out.value(id)
      out.key("jsonrpc")
      out.string("2.0" as StaticString)
      out.key("result")
      switch result {
      case .value(let value): out.value(value)
      case .written(let write): write(&out)
      }
      out.endObject()
    }
  }

  /// Runs one call; returns its reply (none for a notification) and the `request` its events carry: the call's id,
  /// `null` for a notification, `nil` for an element that is not a call or a call refused (Documentation/Protocol.md,
  /// "Which request an event came from").
  private func handleCall(_ value: JSONValue) -> (reply: Reply, request: JSONValue?) {
    switch DecodedCall(value) {
    case .invalid(let id, let error):
      return (.error(id: id, error), nil)
    case .call(let call):
      if lifecycle.isShutDown && call.method != "exit" {
        return (call.id.map { .error(id: $0, Self.shuttingDown) } ?? .none, nil)
      }
      let result: Result<CallResult, RPCError>
      let eventsBefore = engine.events.count
      do {
        // The method is looked up once: validation and dispatch take its index.
        let index = registry.index(of: call.method)
        let params = try registry.validate(call, method: index)
        // `validate` refused an unregistered method: `index` is set here.
        result = .success(try handlers[index ?? 0](self, params))
      } catch {
        // A failing call emits nothing (the engine checks before it acts; this keeps the promise regardless).
        engine.discardEvents(after: eventsBefore)
        result = .failure(error)
      }
      if logsEachCall { logHandled(call) }
      guard let id = call.id else {
        if case .failure = result { return (.none, nil) }
        return (.none, .null)
      }
      switch result {
      case .success(let value): return (.result(id: id, value), id)
      // A refused call emitted nothing, and the turn's end is not its doing: it names no span.
      case .failure(let error): return (.error(id: id, error), nil)
      }
    }
  }

  /// Logs a handled call (debug level; apart, so that a request at another level builds none of its metadata).
  @inline(never)
  private func logHandled(_ call: Call) {
    logger.debug("handled \(call.method)", metadata: ["id": "\(call.id?.encodedString ?? "-")"])
  }

  /// Writes a single call's reply: a result member by member into the output (`JSONOutput`, as events are written,
  /// with no response object built), the same bytes as `OutgoingMessage.response(id:result:)` encoded.
  static func write(_ reply: Reply, framing: Framing, to sink: any MessageSink) {
    switch reply {
    case .none:
      return
    case .result(let id, let result):
      sink.send(framing: framing) { out in Reply.writeResponse(id: id, result: result, to: &out) }
    case .error(let id, let error):
      sink.send(OutgoingMessage.response(id: id, error: error), framing: framing)
    }
  }
}

extension RPCServer: MessageHandler {
  /// A call of a `MethodSpec.mayTakeLong` method, or a batch holding one (looked up by name only: an invalid call
  /// is quick).
  public func mayTakeLong(_ input: MessageFramer.Output) -> Bool {
    guard case .message(let value, _) = input else { return false }
    func isLong(_ call: JSONValue) -> Bool {
      guard let name = call.objectValue?["method"]?.stringValue else { return false }
      return registry.index(of: name).map(registry.mayTakeLong(at:)) ?? false
    }
    if let elements = value.arrayValue { return elements.contains(where: isLong) }
    return isLong(value)
  }
}

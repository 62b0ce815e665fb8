public import ContainerEngine
import ContainerJSON
public import ContainerProtocol
public import ContainerTransport
public import Logging

/// Runs JSON-RPC calls against the engine and writes replies and events to a sink.
///
/// The server is confined to one thread: a connection feeds it framed messages in order, and every message is one
/// run-loop turn of the engine (a batch is one turn for all its calls, Documentation/Protocol.md, "Batches"). All
/// events of a turn are written before its response. This file holds the message handling and the dispatch `switch`;
/// handlers live in `RPCServer+<Feature>.swift`.
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
        let (response, request) = handleCall(element)
        if let response { responses.append(response) }
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
      let (response, request) = handleCall(value)
      engine.endTurn()
      flushEvents(to: sink, causes: EventCauses(single: request ?? .null))
      if let response { sink.send(response, framing: framing) }
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

  /// Runs one call; returns its response (`nil` for a notification) and the `request` its events carry: the call's id,
  /// `null` for a notification, `nil` for an element that is not a call or a call refused (Documentation/Protocol.md,
  /// "Which request an event came from").
  private func handleCall(_ value: JSONValue) -> (response: JSONValue?, request: JSONValue?) {
    switch DecodedCall(value) {
    case .invalid(let id, let error):
      return (OutgoingMessage.response(id: id, error: error), nil)
    case .call(let call):
      if lifecycle.isShutDown && call.method != "exit" {
        return (call.id.map { OutgoingMessage.response(id: $0, error: Self.shuttingDown) }, nil)
      }
      let result: Result<JSONValue, RPCError>
      let eventsBefore = engine.events.count
      do {
        let params = try registry.validate(call)
        result = .success(try dispatch(call, params))
      } catch {
        // A failing call emits nothing (the engine checks before it acts; this keeps the promise regardless).
        engine.discardEvents(after: eventsBefore)
        result = .failure(error)
      }
      if logger.logLevel <= .debug {
        logger.debug("handled \(call.method)", metadata: ["id": "\(call.id?.encodedString ?? "-")"])
      }
      guard let id = call.id else {
        if case .failure = result { return (nil, nil) }
        return (nil, .null)
      }
      switch result {
      case .success(let value): return (OutgoingMessage.response(id: id, result: value), id)
      // A refused call emitted nothing, and the turn's end is not its doing: it names no span.
      case .failure(let error): return (OutgoingMessage.response(id: id, error: error), nil)
      }
    }
  }

  // MARK: - Dispatch

  /// The one dispatch switch: every method of `Methods.all` has a case, which decodes the call's params into the
  /// method's typed params once (`Params.decode`; the handler's parameter type names them) and runs the handler.
  func dispatch(_ call: Call, _ params: Params) throws(RPCError) -> JSONValue {
    switch call.method {
    case "appearance/begin": return try appearanceBegin(params.decode())
    case "appearance/callDirectly": return try appearanceCallDirectly(params.decode())
    case "appearance/end": return try appearanceEnd(params.decode())
    case "behavior/add": return try behaviorAdd(params.decode())
    case "behavior/remove": return try behaviorRemove(params.decode())
    case "class/register": return try classRegister(params.decode())
    case "clock/advance": return try clockAdvance(params.decode())
    case "clock/configure": return try clockConfigure(params.decode())
    case "clock/now": return ["now": .number(engine.clock.now)]
    case "containment/addChild": return try containmentAddChild(params.decode())
    case "containment/didMove": return try containmentDidMove(params.decode())
    case "containment/embed": return try containmentEmbed(params.decode())
    case "containment/removeFromParent": return try containmentRemoveFromParent(params.decode())
    case "containment/transition": return try containmentTransition(params.decode())
    case "containment/unembed": return try containmentUnembed(params.decode())
    case "containment/willMove": return try containmentWillMove(params.decode())
    case "controller/configure": return try controllerConfigure(params.decode())
    case "controller/create": return try controllerCreate(params.decode())
    case "controller/destroy": return try controllerDestroy(params.decode())
    case "controller/get": return try controllerGet(params.decode())
    case "controller/loadView": return try controllerLoadView(params.decode())
    case "controller/unloadView": return try controllerUnloadView(params.decode())
    case "controller/setTraitOverrides": return try controllerSetTraitOverrides(params.decode())
    case "daemon/configure": return daemonConfigure(try params.decode())
    case "daemon/info": return daemonInfo()
    case "daemon/ping": return ["pong": true]
    case "daemon/shutdown": return daemonShutdown()
    case "events/subscribe": return eventsSubscribe(try params.decode())
    case "events/unsubscribe": return eventsUnsubscribe(try params.decode())
    case "exit": return lspExit()
    case "initialize": return try lspInitialize()
    case "initialized": return .null
    case "keyboard/hide": return try keyboardHide(params.decode())
    case "keyboard/show": return try keyboardShow(params.decode())
    case "layout/addConstraints": return try layoutAddConstraints(params.decode())
    case "layout/layoutIfNeeded": return try layoutLayoutIfNeeded(params.decode())
    case "layout/removeConstraints": return try layoutRemoveConstraints(params.decode())
    case "navigation/interactivePop": return try navigationInteractivePop(params.decode())
    case "navigation/pop": return try navigationPop(params.decode())
    case "navigation/popTo": return try navigationPopTo(params.decode())
    case "navigation/popToRoot": return try navigationPopToRoot(params.decode())
    case "navigation/push": return try navigationPush(params.decode())
    case "navigation/setNavigationBarHidden": return try navigationSetNavigationBarHidden(params.decode())
    case "navigation/setToolbarHidden": return try navigationSetToolbarHidden(params.decode())
    case "navigation/setViewControllers": return try navigationSetViewControllers(params.decode())
    case "paging/get": return try pagingGet(params.decode())
    case "paging/select": return try pagingSelect(params.decode())
    case "paging/setPages": return try pagingSetPages(params.decode())
    case "pageView/get": return try pageViewGet(params.decode())
    case "pageView/setPages": return try pageViewSetPages(params.decode())
    case "pageView/setViewControllers": return try pageViewSetViewControllers(params.decode())
    case "pageView/swipe": return try pageViewSwipe(params.decode())
    case "split/get": return try splitGet(params.decode())
    case "split/hide": return try splitHide(params.decode())
    case "split/setViewController": return try splitSetViewController(params.decode())
    case "split/show": return try splitShow(params.decode())
    case "split/showDetail": return try splitShowDetail(params.decode())
    case "split/showViewController": return try splitShowViewController(params.decode())
    case "split/viewController": return try splitViewController(params.decode())
    case "presentation/configureDelegate": return try presentationConfigureDelegate(params.decode())
    case "presentation/dismiss": return try presentationDismiss(params.decode())
    case "presentation/get": return try presentationGet(params.decode())
    case "presentation/interactiveDismiss": return try presentationInteractiveDismiss(params.decode())
    case "presentation/present": return try presentationPresent(params.decode())
    case "rpc.discover": return discover()
    case "scene/load": return try sceneLoad(params.decode())
    case "scroll/configure": return try scrollConfigure(params.decode())
    case "scroll/fling": return try scrollFling(params.decode())
    case "scroll/get": return try scrollGet(params.decode())
    case "scroll/pan": return try scrollPan(params.decode())
    case "scroll/scrollRectToVisible": return try scrollRectToVisible(params.decode())
    case "scroll/setContentOffset": return try scrollSetContentOffset(params.decode())
    case "shutdown": return lspShutdown()
    case "tab/select": return try tabSelect(params.decode())
    case "tab/setViewControllers": return try tabSetViewControllers(params.decode())
    case "traits/register": return try traitsRegister(params.decode())
    case "traits/unregister": return try traitsUnregister(params.decode())
    case "transition/animateAlongside": return try transitionAnimateAlongside(params.decode())
    case "transition/complete": return try transitionComplete(params.decode())
    case "transition/coordinator": return try transitionCoordinator(params.decode())
    case "transition/notifyWhenInteractionChanges": return try transitionNotifyWhenInteractionChanges(params.decode())
    case "transition/setAnimator": return try transitionSetAnimator(params.decode())
    case "transition/updateInteractive": return try transitionUpdateInteractive(params.decode())
    case "table/get": return try tableGet(params.decode())
    case "table/rectForRow": return try tableRectForRow(params.decode())
    case "table/register": return try tableRegister(params.decode())
    case "table/scrollToRow": return try tableScrollToRow(params.decode())
    case "table/select": return try tableSelect(params.decode())
    case "table/setData": return try tableSetData(params.decode())
    case "table/visibleRows": return try tableVisibleRows(params.decode())
    case "view/addSubview": return try viewAddSubview(params.decode())
    case "view/bringSubviewToFront": return try viewBringSubviewToFront(params.decode())
    case "view/configure": return try viewConfigure(params.decode())
    case "view/create": return try viewCreate(params.decode())
    case "view/focus": return try viewFocus(params.decode())
    case "view/get": return try viewGet(params.decode())
    case "view/hitTest": return try viewHitTest(params.decode())
    case "view/removeFromSuperview": return try viewRemoveFromSuperview(params.decode())
    case "view/setFrame": return try viewSetFrame(params.decode())
    case "window/configure": return try windowConfigure(params.decode())
    case "window/create": return try windowCreate(params.decode())
    case "window/resize": return try windowResize(params.decode())
    case "window/setRoot": return try windowSetRoot(params.decode())
    case "world/render": return try worldRender(params.decode())
    case "world/reset": return worldReset()
    case "world/snapshot": return try worldSnapshot(params.decode())
    default: throw RPCError.internalError("method \(call.method) is registered but has no handler")
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
      return registry.spec(name)?.mayTakeLong ?? false
    }
    if let elements = value.arrayValue { return elements.contains(where: isLong) }
    return isLong(value)
  }
}

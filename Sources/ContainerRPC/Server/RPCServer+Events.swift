import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// Event streaming: subscriptions, `seq`/`time`, and the wire form of engine events (Documentation/Protocol.md,
/// "Events").
extension RPCServer {
  /// Writes the engine's pending events to `sink`, in order, numbering those the client subscribed to; `causes` names
  /// the request each came from. Other clients of the world receive them with `request` null: the id is this
  /// client's, meaningless on their connection.
  func flushEvents(to sink: any MessageSink, causes: EventCauses) {
    engine.withDrainedEvents { events in
      deliver(events, causes: causes, to: sink)
      world.broadcast(events, causes: causes, from: self)
    }
  }

  /// Writes `events` to `sink` as this client subscribed to them, numbering them with its own `seq` and naming the
  /// request whose turn produced each (`request`, Documentation/Protocol.md, "Which request an event came from").
  func deliver(_ events: [EngineEvent], causes: EventCauses = EventCauses(single: .null), to sink: any MessageSink) {
    var causes = causes.cursor()
    // Each event is read in place (a buffer element passed along) rather than copied out of the array and captured.
    events.withUnsafeBufferPointer { events in
      for index in events.indices {
        let request = causes.next()
        // The kind first: writing an event nobody subscribed to would be wasted.
        guard subscribedCategories.contains(events[index].category) else { continue }
        if let filter = objectFilter, let object = Self.object(of: events[index]), !filter.contains(object) { continue }
        nextSeq += 1
        let seq = nextSeq
        // Straight from the event's fields into the output (RPCServer+EventOutput.swift); `notification(for:)` is the
        // same message as a value.
        sink.send(framing: currentFraming) { out in Self.write(events[index], request: request, seq: seq, to: &out) }
      }
    }
  }

  /// The notification `deliver` writes for `event`, as a value: the reference of the output path (tests), built from
  /// `wire(event)` and the four members every event carries.
  static func notification(for event: EngineEvent, request: JSONValue, seq: Int) -> JSONValue {
    let (method, _, params) = wire(event)
    var members = params
    members.reserveCapacity(members.count + 4)
    // `wire` never writes these four.
    members.insertNew("request", request)
    if !event.rule.isEmpty { members.insertNew("rule", .string(event.rule)) }
    members.insertNew("seq", .int(Int64(seq)))
    members.insertNew("time", .number(event.time))
    return OutgoingMessage.notification(method: method, params: .object(members))
  }

  /// The subscription kind of an event (the one `wire` reports).
  static func kind(of event: EngineEvent) -> EventKind {
    EventKind(event.category)
  }

  static func object(of event: EngineEvent) -> String? {
    switch event.kind {
    case .lifecycle(let controller, _, _, _, _, _, _, _): return controller
    case .layout(let view, _): return view
    case .completion(let controller, _, _): return controller
    case .warning(_, let object): return object
    case .offset(let view, _, _, _): return view
    case .scroll(let view, _, _, _, _): return view
    case .table(let table, _, _, _, _, _, _): return table
    case .delegate(let object, _, _, _, _): return object
    case .coordinator(let controller, _, _, _, _, _): return controller
    case .transitioning(let object, _, _): return object
    }
  }

  static func wire(_ event: EngineEvent) -> (String, EventKind, JSONObject) {
    switch event.kind {
    case .lifecycle(
      let controller, let callback, let animated, let parent, let flags, let size, let insets, let traits):
      // Room for what may follow and for rule, seq and time (`deliver`), built without a literal: the most frequent
      // event allocates its params once (see `JSONObject.init(minimumCapacity:)`).
      var params = JSONObject(minimumCapacity: 8)
      params.insertNew("callback", .string(callback.rawValue))
      params.insertNew("controller", .string(controller))
      if let animated { params["animated"] = .bool(animated) }
      if let parent { params["parent"] = parent.id.map { .string($0) } ?? .null }
      // R29 flags are meaningful only inside appearance callbacks; they are written there when true.
      if flags.isMovingToParent { params["isMovingToParent"] = true }
      if flags.isMovingFromParent { params["isMovingFromParent"] = true }
      if flags.isBeingPresented { params["isBeingPresented"] = true }
      if flags.isBeingDismissed { params["isBeingDismissed"] = true }
      if let size { params["size"] = ["width": .number(size.width), "height": .number(size.height)] }
      // R64: the new value, named after what changed.
      if let insets { params[callback == .viewSafeAreaInsetsDidChange ? "safeArea" : "layoutMargins"] = json(insets) }
      // R60–R63: the traits the callback reports.
      if let traits {
        params["traits"] = json(traits.traits)
        if let previous = traits.previous { params["previous"] = json(previous) }
        if let registration = traits.registration { params["registration"] = .string(registration) }
        if let view = traits.view { params["view"] = .string(view) }
      }
      // Layout callbacks are lifecycle events subscribed with the `layout` kind: Documentation/Protocol.md, "Example
      // exchange" leaves them out of the default stream "for brevity", and so does the daemon.
      return ("event/lifecycle", kind(of: event), params)
    case .layout(let view, let frame):
      return ("event/layout", .layout, ["frame": RPCServer.json(frame), "view": .string(view)])
    case .completion(let controller, let of, let finished):
      return (
        "event/completion", .completion,
        ["controller": .string(controller), "finished": .bool(finished), "of": .string(of)]
      )
    case .warning(let message, let object):
      var params: JSONObject = ["message": .string(message)]
      if let object { params["object"] = .string(object) }
      return ("event/warning", .warning, params)
    case .offset(let view, let x, let y, let cause):
      return (
        "event/offset", .offset, ["cause": .string(cause), "view": .string(view), "x": .number(x), "y": .number(y)]
      )
    case .scroll(let view, let callback, let velocity, let target, let willDecelerate):
      var params: JSONObject = ["callback": .string(callback.rawValue), "view": .string(view)]
      if let velocity { params["velocity"] = ["x": .number(velocity.x), "y": .number(velocity.y)] }
      if let target { params["targetContentOffset"] = ["x": .number(target.x), "y": .number(target.y)] }
      if let willDecelerate { params["willDecelerate"] = .bool(willDecelerate) }
      return ("event/scroll", .scroll, params)
    case .table(let table, let callback, let section, let row, let identifier, let reused, let cell):
      var params: JSONObject = [
        "callback": .string(callback.rawValue), "row": .int(Int64(row)), "section": .int(Int64(section)),
        "table": .string(table),
      ]
      if let identifier { params["identifier"] = .string(identifier) }
      if let reused { params["reused"] = .bool(reused) }
      if let cell { params["cell"] = .int(Int64(cell)) }
      return ("event/table", .table, params)
    case .delegate(let object, let delegateProtocol, let callback, let args, let result):
      var arguments = JSONObject()
      for argument in args { arguments[argument.name] = json(argument.value) }
      var params: JSONObject = [
        "object": .string(object), "protocol": .string(delegateProtocol), "callback": .string(callback),
        "args": .object(arguments),
      ]
      if let result { params["result"] = json(result) }
      return ("event/delegate", .delegate, params)
    case .coordinator(let controller, let tag, let callback, let isCancelled, let isInteractive, let percent):
      return (
        "event/coordinator", .coordinator,
        [
          "controller": .string(controller), "tag": .string(tag), "callback": .string(callback.rawValue),
          "isCancelled": .bool(isCancelled), "isInteractive": .bool(isInteractive), "percentComplete": .number(percent),
        ]
      )
    case .transitioning(let object, let callback, let didComplete):
      var params: JSONObject = ["object": .string(object), "callback": .string(callback.rawValue)]
      if let didComplete { params["didComplete"] = .bool(didComplete) }
      return ("event/transitioning", .transitioning, params)
    }
  }

  /// A data source or delegate call's argument or result as the wire writes it.
  static func json(_ value: EngineEvent.DelegateValue) -> JSONValue {
    switch value {
    case .id(let id): return .string(id)
    case .ids(let ids): return .array(ids.map { .string($0) })
    case .string(let name): return .string(name)
    case .bool(let flag): return .bool(flag)
    case .null: return .null
    }
  }

  func eventsSubscribe(_ params: EventsSubscribeParams) -> JSONValue {
    subscriptions.formUnion(params.kinds)
    if let objects = params.objects { objectFilter = Set(objects) }
    return [:]
  }

  func eventsUnsubscribe(_ params: EventsUnsubscribeParams) -> JSONValue {
    subscriptions.subtract(params.kinds)
    return [:]
  }
}

/// Which request each event of a turn came from (the `request` member of every event, Documentation/Protocol.md, "Which
/// request an event came from"): the events of a turn in order, cut into spans, one per call of the turn; events past
/// the last span (the turn's end: layout, window-driven completions) belong to the last call.
struct EventCauses {
  private var spans: [(end: Int, request: JSONValue)] = []
  private var last: JSONValue

  /// A turn of one call: every event is `request`'s.
  init(single request: JSONValue) { last = request }

  /// A batch's turn, spans appended as its calls run.
  init() { last = .null }

  /// The events before index `end` not claimed by an earlier span are `request`'s.
  mutating func append(upTo end: Int, request: JSONValue) {
    spans.append((end, request))
    last = request
  }

  func cursor() -> Cursor { Cursor(causes: self) }

  /// Walks the events in order.
  struct Cursor {
    let causes: EventCauses
    var index = 0
    var span = 0

    /// The request of the next event.
    mutating func next() -> JSONValue {
      defer { index += 1 }
      while span < causes.spans.count, causes.spans[span].end <= index { span += 1 }
      return span < causes.spans.count ? causes.spans[span].request : causes.last
    }
  }
}

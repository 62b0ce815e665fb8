import ContainerEngine
package import ContainerJSON
package import ContainerProtocol
package import ContainerTransport

/// Watches a server's world while a session or a scenario runs and keeps what a ``Timeline`` needs.
///
/// It joins the world as an in-process observer (`World.observe`) with its own subscription, so it sees the
/// callbacks, completions, scroll and table callbacks, offsets and warnings whatever the client subscribed to, each
/// naming the request that caused it, and it changes nothing the client reads: the client's events, `seq` numbers and
/// replies are the same bytes with or without it. Layout callbacks and frame changes are left out (as `check`'s
/// lifecycle lists leave them out), unless asked for. Between steps it reads the engine directly (no call, no turn):
/// the virtual clock, which window each controller and scroll view is in, and, when asked, each window's wireframe.
package final class TimelineRecorder {
  /// The kinds the observer subscribes to by default.
  package static let defaultKinds: Set<EventKind> = [.lifecycle, .completion, .warning, .scroll, .table, .offset]

  private let engine: Engine
  private let observer: RPCServer
  private let sink = CollectingSink()
  private let wireframes: Bool
  private var objects: [Timeline.Object] = []
  private var objectIndex: [String: Int] = [:]
  private var windows: [String] = []
  private var steps: [Timeline.Step] = []
  private var current: Timeline.Step?

  /// Observes `server`'s world; `wireframes` renders every window after each step; `kinds` are the events kept.
  package init(server: RPCServer, wireframes: Bool = false, kinds: Set<EventKind> = TimelineRecorder.defaultKinds) {
    engine = server.engine
    var configuration = server.configuration
    configuration.events = kinds
    observer = RPCServer(joining: server.world, configuration: configuration, logger: server.logger)
    self.wireframes = wireframes
    server.world.observe(with: observer, sink: sink)
  }

  /// A step begins: the calls it sends (method and params, null where none) and the ids they carry.
  package func begin(methods: [String], params: [JSONValue], requests: [JSONValue]) {
    current = Timeline.Step(
      number: steps.count + 1, methods: methods, params: params, requests: requests, start: engine.clock.now,
      end: engine.clock.now)
  }

  /// A request or batch begins (as `record` sees it): its calls, read from the message.
  package func begin(message: JSONValue) {
    let calls = message.arrayValue ?? [message]
    begin(
      methods: calls.map { $0["method"]?.stringValue ?? "?" }, params: calls.map { $0["params"] ?? .null },
      requests: calls.compactMap { $0["id"] })
  }

  /// The step that began last has ended, with these failed expectations.
  package func end(failures: [String] = []) {
    guard var step = current else { return }
    current = nil
    step.end = engine.clock.now
    step.failures = failures
    let snapshot = try? engine.snapshot(root: nil)
    for controller in snapshot?.controllers ?? [] {
      note(
        Timeline.Object(
          id: controller.id, kind: .controller, className: controller.className ?? controller.kind.rawValue,
          window: controller.view?.window?.id))
    }
    for view in snapshot?.views ?? [] {
      if view.kind == .UIWindow {
        if !windows.contains(view.id) { windows.append(view.id) }
      } else if view.scroll != nil {
        note(Timeline.Object(id: view.id, kind: .scrollView, className: view.kind.rawValue, window: view.window?.id))
      }
    }
    if wireframes {
      for window in snapshot?.windows ?? [] {
        if let svg = try? engine.renderSVG(window) { step.wireframes.append((window.id, svg)) }
      }
    }
    steps.append(step)
  }

  /// Drops the step that began last (a message that was no step: the LSP handshake).
  package func discard() {
    current = nil
  }

  /// The timeline so far.
  package func timeline(name: String, file: String = "", failures: [String] = []) -> Timeline {
    Timeline(
      name: name, file: file, events: sink.events, objects: objects, windows: windows, steps: steps,
      failures: failures)
  }

  /// Keeps the first window an object was seen in, and its latest class.
  private func note(_ object: Timeline.Object) {
    if let index = objectIndex[object.id] {
      objects[index].className = object.className
      if objects[index].window == nil { objects[index].window = object.window }
    } else {
      objectIndex[object.id] = objects.count
      objects.append(object)
    }
  }
}

/// Keeps the observer's events (`{"method", "params"}`), in order.
private final class CollectingSink: MessageSink {
  private(set) var events: [JSONValue] = []

  func send(_ message: JSONValue, framing: Framing) {
    guard let method = message["method"], let params = message["params"] else { return }
    events.append(["method": method, "params": params])
  }

  func send(encodedArray bytes: [UInt8], framing: Framing) {}
}

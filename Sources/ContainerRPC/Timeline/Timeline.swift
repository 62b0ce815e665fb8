package import ContainerJSON

/// What one run of a world produced, kept for the timeline views (`Documentation/Timeline.md`): the events as the wire
/// writes them, the objects they name (which window each lives in, its class), and the steps (the requests) with the
/// virtual time each began and ended at, its failed expectations, and the wireframe of each window after it.
///
/// Built by ``TimelineRecorder`` while a session or a scenario runs, or by hand from literal events (the tests); read
/// by ``TimelineTracks`` (tracks, marks, spans), ``ChromeTrace`` (the Trace Event file) and ``TimelinePage`` (HTML).
package struct Timeline: Sendable {
  /// An object a track stands for.
  package struct Object: Sendable, Equatable {
    package enum Kind: String, Sendable {
      case controller
      case scrollView
    }

    package var id: String
    package var kind: Kind
    /// The class a person would recognise: a controller's `className` (else its kind), a scroll view's kind.
    package var className: String
    /// The window the object was first seen in (nil: never in a window).
    package var window: String?

    package init(id: String, kind: Kind, className: String, window: String?) {
      self.id = id
      self.kind = kind
      self.className = className
      self.window = window
    }
  }

  /// One step of the run: a request, or a batch of them (one run-loop turn).
  package struct Step: Sendable {
    /// 1-based, in the order the steps ran.
    package var number: Int
    /// The methods called (one, or every call of a batch).
    package var methods: [String]
    /// The params of each call (null where none).
    package var params: [JSONValue]
    /// The ids the calls carried on the wire: the `request` of the events they caused.
    package var requests: [JSONValue]
    /// Virtual time (ms) when the step began and ended.
    package var start: Double
    package var end: Double
    /// The step's failed expectations (`check`), each as `check` prints it without the `step N (method): ` prefix.
    package var failures: [String]
    /// The wireframe SVG of each window after the step (`world/render`), in window order; empty when not recorded.
    package var wireframes: [(window: String, svg: String)]

    package init(
      number: Int, methods: [String], params: [JSONValue], requests: [JSONValue], start: Double, end: Double,
      failures: [String] = [], wireframes: [(window: String, svg: String)] = []
    ) {
      self.number = number
      self.methods = methods
      self.params = params
      self.requests = requests
      self.start = start
      self.end = end
      self.failures = failures
      self.wireframes = wireframes
    }

    /// How the step reads in a list: its method, or `batch (a, b)`.
    package var title: String {
      methods.count == 1 && requests.count <= 1 ? methods[0] : "batch (" + methods.joined(separator: ", ") + ")"
    }
  }

  /// The scenario's (or session's) name, and the file it came from (empty for a live session).
  package var name: String
  package var file: String
  /// The events in the order they were written: `{"method": "event/…", "params": {…}}` (other members ignored).
  package var events: [JSONValue]
  /// The objects the events name, in the order first seen; ids the events name that are missing here get a track
  /// of unknown class, outside any window.
  package var objects: [Object]
  /// The windows, in creation order.
  package var windows: [String]
  package var steps: [Step]
  /// Failures not tied to a step (a scenario's `subscribe` or `options` refused).
  package var failures: [String]

  package init(
    name: String, file: String = "", events: [JSONValue], objects: [Object] = [], windows: [String] = [],
    steps: [Step] = [], failures: [String] = []
  ) {
    self.name = name
    self.file = file
    self.events = events
    self.objects = objects
    self.windows = windows
    self.steps = steps
    self.failures = failures
  }

  /// Whether every expectation held.
  package var passed: Bool { failures.isEmpty && steps.allSatisfy { $0.failures.isEmpty } }
}

extension Timeline {
  /// The timeline as one JSON value (`check --jobs` hands timelines from the child processes to the parent).
  package var json: JSONValue {
    [
      "name": .string(name), "file": .string(file), "events": .array(events),
      "objects": .array(
        objects.map { object in
          [
            "id": .string(object.id), "kind": .string(object.kind.rawValue), "className": .string(object.className),
            "window": object.window.map { .string($0) } ?? .null,
          ]
        }),
      "windows": .array(windows.map { .string($0) }),
      "steps": .array(
        steps.map { step in
          [
            "number": .int(Int64(step.number)), "methods": .array(step.methods.map { .string($0) }),
            "params": .array(step.params), "requests": .array(step.requests), "start": .number(step.start),
            "end": .number(step.end), "failures": .array(step.failures.map { .string($0) }),
            "wireframes": .array(step.wireframes.map { [.string($0.window), .string($0.svg)] }),
          ]
        }),
      "failures": .array(failures.map { .string($0) }),
    ]
  }

  /// A timeline from `json` (nil when it is not one).
  package init?(json: JSONValue) {
    guard let name = json["name"]?.stringValue, let events = json["events"]?.arrayValue else { return nil }
    var objects: [Object] = []
    for object in json["objects"]?.arrayValue ?? [] {
      guard let id = object["id"]?.stringValue, let kind = object["kind"]?.stringValue.flatMap(Object.Kind.init)
      else { return nil }
      objects.append(
        Object(
          id: id, kind: kind, className: object["className"]?.stringValue ?? "", window: object["window"]?.stringValue))
    }
    var steps: [Step] = []
    for step in json["steps"]?.arrayValue ?? [] {
      steps.append(
        Step(
          number: Int(step["number"]?.intValue ?? 0),
          methods: (step["methods"]?.arrayValue ?? []).compactMap(\.stringValue),
          params: step["params"]?.arrayValue ?? [], requests: step["requests"]?.arrayValue ?? [],
          start: step["start"]?.doubleValue ?? 0, end: step["end"]?.doubleValue ?? 0,
          failures: (step["failures"]?.arrayValue ?? []).compactMap(\.stringValue),
          wireframes: (step["wireframes"]?.arrayValue ?? []).compactMap { pair in
            guard let window = pair.arrayValue?.first?.stringValue, let svg = pair.arrayValue?.last?.stringValue
            else { return nil }
            return (window, svg)
          }))
    }
    self.init(
      name: name, file: json["file"]?.stringValue ?? "", events: events, objects: objects,
      windows: (json["windows"]?.arrayValue ?? []).compactMap(\.stringValue), steps: steps,
      failures: (json["failures"]?.arrayValue ?? []).compactMap(\.stringValue))
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// Runs scenarios against a fresh in-process server each (the same code path as the daemon's stdio loop:
/// framing, dispatch, events, responses), and reports what failed.
public struct ScenarioRunner {
  /// The outcome of one scenario.
  public struct Outcome: Sendable {
    public var scenario: String
    public var file: String
    public var steps: Int
    /// Empty when it passed; else every failed expectation, `step N (method): what`.
    public var failures: [String]
    public var seconds: Double
    public var passed: Bool { failures.isEmpty }
    /// What happened, when the run kept it (`runKeepingTimeline`: `check --html`).
    package var timeline: Timeline?
  }

  public var configuration: ServerConfiguration

  public init(configuration: ServerConfiguration = ServerConfiguration()) {
    self.configuration = configuration
  }

  /// Runs one scenario; `clock` measures wall time (injected: the library does no I/O of its own).
  public func run(_ scenario: Scenario, file: String, clock: () -> Double = { 0 }) -> Outcome {
    run(scenario, file: file, clock: clock, observe: { _ in nil }).outcome
  }

  /// Runs one scenario as `run` does and keeps its ``Timeline`` (`wireframes`: each window drawn after each step).
  package func runKeepingTimeline(
    _ scenario: Scenario, file: String, wireframes: Bool, clock: () -> Double = { 0 }
  ) -> (outcome: Outcome, timeline: Timeline) {
    let result = run(scenario, file: file, clock: clock) { server in
      var kinds = TimelineRecorder.defaultKinds
      if scenario.layoutCallbacks || scenario.subscribe.contains("layout") { kinds.insert(.layout) }
      return TimelineRecorder(server: server, wireframes: wireframes, kinds: kinds)
    }
    let timeline =
      result.recorder?.timeline(name: scenario.name, file: file, failures: result.setupFailures)
      ?? Timeline(name: scenario.name, file: file, events: [])
    var outcome = result.outcome
    outcome.timeline = timeline
    return (outcome, timeline)
  }

  private func run(
    _ scenario: Scenario, file: String, clock: () -> Double, observe: (RPCServer) -> TimelineRecorder?
  ) -> (outcome: Outcome, recorder: TimelineRecorder?, setupFailures: [String]) {
    let start = clock()
    let server = RPCServer(configuration: configuration)
    let recorder = observe(server)
    let connection = InMemoryConnection(handler: server)
    var nextID = 0
    func send(_ method: String, _ params: JSONValue?) -> (events: [JSONValue], response: JSONValue) {
      nextID += 1
      var request: JSONObject = ["jsonrpc": "2.0", "id": .int(Int64(nextID)), "method": .string(method)]
      if let params { request["params"] = params }
      let output = connection.send(JSONValue.object(request).encodedString + "\n")
      var lines = output.split(separator: "\n").map { (try? JSONValue.parse(String($0))) ?? .null }
      let response = lines.popLast() ?? .null
      return (lines, response)
    }
    var failures: [String] = []
    let subscribed = send("events/subscribe", ["kinds": .array(scenario.subscribe.map { .string($0) })])
    if let error = subscribed.response["error"] { failures.append("subscribe: \(error.encodedString)") }
    if let options = scenario.options {
      let configured = send("daemon/configure", ["options": options])
      if let error = configured.response["error"] { failures.append("options: \(error.encodedString)") }
    }
    let setupFailures = failures
    func sendBatch(_ calls: [(method: String, params: JSONValue?)]) -> (events: [JSONValue], responses: [JSONValue]) {
      let requests: [JSONValue] = calls.map { call in
        nextID += 1
        var request: JSONObject = ["jsonrpc": "2.0", "id": .int(Int64(nextID)), "method": .string(call.method)]
        if let params = call.params { request["params"] = params }
        return .object(request)
      }
      let output = connection.send(JSONValue.array(requests).encodedString + "\n")
      var lines = output.split(separator: "\n").map { (try? JSONValue.parse(String($0))) ?? .null }
      let responses = lines.popLast()?.arrayValue ?? []
      return (lines, responses)
    }
    for (index, step) in scenario.steps.enumerated() {
      let calls = step.batch ?? [(step.method, step.params)]
      recorder?.begin(
        methods: calls.map(\.method), params: calls.map { $0.params ?? .null },
        requests: (1...calls.count).map { .int(Int64(nextID + $0)) })
      if let calls = step.batch {
        let (events, responses) = sendBatch(calls)
        let label = "step \(index + 1) (batch)"
        let tolerance = step.tolerance ?? scenario.tolerance
        var problems = check(
          step, events: events, response: .null, tolerance: tolerance, layout: scenario.layoutCallbacks)
        for (offset, response) in responses.enumerated() {
          // An error the step's `results` expects at this place (`{"error": {…}}`, as `record` writes it) is no
          // surprise: `results` compares it.
          let expectsError = step.results.map { offset < $0.count && $0[offset]["error"] != nil } ?? false
          if let error = response["error"], step.error == nil, !expectsError {
            problems.append("batch[\(offset)] (\(calls[offset].method)): unexpected error \(error.encodedString)")
          }
        }
        if let expected = step.results {
          problems += Self.mismatches(
            .array(expected), .array(responses.map { $0["result"] ?? $0 }), at: "results", tolerance: tolerance)
        }
        failures += problems.map { "\(label): \($0)" }
        recorder?.end(failures: problems)
        continue
      }
      let (events, response) = send(step.method, step.params)
      let label = "step \(index + 1) (\(step.method))"
      let tolerance = step.tolerance ?? scenario.tolerance
      let problems = check(
        step, events: events, response: response, tolerance: tolerance, layout: scenario.layoutCallbacks)
      failures += problems.map { "\(label): \($0)" }
      recorder?.end(failures: problems)
    }
    let outcome = Outcome(
      scenario: scenario.name, file: file, steps: scenario.steps.count, failures: failures, seconds: clock() - start)
    return (outcome, recorder, setupFailures)
  }

  private func check(_ step: Scenario.Step, events: [JSONValue], response: JSONValue, tolerance: Double, layout: Bool)
    -> [String]
  {
    var failures: [String] = []
    if let expected = step.error {
      if let error = response["error"] {
        var actual = error.objectValue ?? [:]
        for (key, value) in error["data"]?.objectValue ?? [:] where actual[key] == nil { actual[key] = value }
        failures += Self.mismatches(expected, .object(actual), at: "error", tolerance: tolerance)
      } else {
        failures.append("expected an error, got result \(response["result"]?.encodedString ?? "null")")
      }
    } else if step.batch == nil, let error = response["error"] {
      failures.append("unexpected error \(error.encodedString)")
    }
    if let expected = step.result, let result = response["result"] {
      failures += Self.mismatches(expected, result, at: "result", tolerance: tolerance)
    }
    if let expected = step.lifecycle {
      let actual = events.filter { event in
        guard event["method"] == "event/lifecycle" else { return false }
        return layout || !Self.isLayoutCallback(event["params"]?["callback"]?.stringValue)
      }.map(EventTrace.describe)
      if actual != expected {
        failures.append("lifecycle: expected \(Self.list(expected)), got \(Self.list(actual))")
      }
    }
    if let expected = step.events {
      var position = 0
      for (index, want) in expected.enumerated() {
        guard
          let found = events[position...].firstIndex(where: {
            Self.mismatches(want, $0, at: "", tolerance: tolerance).isEmpty
          })
        else {
          failures.append("events[\(index)]: \(want.encodedString) not found in order among \(events.count) events")
          break
        }
        position = found + 1
      }
    }
    for (method, count) in step.counts ?? [] {
      let actual = events.filter { $0["method"]?.stringValue == method }.count
      if actual != count { failures.append("counts.\(method): expected \(count), got \(actual)") }
    }
    return failures
  }

  /// Whether a lifecycle callback is of the `layout` kind: the layout pair and R64's geometry callbacks, which a
  /// scenario's `lifecycle` list leaves out unless it asks for layout.
  package static func isLayoutCallback(_ callback: String?) -> Bool {
    guard let callback else { return false }
    return [
      "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewLayoutMarginsDidChange", "viewSafeAreaInsetsDidChange",
    ]
    .contains(callback)
  }

  private static func list(_ lines: [String]) -> String {
    "[" + lines.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
  }

  /// Where `actual` fails to contain `expected`: objects partially (every expected key), arrays of the same length
  /// element by element, numbers within `tolerance`, everything else equal.
  static func mismatches(_ expected: JSONValue, _ actual: JSONValue, at path: String, tolerance: Double) -> [String] {
    switch (expected, actual) {
    case (.object(let want), .object(let have)):
      var problems: [String] = []
      for (key, value) in want {
        let keyPath = path.isEmpty ? key : "\(path).\(key)"
        guard let other = have[key] else {
          problems.append("\(keyPath): missing (expected \(value.encodedString))")
          continue
        }
        problems += mismatches(value, other, at: keyPath, tolerance: tolerance)
      }
      return problems
    case (.array(let want), .array(let have)):
      guard want.count == have.count else {
        return ["\(path): expected \(want.count) elements, got \(have.count): \(actual.encodedString)"]
      }
      return zip(want, have).enumerated().flatMap { index, pair in
        mismatches(pair.0, pair.1, at: "\(path)[\(index)]", tolerance: tolerance)
      }
    default:
      if let want = expected.doubleValue, let have = actual.doubleValue, expected.boolValue == nil {
        return abs(want - have) <= tolerance
          ? [] : ["\(path): expected \(expected.encodedString), got \(actual.encodedString)"]
      }
      return expected == actual ? [] : ["\(path): expected \(expected.encodedString), got \(actual.encodedString)"]
    }
  }

  /// A JUnit XML report (one test suite per file, one test case per scenario).
  public static func junit(_ outcomes: [Outcome]) -> String {
    var files: [String] = []
    var byFile: [String: [Outcome]] = [:]
    for outcome in outcomes {
      if byFile[outcome.file] == nil { files.append(outcome.file) }
      byFile[outcome.file, default: []].append(outcome)
    }
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    let failed = outcomes.filter { !$0.passed }.count
    xml += "<testsuites name=\"containerd check\" tests=\"\(outcomes.count)\" failures=\"\(failed)\">\n"
    for file in files {
      let items = byFile[file] ?? []
      let time = items.reduce(0) { $0 + $1.seconds }
      xml +=
        "  <testsuite name=\"\(escape(file))\" tests=\"\(items.count)\" failures=\"\(items.filter { !$0.passed }.count)\" "
        + "time=\"\(time)\">\n"
      for item in items {
        xml += "    <testcase classname=\"\(escape(file))\" name=\"\(escape(item.scenario))\" time=\"\(item.seconds)\""
        if item.passed {
          xml += "/>\n"
        } else {
          xml += ">\n      <failure message=\"\(escape(item.failures[0]))\">"
          xml += escape(item.failures.joined(separator: "\n")) + "</failure>\n    </testcase>\n"
        }
      }
      xml += "  </testsuite>\n"
    }
    return xml + "</testsuites>\n"
  }

  static func escape(_ text: String) -> String { SVGWriter.escape(text) }
}

extension ScenarioRunner.Outcome {
  /// An outcome from its parts (`check --jobs` reads them back from the process that ran the file).
  package static func make(scenario: String, file: String, steps: Int, failures: [String], seconds: Double) -> Self {
    Self(scenario: scenario, file: file, steps: steps, failures: failures, seconds: seconds)
  }
}

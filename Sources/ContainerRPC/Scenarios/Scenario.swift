import ContainerEngine
public import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// Scenario files for `containerd check` (Documentation/Scenarios.md): steps of calls, each with optional
/// expectations, run against a fresh world.
public struct Scenario: Sendable {
  /// One call and what it must produce.
  public struct Step: Sendable {
    /// The method, or `batch` for a batch step.
    public var method: String
    public var params: JSONValue?
    /// A batch step (one run-loop turn): its calls; `results` lists what each must return.
    public var batch: [(method: String, params: JSONValue?)]?
    public var results: [JSONValue]?
    /// The result must contain this (objects partially, arrays element by element, numbers within tolerance).
    public var result: JSONValue?
    /// The call must fail: `{code?, message?, exception?, reason?, path?}` matched against `error` and `error.data`.
    public var error: JSONValue?
    /// The exact lifecycle callbacks of the call, as trace lines (`child.viewWillAppear R6`); layout callbacks are
    /// left out unless the scenario sets `layoutCallbacks`.
    public var lifecycle: [String]?
    /// Events that must appear, in this order, among the call's events (each matched partially).
    public var events: [JSONValue]?
    /// How many events of each method the call must write (`{"event/offset": 18}`).
    public var counts: [(String, Int)]?
    /// Tolerance for numbers in this step's expectations (default: the scenario's).
    public var tolerance: Double?
    /// Where the step is in its file, for messages.
    public var path: String
  }

  public var name: String
  public var steps: [Step]
  /// Event kinds the run subscribes to (default all).
  public var subscribe: [String]
  public var layoutCallbacks: Bool
  public var tolerance: Double
  /// `daemon/configure` options applied before the first step.
  public var options: JSONValue?

  /// The scenarios in a file: one scenario object, an array of them, or `{"scenarios": [...]}`.
  public static func parse(_ text: String, file: String) throws(ScenarioError) -> [Scenario] {
    let document: JSONValue
    do {
      document = try JSONValue.parse(text)
    } catch {
      let place = error.offset.map { " at byte \($0)" } ?? ""
      throw ScenarioError(
        file: file, path: "$",
        message:
          "not JSON\(place): \(error.message) (a scenario file is one JSON document; a .jsonl transcript of requests "
          + "is piped into `containerd serve` instead)")
    }
    let items: [JSONValue]
    if let list = document.arrayValue {
      items = list
    } else if let list = document["scenarios"]?.arrayValue {
      items = list
    } else {
      items = [document]
    }
    var scenarios: [Scenario] = []
    for (index, item) in items.enumerated() {
      scenarios.append(try scenario(item, file: file, path: items.count == 1 ? "$" : "$[\(index)]", index: index))
    }
    return scenarios
  }

  private static let scenarioKeys: Set<String> = [
    "name", "steps", "subscribe", "layoutCallbacks", "tolerance", "options", "description",
  ]
  private static let stepKeys: Set<String> = [
    "call", "params", "batch", "result", "results", "error", "lifecycle", "events", "counts", "tolerance", "note",
  ]

  private static func scenario(_ value: JSONValue, file: String, path: String, index: Int) throws(ScenarioError)
    -> Scenario
  {
    guard let members = value.objectValue else { throw ScenarioError(file: file, path: path, message: "not an object") }
    for key in members.keys where !scenarioKeys.contains(key) {
      throw ScenarioError(
        file: file, path: "\(path).\(key)",
        message: "unknown member (expected one of \(scenarioKeys.sorted().joined(separator: ", ")))")
    }
    guard let stepValues = members["steps"]?.arrayValue else {
      throw ScenarioError(file: file, path: "\(path).steps", message: "missing steps (an array)")
    }
    var steps: [Step] = []
    for (stepIndex, stepValue) in stepValues.enumerated() {
      let stepPath = "\(path).steps[\(stepIndex)]"
      guard let step = stepValue.objectValue else {
        throw ScenarioError(file: file, path: stepPath, message: "not an object")
      }
      for key in step.keys where !stepKeys.contains(key) {
        throw ScenarioError(
          file: file, path: "\(stepPath).\(key)",
          message: "unknown member (expected one of \(stepKeys.sorted().joined(separator: ", ")))")
      }
      var batch: [(method: String, params: JSONValue?)]?
      if let calls = step["batch"] {
        guard let array = calls.arrayValue, !array.isEmpty else {
          throw ScenarioError(file: file, path: "\(stepPath).batch", message: "must be a non-empty array of calls")
        }
        batch = try array.enumerated().map { index, call throws(ScenarioError) in
          guard let method = call["call"]?.stringValue else {
            throw ScenarioError(file: file, path: "\(stepPath).batch[\(index)].call", message: "missing call")
          }
          return (method, call["params"])
        }
      }
      guard let method = step["call"]?.stringValue ?? (batch != nil ? "batch" : nil) else {
        throw ScenarioError(file: file, path: "\(stepPath).call", message: "missing call (a method name) or batch")
      }
      var lifecycle: [String]?
      if let lines = step["lifecycle"] {
        guard let array = lines.arrayValue, array.allSatisfy({ $0.stringValue != nil }) else {
          throw ScenarioError(file: file, path: "\(stepPath).lifecycle", message: "must be an array of strings")
        }
        lifecycle = array.compactMap(\.stringValue)
      }
      var counts: [(String, Int)]?
      if let object = step["counts"] {
        guard let pairs = object.objectValue else {
          throw ScenarioError(file: file, path: "\(stepPath).counts", message: "must be an object of integers")
        }
        counts = try pairs.map { key, value throws(ScenarioError) in
          guard let count = value.intValue else {
            throw ScenarioError(file: file, path: "\(stepPath).counts.\(key)", message: "must be an integer")
          }
          return (key, Int(count))
        }
      }
      if let events = step["events"], events.arrayValue == nil {
        throw ScenarioError(file: file, path: "\(stepPath).events", message: "must be an array of events")
      }
      steps.append(
        Step(
          method: method, params: step["params"], batch: batch, results: step["results"]?.arrayValue,
          result: step["result"], error: step["error"], lifecycle: lifecycle,
          events: step["events"]?.arrayValue, counts: counts, tolerance: step["tolerance"]?.doubleValue,
          path: stepPath))
    }
    return Scenario(
      name: members["name"]?.stringValue ?? "\(file) #\(index + 1)", steps: steps,
      subscribe: members["subscribe"]?.arrayValue?.compactMap(\.stringValue) ?? ["all"],
      layoutCallbacks: members["layoutCallbacks"]?.boolValue ?? false,
      tolerance: members["tolerance"]?.doubleValue ?? 1e-9, options: members["options"])
  }
}

/// A scenario file that can't be read.
public struct ScenarioError: Error, Sendable, CustomStringConvertible {
  public var file: String
  public var path: String
  public var message: String
  public var description: String { "\(file): \(path): \(message)" }
}

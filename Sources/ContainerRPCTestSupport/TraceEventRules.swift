public import ContainerJSON

/// The rules of the Trace Event Format (the public "Trace Event Format" document that Perfetto's UI and
/// chrome://tracing implement), checked on a trace file, and what a viewer would show of it: its processes, threads,
/// instants and spans. No consumer of the format installs from the package registries this project uses (Perfetto's
/// Python package downloads its trace processor at run time), so the tests hold the files to the document's rules.
public struct TraceEventRules {
  /// A thread as a viewer lists it: its process's name, its own, and what is on it.
  public struct Thread: Sendable, Equatable {
    public var process: String
    public var name: String
    /// The instant events' names, in order.
    public var instants: [String] = []
    /// The spans (`B`…`E`), in the order they begin: name, begin and end (µs).
    public var spans: [Span] = []
  }

  public struct Span: Sendable, Equatable {
    public var name: String
    public var begin: Double
    public var end: Double
    /// How many spans hold it.
    public var depth: Int

    public init(name: String, begin: Double, end: Double, depth: Int) {
      self.name = name
      self.begin = begin
      self.end = end
      self.depth = depth
    }
  }

  /// Every rule the file breaks (empty: none).
  public private(set) var problems: [String] = []
  /// The threads, by pid and tid.
  public private(set) var threads: [String: Thread] = [:]
  /// The counters' names and how many samples each has.
  public private(set) var counters: [String: Int] = [:]

  /// The threads in (pid, tid) order.
  public var threadList: [Thread] {
    threads.sorted {
      key($0.key).pid < key($1.key).pid || (key($0.key).pid == key($1.key).pid && key($0.key).tid < key($1.key).tid)
    }.map(\.value)
  }

  /// Reads `text` (a trace file in the JSON object form).
  public init(_ text: String) {
    guard let document = try? JSONValue.parse(text), let events = document["traceEvents"]?.arrayValue else {
      problems.append("not a JSON object with a traceEvents array")
      return
    }
    if let unit = document["displayTimeUnit"], unit != "ms" && unit != "ns" {
      problems.append("displayTimeUnit must be \"ms\" or \"ns\", got \(unit.encodedString)")
    }
    var processNames: [Int64: String] = [:]
    var threadNames: [String: String] = [:]
    var lastTime: [String: Double] = [:]
    var open: [String: [(name: String, begin: Double)]] = [:]
    var spans: [String: [Span]] = [:]
    var instants: [String: [String]] = [:]
    for (index, event) in events.enumerated() {
      let at = "traceEvents[\(index)]"
      guard let name = event["name"]?.stringValue, let phase = event["ph"]?.stringValue,
        let pid = event["pid"]?.intValue
      else {
        problems.append("\(at): name (string), ph (string) and pid (integer) are required")
        continue
      }
      if let args = event["args"], args.objectValue == nil { problems.append("\(at): args must be an object") }
      if phase == "M" {
        let tid = event["tid"]?.intValue ?? 0
        switch name {
        case "process_name", "thread_name":
          guard let value = event["args"]?["name"]?.stringValue else {
            problems.append("\(at): \(name) needs args.name (a string)")
            continue
          }
          if name == "process_name" { processNames[pid] = value } else { threadNames["\(pid)/\(tid)"] = value }
        case "process_sort_index", "thread_sort_index":
          if event["args"]?["sort_index"]?.intValue == nil {
            problems.append("\(at): \(name) needs args.sort_index (an integer)")
          }
        default: problems.append("\(at): unknown metadata event \(name)")
        }
        continue
      }
      guard let ts = event["ts"]?.doubleValue, ts >= 0 else {
        problems.append("\(at): ts (µs, a number ≥ 0) is required for ph \(phase)")
        continue
      }
      if phase == "C" {
        let values = event["args"]?.objectValue ?? [:]
        if values.isEmpty || !values.allSatisfy({ $0.value.doubleValue != nil && $0.value.boolValue == nil }) {
          problems.append("\(at): a counter's args must be numbers")
        }
        counters[name, default: 0] += 1
        if processNames[pid] == nil { problems.append("\(at): pid \(pid) has no process_name") }
        continue
      }
      guard let tid = event["tid"]?.intValue else {
        problems.append("\(at): tid (integer) is required for ph \(phase)")
        continue
      }
      let track = "\(pid)/\(tid)"
      if threadNames[track] == nil { problems.append("\(at): thread \(track) has no thread_name before it") }
      if processNames[pid] == nil { problems.append("\(at): pid \(pid) has no process_name before it") }
      if let last = lastTime[track], ts < last {
        problems.append("\(at): ts \(ts) goes back on \(track) (was \(last))")
      }
      lastTime[track] = ts
      switch phase {
      case "i", "I":
        if let scope = event["s"]?.stringValue, !["g", "p", "t"].contains(scope) {
          problems.append("\(at): an instant's s must be g, p or t")
        }
        instants[track, default: []].append(name)
      case "B":
        open[track, default: []].append((name, ts))
      case "E":
        guard let begin = open[track]?.popLast() else {
          problems.append("\(at): E without an open B on \(track)")
          continue
        }
        if begin.name != name { problems.append("\(at): E \(name) closes B \(begin.name) on \(track)") }
        spans[track, default: []].append(
          Span(name: begin.name, begin: begin.begin, end: ts, depth: open[track]?.count ?? 0))
      case "X":
        guard let duration = event["dur"]?.doubleValue, duration >= 0 else {
          problems.append("\(at): X needs dur ≥ 0")
          continue
        }
      default:
        problems.append("\(at): phase \(phase) is not one this project writes")
      }
    }
    for (track, stack) in open where !stack.isEmpty {
      problems.append("\(track): B \(stack.map(\.name)) never closed")
    }
    for (track, name) in threadNames {
      let pid = Int64(track.split(separator: "/")[0]) ?? 0
      var thread = Thread(process: processNames[pid] ?? "?", name: name)
      thread.instants = instants[track] ?? []
      thread.spans = (spans[track] ?? []).sorted { ($0.begin, $0.depth) < ($1.begin, $1.depth) }
      threads[track] = thread
    }
  }

  private func key(_ track: String) -> (pid: Int64, tid: Int64) {
    let parts = track.split(separator: "/").map { Int64($0) ?? 0 }
    return (parts[0], parts[1])
  }
}

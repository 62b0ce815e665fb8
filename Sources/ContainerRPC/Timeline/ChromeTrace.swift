package import ContainerJSON

/// Timelines as a trace in the Trace Event Format (the JSON that Perfetto's UI at ui.perfetto.dev and Chrome's
/// chrome://tracing open): the JSON object form, `{"traceEvents": […], "displayTimeUnit": "ms", "otherData": {…}}`,
/// one event per line.
///
/// - a process (`pid`) per window (named `window ID`, `M` `process_name`), one for the objects seen in no window,
///   and one for the steps; with several timelines (a file of several scenarios), each has its own processes, named
///   after the scenario;
/// - a thread (`tid`) per controller and per scroll view (`thread_name` `id · Class`), a second one for spans that
///   would overlap partly (``TimelineTracks``), and a thread `requests` in the steps' process with one span per step;
/// - an instant event (`ph: "i"`, thread scope) per callback, completion and warning, named after it (`viewWillAppear`,
///   `completion: transition`), its `args` the event's params (`rule`, `request`, `seq`, …);
/// - `B`/`E` pairs for the spans (appearance, container transitions, dragging, deceleration, scrolling animations);
/// - a counter (`ph: "C"`) per scroll view, `contentOffset ID`, with `x` and `y`.
///
/// Timestamps are the virtual clock's (`time`, ms) in µs. The events are sorted by timestamp, then by their place in
/// the event stream, so every track's timestamps only grow and its spans nest. The same timelines give the same bytes.
package enum ChromeTrace {
  /// One trace event and where it sorts.
  private struct Item {
    var ts: Double
    var key: Double
    /// At the same `ts` and `key`: an `E` (0) before a `B` (1); among `B`s the longer first, among `E`s the shorter.
    var rank: Double
    var event: JSONObject
  }

  /// The whole file.
  package static func document(_ timelines: [Timeline]) -> String {
    var metadata: [JSONObject] = []
    var items: [Item] = []
    var nextPID = 1
    var nextTID = 1
    let several = timelines.count > 1
    for timeline in timelines {
      let prefix = several ? "\(timeline.name) · " : ""
      let tracks = TimelineTracks(timeline)
      let stepsPID = nextPID
      nextPID += 1
      process(stepsPID, prefix + "steps", into: &metadata)
      let stepsTID = nextTID
      nextTID += 1
      thread(stepsPID, stepsTID, "requests", into: &metadata)
      items += steps(timeline, pid: stepsPID, tid: stepsTID)
      var pids: [String: Int] = [:]
      var tids: [Int] = []
      for window in tracks.windows {
        let pid = nextPID
        nextPID += 1
        pids[window ?? ""] = pid
        process(pid, prefix + (window.map { "window \($0)" } ?? "no window"), into: &metadata)
        for index in tracks.tracks(in: window) {
          while tids.count <= index { tids.append(0) }
          tids[index] = nextTID
          thread(pid, nextTID, tracks.tracks[index].label, into: &metadata)
          nextTID += 1
        }
      }
      for mark in tracks.marks {
        let track = tracks.tracks[mark.track]
        var event = base(mark.name, mark.category, "i", mark.time, pids[track.window ?? ""] ?? 0, tids[mark.track])
        event["s"] = "t"
        event["args"] = .object(mark.args)
        items.append(Item(ts: mark.time * 1000, key: mark.order, rank: 0, event: event))
      }
      for span in tracks.spans {
        let track = tracks.tracks[span.track]
        let pid = pids[track.window ?? ""] ?? 0
        var begin = base(span.name, span.category, "B", span.start, pid, tids[span.track])
        begin["args"] = .object(span.args)
        items.append(Item(ts: span.start * 1000, key: span.startOrder, rank: 1 - span.endOrder * 1e-9, event: begin))
        let end = base(span.name, span.category, "E", span.end, pid, tids[span.track])
        items.append(Item(ts: span.end * 1000, key: span.endOrder, rank: -span.startOrder * 1e-9, event: end))
      }
      for offset in tracks.offsets {
        var event = base(
          "contentOffset \(offset.object)", "offset", "C", offset.time, pids[offset.window ?? ""] ?? 0, 0)
        event["tid"] = nil
        event["args"] = ["x": .number(offset.x), "y": .number(offset.y)]
        items.append(Item(ts: offset.time * 1000, key: offset.order, rank: 0, event: event))
      }
    }
    items.sort { ($0.ts, $0.key, $0.rank) < ($1.ts, $1.key, $1.rank) }
    let lines =
      metadata.map { JSONValue.object($0).encodedString } + items.map { JSONValue.object($0.event).encodedString }
    let other: JSONValue = [
      "producer": .string("containerd \(DaemonVersion.current)"), "clock": "virtual (ms; ts in µs)",
      "timelines": .array(timelines.map { .string($0.name) }),
    ]
    return "{\"displayTimeUnit\":\"ms\",\"otherData\":\(other.encodedString),\"traceEvents\":[\n"
      + lines.joined(separator: ",\n") + "\n]}\n"
  }

  /// One span per step on the steps' thread, named `N method`, its args the step's requests and params.
  private static func steps(_ timeline: Timeline, pid: Int, tid: Int) -> [Item] {
    var first: [String: Double] = [:]
    var last: [String: Double] = [:]
    for (index, event) in timeline.events.enumerated() {
      let request = (event["params"]?["request"] ?? .null).encodedString
      if first[request] == nil { first[request] = Double(index) }
      last[request] = Double(index)
    }
    var items: [Item] = []
    var previous = -1.0
    for step in timeline.steps {
      let keys = step.requests.map(\.encodedString)
      let starts = keys.compactMap { first[$0] }
      let ends = keys.compactMap { last[$0] }
      // Just before the step's first event and just after its last; a step without events just after the one before.
      let begin = max(previous + 1e-6, (starts.min() ?? -.infinity) - 0.4)
      let end = max(begin + 1e-6, (ends.max() ?? -.infinity) + 0.3)
      previous = end
      let name = "\(step.number) \(step.title)"
      var event = base(name, "step", "B", step.start, pid, tid)
      var args: JSONObject = ["requests": .array(step.requests), "params": .array(step.params)]
      if !step.failures.isEmpty { args["failures"] = .array(step.failures.map { .string($0) }) }
      event["args"] = .object(args)
      items.append(Item(ts: step.start * 1000, key: begin, rank: 1, event: event))
      items.append(Item(ts: step.end * 1000, key: end, rank: 0, event: base(name, "step", "E", step.end, pid, tid)))
    }
    return items
  }

  private static func base(_ name: String, _ category: String, _ phase: String, _ time: Double, _ pid: Int, _ tid: Int)
    -> JSONObject
  {
    [
      "name": .string(name), "cat": .string(category), "ph": .string(phase), "ts": .number(time * 1000),
      "pid": .int(Int64(pid)), "tid": .int(Int64(tid)),
    ]
  }

  private static func process(_ pid: Int, _ name: String, into metadata: inout [JSONObject]) {
    metadata.append([
      "name": "process_name", "ph": "M", "pid": .int(Int64(pid)), "tid": 0, "args": ["name": .string(name)],
    ])
    metadata.append([
      "name": "process_sort_index", "ph": "M", "pid": .int(Int64(pid)), "tid": 0,
      "args": ["sort_index": .int(Int64(pid))],
    ])
  }

  private static func thread(_ pid: Int, _ tid: Int, _ name: String, into metadata: inout [JSONObject]) {
    metadata.append([
      "name": "thread_name", "ph": "M", "pid": .int(Int64(pid)), "tid": .int(Int64(tid)),
      "args": ["name": .string(name)],
    ])
    metadata.append([
      "name": "thread_sort_index", "ph": "M", "pid": .int(Int64(pid)), "tid": .int(Int64(tid)),
      "args": ["sort_index": .int(Int64(tid))],
    ])
  }
}

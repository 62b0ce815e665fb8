import ContainerJSON

/// Walks a timeline's events once and makes ``TimelineTracks``' marks and spans:
/// - **appearance** (per controller): `viewWillAppear` → `viewDidAppear` ("appearing"), `viewWillDisappear` →
///   `viewDidDisappear` ("disappearing"); a transition turned back on the way (an interactive pop cancelled: will
///   appear → will disappear → did disappear) is one span, "appearing, cancelled" (or "disappearing, cancelled");
/// - **transition** (on the controller a completion names: the parent of `transition(from:to:)`, the navigation
///   controller of a push or pop, the presenter, the controller dismiss was called on): from the start of the
///   earliest appearance span that closed in the completion's request (else the start of the step that sent that
///   request, else its first event) to the completion; named after `of` (", cancelled" when not finished);
/// - **gesture** (per scroll view): `willBeginDragging` → `didEndDragging` ("dragging": a pan or a fling's drag);
/// - **deceleration**: `willBeginDecelerating` → `didEndDecelerating`;
/// - **animation**: the first offset with cause `animation` (else the start of the request's step) →
///   `didEndScrollingAnimation` ("scrolling animation").
/// A span still open at the end closes at the timeline's end, its name marked "(unfinished)".
struct TrackBuilder {
  let timeline: Timeline
  private(set) var tracks: [TimelineTracks.Track] = []
  private(set) var marks: [TimelineTracks.Mark] = []
  private(set) var spans: [TimelineTracks.Span] = []
  private(set) var offsets: [TimelineTracks.Offset] = []
  private(set) var end: Double = 0

  /// Marks and spans per object before they get tracks (`track` holds the object's index in `objectOrder`).
  private var objectOrder: [String] = []
  private var objectKinds: [String: (kind: String, className: String, window: String?)] = [:]
  private var rawMarks: [(object: String, mark: TimelineTracks.Mark)] = []
  private var rawSpans: [(object: String, span: TimelineTracks.Span)] = []

  /// Open spans, by object and category.
  private struct Open {
    var name: String
    var start: Double
    var order: Double
    var args: JSONObject
  }
  private var appearance: [String: (open: Open, appearing: Bool, turned: Bool)] = [:]
  private var scrolling: [String: Open] = [:]
  /// Appearance spans closed in each request since its last completion: (start, order).
  private var closedInRequest: [String: [(start: Double, order: Double)]] = [:]
  /// The first event of each request: (time, order).
  private var firstOfRequest: [String: (time: Double, order: Double)] = [:]
  private var stepStart: [String: Double] = [:]

  init(_ timeline: Timeline) {
    self.timeline = timeline
    for object in timeline.objects {
      objectKinds[object.id] = (object.kind.rawValue, object.className, object.window)
    }
    // A step's start is its request's only when the step is that one request: in a batch, a later call starts
    // after the earlier ones ran (and moved the clock).
    for step in timeline.steps where step.requests.count == 1 {
      stepStart[step.requests[0].encodedString] = step.start
    }
  }

  mutating func run() {
    for (index, event) in timeline.events.enumerated() {
      handle(event, order: Double(index))
    }
    end = max(timeline.steps.last?.end ?? 0, marks.last?.time ?? 0, rawMarks.last?.mark.time ?? 0, end)
    let last = Double(timeline.events.count)
    for (object, state) in appearance.sorted(by: { $0.value.open.order < $1.value.open.order }) {
      close(state.open, object: object, category: "appearance", time: end, order: last, unfinished: true)
    }
    for (key, open) in scrolling.sorted(by: { $0.value.order < $1.value.order }) {
      let parts = key.split(separator: "\u{1}", maxSplits: 1)
      close(open, object: String(parts[1]), category: String(parts[0]), time: end, order: last, unfinished: true)
    }
    assignTracks()
  }

  private mutating func handle(_ event: JSONValue, order: Double) {
    guard let method = event["method"]?.stringValue, let params = event["params"]?.objectValue else { return }
    let time = params["time"]?.doubleValue ?? end
    end = max(end, time)
    let request = params["request"] ?? .null
    if firstOfRequest[request.encodedString] == nil { firstOfRequest[request.encodedString] = (time, order) }
    var args = params
    args["time"] = nil
    switch method {
    case "event/lifecycle":
      guard let controller = params["controller"]?.stringValue, let callback = params["callback"]?.stringValue
      else { return }
      mark(controller, callback, "lifecycle", time, order, args, kind: "controller")
      appearanceCallback(controller, callback, time: time, order: order, args: args)
    case "event/completion":
      guard let controller = params["controller"]?.stringValue else { return }
      let of = params["of"]?.stringValue ?? "transition"
      mark(controller, "completion: \(of)", "completion", time, order, args, kind: "controller")
      completion(controller, of: of, finished: params["finished"]?.boolValue ?? true, time: time, order: order, args)
    case "event/scroll":
      guard let view = params["view"]?.stringValue, let callback = params["callback"]?.stringValue else { return }
      mark(view, callback, "scroll", time, order, args, kind: "scrollView")
      scrollCallback(view, callback, time: time, order: order, args: args)
    case "event/table":
      guard let table = params["table"]?.stringValue, let callback = params["callback"]?.stringValue else { return }
      mark(table, callback, "table", time, order, args, kind: "scrollView")
    case "event/warning":
      mark(params["object"]?.stringValue ?? "", "warning", "warning", time, order, args, kind: "")
    case "event/offset":
      guard let view = params["view"]?.stringValue else { return }
      let cause = params["cause"]?.stringValue ?? ""
      note(view, kind: "scrollView")
      offsets.append(
        TimelineTracks.Offset(
          object: view, window: objectKinds[view]?.window, time: time, order: order,
          x: params["x"]?.doubleValue ?? 0, y: params["y"]?.doubleValue ?? 0, cause: cause))
      let key = "animation\u{1}\(view)"
      if cause == "animation" && scrolling[key] == nil {
        scrolling[key] = Open(name: "scrolling animation", start: time, order: order, args: ["request": request])
      }
    default:
      return
    }
  }

  private mutating func appearanceCallback(
    _ controller: String, _ callback: String, time: Double, order: Double, args: JSONObject
  ) {
    let appearing: Bool
    switch callback {
    case "viewWillAppear", "viewDidAppear": appearing = true
    case "viewWillDisappear", "viewDidDisappear": appearing = false
    default: return
    }
    if callback.hasPrefix("viewWill") {
      if var state = appearance[controller] {
        if state.appearing != appearing { state.turned = true }
        state.appearing = appearing
        appearance[controller] = state
      } else {
        let open = Open(
          name: appearing ? "appearing" : "disappearing", start: time, order: order,
          args: ["rule": args["rule"] ?? .null, "request": args["request"] ?? .null])
        appearance[controller] = (open, appearing, false)
      }
      return
    }
    // A did without its will (a direct call, R12) opens nothing and closes nothing.
    guard var state = appearance.removeValue(forKey: controller) else { return }
    if state.turned { state.open.name += ", cancelled" }
    state.open.args["endRule"] = args["rule"] ?? .null
    state.open.args["endRequest"] = args["request"] ?? .null
    let key = (args["request"] ?? .null).encodedString
    closedInRequest[key, default: []].append((state.open.start, state.open.order))
    close(state.open, object: controller, category: "appearance", time: time, order: order, unfinished: false)
  }

  private mutating func completion(
    _ controller: String, of: String, finished: Bool, time: Double, order: Double, _ args: JSONObject
  ) {
    let request = (args["request"] ?? .null).encodedString
    var start: (time: Double, order: Double)
    if let earliest = closedInRequest[request]?.min(by: { $0.order < $1.order }) {
      start = (earliest.start, earliest.order)
    } else if let first = firstOfRequest[request] {
      start = (min(first.time, stepStart[request] ?? first.time), first.order)
    } else {
      start = (time, order)
    }
    closedInRequest[request] = nil
    let open = Open(
      name: of + (finished ? "" : ", cancelled"), start: start.time, order: start.order,
      args: [
        "of": .string(of), "finished": .bool(finished), "rule": args["rule"] ?? .null,
        "request": args["request"] ?? .null,
      ])
    close(open, object: controller, category: "transition", time: time, order: order, unfinished: false)
  }

  private mutating func scrollCallback(
    _ view: String, _ callback: String, time: Double, order: Double, args: JSONObject
  ) {
    let request = args["request"] ?? .null
    func begin(_ category: String, _ name: String) {
      let key = "\(category)\u{1}\(view)"
      if let open = scrolling.removeValue(forKey: key) {
        close(open, object: view, category: category, time: time, order: order - 0.5, unfinished: true)
      }
      scrolling[key] = Open(name: name, start: time, order: order, args: ["request": request])
    }
    func finish(_ category: String, fallback: Open? = nil) {
      let key = "\(category)\u{1}\(view)"
      guard let open = scrolling.removeValue(forKey: key) ?? fallback else { return }
      var closing = open
      closing.args["endRequest"] = request
      close(closing, object: view, category: category, time: time, order: order, unfinished: false)
    }
    switch callback {
    case "willBeginDragging": begin("gesture", "dragging")
    case "didEndDragging": finish("gesture")
    case "willBeginDecelerating": begin("deceleration", "decelerating")
    case "didEndDecelerating": finish("deceleration")
    case "didEndScrollingAnimation":
      let key = request.encodedString
      let first = firstOfRequest[key] ?? (time, order)
      let fallback = Open(
        name: "scrolling animation", start: min(stepStart[key] ?? first.time, first.time), order: first.order - 0.5,
        args: ["request": request])
      finish("animation", fallback: fallback)
    default: return
    }
  }

  private mutating func note(_ object: String, kind: String) {
    guard !objectOrder.contains(object) else { return }
    objectOrder.append(object)
    if objectKinds[object] == nil { objectKinds[object] = (kind, "", nil) }
  }

  private mutating func mark(
    _ object: String, _ name: String, _ category: String, _ time: Double, _ order: Double, _ args: JSONObject,
    kind: String
  ) {
    note(object, kind: kind)
    rawMarks.append(
      (object, TimelineTracks.Mark(track: 0, name: name, category: category, time: time, order: order, args: args)))
  }

  private mutating func close(
    _ open: Open, object: String, category: String, time: Double, order: Double, unfinished: Bool
  ) {
    note(object, kind: category == "appearance" || category == "transition" ? "controller" : "scrollView")
    var args = open.args
    if unfinished { args["unfinished"] = true }
    rawSpans.append(
      (
        object,
        TimelineTracks.Span(
          track: 0, name: open.name + (unfinished ? " (unfinished)" : ""), category: category, start: open.start,
          end: time, startOrder: open.order - 0.25, endOrder: order + 0.25, args: args)
      ))
  }
}

extension TrackBuilder {
  /// Gives every object its tracks: lane 0 for its marks and the spans that nest, further lanes for spans that would
  /// overlap another one partly. Objects come in the timeline's object order, then in the order the events named
  /// them.
  fileprivate mutating func assignTracks() {
    let known = timeline.objects.map(\.id).filter { objectOrder.contains($0) }
    let order = known + objectOrder.filter { !known.contains($0) }
    var spansByObject: [String: [TimelineTracks.Span]] = [:]
    for (object, span) in rawSpans { spansByObject[object, default: []].append(span) }
    var firstTrack: [String: Int] = [:]
    for object in order {
      let info = objectKinds[object] ?? ("", "", nil)
      var lanes: [[TimelineTracks.Span]] = [[]]
      let sorted = (spansByObject[object] ?? []).sorted {
        ($0.startOrder, -$0.endOrder) < ($1.startOrder, -$1.endOrder)
      }
      for span in sorted {
        if let lane = lanes.firstIndex(where: { $0.allSatisfy { Self.nests(span, $0) } }) {
          lanes[lane].append(span)
        } else {
          lanes.append([span])
        }
      }
      firstTrack[object] = tracks.count
      for (lane, laneSpans) in lanes.enumerated() {
        let index = tracks.count
        tracks.append(
          TimelineTracks.Track(
            object: object, kind: info.kind, className: info.className, window: info.window, lane: lane))
        for var span in laneSpans {
          span.track = index
          spans.append(span)
        }
      }
    }
    for (object, var mark) in rawMarks {
      mark.track = firstTrack[object] ?? 0
      marks.append(mark)
    }
    marks.sort { $0.order < $1.order }
    spans.sort { ($0.startOrder, -$0.endOrder, $0.track) < ($1.startOrder, -$1.endOrder, $1.track) }
  }

  /// Whether two spans can share a track: one ends before the other begins, or one holds the other (not both the
  /// same interval: their ends could not be told apart).
  static func nests(_ a: TimelineTracks.Span, _ b: TimelineTracks.Span) -> Bool {
    if a.endOrder <= b.startOrder || b.endOrder <= a.startOrder { return true }
    if a.startOrder == b.startOrder && a.endOrder == b.endOrder { return false }
    return (a.startOrder <= b.startOrder && b.endOrder <= a.endOrder)
      || (b.startOrder <= a.startOrder && a.endOrder <= b.endOrder)
  }
}

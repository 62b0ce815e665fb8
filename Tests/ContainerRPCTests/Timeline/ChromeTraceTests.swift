import ContainerJSON
import ContainerRPC
import ContainerRPCTestSupport
import Testing

/// Literal event lists, as the wire writes them, made into Trace Event files (``ChromeTrace``): the tracks, marks and
/// spans a viewer shows, held to the format's rules (``TraceEventRules``).
@Suite struct ChromeTraceTests {
  /// An event as the wire writes it; `seq` numbers them in the order given.
  static func event(_ method: String, _ params: JSONObject) -> JSONValue {
    ["method": .string("event/\(method)"), "params": .object(params)]
  }

  static func lifecycle(_ controller: String, _ callback: String, _ rule: String, request: Int64, time: Double = 0)
    -> JSONValue
  {
    event(
      "lifecycle",
      [
        "controller": .string(controller), "callback": .string(callback), "rule": .string(rule),
        "request": .int(request), "time": .number(time),
      ])
  }

  static func scroll(_ view: String, _ callback: String, request: Int64, time: Double) -> JSONValue {
    event(
      "scroll", ["view": .string(view), "callback": .string(callback), "request": .int(request), "time": .number(time)])
  }

  static func completion(_ controller: String, of: String, finished: Bool = true, request: Int64, time: Double)
    -> JSONValue
  {
    event(
      "completion",
      [
        "controller": .string(controller), "of": .string(of), "finished": .bool(finished), "rule": "R17",
        "request": .int(request), "time": .number(time),
      ])
  }

  static func objects(_ ids: [(String, String)], window: String = "win") -> [Timeline.Object] {
    ids.map { Timeline.Object(id: $0.0, kind: .controller, className: $0.1, window: window) }
  }

  /// Seed 001's `transition(from:to:)` (R17): the outgoing child disappears and the incoming one appears over 250 ms,
  /// then the parent's completion. Three controller threads in the window's process, a mark per callback, and spans:
  /// each child's appearance transition and the parent's container transition, all from 0 to 250 ms.
  @Test func aContainerTransitionIsSpansOnEachTrack() throws {
    let events = [
      Self.lifecycle("newVC", "loadView", "R1", request: 13),
      Self.lifecycle("newVC", "viewDidLoad", "R1", request: 13),
      Self.lifecycle("containerVC", "viewWillDisappear", "R17", request: 13),
      Self.lifecycle("newVC", "viewWillAppear", "R17", request: 13),
      Self.lifecycle("newVC", "viewIsAppearing", "R69", request: 13),
      Self.lifecycle("containerVC", "viewDidDisappear", "R17", request: 13, time: 250),
      Self.lifecycle("newVC", "viewDidAppear", "R17", request: 13, time: 250),
      Self.completion("container", of: "transition", request: 13, time: 250),
    ]
    let timeline = Timeline(
      name: "seed 001", events: events,
      objects: Self.objects([
        ("container", "UIViewController"), ("containerVC", "UIViewController"),
        ("newVC", "UIViewController"),
      ]),
      windows: ["win"],
      steps: [
        Timeline.Step(
          number: 1, methods: ["containment/transition"], params: [.null], requests: [13], start: 0, end: 250)
      ])
    let trace = TraceEventRules(ChromeTrace.document([timeline]))
    #expect(trace.problems == [])
    let threads = trace.threadList
    #expect(
      threads.map(\.name) == [
        "requests", "container · UIViewController", "containerVC · UIViewController", "newVC · UIViewController",
      ])
    #expect(threads.map(\.process) == ["steps", "window win", "window win", "window win"])
    #expect(threads[1].instants == ["completion: transition"])
    #expect(threads[2].instants == ["viewWillDisappear", "viewDidDisappear"])
    #expect(threads[3].instants == ["loadView", "viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewDidAppear"])
    #expect(threads[0].spans == [.init(name: "1 containment/transition", begin: 0, end: 250_000, depth: 0)])
    #expect(threads[1].spans == [.init(name: "transition", begin: 0, end: 250_000, depth: 0)])
    #expect(threads[2].spans == [.init(name: "disappearing", begin: 0, end: 250_000, depth: 0)])
    #expect(threads[3].spans == [.init(name: "appearing", begin: 0, end: 250_000, depth: 0)])
  }

  /// Seed 001's cancelled swipe back (R24): the page starts to disappear and comes back, the list starts to appear
  /// and goes away again. One span each, from the first will to the did, named "…, cancelled"; the pop's completion
  /// (not finished) spans the gesture on the navigation controller, from the begin (request 7) to the cancel (9).
  @Test func aCancelledInteractivePopIsOneSpanPerController() throws {
    let events = [
      Self.lifecycle("page", "willMove", "R20", request: 7),
      Self.lifecycle("page", "viewWillDisappear", "R23", request: 7),
      Self.lifecycle("list", "viewWillAppear", "R23", request: 7),
      Self.lifecycle("list", "viewWillDisappear", "R24", request: 9, time: 150),
      Self.lifecycle("list", "viewDidDisappear", "R24", request: 9, time: 150),
      Self.lifecycle("page", "viewWillAppear", "R24", request: 9, time: 150),
      Self.lifecycle("page", "viewDidAppear", "R24", request: 9, time: 150),
      Self.completion("nav", of: "pop", finished: false, request: 9, time: 150),
    ]
    let timeline = Timeline(
      name: "swipe", events: events,
      objects: Self.objects([
        ("list", "UIViewController"), ("nav", "UINavigationController"),
        ("page", "UIViewController"),
      ]), windows: ["win"])
    let trace = TraceEventRules(ChromeTrace.document([timeline]))
    #expect(trace.problems == [])
    let spans = Dictionary(uniqueKeysWithValues: trace.threadList.map { ($0.name, $0.spans) })
    #expect(spans["list · UIViewController"] == [.init(name: "appearing, cancelled", begin: 0, end: 150_000, depth: 0)])
    #expect(
      spans["page · UIViewController"] == [.init(name: "disappearing, cancelled", begin: 0, end: 150_000, depth: 0)])
    #expect(spans["nav · UINavigationController"] == [.init(name: "pop, cancelled", begin: 0, end: 150_000, depth: 0)])
  }

  /// A fling and an animated page switch on scroll views: the drag (willBeginDragging → didEndDragging), the
  /// deceleration, and the scrolling animation from its first animated offset to didEndScrollingAnimation; offsets are
  /// counters. A drag still going at the end closes there, "(unfinished)".
  @Test func scrollViewsHaveGestureDecelerationAndAnimationSpans() throws {
    let events = [
      Self.scroll("menu.view", "willBeginDragging", request: 4, time: 0),
      Self.scroll("menu.view", "willEndDragging", request: 4, time: 0),
      Self.scroll("menu.view", "didEndDragging", request: 4, time: 0),
      Self.scroll("menu.view", "willBeginDecelerating", request: 4, time: 0),
      Self.event("offset", ["view": "menu.view", "x": 0, "y": 40, "cause": "deceleration", "request": 4, "time": 16]),
      Self.scroll("menu.view", "didEndDecelerating", request: 4, time: 2000),
      Self.event("offset", ["view": "pager", "x": 100, "y": 0, "cause": "animation", "request": 6, "time": 2016]),
      Self.event("offset", ["view": "pager", "x": 390, "y": 0, "cause": "animation", "request": 6, "time": 2300]),
      Self.scroll("pager", "didEndScrollingAnimation", request: 6, time: 2300),
      Self.scroll("pager", "willBeginDragging", request: 10, time: 3200),
    ]
    let timeline = Timeline(
      name: "scroll", events: events,
      objects: [
        Timeline.Object(id: "menu.view", kind: .scrollView, className: "UITableView", window: "win"),
        Timeline.Object(id: "pager", kind: .scrollView, className: "UIScrollView", window: "win"),
      ], windows: ["win"])
    let text = ChromeTrace.document([timeline])
    let trace = TraceEventRules(text)
    #expect(trace.problems == [])
    let spans = Dictionary(uniqueKeysWithValues: trace.threadList.map { ($0.name, $0.spans) })
    #expect(
      spans["menu.view · UITableView"] == [
        .init(name: "dragging", begin: 0, end: 0, depth: 0),
        .init(name: "decelerating", begin: 0, end: 2_000_000, depth: 0),
      ])
    #expect(
      spans["pager · UIScrollView"] == [
        .init(name: "scrolling animation", begin: 2_016_000, end: 2_300_000, depth: 0),
        .init(name: "dragging (unfinished)", begin: 3_200_000, end: 3_200_000, depth: 0),
      ])
    #expect(trace.counters == ["contentOffset menu.view": 1, "contentOffset pager": 2])
    #expect(ChromeTrace.document([timeline]) == text)  // the same timeline, the same bytes
  }

  /// A span that would overlap another partly on the same object goes on a second thread of that object, so every
  /// thread's spans nest: here the navigation controller's push (from the start of the pushed page's appearance to
  /// its completion) overlaps its own appearance.
  @Test func partlyOverlappingSpansGoOnASecondLane() throws {
    let events = [
      Self.lifecycle("nav", "viewWillAppear", "R6", request: 1),
      Self.lifecycle("page", "viewWillAppear", "R19", request: 2, time: 10),
      Self.lifecycle("nav", "viewDidAppear", "R7", request: 3, time: 20),
      Self.lifecycle("page", "viewDidAppear", "R19", request: 2, time: 30),
      Self.completion("nav", of: "push", request: 2, time: 30),
    ]
    let timeline = Timeline(
      name: "lanes", events: events,
      objects: Self.objects([("nav", "UINavigationController"), ("page", "UIViewController")]), windows: ["win"])
    let trace = TraceEventRules(ChromeTrace.document([timeline]))
    #expect(trace.problems == [])
    let spans = Dictionary(uniqueKeysWithValues: trace.threadList.map { ($0.name, $0.spans) })
    #expect(spans["nav · UINavigationController"] == [.init(name: "appearing", begin: 0, end: 20_000, depth: 0)])
    #expect(spans["nav · UINavigationController (2)"] == [.init(name: "push", begin: 10_000, end: 30_000, depth: 0)])
  }

  /// Every instant carries the event's params (its rule, request and seq among them) in `args`; objects the timeline
  /// does not know get a thread in a "no window" process; several timelines get processes named after each.
  @Test func instantsCarryTheEventsFieldsAndUnknownObjectsHaveNoWindow() throws {
    var event = Self.lifecycle("ghost", "viewDidLoad", "R1", request: 5, time: 3)
    event = ["method": "event/lifecycle", "params": .object((event["params"]?.objectValue ?? [:]).merging(["seq": 7]))]
    let one = Timeline(name: "a", events: [event])
    let text = ChromeTrace.document([one, Timeline(name: "b", events: [event])])
    let trace = TraceEventRules(text)
    #expect(trace.problems == [])
    #expect(trace.threadList.map(\.process) == ["a · steps", "a · no window", "b · steps", "b · no window"])
    let lines = text.split(separator: "\n").filter { $0.contains("\"ph\":\"i\"") }
    #expect(lines.count == 2)
    let instant = try #require(try? JSONValue.parse(String(lines[0].dropLast())))
    #expect(
      instant["args"] == ["callback": "viewDidLoad", "controller": "ghost", "request": 5, "rule": "R1", "seq": 7])
    #expect(instant["ts"]?.doubleValue == 3000)
    #expect(instant["s"] == "t")
  }
}

extension JSONObject {
  fileprivate func merging(_ other: JSONObject) -> JSONObject {
    var result = self
    for (key, value) in other { result[key] = value }
    return result
  }
}

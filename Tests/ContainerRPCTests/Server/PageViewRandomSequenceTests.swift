import ContainerEngine
import ContainerJSON
import ContainerRPCTestSupport
import Testing

/// Random call sequences around page view controllers (R31–R38), on a manual clock so transitions overlap the calls
/// that follow them: sets, swipes, data source changes, the `pageView.*` options, containment and tab moves, clock
/// advances. `TestSession` checks the engine's invariants after every call (among them: a page view's children are
/// exactly the pages it shows outside a transition) and "no did without will" on the events; every refused call
/// must change nothing and emit nothing (`RandomSequenceTests.atomicity`). Seeded; a failure names its seed and the
/// shrunk sequence.
@Suite struct PageViewRandomSequenceTests {
  static let controllers = ["c1", "c2", "c3", "c4", "pvc", "tabs", "nope"]

  static func call(_ g: inout RandomSequenceTests.Generator) -> (String, JSONValue) {
    let c = { (g: inout RandomSequenceTests.Generator) -> JSONValue in .string(g.pick(controllers)) }
    let flag = { (g: inout RandomSequenceTests.Generator) -> JSONValue in .bool(g.next(2) == 0) }
    let direction = { (g: inout RandomSequenceTests.Generator) -> JSONValue in
      .string(g.pick(["forward", "reverse"]))
    }
    switch g.next(20) {
    case 0: return ("controller/create", ["id": c(&g)])
    case 1:
      let curl = g.next(3) == 0
      let doubleSided = curl && g.next(2) == 0
      var params: JSONObject = [
        "id": "pvc", "kind": "UIPageViewController", "pages": ["c1", "c2", "c3", "c4"],
        "initial": doubleSided ? ["c1", "c2"] : [c(&g)],
      ]
      if curl { params["transitionStyle"] = "pageCurl" }
      if doubleSided {
        params["isDoubleSided"] = true
        params["spineLocation"] = .string(g.pick(["mid", "min"]))
      }
      return ("controller/create", .object(params))
    case 2: return ("window/setRoot", ["window": "w", "controller": c(&g)])
    case 3, 4:
      let count = g.next(4) == 0 ? 2 : 1
      return (
        "pageView/setViewControllers",
        [
          "pageView": "pvc", "controllers": .array((0..<count).map { _ in c(&g) }), "direction": direction(&g),
          "animated": flag(&g),
        ]
      )
    case 5, 6: return ("pageView/swipe", ["pageView": "pvc", "action": "begin", "direction": direction(&g)])
    case 7:
      return ("pageView/swipe", ["pageView": "pvc", "action": "update", "progress": .number(Double(g.next(11)) / 10)])
    case 8: return ("pageView/swipe", ["pageView": "pvc", "action": "finish"])
    case 9: return ("pageView/swipe", ["pageView": "pvc", "action": "cancel"])
    case 10:
      return ("pageView/setPages", ["pageView": "pvc", "pages": g.next(4) == 0 ? .null : [c(&g), c(&g), c(&g)]])
    case 11, 12: return ("clock/advance", ["ms": .int(Int64(g.next(400)))])
    case 13:
      let options: [(String, JSONValue)] = [
        ("pageView.overlapPolicy", .string(g.pick(["refuse", "queue", "raise"]))),
        ("pageView.staleViewControllersAfterInterruptedSwipe", flag(&g)),
        ("pageView.prefetchLoadsViews", flag(&g)), ("pageView.notifyWillMoveOnAdd", flag(&g)),
        ("pageView.appearanceWhenNotVisible", .string(g.pick(["defer", "immediate"]))),
        ("pageView.delegateOrder", .string(g.pick(["willTransitionFirst", "appearanceFirst"]))),
        ("pageView.staleCacheAfterAnimatedSet", flag(&g)),
      ]
      let (name, value) = g.pick(options)
      return ("daemon/configure", ["options": .object([name: value])])
    case 14: return ("containment/removeFromParent", ["child": c(&g)])
    case 15: return ("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": ["c1", c(&g)]])
    case 16: return ("tab/select", ["tabBar": "tabs", "index": .int(Int64(g.next(2)))])
    case 17: return ("controller/destroy", ["controller": c(&g)])
    case 18: return ("pageView/get", ["pageView": "pvc"])
    default: return g.next(2) == 0 ? ("world/snapshot", [:]) : ("world/render", ["window": "w"])
    }
  }

  /// A manual clock, four pages and a page view controller on screen showing the first (one seed in three: a
  /// double-sided curl with a mid spine showing two).
  static func prelude(_ seed: Int) -> [(String, JSONValue)] {
    let curl = seed % 3 == 2
    var pvc: JSONObject = [
      "id": "pvc", "kind": "UIPageViewController", "pages": ["c1", "c2", "c3", "c4"],
      "initial": curl ? ["c1", "c2"] : ["c1"],
    ]
    if curl {
      pvc["transitionStyle"] = "pageCurl"
      pvc["spineLocation"] = "mid"
      pvc["isDoubleSided"] = true
    } else if seed % 3 == 1 {
      pvc["transitionStyle"] = "pageCurl"
    }
    return [("clock/configure", ["mode": "manual"])]
      + ["c1", "c2", "c3", "c4"].map {
        ("controller/create", ["id": .string($0)])
      } + [("controller/create", .object(pvc)), ("window/setRoot", ["window": "w", "controller": "pvc"])]
  }

  @Test(arguments: 0..<40)
  func pageViewSequencesKeepTheInvariants(_ seed: Int) {
    var g = RandomSequenceTests.Generator(state: 0xC0FF_EE00_D15E_A5E5 &+ UInt64(seed) &* 0x1000_0000_01B3)
    let calls = Self.prelude(seed) + (0..<60).map { _ in Self.call(&g) }
    guard let violation = RandomSequenceTests.firstViolation(calls, check: Self.check) else { return }
    let minimal = RandomSequenceTests.shrink(calls, check: Self.check).map { "\($0.0) \($0.1.encodedString)" }
    Issue.record(
      "seed \(seed): call \(violation.index) \(violation.problem); minimal sequence:\n\(minimal.joined(separator: "\n"))"
    )
  }

  /// `RandomSequenceTests.atomicity`, with `pageView/get` a read too.
  static func check(_ method: String, _ exchange: TestSession.Exchange, _ before: String, _ after: String)
    -> String?
  {
    if let problem = RandomSequenceTests.atomicity(method, exchange, before, after) { return problem }
    guard method == "pageView/get", exchange.error == nil else { return nil }
    if after != before { return "a read changed the world" }
    return exchange.events.isEmpty ? nil : "a read emitted events"
  }
}

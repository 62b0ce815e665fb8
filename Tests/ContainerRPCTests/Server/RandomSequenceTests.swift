import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Random call sequences over the whole API (the engine's invariants, Documentation/Protocol.md, "Errors"):
/// `TestSession` checks the engine's invariants and "no did without will" after every call; here every error reply must
/// also leave `world/snapshot` byte-identical and emit no event. Seeded, so a failure names its seed and step and
/// reproduces.
@Suite struct RandomSequenceTests {
  /// xorshift64*: deterministic, no Foundation.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state ^= state >> 12
      state ^= state << 25
      state ^= state >> 27
      return Int((state &* 2_685_821_657_736_338_717) % UInt64(bound))
    }
    mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }
  }

  static let controllers = ["c1", "c2", "c3", "c4", "nav", "tabs", "list", "pager", "pager2", "nope"]
  static let views = [
    "v1", "v2", "t1", "s1", "c1.view", "c2.view", "list.view", "w", "tabs.view", "nav.view", "pager.view", "nope",
  ]

  /// One random step: usually one call (`call`), sometimes a short run of calls that tries to close a cycle (issue
  /// 19) — a presentation cycle then a dismissal, two paging containers as each other's page or one embedded into its
  /// own page then shown, a container's view put inside the view of a child it installs when it loads or appears —
  /// then walks the world (`world/snapshot`, a hit test), which hung on such a cycle.
  static func step(_ g: inout Generator) -> [(String, JSONValue)] {
    let c = { (g: inout Generator) -> JSONValue in .string(g.pick(controllers)) }
    let flag = { (g: inout Generator) -> JSONValue in .bool(g.next(2) == 0) }
    let walk: [(String, JSONValue)] = [
      ("world/snapshot", [:]), ("view/hitTest", ["window": "w", "point": ["x": 10, "y": 10]]),
    ]
    guard g.next(8) == 0 else { return [call(&g)] }
    switch g.next(5) {
    case 0:
      let (a, b, d) = (c(&g), c(&g), c(&g))
      return [
        ("window/setRoot", ["window": "w", "controller": a]),
        ("presentation/present", ["presenter": a, "controller": b, "animated": flag(&g)]),
        ("presentation/present", ["presenter": b, "controller": d, "animated": flag(&g)]),
        ("presentation/present", ["presenter": g.next(2) == 0 ? d : b, "controller": a, "animated": flag(&g)]),
        ("presentation/dismiss", ["controller": g.pick([a, b, d]), "animated": flag(&g)]),
      ] + walk
    case 1:
      let page = c(&g)
      return [
        (
          "controller/create",
          [
            "id": "pager2", "kind": "PagingContainerViewController", "header": ["height": 100],
            "pages": [page, "pager"],
          ]
        ),
        ("paging/setPages", ["container": "pager", "controllers": [c(&g), "pager2"]]),
        ("window/setRoot", ["window": "w", "controller": g.pick(["pager", "pager2"])]),
      ] + walk
    case 2:
      return [
        ("containment/embed", ["parent": c(&g), "child": g.pick(["pager", "pager2"])]),
        ("navigation/push", ["navigation": "nav", "controller": g.pick(["pager", "pager2"]), "animated": false]),
        ("window/setRoot", ["window": "w", "controller": c(&g)]),
      ] + walk
    case 3:
      // A child's view around the place its container's view goes (the container loads or appears there).
      let child = g.pick(["c1", "c2"])
      let container = g.pick(["tabs.view", "nav.view", "pager.view"])
      return [
        ("view/addSubview", ["superview": "w", "view": .string("\(child).view")]),
        ("view/addSubview", ["superview": .string("\(child).view"), "view": "v1"]),
        g.pick([
          ("tab/setViewControllers", ["tabBar": "tabs", "controllers": [.string(child)]] as JSONValue),
          ("navigation/setViewControllers", ["navigation": "nav", "controllers": [.string(child)], "animated": false]),
          ("paging/setPages", ["container": "pager", "controllers": [.string(child)]]),
        ]),
        ("view/addSubview", ["superview": "v1", "view": .string(container)]),
      ] + walk
    default:
      // A container's view inside its child's view, then shown by an explicit begin or by entering the window.
      let child = g.pick(["c1", "c2"])
      let container = g.pick(["tabs", "nav"])
      return [
        ("view/addSubview", ["superview": .string("\(child).view"), "view": .string("\(container).view")]),
        g.next(2) == 0
          ? ("appearance/begin", ["controller": .string(container), "isAppearing": true])
          : ("view/addSubview", ["superview": "w", "view": .string("\(child).view")]),
      ] + walk
    }
  }

  /// One random call: mostly valid shapes over a small id space (so calls collide, nest and refuse), some invalid.
  static func call(_ g: inout Generator) -> (String, JSONValue) {
    let c = { (g: inout Generator) -> JSONValue in .string(g.pick(controllers)) }
    let v = { (g: inout Generator) -> JSONValue in .string(g.pick(views)) }
    let n = { (g: inout Generator, bound: Int) -> JSONValue in .int(Int64(g.next(bound))) }
    let flag = { (g: inout Generator) -> JSONValue in .bool(g.next(2) == 0) }
    switch g.next(72) {
    case 0: return ("controller/create", ["id": c(&g)])
    case 1:
      return (
        "controller/create", ["id": "nav", "kind": "UINavigationController", "root": c(&g), "delegate": flag(&g)]
      )
    case 2: return ("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": [c(&g), c(&g)]])
    case 3: return ("controller/create", ["id": "list", "kind": "UITableViewController"])
    case 4: return ("view/create", ["id": v(&g), "kind": .string(g.pick(["UIView", "UIScrollView", "UITableView"]))])
    case 5: return ("containment/addChild", ["parent": c(&g), "child": c(&g)])
    case 6: return ("containment/removeFromParent", ["child": c(&g)])
    case 7: return ("containment/embed", ["parent": c(&g), "child": c(&g)])
    case 8: return ("containment/unembed", ["child": c(&g)])
    case 9: return ("view/addSubview", ["superview": v(&g), "view": v(&g)])
    case 10: return ("view/removeFromSuperview", ["view": v(&g)])
    case 11: return ("window/setRoot", ["window": "w", "controller": c(&g)])
    case 12: return ("navigation/push", ["navigation": "nav", "controller": c(&g), "animated": .bool(g.next(2) == 0)])
    case 13: return ("navigation/pop", ["navigation": "nav", "animated": .bool(g.next(2) == 0)])
    case 14:
      return ("presentation/present", ["presenter": c(&g), "controller": c(&g), "animated": .bool(g.next(2) == 0)])
    case 15: return ("presentation/dismiss", ["controller": c(&g)])
    case 16: return ("appearance/begin", ["controller": c(&g), "isAppearing": .bool(g.next(2) == 0)])
    case 17: return ("appearance/end", ["controller": c(&g)])
    case 18: return ("containment/transition", ["parent": c(&g), "from": c(&g), "to": c(&g), "duration": 0.1])
    case 19:
      return (
        "view/setFrame",
        ["view": v(&g), "frame": ["x": 0, "y": n(&g, 100), "width": n(&g, 400), "height": n(&g, 900)]]
      )
    case 20:
      return (
        "scroll/setContentOffset",
        ["view": v(&g), "offset": ["x": 0, "y": n(&g, 2000)], "animated": .bool(g.next(2) == 0)]
      )
    case 21: return ("scroll/fling", ["view": v(&g), "velocity": ["x": 0, "y": .int(Int64(g.next(6000)) - 3000)]])
    case 22: return ("table/register", ["table": v(&g), "identifier": "cell"])
    case 23:
      return (
        "table/setData",
        [
          "table": v(&g),
          "sections": [["rowCount": n(&g, 200), "rowHeight": 44, "identifier": .string(g.pick(["cell", "other"]))]],
        ]
      )
    case 24: return ("table/select", ["table": v(&g), "section": 0, "row": n(&g, 50)])
    case 25:
      return (
        "layout/addConstraints",
        [
          "constraints": [
            [
              "item": v(&g), "attribute": .string(g.pick(["top", "width", "left"])), "toItem": v(&g),
              "constant": n(&g, 50),
            ]
          ]
        ]
      )
    case 26:
      return (
        "window/resize",
        ["window": "w", "width": .int(Int64(g.pick([390, 844]))), "height": .int(Int64(g.pick([844, 390])))]
      )
    case 27: return ("controller/destroy", ["controller": c(&g)])
    case 28: return ("keyboard/show", ["window": "w", "height": 300, "animated": .bool(g.next(2) == 0)])
    case 29: return ("view/focus", ["view": v(&g)])
    // The rest of the API (every method but daemon/shutdown, events/unsubscribe and clock/configure, which would
    // end the session, change what the checks observe, or tie the run to wall time).
    case 30:
      return (
        "appearance/callDirectly",
        ["controller": c(&g), "callback": .string(g.pick(["viewWillAppear", "viewDidAppear", "viewDidDisappear"]))]
      )
    case 31:
      return (
        "behavior/add",
        [
          "id": .string(g.pick(["b1", "b2"])),
          "kind": .string(g.pick(["pinToTop", "floatOverContent", "followOffset"])),
          "view": v(&g), "scrollView": v(&g),
        ]
      )
    case 32: return ("behavior/remove", ["id": .string(g.pick(["b1", "b2", "nope"]))])
    case 33: return ("class/register", ["name": .string(g.pick(["Mine", "Other"]))])
    case 34: return ("clock/advance", ["ms": n(&g, 600)])
    case 35: return ("containment/willMove", ["child": c(&g), "parent": g.next(3) == 0 ? .null : c(&g)])
    case 36: return ("containment/didMove", ["child": c(&g), "parent": g.next(3) == 0 ? .null : c(&g)])
    case 37: return ("controller/configure", ["controller": c(&g), "forwardsAppearance": flag(&g)])
    case 38: return ("controller/loadView", ["controller": c(&g)])
    case 39: return ("controller/unloadView", ["controller": c(&g)])
    case 40: return ("keyboard/hide", ["window": "w", "animated": flag(&g)])
    case 41: return ("layout/layoutIfNeeded", ["view": v(&g)])
    case 42: return ("layout/removeConstraints", ["ids": [.string(g.pick(["k1", "k2", "nope"]))]])
    case 43:
      return (
        "navigation/interactivePop",
        [
          "navigation": "nav", "action": .string(g.pick(["begin", "update", "finish", "cancel"])),
          "progress": .number(Double(g.next(11)) / 10),
        ]
      )
    case 44: return ("navigation/popTo", ["navigation": "nav", "controller": c(&g), "animated": flag(&g)])
    case 45: return ("navigation/popToRoot", ["navigation": "nav", "animated": flag(&g)])
    case 46:
      return (
        "navigation/setViewControllers", ["navigation": "nav", "controllers": [c(&g), c(&g)], "animated": flag(&g)]
      )
    case 47:
      return (
        "controller/create",
        ["id": "pager", "kind": "PagingContainerViewController", "header": ["height": 200], "pages": [c(&g), c(&g)]]
      )
    case 48: return ("paging/select", ["container": "pager", "index": n(&g, 3), "animated": flag(&g)])
    case 49: return ("paging/setPages", ["container": "pager", "controllers": [c(&g), c(&g), c(&g)]])
    case 50:
      return (
        "scene/load",
        ["scene": ["controllers": [["name": c(&g), "view": ["subviews": [["name": v(&g)]]]]]]]
      )
    case 51:
      return (
        "scroll/configure",
        ["view": v(&g), "contentSize": ["width": 390, "height": n(&g, 3000)], "isPagingEnabled": flag(&g)]
      )
    case 52:
      return (
        "scroll/pan",
        [
          "view": v(&g), "phase": .string(g.pick(["began", "changed", "ended", "cancelled"])),
          "translation": ["x": 0, "y": .int(Int64(g.next(400)) - 200)], "velocity": ["x": 0, "y": n(&g, 2000)],
        ]
      )
    case 53:
      return (
        "scroll/scrollRectToVisible",
        ["view": v(&g), "rect": ["x": 0, "y": n(&g, 2000), "width": 10, "height": 10], "animated": flag(&g)]
      )
    case 54: return ("tab/select", ["tabBar": "tabs", "index": n(&g, 3)])
    case 55: return ("tab/setViewControllers", ["tabBar": "tabs", "controllers": [c(&g), c(&g)]])
    case 56: return ("view/bringSubviewToFront", ["view": v(&g)])
    case 57: return ("view/configure", ["view": v(&g), "isHidden": flag(&g), "clipsToBounds": flag(&g)])
    case 58: return ("daemon/configure", ["options": ["viewIsAppearing": flag(&g)]])
    case 59: return (g.next(20) == 0 ? "world/reset" : "clock/now", [:])
    case 61: return ("transition/animateAlongside", ["controller": c(&g), "tag": "probe"])
    case 62: return ("transition/notifyWhenInteractionChanges", ["controller": c(&g), "tag": "lift"])
    case 63:
      let kind = g.pick(["present", "dismiss", "push", "pop", "tab"])
      let owner: JSONValue = kind == "push" || kind == "pop" ? "nav" : kind == "tab" ? "tabs" : c(&g)
      let completes: JSONValue = g.pick([true, false, "manual"])
      return (
        "transition/setAnimator",
        [
          "controller": owner, "kind": .string(kind), "completes": completes, "duration": .number(0.1),
          "interactive": .bool(g.next(3) == 0),
        ]
      )
    case 64:
      switch g.next(3) {
      case 0: return ("transition/complete", ["controller": c(&g), "didComplete": flag(&g)])
      case 1:
        return (
          "transition/complete",
          ["animator": .string(g.pick(["c1.presentAnimator", "nav.pushAnimator"])), "didComplete": flag(&g)]
        )
      default:
        // An interactive animator's transition driven (R50), or refused when none waits for it.
        return (
          "transition/updateInteractive",
          [
            "animator": .string(
              g.pick(["c1.presentAnimator", "nav.pushAnimator", "nav.popAnimator", "tabs.tabAnimator"])),
            "action": .string(g.pick(["update", "finish", "cancel"])),
            "percentComplete": .number(Double(g.next(11)) / 10),
          ]
        )
      }
    case 65: return ("transition/coordinator", ["controller": c(&g)])
    case 66:
      let option = g.pick(["coordinator.nonAnimatedNav", "coordinator.nonAnimatedPresentation"])
      return ("daemon/configure", ["options": [option: .string(g.pick(["nil", "present"]))]])
    // Traits (R60–R67): registrations, overrides (null removes), a window's device and style, a Max phone's
    // rotation (its width class changes too).
    case 67:
      return (
        "traits/register",
        [
          "controller": c(&g),
          "traits": [.string(g.pick(["horizontalSizeClass", "verticalSizeClass", "userInterfaceStyle"]))],
        ]
      )
    case 68:
      return ("traits/unregister", ["id": .string(g.pick(["c1.traitRegistration1", "c2.traitRegistration2", "nope"]))])
    case 69:
      var traits = JSONObject()
      traits[g.pick(["horizontalSizeClass", "verticalSizeClass"])] = g.pick(["compact", "regular", .null, "tiny"])
      return ("controller/setTraitOverrides", ["controller": c(&g), "traits": .object(traits)])
    case 70:
      return (
        "window/configure",
        [
          "window": "w", "idiom": .string(g.pick(["phone", "pad", "watch"])),
          "userInterfaceStyle": .string(g.pick(["light", "dark"])),
        ]
      )
    case 71:
      let portrait = g.next(2) == 0
      return (
        "window/resize",
        [
          "window": "w", "width": .int(portrait ? 428 : 926), "height": .int(portrait ? 926 : 428),
          "animated": flag(&g),
        ]
      )
    case 60:
      switch g.next(5) {
      case 0: return ("controller/get", ["controller": c(&g)])
      case 1: return ("scroll/get", ["view": v(&g)])
      case 2: return ("table/get", ["table": v(&g)])
      case 3: return ("view/get", ["view": v(&g)])
      default: return ("paging/get", ["container": "pager"])
      }
    default:
      switch g.next(6) {
      case 0: return ("table/visibleRows", ["table": v(&g)])
      case 1: return ("view/hitTest", ["window": "w", "point": ["x": 10, "y": n(&g, 900)]])
      case 2: return ("world/render", ["window": "w"])
      case 3: return ("world/snapshot", [:])
      case 4: return ("daemon/info", [:])
      default: return ("daemon/ping", [:])
      }
    }
  }

  /// Runs `calls` in a fresh session; the first refused call that changed the world or emitted events, if any (the
  /// session records invariant breaks itself).
  static func firstViolation(
    _ calls: [(String, JSONValue)], maxTreeDepth: Int = Engine.defaultMaxTreeDepth,
    check: (String, TestSession.Exchange, String, String) -> String? = atomicity
  ) -> (index: Int, problem: String)? {
    var configuration = ServerConfiguration()
    configuration.maxTreeDepth = maxTreeDepth
    let session = TestSession(configuration: configuration)
    session.call("window/create", ["id": "w"])
    session.call("events/subscribe", ["kinds": ["all"]])
    for (index, (method, params)) in calls.enumerated() {
      let before = session.snapshot()
      let exchange = session.call(method, params)
      if let problem = check(method, exchange, before, session.snapshot()) { return (index, problem) }
    }
    return nil
  }

  /// Documentation/Protocol.md, "Errors": a refused call changes nothing and emits nothing; nothing is an internal
  /// error. A read, refused or not, finds a quiet world (every turn's end settles, `Engine.settleLayout`): it changes
  /// nothing and emits nothing either.
  static func atomicity(_ method: String, _ exchange: TestSession.Exchange, _ before: String, _ after: String)
    -> String?
  {
    if exchange.error?["code"] == -32603 { return "internal error" }
    guard exchange.error != nil || readMethods.contains(method) else { return nil }
    let what = exchange.error != nil ? "" : "a read "
    if after != before { return "\(what)changed the world" }
    return exchange.events.isEmpty ? nil : "\(what)emitted events"
  }

  /// The methods that only read the world (not those that name a view as `<controller>.view`, which loads it, R1).
  static let readMethods: Set<String> = [
    "controller/get", "presentation/get", "view/get", "scroll/get", "table/get", "paging/get", "view/hitTest",
    "world/render", "world/snapshot", "daemon/info", "daemon/ping", "clock/now", "transition/coordinator",
  ]

  /// The shortest failing sequence found by dropping calls one at a time while the failure stays (a minimal
  /// reproduction to keep as a regression test).
  static func shrink(
    _ calls: [(String, JSONValue)], maxTreeDepth: Int = Engine.defaultMaxTreeDepth,
    check: (String, TestSession.Exchange, String, String) -> String? = atomicity
  ) -> [(String, JSONValue)] {
    guard let violation = firstViolation(calls, maxTreeDepth: maxTreeDepth, check: check) else { return calls }
    var current = Array(calls[...violation.index])
    var index = current.count - 2
    while index >= 0 {
      var candidate = current
      candidate.remove(at: index)
      if let found = firstViolation(candidate, maxTreeDepth: maxTreeDepth, check: check),
        found.index == candidate.count - 1
      {
        current = candidate
      }
      index -= 1
    }
    return current
  }

  /// The seeds run: 150 in every test run; `CONTAINERD_RANDOM_SEQUENCES=N` runs N instead, for a long run
  /// (Documentation/Testing.md, "Random sequences").
  static let seeds: Range<Int> = {
    guard let text = getenv("CONTAINERD_RANDOM_SEQUENCES"), let count = Int(String(cString: text)), count > 0 else {
      return 0..<150
    }
    return 0..<count
  }()

  @Test(arguments: seeds)
  func refusedCallsChangeNothing(_ seed: Int) {
    var g = Generator(state: 0x9E37_79B9_7F4A_7C15 &+ UInt64(seed) &* 0x1000_0000_01B3)
    let calls = (0..<80).flatMap { _ in Self.step(&g) }
    // One seed in four runs with a tree depth limit of 1 (a window's subviews fit, a child embedded in a window's root
    // does not): the sequences rarely nest deeper, so this is what makes them reach its refusals (11 in the 38 such
    // seeds of a default run, from addSubview, setRoot and controller/create), checked like any other.
    let maxTreeDepth = seed % 4 == 0 ? 1 : Engine.defaultMaxTreeDepth
    guard let violation = Self.firstViolation(calls, maxTreeDepth: maxTreeDepth) else { return }
    let minimal = Self.shrink(calls, maxTreeDepth: maxTreeDepth).map { "\($0.0) \($0.1.encodedString)" }
    Issue.record(
      "seed \(seed) (maxTreeDepth \(maxTreeDepth)): call \(violation.index) \(violation.problem); minimal sequence:\n\(minimal.joined(separator: "\n"))"
    )
  }

  /// R62, R63 over random sequences: every traitCollectionDidChange and traitChangeHandler reports a real change
  /// (its previous traits differ from its traits), and a willTransitionToTraitCollection announces traits.
  @Test(arguments: 0..<24)
  func traitCallbacksReportRealChanges(_ seed: Int) {
    var g = Generator(state: 0x5EED_7A17 &+ UInt64(seed) &* 0x1000_0000_01B3)
    let calls = (0..<80).flatMap { _ in Self.step(&g) }
    let check = { (method: String, exchange: TestSession.Exchange, before: String, after: String) -> String? in
      if let problem = Self.atomicity(method, exchange, before, after) { return problem }
      for event in exchange.events where event["method"] == "event/lifecycle" {
        guard let params = event["params"], let callback = params["callback"]?.stringValue else { continue }
        switch callback {
        case "traitCollectionDidChange", "traitChangeHandler":
          if params["previous"] == nil || params["previous"] == params["traits"] {
            return "\(callback) without a change"
          }
        case "willTransitionToTraitCollection":
          if params["traits"] == nil { return "willTransitionToTraitCollection without traits" }
        default: break
        }
      }
      return nil
    }
    guard let violation = Self.firstViolation(calls, check: check) else { return }
    let minimal = Self.shrink(calls, check: check).map { "\($0.0) \($0.1.encodedString)" }
    Issue.record(
      "seed \(seed): call \(violation.index) \(violation.problem); minimal sequence:\n\(minimal.joined(separator: "\n"))"
    )
  }

  /// Regression tests: the minimal sequences the random runs found (each failed before its fix).
  @Test(
    arguments: [
      [
        ("controller/create", ["id": "list", "kind": "UITableViewController"] as JSONValue),
        ("table/select", ["table": "list.view", "section": 0, "row": 3]),
      ],
      [
        ("controller/create", ["id": "list", "kind": "UITableViewController"]),
        (
          "table/setData",
          ["table": "list.view", "sections": [["rowCount": 5, "rowHeight": 44, "identifier": "cell"]]]
        ),
      ],
      [
        ("controller/create", ["id": "list", "kind": "UITableViewController"]),
        ("table/rectForRow", ["table": "list.view", "section": 0, "row": 0]),
      ],
      [
        ("controller/create", ["id": "list", "kind": "UITableViewController"]),
        ("table/scrollToRow", ["table": "list.view", "section": 0, "row": 0, "position": "top"]),
      ],
      [
        ("controller/create", ["id": "c1"]),
        ("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": ["c1", "c1"]]),
      ],
    ] as [[(String, JSONValue)]])
  func foundSequences(_ calls: [(String, JSONValue)]) {
    #expect(Self.firstViolation(calls) == nil)
    let session = TestSession()
    for (method, params) in calls.dropLast() { session.call(method, params) }
    let (method, params) = calls.last!
    #expect(session.call(method, params).error != nil)
  }

  /// The shrinker reduces a failing sequence to the calls that matter: with a fabricated rule (any successful
  /// `view/addSubview` counts as a failure), 60 random calls around one shrink to at most the two views it needs and
  /// the call itself.
  @Test func shrinkingKeepsOnlyWhatMatters() {
    var g = Generator(state: 42)
    let noise = (0..<30).map { _ in Self.call(&g) }.filter { $0.1["id"] != "v1" && $0.1["id"] != "v2" }
    let sequence: [(String, JSONValue)] =
      noise + [("view/create", ["id": "v1"]), ("view/create", ["id": "v2"])] + noise
      + [("view/addSubview", ["superview": "v2", "view": "v1"])]
    let rule = { (method: String, exchange: TestSession.Exchange, _: String, _: String) -> String? in
      method == "view/addSubview" && exchange.error == nil ? "hit" : nil
    }
    let minimal = Self.shrink(sequence, check: rule).map(\.0)
    #expect(minimal.last == "view/addSubview")
    #expect(minimal.count <= 3)
    #expect(minimal.count < sequence.count)
  }
}

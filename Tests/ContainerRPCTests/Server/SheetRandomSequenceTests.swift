import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// Random call sequences around sheets (R57–R59), as `RandomSequenceTests` runs them over the whole API: half the
/// steps are one of its random calls, half a presentation call — present in a random style with or without an
/// adaptive delegate, dismiss, a swipe step (`presentation/interactiveDismiss` begin/update/finish/cancel with random
/// progress and velocity), `presentation/configureDelegate`, `isModalInPresentation`, a clock advance. Half the seeds
/// run on a manual clock, so settles and springs back stay pending across calls. `TestSession` checks the invariants
/// and "no did without will" after every call; every refusal must change nothing and emit nothing.
@Suite struct SheetRandomSequenceTests {
  static let controllers = ["c1", "c2", "c3", "nav", "tabs", "nope"]

  static func sheetCall(_ g: inout RandomSequenceTests.Generator) -> (String, JSONValue) {
    let c = { (g: inout RandomSequenceTests.Generator) -> JSONValue in .string(g.pick(controllers)) }
    let flag = { (g: inout RandomSequenceTests.Generator) -> JSONValue in .bool(g.next(2) == 0) }
    switch g.next(9) {
    case 0, 1:
      var params: JSONObject = [
        "presenter": c(&g), "controller": c(&g), "animated": flag(&g),
        "style": .string(g.pick(["pageSheet", "pageSheet", "formSheet", "fullScreen", "overCurrentContext"])),
      ]
      if g.next(2) == 0 { params["delegate"] = ["shouldDismiss": flag(&g)] }
      return ("presentation/present", .object(params))
    case 2: return ("presentation/dismiss", ["controller": c(&g), "animated": flag(&g)])
    case 3:
      return ("presentation/configureDelegate", ["controller": c(&g), "shouldDismiss": flag(&g), "remove": flag(&g)])
    case 4: return ("controller/configure", ["controller": c(&g), "isModalInPresentation": flag(&g)])
    case 5: return ("clock/advance", ["ms": .int(Int64(g.next(600)))])
    default:
      return (
        "presentation/interactiveDismiss",
        [
          "controller": c(&g), "action": .string(g.pick(["begin", "update", "finish", "cancel"])),
          "progress": .number(Double(g.next(11)) / 10), "velocity": .number(Double(g.next(3) * 600)),
        ]
      )
    }
  }

  @Test(arguments: 0..<40)
  func sheetsKeepTheInvariants(_ seed: Int) {
    var g = RandomSequenceTests.Generator(state: 0x5EED_5EE7 &+ UInt64(seed) &* 0x1000_0000_01B3)
    var calls: [(String, JSONValue)] = [
      ("controller/create", ["id": "c1"]), ("controller/create", ["id": "c2"]), ("controller/create", ["id": "c3"]),
      ("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "c1"]),
      ("window/setRoot", ["window": "w", "controller": "nav"]),
    ]
    if seed % 2 == 0 { calls.append(("clock/configure", ["mode": "manual"])) }
    for _ in 0..<80 { calls.append(g.next(2) == 0 ? Self.sheetCall(&g) : RandomSequenceTests.call(&g)) }
    guard let violation = RandomSequenceTests.firstViolation(calls) else { return }
    let minimal = RandomSequenceTests.shrink(calls).map { "\($0.0) \($0.1.encodedString)" }
    Issue.record(
      "seed \(seed): call \(violation.index) \(violation.problem); minimal sequence:\n\(minimal.joined(separator: "\n"))"
    )
  }

  /// The sheet calls reach what they test: over the seeds, swipes begin, finish and are refused.
  @Test func theSequencesReachTheSwipes() {
    var outcomes: Set<String> = []
    for seed in 0..<40 {
      var g = RandomSequenceTests.Generator(state: 0x5EED_5EE7 &+ UInt64(seed) &* 0x1000_0000_01B3)
      let session = TestSession()
      session.call("window/create", ["id": "w"])
      for id in ["c1", "c2", "c3"] { session.call("controller/create", ["id": .string(id)]) }
      session.call("window/setRoot", ["window": "w", "controller": "c1"])
      for _ in 0..<80 {
        let (method, params) = Self.sheetCall(&g)
        let exchange = session.call(method, params)
        guard method == "presentation/interactiveDismiss" else { continue }
        outcomes.insert(
          exchange.error?["data"]?["state"]?.stringValue ?? "\(params["action"]?.stringValue ?? "?") accepted")
        for event in exchange.events where event["method"] == "event/delegate" {
          outcomes.insert(event["params"]?["callback"]?.stringValue ?? "?")
        }
      }
    }
    #expect(outcomes.isSuperset(of: ["begin accepted", "finish accepted", "notPresented", "noInteractiveDismiss"]))
    #expect(outcomes.contains("presentationControllerDidDismiss"))
  }
}

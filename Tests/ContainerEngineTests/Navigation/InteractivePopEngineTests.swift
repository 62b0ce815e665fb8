import ContainerEngine
import Testing

/// The swipe-back gesture through the engine API alone (R23 finished, R24 cancelled); the orders the
/// wire tier checks in InteractivePopTests.
@Suite struct InteractivePopEngineTests {
  /// `nav` showing `list` with `page` pushed on top, in `win`; viewIsAppearing off from then on (as the wire test
  /// configures it after its setup).
  private func pushedPage() throws -> (EngineHarness, nav: ControllerNode, list: ControllerNode, page: ControllerNode) {
    let harness = EngineHarness()
    let window = try harness.window()
    let list = try harness.controller("list")
    let page = try harness.controller("page")
    let (nav, _) = try harness.navigation("nav", root: list)
    try harness.show(nav, in: window)
    try harness.turn { engine throws(EngineError) in try engine.push(page, on: nav, animated: false) }
    harness.engine.options.viewIsAppearing = false
    return (harness, nav, list, page)
  }

  /// R23, R24: the gesture starts the pop (willMove(nil), R20; viewControllers updated, R18) with the will pair,
  /// isMovingFromParent already true; moving the finger calls nothing; cancelled, the settle back (0.4 × 0.35 s =
  /// 140 ms, ending at frame 9, 150 ms) brings R24's four callbacks: no viewDidAppear for the incoming controller and
  /// no didMove at all. The page is back on the stack.
  @Test func aCancelledInteractivePop() throws {
    let (harness, nav, _, page) = try pushedPage()
    let start = try harness.events { engine throws(EngineError) in try engine.beginInteractivePop(nav) }
    #expect(
      start.compactMap(EngineHarness.describe) == [
        "page.willMove(nil) R20", "page.viewWillDisappear R23", "list.viewWillAppear R23",
      ])
    #expect(EngineHarness.flags(start[1])?.isMovingFromParent == true)
    #expect(nav.children.map(\.id) == ["list"])
    #expect(
      try harness.turn { engine throws(EngineError) in try engine.updateInteractivePop(nav, progress: 0.4) } == [])
    let end = try harness.events { engine throws(EngineError) in try engine.cancelInteractivePop(nav) }
    #expect(
      end.compactMap(EngineHarness.describe) == [
        "list.viewWillDisappear R24", "list.viewDidDisappear R24", "page.viewWillAppear R24", "page.viewDidAppear R24",
      ])
    #expect(end.allSatisfy { $0.time == 150 })
    #expect(nav.children.map(\.id) == ["list", "page"])
    #expect(!page.isMovingFromParent)
  }

  /// R23 + seed 001: a completed swipe back; the settle (0.5 × 0.35 s = 175 ms, frame 11) waits for the clock, then
  /// the did pair and didMove(nil), only once the page is fully gone.
  @Test func aFinishedInteractivePop() throws {
    let (harness, nav, _, _) = try pushedPage()
    harness.engine.clock.mode = .manual
    try harness.turn { engine throws(EngineError) in try engine.beginInteractivePop(nav) }
    #expect(
      try harness.turn { engine throws(EngineError) in
        try engine.updateInteractivePop(nav, progress: 0.5)
        try engine.finishInteractivePop(nav)
      } == [])
    #expect(harness.advance(100).isEmpty)
    let settled = harness.advance(100)
    #expect(
      settled.compactMap(EngineHarness.describe) == [
        "page.viewDidDisappear R23", "list.viewDidAppear R23", "page.didMove(nil) R20",
      ])
    #expect(settled.allSatisfy { $0.time == 11 * 1000 / 60.0 })
  }

  /// The gesture's misuse is refused, changing nothing: finishing with no gesture, beginning twice, beginning with
  /// nothing to pop.
  @Test func gestureMisuseIsRefused() throws {
    let (harness, nav, _, _) = try pushedPage()
    #expect(
      harness.refusal { engine throws(EngineError) in try engine.finishInteractivePop(nav) } == "nav noInteractivePop")
    try harness.turn { engine throws(EngineError) in try engine.beginInteractivePop(nav) }
    #expect(
      harness.refusal { engine throws(EngineError) in try engine.beginInteractivePop(nav) }
        == "nav interactivePopInProgress")
    try harness.turn { engine throws(EngineError) in
      try engine.cancelInteractivePop(nav)
      _ = try engine.pop(nav, animated: false)
    }
    #expect(harness.refusal { engine throws(EngineError) in try engine.beginInteractivePop(nav) } == "nav nothingToPop")
  }

  /// R24 + R5: a top that another container took during the gesture goes back on the stack when it is cancelled,
  /// taken back as addChild takes a child from another parent (its didMove(nil) first) [INF].
  @Test func cancelTakesBackATopTakenDuringTheGesture() throws {
    let (harness, nav, _, page) = try pushedPage()
    let x = try harness.controller("x")
    try harness.turn { engine throws(EngineError) in
      try engine.beginInteractivePop(nav)
    }
    try harness.turn { engine throws(EngineError) in try engine.embed(page, in: x, container: nil, frame: nil) }
    #expect(
      try harness.turn { engine throws(EngineError) in try engine.cancelInteractivePop(nav) } == [
        "page.didMove(nil) R5", "list.viewWillDisappear R24", "list.viewDidDisappear R24", "page.viewWillAppear R24",
        "page.viewDidAppear R24",
      ])
    #expect(nav.children.map(\.id) == ["list", "page"])
    #expect(x.children.isEmpty)
  }

  /// R23 + R5: an incoming controller that another container took during the gesture is not displayed when the pop
  /// finishes: the next push starts from nothing and sends it no R19 disappearance [INF]. R72: its view, which the
  /// gesture put in the stack's view, leaves it first (else the embed is refused).
  @Test func finishDoesNotDisplayAnIncomingControllerTakenDuringTheGesture() throws {
    let (harness, nav, list, _) = try pushedPage()
    let x = try harness.controller("x")
    try harness.turn { engine throws(EngineError) in try engine.beginInteractivePop(nav) }
    #expect(
      harness.refusal { engine throws(EngineError) in try engine.embed(list, in: x, container: nil, frame: nil) }?
        .hasPrefix("UIViewControllerHierarchyInconsistency") == true)
    try harness.turn { engine throws(EngineError) in
      try engine.removeFromSuperview(.root(list))
      try engine.embed(list, in: x, container: nil, frame: nil)
    }
    try harness.turn { engine throws(EngineError) in try engine.finishInteractivePop(nav) }
    harness.advance(400)
    #expect(
      try harness.turn { engine throws(EngineError) in try engine.push(x, on: nav, animated: false) } == [
        "x.willMove(nav) R20", "x.viewWillAppear R19", "list.viewWillAppear R10", "x.viewDidAppear R19",
        "x.didMove(nav) R20", "list.viewDidAppear R10",
      ])
  }
}

import ContainerEngine
import Testing

/// `viewIsAppearing(_:)` through the engine API alone (UIKIT_RULES.md R69, iOS 17+, open point `viewIsAppearing`,
/// default on): called once before each viewDidAppear, whatever drives the appearance, after the turn's layout pass
/// (R30), with the did callback's `animated` and R29 flags; never on a disappearance. The placements the wire tier's
/// traces show in ContainmentTests, AppearanceTests, TransitionTests and TableViewControllerTests.
@Suite struct ViewIsAppearingEngineTests {
  /// R6, R7, R30, R69: a window's new root lays out between its will and viewIsAppearing, which comes right before
  /// viewDidAppear.
  @Test func itComesAfterTheLayoutPassAndBeforeViewDidAppear() throws {
    let harness = EngineHarness(events: [.lifecycle, .layout])
    let window = try harness.window()
    let root = try harness.controller("root")
    #expect(
      try harness.show(root, in: window).filter { !$0.hasPrefix("layout ") } == [
        "root.loadView R1", "root.viewDidLoad R1", "root.viewWillAppear R6", "root.viewWillLayoutSubviews R30",
        "root.viewDidLayoutSubviews R30", "root.viewIsAppearing R69", "root.viewDidAppear R7",
      ])
  }

  /// R10, R69: forwarded, each controller gets it just before its own viewDidAppear, parent first.
  @Test func forwardedEachControllerGetsItBeforeItsOwnDid() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let parent = try harness.controller("parent")
    let child = try harness.controller("child")
    try harness.turn { engine throws(EngineError) in try engine.embed(child, in: parent, container: nil, frame: nil) }
    #expect(
      try harness.show(parent, in: window) == [
        "parent.viewWillAppear R6", "child.viewWillAppear R10", "parent.viewIsAppearing R69",
        "parent.viewDidAppear R7", "child.viewIsAppearing R69", "child.viewDidAppear R10",
      ])
  }

  /// R13, R69: a manual end that completes an appearance gets it too; R29's isMovingToParent reads as in the will
  /// and did callbacks (true for a child embedded in a visible parent).
  @Test func aManualEndAndTheMovingFlag() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let parent = try harness.controller("parent", forwardsAppearance: false)
    try harness.show(parent, in: window)
    let child = try harness.controller("child")
    try harness.turn { engine throws(EngineError) in try engine.embed(child, in: parent, container: nil, frame: nil) }
    try harness.turn { engine in engine.beginAppearanceTransition(child, appearing: true, animated: true) }
    let end = try harness.events { engine in engine.endAppearanceTransition(child) }
    #expect(end.compactMap(EngineHarness.describe) == ["child.viewIsAppearing R69", "child.viewDidAppear R13"])
    #expect(EngineHarness.animated(end[0]) == true)
    #expect(EngineHarness.flags(end[0])?.isMovingToParent == true)
    #expect(EngineHarness.flags(end[0]) == EngineHarness.flags(end[1]))
  }

  /// R17, R69: in transition(from:to:) only the incoming controller gets it, animated as its viewDidAppear.
  @Test func aTransitionGivesItToTheIncomingControllerOnly() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let p = try harness.controller("p")
    let a = try harness.controller("a")
    let b = try harness.controller("b")
    try harness.show(p, in: window)
    try harness.turn { engine throws(EngineError) in
      try engine.embed(a, in: p, container: nil, frame: nil)
      try engine.addChild(b, to: p)
    }
    let events = try harness.events { engine throws(EngineError) in
      try engine.transition(in: p, from: a, to: b, duration: 0.26)
    }
    let appearing = events.filter { EngineHarness.describe($0)?.contains("viewIsAppearing") == true }
    #expect(appearing.compactMap(EngineHarness.describe) == ["b.viewIsAppearing R69"])
    #expect(appearing.map { EngineHarness.animated($0) } == [true])
    #expect(appearing.first?.time == 16 * 1000 / 60.0)
  }

  /// R6, R7: a disappearance never gets it, nor an appearance reversed before its end (R14).
  @Test func neverOnADisappearance() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let parent = try harness.controller("parent", forwardsAppearance: false)
    try harness.show(parent, in: window)
    let child = try harness.controller("child")
    try harness.turn { engine throws(EngineError) in try engine.embed(child, in: parent, container: nil, frame: nil) }
    #expect(
      try harness.turn { engine in
        engine.beginAppearanceTransition(child, appearing: true, animated: false)
        engine.beginAppearanceTransition(child, appearing: false, animated: false)
        engine.endAppearanceTransition(child)
      } == ["child.viewWillAppear R11", "child.viewWillDisappear R14", "child.viewDidDisappear R13"])
    #expect(
      try harness.show(try harness.controller("other"), in: window).filter { $0.hasPrefix("parent.") } == [
        "parent.viewWillDisappear R6", "parent.viewDidDisappear R7",
      ])
  }

  /// R19, R69: a push gives it to the incoming controller between the outgoing viewDidDisappear and its own
  /// viewDidAppear.
  @Test func aPushGivesItToTheIncomingController() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let home = try harness.controller("home")
    let next = try harness.controller("next")
    let (nav, _) = try harness.navigation("nav", root: home)
    try harness.show(nav, in: window)
    #expect(
      try harness.turn { engine throws(EngineError) in try engine.push(next, on: nav, animated: true) }.suffix(4) == [
        "home.viewDidDisappear R19", "next.viewIsAppearing R69", "next.viewDidAppear R19", "next.didMove(nav) R20",
      ])
  }

  /// Open point `viewIsAppearing` off (before iOS 17): never called.
  @Test func theOptionOffCallsItNever() throws {
    let harness = EngineHarness(viewIsAppearing: false)
    let window = try harness.window()
    let parent = try harness.controller("parent")
    try harness.show(parent, in: window)
    let child = try harness.controller("child")
    #expect(
      try harness.turn { engine throws(EngineError) in try engine.embed(child, in: parent, container: nil, frame: nil) }
        == [
          "child.willMove(parent) R4", "child.loadView R1", "child.viewDidLoad R1", "child.viewWillAppear R6",
          "child.didMove(parent) R4", "child.viewDidAppear R7", "child.didMove(parent) R8",
        ])
  }
}

import ContainerEngine
import Testing

/// Appearance through the engine API alone (R6–R16): the window driver and its forwarding, manual
/// forwarding with begin/end, nesting, reversal, direct calls and unbalanced calls; the orders the wire tier checks
/// in AppearanceTests and ContainmentTests.
@Suite struct AppearanceEngineTests {
  /// A shown `parent` with forwarding off, and `child` embedded in it; the embed's events.
  private func manualParent(_ harness: EngineHarness = EngineHarness()) throws -> (
    EngineHarness, parent: ControllerNode, child: ControllerNode, embed: [String]
  ) {
    let window = try harness.window()
    let parent = try harness.controller("parent", forwardsAppearance: false)
    try harness.show(parent, in: window)
    let child = try harness.controller("child")
    let embed = try harness.turn { engine throws(EngineError) in
      try engine.embed(child, in: parent, container: nil, frame: nil)
    }
    return (harness, parent, child, embed)
  }

  // MARK: - The window driver (R6, R7) and automatic forwarding (R9, R10)

  /// R1, R6, R7: a window's new root loads, gets its will callback as its view enters the window and its did
  /// callback at the end of the turn (R69's viewIsAppearing just before it).
  @Test func aRootAppearsWithItsWindow() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let parent = try harness.controller("parent")
    #expect(
      try harness.show(parent, in: window) == [
        "parent.loadView R1", "parent.viewDidLoad R1", "parent.viewWillAppear R6", "parent.viewIsAppearing R69",
        "parent.viewDidAppear R7",
      ])
    #expect(parent.appearance.state == .appeared)
  }

  /// R10: forwarding is parent first, children in the order they were added, for will and did.
  @Test func forwardingIsParentFirstInChildOrder() throws {
    let harness = EngineHarness(viewIsAppearing: false)
    let window = try harness.window()
    let (root, a, b) = try { () throws(EngineError) in
      (try harness.controller("root"), try harness.controller("a"), try harness.controller("b"))
    }()
    try harness.turn { engine throws(EngineError) in
      try engine.embed(a, in: root, container: nil, frame: nil)
      try engine.embed(b, in: root, container: nil, frame: nil)
    }
    #expect(
      try harness.show(root, in: window) == [
        "root.viewWillAppear R6", "a.viewWillAppear R10", "b.viewWillAppear R10", "root.viewDidAppear R7",
        "a.viewDidAppear R10", "b.viewDidAppear R10",
      ])
  }

  /// R6, R7, R10: a root view leaving its window (replaced as the root) takes its children with it, parent first.
  @Test func replacingTheRootDrivesTheOldTreeAway() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let root = try harness.controller("root")
    let child = try harness.controller("child")
    let other = try harness.controller("other")
    try harness.turn { engine throws(EngineError) in try engine.embed(child, in: root, container: nil, frame: nil) }
    try harness.show(root, in: window)
    #expect(
      try harness.show(other, in: window) == [
        "root.viewWillDisappear R6", "child.viewWillDisappear R10", "other.loadView R1", "other.viewDidLoad R1",
        "other.viewWillAppear R6", "other.viewIsAppearing R69", "root.viewDidDisappear R7",
        "child.viewDidDisappear R10", "other.viewDidAppear R7",
      ])
    #expect(root.appearance.state == .disappeared && child.appearance.state == .disappeared)
  }

  // MARK: - Manual forwarding (R11, R13, R14)

  /// R11: with forwarding off, a child added to a visible parent gets no appearance callbacks.
  @Test func forwardingOffGivesChildrenNothing() throws {
    let (_, _, child, embed) = try manualParent()
    #expect(
      embed == [
        "child.willMove(parent) R4", "child.loadView R1", "child.viewDidLoad R1", "child.didMove(parent) R4",
      ])
    #expect(child.appearance.state == .disappeared)
  }

  /// R11, R13: the container then drives the child with begin/end: will at the begin, did at the end.
  @Test func manualBeginEndDrivesTheChild() throws {
    let (harness, _, child, _) = try manualParent()
    #expect(
      try harness.turn { engine in engine.beginAppearanceTransition(child, appearing: true, animated: false) } == [
        "child.viewWillAppear R11", "child.viewIsAppearing R69",
      ])
    #expect(child.appearance.state == .appearing)
    #expect(try harness.turn { engine in engine.endAppearanceTransition(child) } == ["child.viewDidAppear R13"])
    #expect(child.appearance.state == .appeared)
  }

  /// R13: callbacks tie to the final matching end; inner begins and ends call nothing.
  @Test func nestedBeginsCompleteAtTheFinalEnd() throws {
    let (harness, _, child, _) = try manualParent()
    let begin = { (engine: Engine) in engine.beginAppearanceTransition(child, appearing: true, animated: false) }
    #expect(try harness.turn(begin) == ["child.viewWillAppear R11", "child.viewIsAppearing R69"])
    #expect(try harness.turn(begin) == [])
    #expect(child.appearance.depth == 2)
    #expect(try harness.turn { engine in engine.endAppearanceTransition(child) } == [])
    #expect(try harness.turn { engine in engine.endAppearanceTransition(child) } == ["child.viewDidAppear R13"])
  }

  /// Open point `beginNesting: none`: no counter, so the first end completes the transition.
  @Test func withoutNestingEveryEndCompletes() throws {
    let harness = EngineHarness(viewIsAppearing: false)
    harness.engine.options.beginNesting = .none
    let (_, _, child, _) = try manualParent(harness)
    for _ in 0..<2 {
      try harness.turn { engine in engine.beginAppearanceTransition(child, appearing: true, animated: false) }
    }
    #expect(try harness.turn { engine in engine.endAppearanceTransition(child) } == ["child.viewDidAppear R13"])
  }

  /// R14: a begin in the opposite direction reverses the transition in flight; one end completes it, and the
  /// abandoned direction never gets its did (R15).
  @Test func oppositeBeginReversesTheTransition() throws {
    let (harness, _, child, _) = try manualParent()
    try harness.turn { engine in
      engine.beginAppearanceTransition(child, appearing: true, animated: false)
      engine.endAppearanceTransition(child)
    }
    let trace =
      try harness.turn { engine in engine.beginAppearanceTransition(child, appearing: false, animated: true) }
      + harness.turn { engine in engine.beginAppearanceTransition(child, appearing: true, animated: false) }
      + harness.turn { engine in engine.endAppearanceTransition(child) }
    #expect(
      trace == [
        "child.viewWillDisappear R11", "child.viewWillAppear R14", "child.viewIsAppearing R69",
        "child.viewDidAppear R13",
      ])
  }

  /// R9, R10: begin/end on a forwarding parent drives its children, parent first.
  @Test func beginEndOnAForwardingParentDrivesItsChildren() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let root = try harness.controller("root")
    let child = try harness.controller("child")
    try harness.turn { engine throws(EngineError) in try engine.embed(child, in: root, container: nil, frame: nil) }
    try harness.show(root, in: window)
    #expect(
      try harness.turn { engine in engine.beginAppearanceTransition(root, appearing: false, animated: false) } == [
        "root.viewWillDisappear R11", "child.viewWillDisappear R10",
      ])
    #expect(
      try harness.turn { engine in engine.endAppearanceTransition(root) } == [
        "root.viewDidDisappear R13", "child.viewDidDisappear R10",
      ])
  }

  // MARK: - Misuse (R12, R16)

  /// R12: calling a callback directly warns, runs the method, and changes no state.
  @Test func callingACallbackDirectlyWarns() throws {
    let (harness, _, child, _) = try manualParent()
    let trace = try harness.turn { _ in harness.callDirectly(child, .viewWillDisappear) }
    #expect(trace.count == 2)
    #expect(trace.first?.hasPrefix("warning: [ViewController] Calling -viewWillDisappear: directly") == true)
    #expect(
      trace.first?.hasSuffix("UIViewControllerAlertForAppearanceCallbackMisuse to catch any direct calls. R12") == true)
    #expect(trace.last == "child.viewWillDisappear R12")
    #expect(child.appearance.state == .disappeared)
  }

  /// R16: an end with nothing in flight only warns, naming the controller.
  @Test func unbalancedEndWarns() throws {
    let (harness, _, child, _) = try manualParent()
    let events = try harness.events { engine in engine.endAppearanceTransition(child) }
    #expect(
      events.compactMap(EngineHarness.describe) == [
        "warning: Unbalanced calls to begin/end appearance transitions for <UIViewController: child> R16"
      ])
    #expect(
      events.first?.kind
        == .warning(
          message: "Unbalanced calls to begin/end appearance transitions for <UIViewController: child>", object: "child"
        ))
  }

  /// R16 / open point: begin(true) on an appeared controller warns and calls nothing.
  @Test func beginAppearingOnAnAppearedControllerWarns() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let root = try harness.controller("root")
    try harness.show(root, in: window)
    #expect(
      try harness.turn { engine in engine.beginAppearanceTransition(root, appearing: true, animated: false) } == [
        "warning: Unbalanced calls to begin/end appearance transitions for <UIViewController: root> R16"
      ])
    #expect(root.appearance.state == .appeared)
  }

  /// R15: the state machine never calls did without will; what does not fit only warns (R16).
  @Test(
    arguments: [
      ([true, nil, nil], ["callWill", "callDid", "warn"]),
      ([false], ["warn"]),
      ([true, false, nil], ["callWill", "callWill", "callDid"]),
      ([true, true, nil, nil], ["callWill", "nothing", "nothing", "callDid"]),
    ] as [([Bool?], [String])])
  func stateMachine(_ steps: [Bool?], _ expected: [String]) {
    var machine = AppearanceStateMachine()
    var actions: [String] = []
    for step in steps {
      switch step.map({ machine.begin(appearing: $0) }) ?? machine.end() {
      case .callWill: actions.append("callWill")
      case .callDid: actions.append("callDid")
      case .nothing: actions.append("nothing")
      case .warnUnbalanced: actions.append("warn")
      }
    }
    #expect(actions == expected)
  }
}

import ContainerEngine
import Testing

/// `transition(from:to:duration:…)` through the engine API alone (R17) on the virtual clock: order,
/// timing, completion, the open points and the exception; the orders the wire tier checks in TransitionTests and
/// EngineOptionsTests.
@Suite struct TransitionEngineTests {
  /// `p` shown with children `a` (embedded, shown) and `b` (added, view not loaded); completions recorded.
  private func container(_ harness: EngineHarness = EngineHarness(), forwards: Bool = true) throws -> (
    EngineHarness, p: ControllerNode, a: ControllerNode, b: ControllerNode
  ) {
    let window = try harness.window()
    let p = try harness.controller("p", forwardsAppearance: forwards)
    let a = try harness.controller("a")
    let b = try harness.controller("b")
    try harness.show(p, in: window)
    try harness.turn { engine throws(EngineError) in
      try engine.embed(a, in: p, container: nil, frame: nil)
      try engine.addChild(b, to: p)
    }
    harness.subscribe(.completion)
    return (harness, p, a, b)
  }

  private func transition(
    _ harness: EngineHarness, _ p: ControllerNode, _ a: ControllerNode, _ b: ControllerNode,
    duration: Double = 0
  ) throws -> [EngineEvent] {
    try harness.events { engine throws(EngineError) in try engine.transition(in: p, from: a, to: b, duration: duration)
    }
  }

  /// R17, auto mode: the will pair at the start (from first) with the incoming controller's viewIsAppearing (R69: in
  /// the call's turn, before the animation), the did pair then the completion at the frame the animation ends: 0.26 s
  /// ends between frames 15 and 16 at 60 fps, so the did pair and the completion are at frame 16.
  /// No willMove/didMove; `to.view` replaces `from.view` in the container.
  @Test func anAnimatedTransitionInAutoMode() throws {
    let (harness, p, a, b) = try container()
    let events = try transition(harness, p, a, b, duration: 0.26)
    #expect(
      events.compactMap(EngineHarness.describe) == [
        "b.loadView R1", "b.viewDidLoad R1", "a.viewWillDisappear R17", "b.viewWillAppear R17",
        "b.viewIsAppearing R69", "a.viewDidDisappear R17", "b.viewDidAppear R17", "p.completion(transition) R17",
      ])
    let frame16 = 16 * 1000 / 60.0
    #expect(events.suffix(3).map(\.time) == [frame16, frame16, frame16])
    #expect(events.prefix(5).map(\.time) == [0, 0, 0, 0, 0])
    #expect(EngineHarness.animated(events[2]) == true)
    #expect(EngineHarness.animated(events[6]) == true)
    #expect(a.view?.superview == nil)
    #expect(b.view?.superview === p.view)
    #expect(harness.engine.clock.now == frame16)
  }

  /// Manual mode: the will pair and the incoming viewIsAppearing now (R69), nothing more until the clock reaches the
  /// end frame (300 ms, shown at the 309 ms advance): then the did pair and the completion, at 300.
  @Test func theManualClockCompletesOnAdvance() throws {
    let (harness, p, a, b) = try container()
    harness.engine.clock.mode = .manual
    #expect(try transition(harness, p, a, b, duration: 0.3).count == 5)
    #expect(harness.advance(299).isEmpty)
    let events = harness.advance(10)
    #expect(harness.engine.clock.now == 309)
    #expect(
      events.compactMap(EngineHarness.describe) == [
        "a.viewDidDisappear R17", "b.viewDidAppear R17", "p.completion(transition) R17",
      ])
    #expect(events.last?.time == 300)
  }

  /// A duration of 0 completes at the end of the same turn, at the same time, not animated.
  @Test func aZeroDurationCompletesInTheTurn() throws {
    let (harness, p, a, b) = try container()
    let events = try transition(harness, p, a, b)
    #expect(events.last.flatMap(EngineHarness.describe) == "p.completion(transition) R17")
    #expect(events.allSatisfy { $0.time == 0 })
    #expect(EngineHarness.animated(events[2]) == false)
  }

  /// R17: both must be children of the receiver; the observed exception text; nothing changes.
  @Test func controllersWithoutACommonParentAreAnException() throws {
    let (harness, p, a, _) = try container()
    let stranger = try harness.controller("stranger")
    #expect(
      harness.refusal { engine throws(EngineError) in try engine.transition(in: p, from: a, to: stranger, duration: 0) }
        == "NSInvalidArgumentException: Children view controllers <UIViewController: a> and "
        + "<UIViewController: stranger> must have a common parent view controller when calling "
        + "-[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]")
  }

  /// R11 and the open point's default: with forwarding off the views move but no appearance callbacks come.
  @Test func forwardingOffMovesViewsOnly() throws {
    let (harness, p, a, b) = try container(forwards: false)
    #expect(
      try transition(harness, p, a, b, duration: 0.1).compactMap(EngineHarness.describe) == [
        "b.loadView R1", "b.viewDidLoad R1", "p.completion(transition) R17",
      ])
    #expect(b.view?.superview === p.view)
  }

  /// Open points `transitionOrder: toFirst` and `transitionDidBeforeCompletion: false`: `to` gets its callback first
  /// in each pair, and the completion comes before the did pair.
  @Test func transitionOrderAndCompletionPlacement() throws {
    let harness = EngineHarness(viewIsAppearing: false)
    harness.engine.options.transitionOrder = .toFirst
    harness.engine.options.transitionDidBeforeCompletion = false
    let (_, p, a, b) = try container(harness)
    #expect(
      try transition(harness, p, a, b).compactMap(EngineHarness.describe) == [
        "b.loadView R1", "b.viewDidLoad R1", "b.viewWillAppear R17", "a.viewWillDisappear R17",
        "p.completion(transition) R17", "b.viewDidAppear R17", "a.viewDidDisappear R17",
      ])
  }

  /// Open point `transitionThrowsWithoutForwarding`: a parent that does not forward raises instead.
  @Test func aTransitionCanBeMadeToThrowWithoutForwarding() throws {
    let harness = EngineHarness()
    harness.engine.options.transitionThrowsWithoutForwarding = true
    let (_, p, a, b) = try container(harness, forwards: false)
    #expect(
      harness.refusal { engine throws(EngineError) in try engine.transition(in: p, from: a, to: b, duration: 0) }?
        .hasPrefix("NSInvalidArgumentException: <UIViewController: p> does not automatically forward") == true)
  }
}

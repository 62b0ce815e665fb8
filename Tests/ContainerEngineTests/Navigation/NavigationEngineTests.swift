import ContainerEngine
import Testing

/// UINavigationController through the engine API alone (R18–R22): push, pop, popTo, popToRoot and
/// setViewControllers; the orders the wire tier checks in NavigationTests.
@Suite struct NavigationEngineTests {
  /// `nav` with root `home`, shown in `win`; `a`, `b`, `c` created; completions recorded.
  private struct Shown {
    let harness: EngineHarness
    let window: ViewNode
    let nav: ControllerNode
    let home: ControllerNode, a: ControllerNode, b: ControllerNode, c: ControllerNode

    init() throws {
      harness = EngineHarness()
      window = try harness.window()
      let made = try harness.controllers("home", "a", "b", "c")
      (home, a, b, c) = (made[0], made[1], made[2], made[3])
      (nav, _) = try harness.navigation("nav", root: home)
      try harness.show(nav, in: window)
      harness.subscribe(.completion)
    }

    /// One turn's lifecycle events, described, without viewIsAppearing and completions (the wire test's filter).
    func lifecycle(_ body: (Engine) throws(EngineError) -> Void) throws -> [String] {
      try harness.turn(body).filter { !$0.contains("viewIsAppearing") && !$0.contains(".completion(") }
    }
  }

  /// R3, R10, R20: the root loads only when the navigation controller shows, is forwarded to, and gets didMove(nav)
  /// after its first viewDidAppear.
  @Test func theRootAppearsThroughTheNavigationController() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let home = try harness.controller("home")
    let (nav, created) = try harness.navigation("nav", root: home)
    #expect(created == ["home.willMove(nav) R20"])
    #expect(home.view == nil)
    #expect(
      try harness.show(nav, in: window).filter { !$0.contains("viewIsAppearing") } == [
        "nav.loadView R1", "nav.viewDidLoad R1", "nav.viewWillAppear R6", "home.loadView R1", "home.viewDidLoad R1",
        "home.viewWillAppear R10", "nav.viewDidAppear R7", "home.viewDidAppear R10", "home.didMove(nav) R20",
      ])
    #expect(home.navigationController === nav)
  }

  /// R18–R20, animated: willMove at push time, the view loads at the layout pass, R19's order, didMove after
  /// didAppear, all at the 0.35 s frame (21 × 1000/60 = 350 ms), then the push's completion.
  @Test func anAnimatedPush() throws {
    let s = try Shown()
    let events = try s.harness.events { engine throws(EngineError) in try engine.push(s.a, on: s.nav, animated: true) }
    #expect(
      events.compactMap(EngineHarness.describe).filter { !$0.contains("viewIsAppearing") } == [
        "a.willMove(nav) R20", "a.loadView R1", "a.viewDidLoad R1", "home.viewWillDisappear R19",
        "a.viewWillAppear R19", "home.viewDidDisappear R19", "a.viewDidAppear R19", "a.didMove(nav) R20",
        "nav.completion(push) R18",
      ])
    #expect(events.last?.time == 350)
    #expect(EngineHarness.animated(events[3]) == true)
  }

  /// R18: viewControllers change at call time; the pushed view is not even loaded until the turn's layout pass.
  @Test func viewControllersUpdateBeforeTheTransition() throws {
    let s = try Shown()
    try s.harness.turn { engine throws(EngineError) in
      try engine.push(s.a, on: s.nav, animated: false)
      #expect(s.nav.children.map(\.id) == ["home", "a"])
      #expect(s.a.view == nil)
    }
    #expect(s.a.appearance.state == .appeared)
  }

  /// R19, R20 for pop, not animated: everything within the turn, didMove(nil) only after the transition;
  /// isMovingFromParent inside viewWillDisappear.
  @Test func popWithoutAnimation() throws {
    let s = try Shown()
    try s.harness.turn { engine throws(EngineError) in try engine.push(s.a, on: s.nav, animated: false) }
    var popped: ControllerNode?
    let events = try s.harness.events { engine throws(EngineError) in popped = try engine.pop(s.nav, animated: false) }
    #expect(popped === s.a)
    #expect(
      events.compactMap(EngineHarness.describe).filter { !$0.contains("viewIsAppearing") && !$0.contains("(pop)") } == [
        "a.willMove(nil) R20", "a.viewWillDisappear R19", "home.viewWillAppear R19", "a.viewDidDisappear R19",
        "home.viewDidAppear R19", "a.didMove(nil) R20",
      ])
    #expect(EngineHarness.flags(events[1])?.isMovingFromParent == true)
    #expect(events.allSatisfy { $0.time == 0 })
  }

  /// A-pop: popping the root does nothing.
  @Test func popAtTheRootDoesNothing() throws {
    let s = try Shown()
    var popped: ControllerNode?
    #expect(try s.harness.turn { engine throws(EngineError) in popped = try engine.pop(s.nav, animated: true) } == [])
    #expect(popped == nil)
  }

  /// popToRoot over three pushed controllers: every popped one gets willMove(nil) at call time (top first) and
  /// didMove(nil) after the transition; only the visible top gets disappear callbacks.
  @Test func popToRootOverThree() throws {
    let s = try Shown()
    for controller in [s.a, s.b, s.c] {
      try s.harness.turn { engine throws(EngineError) in try engine.push(controller, on: s.nav, animated: false) }
    }
    var popped: [ControllerNode] = []
    #expect(
      try s.lifecycle { engine throws(EngineError) in popped = try engine.popToRoot(s.nav, animated: false) } == [
        "c.willMove(nil) R20", "b.willMove(nil) R20", "a.willMove(nil) R20", "c.viewWillDisappear R19",
        "home.viewWillAppear R19", "c.viewDidDisappear R19", "home.viewDidAppear R19", "c.didMove(nil) R20",
        "b.didMove(nil) R20", "a.didMove(nil) R20",
      ])
    #expect(popped.map(\.id) == ["a", "b", "c"])
  }

  /// popTo a controller in the stack pops those above it; popTo one that is not there raises and changes nothing.
  @Test func popToAControllerAndToAStranger() throws {
    let s = try Shown()
    for controller in [s.a, s.b] {
      try s.harness.turn { engine throws(EngineError) in try engine.push(controller, on: s.nav, animated: false) }
    }
    var popped: [ControllerNode] = []
    try s.harness.turn { engine throws(EngineError) in popped = try engine.pop(to: s.a, in: s.nav, animated: false) }
    #expect(popped.map(\.id) == ["b"])
    #expect(
      s.harness.refusal { engine throws(EngineError) in _ = try engine.pop(to: s.c, in: s.nav, animated: true) }
        == "NSInternalInconsistencyException: Tried to pop to a view controller that doesn't exist.")
  }

  /// R21: setViewControllers gives the replaced top no willMove/didMove; the new top gets willMove now and didMove
  /// after it appears.
  @Test func setViewControllersReplacingTheTop() throws {
    let s = try Shown()
    try s.harness.turn { engine throws(EngineError) in try engine.push(s.a, on: s.nav, animated: false) }
    #expect(
      try s.lifecycle { engine throws(EngineError) in
        try engine.setViewControllers([s.home, s.b], of: s.nav, animated: true)
      } == [
        "b.willMove(nav) R20", "b.loadView R1", "b.viewDidLoad R1", "a.viewWillDisappear R19", "b.viewWillAppear R19",
        "a.viewDidDisappear R19", "b.viewDidAppear R19", "b.didMove(nav) R20",
      ])
    #expect(s.nav.children.map(\.id) == ["home", "b"])
  }

  /// R22: pushing a controller already on the stack, or a navigation controller, raises and changes nothing.
  @Test func pushExceptions() throws {
    let s = try Shown()
    let other = try s.harness.controller("other", kind: .navigationController)
    try s.harness.turn { engine throws(EngineError) in try engine.push(s.a, on: s.nav, animated: false) }
    #expect(
      s.harness.refusal { engine throws(EngineError) in try engine.push(s.a, on: s.nav, animated: true) }
        == "NSInvalidArgumentException: <UINavigationController: nav> is pushing the same view controller instance "
        + "(<UIViewController: a>) more than once which is not supported and is most likely an error in the "
        + "application")
    #expect(
      s.harness.refusal { engine throws(EngineError) in try engine.push(other, on: s.nav, animated: true) }
        == "NSInvalidArgumentException: Pushing a navigation controller is not supported")
  }

  /// R22: a controller whose view another stack shows cannot be pushed or set on a second stack. The reason is R72's
  /// (the parent whose view holds it, then the one requested).
  @Test func takingAControllerShownByAnotherNavigationController() throws {
    let s = try Shown()
    let (second, _) = try s.harness.navigation("second", root: s.b)
    let reason =
      "UIViewControllerHierarchyInconsistency: child view controller:<UIViewController: home> should have parent "
      + "view controller:<UINavigationController: nav> but requested parent is:<UINavigationController: second>"
    #expect(
      s.harness.refusal { engine throws(EngineError) in try engine.push(s.home, on: second, animated: true) } == reason)
    #expect(
      s.harness.refusal { engine throws(EngineError) in
        try engine.setViewControllers([s.b, s.home], of: second, animated: true)
      } == reason)
  }

  /// R20: a controller pushed while another push animates gets didMove(nav) after its own viewDidAppear, at the end
  /// of its own transition (700 ms), not when the first transition ends (350 ms).
  @Test func aPushDuringAnAnimatedPush() throws {
    let s = try Shown()
    s.harness.engine.clock.mode = .manual
    #expect(
      try s.lifecycle { engine throws(EngineError) in try engine.push(s.a, on: s.nav, animated: true) }.first
        == "a.willMove(nav) R20")
    #expect(
      try s.lifecycle { engine throws(EngineError) in try engine.push(s.b, on: s.nav, animated: true) } == [
        "b.willMove(nav) R20"
      ])
    #expect(
      try s.lifecycle { engine in engine.advanceClock(by: 350) } == [
        "home.viewDidDisappear R19", "a.viewDidAppear R19", "a.didMove(nav) R20", "b.loadView R1", "b.viewDidLoad R1",
        "a.viewWillDisappear R19", "b.viewWillAppear R19",
      ])
    #expect(
      try s.lifecycle { engine in engine.advanceClock(by: 350) } == [
        "a.viewDidDisappear R19", "b.viewDidAppear R19", "b.didMove(nav) R20",
      ])
  }

  /// R5 + R19: the top of a shown stack, embedded in a controller shown in another window, is no longer what the
  /// navigation controller displays: the next push starts from nothing and sends it no R19 disappearance. R72: the
  /// embed is refused while the top's view is in the stack's view; the client takes the view out first.
  @Test func aShownTopTakenByAnotherContainerGetsNoStackCallbacks() throws {
    let s = try Shown()
    let other = try s.harness.window("other")
    let p = try s.harness.controller("p")
    try s.harness.show(p, in: other)
    try s.harness.turn { engine throws(EngineError) in try engine.push(s.a, on: s.nav, animated: false) }
    #expect(
      s.harness.refusal { engine throws(EngineError) in try engine.embed(s.a, in: p, container: nil, frame: nil) }?
        .hasPrefix("UIViewControllerHierarchyInconsistency") == true)
    #expect(
      try s.lifecycle { engine throws(EngineError) in try engine.removeFromSuperview(.root(s.a)) } == [
        "a.viewWillDisappear R6", "a.viewDidDisappear R7",
      ])
    #expect(
      try s.lifecycle { engine throws(EngineError) in try engine.embed(s.a, in: p, container: nil, frame: nil) } == [
        "a.didMove(nil) R5", "a.willMove(p) R4", "a.viewWillAppear R6", "a.didMove(p) R4", "a.viewDidAppear R7",
        "a.didMove(p) R8",
      ])
    #expect(
      try s.lifecycle { engine throws(EngineError) in try engine.push(s.b, on: s.nav, animated: false) } == [
        "b.willMove(nav) R20", "b.loadView R1", "b.viewDidLoad R1", "b.viewWillAppear R19", "b.viewDidAppear R19",
        "b.didMove(nav) R20",
      ])
    #expect(s.a.appearance.state == .appeared)
    #expect(s.a.view?.superview === p.view)
    // R68: the navigation bar and toolbar stay in front of the shown child.
    #expect(s.nav.view?.subviews.map(\.id) == ["b.view", "nav.navigationBar", "nav.toolbar"])
  }
}

import ContainerEngine
import Testing

/// A navigation transition interrupted through the engine API: the window's root replaced during an animated push
/// (R19, R20, R51, then R6/R7), and a push then a pop issued while an animated push is in flight (R20's containment
/// callbacks balanced). A window showing `nav` with `[a]` and its delegate installed, a manual clock, completions
/// recorded.
@Suite struct NavigationInterruptionEngineTests {
  private struct World {
    let harness: EngineHarness
    let window: ViewNode
    let nav: ControllerNode
    let a: ControllerNode
    let b: ControllerNode
    let c: ControllerNode
    let x: ControllerNode

    func step(_ body: (Engine) throws(EngineError) -> Void) throws -> [String] { try harness.turn(body) }
    func settle() -> [String] { harness.advance(1000).compactMap(EngineHarness.describe) }
  }

  private func world() throws -> World {
    let harness = EngineHarness()
    let window = try harness.window()
    let a = try harness.controller("a")
    let (nav, _) = try harness.navigation("nav", root: a)
    try harness.engine.setNavigationDelegate(nav, installed: true)
    let (b, c, x) = (try harness.controller("b"), try harness.controller("c"), try harness.controller("x"))
    try harness.show(nav, in: window)
    harness.subscribe(.completion)
    harness.engine.clock.mode = .manual
    return World(harness: harness, window: window, nav: nav, a: a, b: b, c: c, x: x)
  }

  /// Bug: `a.viewDidDisappear`, the delegate's didShow and the push's completion came after the old root's
  /// teardown, to a navigation controller off screen. The push is finished at the setRoot, before the old root's view
  /// leaves: the did pair (R19), didMove (R20), didShow (R51), the completion (R18); then the disappearance of `nav`
  /// and the top it shows (R6, R10) and the new root's appearance, the dids at the turn's end (R7). The clock brings
  /// nothing more.
  @Test func aRootReplacedDuringAnAnimatedPushFinishesThePushFirst() throws {
    let w = try world()
    _ = try w.step { engine throws(EngineError) in try engine.push(w.b, on: w.nav, animated: true) }
    let replaced = try w.step { engine throws(EngineError) in try engine.setRoot(of: w.window, to: w.x) }
    #expect(
      replaced == [
        "a.viewDidDisappear R19", "b.viewDidAppear R19", "b.didMove(nav) R20",
        "nav.didShow(viewController: b, animated: true) R51", "nav.completion(push) R18",
        "nav.viewWillDisappear R6", "b.viewWillDisappear R10", "x.loadView R1", "x.viewDidLoad R1",
        "x.viewWillAppear R6", "x.viewIsAppearing R69", "nav.viewDidDisappear R7", "b.viewDidDisappear R10",
        "x.viewDidAppear R7",
      ])
    #expect(w.settle().isEmpty)
    #expect(w.nav.children.map(\.id) == ["a", "b"])
    #expect([w.nav, w.a, w.b].map(\.appearance.state) == [.disappeared, .disappeared, .disappeared])
    #expect(w.harness.engine.activeCoordinators.isEmpty)
  }

  /// A push queued behind the animated one (R18) runs right after it, without animation, still before the root's view
  /// leaves: `c` appears and disappears with its navigation controller, and nothing comes later.
  @Test func aPushQueuedBehindRunsBeforeTheRootLeaves() throws {
    let w = try world()
    _ = try w.step { engine throws(EngineError) in try engine.push(w.b, on: w.nav, animated: true) }
    _ = try w.step { engine throws(EngineError) in try engine.push(w.c, on: w.nav, animated: true) }
    let replaced = try w.step { engine throws(EngineError) in try engine.setRoot(of: w.window, to: w.x) }
    #expect(
      replaced == [
        "a.viewDidDisappear R19", "b.viewDidAppear R19", "b.didMove(nav) R20",
        "nav.didShow(viewController: b, animated: true) R51", "nav.completion(push) R18",
        "c.loadView R1", "c.viewDidLoad R1", "nav.willShow(viewController: c, animated: false) R51",
        "b.viewWillDisappear R19", "c.viewWillAppear R19", "c.viewIsAppearing R69", "b.viewDidDisappear R19",
        "c.viewDidAppear R19", "c.didMove(nav) R20", "nav.didShow(viewController: c, animated: false) R51",
        "nav.completion(push) R18", "nav.viewWillDisappear R6", "c.viewWillDisappear R10", "x.loadView R1",
        "x.viewDidLoad R1", "x.viewWillAppear R6", "x.viewIsAppearing R69", "nav.viewDidDisappear R7",
        "c.viewDidDisappear R10", "x.viewDidAppear R7",
      ])
    #expect(w.settle().isEmpty)
  }

  /// R23 then R6/R7: an interactive pop whose finger is up (settling) when the root is replaced settles at once — did
  /// pair, didMove(nil), didShow, completion — before `nav` and the controller it now shows disappear.
  @Test func aRootReplacedDuringAnInteractivePopSettleFinishesItFirst() throws {
    let w = try world()
    _ = try w.step { engine throws(EngineError) in try engine.push(w.b, on: w.nav, animated: false) }
    _ = try w.step { engine throws(EngineError) in try engine.beginInteractivePop(w.nav) }
    _ = try w.step { engine throws(EngineError) in try engine.finishInteractivePop(w.nav) }
    let replaced = try w.step { engine throws(EngineError) in try engine.setRoot(of: w.window, to: w.x) }
    #expect(
      replaced == [
        "b.viewDidDisappear R23", "a.viewDidAppear R23", "b.didMove(nil) R20",
        "nav.didShow(viewController: a, animated: true) R51", "nav.completion(pop) R23", "nav.viewWillDisappear R6",
        "a.viewWillDisappear R10", "x.loadView R1", "x.viewDidLoad R1", "x.viewWillAppear R6",
        "x.viewIsAppearing R69", "nav.viewDidDisappear R7", "a.viewDidDisappear R10", "x.viewDidAppear R7",
      ])
    #expect(w.settle().isEmpty)
    #expect(w.nav.children.map(\.id) == ["a"])
  }

  /// R24 then R6/R7: an interactive pop whose finger is still down when the root is replaced is cancelled (the
  /// gesture of a view leaving its window is cancelled) and settles back at once — R24's reversal, the completion with
  /// finished false, no didShow — before `nav` and its top disappear. A later `finish` finds no gesture.
  @Test func aRootReplacedDuringAnInteractivePopGestureCancelsItFirst() throws {
    let w = try world()
    _ = try w.step { engine throws(EngineError) in try engine.push(w.b, on: w.nav, animated: false) }
    _ = try w.step { engine throws(EngineError) in try engine.beginInteractivePop(w.nav) }
    _ = try w.step { engine throws(EngineError) in try engine.updateInteractivePop(w.nav, progress: 0.5) }
    let replaced = try w.step { engine throws(EngineError) in try engine.setRoot(of: w.window, to: w.x) }
    #expect(
      replaced == [
        "a.viewWillDisappear R24", "a.viewDidDisappear R24", "b.viewWillAppear R24", "b.viewIsAppearing R69",
        "b.viewDidAppear R24", "nav.completion(pop) R24", "nav.viewWillDisappear R6", "b.viewWillDisappear R10",
        "x.loadView R1", "x.viewDidLoad R1", "x.viewWillAppear R6", "x.viewIsAppearing R69",
        "nav.viewDidDisappear R7", "b.viewDidDisappear R10", "x.viewDidAppear R7",
      ])
    #expect(w.settle().isEmpty)
    #expect(w.nav.children.map(\.id) == ["a", "b"])
    #expect(
      w.harness.refusal { engine throws(EngineError) in try engine.finishInteractivePop(w.nav) }
        == "nav noInteractivePop")
  }

  /// Bug: `c`, pushed and popped while the push of `b` animates, got willMove(nav), willMove(nil), didMove(nil) and
  /// never didMove(nav). Its push's didMove comes at the pop, before the pop's willMove (R20, balanced); `b`'s push
  /// ends as it would have.
  @Test func aPushThenPopDuringAnAnimatedPushBalancesTheMoves() throws {
    let w = try world()
    _ = try w.step { engine throws(EngineError) in try engine.push(w.b, on: w.nav, animated: true) }
    let calls = try w.step { engine throws(EngineError) in
      try engine.push(w.c, on: w.nav, animated: true)
      _ = try engine.pop(w.nav, animated: true)
    }
    #expect(calls == ["c.willMove(nav) R20", "c.didMove(nav) R20", "c.willMove(nil) R20"])
    #expect(
      w.settle() == [
        "a.viewDidDisappear R19", "b.viewDidAppear R19", "b.didMove(nav) R20", "c.didMove(nil) R20",
        "nav.didShow(viewController: b, animated: true) R51", "nav.completion(push) R18",
      ])
    #expect(w.nav.children.map(\.id) == ["a", "b"])
    #expect(w.c.parent == nil)
  }

  /// The same for the controller the transition in flight is bringing in: `b`, popped before its push settles, gets its
  /// didMove(nav) at the pop, then willMove(nil); its appearance runs to its end and is undone by the pop (R19).
  @Test func popDuringThePushOfTheSameControllerBalancesTheMoves() throws {
    let w = try world()
    _ = try w.step { engine throws(EngineError) in try engine.push(w.b, on: w.nav, animated: true) }
    let popped = try w.step { engine throws(EngineError) in _ = try engine.pop(w.nav, animated: true) }
    #expect(popped == ["b.didMove(nav) R20", "b.willMove(nil) R20"])
    let settled = w.settle()
    #expect(settled.filter { $0.contains("Move") } == ["b.didMove(nil) R20"])
    #expect(w.nav.children.map(\.id) == ["a"])
    #expect([w.a, w.b].map(\.appearance.state) == [.appeared, .disappeared])
  }

  /// `setViewControllers` leaving out a controller whose push has not settled closes its push the same way (R20).
  @Test func setViewControllersDuringAnAnimatedPushBalancesTheMoves() throws {
    let w = try world()
    _ = try w.step { engine throws(EngineError) in try engine.push(w.b, on: w.nav, animated: true) }
    let calls = try w.step { engine throws(EngineError) in
      try engine.push(w.c, on: w.nav, animated: false)
      try engine.setViewControllers([w.a, w.b], of: w.nav, animated: false)
    }
    #expect(calls == ["c.willMove(nav) R20", "c.didMove(nav) R20"])
  }

  /// The early finish an animated transition keeps lets go of its controllers at `world/reset` and when the engine
  /// goes.
  @Test(arguments: [false, true])
  func anUnfinishedPushLeaksNothing(resetFirst: Bool) throws {
    weak var pushed: ControllerNode?
    weak var nav: ControllerNode?
    weak var engineGone: Engine?
    do {
      let w = try world()
      _ = try w.step { engine throws(EngineError) in try engine.push(w.b, on: w.nav, animated: true) }
      #expect(!w.harness.engine.activeCoordinators.isEmpty)
      (pushed, nav, engineGone) = (w.b, w.nav, w.harness.engine)
      if resetFirst { w.harness.engine.reset() }
    }
    #expect(engineGone == nil)
    #expect(pushed == nil)
    #expect(nav == nil)
  }
}

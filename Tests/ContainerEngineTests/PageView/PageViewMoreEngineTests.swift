import ContainerEngine
import Testing

/// The page view controller's second part through the engine API: the double-sided curl's swipe (R32, R35), R37's
/// interrupted swipe and stale `viewControllers`, the `pageView.*` open points (R31, R33, R36, R38) and a page taken
/// during a transition. A window showing `pvc`, a manual clock, completions recorded.
@Suite struct PageViewMoreEngineTests {
  private struct World {
    let harness: EngineHarness
    let pvc: ControllerNode
    let pages: [ControllerNode]

    func step(_ body: (Engine) throws(EngineError) -> Void) throws -> [String] { try harness.turn(body) }
    func settle() -> [String] { harness.advance(400).compactMap(EngineHarness.describe) }
    var state: Engine.PageViewState { pvc.pageView! }
  }

  private func world(
    _ ids: [String] = ["a", "b", "c"], doubleSided: Bool = false,
    behavior: (inout Engine.PageViewBehavior) -> Void = { _ in }
  ) throws -> World {
    let harness = EngineHarness()
    behavior(&harness.engine.options.pageView)
    let window = try harness.window()
    var pages: [ControllerNode] = []
    for id in ids { pages.append(try harness.controller(id)) }
    var options = Engine.PageViewOptions()
    options.pages = ids
    options.initial = doubleSided ? [ids[0], ids[1]] : [ids[0]]
    if doubleSided {
      options.transitionStyle = .pageCurl
      options.spineLocation = .mid
      options.isDoubleSided = true
    }
    let pvc = try harness.pageView("pvc", options)
    _ = try harness.show(pvc, in: window)
    harness.subscribe(.completion)
    harness.engine.clock.mode = .manual
    return World(harness: harness, pvc: pvc, pages: pages)
  }

  /// R32, R35: from `[a, b]` a forward turn asks after b then after c, reveals `[c, d]` (both children during the
  /// swipe), ends with the outgoing dids first, and leaves `[c, d]` side by side.
  @Test func doubleSidedTurn() throws {
    let w = try world(["a", "b", "c", "d"], doubleSided: true)
    var pending: ControllerNode?
    let begin = try w.step { engine throws(EngineError) in pending = try engine.beginSwipe(w.pvc, direction: .forward) }
    #expect(pending?.id == "c")
    #expect(
      Array(begin.prefix(3)) == [
        "pvc.viewControllerAfter(viewController: b) → c R36", "pvc.viewControllerAfter(viewController: c) → d R36",
        "pvc.willTransitionTo(pending: [c, d]) R36",
      ])
    #expect(w.pvc.children.map(\.id) == ["a", "b", "c", "d"])
    _ = try w.step { engine throws(EngineError) in try engine.finishSwipe(w.pvc) }
    #expect(
      w.settle() == [
        "a.viewDidDisappear R35", "b.viewDidDisappear R35", "c.viewDidAppear R35", "d.viewDidAppear R35",
        "a.didMove(nil) R35", "b.didMove(nil) R35", "c.didMove(pvc) R35", "d.didMove(pvc) R35",
        "pvc.didFinishAnimating(finished: true, previous: [a, b], completed: true) R36",
      ])
    #expect(w.state.viewControllers.map(\.id) == ["c", "d"])
    #expect(w.pages[2].view?.frame == Rect(x: 0, y: 0, width: 195, height: 844))
    #expect(w.pages[3].view?.frame == Rect(x: 195, y: 0, width: 195, height: 844))
  }

  /// R32: with one page left that way a double-sided turn only bounces: nothing revealed.
  @Test func doubleSidedBounceAtTheEnd() throws {
    let w = try world(["a", "b", "c"], doubleSided: true)
    let begin = try w.step { engine throws(EngineError) in
      #expect(try engine.beginSwipe(w.pvc, direction: .forward) == nil)
    }
    #expect(
      begin == [
        "pvc.viewControllerAfter(viewController: b) → c R36", "pvc.viewControllerAfter(viewController: c) → nil R36",
      ])
    #expect(w.state.isTransitioning == false)
  }

  /// R37: a cancelled swipe caught before it settles resumes silently; finished, `viewControllers` stays `[a]` with
  /// the option on while the child is b; the next completed set clears it.
  @Test func interruptedSwipeLeavesViewControllersStale() throws {
    let w = try world { $0.staleViewControllersAfterInterruptedSwipe = true }
    _ = try w.step { engine throws(EngineError) in try engine.beginSwipe(w.pvc, direction: .forward) }
    _ = try w.step { engine throws(EngineError) in try engine.updateSwipe(w.pvc, progress: 0.5) }
    _ = try w.step { engine throws(EngineError) in try engine.cancelSwipe(w.pvc) }
    #expect(w.harness.advance(50).isEmpty)
    #expect(try w.step { engine throws(EngineError) in try engine.beginSwipe(w.pvc, direction: .forward) }.isEmpty)
    #expect(w.state.swipe?.isInterrupted == true)
    _ = try w.step { engine throws(EngineError) in try engine.finishSwipe(w.pvc) }
    _ = w.settle()
    #expect(w.state.reportedViewControllers.map(\.id) == ["a"])
    #expect(w.state.viewControllers.map(\.id) == ["b"])
    #expect(w.pvc.children.map(\.id) == ["b"])
    _ = try w.step { engine throws(EngineError) in
      try engine.setViewControllers([w.pages[2]], of: w.pvc, direction: .forward, animated: false)
    }
    #expect(w.state.reportedViewControllers.map(\.id) == ["c"])
  }

  /// R38 `queue`: a set during an animated set waits; `raise`: UIKit's exception; `refuse`: `transitioning`.
  @Test func overlapPolicies() throws {
    let queued = try world { $0.overlapPolicy = .queue }
    _ = try queued.step { engine throws(EngineError) in
      try engine.setViewControllers([queued.pages[1]], of: queued.pvc, direction: .forward, animated: true)
    }
    #expect(
      try queued.step { engine throws(EngineError) in
        try engine.setViewControllers([queued.pages[2]], of: queued.pvc, direction: .forward, animated: false)
      }.isEmpty)
    let end = queued.settle()
    #expect(end.suffix(2) == ["c.didMove(pvc) R33", "pvc.completion(setViewControllers) R33"])
    #expect(queued.state.viewControllers.map(\.id) == ["c"])
    let raised = try world { $0.overlapPolicy = .raise }
    _ = try raised.step { engine throws(EngineError) in try engine.beginSwipe(raised.pvc, direction: .forward) }
    #expect(
      raised.harness.refusal { engine throws(EngineError) in
        try engine.setViewControllers([raised.pages[2]], of: raised.pvc, direction: .forward, animated: false)
      } == "NSInternalInconsistencyException: No view controller managing visible view <a.view>")
  }

  /// R31 `prefetchLoadsViews`, R36 `delegateOrder: appearanceFirst`: b loads at the data-source call, and
  /// willTransitionTo follows the will pair.
  @Test func prefetchAndAppearanceFirst() throws {
    let w = try world {
      $0.prefetchLoadsViews = true
      $0.delegateOrder = .appearanceFirst
    }
    let begin = try w.step { engine throws(EngineError) in try engine.beginSwipe(w.pvc, direction: .forward) }
    #expect(
      begin == [
        "pvc.viewControllerAfter(viewController: a) → b R36", "b.loadView R1", "b.viewDidLoad R1",
        "pvc.viewControllerBefore(viewController: a) → nil R36", "b.viewWillAppear R34", "a.viewWillDisappear R34",
        "pvc.willTransitionTo(pending: [b]) R36", "b.viewIsAppearing R69",
      ])
  }

  /// R38: a page removed by the client during a swipe abandons it: the swipe's end never comes, the revealed page
  /// leaves the children, a warning says so; at rest the children are the pages shown again.
  @Test func aPageTakenDuringASwipeAbandonsIt() throws {
    let w = try world()
    _ = try w.step { engine throws(EngineError) in try engine.beginSwipe(w.pvc, direction: .forward) }
    let removed = try w.step { engine throws(EngineError) in engine.removeFromParent(w.pages[0]) }
    #expect(removed.first?.hasPrefix("warning: a left pvc during a page transition") == true)
    #expect(w.state.isTransitioning == false)
    #expect(w.pvc.children.isEmpty)
    #expect(w.state.viewControllers.isEmpty)
    #expect(w.settle().isEmpty)
  }
}

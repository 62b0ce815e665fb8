import ContainerEngine
import Testing

/// `UIPageViewController`'s interactive swipe through the engine API (R34–R38): PV-2's swipe back after an animated
/// set (the stale cache), PV-3 (completed, scroll), PV-4 (cancelled, scroll), PV-5 (pageCurl, completed and
/// cancelled), and PV-6's refusal of a set during a swipe. Setup as the scenarios': a window whose root is `pvc`, data
/// source `[a, b, c]`, showing `[a]`; the delegate installed; completions recorded; a manual clock, so each step's
/// events are its own.
@Suite struct PageViewSwipeEngineTests {
  private typealias World = PageViewWorld

  private func world(style: Engine.PageViewState.TransitionStyle = .scroll) throws -> World {
    try PageViewWorld(style: style, manualClock: true, settleMs: 400)
  }

  /// PV-3 (R34, R36): the first swipe asks both neighbours (after, then before), then willTransitionTo, b's load and
  /// the will pair; at the settle's end the did pair (b first), a.didMove(nil), b.didMove(pvc), didFinishAnimating
  /// (completed, viewControllers already [b]) and one more data-source call forward.
  @Test func pv3CompletedSwipe() throws {
    let w = try world()
    var pending: ControllerNode?
    let begin = try w.step { engine throws(EngineError) in pending = try engine.beginSwipe(w.pvc, direction: .forward) }
    #expect(pending === w.b)
    #expect(
      begin == [
        "pvc.viewControllerAfter(viewController: a) → b R36", "pvc.viewControllerBefore(viewController: a) → nil R36",
        "pvc.willTransitionTo(pending: [b]) R36", "b.loadView R1", "b.viewDidLoad R1", "b.viewWillAppear R34",
        "a.viewWillDisappear R34", "b.viewIsAppearing R69",
      ])
    #expect(w.pvc.children.map(\.id) == ["a", "b"])
    #expect(try w.step { engine throws(EngineError) in try engine.updateSwipe(w.pvc, progress: 0.6) }.isEmpty)
    #expect(try w.step { engine throws(EngineError) in try engine.finishSwipe(w.pvc) }.isEmpty)
    #expect(
      w.settle() == [
        "b.viewDidAppear R34", "a.viewDidDisappear R34", "a.didMove(nil) R34", "b.didMove(pvc) R34",
        "pvc.didFinishAnimating(finished: true, previous: [a], completed: true) R36",
        "pvc.viewControllerAfter(viewController: b) → c R36",
      ])
    #expect(w.pvc.children.map(\.id) == ["b"])
    #expect(w.pvc.pageView?.viewControllers.map(\.id) == ["b"])
    #expect(w.pvc.pageView?.before == .known(w.a))
    #expect(w.pvc.pageView?.after == .known(w.c))
  }

  /// PV-4 (R34, R36): with b cached, a swipe asks nothing; cancelled, a reappears (will and did), then b disappears
  /// (will and did; b never got viewDidAppear), then didFinishAnimating (completed false); children and
  /// viewControllers stay [a].
  @Test func pv4CancelledSwipe() throws {
    let w = try world()
    _ = try w.step { engine throws(EngineError) in try engine.beginSwipe(w.pvc, direction: .forward) }
    _ = try w.step { engine throws(EngineError) in try engine.cancelSwipe(w.pvc) }
    _ = w.settle()
    let begin = try w.step { engine throws(EngineError) in try engine.beginSwipe(w.pvc, direction: .forward) }
    #expect(
      begin == [
        "pvc.willTransitionTo(pending: [b]) R36", "b.viewWillAppear R34", "a.viewWillDisappear R34",
        "b.viewIsAppearing R69",
      ])
    _ = try w.step { engine throws(EngineError) in try engine.updateSwipe(w.pvc, progress: 0.3) }
    #expect(try w.step { engine throws(EngineError) in try engine.cancelSwipe(w.pvc) }.isEmpty)
    #expect(
      w.settle() == [
        "a.viewWillAppear R34", "a.viewIsAppearing R69", "a.viewDidAppear R34", "b.viewWillDisappear R34",
        "b.viewDidDisappear R34", "pvc.didFinishAnimating(finished: true, previous: [a], completed: false) R36",
      ])
    #expect(w.pvc.children.map(\.id) == ["a"])
    #expect(w.pvc.pageView?.viewControllers.map(\.id) == ["a"])
    #expect(w.b.view?.superview == nil)
  }

  /// PV-5 (R35), completed: the same wills, then a.viewDidDisappear before b.viewDidAppear.
  @Test func pv5CompletedCurl() throws {
    let w = try world(style: .pageCurl)
    _ = try w.step { engine throws(EngineError) in try engine.beginSwipe(w.pvc, direction: .forward) }
    _ = try w.step { engine throws(EngineError) in try engine.finishSwipe(w.pvc) }
    #expect(
      w.settle() == [
        "a.viewDidDisappear R35", "b.viewDidAppear R35", "a.didMove(nil) R35", "b.didMove(pvc) R35",
        "pvc.didFinishAnimating(finished: true, previous: [a], completed: true) R36",
        "pvc.viewControllerAfter(viewController: b) → c R36",
      ])
  }

  /// PV-5 (R35), cancelled: the two reversals at the cancel (b.viewWillDisappear, a.viewWillAppear), the two dids
  /// after the settle (b's first), then didFinishAnimating (completed false).
  @Test func pv5CancelledCurl() throws {
    let w = try world(style: .pageCurl)
    let begin = try w.step { engine throws(EngineError) in try engine.beginSwipe(w.pvc, direction: .forward) }
    #expect(begin.suffix(3) == ["b.viewWillAppear R35", "a.viewWillDisappear R35", "b.viewIsAppearing R69"])
    _ = try w.step { engine throws(EngineError) in try engine.updateSwipe(w.pvc, progress: 0.5) }
    let cancel = try w.step { engine throws(EngineError) in try engine.cancelSwipe(w.pvc) }
    #expect(cancel == ["b.viewWillDisappear R35", "a.viewWillAppear R35", "a.viewIsAppearing R69"])
    #expect(
      w.settle() == [
        "b.viewDidDisappear R35", "a.viewDidAppear R35",
        "pvc.didFinishAnimating(finished: true, previous: [a], completed: false) R36",
      ])
  }

  /// PV-2 (R37): after an animated set from a to c, a swipe back reveals a without asking viewControllerBefore(c)
  /// (only the side not cached is asked); after a non-animated set it asks and reveals b.
  @Test func pv2SwipeBackAfterAnAnimatedSet() throws {
    let w = try world()
    _ = try w.step { engine throws(EngineError) in
      try engine.setViewControllers([w.c], of: w.pvc, direction: .forward, animated: true)
    }
    _ = w.settle()
    var pending: ControllerNode?
    let begin = try w.step { engine throws(EngineError) in pending = try engine.beginSwipe(w.pvc, direction: .reverse) }
    #expect(pending === w.a)
    #expect(
      begin.prefix(2) == [
        "pvc.viewControllerAfter(viewController: c) → nil R36", "pvc.willTransitionTo(pending: [a]) R36",
      ])
    _ = try w.step { engine throws(EngineError) in try engine.cancelSwipe(w.pvc) }
    _ = w.settle()
    _ = try w.step { engine throws(EngineError) in
      try engine.setViewControllers([w.c], of: w.pvc, direction: .forward, animated: false)
    }
    let fresh = try w.step { engine throws(EngineError) in pending = try engine.beginSwipe(w.pvc, direction: .reverse) }
    #expect(pending === w.b)
    #expect(fresh.contains("pvc.viewControllerBefore(viewController: c) → b R36"))
  }

  /// PV-6 (R38): a set between a swipe's begin and finish is refused (`transitioning`), and so is a second begin;
  /// finish with no swipe is `noSwipe`; a swipe with no neighbour reveals nothing (a bounce) and changes nothing else.
  @Test func pv6OverlapsAndBadSwipes() throws {
    let w = try world()
    let bounce = try w.step { engine throws(EngineError) in
      #expect(try engine.beginSwipe(w.pvc, direction: .reverse) == nil)
    }
    #expect(
      bounce == [
        "pvc.viewControllerAfter(viewController: a) → b R36", "pvc.viewControllerBefore(viewController: a) → nil R36",
      ])
    #expect(w.pvc.pageView?.isTransitioning == false)
    #expect(
      w.harness.refusal { engine throws(EngineError) in try engine.finishSwipe(w.pvc) } == "pvc noSwipe")
    _ = try w.step { engine throws(EngineError) in try engine.beginSwipe(w.pvc, direction: .forward) }
    #expect(
      w.harness.refusal { engine throws(EngineError) in
        try engine.setViewControllers([w.c], of: w.pvc, direction: .forward, animated: false)
      } == "pvc transitioning")
    #expect(
      w.harness.refusal { engine throws(EngineError) in try engine.beginSwipe(w.pvc, direction: .forward) }
        == "pvc transitioning")
  }

  /// R36: without a data source gestures are disabled: nothing is asked, nothing revealed.
  @Test func noDataSourceNoSwipe() throws {
    let w = try world()
    _ = try w.step { engine throws(EngineError) in try engine.setDataSourcePages(nil, of: w.pvc) }
    let begin = try w.step { engine throws(EngineError) in
      #expect(try engine.beginSwipe(w.pvc, direction: .forward) == nil)
    }
    #expect(begin.isEmpty)
  }
}

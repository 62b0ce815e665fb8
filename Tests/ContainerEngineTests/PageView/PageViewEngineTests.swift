import ContainerEngine
import Testing

/// `UIPageViewController` through the engine API (R31–R38): the acceptance scenarios PV-1, PV-2 (the set and its
/// cache), PV-6, children at rest and during a transition, options and refusals. Setup as the scenarios': a window
/// whose root is `pvc` (scroll unless said), data source `[a, b, c]`, showing `[a]` set before it appeared.
@Suite struct PageViewEngineTests {
  private typealias World = PageViewWorld

  private func world(
    style: Engine.PageViewState.TransitionStyle = .scroll, doubleSided: Bool = false, manual: Bool = false
  ) throws -> World {
    try PageViewWorld(style: style, doubleSided: doubleSided, manualClock: manual)
  }

  private func set(
    _ w: World, _ pages: [ControllerNode], direction: Engine.PageViewState.Direction = .forward, animated: Bool
  ) throws -> [String] {
    try w.harness.turn { engine throws(EngineError) in
      try engine.setViewControllers(pages, of: w.pvc, direction: direction, animated: animated)
    }
  }

  /// The setup: `initial` makes `a` a child at creation with no willMove and no callback (R33, not visible yet); the
  /// page appears with its page view controller, forwarded (R10).
  @Test func theFirstPageAppearsWithThePageViewController() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let a = try harness.controller("a")
    var options = Engine.PageViewOptions()
    options.initial = ["a"]
    let (pvc, created) = try harness.make(pageViewSpec("pvc", options))
    #expect(created == ["a.didMove(pvc) R33"])
    #expect(pvc.children.map(\.id) == ["a"])
    #expect(a.view == nil)
    let shown = try harness.show(pvc, in: window)
    #expect(
      shown == [
        "pvc.loadView R1", "pvc.viewDidLoad R1", "a.loadView R1", "a.viewDidLoad R1", "pvc.viewWillAppear R6",
        "a.viewWillAppear R10", "pvc.viewIsAppearing R69", "a.viewIsAppearing R69", "pvc.viewDidAppear R7",
        "a.viewDidAppear R10",
      ])
    #expect(a.view?.superview === pvc.view)
  }

  /// PV-1 (R31, R33): a non-animated set delivers b's whole appearance inside the call, a's after it, then
  /// a.didMove(nil), b.didMove(pvc) and the completion; no willMove, no delegate or data source call.
  @Test func pv1NonAnimatedSet() throws {
    let w = try world()
    let trace = try set(w, [w.b], animated: false)
    #expect(
      trace == [
        "b.loadView R1", "b.viewDidLoad R1", "b.viewWillAppear R33", "a.viewWillDisappear R33",
        "b.viewIsAppearing R69", "b.viewDidAppear R33", "a.viewDidDisappear R33", "a.didMove(nil) R33",
        "b.didMove(pvc) R33", "pvc.completion(setViewControllers) R33",
      ])
    #expect(w.pvc.children.map(\.id) == ["b"])
    #expect(w.pvc.pageView?.viewControllers.map(\.id) == ["b"])
    #expect(w.a.view?.superview == nil)
    #expect(w.pvc.pageView?.before == .unknown)
  }

  /// PV-2 (R31, R34, R37): an animated set gives the will pair in the call (c first) and c's viewIsAppearing at the
  /// turn's end, then at the animation's end (0.3 s) c.viewDidAppear, a.viewDidDisappear, the two didMove and the
  /// completion. Both pages are children during the animation; after it only c, with a cached as c's neighbour
  /// before it (the stale cache, R37).
  @Test func pv2AnimatedSet() throws {
    let w = try world(manual: true)
    let start = try set(w, [w.c], animated: true)
    #expect(
      start == [
        "c.loadView R1", "c.viewDidLoad R1", "c.viewWillAppear R34", "a.viewWillDisappear R34",
        "c.viewIsAppearing R69",
      ])
    #expect(w.pvc.children.map(\.id) == ["a", "c"])
    #expect(w.pvc.pageView?.isTransitioning == true)
    let end = w.harness.advance(300).compactMap(EngineHarness.describe)
    #expect(
      end == [
        "c.viewDidAppear R34", "a.viewDidDisappear R34", "a.didMove(nil) R34", "c.didMove(pvc) R34",
        "pvc.completion(setViewControllers) R34",
      ])
    #expect(w.pvc.children.map(\.id) == ["c"])
    #expect(w.pvc.pageView?.isTransitioning == false)
    #expect(w.pvc.pageView?.before == .known(w.a))
    #expect(w.pvc.pageView?.after == .unknown)
  }

  /// R37: with `staleCacheAfterAnimatedSet` off, or after a non-animated set, nothing is cached.
  @Test func theStaleCacheIsAnOption() throws {
    let w = try world()
    w.harness.engine.options.pageView.staleCacheAfterAnimatedSet = false
    _ = try set(w, [w.c], animated: true)
    #expect(w.pvc.pageView?.before == .unknown)
    w.harness.engine.options.pageView.staleCacheAfterAnimatedSet = true
    _ = try set(w, [w.a], direction: .reverse, animated: true)
    #expect(w.pvc.pageView?.after == .known(w.c))
    _ = try set(w, [w.b], animated: false)
    #expect(w.pvc.pageView?.before == .unknown && w.pvc.pageView?.after == .unknown)
  }

  /// R35: an animated curl ends the outgoing page first (a.viewDidDisappear before b.viewDidAppear).
  @Test func anAnimatedCurlEndsTheOutgoingPageFirst() throws {
    let w = try world(style: .pageCurl)
    let trace = try set(w, [w.b], animated: true)
    #expect(
      trace == [
        "b.loadView R1", "b.viewDidLoad R1", "b.viewWillAppear R35", "a.viewWillDisappear R35",
        "b.viewIsAppearing R69", "a.viewDidDisappear R35", "b.viewDidAppear R35", "a.didMove(nil) R35",
        "b.didMove(pvc) R35", "pvc.completion(setViewControllers) R35",
      ])
  }

  /// PV-6 (R32): three controllers for a scroll page view: NSInvalidArgumentException with UIKit's reason; nothing
  /// changes, nothing is emitted (the harness checks).
  @Test func pv6WrongCount() throws {
    let w = try world()
    let refusal = w.harness.refusal { engine throws(EngineError) in
      try engine.setViewControllers([w.a, w.b, w.c], of: w.pvc, direction: .forward, animated: false)
    }
    #expect(
      refusal
        == "NSInvalidArgumentException: The number of view controllers provided (3) doesn't match the number required (1) for the requested transition"
    )
  }

  /// PV-6 (R38): a set while an animated set is in flight is refused (`transitioning`), changing nothing; once the
  /// animation ends the same set works.
  @Test func pv6OverlappingSetIsRefused() throws {
    let w = try world(manual: true)
    _ = try set(w, [w.b], animated: true)
    let refusal = w.harness.refusal { engine throws(EngineError) in
      try engine.setViewControllers([w.c], of: w.pvc, direction: .forward, animated: false)
    }
    #expect(refusal == "pvc transitioning")
    w.harness.advance(300)
    #expect(try set(w, [w.c], animated: false).last == "pvc.completion(setViewControllers) R33")
  }

  /// R32: a double-sided curl takes two controllers, a mid spine needs double-sided pages.
  @Test func curlCountsAndTheMidSpine() throws {
    let w = try world(style: .pageCurl, doubleSided: true)
    #expect(w.pvc.children.map(\.id) == ["a", "b"])
    let refusal = w.harness.refusal { engine throws(EngineError) in
      try engine.setViewControllers([w.c], of: w.pvc, direction: .forward, animated: false)
    }
    #expect(
      refusal
        == "NSInvalidArgumentException: The number of view controllers provided (1) doesn't match the number required (2) for the requested transition"
    )
    var options = Engine.PageViewOptions()
    options.transitionStyle = .pageCurl
    options.spineLocation = .mid
    let made = w.harness.refusal { engine throws(EngineError) in
      _ = try engine.makeController(pageViewSpec("p2", options))
    }
    #expect(made == "NSInvalidArgumentException: isDoubleSided must be YES for UIPageViewControllerSpineLocationMid")
  }

  /// A page belongs to one page view controller: one already a child elsewhere is refused as a state conflict
  /// (`hasParent`, as the daemon's other refusals of a controller that still has a parent), a repeated one at its
  /// index, and the page view controller cannot be its own page.
  @Test func pagesOfAnotherParentAreRefused() throws {
    let w = try world()
    let other = try w.harness.pageView("other", Engine.PageViewOptions())
    let taken = w.harness.refusal { engine throws(EngineError) in
      try engine.setViewControllers([w.a], of: other, direction: .forward, animated: false)
    }
    #expect(taken == "a hasParent")
    let own = w.harness.refusal { engine throws(EngineError) in
      try engine.setViewControllers([other], of: other, direction: .forward, animated: false)
    }
    #expect(
      own == "NSInvalidArgumentException: A view controller cannot be its own child: <UIPageViewController: other>")
    let notPageView = w.harness.refusal { engine throws(EngineError) in
      try engine.setViewControllers([w.b], of: w.a, direction: .forward, animated: false)
    }
    #expect(notPageView?.hasPrefix("pageView: expected a UIPageViewController") == true)
  }

  /// Off screen (R33 `defer`): a set swaps the pages with only the two didMove and the completion, animated or not.
  @Test func offScreenSetsSendNoAppearance() throws {
    let harness = EngineHarness()
    _ = try harness.controllers("a", "b")
    var options = Engine.PageViewOptions()
    options.initial = ["a"]
    let pvc = try harness.pageView("pvc", options)
    harness.subscribe(.completion)
    let trace = try harness.turn { engine throws(EngineError) in
      try engine.setViewControllers([engine.controller("b")], of: pvc, direction: .forward, animated: true)
    }
    #expect(trace == ["a.didMove(nil) R33", "b.didMove(pvc) R33", "pvc.completion(setViewControllers) R33"])
    #expect(pvc.children.map(\.id) == ["b"])
  }

  /// A data source that comes to list an ancestor of its page view (the list is given first, then the page view is
  /// made a child of one of its pages) lets go of both when the engine goes (the list would otherwise hold the
  /// ancestor, which holds the page view, which holds the list, as a cycle).
  @Test func aDataSourceListingAnAncestorLeaksNothing() throws {
    weak var pageView: ControllerNode?
    weak var ancestor: ControllerNode?
    weak var engineGone: Engine?
    do {
      let w = try world()
      let outer = try w.harness.controller("outer")
      let inner = try w.harness.pageView("inner", Engine.PageViewOptions())
      try w.harness.turn { engine throws(EngineError) in
        try engine.setDataSourcePages([w.a, outer], of: inner)
        try engine.addChild(inner, to: outer)
      }
      #expect(inner.parent === outer)
      (pageView, ancestor, engineGone) = (inner, outer, w.harness.engine)
    }
    #expect(engineGone == nil)
    #expect(pageView == nil)
    #expect(ancestor == nil)
  }

  private func pageViewSpec(_ id: String, _ options: Engine.PageViewOptions) -> ControllerSpec {
    var spec = ControllerSpec(kind: .pageViewController, id: id)
    spec.pageView = options
    return spec
  }
}

extension EngineHarness {
  /// A `UIPageViewController` with `options` (scroll, no data source, no pages by default).
  func pageView(_ id: String, _ options: Engine.PageViewOptions) throws(EngineError) -> ControllerNode {
    var spec = ControllerSpec(kind: .pageViewController, id: id)
    spec.pageView = options
    return try make(spec).0
  }
}

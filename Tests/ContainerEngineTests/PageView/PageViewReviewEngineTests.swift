import ContainerEngine
import Testing

/// What a review of the page view controller found, through the engine API: a page taken in mid-transition leaves
/// every page at rest with its callbacks balanced (R34, R38, R14), a neighbour that is another container's child is a
/// state conflict (`hasParent`), a spine on a scroll page view is ignored with a warning (R32), and the data source
/// cannot list the page view itself or an ancestor. A window whose root is `pvc`, data source `[a, b, c]`, showing
/// `[a]`; the delegate installed; completions recorded; a manual clock.
@Suite struct PageViewReviewEngineTests {
  private typealias World = PageViewWorld

  private func world() throws -> World { try PageViewWorld(manualClock: true, settleMs: 1000) }

  private static let abandoned =
    "left pvc during a page transition; the transition is abandoned (UIKit: No view controller managing visible view) R38"

  /// Bug: removing the page being revealed left `a` disappearing and `b` appearing. The swipe is abandoned as a
  /// cancelled one ends (R34's cancelled order, L-wang): `a` back to appeared (R14's reversal: will, then did), then
  /// `b`, whose view the page view controller takes out, disappears (will, did); then removeFromParent's didMove (R4).
  @Test func removingTheRevealedPageMidSwipeSettlesBothPages() throws {
    let w = try world()
    _ = try w.step { engine throws(EngineError) in try engine.beginSwipe(w.pvc, direction: .forward) }
    let removed = try w.step { engine throws(EngineError) in engine.removeFromParent(w.b) }
    #expect(
      removed == [
        "warning: b \(Self.abandoned)", "a.viewWillAppear R34", "a.viewIsAppearing R69", "a.viewDidAppear R34",
        "b.viewWillDisappear R34", "b.viewDidDisappear R34", "b.didMove(nil) R4",
      ])
    #expect(w.settle().isEmpty)
    #expect([w.a, w.b].map(\.appearance.state) == [.appeared, .disappeared])
    #expect(w.pvc.children.map(\.id) == ["a"])
    #expect(w.b.view?.superview == nil)
    #expect(w.pvc.pageView?.isTransitioning == false)
  }

  /// Removing the page shown mid-swipe: the page being revealed disappears (will, did: it is not shown), then the
  /// page taken ends its disappearance (did); no page is left.
  @Test func removingTheShownPageMidSwipeSettlesBothPages() throws {
    let w = try world()
    _ = try w.step { engine throws(EngineError) in try engine.beginSwipe(w.pvc, direction: .forward) }
    let removed = try w.step { engine throws(EngineError) in engine.removeFromParent(w.a) }
    #expect(
      removed == [
        "warning: a \(Self.abandoned)", "b.viewWillDisappear R34", "b.viewDidDisappear R34", "a.viewDidDisappear R34",
        "a.didMove(nil) R4",
      ])
    #expect(w.settle().isEmpty)
    #expect([w.a, w.b].map(\.appearance.state) == [.disappeared, .disappeared])
    #expect(w.pvc.children.isEmpty)
  }

  /// An animated set abandoned by taking the page it leaves: the incoming page completes its appearance and its
  /// joining (did, then didMove(pvc), R33/R34), the page taken its disappearance; no completion (the set never ends).
  @Test func removingTheOutgoingPageOfAnAnimatedSet() throws {
    let w = try world()
    _ = try w.step { engine throws(EngineError) in
      try engine.setViewControllers([w.c], of: w.pvc, direction: .forward, animated: true)
    }
    let removed = try w.step { engine throws(EngineError) in engine.removeFromParent(w.a) }
    #expect(
      removed == [
        "warning: a \(Self.abandoned)", "c.viewDidAppear R34", "c.didMove(pvc) R34", "a.viewDidDisappear R34",
        "a.didMove(nil) R4",
      ])
    #expect(w.settle().isEmpty)
    #expect([w.a, w.c].map(\.appearance.state) == [.disappeared, .appeared])
    #expect(w.pvc.children.map(\.id) == ["c"])
  }

  /// R34 then R6/R7: the window's root replaced while an animated set runs: the set ends at once — did pair, the two
  /// didMove, the completion — before the page view controller and its new page disappear; the clock brings nothing.
  @Test func aRootReplacedDuringAnAnimatedSetFinishesItFirst() throws {
    let w = try world()
    let x = try w.harness.controller("x")
    _ = try w.step { engine throws(EngineError) in
      try engine.setViewControllers([w.c], of: w.pvc, direction: .forward, animated: true)
    }
    let window = try #require(w.pvc.view?.window)
    let replaced = try w.step { engine throws(EngineError) in try engine.setRoot(of: window, to: x) }
    #expect(
      replaced == [
        "c.viewDidAppear R34", "a.viewDidDisappear R34", "a.didMove(nil) R34", "c.didMove(pvc) R34",
        "pvc.completion(setViewControllers) R34", "pvc.viewWillDisappear R6", "c.viewWillDisappear R10",
        "x.loadView R1", "x.viewDidLoad R1", "x.viewWillAppear R6", "x.viewIsAppearing R69",
        "pvc.viewDidDisappear R7", "c.viewDidDisappear R10", "x.viewDidAppear R7",
      ])
    #expect(w.settle().isEmpty)
    #expect(w.pvc.children.map(\.id) == ["c"])
  }

  /// R34 cancelled then R6/R7: the root replaced mid-swipe (finger down): the swipe is cancelled and settles back at
  /// once (L-wang's cancelled order, didFinishAnimating with completed false), then the page view controller and `a`
  /// disappear.
  @Test func aRootReplacedMidSwipeCancelsItFirst() throws {
    let w = try world()
    let x = try w.harness.controller("x")
    _ = try w.step { engine throws(EngineError) in try engine.beginSwipe(w.pvc, direction: .forward) }
    let window = try #require(w.pvc.view?.window)
    let replaced = try w.step { engine throws(EngineError) in try engine.setRoot(of: window, to: x) }
    #expect(
      replaced == [
        "a.viewWillAppear R34", "a.viewIsAppearing R69", "a.viewDidAppear R34", "b.viewWillDisappear R34",
        "b.viewDidDisappear R34", "pvc.didFinishAnimating(finished: true, previous: [a], completed: false) R36",
        "pvc.viewWillDisappear R6", "a.viewWillDisappear R10", "x.loadView R1", "x.viewDidLoad R1",
        "x.viewWillAppear R6", "x.viewIsAppearing R69", "pvc.viewDidDisappear R7", "a.viewDidDisappear R10",
        "x.viewDidAppear R7",
      ])
    #expect(w.settle().isEmpty)
    #expect(w.pvc.children.map(\.id) == ["a"])
    #expect(w.pvc.pageView?.isTransitioning == false)
  }

  /// Bug: a neighbour that is another container's child got -32602 naming `pageView`. It is a state conflict: `b`
  /// `hasParent`, refused before anything changes (no data-source call, no event).
  @Test func aNeighbourWithAnotherParentIsAStateConflict() throws {
    let w = try world()
    let other = try w.harness.controller("other")
    try w.harness.turn { engine throws(EngineError) in try engine.addChild(w.b, to: other) }
    let refused = w.harness.refusal { engine throws(EngineError) in
      try engine.beginSwipe(w.pvc, direction: .forward)
    }
    #expect(refused == "b hasParent")
  }

  /// R32: a spine given to a scroll page view is ignored (Apple: "only valid if the transition style is pageCurl"),
  /// with the daemon's warning; the page view reports `none`. A curl keeps it; `none` on a scroll page view says
  /// nothing.
  @Test func aSpineOnAScrollPageViewIsIgnoredWithAWarning() throws {
    let harness = EngineHarness()
    var options = Engine.PageViewOptions()
    options.spineLocation = .mid
    var spec = ControllerSpec(kind: .pageViewController, id: "pvc")
    spec.pageView = options
    let (pvc, created) = try harness.make(spec)
    #expect(
      created == [
        "warning: spineLocation mid is ignored: a spine is only valid for the pageCurl transition style, and pvc "
          + "scrolls (its spineLocation is none) R32"
      ])
    #expect(pvc.pageView?.spineLocation == Engine.PageViewState.SpineLocation.none)
    options.spineLocation = Engine.PageViewState.SpineLocation.none
    spec = ControllerSpec(kind: .pageViewController, id: "quiet")
    spec.pageView = options
    #expect(try harness.make(spec).1.isEmpty)
  }

  /// Bug: the data source's list took the page view itself. It and an ancestor are refused at the call, naming the
  /// entry; the list stays as it was.
  @Test func theDataSourceCannotListThePageViewOrAnAncestor() throws {
    let w = try world()
    let outer = try w.harness.controller("outer")
    let inner = try w.harness.pageView("inner", Engine.PageViewOptions())
    try w.harness.turn { engine throws(EngineError) in try engine.addChild(inner, to: outer) }
    let itself = w.harness.refusal { engine throws(EngineError) in
      try engine.setDataSourcePages([w.c, inner], of: inner)
    }
    #expect(
      itself
        == "page(1): expected a controller that is neither inner nor one of its ancestors (inner cannot be a page of itself)"
    )
    let ancestor = w.harness.refusal { engine throws(EngineError) in
      try engine.setDataSourcePages([outer], of: inner)
    }
    #expect(
      ancestor
        == "page(0): expected a controller that is neither inner nor one of its ancestors (outer is an ancestor of inner and cannot be its page)"
    )
    #expect(inner.pageView?.pages == nil)
  }
}

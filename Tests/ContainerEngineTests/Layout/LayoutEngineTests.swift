import ContainerEngine
import Testing

/// Frames, autoresizing, the layout pass (R30), rotation and hit testing through the engine API
/// alone; the orders and numbers the wire tier checks in LayoutTests.
@Suite struct LayoutEngineTests {
  /// `parent` shown in `w` (390×844) with layout events (frames and the layout callbacks) recorded.
  private func shownParent() throws -> (EngineHarness, window: ViewNode, parent: ControllerNode) {
    let harness = EngineHarness()
    let window = try harness.window("w")
    let parent = try harness.controller("parent")
    try harness.show(parent, in: window)
    harness.subscribe(.layout)
    return (harness, window, parent)
  }

  private func embed(_ harness: EngineHarness, _ child: ControllerNode, in parent: ControllerNode) throws -> [String] {
    try harness.turn { engine throws(EngineError) in try engine.embed(child, in: parent, container: nil, frame: nil) }
  }

  /// The callbacks of `trace`, without frame changes (the wire test's filter of `event/layout`).
  private func callbacks(_ trace: [String]) -> [String] { trace.filter { !$0.hasPrefix("layout ") } }

  /// Autoresizing (Apple: the size difference is shared among the flexible parts in proportion to their current
  /// values): a 390-wide superview grows to 844 (+454) and an 844-high one shrinks to 390 (−454).
  @Test(
    arguments: [
      (["flexibleWidth"], Rect.xywh(10, 20, 370, 100), Rect.xywh(10, 20, 824, 100)),
      (["flexibleLeftMargin"], .xywh(10, 20, 100, 100), .xywh(464, 20, 100, 100)),
      // Margins 10 and 280: 454 × 10/290 to the left.
      (
        ["flexibleLeftMargin", "flexibleRightMargin"], .xywh(10, 20, 100, 100), .xywh(25.655172413793103, 20, 100, 100)
      ),
      // Width 370 and right margin 10: the width gets 454 × 370/380.
      (["flexibleWidth", "flexibleRightMargin"], .xywh(10, 20, 370, 100), .xywh(10, 20, 812.0526315789473, 100)),
      // Top margin 20 and height 100 of 844 → 390: −454 × 20/120 and −454 × 100/120.
      (["flexibleTopMargin", "flexibleHeight"], .xywh(10, 20, 100, 100), .xywh(10, -55.66666666666667, 100, 0)),
      (["flexibleBottomMargin"], .xywh(10, 20, 100, 100), .xywh(10, 20, 100, 100)),
    ] as [([String], Rect, Rect)])
  func autoresizing(_ mask: [String], _ start: Rect, _ expected: Rect) throws {
    let (harness, window, parent) = try shownParent()
    let v = try harness.view("v", frame: start, autoresizingMask: mask)
    try harness.turn { engine throws(EngineError) in
      try engine.addSubview(.view(v), to: .root(parent), at: nil)
    }
    try harness.turn { engine throws(EngineError) in
      try engine.resizeWindow(window, width: 844, height: 390, safeArea: nil)
    }
    #expect(v.frame == expected)
  }

  /// R1's loadView view is flexible in width and height, so an embedded child's view follows its container.
  @Test func aFlexibleChildFollowsItsContainer() throws {
    let (harness, _, parent) = try shownParent()
    let child = try harness.controller("child")
    _ = try embed(harness, child, in: parent)
    try harness.turn { engine throws(EngineError) in try engine.setFrame(.root(parent), .xywh(0, 0, 300, 500)) }
    #expect(child.view?.frame == .xywh(0, 0, 300, 500))
  }

  /// R30: a layout pass calls, for each view needing layout top down, its controller's viewWillLayoutSubviews, the
  /// view's layoutSubviews, viewDidLayoutSubviews, then the subviews. Embedding lays out the parent (a subview was
  /// added) and then the new child, before the child's viewDidAppear (R7); the child's geometry callbacks and
  /// viewIsAppearing come before the pass (R64, R69).
  @Test func theLayoutCallbackOrderWhenEmbedding() throws {
    let (harness, _, parent) = try shownParent()
    let child = try harness.controller("child")
    #expect(
      callbacks(try embed(harness, child, in: parent)) == [
        "child.willMove(parent) R4", "child.loadView R1", "child.viewDidLoad R1", "child.viewWillAppear R6",
        "child.didMove(parent) R4", "child.viewLayoutMarginsDidChange R64", "child.viewSafeAreaInsetsDidChange R64",
        "child.viewIsAppearing R69", "parent.viewWillLayoutSubviews R30", "parent.viewDidLayoutSubviews R30",
        "child.viewWillLayoutSubviews R30", "child.viewDidLayoutSubviews R30", "child.viewDidAppear R7",
        "child.didMove(parent) R8",
      ])
  }

  /// R30: a turn that changes nothing lays nothing out; a frame change of the same size moves the view (a frame
  /// event) without a layout; a size change lays the view out (and, R64, its bottom edge leaving the unsafe band
  /// changes its safe area and margins: told before viewWillLayoutSubviews).
  @Test func onlyChangedViewsAreLaidOut() throws {
    let (harness, _, parent) = try shownParent()
    #expect(try harness.turn { _ in } == [])
    let v = try harness.view("v", frame: .xywh(0, 0, 100, 100))
    try harness.turn { engine throws(EngineError) in try engine.addSubview(.view(v), to: .root(parent), at: nil) }
    #expect(
      try harness.turn { engine throws(EngineError) in try engine.setFrame(.view(v), .xywh(5, 0, 100, 100)) } == [
        "layout v 5,0,100,100"
      ])
    #expect(
      callbacks(
        try harness.turn { engine throws(EngineError) in try engine.setFrame(.root(parent), .xywh(0, 0, 390, 800)) })
        == [
          "parent.viewLayoutMarginsDidChange R64", "parent.viewSafeAreaInsetsDidChange R64",
          "parent.viewWillLayoutSubviews R30", "parent.viewDidLayoutSubviews R30",
        ])
  }

  /// R30: `layoutIfNeeded` lays out at once, in or out of a window; a second call finds nothing to do.
  @Test func layoutIfNeededRunsNow() throws {
    let harness = EngineHarness(events: .layout)
    let loose = try harness.controller("loose")
    try harness.turn { engine throws(EngineError) in _ = try engine.loadView(loose) }
    #expect(
      try harness.turn { engine throws(EngineError) in try engine.layoutIfNeeded(.root(loose)) } == [
        "loose.viewWillLayoutSubviews R30", "loose.viewDidLayoutSubviews R30",
      ])
    #expect(try harness.turn { engine throws(EngineError) in try engine.layoutIfNeeded(.root(loose)) } == [])
  }

  /// A window resize: viewWillTransition(to:) on the root, forwarded to its children depth first, before the window
  /// and the views change size (every frame event after the last of them); then the layout pass. Landscape safe
  /// area by default (0/47/21/47).
  @Test func aRotation() throws {
    let (harness, window, parent) = try shownParent()
    let made = try harness.controllers("a", "b", "a1")
    let (a, b, a1) = (made[0], made[1], made[2])
    for (child, container) in [(a, parent), (a1, a), (b, parent)] { _ = try embed(harness, child, in: container) }
    let events = try harness.events { engine throws(EngineError) in
      try engine.resizeWindow(window, width: 844, height: 390, safeArea: nil)
    }
    var transitions: [String] = []
    for event in events {
      guard case .lifecycle(let controller, let callback, _, _, _, let size, _, _) = event.kind,
        callback == .viewWillTransitionToSize
      else { continue }
      transitions.append(controller)
      #expect(size == Size(width: 844, height: 390))
    }
    #expect(transitions == ["parent", "a", "a1", "b"])
    let lastTransition = events.lastIndex { EngineHarness.describe($0)?.contains("viewWillTransitionToSize") == true }
    let firstFrame = events.firstIndex {
      $0.category == .layout && EngineHarness.describe($0)?.hasPrefix("layout ") == true
    }
    #expect(try #require(firstFrame) > #require(lastTransition))
    #expect(a1.view?.frame == .xywh(0, 0, 844, 390))
    #expect(window.safeArea == Insets(top: 0, left: 47, bottom: 21, right: 47))
  }

  /// Hit testing: frontmost first; a point outside a view's bounds never reaches its subviews (a subview sticking out
  /// cannot be hit there); hidden views are skipped; scroll views hit at their offset.
  @Test func hitTesting() throws {
    let (harness, window, parent) = try shownParent()
    let header = try harness.view("header", frame: .xywh(0, 0, 390, 200))
    let button = try harness.view("button", frame: .xywh(300, 150, 80, 100))  // sticks out below y = 200
    let list = try harness.view("list", kind: .UIScrollView, frame: .xywh(0, 200, 390, 644))
    let row = try harness.view("row", frame: .xywh(0, 400, 390, 44))
    try harness.turn { engine throws(EngineError) in
      try engine.addSubview(.view(list), to: .root(parent), at: nil)
      try engine.addSubview(.view(header), to: .root(parent), at: nil)
      try engine.addSubview(.view(button), to: .view(header), at: nil)
      try engine.addSubview(.view(row), to: .view(list), at: nil)
    }
    let hit = { (x: Double, y: Double) throws -> String? in
      try harness.engine.hitTest(window, Point(x: x, y: y))?.id
    }
    #expect(try hit(320, 160) == "button")
    #expect(try hit(320, 220) == "list")
    #expect(try hit(10, 610) == "row")  // row at 400 in content, list at 200 in window
    try harness.turn { engine throws(EngineError) in
      try engine.setContentOffset(.view(list), Point(x: 0, y: 300), animated: false)
    }
    #expect(try hit(10, 310) == "row")
    #expect(try hit(10, 610) == "list")
    try harness.turn { engine throws(EngineError) in
      try engine.configureView(.view(header), isHidden: true, clipsToBounds: nil)
    }
    #expect(try hit(320, 160) == "parent.view")
    #expect(try hit(500, 10) == nil)
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// Frames, autoresizing, layout passes (R30), rotation and hit testing.
@Suite struct LayoutTests {
  /// `parent` shown in `w` (390×844) with layout callbacks subscribed.
  private func shownParent() -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    session.call("controller/create", ["id": "parent"])
    session.call("window/setRoot", ["window": "w", "controller": "parent"])
    session.call("events/subscribe", ["kinds": ["lifecycle", "layout"]])
    return session
  }

  private func frame(_ session: TestSession, _ view: String) -> JSONValue? {
    session.call("view/get", ["view": .string(view)]).result?["frame"]
  }

  /// Autoresizing (Apple: the size difference is shared among the flexible parts in proportion to their current
  /// values): a 390-wide superview grows to 844 (+454) and shrinks to 390 high (−454).
  @Test(
    arguments: [
      // Flexible width only: the width takes it all.
      (["flexibleWidth"], [10.0, 20, 370, 100], [10.0, 20, 824, 100]),
      // Flexible left margin only: the view keeps its width and moves right.
      (["flexibleLeftMargin"], [10, 20, 100, 100], [464, 20, 100, 100]),
      // Flexible left and right margins 10 and 280: shares 454 × 10/290 and 454 × 280/290.
      (["flexibleLeftMargin", "flexibleRightMargin"], [10, 20, 100, 100], [25.655172413793103, 20, 100, 100]),
      // Flexible width and right margin (370 and 10): the width gets 454 × 370/380.
      (["flexibleWidth", "flexibleRightMargin"], [10, 20, 370, 100], [10, 20, 812.0526315789473, 100]),
      // Flexible top margin and height (20 and 100 of 844 → 390): −454 × 20/120 and −454 × 100/120.
      (["flexibleTopMargin", "flexibleHeight"], [10, 20, 100, 100], [10, -55.66666666666667, 100, 0]),
      // Flexible bottom margin: the view stays.
      (["flexibleBottomMargin"], [10, 20, 100, 100], [10, 20, 100, 100]),
    ] as [([String], [Double], [Double])])
  func autoresizing(_ mask: [String], _ start: [Double], _ expected: [Double]) {
    let session = shownParent()
    let rect = { (values: [Double]) -> JSONValue in
      ["x": .number(values[0]), "y": .number(values[1]), "width": .number(values[2]), "height": .number(values[3])]
    }
    session.call(
      "view/create", ["id": "v", "frame": rect(start), "autoresizingMask": .array(mask.map { .string($0) })])
    session.call("view/addSubview", ["superview": "parent.view", "view": "v"])
    session.call("window/resize", ["window": "w", "width": 844, "height": 390])
    #expect(frame(session, "v") == rect(expected))
  }

  /// The seed 000 auto container's child (flexible width and height, R1's loadView view) follows its container.
  @Test func aFlexibleChildFollowsItsContainer() {
    let session = shownParent()
    session.call("controller/create", ["id": "child"])
    session.call("containment/embed", ["parent": "parent", "child": "child"])
    session.call("view/setFrame", ["view": "parent.view", "frame": ["x": 0, "y": 0, "width": 300, "height": 500]])
    #expect(frame(session, "child.view") == ["x": 0, "y": 0, "width": 300, "height": 500])
  }

  /// R30: a layout pass calls, for each view needing layout top down, its controller's viewWillLayoutSubviews, the
  /// view's layoutSubviews, viewDidLayoutSubviews, then the subviews. Embedding lays out the parent (a subview was
  /// added) and then the new child, before the child's viewDidAppear (R7); the child's geometry callbacks and
  /// viewIsAppearing come before the pass (R64, R69).
  @Test func layoutCallbackOrderWhenEmbedding() {
    let session = shownParent()
    session.call("controller/create", ["id": "child"])
    let trace = session.call("containment/embed", ["parent": "parent", "child": "child"]).trace
    #expect(
      trace.filter { !$0.hasPrefix("{") } == [
        "child.willMove(parent) R4", "child.loadView R1", "child.viewDidLoad R1", "child.viewWillAppear R6",
        "child.didMove(parent) R4", "child.viewLayoutMarginsDidChange R64", "child.viewSafeAreaInsetsDidChange R64",
        "child.viewIsAppearing R69", "parent.viewWillLayoutSubviews R30", "parent.viewDidLayoutSubviews R30",
        "child.viewWillLayoutSubviews R30", "child.viewDidLayoutSubviews R30", "child.viewDidAppear R7",
        "child.didMove(parent) R8",
      ])
  }

  /// A turn that changes nothing lays nothing out; a frame change of the same size moves the view (event/layout)
  /// without a layout; a size change lays the view out (R64: the safe area's bottom and the margins change with it).
  @Test func onlyChangedViewsAreLaidOut() {
    let session = shownParent()
    #expect(session.call("daemon/ping").events.isEmpty)
    session.call("view/create", ["id": "v", "frame": ["x": 0, "y": 0, "width": 100, "height": 100]])
    session.call("view/addSubview", ["superview": "parent.view", "view": "v"])
    let moved = session.call("view/setFrame", ["view": "v", "frame": ["x": 5, "y": 0, "width": 100, "height": 100]])
    #expect(moved.events.map { $0["method"] } == ["event/layout"])
    #expect(
      session.call("view/setFrame", ["view": "parent.view", "frame": ["x": 0, "y": 0, "width": 390, "height": 800]])
        .trace.filter { !$0.hasPrefix("{") } == [
          "parent.viewLayoutMarginsDidChange R64", "parent.viewSafeAreaInsetsDidChange R64",
          "parent.viewWillLayoutSubviews R30", "parent.viewDidLayoutSubviews R30",
        ])
  }

  /// `layout/layoutIfNeeded` lays out at once, in or out of a window; a second call finds nothing to do.
  @Test func layoutIfNeededRunsNow() {
    let session = TestSession()
    session.call("events/subscribe", ["kinds": ["layout"]])
    session.call("controller/create", ["id": "loose"])
    session.call("controller/loadView", ["controller": "loose"])
    #expect(
      session.call("layout/layoutIfNeeded", ["view": "loose.view"]).trace == [
        "loose.viewWillLayoutSubviews R30", "loose.viewDidLayoutSubviews R30",
      ])
    #expect(session.call("layout/layoutIfNeeded", ["view": "loose.view"]).events.isEmpty)
  }

  /// `window/resize`: viewWillTransition(to:) on the root, forwarded to its children depth first and to what it
  /// presents, before the window and the views change size; then the layout pass. Landscape safe area by default.
  @Test func rotation() {
    let session = shownParent()
    session.call("controller/create", ["id": "a"])
    session.call("controller/create", ["id": "b"])
    session.call("controller/create", ["id": "a1"])
    session.call("containment/embed", ["parent": "parent", "child": "a"])
    session.call("containment/embed", ["parent": "a", "child": "a1"])
    session.call("containment/embed", ["parent": "parent", "child": "b"])
    let events = session.call("window/resize", ["window": "w", "width": 844, "height": 390]).events
    let transitions = events.filter { $0["params"]?["callback"] == "viewWillTransitionToSize" }
    #expect(transitions.map { $0["params"]?["controller"] } == ["parent", "a", "a1", "b"])
    #expect(transitions.allSatisfy { $0["params"]?["size"] == ["width": 844, "height": 390] })
    #expect(
      events.firstIndex { $0["method"] == "event/layout" }! > events.lastIndex {
        $0["params"]?["callback"] == "viewWillTransitionToSize"
      }!)
    #expect(frame(session, "a1.view") == ["x": 0, "y": 0, "width": 844, "height": 390])
    #expect(
      session.call("view/get", ["view": "w"]).result?["safeArea"] == ["top": 0, "left": 47, "bottom": 21, "right": 47])
  }

  /// `view/hitTest`: frontmost first; a point outside a view's bounds never reaches its subviews (a subview sticking
  /// out cannot be hit there, clipping or not); hidden views are skipped; scroll views hit at their offset.
  @Test func hitTesting() {
    let session = shownParent()
    let create = { (id: String, kind: String, x: Double, y: Double, w: Double, h: Double) in
      session.call(
        "view/create",
        [
          "id": .string(id), "kind": .string(kind),
          "frame": ["x": .number(x), "y": .number(y), "width": .number(w), "height": .number(h)],
        ])
    }
    create("header", "UIView", 0, 0, 390, 200)
    create("button", "UIView", 300, 150, 80, 100)  // sticks out of header below y = 200
    create("list", "UIScrollView", 0, 200, 390, 644)
    create("row", "UIView", 0, 400, 390, 44)
    session.call("view/addSubview", ["superview": "parent.view", "view": "list"])
    session.call("view/addSubview", ["superview": "parent.view", "view": "header"])
    session.call("view/addSubview", ["superview": "header", "view": "button"])
    session.call("view/addSubview", ["superview": "list", "view": "row"])
    let hit = { (x: Double, y: Double) -> JSONValue? in
      session.call("view/hitTest", ["window": "w", "point": ["x": .number(x), "y": .number(y)]]).result?["view"]
    }
    #expect(hit(320, 160) == "button")
    #expect(hit(320, 220) == "list")  // the button's part below the header is not hittable
    #expect(hit(10, 610) == "row")  // row at 400 in content, list at 200 in window
    session.call("scroll/setContentOffset", ["view": "list", "offset": ["x": 0, "y": 300]])
    #expect(hit(10, 310) == "row")
    #expect(hit(10, 610) == "list")
    session.call("view/configure", ["view": "header", "isHidden": true])
    #expect(hit(320, 160) == "parent.view")
    #expect(hit(500, 10) == .null)
  }
}

import ContainerEngine
import Testing

/// The safe area and `UIViewController.additionalSafeAreaInsets` through the engine API alone (S2.4,
/// S5.3): what reaches a scroll view's adjustedContentInset, the resting offset that follows it, and the
/// safe-area layout guide; the numbers the wire tier checks in SafeAreaTests.
///
/// Apple, `UIView.safeAreaInsets`: for a view controller's root view the insets account for the bars "and any
/// additional insets that you specified using the `additionalSafeAreaInsets` property"; other views get the part of
/// the safe area that overlaps them. (`Engine.safeAreaInsets(of:)` is internal: the suites read it through what it
/// feeds, adjustedContentInset and the layout guide, as the wire tier does.)
@Suite struct SafeAreaEngineTests {
  private static func insets(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) -> Insets {
    Insets(top: top, left: left, bottom: bottom, right: right)
  }

  /// `tabs` (a container, the root of `win`: 390×844, safe area 47/34) with `list`, a UITableViewController, embedded
  /// full screen in its view; `additional` set on `tabs` or `list` first; offsets recorded.
  private struct Tabman {
    let harness = EngineHarness()
    let window: ViewNode
    let tabs: ControllerNode
    let list: ControllerNode

    init(additional: Insets? = nil, onList: Bool = false) throws {
      window = try harness.window()
      tabs = try harness.controller("tabs")
      list = try harness.controller("list", kind: .tableViewController)
      if let additional { harness.engine.setAdditionalSafeAreaInsets(onList ? list : tabs, additional) }
      try harness.show(tabs, in: window)
      let (tabs, list) = (tabs, list)
      try harness.turn { engine throws(EngineError) in
        try engine.embed(list, in: tabs, container: nil, frame: .xywh(0, 0, 390, 844))
      }
      harness.subscribe(.offset)
    }

    func adjusted(_ controller: ControllerNode) -> Insets? {
      controller.view.map { harness.engine.adjustedContentInset(of: $0) }
    }

    func offsetY(_ view: ViewNode?) -> Double? { view?.scroll?.contentOffset.y }

    @discardableResult
    func setAdditional(_ controller: ControllerNode, _ insets: Insets) throws -> [String] {
      try harness.turn { engine in engine.setAdditionalSafeAreaInsets(controller, insets) }
    }
  }

  /// S5.3 (Tabman's 44-pt bar): the bar's inset adds to the window's 47, whether the container sets it on its own
  /// root view (which holds the child's) or on the child: the table's adjustedContentInset.top is 91 and it rests at
  /// −91.
  @Test(arguments: [false, true])
  func aBarInsetAddsToTheWindowsSafeArea(_ onList: Bool) throws {
    let scene = try Tabman(additional: Self.insets(top: 44), onList: onList)
    #expect(scene.adjusted(scene.list) == Self.insets(top: 91, bottom: 34))
    #expect(scene.offsetY(scene.list.view) == -91)
  }

  /// S2.4's safe-area follow: an offset resting at the top (−47) when the bar's inset is set moves to the new top,
  /// −91, at the end of that turn (`cause: inset`), after the layout pass of the container's and the child's root
  /// views (R30); clearing the inset brings it back to −47.
  @Test func theRestingOffsetFollowsWhenTheInsetIsSetLater() throws {
    let scene = try Tabman()
    #expect(scene.offsetY(scene.list.view) == -47)
    scene.harness.subscribe(.layout)
    let set = try scene.setAdditional(scene.tabs, Self.insets(top: 44))
    #expect(
      set.filter { $0.contains("LayoutSubviews") } == [
        "tabs.viewWillLayoutSubviews R30", "tabs.viewDidLayoutSubviews R30", "list.viewWillLayoutSubviews R30",
        "list.viewDidLayoutSubviews R30",
      ])
    #expect(set.filter { $0.hasPrefix("offset ") } == ["offset list.view 0,-91 inset"])
    #expect(scene.adjusted(scene.list) == Self.insets(top: 91, bottom: 34))
    try scene.setAdditional(scene.tabs, .zero)
    #expect(scene.offsetY(scene.list.view) == -47)
  }

  /// A child's own additional insets add to those it inherits: the window's 47/34, the container's bar 44, the inner
  /// child's 10 on top and 20 at the bottom give the table 101/54; the sibling table keeps 91.
  @Test func aNestedChildsInsetsAddOnTop() throws {
    let scene = try Tabman(additional: Self.insets(top: 44))
    let inner = try scene.harness.controller("inner")
    scene.harness.engine.setAdditionalSafeAreaInsets(inner, Self.insets(top: 10, bottom: 20))
    let deep = try scene.harness.controller("deep", kind: .tableViewController)
    try scene.harness.turn { engine throws(EngineError) in
      try engine.embed(inner, in: scene.tabs, container: nil, frame: .xywh(0, 0, 390, 844))
      try engine.embed(deep, in: inner, container: nil, frame: .xywh(0, 0, 390, 844))
    }
    #expect(scene.adjusted(deep) == Self.insets(top: 101, bottom: 54))
    #expect(scene.offsetY(deep.view) == -101)
    #expect(scene.adjusted(scene.list) == Self.insets(top: 91, bottom: 34))
  }

  /// The safe-area layout guide (Apple: for the root view it "accommodates … any additional insets"): a view pinned
  /// to `vc.view.safeAreaLayoutGuide` top and bottom moves from y 47 (763 high) to y 91 (719 high) when the
  /// controller's additional top inset becomes 44, at the end of that turn.
  @Test func theSafeAreaLayoutGuideMovesByTheAdditionalInset() throws {
    let harness = EngineHarness()
    let window = try harness.window("w")
    let vc = try harness.controller("vc")
    try harness.show(vc, in: window)
    let a = try harness.view("a", frame: .xywh(0, 0, 10, 10))
    func pin(
      _ attribute: Engine.LayoutAttribute, to item: String, _ toAttribute: Engine.LayoutAttribute?,
      _ constant: Double = 0
    )
      -> Engine.ConstraintSpec
    {
      Engine.ConstraintSpec(
        id: nil, item: "a", attribute: attribute, relation: .equal, toItem: item, toAttribute: toAttribute,
        multiplier: 1, constant: constant, priority: 1000)
    }
    try harness.turn { engine throws(EngineError) in
      try engine.addSubview(.view(a), to: .root(vc), at: nil)
      _ = try engine.addConstraints([
        pin(.top, to: "vc.view.safeAreaLayoutGuide", .top), pin(.leading, to: "vc.view", nil, 16),
        pin(.trailing, to: "vc.view", nil, -16), pin(.bottom, to: "vc.view.safeAreaLayoutGuide", nil),
      ])
    }
    #expect(a.frame == .xywh(16, 47, 358, 763))
    try harness.turn { engine in engine.setAdditionalSafeAreaInsets(vc, Self.insets(top: 44)) }
    #expect(a.frame == .xywh(16, 91, 358, 719))
  }

  /// Views outside the controller's root view get only the part of the window's safe area that overlaps them: with
  /// the bar's inset on the child `list`, a full-screen scroll view beside its view keeps 47 and rests at −47 while
  /// the table gets 91; a larger inset on `list` (60) moves only the table (−107).
  @Test func aViewOutsideTheControllersViewIsUnaffected() throws {
    let scene = try Tabman(additional: Self.insets(top: 44), onList: true)
    let outside = try scene.harness.view("outside", kind: .UIScrollView, frame: .xywh(0, 0, 390, 844))
    try scene.harness.turn { engine throws(EngineError) in
      try engine.configureScroll(.view(outside)) { $0.contentSize = Size(width: 390, height: 2000) }
      try engine.addSubview(.view(outside), to: .root(scene.tabs), at: nil)
    }
    #expect(scene.harness.engine.adjustedContentInset(of: outside) == Self.insets(top: 47, bottom: 34))
    #expect(scene.offsetY(outside) == -47)
    #expect(scene.adjusted(scene.list) == Self.insets(top: 91, bottom: 34))
    try scene.setAdditional(scene.list, Self.insets(top: 60))
    #expect(scene.offsetY(outside) == -47)
    #expect(scene.offsetY(scene.list.view) == -107)
  }

  /// `additionalSafeAreaInsets` is zero by default and reads back what was set; setting the same value again changes
  /// nothing and emits nothing.
  @Test func theInsetsReadBack() throws {
    let harness = EngineHarness(events: .all)
    let vc = try harness.controller("vc")
    #expect(vc.additionalSafeAreaInsets == .zero)
    try harness.turn { engine in engine.setAdditionalSafeAreaInsets(vc, Self.insets(top: 44)) }
    #expect(vc.additionalSafeAreaInsets == Self.insets(top: 44))
    #expect(try harness.turn { engine in engine.setAdditionalSafeAreaInsets(vc, Self.insets(top: 44)) } == [])
  }
}

import ContainerEngine
import Testing

/// View loading and containment through the engine API alone (R1–R8): addChild, willMove/didMove,
/// embed and unembed, adding only a child's view, R5's move between parents and R8's re-delivered didMove; the orders
/// the wire tier checks in ContainmentTests.
@Suite struct ContainmentEngineTests {
  /// A window `win` showing `parent`; `child` created, not loaded.
  private func visibleParent(_ harness: EngineHarness = EngineHarness()) throws -> (
    EngineHarness, window: ViewNode, parent: ControllerNode, child: ControllerNode
  ) {
    let window = try harness.window()
    let parent = try harness.controller("parent")
    try harness.show(parent, in: window)
    return (harness, window, parent, try harness.controller("child"))
  }

  private func embed(_ harness: EngineHarness, _ child: ControllerNode, in parent: ControllerNode) throws -> [String] {
    try harness.turn { engine throws(EngineError) in try engine.embed(child, in: parent, container: nil, frame: nil) }
  }

  // MARK: - Loading (R1, R2)

  /// R1: nothing loads a view until it is named; naming `<id>.view` (a frame set on it) loads it exactly once.
  @Test func viewLoadsLazilyAndOnce() throws {
    let harness = EngineHarness()
    let a = try harness.controller("a")
    #expect(a.view == nil)
    #expect(
      try harness.turn { engine throws(EngineError) in try engine.setFrame(.root(a), .xywh(0, 0, 10, 10)) } == [
        "a.loadView R1", "a.viewDidLoad R1",
      ])
    #expect(try harness.turn { engine throws(EngineError) in _ = try engine.loadView(a) } == [])
    #expect(a.view?.frame == .xywh(0, 0, 10, 10))
  }

  /// R2: after `view = nil`, the next access loads again (loadView + viewDidLoad a second time).
  @Test func viewDidLoadRunsOncePerLoad() throws {
    let harness = EngineHarness()
    let a = try harness.controller("a")
    try harness.turn { engine throws(EngineError) in
      _ = try engine.loadView(a)
      try engine.unloadView(a)
    }
    #expect(
      try harness.turn { engine throws(EngineError) in _ = try engine.loadView(a) } == [
        "a.loadView R2", "a.viewDidLoad R2",
      ])
  }

  // MARK: - Embedding and removal (R4, R6, R7, R8)

  /// Documentation/Protocol.md, "Example exchange" and R4, R6, R7, R8: embedding into a visible parent in one turn;
  /// isMovingToParent is true inside viewWillAppear (R29) and cleared after viewDidAppear.
  @Test func embedIntoAVisibleParent() throws {
    let (harness, _, parent, child) = try visibleParent()
    let events = try harness.events { engine throws(EngineError) in
      try engine.embed(child, in: parent, container: nil, frame: nil)
    }
    #expect(
      events.compactMap(EngineHarness.describe) == [
        "child.willMove(parent) R4", "child.loadView R1", "child.viewDidLoad R1", "child.viewWillAppear R6",
        "child.didMove(parent) R4", "child.viewIsAppearing R69", "child.viewDidAppear R7", "child.didMove(parent) R8",
      ])
    #expect(EngineHarness.flags(events[3])?.isMovingToParent == true)
    #expect(!child.isMovingToParent)
  }

  /// R4, R6, R7, R8 on removal: willMove(nil), removeFromSuperview, removeFromParent; the did halves after the turn,
  /// with R8's second didMove(nil); isMovingFromParent is true inside viewWillDisappear.
  @Test func unembedFromAVisibleParent() throws {
    let (harness, _, parent, child) = try visibleParent()
    _ = try embed(harness, child, in: parent)
    let events = try harness.events { engine throws(EngineError) in try engine.unembed(child) }
    #expect(
      events.compactMap(EngineHarness.describe) == [
        "child.willMove(nil) R4", "child.viewWillDisappear R6", "child.didMove(nil) R4", "child.viewDidDisappear R7",
        "child.didMove(nil) R8",
      ])
    #expect(EngineHarness.flags(events[1])?.isMovingFromParent == true)
    #expect(parent.children.isEmpty)
  }

  /// R8: a child added before its parent appears gets didMove once; it appears through the parent (R10).
  @Test func aChildEmbeddedBeforeItsParentAppearsGetsOneDidMove() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let parent = try harness.controller("parent")
    let child = try harness.controller("child")
    #expect(
      try embed(harness, child, in: parent) == [
        "child.willMove(parent) R4", "parent.loadView R1", "parent.viewDidLoad R1", "child.loadView R1",
        "child.viewDidLoad R1", "child.didMove(parent) R4",
      ])
    #expect(
      try harness.show(parent, in: window) == [
        "parent.viewWillAppear R6", "child.viewWillAppear R10", "parent.viewIsAppearing R69",
        "child.viewIsAppearing R69", "parent.viewDidAppear R7", "child.viewDidAppear R10",
      ])
  }

  /// Open point `didMoveRedelivery: never`: R8's second didMove is not sent.
  @Test func withoutRedeliveryDidMoveComesOnce() throws {
    let harness = EngineHarness(viewIsAppearing: false)
    harness.engine.options.didMoveRedelivery = .never
    let (_, _, parent, child) = try visibleParent(harness)
    #expect(
      try embed(harness, child, in: parent) == [
        "child.willMove(parent) R4", "child.loadView R1", "child.viewDidLoad R1", "child.viewWillAppear R6",
        "child.didMove(parent) R4", "child.viewDidAppear R7",
      ])
  }

  /// R4 and R6: addChild alone gives willMove and no appearance callbacks.
  @Test func addChildWithoutTheViewGivesNoAppearance() throws {
    let (harness, _, parent, child) = try visibleParent()
    #expect(
      try harness.turn { engine throws(EngineError) in try engine.addChild(child, to: parent) } == [
        "child.willMove(parent) R4"
      ])
    #expect(child.parent === parent)
    #expect(child.view == nil)
  }

  /// R5: addChild of a controller with another parent removes it first: didMove(nil), then willMove(new).
  @Test func addChildToASecondParentRemovesItFirst() throws {
    let (harness, _, parent, child) = try visibleParent()
    let other = try harness.controller("other")
    try harness.turn { engine throws(EngineError) in try engine.addChild(child, to: parent) }
    #expect(
      try harness.turn { engine throws(EngineError) in try engine.addChild(child, to: other) } == [
        "child.didMove(nil) R5", "child.willMove(other) R4",
      ])
    #expect(parent.children.isEmpty)
    #expect(other.children.map(\.id) == ["child"])
  }

  /// R6 (the seed mistake): only the child's view is added, without addChild. Its own view drives it, and it has no
  /// parent (so no navigationController).
  @Test func addingOnlyTheChildsViewStillDrivesItsAppearance() throws {
    let (harness, _, parent, child) = try visibleParent()
    #expect(
      try harness.turn { engine throws(EngineError) in try engine.addSubview(.root(child), to: .root(parent), at: nil) }
        == [
          "child.loadView R1", "child.viewDidLoad R1", "child.viewWillAppear R6", "child.viewIsAppearing R69",
          "child.viewDidAppear R7",
        ])
    #expect(child.parent == nil)
    #expect(child.navigationController == nil)
    #expect(parent.children.isEmpty)
  }

  /// R6, R7: removing a parentless controller's view from its window: will now, did at the end of the turn.
  @Test func removingAViewFromItsWindowDisappearsItsController() throws {
    let (harness, _, parent, child) = try visibleParent()
    try harness.turn { engine throws(EngineError) in try engine.addSubview(.root(child), to: .root(parent), at: nil) }
    #expect(
      try harness.turn { engine throws(EngineError) in try engine.removeFromSuperview(.root(child)) } == [
        "child.viewWillDisappear R6", "child.viewDidDisappear R7",
      ])
  }

  // MARK: - Refusals

  /// A-hier: a child's view may not go into another controller's view hierarchy.
  @Test func aChildsViewInAnotherControllersHierarchyIsAnException() throws {
    let (harness, _, parent, child) = try visibleParent()
    let other = try harness.controller("other")
    try harness.turn { engine throws(EngineError) in try engine.addChild(child, to: parent) }
    #expect(
      harness.refusal { engine throws(EngineError) in try engine.addSubview(.root(child), to: .root(other), at: nil) }
        == "UIViewControllerHierarchyInconsistency: child view controller:<UIViewController: child> should have "
        + "parent view controller:<UIViewController: parent> but requested parent is:<UIViewController: other>")
  }

  /// [INF]: a controller cannot be its own child, nor the child of its own descendant.
  @Test func cyclesAreExceptions() throws {
    let (harness, _, parent, child) = try visibleParent()
    #expect(
      harness.refusal { engine throws(EngineError) in try engine.addChild(child, to: child) }
        == "NSInvalidArgumentException: A view controller cannot be its own child: <UIViewController: child>")
    try harness.turn { engine throws(EngineError) in try engine.addChild(child, to: parent) }
    #expect(
      harness.refusal { engine throws(EngineError) in try engine.addChild(parent, to: child) }
        == "NSInvalidArgumentException: <UIViewController: parent> is an ancestor of <UIViewController: child> and "
        + "cannot become its child")
  }

  /// L-snap: a window's root view controller cannot become a child, whichever call would add it; once replaced as
  /// the root it can.
  @Test(arguments: ["addChild", "embed", "push", "setViewControllers", "setTabs", "setPages"])
  func aWindowsRootCannotBecomeAChild(_ call: String) throws {
    let (harness, window, parent, _) = try visibleParent()
    let other = try harness.controller("other")
    let home = try harness.controller("home")
    let (nav, _) = try harness.navigation("nav", root: home)
    let tabs = try harness.tabBar("tabs", tabs: [])
    let pc = try harness.pagingContainer("pc", headerHeight: 100, pages: [])
    let (name, refused): (String, String?) =
      switch call {
      case "addChild":
        ("<UIViewController: other>", harness.refusal { e throws(EngineError) in try e.addChild(parent, to: other) })
      case "embed":
        (
          "<UIViewController: other>",
          harness.refusal { e throws(EngineError) in try e.embed(parent, in: other, container: nil, frame: nil) }
        )
      case "push":
        (
          "<UINavigationController: nav>",
          harness.refusal { e throws(EngineError) in try e.push(parent, on: nav, animated: true) }
        )
      case "setViewControllers":
        (
          "<UINavigationController: nav>",
          harness.refusal { e throws(EngineError) in try e.setViewControllers([home, parent], of: nav, animated: true) }
        )
      case "setTabs":
        ("<UITabBarController: tabs>", harness.refusal { e throws(EngineError) in try e.setTabs([parent], of: tabs) })
      default:
        (
          "<PagingContainerViewController: pc>",
          harness.refusal { e throws(EngineError) in try e.setPages(pc, [parent]) }
        )
      }
    #expect(
      refused
        == "UIViewControllerHierarchyInconsistency: adding a root view controller <UIViewController: parent> as a "
        + "child of view controller:\(name)")
    try harness.show(other, in: window)
    #expect(harness.refusal { engine throws(EngineError) in try engine.addChild(parent, to: home) } == nil)
  }

  /// Documentation/Protocol.md, "Errors": a refused call in the middle of a turn emits nothing and changes nothing; the
  /// turn's other calls run, and their events are the turn's.
  @Test func aRefusedCallInATurnLeavesTheRestOfTheTurn() throws {
    let (harness, _, parent, child) = try visibleParent()
    var refusal: EngineError?
    let trace = try harness.turn { engine throws(EngineError) in
      try engine.addChild(child, to: parent)
      try engine.addSubview(.root(child), to: .root(parent), at: nil)
      let before = engine.events.count
      do throws(EngineError) {
        try engine.addSubview(.root(parent), to: .root(child), at: nil)  // a cycle: refused
      } catch {
        refusal = error
      }
      #expect(engine.events.count == before)
      engine.didMove(child, toParent: parent)
    }
    #expect(
      refusal.map(EngineHarness.describe)
        == "NSInvalidArgumentException: Can't add a view as a subview of its own descendant")
    #expect(
      trace == [
        "child.willMove(parent) R4", "child.loadView R1", "child.viewDidLoad R1", "child.viewWillAppear R6",
        "child.didMove(parent) R4", "child.viewIsAppearing R69", "child.viewDidAppear R7", "child.didMove(parent) R8",
      ])
  }

  /// A controller still in a hierarchy cannot be destroyed; a destroyed one is gone, and its id free again.
  @Test func destroying() throws {
    let (harness, _, parent, _) = try visibleParent()
    #expect(harness.refusal { engine throws(EngineError) in try engine.destroy(parent) } == "parent viewInHierarchy")
    let gone = try harness.controller("gone")
    try harness.turn { engine throws(EngineError) in
      _ = try engine.loadView(gone)
      try engine.destroy(gone)
    }
    #expect(harness.refusal { engine throws(EngineError) in _ = try engine.controller("gone") } == "unknown gone")
    #expect(
      harness.refusal { engine throws(EngineError) in _ = try engine.viewRef("gone.view") } == "unknown gone.view")
    #expect(try harness.controller("gone").view == nil)
  }
}

import ContainerEngine
import Testing

/// `Engine.makeController`: a controller built from a `ControllerSpec`, with UIKit's construction order (R20, R25),
/// the options each kind takes (`ControllerOption`), its checks in their order, and the tree depth limit; everything
/// refused before anything is created.
@Suite struct ControllerConstructionTests {
  /// A harness with plain controllers `a`, `b`, `c` and a window `win`.
  private func world() throws -> EngineHarness {
    let harness = EngineHarness()
    _ = try harness.window()
    for id in ["a", "b", "c"] { _ = try harness.controller(id) }
    return harness
  }

  private func spec(_ kind: ControllerKind, id: String = "new", _ change: (inout ControllerSpec) -> Void = { _ in })
    -> ControllerSpec
  {
    var spec = ControllerSpec(kind: kind, id: id)
    change(&spec)
    return spec
  }

  /// Runs `makeController` in a turn and returns the error it refused with (nil: it was made); a refusal leaves
  /// the object count as it was.
  private func refusal(_ harness: EngineHarness, _ spec: ControllerSpec) -> EngineError? {
    let before = harness.engine.objectCount
    do {
      try harness.turn { engine throws(EngineError) in _ = try engine.makeController(spec) }
      return nil
    } catch {
      #expect(harness.engine.objectCount == before)
      return error
    }
  }

  // MARK: - UIKit's order

  /// R20: `init(rootViewController:)` pushes the root: willMove(nav) at once, inside the creating turn, and
  /// didMove(nav) only after the root first appears (its viewDidAppear).
  @Test func aNavigationControllersRootGetsWillMoveAtOnceAndDidMoveAfterAppearing() throws {
    let harness = try world()
    let created = try harness.turn { engine throws(EngineError) in
      _ = try engine.makeController(spec(.navigationController, id: "nav") { $0.root = "a" })
    }
    #expect(created == ["a.willMove(nav) R20"])
    let nav = try harness.engine.controller("nav")
    let a = try harness.engine.controller("a")
    #expect(a.parent === nav)
    let window = try harness.engine.existingView("win")
    let shown = try harness.turn { engine throws(EngineError) in try engine.setRoot(of: window, to: nav) }
    let didAppear = try #require(shown.firstIndex { $0.hasPrefix("a.viewDidAppear") })
    let didMove = try #require(shown.firstIndex(of: "a.didMove(nav) R20"))
    #expect(didAppear < didMove)
    #expect(!shown.contains("a.willMove(nav) R20"))
  }

  /// R25, R3: a tab bar controller made with tabs and `selectedIndex` shows that tab; only its view loads when the
  /// tab bar controller appears.
  @Test func aTabBarControllerStartsOnItsSelectedIndex() throws {
    let harness = try world()
    try harness.turn { engine throws(EngineError) in
      _ = try engine.makeController(
        spec(.tabBarController, id: "tabs") {
          $0.tabs = ["a", "b", "c"]
          $0.selectedIndex = 1
        })
    }
    let tabs = try harness.engine.controller("tabs")
    let b = try harness.engine.controller("b")
    #expect(tabs.children.map(\.id) == ["a", "b", "c"])
    let window = try harness.engine.existingView("win")
    let shown = try harness.turn { engine throws(EngineError) in try engine.setRoot(of: window, to: tabs) }
    #expect(harness.engine.selectedTab(of: tabs) === b)
    #expect(shown.contains { $0.hasPrefix("b.viewDidAppear") })
    #expect(!shown.contains { $0.hasPrefix("a.") || $0.hasPrefix("c.") })
    #expect(b.view != nil)
    #expect(try harness.engine.controller("a").view == nil)
  }

  /// S3: a paging container lists its pages without taking them as children until it shows them.
  @Test func aPagingContainerListsItsPages() throws {
    let harness = try world()
    let events = try harness.turn { engine throws(EngineError) in
      _ = try engine.makeController(
        spec(.pagingContainer, id: "p") {
          $0.pagingHeader = ControllerSpec.PagingHeader(height: 200)
          $0.pages = ["a", "b"]
        })
    }
    #expect(events.isEmpty)
    let paging = try #require(try harness.engine.controller("p").paging)
    #expect(paging.pages.map(\.id) == ["a", "b"])
    #expect(paging.fullHeight == 200 + ControllerSpec.PagingHeader.defaultTitleBarHeight)
    #expect(paging.headerFrame == Rect(x: 0, y: 0, width: 0, height: 244))
    #expect(try harness.engine.controller("a").parent == nil)
  }

  /// S2.8, seed 002: a UITableViewController given a UITableView manages it, its root view kind is
  /// its own.
  @Test func aTableViewControllerManagesTheTableItIsGiven() throws {
    let harness = try world()
    let table = try harness.engine.createView(
      id: "tv", kind: .UITableView, frame: nil, autoresizingMask: [], text: nil)
    try harness.turn { engine throws(EngineError) in
      _ = try engine.makeController(
        spec(.tableViewController, id: "t") {
          $0.tableView = "tv"
          $0.viewKind = .UIView
          $0.clearsSelectionOnViewWillAppear = false
        })
    }
    let controller = try harness.engine.controller("t")
    #expect(harness.engine.managedTable(of: controller) === table)
    #expect(!controller.clearsSelectionOnViewWillAppear)
  }

  // MARK: - Options a kind does not take

  /// Each kind-specific option given to another kind is refused at its parameter, as `controller/create` always did.
  @Test func optionsForAnotherKindAreRefused() throws {
    let harness = try world()
    let table = ControllerOption.tableView.kind.rawValue
    #expect(
      refusal(harness, spec(.viewController) { $0.tabs = ["a"] })
        == .unsupported(
          argument: .tabs, expected: "no controllers for UIViewController",
          message: "controllers applies to UITabBarController only"))
    #expect(
      refusal(harness, spec(.tabBarController) { $0.root = "a" })
        == .unsupported(
          argument: .root, expected: "no root for UITabBarController",
          message: "root applies to UINavigationController only"))
    #expect(
      refusal(harness, spec(.navigationController) { $0.shortListInset = false })
        == .unsupported(
          argument: .shortListInset, expected: "no shortListInset for UINavigationController",
          message: "shortListInset applies to PagingContainerViewController only"))
    _ = try harness.engine.createView(id: "tv", kind: .UITableView, frame: nil, autoresizingMask: [], text: nil)
    #expect(
      refusal(harness, spec(.viewController) { $0.tableView = "tv" })
        == .unsupported(
          argument: .tableView, expected: "a UITableView for a \(table)",
          message: "tableView applies to \(table) only"))
    #expect(
      refusal(harness, spec(.pagingContainer) { $0.pages = ["a"] })
        == .unsupported(
          argument: .pagingHeader, expected: "{height, titleBarHeight?, hangingHeight?}",
          message: "a PagingContainerViewController needs a header"))
    #expect(
      refusal(harness, spec(.tableViewController) { $0.viewKind = .UIScrollView })
        == .unsupported(
          argument: .tableView, expected: "a UITableView id when view.kind is not UITableView",
          message: "UITableViewController loaded the view but didn't get a UITableView"))
  }

  /// The option table: each option belongs to one kind.
  @Test func eachOptionAppliesToOneKind() {
    for option in ControllerOption.allCases {
      #expect(ControllerKind.allCases.filter { option.applies(to: $0) } == [option.kind])
    }
    #expect(ControllerOption.rootViewController.kind == .navigationController)
    #expect(ControllerOption.selectedIndex.kind == .tabBarController)
  }

  // MARK: - The order of the checks

  /// The checks run in one order, so a spec with several problems is refused for the first: the tabs of a kind that
  /// takes none before an unknown page, the root of a kind that takes none before an unknown table, a page listed
  /// twice before a window's root among the pages (L-snap).
  @Test func theFirstProblemIsTheOneRefused() throws {
    let harness = try world()
    #expect(
      refusal(
        harness,
        spec(.viewController) {
          $0.tabs = ["a"]
          $0.pages = ["nobody"]
        })
        == .unsupported(
          argument: .tabs, expected: "no controllers for UIViewController",
          message: "controllers applies to UITabBarController only"))
    #expect(
      refusal(
        harness,
        spec(.viewController) {
          $0.root = "a"
          $0.tableView = "nobody"
        })
        == .unsupported(
          argument: .root, expected: "no root for UIViewController",
          message: "root applies to UINavigationController only"))
    #expect(refusal(harness, spec(.navigationController) { $0.root = "nobody" }) == .unknownObject("nobody"))
    #expect(
      refusal(harness, spec(.tabBarController) { $0.tabs = ["a", "win"] })
        == .unsupported(argument: .tab(1), expected: "a UIViewController", message: "win is a window, not a controller")
    )
    let window = try harness.engine.existingView("win")
    let c = try harness.engine.controller("c")
    try harness.turn { engine throws(EngineError) in try engine.setRoot(of: window, to: c) }
    #expect(
      refusal(
        harness,
        spec(.pagingContainer) {
          $0.pagingHeader = ControllerSpec.PagingHeader(height: 100)
          $0.pages = ["c", "a", "a"]
        })
        == .uikitException(
          exception: "UIViewControllerHierarchyInconsistency",
          reason: "adding a root view controller <UIViewController: c> as a child of view controller:"
            + "<PagingContainerViewController: new>"))
    #expect(
      refusal(
        harness,
        spec(.pagingContainer) {
          $0.pagingHeader = ControllerSpec.PagingHeader(height: 100)
          $0.pages = ["a", "a", "c"]
        })
        == .unsupported(argument: .pages, expected: "distinct controllers", message: "a is listed twice"))
  }

  /// R22: a navigation controller's root has no parent and is no navigation controller itself.
  @Test func aRootMustBeFreeAndNotANavigationController() throws {
    let harness = try world()
    _ = try harness.controller("inner", kind: .navigationController)
    #expect(
      refusal(harness, spec(.navigationController) { $0.root = "inner" })
        == .unsupported(
          argument: .root, expected: "a controller without a parent that is not a navigation controller",
          message: "inner cannot be a root view controller here"))
  }

  // MARK: - Tree depth

  /// Engine+TreeDepth.swift: a page's view goes 2 below its container's view (under the pager), a tab's 1, so a
  /// controller whose view holds a chain of subviews can be a tab where it cannot be a page.
  @Test func aPageSitsOneLevelDeeperThanATab() throws {
    let harness = try world()
    harness.engine.maxTreeDepth = 4
    let a = try harness.engine.controller("a")
    var superview = Engine.ViewRef.root(a)
    for index in 1...3 {
      let view = try harness.engine.createView(
        id: "v\(index)", kind: .UIView, frame: nil, autoresizingMask: [], text: nil)
      try harness.turn { engine throws(EngineError) in try engine.addSubview(.view(view), to: superview, at: nil) }
      superview = .view(view)
    }
    #expect(
      refusal(
        harness,
        spec(.pagingContainer) {
          $0.pagingHeader = ControllerSpec.PagingHeader(height: 100)
          $0.pages = ["a"]
        }) == .treeDepthLimit(4))
    #expect(refusal(harness, spec(.tabBarController) { $0.tabs = ["a"] }) == nil)
  }

  /// A controller tree as deep as the limit cannot go one parent deeper as a navigation controller's root.
  @Test func aRootTooDeepIsRefused() throws {
    let harness = try world()
    harness.engine.maxTreeDepth = 2
    let a = try harness.engine.controller("a")
    let b = try harness.engine.controller("b")
    let c = try harness.engine.controller("c")
    try harness.turn { engine throws(EngineError) in
      try engine.addChild(b, to: a)
      try engine.addChild(c, to: b)
    }
    #expect(refusal(harness, spec(.navigationController) { $0.root = "a" }) == .treeDepthLimit(2))
  }

  // MARK: - Placement and costs (scene/load's plan)

  /// The placements a planned tree uses are the ones the checks use: a page 2 below its container's view, a stack's
  /// top 1, an embedded child 1 below its container view; an auto container's child and a paging container's title
  /// bar count with the controller that makes them.
  @Test func placementsFollowTheDepthRules() {
    let root = Engine.TreePlacement.windowRoot
    #expect(root.shownChild(of: .pagingContainer) == Engine.TreePlacement(controllerDepth: 1, viewDepth: 3))
    #expect(root.shownChild(of: .navigationController) == Engine.TreePlacement(controllerDepth: 1, viewDepth: 2))
    #expect(root.embeddedChild(inViewAtDepth: 4) == Engine.TreePlacement(controllerDepth: 1, viewDepth: 5))
    #expect(root.embeddedChild(inViewAtDepth: nil) == Engine.TreePlacement(controllerDepth: 1, viewDepth: 2))
    #expect(root.deepestLevel(loading: .pagingContainer) == 3)
    #expect(root.deepestLevel(loading: .autoContainer) == 2)
    #expect(Engine.TreePlacement.unattached.deepestLevel(loading: .viewController) == 0)
    #expect(ControllerKind.pagingContainer.objectsMadeByLoadingAtMost == 4)
    #expect(ControllerKind.autoContainer.objectsMadeByLoadingAtMost == 3)
    #expect(ControllerKind.tableViewController.objectsMadeByLoadingAtMost == 1)
  }

  /// A paging container's loaded view makes the objects its plan counts: root view, header, title bar, pager.
  @Test func aPagingContainersLoadMakesTheObjectsCounted() throws {
    let harness = try world()
    let container = try harness.engine.makeController(
      spec(.pagingContainer, id: "p") { $0.pagingHeader = ControllerSpec.PagingHeader(height: 100) })
    let before = harness.engine.objectCount
    try harness.turn { engine throws(EngineError) in _ = try engine.loadView(container) }
    #expect(harness.engine.objectCount - before == ControllerKind.pagingContainer.objectsMadeByLoadingAtMost)
    #expect(Engine.derivedViewOwners(of: "p.header").map(\.container) == ["p"])
    #expect(Engine.derivedViewOwners(of: "p.header").map(\.view) == ["header"])
    #expect(Engine.derivedViewOwners(of: "p").isEmpty)
  }
}

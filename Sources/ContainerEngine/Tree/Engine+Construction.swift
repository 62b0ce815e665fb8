/// Making a controller with its options and, for a container, the controllers it starts with (`controller/create`).
///
/// Every check runs before anything is created, in one fixed order (a refusal names the first problem,
/// Documentation/Protocol.md, "Errors"): the tabs (R25), the pages (S3), which options the kind takes
/// (``ControllerOption``), the table (S2.8), the root (R20, R22), L-snap for every child, a page listed by another
/// container, the tree depth limit (Engine+TreeDepth.swift), then the id and the object limit. Then UIKit's order: the
/// controller, its table and options, its paging configuration, `init(rootViewController:)`'s push of the root, its
/// tabs and selection.
extension Engine {
  /// `controller/create`: a controller built from `spec`; its view is not loaded (R1).
  public func makeController(_ spec: ControllerSpec) throws(EngineError) -> ControllerNode {
    let kind = spec.kind
    let root = try spec.root.map { (id) throws(EngineError) in try specController(id, argument: .root) }
    let tabs = try spec.tabs.map { (ids) throws(EngineError) in try specControllers(ids, argument: EngineArgument.tab) }
    if tabs != nil && !ControllerOption.tabs.applies(to: kind) {
      throw .unsupported(
        argument: .tabs, expected: "no controllers for \(kind.rawValue)",
        message: "controllers applies to \(ControllerOption.tabs.kind.rawValue) only")
    }
    if let tabs, let index = spec.selectedIndex, index >= tabs.count {
      throw .unsupported(
        argument: .selectedIndex, expected: "an index below \(tabs.count)", message: "selectedIndex out of range")
    }
    let pages = try spec.pages.map { (ids) throws(EngineError) in
      try specControllers(ids, argument: EngineArgument.page)
    }
    // The name UIKit would print for the new controller in an exception (`debugName`), before it exists; made only
    // when a check uses it.
    lazy var name = "<\(spec.className ?? kind.rawValue): \(spec.id ?? "new")>"
    if ControllerOption.pagingHeader.applies(to: kind) {
      guard spec.pagingHeader != nil else {
        throw .unsupported(
          argument: .pagingHeader, expected: "{height, titleBarHeight?, hangingHeight?}",
          message: "a \(kind.rawValue) needs a header")
      }
      try checkNewPages(pages ?? [], joining: name)
    } else if spec.pagingHeader != nil || pages != nil || spec.headerFormula != nil || spec.pageSwitchOffset != nil
      || spec.shortListInset != nil
    {
      // `controller/create`'s names for them, which its refusals say.
      let given: [(EngineArgument, String, ControllerOption, Bool)] = [
        (.pagingHeader, "header", .pagingHeader, spec.pagingHeader != nil), (.pages, "pages", .pages, pages != nil),
        (.headerFormula, "headerFormula", .headerFormula, spec.headerFormula != nil),
        (.pageSwitchOffset, "pageSwitchOffset", .pageSwitchOffset, spec.pageSwitchOffset != nil),
        (.shortListInset, "shortListInset", .shortListInset, spec.shortListInset != nil),
      ]
      for (argument, name, option, isGiven) in given where isGiven {
        throw .unsupported(
          argument: argument, expected: "no \(name) for \(kind.rawValue)",
          message: "\(name) applies to \(option.kind.rawValue) only")
      }
    }
    if root != nil && !ControllerOption.rootViewController.applies(to: kind) {
      throw .unsupported(
        argument: .root, expected: "no root for \(kind.rawValue)",
        message: "root applies to \(ControllerOption.rootViewController.kind.rawValue) only")
    }
    try checkBarSettings(spec.bars, for: kind)
    let pageView = try checkPageViewSpec(spec, named: name)
    let split = try checkSplitSpec(spec, named: name)
    let table = try spec.tableView.map { (id) throws(EngineError) in try specTable(id, of: spec) }
    try checkTableViewKind(spec, managing: table)
    if let root {
      try checkNewRoot(root)
      // init(rootViewController:) pushes the root, so a window's root raises here as in addChild (L-snap).
      try checkNotWindowRoot(root, joining: name)
    }
    if let tabs {
      try checkTabs(tabs, for: name)
      // R72: a tab whose view is still inside its parent's view cannot join the new tab bar controller.
      for tab in tabs { try checkViewLeftOldParent(tab, joiningNamed: name) }
    }
    // A controller is the page of one container at most (Engine+Paging.swift), checked before anything is created.
    if let pages { try checkPagesNotListedElsewhere(pages, joiningNewContainer: name) }
    // Where the new container will put them: a stack's or tab's view right under its view, a page under its pager.
    try checkTreeDepth(joiningNewContainer: root.map { [$0] } ?? [], levels: kind.shownChildViewLevels)
    try checkTreeDepth(joiningNewContainer: tabs ?? [], levels: kind.shownChildViewLevels)
    try checkTreeDepth(joiningNewContainer: pages ?? [], levels: kind.shownChildViewLevels)

    let controller = try createController(
      id: spec.id, kind: kind, className: spec.className, title: spec.title,
      restorationIdentifier: spec.restorationIdentifier, forwardsAppearance: spec.forwardsAppearance,
      viewKind: spec.viewKind)
    if let table { try setManagedTable(controller, table) }
    if let clears = spec.clearsSelectionOnViewWillAppear { setClearsSelectionOnViewWillAppear(controller, clears) }
    if let scrollView = spec.scrollView { setChildScrollView(controller, scrollView) }
    if let insets = spec.additionalSafeAreaInsets { setAdditionalSafeAreaInsets(controller, insets) }
    try configureBars(controller, spec.bars)
    if let defines = spec.definesPresentationContext { setDefinesPresentationContext(controller, defines) }
    if let provides = spec.providesPresentationContextTransitionStyle {
      setProvidesPresentationContextTransitionStyle(controller, provides)
    }
    if let style = spec.modalPresentationStyle { setModalPresentationStyle(controller, style) }
    if let style = spec.modalTransitionStyle { setModalTransitionStyle(controller, style) }
    if let modal = spec.isModalInPresentation { setModalInPresentation(controller, modal) }
    if ControllerOption.pagingHeader.applies(to: kind), let header = spec.pagingHeader {
      try configurePaging(
        controller, headerHeight: header.height, titleBarHeight: header.titleBarHeight,
        hangingHeight: header.hangingHeight, formula: spec.headerFormula ?? ControllerSpec.defaultHeaderFormula,
        switchOffset: spec.pageSwitchOffset ?? ControllerSpec.defaultPageSwitchOffset,
        shortListInset: spec.shortListInset ?? ControllerSpec.defaultShortListInset, pages: pages ?? [])
    }
    if let pageView { try configurePageView(controller, pageView) }
    if let split { try configureSplit(controller, split) }
    if kind == .navigationController, let delegate = spec.navigationDelegate {
      navigationState(controller).hasDelegate = delegate
    }
    if let root {
      // init(rootViewController:) pushes the root: willMove(nav) now, didMove(nav) after it first appears (R20).
      try push(root, on: controller, animated: false)
    }
    if let tabs {
      try setTabs(tabs, of: controller)
      if let index = spec.selectedIndex { try selectTab(tabs[index], in: controller) }
    }
    return controller
  }

  /// A container's contents in one call, as a storyboard sets them: a UITabBarController's tabs and selected tab
  /// (R25), a UINavigationController's stack (`setViewControllers`, not animated: R21).
  public func setContents(_ controllers: [ControllerNode], of container: ControllerNode, selectedIndex: Int?)
    throws(EngineError)
  {
    if container.isTabBarController {
      try setTabs(controllers, of: container)
      if let selectedIndex { try selectTab(controllers[selectedIndex], in: container) }
    } else {
      try setViewControllers(controllers, of: container, animated: false)
    }
  }

  // MARK: - The checks

  /// A page list for a container not created yet: distinct controllers without a parent, none a window's root
  /// (L-snap), checked page by page in that order.
  private func checkNewPages(_ pages: [ControllerNode], joining name: String) throws(EngineError) {
    var seen = Set<ObjectIdentifier>()
    for page in pages {
      guard seen.insert(ObjectIdentifier(page)).inserted else {
        throw .unsupported(argument: .pages, expected: "distinct controllers", message: "\(page.id) is listed twice")
      }
      guard page.parent == nil else {
        throw .unsupported(
          argument: .pages, expected: "controllers without a parent", message: "\(page.id) already has a parent")
      }
      try checkNotWindowRoot(page, joining: name)
    }
  }

  /// `init(rootViewController:)` takes a controller without a parent that is not itself a navigation controller
  /// (R22: pushing a navigation controller is not supported).
  private func checkNewRoot(_ root: ControllerNode) throws(EngineError) {
    guard root.parent != nil || root.isNavigationController else { return }
    throw .unsupported(
      argument: .root, expected: "a controller without a parent that is not a navigation controller",
      message: "\(root.id) cannot be a root view controller here")
  }

  /// The table a UITableViewController manages instead of its root view (seed 002's `override var tableView`,
  /// S2.8): an existing UITableView, and only for that kind.
  private func specTable(_ id: String, of spec: ControllerSpec) throws(EngineError) -> ViewNode {
    let ref = try lookUp(argument: .tableView, expected: "a UITableView") { () throws(EngineError) in
      try viewRef(id)
    }
    let takesTable = ControllerOption.tableView.applies(to: spec.kind)
    guard takesTable, let table = ref.existing, table.kind == .UITableView else {
      throw .unsupported(
        argument: .tableView, expected: "a UITableView for a \(ControllerOption.tableView.kind.rawValue)",
        message: takesTable
          ? "not a UITableView" : "tableView applies to \(ControllerOption.tableView.kind.rawValue) only")
    }
    return table
  }

  /// A UITableViewController's loadView makes a UITableView; given another kind of root view it needs the table it
  /// manages (`tableView`), or UIKit raises "loaded the view but didn't get a UITableView" (S2.8).
  private func checkTableViewKind(_ spec: ControllerSpec, managing table: ViewNode?) throws(EngineError) {
    guard ControllerOption.tableView.applies(to: spec.kind), table == nil, let viewKind = spec.viewKind,
      viewKind != .UITableView
    else { return }
    throw .unsupported(
      argument: .tableView, expected: "a UITableView id when view.kind is not UITableView",
      message: "\(spec.kind.rawValue) loaded the view but didn't get a UITableView")
  }

  // MARK: - Ids

  /// The controller `id` a spec gives as `argument`.
  private func specController(_ id: String, argument: EngineArgument) throws(EngineError) -> ControllerNode {
    try lookUp(argument: argument, expected: "a UIViewController") { () throws(EngineError) in try controller(id) }
  }

  /// The controllers a spec lists, in order; `argument(index)` names the one at `index`.
  private func specControllers(_ ids: [String], argument: (Int) -> EngineArgument) throws(EngineError)
    -> [ControllerNode]
  {
    var found: [ControllerNode] = []
    found.reserveCapacity(ids.count)
    for (index, id) in ids.enumerated() { found.append(try specController(id, argument: argument(index))) }
    return found
  }

  /// Runs a lookup of an id the spec gives as `argument`: an id naming an object of another kind than `expected` is
  /// refused as that argument (`wrongKind`), an id naming nothing stays `unknownObject`.
  private func lookUp<T>(argument: EngineArgument, expected: String, _ body: () throws(EngineError) -> T)
    throws(EngineError) -> T
  {
    do {
      return try body()
    } catch {
      throw wrongKind(error, argument: argument, expected: expected)
    }
  }
}

/// `UISplitViewController`, iOS 14 column style (R39–R45): its columns, the navigation controllers it wraps them in,
/// `viewController(for:)`, `setViewController(_:for:)` with R44's push quirk, and which columns are on screen.
///
/// The split view controller's children are its columns' wrappers (or the controllers set as-is), kept in column
/// order — primary, supplementary, secondary, compact — so its appearance forwarding reaches them in R40's order. A
/// column's view is inside the split view controller's view only while the column is on screen: forwarding (R10)
/// then sends appearance callbacks to exactly the columns on screen (R40).
extension Engine {
  public typealias Column = SplitViewState.Column

  /// What `checkSplitSpec` found valid.
  struct SplitPlan {
    let options: SplitOptions
    let columns: [(Column, ControllerNode)]
  }

  /// A `controller/create` spec's split options, checked before anything is created: only a UISplitViewController
  /// takes them; the columns exist in the style, each controller may join its column (R39). Nil for another kind.
  func checkSplitSpec(_ spec: ControllerSpec, named name: @autoclosure () -> String) throws(EngineError) -> SplitPlan? {
    guard spec.kind == .splitViewController else {
      guard spec.split == nil else {
        throw .unsupported(
          argument: .kind, expected: "UISplitViewController for split options",
          message: "style, columns, preferredDisplayMode, preferredSplitBehavior, presentsWithGesture and "
            + "delegate apply to UISplitViewController only")
      }
      return nil
    }
    let options = spec.split ?? SplitOptions()
    var columns: [(Column, ControllerNode)] = []
    for column in Column.allCases {
      guard let id = options.columns[column] else { continue }
      let controller = try self.controller(id)
      try checkColumn(column, controller, style: options.style, split: nil, named: name())
      if columns.contains(where: { $0.1 === controller }) {
        throw .unsupported(
          argument: .option("columns.\(column.rawValue)"), expected: "a controller no other column has",
          message: "\(id) is given for two columns")
      }
      columns.append((column, controller))
    }
    try checkCapacity(adding: columns.filter { needsWrapper($0.0, $0.1) }.count)
    return SplitPlan(options: options, columns: columns)
  }

  /// The new split view controller's state, then its columns as `setViewController(_:for:)` sets them.
  func configureSplit(_ split: ControllerNode, _ plan: SplitPlan) throws(EngineError) {
    let options = plan.options
    split.split = SplitViewState(
      style: options.style, preferredDisplayMode: options.preferredDisplayMode,
      preferredSplitBehavior: options.preferredSplitBehavior, presentsWithGesture: options.presentsWithGesture,
      delegate: options.delegate)
    for (column, controller) in plan.columns { try setViewController(controller, for: column, of: split) }
  }

  /// The split view controller's state, or a refusal naming `split` (another kind of controller).
  func splitState(_ split: ControllerNode) throws(EngineError) -> SplitViewState {
    guard let state = split.split else {
      throw .unsupported(
        argument: .option("split"), expected: "a UISplitViewController",
        message: Engine.describeKind(split.id, split.kind.rawValue, expected: "a UISplitViewController"))
    }
    return state
  }

  // MARK: - Columns (R39, R44)

  /// `viewController(for:)`: the controller set for `column`, not its wrapper (R39).
  public func viewController(for column: Column, of split: ControllerNode) throws(EngineError) -> ControllerNode? {
    let state = try splitState(split)
    try checkColumnExists(column, state.style)
    if let pending = state.pending[column] { return pending.controller }
    return state.columns[column]
  }

  /// The navigation controller that holds `column`'s controller: the wrapper the split view controller made, or the
  /// controller itself when it is a navigation controller (R39).
  public func wrapper(for column: Column, of split: ControllerNode) throws(EngineError) -> ControllerNode? {
    let state = try splitState(split)
    try checkColumnExists(column, state.style)
    if let pending = state.pending[column] {
      return pending.controller.flatMap { pending.wrapper ?? ($0.isNavigationController ? $0 : nil) }
    }
    return state.wrappers[column] ?? state.columns[column].flatMap { $0.isNavigationController ? $0 : nil }
  }

  /// `setViewController(_:for:)` (R39, R44). A controller that is not a navigation controller is wrapped in a new one
  /// (`<split>-<column>`), except for the compact column; the wrapper becomes the split view controller's child
  /// (willMove, didMove) and its view joins the split view controller's when the column is on screen (window-driven
  /// appearance driven by the split view controller, ``moveColumnView(_:of:appearing:move:)``). The column's previous
  /// child leaves first (willMove(nil), its disappearance when on screen, didMove(nil)). Collapsed into one stack, a
  /// column whose controllers are on that stack (the primary's always) takes the new controller when the split view
  /// controller expands (``setPendingColumn(_:for:of:_:)``); another column is replaced at once, off screen.
  /// R44: a plain controller for the secondary column while it has a wrapper is pushed onto the wrapper (R19,
  /// animated per `split.setSecondaryPushAnimated`; collapsed, onto the merged stack). `nil` empties the column.
  /// Answers the column's wrapper (nil: none).
  @discardableResult
  public func setViewController(_ controller: ControllerNode?, for column: Column, of split: ControllerNode)
    throws(EngineError) -> ControllerNode?
  {
    let state = try splitState(split)
    try checkColumnExists(column, state.style)
    if let controller {
      try checkColumn(column, controller, style: state.style, split: split, named: split.debugName)
      if state.columns[column] === controller { return state.wrappers[column] }
      reclaimPopped(state)
      // R44: pushed onto the secondary column's navigation controller.
      if column == .secondary, !controller.isNavigationController, let wrapper = state.wrappers[.secondary] {
        let stack = state.merged?.into ?? wrapper
        try push(controller, on: stack, animated: options.split.setSecondaryPushAnimated)
        relabelLastEvent(rule: "R44")
        state.columns[.secondary] = controller
        return wrapper
      }
      try checkCapacity(adding: needsWrapper(column, controller) ? 1 : 0)
    }
    // Checked: from here on nothing throws but the wrapper's creation and push, checked above.
    reclaimPopped(state)
    if isInMergedStack(column, state) {
      // Collapsed into one stack, the column's controllers are on it: the new controller waits for the expansion.
      return try setPendingColumn(controller, for: column, of: split, state)
    }
    removeColumn(column, of: split, state)
    guard let controller else { return nil }
    let child = try wrapIfNeeded(controller, for: column, of: split)
    if child !== controller { state.wrappers[column] = child }
    state.columns[column] = controller
    try addChild(child, to: split)
    relabelLastEvent(rule: "R39")
    reorder(childrenOf: split, as: split.children.sorted { columnOf($0, state) < columnOf($1, state) })
    if let splitView = split.view, splitView.window != nil, state.visibleColumns.contains(column) {
      // The new column comes on screen by the split view controller's own transition (R40).
      let view = loadViewIfNeeded(child)
      moveColumnView(child, of: split, appearing: true) { engine in
        engine.moveWithoutAppearance(view, to: splitView, at: nil)
        engine.installColumnViews(split, state)
      }
    }
    emit(child, .didMove, rule: "R39", parent: .some(split))
    return state.wrappers[column]
  }

  /// `controller` in a new navigation controller (`<split>-<column>`, R39) when the column wraps it, else itself.
  func wrapIfNeeded(_ controller: ControllerNode, for column: Column, of split: ControllerNode) throws(EngineError)
    -> ControllerNode
  {
    guard needsWrapper(column, controller) else { return controller }
    let wrapper = try createController(
      id: wrapperID(split, column), kind: .navigationController, className: nil, title: nil,
      restorationIdentifier: nil, forwardsAppearance: true, viewKind: nil)
    try push(controller, on: wrapper, animated: false)
    relabelLastEvent(rule: "R39")
    return wrapper
  }

  /// The id of a new wrapper: `<split>-<column>`, or `<split>-<column>-<n>` when that one is taken (a wrapper that
  /// left keeps its id).
  private func wrapperID(_ split: ControllerNode, _ column: Column) -> String? {
    let base = "\(split.id)-\(column.rawValue)"
    for index in 1...100 {
      let candidate = index == 1 ? base : "\(base)-\(index)"
      if isFreeForAutoID(candidate)
        && Self.barSuffixes(of: .navigationController).allSatisfy({ !isTaken(candidate + $0) })
      {
        return candidate
      }
    }
    return nil
  }

  /// The column a child of the split view controller stands for.
  func columnOf(_ child: ControllerNode, _ state: SplitViewState) -> Column {
    Column.allCases.first { state.child($0) === child } ?? .compact
  }

  /// Empties `column`: its child leaves the split view controller (willMove(nil), its view out of the window with
  /// R6/R7's callbacks, removeFromParent's didMove(nil)).
  private func removeColumn(_ column: Column, of split: ControllerNode, _ state: SplitViewState) {
    guard let child = state.child(column) else { return }
    state.columns[column] = nil
    state.wrappers[column] = nil
    guard child.parent === split else { return }
    willMove(child, toParent: nil)
    if let view = child.view, view.superview != nil, view.superview === split.view {
      moveColumnView(child, of: split, appearing: false) { engine in engine.detachWithoutAppearance(view) }
    }
    removeFromParent(child)
  }

  /// A column's child coming on screen or leaving it by the split view controller's own transition (R40), not by its
  /// view entering or leaving the window: the split view controller drives the appearance (begin, `move`, end, not
  /// animated), so each controller gets one willMove/didMove pair and no re-delivered didMove (R8 applies to
  /// window-driven appearance only). While the split view controller is appearing, the child joins that appearance
  /// (R10); while it is off screen, only the view moves.
  func moveColumnView(
    _ child: ControllerNode, of split: ControllerNode, appearing: Bool, move: (Engine) -> Void
  ) {
    let onScreen = split.view?.window != nil
    switch split.appearance.state {
    case .appeared where onScreen:
      begin(child, appearing: appearing, animated: false, rule: "R40", forwarded: false, quiet: true)
      move(self)
      end(child, rule: "R40", forwarded: false)
    case .appearing where onScreen && appearing:
      move(self)
      begin(child, appearing: true, animated: split.appearanceAnimated, rule: "R10", forwarded: true)
    default:
      move(self)
    }
  }

  /// Whether `controller` set for `column` gets a navigation controller around it (R39: not a navigation controller,
  /// not the compact column, not a tab bar controller for the secondary column, not a controller whose first child
  /// is a navigation controller).
  func needsWrapper(_ column: Column, _ controller: ControllerNode) -> Bool {
    if column == .compact || controller.isNavigationController { return false }
    if column == .secondary && controller.isTabBarController { return false }
    if let first = controller.children.first, first.isNavigationController { return false }
    return true
  }

  /// The column exists in the style (the supplementary column only in a triple-column split view controller).
  func checkColumnExists(_ column: Column, _ style: SplitViewState.Style) throws(EngineError) {
    if column == .supplementary && style == .doubleColumn {
      throw .unsupported(
        argument: .option("column"), expected: "primary, secondary or compact for a doubleColumn split view controller",
        message: "a doubleColumn split view controller has no supplementary column")
    }
  }

  /// R39's refusals: a tab bar controller for the primary or supplementary column, a split view controller as a
  /// column, a controller with another parent, an ancestor, a window's root.
  func checkColumn(
    _ column: Column, _ controller: ControllerNode, style: SplitViewState.Style, split: ControllerNode?,
    named name: String
  ) throws(EngineError) {
    try checkColumnExists(column, style)
    if controller.isTabBarController && (column == .primary || column == .supplementary) {
      throw .uikitException(
        exception: "NSInvalidArgumentException",
        reason: "You can't assign a UITabBarController to the primary or supplementary columns.", rule: "R39")
    }
    if controller.kind == .splitViewController {
      throw .uikitException(
        exception: "NSInvalidArgumentException",
        reason: "A split view controller cannot be a column of a split view controller: \(controller.debugName)",
        rule: "R39")
    }
    if let parent = controller.parent, parent !== split, !(parent.parent === split && parent.isNavigationController) {
      throw .unsupported(
        argument: .option("controller"), expected: "a controller without another parent",
        message: "\(controller.id) is a child of \(parent.id); remove it from its parent first")
    }
    if let split, isAncestorOnceShown(controller, of: split) {
      throw .uikitException(
        exception: "NSInvalidArgumentException",
        reason: "\(controller.debugName) is an ancestor of \(split.debugName) and cannot become its child")
    }
    try checkNotWindowRoot(controller, joining: name)
  }

  // MARK: - Column views (R40)

  /// Puts exactly the views of the columns on screen into the split view controller's view, with no appearance
  /// callback (the split view controller's own appearance forwarding, or a display-mode change, drives them), at
  /// their frames.
  func installColumnViews(_ split: ControllerNode, _ state: SplitViewState) {
    guard let splitView = split.view else { return }
    let visible = state.visibleColumns.compactMap { state.child($0) }
    for child in split.children where !visible.contains(where: { $0 === child }) {
      if let view = child.view, view.superview === splitView { detachWithoutAppearance(view) }
    }
    for child in visible {
      let view = loadViewIfNeeded(child)
      if view.superview !== splitView { moveWithoutAppearance(view, to: splitView, at: nil) }
    }
    layOutColumns(split, state)
  }

  /// The columns' frames: collapsed, the whole view; expanded, 320 pt for the primary and supplementary columns side
  /// by side and the secondary the rest (beside and displace modes), or the secondary the whole view under them
  /// (over modes).
  func layOutColumns(_ split: ControllerNode, _ state: SplitViewState) {
    guard let splitView = split.view else { return }
    let whole = splitView.fillingRect
    let visible = state.visibleColumns
    let side = 320.0
    var x = 0.0
    let over = state.displayMode == .oneOverSecondary || state.displayMode == .twoOverSecondary
    for column in visible {
      guard let view = state.child(column)?.view, view.superview === splitView else { continue }
      if state.isCollapsed || visible.count == 1 {
        setViewFrame(view, whole)
      } else if column == .secondary {
        setViewFrame(
          view,
          over ? whole : Rect(x: x, y: 0, width: max(0, whole.width - x), height: whole.height))
      } else {
        setViewFrame(view, Rect(x: x, y: 0, width: side, height: whole.height))
        x += side
      }
    }
    for column in visible where column != .secondary {
      if let view = state.child(column)?.view, view.superview === splitView { moveToFront(view, in: splitView) }
    }
  }

  /// What `world/render`'s legend says of a split view controller: its style, collapsed or its display mode, and the
  /// columns on screen (`double, oneBesideSecondary: primary, secondary`).
  public func splitCaption(_ controller: ControllerNode) -> String? {
    guard let state = controller.split else { return nil }
    let style = state.style == .doubleColumn ? "double" : "triple"
    let mode = state.isCollapsed ? "collapsed" : state.displayMode.rawValue
    return "\(style), \(mode): \(state.visibleColumns.map(\.rawValue).joined(separator: ", "))"
  }

  // MARK: - Delegate reports (R41–R43)

  /// An `event/delegate` of the split view controller's delegate (only when one is installed).
  func reportSplitDelegate(
    _ split: ControllerNode, _ callback: String, args: [EngineEvent.DelegateArgument],
    result: EngineEvent.DelegateValue?,
    rule: String
  ) {
    guard split.split?.delegate != nil else { return }
    record(
      .delegate,
      EngineEvent(
        kind: .delegate(
          object: split.id, protocol: "UISplitViewControllerDelegate", callback: callback, args: args,
          result: result),
        rule: rule, time: clock.now))
  }
}

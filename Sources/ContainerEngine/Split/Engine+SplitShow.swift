/// `show(_:)` / `hide(_:)` of a column (R43) and `showDetailViewController(_:sender:)` / `show(_:sender:)` (R45).
extension Engine {
  /// How `showDetail` / `show` showed a controller (R45).
  public enum SplitShowOutcome: String, Sendable {
    case installed, pushed, presented
  }

  /// `show(column)` (R43). The compact column is refused. Collapsed: pushes the column's stack (and any intervening
  /// column's) onto the merged stack when it is not in it, pops the covering columns when it is in it but not on top,
  /// and does nothing when it is on top. Expanded: ignored when the column is already on screen; showing the
  /// secondary column hides the columns over it (`oneOverSecondary`/`twoOverSecondary` → `secondaryOnly`,
  /// `twoDisplaceSecondary` → `oneBesideSecondary`, else ignored); otherwise the nearest display mode where the
  /// column is on screen, animated, with `willShow`, the appearance callbacks and at the end `event/completion {of:
  /// "showColumn"}`. Answers whether it was ignored.
  @discardableResult
  public func showColumn(_ column: Column, of split: ControllerNode, animated: Bool) throws(EngineError) -> Bool {
    try changeColumn(column, of: split, showing: true, animated: animated)
  }

  /// `hide(column)` (R43). The compact column is refused. Collapsed: ignored for the primary column or a column not on
  /// top; otherwise the column is popped. Expanded: ignored for the secondary column and for a column not on
  /// screen; otherwise the nearest display mode where it is not (`willHide`, the callbacks, `event/completion {of:
  /// "hideColumn"}`).
  @discardableResult
  public func hideColumn(_ column: Column, of split: ControllerNode, animated: Bool) throws(EngineError) -> Bool {
    try changeColumn(column, of: split, showing: false, animated: animated)
  }

  private func changeColumn(_ column: Column, of split: ControllerNode, showing: Bool, animated: Bool)
    throws(EngineError) -> Bool
  {
    let state = try splitState(split)
    try checkColumnExists(column, state.style)
    guard column != .compact else {
      throw .unsupported(
        argument: .option("column"), expected: "primary, supplementary or secondary",
        message: "show and hide do not accept the compact column (R43)")
    }
    reclaimPopped(state)
    guard state.columns[column] != nil else { return true }
    if state.isCollapsed {
      return try changeCollapsedColumn(column, split, state, showing: showing, animated: animated)
    }
    let visible = state.visibleColumns
    var target: SplitViewState.DisplayMode?
    if showing {
      if column == .secondary {
        switch state.displayMode {
        case .oneOverSecondary, .twoOverSecondary: target = .secondaryOnly
        case .twoDisplaceSecondary: target = .oneBesideSecondary
        default: target = nil
        }
      } else if !visible.contains(column) {
        target = modeShowing(column, state)
      }
    } else if column != .secondary && visible.contains(column) {
      target = modeHiding(column, state)
    }
    guard let target, target != state.displayMode else { return true }
    let name = showing ? "showColumn" : "hideColumn"
    // R43: "If an animation is started due to -show/hideColumn:, the transitionCoordinator for the
    // UISplitViewController is available following the -show/hideColumn: message": an animated change on screen has
    // a coordinator of its own (kind `column`), attached to the split view controller (its columns find it through
    // it), started after the will callbacks; its alongside completions run after the did callbacks, before the
    // completion event. A split view controller already in a transition (a resize) keeps that one's.
    let onScreen = split.view?.window != nil && split.appearance.state == .appeared
    var coordinator: TransitionCoordinator?
    if animated && onScreen && options.split.duration > 0 && transitionCoordinator(of: split) == nil {
      coordinator = beginCoordinator(
        .column, owners: [split], from: nil, to: nil, animated: true, duration: options.split.duration)
    }
    changeDisplayMode(
      split, state, to: target, animated: animated, duration: options.split.duration, rule: "R43",
      coordinator: coordinator
    ) { engine in
      engine.endAlongside(coordinator)
      engine.record(
        .completion,
        EngineEvent(
          kind: .completion(controller: split.id, of: name, finished: true), rule: "R43", time: engine.clock.now))
    }
    return false
  }

  /// R43 while collapsed into one stack (without a compact column; with one, show and hide are ignored).
  private func changeCollapsedColumn(
    _ column: Column, _ split: ControllerNode, _ state: SplitViewState, showing: Bool, animated: Bool
  ) throws(EngineError) -> Bool {
    guard let merged = state.merged else { return true }
    let into = merged.into
    let inStack = merged.moved.filter { !$0.controllers.isEmpty && $0.controllers[0].parent === into }.map(\.column)
    let topColumn = inStack.last ?? .primary
    if showing {
      if column == topColumn { return true }
      if column == .primary || inStack.contains(column) {
        // Pops the covering columns.
        let target =
          column == .primary ? into.children.first : merged.moved.first { $0.column == column }?.controllers.last
        guard let target, target.parent === into else { return true }
        try pop(to: target, in: into, animated: animated)
        state.merged?.moved.removeAll { $0.column > column }
        return false
      }
      // Pushes the column and any intervening one.
      var moved = merged.moved.filter { $0.column < column && $0.column > .primary }
      var pushed = false
      for next in state.columnsOfStyle where next > topColumn && next <= column {
        guard let holder = state.stackHolder(next), holder !== into else { continue }
        let list = holder.children
        for controller in list {
          leaveInSplit(controller)
          try push(controller, on: into, animated: animated && next == column && controller === list.last)
          pushed = true
        }
        moved.removeAll { $0.column == next }
        moved.append((next, list))
      }
      state.merged?.moved = moved
      return !pushed
    }
    guard column != .primary, column == topColumn,
      let first = merged.moved.first(where: { $0.column == column })?.controllers.first,
      let index = into.children.firstIndex(where: { $0 === first }), index > 0
    else { return true }
    let below = into.children[index - 1]
    let popped = Array(into.children[index...])
    try pop(to: below, in: into, animated: animated)
    // The popped controllers go back to their column's navigation controller (not on screen).
    if let holder = state.stackHolder(column), holder !== into {
      state.returning += popped.map { (controller: $0, from: into, holder: holder) }
      reclaimPopped(state)
    }
    state.merged?.moved.removeAll { $0.column == column }
    return false
  }

  /// The nearest display mode where `column` is on screen, by split behaviour (R43).
  func modeShowing(_ column: Column, _ state: SplitViewState) -> SplitViewState.DisplayMode {
    let behavior = state.splitBehavior
    if state.style == .doubleColumn || column == .supplementary {
      return behavior == .overlay ? .oneOverSecondary : .oneBesideSecondary
    }
    switch behavior {
    case .overlay: return .twoOverSecondary
    case .displace: return .twoDisplaceSecondary
    case .tile, .automatic: return .twoBesideSecondary
    }
  }

  /// The nearest display mode where `column` is not on screen (R43): hiding the primary of three columns leaves the
  /// supplementary beside (or over) the secondary; anything else leaves the secondary only.
  func modeHiding(_ column: Column, _ state: SplitViewState) -> SplitViewState.DisplayMode {
    if state.style == .tripleColumn && column == .primary {
      return state.splitBehavior == .overlay ? .oneOverSecondary : .oneBesideSecondary
    }
    return .secondaryOnly
  }

  /// `showDetailViewController(_:sender:)` (R45): the delegate's `showDetail` is asked (it does not show it); then,
  /// collapsed into one stack, the navigation controller pushes it; collapsed with a compact column, it is presented
  /// modally; expanded, the secondary column's navigation controller (the controller being replaced) pushes it, or
  /// without one it becomes the secondary column's controller. Animated as the call says.
  public func showDetail(_ controller: ControllerNode, of split: ControllerNode, animated: Bool = true)
    throws(EngineError) -> SplitShowOutcome
  {
    let state = try splitState(split)
    reportSplitDelegate(
      split, "showDetail", args: [EngineEvent.DelegateArgument("viewController", .id(controller.id))],
      result: .bool(false), rule: "R45")
    return try showInSplit(controller, split, state, column: .secondary, animated: animated)
  }

  /// `show(_:sender:)` on the split view controller (R45): collapsed as `showDetail`; expanded, the primary column's
  /// navigation controller pushes it (without one it becomes the primary column's controller).
  public func showViewController(_ controller: ControllerNode, of split: ControllerNode, animated: Bool = true)
    throws(EngineError) -> SplitShowOutcome
  {
    let state = try splitState(split)
    return try showInSplit(controller, split, state, column: .primary, animated: animated)
  }

  private func showInSplit(
    _ controller: ControllerNode, _ split: ControllerNode, _ state: SplitViewState, column: Column, animated: Bool
  ) throws(EngineError) -> SplitShowOutcome {
    reclaimPopped(state)
    if state.isCollapsed {
      if let merged = state.merged {
        try push(controller, on: merged.into, animated: animated)
        return .pushed
      }
      try present(controller, from: split, style: controller.presentation.modalPresentationStyle, animated: animated)
      return .presented
    }
    if let holder = state.stackHolder(column) {
      try push(controller, on: holder, animated: animated)
      return .pushed
    }
    try setViewController(controller, for: column, of: split)
    return .installed
  }
}

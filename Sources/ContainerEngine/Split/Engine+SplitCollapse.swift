/// A split view controller adapting to its width (R40–R42): the display mode an automatic preference resolves to, the
/// collapse when it joins a horizontally compact window or its window becomes compact, the expansion back, and the
/// appearance callbacks of the columns that come on or leave the screen.
extension Engine {
  // MARK: - Display mode (R40's open point)

  /// The display mode and split behaviour the split view controller takes at `width` (its window's): an automatic
  /// behaviour tiles from `split.tileMinimumWidth` in landscape, else overlays; an automatic display mode is the
  /// behaviour's usual one (tile: the columns beside the secondary; overlay: the secondary only for two columns, the
  /// supplementary beside the secondary for three; displace: the primary and supplementary displacing it).
  func resolvedDisplay(_ state: SplitViewState, width: Double, height: Double) -> (
    SplitViewState.DisplayMode, SplitViewState.SplitBehavior
  ) {
    var behavior = state.preferredSplitBehavior
    if behavior == .automatic {
      behavior = width >= options.split.tileMinimumWidth && width > height ? .tile : .overlay
    }
    guard state.preferredDisplayMode == .automatic else { return (state.preferredDisplayMode, behavior) }
    let double = state.style == .doubleColumn
    switch behavior {
    case .tile, .automatic: return (double ? .oneBesideSecondary : .twoBesideSecondary, behavior)
    case .overlay: return (double ? .secondaryOnly : .oneBesideSecondary, behavior)
    case .displace: return (double ? .oneBesideSecondary : .twoDisplaceSecondary, behavior)
    }
  }

  // MARK: - Joining a window (R41)

  /// Called when `view`'s subtree has entered a window, before its appearance callbacks: each split view controller
  /// in it takes the display mode of the window's width and, in a horizontally compact environment, collapses (R41:
  /// "When it is added to the window, if running in a .Compact horizontal size class, it collapses"; the delegate
  /// calls per `split.initialCollapseCallsDelegate`); one collapsed before expands quietly in a regular one. Its
  /// columns' views then go in, with no callback: the window's appearance forwarding brings them (R40).
  func splitsJoiningWindow(_ view: ViewNode) {
    var splits: [ControllerNode] = []
    for node in view.preorder() {
      if let owner = node.owner, owner.view === node, owner.split != nil { splits.append(owner) }
    }
    for split in splits {
      guard let state = split.split, let window = split.view?.window else { continue }
      reclaimPopped(state)
      let before = split.children.filter { $0.view?.superview != nil && $0.view?.superview === split.view }
      let compact = traitCollection(of: split).horizontalSizeClass == .compact
      let (mode, behavior) = resolvedDisplay(state, width: window.frame.width, height: window.frame.height)
      if compact && !state.isCollapsed {
        state.displayMode = mode
        state.splitBehavior = behavior
        collapse(split, state, animated: false, duration: 0, initial: true)
      } else if !compact && state.isCollapsed {
        expand(split, state, to: mode, behavior: behavior, animated: false, duration: 0, initial: true)
      } else if !state.isCollapsed {
        state.displayMode = mode
        state.splitBehavior = behavior
      }
      installColumnViews(split, state)
      // Presented, the split view controller's viewWillAppear came before its view joined the window (R26): the
      // columns put in now join that appearance as its forwarding would have brought them (R10).
      if split.appearance.state == .appearing {
        for child in split.children where !before.contains(where: { $0 === child }) {
          guard let view = child.view, view.superview === split.view else { continue }
          begin(child, appearing: true, animated: split.appearanceAnimated, rule: "R10", forwarded: true)
        }
      }
    }
  }

  // MARK: - A size change (R42, inside R60)

  /// `window/resize`'s part for split view controllers, after `viewWillTransition(to:with:)` reached them (R42: all
  /// of it happens inside the size change): each one whose horizontal size class changes collapses or expands; one
  /// that stays expanded takes the display mode of the new width (R40), with the columns' appearance callbacks.
  func splitsAdapt(
    _ controllers: [ControllerNode], after: [TraitCollection], width: Double, height: Double, animated: Bool,
    duration: Double
  ) {
    for (index, split) in controllers.enumerated() {
      guard let state = split.split, split.view?.window != nil else { continue }
      reclaimPopped(state)
      let compact = after[index].horizontalSizeClass == .compact
      let (mode, behavior) = resolvedDisplay(state, width: width, height: height)
      if compact && !state.isCollapsed {
        collapse(split, state, animated: animated, duration: duration, initial: false)
      } else if !compact && state.isCollapsed {
        expand(split, state, to: mode, behavior: behavior, animated: animated, duration: duration, initial: false)
      } else if !compact && (mode != state.displayMode || behavior != state.splitBehavior) {
        state.splitBehavior = behavior
        changeDisplayMode(split, state, to: mode, animated: animated, duration: duration, rule: "R40")
      }
    }
  }

  // MARK: - Collapse and expand (R41, R42)

  /// The collapse (R42's default order): `topColumnForCollapsing(proposed)` → `willHide(column)` for each column that
  /// stops being on screen → the outgoing controllers' viewWillDisappear → the incoming one's viewWillAppear → (the
  /// size change's animation) → the did callbacks → `didCollapse`, with `isCollapsed` true from there. With a compact
  /// column only it comes on screen; without one the columns' stacks merge into the primary's navigation controller
  /// (up to the top column: `[P, S]`, triple `[P, SUP, S]`), whose top is then the only controller on screen.
  func collapse(_ split: ControllerNode, _ state: SplitViewState, animated: Bool, duration: Double, initial: Bool) {
    let calls = initial ? options.split.initialCollapseCallsDelegate : .all
    var proposed = options.split.proposedTopColumn
    if proposed == .compact || state.columns[proposed] == nil { proposed = .secondary }
    var top = state.delegate?.topColumnForCollapsing ?? proposed
    if state.columns[top] == nil { top = proposed }
    if calls != .none {
      reportSplitDelegate(
        split, "topColumnForCollapsing", args: [EngineEvent.DelegateArgument("proposed", .string(proposed.rawValue))],
        result: .string(top.rawValue), rule: "R41")
    }
    let before = state.visibleColumns
    let hasCompact = state.columns[.compact] != nil
    if calls == .all {
      for column in before where hasCompact || column != top {
        reportSplitDelegate(
          split, "willHideColumn", args: [EngineEvent.DelegateArgument("column", .string(column.rawValue))],
          result: nil, rule: "R42")
      }
    }
    let beforeChildren = before.compactMap { state.child($0) }
    state.topColumn = top
    var joined: [ControllerNode] = []
    var outgoing: [ControllerNode] = []
    var incoming: [ControllerNode] = []
    var leaving: [ViewNode] = []
    if hasCompact, let compact = state.columns[.compact] {
      outgoing = beforeChildren
      incoming = [compact]
      leaving = beforeChildren.compactMap(\.view)
      if let splitView = split.view {
        let view = loadViewIfNeeded(compact)
        setViewFrame(view, splitView.fillingRect)
        moveWithoutAppearance(view, to: splitView, at: nil)
      }
    } else if let into = state.stackHolder(.primary) {
      let oldTop = into.navigation?.displayed
      var moved: [(column: Column, controllers: [ControllerNode])] = []
      for column in state.columnsOfStyle where column > .primary && column <= top {
        var list: [ControllerNode] = []
        if let holder = state.stackHolder(column), holder !== into {
          list = holder.children
          if let navigation = holder.navigation { navigation.displayed = nil }
        } else if let controller = state.columns[column], controller.parent === split {
          list = [controller]
        }
        for controller in list { transferInSplit(controller, to: into) }
        joined += list
        moved.append((column, list))
      }
      state.merged = (into, moved)
      // The merged stack's controllers below its new top, pushed but never shown: their push ends with the collapse
      // (R20: "pushed controllers below the top never appear"); the top's waits for its viewDidAppear.
      if let navigation = into.navigation {
        let below = navigation.awaitingDidMove.filter { $0.parent === into && $0 !== into.children.last }
        navigation.awaitingDidMove.removeAll { waiting in below.contains { $0 === waiting } }
        joined = below + joined
      }
      let newTop = into.children.last
      let primaryWasVisible = before.contains(.primary)
      for child in beforeChildren where child !== into {
        outgoing.append(child)
        if let view = child.view { leaving.append(view) }
      }
      if let newTop, newTop !== oldTop, into.view != nil, oldTop != nil {
        if let oldTop, primaryWasVisible {
          outgoing.append(oldTop)
          if let view = oldTop.view { leaving.append(view) }
        }
        display(newTop, in: into)
        let topColumnWasVisible = before.contains(top)
        if primaryWasVisible && !topColumnWasVisible { incoming.append(newTop) }
      }
      if !primaryWasVisible {
        incoming.append(into)
        if let splitView = split.view {
          let view = loadViewIfNeeded(into)
          setViewFrame(view, splitView.fillingRect)
          moveWithoutAppearance(view, to: splitView, at: nil)
        }
      }
    }
    runColumnTransition(
      split, state, outgoing: outgoing, incoming: incoming, leaving: leaving, animated: animated, duration: duration,
      rule: "R42", dropsAppearance: false, settle: { _ in state.isCollapsed = true }
    ) { engine in
      engine.layOutColumns(split, state)
      engine.endTransfers(joined)
      if calls == .all { engine.reportSplitDelegate(split, "didCollapse", args: [], result: nil, rule: "R42") }
    }
  }

  /// The expansion (R42 mirrored): `displayModeForExpanding(proposed)` → `willShow(column)` for each column that
  /// comes on screen → the appearance callbacks → (the animation) → `didExpand`, with `isCollapsed` false from there.
  /// A merged stack goes back to its columns: each moved column takes its controllers and everything pushed above them.
  func expand(
    _ split: ControllerNode, _ state: SplitViewState, to proposed: SplitViewState.DisplayMode,
    behavior: SplitViewState.SplitBehavior, animated: Bool, duration: Double, initial: Bool
  ) {
    let calls = initial ? SplitBehaviorOptions.InitialCollapseCalls.none : .all
    var mode = state.delegate?.displayModeForExpanding ?? proposed
    if mode == .automatic { mode = proposed }
    if calls != .none {
      reportSplitDelegate(
        split, "displayModeForExpanding", args: [EngineEvent.DelegateArgument("proposed", .string(proposed.rawValue))],
        result: .string(mode.rawValue), rule: "R42")
    }
    let beforeColumns = state.visibleColumns
    let beforeChildren = beforeColumns.compactMap { state.child($0) }
    let afterColumns = mode.visibleColumns(state.style).filter { hasColumnAfterPending($0, state) }
    if calls == .all {
      for column in afterColumns where state.columns[.compact] != nil || column != state.topColumn {
        reportSplitDelegate(
          split, "willShowColumn", args: [EngineEvent.DelegateArgument("column", .string(column.rawValue))],
          result: nil, rule: "R42")
      }
    }
    var outgoing: [ControllerNode] = []
    var incoming: [ControllerNode] = []
    var leaving: [ViewNode] = []
    var separated: [ControllerNode] = []
    let oldTopBefore = state.merged?.into.navigation?.displayed
    if let merged = state.merged {
      let into = merged.into
      let oldTop = into.navigation?.displayed
      for (column, list) in merged.moved.reversed() {
        guard let first = list.first, let index = into.children.firstIndex(where: { $0 === first }) else { continue }
        let taking = Array(into.children[index...])
        if let holder = state.stackHolder(column), holder !== into {
          for controller in taking { transferInSplit(controller, to: holder) }
        } else {
          for controller in taking { transferInSplit(controller, to: split) }
          reorder(childrenOf: split, as: split.children.sorted { columnOf($0, state) < columnOf($1, state) })
        }
        separated = taking + separated
      }
      state.merged = nil
      let primaryStays = afterColumns.contains(.primary) && state.pending[.primary] == nil
      if let oldTop, oldTop.parent !== into, into.navigation?.displayed === oldTop {
        into.navigation?.displayed = nil
        // The old top stays on screen when its column does; its own navigation controller shows it again.
        if !afterColumns.contains(columnOf(oldTop.parent ?? oldTop, state)) {
          outgoing.append(oldTop)
          if let view = oldTop.view { leaving.append(view) }
        }
      }
      if primaryStays, let newTop = into.children.last, into.view != nil, into.navigation?.displayed == nil {
        display(newTop, in: into)
        incoming.append(newTop)
      } else if !primaryStays {
        outgoing.append(into)
        if let view = into.view { leaving.append(view) }
      }
    } else {
      outgoing = beforeChildren
      leaving = beforeChildren.compactMap(\.view)
    }
    var left: [ControllerNode] = []
    if !state.pending.isEmpty {
      installPendingColumns(
        split, state, oldTop: oldTopBefore, outgoing: &outgoing, leaving: &leaving, left: &left, joined: &separated)
    }
    state.displayMode = mode
    state.splitBehavior = behavior
    state.topColumn = nil
    for column in afterColumns {
      guard let child = state.child(column), !beforeChildren.contains(where: { $0 === child }) else { continue }
      incoming.append(child)
      if let splitView = split.view {
        let view = loadViewIfNeeded(child)
        moveWithoutAppearance(view, to: splitView, at: nil)
      }
    }
    runColumnTransition(
      split, state, outgoing: outgoing, incoming: incoming, leaving: leaving, animated: animated, duration: duration,
      rule: "R42", dropsAppearance: false, settle: { _ in state.isCollapsed = false }
    ) { engine in
      engine.layOutColumns(split, state)
      engine.endLeaving(left)
      engine.endTransfers(separated)
      if calls == .all { engine.reportSplitDelegate(split, "didExpand", args: [], result: nil, rule: "R42") }
    }
    // The frames of the columns coming in, for the transition.
    let collapsed = state.isCollapsed
    state.isCollapsed = false
    layOutColumns(split, state)
    state.isCollapsed = collapsed
  }

  /// A new display mode while expanded (R43, R40): `willChangeToDisplayMode` (`split.reportsWillChangeDisplayMode`),
  /// `willShow`/`willHide` for each column that comes or goes, then the appearance callbacks of those columns,
  /// animated over `duration`; `completion` runs at the end.
  func changeDisplayMode(
    _ split: ControllerNode, _ state: SplitViewState, to mode: SplitViewState.DisplayMode, animated: Bool,
    duration: Double, rule: String, coordinator: TransitionCoordinator? = nil, completion: ((Engine) -> Void)? = nil
  ) {
    let beforeColumns = state.visibleColumns
    let afterColumns = mode.visibleColumns(state.style).filter { state.columns[$0] != nil }
    if options.split.reportsWillChangeDisplayMode {
      reportSplitDelegate(
        split, "willChangeToDisplayMode", args: [EngineEvent.DelegateArgument("displayMode", .string(mode.rawValue))],
        result: nil, rule: rule)
    }
    for column in afterColumns where !beforeColumns.contains(column) {
      reportSplitDelegate(
        split, "willShowColumn", args: [EngineEvent.DelegateArgument("column", .string(column.rawValue))], result: nil,
        rule: rule)
    }
    for column in beforeColumns where !afterColumns.contains(column) {
      reportSplitDelegate(
        split, "willHideColumn", args: [EngineEvent.DelegateArgument("column", .string(column.rawValue))], result: nil,
        rule: rule)
    }
    let outgoing = beforeColumns.filter { !afterColumns.contains($0) }.compactMap { state.child($0) }
    let incoming = afterColumns.filter { !beforeColumns.contains($0) }.compactMap { state.child($0) }
    state.displayMode = mode
    if let splitView = split.view {
      for child in incoming {
        let view = loadViewIfNeeded(child)
        moveWithoutAppearance(view, to: splitView, at: nil)
      }
    }
    let staying = afterColumns.filter { beforeColumns.contains($0) }.compactMap { state.child($0) }
    let widths = staying.map { $0.view?.frame.width }
    layOutColumns(split, state)
    // R45 (`split.sizeCallbackOnColumnWidth`): a column staying on screen whose width changed is told its new size.
    if options.split.sizeCallbackOnColumnWidth {
      for (child, width) in zip(staying, widths) {
        guard let view = child.view, view.frame.width != width else { continue }
        record(
          .lifecycle,
          EngineEvent(
            kind: .lifecycle(
              controller: child.id, callback: .viewWillTransitionToSize, animated: nil, parent: nil, flags: .none,
              size: Size(width: view.frame.width, height: view.frame.height)),
            rule: "R45", time: clock.now))
      }
    }
    runColumnTransition(
      split, state, outgoing: outgoing, incoming: incoming, leaving: outgoing.compactMap(\.view), animated: animated,
      duration: duration, rule: rule, dropsAppearance: options.split.dropAppearanceOnDisplayModeChange,
      coordinator: coordinator
    ) { engine in
      engine.layOutColumns(split, state)
      completion?(engine)
    }
  }
}

/// Setting a column while the split view controller is collapsed into one stack (R39, R40, R42).
///
/// UIKit's `setViewController(_:for:)` replaces the column's controller whatever the size class; collapsed, the
/// interface shows one stack, so the new controller is shown once the split view controller expands ("When collapsed,
/// the displayMode property has no impact on the appearance of the split view interface"). Apple does not say what a
/// collapsed interface does with the column's controllers already on its stack; the engine keeps showing them and
/// installs the new controller as the expansion separates the stacks [INF]. A column whose controllers are not on the
/// merged stack is replaced at once, off screen.
extension Engine {
  /// Whether `column`'s controllers are on the merged stack now: the primary's always (its navigation controller holds
  /// the stack), another column's while the collapse (or a collapsed `show`) moved them there.
  func isInMergedStack(_ column: Column, _ state: SplitViewState) -> Bool {
    guard let merged = state.merged, column != .compact else { return false }
    if column == .primary { return true }
    return merged.moved.contains { $0.column == column && $0.controllers.first?.parent === merged.into }
  }

  /// Records `controller` (nil: empty) for `column` until the expansion: `viewController(for:)` answers it from now
  /// on; a plain controller gets its navigation controller now (R39: willMove(wrapper)), which joins the split view
  /// controller at the expansion. Answers that navigation controller (the controller itself when it is one).
  func setPendingColumn(
    _ controller: ControllerNode?, for column: Column, of split: ControllerNode, _ state: SplitViewState
  ) throws(EngineError) -> ControllerNode? {
    if let controller,
      state.columns.contains(where: { $0.value === controller })
        || state.pending.contains(where: { $0.value.controller === controller })
    {
      throw .unsupported(
        argument: .option("controller"), expected: "a controller no other column has",
        message: "\(controller.id) is a column's controller already; while collapsed a column takes it at the expansion"
      )
    }
    guard let controller else {
      state.pending[column] = (nil, nil)
      return nil
    }
    let child = try wrapIfNeeded(controller, for: column, of: split)
    state.pending[column] = (controller, child === controller ? nil : child)
    return child === controller ? (controller.isNavigationController ? controller : nil) : child
  }

  /// The columns the split view controller will have once the pending ones are installed.
  func hasColumnAfterPending(_ column: Column, _ state: SplitViewState) -> Bool {
    if let pending = state.pending[column] { return pending.controller != nil }
    return state.columns[column] != nil
  }

  /// The expansion installs the pending columns, after the stacks separated and before the appearance callbacks: each
  /// old column child leaves (willMove(nil) now; its disappearance with the expansion's when it was on screen, with
  /// `oldTop`, the merged stack's top, when that went back into it; didMove(nil) at the end, in `left`), each new one
  /// joins (willMove(svc) now; it comes on screen with the expansion's appearance; didMove(svc) at the end, in
  /// `joined`).
  func installPendingColumns(
    _ split: ControllerNode, _ state: SplitViewState, oldTop: ControllerNode?, outgoing: inout [ControllerNode],
    leaving: inout [ViewNode], left: inout [ControllerNode], joined: inout [ControllerNode]
  ) {
    let pending = state.pending.sorted { $0.key < $1.key }
    state.pending = [:]
    for (column, replacement) in pending {
      if let old = state.child(column), old.parent === split {
        let onScreen = old.view?.superview != nil && old.view?.superview === split.view
        if onScreen && !outgoing.contains(where: { $0 === old }) {
          outgoing.append(old)
          if let view = old.view { leaving.append(view) }
        }
        if let oldTop, oldTop.parent === old || oldTop === old, oldTop.appearance.state == .appeared,
          !outgoing.contains(where: { $0 === oldTop })
        {
          outgoing.append(oldTop)
        }
        emit(old, .willMove, rule: "R39", parent: .some(nil))
        old.isMovingFromParent = true
        detachFromParent(old)
        left.append(old)
      }
      state.columns[column] = nil
      state.wrappers[column] = nil
      guard let controller = replacement.controller else { continue }
      let child = replacement.wrapper ?? controller
      state.columns[column] = controller
      if let wrapper = replacement.wrapper { state.wrappers[column] = wrapper }
      link(child, to: split)
      child.isMovingToParent = true
      emit(child, .willMove, rule: "R39", parent: .some(split))
      reorder(childrenOf: split, as: split.children.sorted { columnOf($0, state) < columnOf($1, state) })
      joined.append(child)
    }
  }

  /// The old column children that left at the expansion get their didMove(nil) (R4).
  func endLeaving(_ controllers: [ControllerNode]) {
    for controller in controllers where controller.parent == nil {
      emit(controller, .didMove, rule: "R39", parent: .some(nil))
    }
  }
}

extension Engine.SplitViewState {
  /// The columns set while collapsed, waiting for the expansion (nil: the column will be emptied).
  public var pendingControllers: [Column: ControllerNode?] { pending.mapValues(\.controller) }
}

/// Controllers changing parent inside a split view controller as it collapses and expands (R40–R42).
extension Engine {
  /// A controller moving to `parent` inside the split view controller: from one column's navigation controller (or
  /// the split view controller itself) onto the merged stack as it collapses, or back as it expands. UIKit's column
  /// style moves the controllers between the columns' navigation stacks; its documentation does not give the
  /// callbacks, so the engine makes each move a removal and an addition as a navigation controller's
  /// `setViewControllers` makes them [INF]: a push into the old stack that never ended gets its didMove(old) first
  /// (R20), then willMove(nil), didMove(nil) as it leaves, and willMove(parent) as it joins; didMove(parent) comes
  /// when the collapse or expansion ends (``endTransfers(_:)``). Each controller so gets exactly one pair per parent.
  func transferInSplit(_ controller: ControllerNode, to parent: ControllerNode) {
    guard controller.parent !== parent else { return }
    leaveInSplit(controller)
    link(controller, to: parent)
    emit(controller, .willMove, rule: "R42", parent: .some(parent))
  }

  /// The first half of ``transferInSplit(_:to:)``: the controller's push into its old stack ends if it never did
  /// (didMove(old), R20), then it leaves (willMove(nil), didMove(nil)). A push onto the merged stack follows (R43).
  func leaveInSplit(_ controller: ControllerNode) {
    guard let old = controller.parent else { return }
    if let state = old.navigation, state.awaitingDidMove.contains(where: { $0 === controller }) {
      state.awaitingDidMove.removeAll { $0 === controller }
      emit(controller, .didMove, rule: "R20", parent: .some(old))
    }
    emit(controller, .willMove, rule: "R42", parent: .some(nil))
    detachFromParent(controller)
    emit(controller, .didMove, rule: "R42", parent: .some(nil))
  }

  /// The end of a collapse or an expansion: each controller that changed parent (``transferInSplit(_:to:)``) or was
  /// left waiting below the merged stack's top gets didMove(parent), in stack order, after the appearance callbacks
  /// (Apple, didMove(toParent:): "after the transition to the new controller is complete").
  func endTransfers(_ controllers: [ControllerNode]) {
    for controller in controllers {
      guard let parent = controller.parent else { continue }
      emit(controller, .didMove, rule: "R42", parent: .some(parent))
    }
  }

  /// R43: the controllers a collapsed `hide(column)` popped go back to their column's navigation controller once the
  /// pop has ended (their didMove(nil) sent, R20): willMove(holder), didMove(holder), off screen. The pop may be
  /// animated, so this runs at the split view controller's next change or query (`split/get`), after the pop's end;
  /// one taken by another parent meanwhile stays there.
  func reclaimPopped(_ state: SplitViewState) {
    guard !state.returning.isEmpty else { return }
    var waiting: [(controller: ControllerNode, from: ControllerNode, holder: ControllerNode)] = []
    for entry in state.returning {
      if entry.controller.parent != nil { continue }
      if entry.from.navigation?.outgoing.contains(where: { $0 === entry.controller }) == true {
        waiting.append(entry)
        continue
      }
      link(entry.controller, to: entry.holder)
      emit(entry.controller, .willMove, rule: "R43", parent: .some(entry.holder))
      emit(entry.controller, .didMove, rule: "R43", parent: .some(entry.holder))
    }
    state.returning = waiting
  }

  /// The split view controller's state, with the popped controllers back in their columns (`split/get`).
  public func settledSplitState(_ split: ControllerNode) throws(EngineError) -> SplitViewState {
    let state = try splitState(split)
    reclaimPopped(state)
    return state
  }

  /// `traits.skipFirstWillTransitionInSplitOverlay` (R62's reported bug): the controllers of a size change that get no
  /// `willTransition(to:with:)` — each split view controller going through its first size-class change while its
  /// behaviour is overlay, and the controllers inside it. Every split view controller whose size classes change is
  /// marked as having had its first change.
  func splitOverlaySkips(_ controllers: [ControllerNode], before: [TraitCollection], after: [TraitCollection])
    -> Set<ObjectIdentifier>
  {
    var skippedSplits: [ControllerNode] = []
    for (index, controller) in controllers.enumerated() {
      guard let state = controller.split, !before[index].hasSameSizeClasses(as: after[index]) else { continue }
      if options.split.skipFirstWillTransitionInOverlay && !state.hadTraitTransition && state.splitBehavior == .overlay
      {
        skippedSplits.append(controller)
      }
      state.hadTraitTransition = true
    }
    guard !skippedSplits.isEmpty else { return [] }
    var skipped: Set<ObjectIdentifier> = []
    for controller in controllers {
      var node: ControllerNode? = controller
      var steps = 0
      while let current = node, steps <= chainWalkLimit {
        if skippedSplits.contains(where: { $0 === current }) {
          skipped.insert(ObjectIdentifier(controller))
          break
        }
        node = current.parent
        steps += 1
      }
    }
    return skipped
  }
}

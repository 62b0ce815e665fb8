/// The layout pass's state: the windows it visits, the version of what constraints read, how many controllers have
/// additional safe-area insets, and Auto Layout's solver, active constraints and frame variables.
///
/// Its storage is private: the layout code (`Layout/`) and the subsystems that change what layout reads (a frame, an
/// offset, the hierarchy) go through these methods.
struct LayoutState {
  /// Every window, in creation order, for the layout pass (entries whose window is gone are pruned there).
  private(set) var windows: [ViewNode] = []
  /// Bumped whenever something constraints read changes (a frame, an offset, the hierarchy, the constraints), so
  /// `updateConstraintSolution` skips turns that changed none of it.
  private(set) var inputsVersion = 0
  /// `inputsVersion` when the constraints were last solved.
  private var solvedAtVersion = -1
  /// Controllers whose `additionalSafeAreaInsets` are not zero: while there are none, a view's safe area is the part of
  /// its window's that overlaps it, with no walk up its superviews (`Engine.safeAreaInsets(of:)`).
  private var controllersWithAdditionalInsets = 0
  /// Navigation and tab bar controllers whose views (and bars) are loaded (R68).
  private var barContainers = 0
  /// The Cassowary solver, made on first use.
  private(set) var existingSolver: LayoutSolver?
  /// Active constraints by id, and their ids in order of activation.
  private var constraints: [String: Engine.ActiveConstraint] = [:]
  private(set) var constraintIDs: [String] = []
  /// Active constraints per first item.
  private var constraintsPerView: [ObjectIdentifier: Int] = [:]
  /// Frame variables per view a constraint reached, and those views in order.
  private var frameVariables: [ObjectIdentifier: Engine.FrameVariables] = [:]
  private(set) var constrainedViews: [ViewNode] = []

  // MARK: - Windows

  var hasWindows: Bool { !windows.isEmpty }
  mutating func addWindow(_ window: ViewNode) { windows.append(window) }
  /// Drops the windows the world no longer has (`views`), keeping the order.
  mutating func pruneGoneWindows(keeping views: [String: ViewNode]) {
    windows.removeAll { views[$0.id] !== $0 }
  }

  // MARK: - What constraints read

  /// Something constraints read changed.
  mutating func inputsChanged() { inputsVersion &+= 1 }
  /// Whether the solution is current: the solver exists and nothing it reads changed since it was solved.
  var needsSolving: Bool { existingSolver != nil && solvedAtVersion != inputsVersion }
  /// Takes the solution as current (when there is a solver).
  mutating func markSolved() {
    if existingSolver != nil { solvedAtVersion = inputsVersion }
  }

  /// Whether some controller has additional safe-area insets.
  var hasAdditionalSafeAreaInsets: Bool { controllersWithAdditionalInsets > 0 }
  /// Whether some navigation or tab bar controller has its bars (R68): their part of the safe area is walked.
  var hasBars: Bool { barContainers > 0 }
  /// A navigation or tab bar controller's view loaded (`true`, its bars made) or unloaded (`false`).
  mutating func barsLoaded(_ loaded: Bool) { barContainers += loaded ? 1 : -1 }

  /// A controller's `additionalSafeAreaInsets` change from `old` to `new` (to zero when it is destroyed).
  mutating func additionalSafeAreaInsetsChanged(from old: Insets, to new: Insets) {
    guard old != new else { return }
    if old == .zero {
      controllersWithAdditionalInsets += 1
    } else if new == .zero {
      controllersWithAdditionalInsets -= 1
    }
  }

  // MARK: - Solver and constraints

  /// The solver, made on first use.
  mutating func solver() -> LayoutSolver {
    if let existingSolver { return existingSolver }
    let solver = LayoutSolver()
    existingSolver = solver
    return solver
  }

  /// The active constraint `id`.
  func constraint(_ id: String) -> Engine.ActiveConstraint? { constraints[id] }
  /// The number of active constraints.
  var constraintCount: Int { constraints.count }
  /// Active constraints whose first item is `view`.
  func constraintCount(onFirstItem view: ViewNode) -> Int { constraintsPerView[ObjectIdentifier(view)] ?? 0 }
  /// The active constraints in order of activation.
  var orderedConstraints: [Engine.ActiveConstraint] { constraintIDs.compactMap { constraints[$0] } }

  /// Adds an active constraint, last in order.
  mutating func activate(_ constraint: Engine.ActiveConstraint) {
    constraints[constraint.id] = constraint
    constraintsPerView[ObjectIdentifier(constraint.first.view), default: 0] += 1
    constraintIDs.append(constraint.id)
  }

  /// Takes a constraint out (its id stays in order until `pruneConstraintOrder`, once for all taken out: a search of
  /// the order per constraint was quadratic).
  mutating func deactivate(_ id: String) -> Engine.ActiveConstraint? {
    guard let constraint = constraints.removeValue(forKey: id) else { return nil }
    let first = ObjectIdentifier(constraint.first.view)
    if let count = constraintsPerView[first], count > 1 {
      constraintsPerView[first] = count - 1
    } else {
      constraintsPerView[first] = nil
    }
    return constraint
  }

  /// Drops the ids `deactivate` took out from the order, in one pass.
  mutating func pruneConstraintOrder() {
    if constraintIDs.count != constraints.count { constraintIDs.removeAll { constraints[$0] == nil } }
  }

  // MARK: - Frame variables

  /// `view`'s frame variables, if a constraint reached it.
  func variables(of view: ViewNode) -> Engine.FrameVariables? { frameVariables[ObjectIdentifier(view)] }
  /// Records `view`'s new frame variables, last in order.
  mutating func add(_ variables: Engine.FrameVariables, for view: ViewNode) {
    frameVariables[ObjectIdentifier(view)] = variables
    constrainedViews.append(view)
  }
  /// Drops the views the world no longer has (`views`) from the order (their variables stay, unused).
  mutating func pruneGoneConstrainedViews(keeping views: [String: ViewNode]) {
    constrainedViews.removeAll { views[$0.id] !== $0 }
  }

  /// `world/reset`: no window, solver, constraint or variable (the versions go on counting).
  mutating func reset() {
    windows.removeAll()
    existingSolver = nil
    constraints.removeAll()
    constraintIDs.removeAll()
    constraintsPerView.removeAll()
    frameVariables.removeAll()
    constrainedViews.removeAll()
    controllersWithAdditionalInsets = 0
    barContainers = 0
  }
}

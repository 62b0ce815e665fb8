// An incremental Cassowary solver.
//
// Reference: Greg J. Badros, Alan Borning and Peter J. Stuckey, "The Cassowary Linear Arithmetic Constraint Solving
// Algorithm", ACM Transactions on Computer-Human Interaction 8(4), 2001, pp. 267–306. The same algorithm underlies
// Auto Layout and kiwisolver; this is an independent implementation from the paper.

/// An incremental solver for linear equalities and inequalities with priorities (the Cassowary algorithm of Badros,
/// Borning & Stuckey, 2001), as Auto Layout uses it.
///
/// ## The problem
///
/// Each constraint is `lhs relation rhs` with a priority. Required constraints (priority 1000) must hold; the others
/// are satisfied as well as possible: the solver minimises, lexicographically by priority, the weighted sum of their
/// violations (a hierarchy of "soft" constraints, the paper's §2). Non-required constraints therefore never conflict:
/// they are violated by the least amount their priority allows.
///
/// ## The tableau
///
/// Every constraint becomes one equation over *symbols* (paper §3): the user's variables (*external*, unrestricted in
/// sign) plus per-constraint symbols restricted to be ≥ 0:
/// - an inequality `e ≤ 0` gets a slack `s`: `e + s = 0`; `e ≥ 0` gets `e − s = 0`;
/// - a non-required inequality also gets an error `ε` absorbing a violation: `e + s − ε = 0`, and `ε` enters the
///   objective with the constraint's strength;
/// - a non-required equality gets two errors: `e − ε⁺ + ε⁻ = 0`, both in the objective;
/// - a required equality gets a *dummy* symbol that never takes a value other than 0; it only marks the equation so
///   that it can be found again when the constraint is removed.
///
/// The equations are kept in *basic feasible solved form* (§3.1): each row expresses one basic symbol as a constant
/// plus a linear combination of parametric (non-basic) symbols. Setting the parametric symbols to 0 gives the current
/// solution: a basic variable's value is its row's constant, a parametric one is 0 (so unconstrained variables read 0).
/// Feasibility means every restricted basic symbol has a constant ≥ 0. The objective is kept as a row over the
/// parametric symbols too; the solution is optimal when no parametric symbol has a negative objective coefficient.
///
/// ## Incremental operations
///
/// - **Adding** (§4.1–4.2): the new equation is rewritten over the parametric symbols (substituting basic rows) and made
///   to have a non-negative constant. If it contains an external symbol, or its own slack/error with a negative
///   coefficient, that symbol becomes its basic *subject* and is substituted everywhere. Otherwise an *artificial*
///   variable is added as the row's basic symbol and minimised by the primal simplex (phase one): the constraint is
///   satisfiable exactly when the artificial variable reaches 0. A required constraint that is not throws
///   ``SolverError/unsatisfiable(_:)``, and every pivot made is undone in reverse order, so the tableau and the
///   solution are those from before the call. Then the primal simplex re-optimises the objective.
/// - **Removing** (§4.3): the constraint's error symbols leave the objective; its marker symbol is made basic by a
///   pivot chosen so the tableau stays feasible (the restricted row with the smallest ratio), and that row is dropped.
///   Then the primal simplex re-optimises. One refinement: a *basic* dummy (left by a redundant required equality)
///   must stay exactly 0, so a dummy row is preferred as the pivot row when it mentions the marker (see
///   `markerLeavingRow`); kiwisolver lacks this and can violate a required equality after such a removal.
/// - **Edit variables** (§4.4 and §5): an edit variable is a non-required `v == value` constraint, starting at the
///   variable's current value (so adding one moves nothing); ``suggestValue(_:_:)`` changes its constant in place,
///   which may make rows infeasible while keeping the objective optimal, and the *dual* simplex restores feasibility.
///   This is the cheap path for dragging and animating.
///
/// ## Strengths
///
/// A UIKit priority `p` (`0 < p ≤ 1000`) maps to a Cassowary strength as follows:
/// - `p == 1000` is *required*: a hard constraint with no error symbols. An edit variable cannot be required.
/// - `p < 1000` gives each error symbol the **symbolic weight** with a single component `weight` (1 unless given) at
///   level `p` (the paper's symbolic weights, §2). Objective coefficients are vectors indexed by level and compared
///   lexicographically from the highest level down, so one unit of violation at priority 751 outweighs any amount of
///   violation at 750 and below, for any number of constraints and any spread of priorities — unlike a numeric
///   mapping such as `1000^level`, which overflows `Double` for hundreds of levels and loses the lower levels to
///   rounding after about five. Within one level, violations add up with their weights (an L1 norm).
///
/// ## Determinism and numerics
///
/// Rows are sparse, sorted by symbol id (parallel arrays, so copying and merging long rows is cheap), and the
/// tableau keeps a column index (which rows mention each symbol) so substitutions, ratio tests and edits only touch
/// the rows concerned. No result depends on a dictionary's or set's iteration order: every choice is made by value
/// with ties broken by the lowest symbol id (the primal simplex enters the lowest-id symbol with a negative cost and
/// leaves by the minimum ratio, Bland's rule, which also prevents cycling; the dual simplex repairs the lowest-id
/// infeasible row first), and each cell of a sum is updated once, so the order of updates does not matter. Symbol
/// ids grow in creation order, which follows the order of the calls, so the same calls give bit-identical results.
/// Coefficients, constants and weight components below `1e-8` in magnitude are treated as zero.
public final class LayoutSolver {
  /// The per-constraint symbols: `marker` (slack, first error or dummy) and `other` (second error symbol, or 0).
  struct Tag {
    var marker = 0
    var other = 0
  }

  /// A constraint as given, `Σ terms + constant relation 0`, kept so it can be removed and added again.
  struct Definition {
    var terms: [(variable: Int, coefficient: Double)]
    var constant: Double
    var relation: LayoutRelation
    var isRequired: Bool
    var strength: SymbolicWeight
    var isEdit: Bool
  }

  struct EditInfo {
    var constraint: Int
    var constant: Double
  }

  // The state below is internal rather than private only so that the solver's own extensions
  // (LayoutSolver+Adding, +Simplex and +Tableau) can reach it; nothing else in the module touches it.

  /// Variables' external symbols, by variable id (0 until the variable is first used in a constraint).
  @exclusivity(unchecked) var variableSymbols: [Int] = []

  // Symbols, indexed by symbol id (0 is the invalid symbol): kind and row when basic.
  @exclusivity(unchecked) var kinds: [SymbolKind] = [.invalid]
  @exclusivity(unchecked) var rows: [SolverRow?] = [nil]
  /// Which rows mention each symbol.
  @exclusivity(unchecked) var columns = ColumnIndex()
  /// Scratch buffers for the cells a substitution adds or cancels.
  @exclusivity(unchecked) var addedCells: [Int] = []
  @exclusivity(unchecked) var removedCells: [Int] = []

  /// The objective row (its constant is not kept), and the parametric symbols with a negative cost.
  @exclusivity(unchecked) var objective: [Int: SymbolicWeight] = [:]
  @exclusivity(unchecked) var negativeCosts: Set<Int> = []
  /// The phase-one objective while a constraint is being added through an artificial variable.
  @exclusivity(unchecked) var artificial: SolverRow?
  /// Pivots made while `artificial` is being minimised, to undo them if the constraint is unsatisfiable.
  @exclusivity(unchecked) var journal: [(entering: Int, leaving: Int)]?
  /// Restricted basic symbols whose rows may have a negative constant (for the dual simplex).
  @exclusivity(unchecked) var infeasible: Set<Int> = []

  // Constraints, indexed by constraint id; the active ones by id; edit variables by variable id.
  @exclusivity(unchecked) var definitions: [Definition] = []
  @exclusivity(unchecked) var tags: [Int: Tag] = [:]
  @exclusivity(unchecked) var edits: [Int: EditInfo] = [:]
  @exclusivity(unchecked) var userConstraints = 0

  public init() {}

  // MARK: - Variables

  /// A new variable. It reads 0 until a constraint determines it.
  public func makeVariable(_ name: String) -> LayoutVariable {
    let variable = LayoutVariable(id: variableSymbols.count, name: name)
    variableSymbols.append(0)
    return variable
  }

  /// Whether the current solution pins `variable` (Auto Layout's "not ambiguous"): it is basic, and every parametric
  /// symbol its row depends on is a dummy (fixed at 0) or has a positive reduced cost in the objective. A parametric
  /// variable, or one whose row holds an external symbol or a cost-free slack, can move without any constraint being
  /// violated more, so the layout does not determine it. O(row length); nothing changes.
  public func isDetermined(_ variable: LayoutVariable) -> Bool {
    guard variable.id >= 0, variable.id < variableSymbols.count else { return false }
    let symbol = variableSymbols[variable.id]
    guard symbol != 0, let row = rows[symbol] else { return false }
    for (parametric, coefficient) in zip(row.symbols, row.coefficients) where !nearZero(coefficient) {
      switch kinds[parametric] {
      case .dummy, .invalid: continue
      case .external: return false
      case .slack, .error: if (objective[parametric] ?? SymbolicWeight()).isZero { return false }
      }
    }
    return true
  }

  /// The variable's value in the current (always up-to-date) solution; 0 for a variable no constraint determines.
  public func value(of variable: LayoutVariable) -> Double {
    guard variable.id >= 0, variable.id < variableSymbols.count else { return 0 }
    let symbol = variableSymbols[variable.id]
    guard symbol != 0, let row = rows[symbol] else { return 0 }
    return nearZero(row.constant) ? 0 : row.constant
  }

  /// The number of constraints added with `add` and not removed (edit variables are not counted).
  public var constraintCount: Int { userConstraints }

  /// Whether the constraint is currently in the solver.
  public func contains(_ constraint: LayoutConstraint) -> Bool {
    tags[constraint.id] != nil && !definitions[constraint.id].isEdit
  }

  /// Whether `variable` is an edit variable.
  public func hasEditVariable(_ variable: LayoutVariable) -> Bool { edits[variable.id] != nil }

  // MARK: - Constraints

  /// Adds `lhs relation rhs` at a UIKit priority (`0 < priority ≤ 1000`, 1000 = required) and returns its handle.
  /// Throws ``SolverError/unsatisfiable(_:)`` (solver unchanged) when a required constraint conflicts with the
  /// required constraints already present; non-required constraints never throw.
  @discardableResult
  public func add(_ lhs: LinearExpression, _ relation: LayoutRelation, _ rhs: LinearExpression, priority: Double)
    throws(SolverError) -> LayoutConstraint
  {
    try add(lhs, relation, rhs, priority: priority, weight: 1)
  }

  /// ``add(_:_:_:priority:)`` for any mix of variables, expressions and constants.
  @discardableResult
  public func add(
    _ lhs: some LinearExpressionConvertible, _ relation: LayoutRelation, _ rhs: some LinearExpressionConvertible,
    priority: Double
  ) throws(SolverError) -> LayoutConstraint {
    try add(lhs.linearExpression, relation, rhs.linearExpression, priority: priority, weight: 1)
  }

  /// ``add(_:_:_:priority:)`` with a weight within the priority level (Cassowary's "weight" of a strength): the
  /// violation of this constraint counts `weight` times against the others of the same priority. Ignored for required
  /// constraints; must be finite and positive.
  @discardableResult
  public func add(
    _ lhs: LinearExpression, _ relation: LayoutRelation, _ rhs: LinearExpression, priority: Double, weight: Double
  ) throws(SolverError) -> LayoutConstraint {
    guard priority > 0, priority <= 1000 else { throw .invalidPriority(priority) }
    guard weight > 0, weight.isFinite else { throw .invalidPriority(weight) }
    let isRequired = priority >= 1000
    let (terms, constant) = Self.reduce(lhs - rhs)
    let handle = LayoutConstraint(id: definitions.count)
    definitions.append(
      Definition(
        terms: terms, constant: constant, relation: relation, isRequired: isRequired,
        strength: isRequired ? SymbolicWeight() : SymbolicWeight(level: priority, value: weight), isEdit: false))
    try insert(handle)
    userConstraints += 1
    return handle
  }

  /// Adds back a constraint that was removed (or that was rejected as unsatisfiable).
  public func add(_ constraint: LayoutConstraint) throws(SolverError) {
    guard constraint.id >= 0, constraint.id < definitions.count, !definitions[constraint.id].isEdit else {
      throw .unknownConstraint(constraint)
    }
    guard tags[constraint.id] == nil else { throw .duplicate(constraint) }
    try insert(constraint)
    userConstraints += 1
  }

  /// Removes a constraint and re-optimises.
  public func remove(_ constraint: LayoutConstraint) throws(SolverError) {
    guard contains(constraint) else { throw .unknownConstraint(constraint) }
    extract(constraint.id)
    userConstraints -= 1
  }

  // MARK: - Edit variables

  /// Makes `variable` an edit variable: a non-required `variable == value` constraint whose value
  /// ``suggestValue(_:_:)`` changes. It starts at the variable's current value, so adding it moves nothing.
  public func addEditVariable(_ variable: LayoutVariable, priority: Double) throws(SolverError) {
    guard edits[variable.id] == nil else { throw .duplicateEditVariable(variable) }
    guard priority > 0 else { throw .invalidPriority(priority) }
    guard priority < 1000 else { throw .badRequiredStrength }
    let current = value(of: variable)
    let id = definitions.count
    definitions.append(
      Definition(
        terms: [(variable.id, 1)], constant: -current, relation: .equal, isRequired: false,
        strength: SymbolicWeight(level: priority, value: 1), isEdit: true))
    do {
      try insert(LayoutConstraint(id: id))
    } catch {
      preconditionFailure("a non-required constraint cannot be unsatisfiable")
    }
    edits[variable.id] = EditInfo(constraint: id, constant: current)
  }

  /// Removes an edit variable (and its constraint).
  public func removeEditVariable(_ variable: LayoutVariable) throws(SolverError) {
    guard let info = edits.removeValue(forKey: variable.id) else { throw .unknownEditVariable(variable) }
    extract(info.constraint)
  }

  /// Suggests a value for an edit variable; the solution follows at once (dual simplex).
  public func suggestValue(_ variable: LayoutVariable, _ value: Double) throws(SolverError) {
    guard var info = edits[variable.id], let tag = tags[info.constraint] else {
      throw .unknownEditVariable(variable)
    }
    let delta = value - info.constant
    info.constant = value
    edits[variable.id] = info
    definitions[info.constraint].constant = -value
    // The row reads `variable − value − ε⁺ + ε⁻ = 0`: changing `value` by delta is the substitution ε⁺ → ε⁺ + delta.
    if let row = rows[tag.marker] {
      row.constant -= delta
      if row.constant < 0 { infeasible.insert(tag.marker) }
    } else if let row = rows[tag.other] {
      row.constant += delta
      if row.constant < 0 { infeasible.insert(tag.other) }
    } else {
      for basic in columns.compact(tag.marker, rows) {
        let row = rows[basic]!
        row.constant += delta * row.coefficient(of: tag.marker)
        if kinds[basic] != .external && row.constant < 0 { infeasible.insert(basic) }
      }
    }
    dualOptimize()
  }
}

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
  private struct Tag {
    var marker = 0
    var other = 0
  }

  /// A constraint as given, `Σ terms + constant relation 0`, kept so it can be removed and added again.
  private struct Definition {
    var terms: [(variable: Int, coefficient: Double)]
    var constant: Double
    var relation: LayoutRelation
    var isRequired: Bool
    var strength: SymbolicWeight
    var isEdit: Bool
  }

  private struct EditInfo {
    var constraint: Int
    var constant: Double
  }

  /// Variables' external symbols, by variable id (0 until the variable is first used in a constraint).
  private var variableSymbols: [Int] = []

  // Symbols, indexed by symbol id (0 is the invalid symbol): kind and row when basic.
  private var kinds: [SymbolKind] = [.invalid]
  private var rows: [SolverRow?] = [nil]
  /// Which rows mention each symbol.
  private var columns = ColumnIndex()
  /// Scratch buffers for the cells a substitution adds or cancels.
  private var addedCells: [Int] = []
  private var removedCells: [Int] = []

  /// The objective row (its constant is not kept), and the parametric symbols with a negative cost.
  private var objective: [Int: SymbolicWeight] = [:]
  private var negativeCosts: Set<Int> = []
  /// The phase-one objective while a constraint is being added through an artificial variable.
  private var artificial: SolverRow?
  /// Pivots made while `artificial` is being minimised, to undo them if the constraint is unsatisfiable.
  private var journal: [(entering: Int, leaving: Int)]?
  /// Restricted basic symbols whose rows may have a negative constant (for the dual simplex).
  private var infeasible: Set<Int> = []

  // Constraints, indexed by constraint id; the active ones by id; edit variables by variable id.
  private var definitions: [Definition] = []
  private var tags: [Int: Tag] = [:]
  private var edits: [Int: EditInfo] = [:]
  private var userConstraints = 0

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

  // MARK: - Adding and removing

  /// Combines repeated variables (first appearance order) and drops zero coefficients.
  private static func reduce(_ expression: LinearExpression) -> ([(variable: Int, coefficient: Double)], Double) {
    var terms: [(variable: Int, coefficient: Double)] = []
    var positions: [Int: Int] = [:]
    for term in expression.terms {
      if let position = positions[term.variable.id] {
        terms[position].coefficient += term.coefficient
      } else {
        positions[term.variable.id] = terms.count
        terms.append((term.variable.id, term.coefficient))
      }
    }
    return (terms.filter { !nearZero($0.coefficient) }, expression.constant)
  }

  private func insert(_ constraint: LayoutConstraint) throws(SolverError) {
    let definition = definitions[constraint.id]
    let (row, tag) = makeRow(definition)
    var subject = chooseSubject(row, tag)
    if subject == 0 && row.symbols.allSatisfy({ kinds[$0] == .dummy }) {
      // Only dummies (or nothing): the equation is implied by the required equalities when its constant is 0,
      // and contradicts them otherwise. Nothing has been changed yet.
      guard nearZero(row.constant) else { throw .unsatisfiable(constraint) }
      subject = tag.marker
    }
    if subject == 0 {
      guard addWithArtificialVariable(row) else { throw .unsatisfiable(constraint) }
    } else {
      row.solve(for: subject)
      substitute(subject, row)
      insertRow(subject, row)
    }
    tags[constraint.id] = tag
    optimize()
    dualOptimize()
  }

  /// Removes an active constraint (user or edit) from the tableau and re-optimises.
  private func extract(_ id: Int) {
    guard let tag = tags.removeValue(forKey: id) else { return }
    let definition = definitions[id]
    // Take the constraint's error symbols out of the objective.
    if !definition.isRequired {
      for symbol in [tag.marker, tag.other] where symbol != 0 && kinds[symbol] == .error {
        if let row = rows[symbol] {
          for (parametric, coefficient) in zip(row.symbols, row.coefficients) {
            addToObjective(parametric, definition.strength, times: -coefficient)
          }
        } else {
          addToObjective(symbol, definition.strength, times: -1)
        }
      }
    }
    // Make the marker basic and drop its row, which removes the constraint's equation.
    if rows[tag.marker] != nil {
      _ = removeRow(tag.marker)
    } else if let leaving = markerLeavingRow(tag.marker) {
      let row = removeRow(leaving)!
      row.solve(for: tag.marker, replacing: leaving)
      substitute(tag.marker, row)
    }
    optimize()
    dualOptimize()
  }

  /// The constraint's equation over the current parametric symbols, with a non-negative constant (paper §4.1).
  private func makeRow(_ definition: Definition) -> (SolverRow, Tag) {
    let row = SolverRow(constant: definition.constant)
    for term in definition.terms {
      let symbol = externalSymbol(term.variable)
      if let basic = rows[symbol] {
        row.insert(basic, term.coefficient)
      } else {
        row.insert(symbol, term.coefficient)
      }
    }
    var tag = Tag()
    switch definition.relation {
    case .lessOrEqual, .greaterOrEqual:
      let sign: Double = definition.relation == .lessOrEqual ? 1 : -1
      tag.marker = makeSymbol(.slack)
      row.insert(tag.marker, sign)
      if !definition.isRequired {
        tag.other = makeSymbol(.error)
        row.insert(tag.other, -sign)
        addToObjective(tag.other, definition.strength, times: 1)
      }
    case .equal:
      if definition.isRequired {
        tag.marker = makeSymbol(.dummy)
        row.insert(tag.marker, 1)
      } else {
        tag.marker = makeSymbol(.error)
        tag.other = makeSymbol(.error)
        row.insert(tag.marker, -1)
        row.insert(tag.other, 1)
        addToObjective(tag.marker, definition.strength, times: 1)
        addToObjective(tag.other, definition.strength, times: 1)
      }
    }
    if row.constant < 0 { row.reverseSign() }
    return (row, tag)
  }

  /// The symbol to solve a new row for: its lowest-id external symbol, else its own slack or error symbol if that has
  /// a negative coefficient (so the solved row stays feasible), else none (0).
  private func chooseSubject(_ row: SolverRow, _ tag: Tag) -> Int {
    // Cells are sorted by id: the first external one is the lowest.
    if let subject = row.symbols.first(where: { kinds[$0] == .external }) { return subject }
    for symbol in [tag.marker, tag.other] where kinds[symbol].isPivotable && row.coefficient(of: symbol) < 0 {
      return symbol
    }
    return 0
  }

  /// Phase one (paper §4.2): adds `row` with an artificial basic variable, minimises it, and keeps the row if it
  /// reaches 0. Otherwise undoes every pivot and returns false, leaving the tableau as it was.
  private func addWithArtificialVariable(_ row: SolverRow) -> Bool {
    let art = makeSymbol(.slack)
    insertRow(art, row.copy())
    artificial = row.copy()
    let previouslyInfeasible = infeasible
    journal = []
    optimize(artificialObjective: true)
    let success = nearZero(artificial!.constant)
    artificial = nil
    let pivots = journal!
    journal = nil
    if !success {
      for step in pivots.reversed() { pivot(entering: step.leaving, leaving: step.entering) }
      _ = removeRow(art)
      removeColumn(art)
      if objective.removeValue(forKey: art) != nil { negativeCosts.remove(art) }
      infeasible = previouslyInfeasible
      return false
    }
    if let artRow = removeRow(art), !artRow.isEmpty {
      // Still basic (at 0): pivot it out on a restricted symbol, preferring a slack or error symbol.
      var entering = 0
      for symbol in artRow.symbols where entering == 0 || Self.enteringOrder(symbol, entering, kinds) {
        entering = symbol
      }
      artRow.solve(for: entering, replacing: art)
      substitute(entering, artRow)
      insertRow(entering, artRow)
    }
    removeColumn(art)
    if objective.removeValue(forKey: art) != nil { negativeCosts.remove(art) }
    return true
  }

  /// Whether `a` is preferred to `b` to pivot an artificial variable out: slack/error before others, then lowest id.
  private static func enteringOrder(_ a: Int, _ b: Int, _ kinds: [SymbolKind]) -> Bool {
    let (pivotableA, pivotableB) = (kinds[a].isPivotable, kinds[b].isPivotable)
    return pivotableA != pivotableB ? pivotableA : a < b
  }

  // MARK: - Simplex

  /// Primal simplex (paper §3.2): while some parametric symbol has a negative cost, pivot the lowest-id one in,
  /// leaving by the minimum ratio over restricted rows (ties: lowest id).
  private func optimize(artificialObjective: Bool = false) {
    // Symbols whose column offers no leaving row. Both objectives are bounded below (by 0), so that can only be
    // rounding noise on a cost; the symbol is passed over rather than reported as an unbounded objective.
    var unbounded: Set<Int> = []
    while true {
      let entering: Int
      if artificialObjective {
        let row = artificial!
        entering =
          zip(row.symbols, row.coefficients).first {
            $0.1 < 0 && kinds[$0.0] != .dummy && !unbounded.contains($0.0)
          }?.0 ?? 0
      } else if unbounded.isEmpty {
        entering = negativeCosts.min() ?? 0
      } else {
        entering = negativeCosts.lazy.filter { !unbounded.contains($0) }.min() ?? 0
      }
      guard entering != 0 else { return }
      var leaving = 0
      var ratio = Double.infinity
      for basic in columns.entries[entering] where kinds[basic] != .external {
        guard let row = rows[basic] else { continue }
        let coefficient = row.coefficient(of: entering)
        guard coefficient < 0 else { continue }
        let candidate = -row.constant / coefficient
        if candidate < ratio || (candidate == ratio && basic < leaving) {
          ratio = candidate
          leaving = basic
        }
      }
      guard leaving != 0 else {
        unbounded.insert(entering)
        continue
      }
      pivot(entering: entering, leaving: leaving)
    }
  }

  /// Dual simplex (paper §5): while a restricted basic symbol is negative (lowest id first), pivot it out on the
  /// parametric symbol with the smallest cost/coefficient ratio among positive coefficients (ties: lowest id),
  /// which keeps the objective optimal.
  private func dualOptimize() {
    while let leaving = infeasible.min() {
      infeasible.remove(leaving)
      guard let row = rows[leaving], row.constant < 0 else { continue }
      var entering = 0
      var enteringCost = SymbolicWeight()
      var enteringCoefficient = 1.0
      for (symbol, coefficient) in zip(row.symbols, row.coefficients) where coefficient > 0 && kinds[symbol] != .dummy {
        let cost = objective[symbol] ?? SymbolicWeight()
        if entering != 0 {
          let order = SymbolicWeight.compare(
            cost, scaledBy: 1 / coefficient, enteringCost, scaledBy: 1 / enteringCoefficient)
          guard order < 0 || (order == 0 && symbol < entering) else { continue }
        }
        entering = symbol
        enteringCost = cost
        enteringCoefficient = coefficient
      }
      // No entering symbol would mean the required constraints conflict, which `add` rules out.
      guard entering != 0 else { continue }
      pivot(entering: entering, leaving: leaving)
    }
  }

  /// The row to pivot on when removing a constraint whose marker is parametric (paper §4.3): among restricted rows
  /// with a negative coefficient the smallest −constant/coefficient, else among restricted rows the smallest
  /// constant/coefficient, else an external row; ties go to the lowest id.
  ///
  /// One refinement over the paper (and kiwisolver): a basic dummy symbol (from a required equality that was
  /// redundant when added) must stay exactly 0, not merely ≥ 0. Its row holds only dummy symbols and a zero constant,
  /// and pivoting a dummy marker on any other row would move it off 0 (e.g. `2x == 236`, `3x == 354` both required
  /// and `x ≤ 116` at 750: removing the first would give x = 116). So a dummy row containing the marker comes first:
  /// its ratio is 0, no value changes, and dummy rows keep holding only dummies.
  private func markerLeavingRow(_ marker: Int) -> Int? {
    var dummy = 0
    var first = (ratio: Double.infinity, row: 0)
    var second = (ratio: Double.infinity, row: 0)
    var third = 0
    for basic in columns.entries[marker] {
      guard let row = rows[basic] else { continue }
      let coefficient = row.coefficient(of: marker)
      guard coefficient != 0 else { continue }
      if kinds[basic] == .dummy {
        if dummy == 0 || basic < dummy { dummy = basic }
      } else if kinds[basic] == .external {
        if third == 0 || basic < third { third = basic }
      } else if coefficient < 0 {
        let ratio = -row.constant / coefficient
        if first.row == 0 || ratio < first.ratio || (ratio == first.ratio && basic < first.row) {
          first = (ratio, basic)
        }
      } else {
        let ratio = row.constant / coefficient
        if second.row == 0 || ratio < second.ratio || (ratio == second.ratio && basic < second.row) {
          second = (ratio, basic)
        }
      }
    }
    for candidate in [dummy, first.row, second.row, third] where candidate != 0 { return candidate }
    return nil
  }

  /// Exchanges a basic and a parametric symbol.
  private func pivot(entering: Int, leaving: Int) {
    let row = removeRow(leaving)!
    row.solve(for: entering, replacing: leaving)
    substitute(entering, row)
    insertRow(entering, row)
    journal?.append((entering, leaving))
  }

  // MARK: - Tableau bookkeeping

  private func makeSymbol(_ kind: SymbolKind) -> Int {
    kinds.append(kind)
    rows.append(nil)
    columns.appendSymbol()
    return kinds.count - 1
  }

  private func externalSymbol(_ variable: Int) -> Int {
    while variable >= variableSymbols.count { variableSymbols.append(0) }
    if variableSymbols[variable] == 0 { variableSymbols[variable] = makeSymbol(.external) }
    return variableSymbols[variable]
  }

  private func insertRow(_ basic: Int, _ row: SolverRow) {
    rows[basic] = row
    columns.add(row.symbols, basic, rows)
  }

  private func removeRow(_ basic: Int) -> SolverRow? {
    guard let row = rows[basic] else { return nil }
    rows[basic] = nil
    columns.remove(row.symbols)
    return row
  }

  /// Deletes `symbol` from every row (it is being fixed at 0).
  private func removeColumn(_ symbol: Int) {
    for basic in columns.entries[symbol] { rows[basic]?.remove(symbol) }
    columns.clear(symbol)
  }

  /// Replaces the parametric `symbol` by `row` in every tableau row, the objective and the artificial objective.
  private func substitute(_ symbol: Int, _ row: SolverRow) {
    let users = columns.entries[symbol]
    columns.clear(symbol)
    for basic in users {
      // Skips stale entries, and duplicates once the first has removed the cell.
      guard let target = rows[basic], let factor = target.remove(symbol) else { continue }
      addedCells.removeAll(keepingCapacity: true)
      removedCells.removeAll(keepingCapacity: true)
      target.add(row, times: factor, recording: true, added: &addedCells, removed: &removedCells)
      columns.add(addedCells, basic, rows)
      columns.remove(removedCells)
      if kinds[basic] != .external && target.constant < 0 { infeasible.insert(basic) }
    }
    if let cost = objective.removeValue(forKey: symbol) {
      negativeCosts.remove(symbol)
      for (parametric, coefficient) in zip(row.symbols, row.coefficients) {
        addToObjective(parametric, cost, times: coefficient)
      }
    }
    artificial?.substitute(symbol, row)
  }

  /// `objective[symbol] += factor·weight`, keeping `negativeCosts` in step.
  private func addToObjective(_ symbol: Int, _ weight: SymbolicWeight, times factor: Double) {
    let cost: SymbolicWeight
    if let index = objective.index(forKey: symbol) {
      objective.values[index].add(weight, times: factor)
      cost = objective.values[index]
      if cost.isZero { objective.remove(at: index) }
    } else {
      var fresh = SymbolicWeight()
      fresh.add(weight, times: factor)
      cost = fresh
      if !cost.isZero { objective[symbol] = cost }
    }
    if cost.isNegative && kinds[symbol] != .dummy {
      negativeCosts.insert(symbol)
    } else {
      negativeCosts.remove(symbol)
    }
  }
}

/// The tableau's column index, by symbol id: the basic symbols whose rows may mention the symbol. Entries go stale
/// when a cell cancels out or a row leaves the tableau (and may repeat when a cell comes back); readers check the row
/// before use. `sizes` counts the live cells, and a column is compacted when it holds more than twice that.
private struct ColumnIndex {
  var entries: [[Int]] = [[]]
  private var sizes: [Int] = [0]
  /// Per-symbol marks for deduplicating while compacting.
  private var marks: [Int] = [0]
  private var markCounter = 0

  mutating func appendSymbol() {
    entries.append([])
    sizes.append(0)
    marks.append(0)
  }

  /// Records that the row of `basic` gained cells for `symbols`.
  mutating func add(_ symbols: [Int], _ basic: Int, _ rows: [SolverRow?]) {
    for symbol in symbols {
      entries[symbol].append(basic)
      sizes[symbol] += 1
      if entries[symbol].count > 2 * sizes[symbol] + 16 { compact(symbol, rows) }
    }
  }

  /// Records that some row lost its cells for `symbols`.
  mutating func remove(_ symbols: [Int]) {
    for symbol in symbols { sizes[symbol] -= 1 }
  }

  /// Records that no row mentions `symbol` any more.
  mutating func clear(_ symbol: Int) {
    entries[symbol] = []
    sizes[symbol] = 0
  }

  /// Drops the stale and duplicate entries of a column and returns it: each row mentioning `symbol` once.
  @discardableResult
  mutating func compact(_ symbol: Int, _ rows: [SolverRow?]) -> [Int] {
    markCounter += 1
    var live: [Int] = []
    for basic in entries[symbol] where marks[basic] != markCounter {
      guard let row = rows[basic], row.coefficient(of: symbol) != 0 else { continue }
      marks[basic] = markCounter
      live.append(basic)
    }
    entries[symbol] = live
    return live
  }
}

// Adding and removing constraints: the paper's §4.1–4.3.

extension LayoutSolver {
  /// Combines repeated variables (first appearance order) and drops zero coefficients.
  static func reduce(_ expression: LinearExpression) -> ([(variable: Int, coefficient: Double)], Double) {
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

  func insert(_ constraint: LayoutConstraint) throws(SolverError) {
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
  func extract(_ id: Int) {
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
  func makeRow(_ definition: Definition) -> (SolverRow, Tag) {
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
  func chooseSubject(_ row: SolverRow, _ tag: Tag) -> Int {
    // Cells are sorted by id: the first external one is the lowest.
    if let subject = row.symbols.first(where: { kinds[$0] == .external }) { return subject }
    for symbol in [tag.marker, tag.other] where kinds[symbol].isPivotable && row.coefficient(of: symbol) < 0 {
      return symbol
    }
    return 0
  }

  /// Phase one (paper §4.2): adds `row` with an artificial basic variable, minimises it, and keeps the row if it
  /// reaches 0. Otherwise undoes every pivot and returns false, leaving the tableau as it was.
  func addWithArtificialVariable(_ row: SolverRow) -> Bool {
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
  static func enteringOrder(_ a: Int, _ b: Int, _ kinds: [SymbolKind]) -> Bool {
    let (pivotableA, pivotableB) = (kinds[a].isPivotable, kinds[b].isPivotable)
    return pivotableA != pivotableB ? pivotableA : a < b
  }
}

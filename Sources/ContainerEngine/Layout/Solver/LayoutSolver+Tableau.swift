// Tableau bookkeeping: symbols, rows, substitution and the objective, keeping the column index in step.

extension LayoutSolver {
  func makeSymbol(_ kind: SymbolKind) -> Int {
    kinds.append(kind)
    rows.append(nil)
    columns.appendSymbol()
    return kinds.count - 1
  }

  func externalSymbol(_ variable: Int) -> Int {
    while variable >= variableSymbols.count { variableSymbols.append(0) }
    if variableSymbols[variable] == 0 { variableSymbols[variable] = makeSymbol(.external) }
    return variableSymbols[variable]
  }

  func insertRow(_ basic: Int, _ row: SolverRow) {
    rows[basic] = row
    columns.add(row.symbols, basic, rows)
  }

  func removeRow(_ basic: Int) -> SolverRow? {
    guard let row = rows[basic] else { return nil }
    rows[basic] = nil
    columns.remove(row.symbols)
    return row
  }

  /// Deletes `symbol` from every row (it is being fixed at 0).
  func removeColumn(_ symbol: Int) {
    for basic in columns.entries[symbol] { rows[basic]?.remove(symbol) }
    columns.clear(symbol)
  }

  /// Replaces the parametric `symbol` by `row` in every tableau row, the objective and the artificial objective.
  func substitute(_ symbol: Int, _ row: SolverRow) {
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
  func addToObjective(_ symbol: Int, _ weight: SymbolicWeight, times factor: Double) {
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

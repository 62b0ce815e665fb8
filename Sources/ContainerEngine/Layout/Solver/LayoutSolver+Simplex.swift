// The primal and dual simplex: the paper's §3.2 and §5.

extension LayoutSolver {
  /// Primal simplex (paper §3.2): while some parametric symbol has a negative cost, pivot the lowest-id one in,
  /// leaving by the minimum ratio over restricted rows (ties: lowest id).
  func optimize(artificialObjective: Bool = false) {
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
  func dualOptimize() {
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
  func markerLeavingRow(_ marker: Int) -> Int? {
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
  func pivot(entering: Int, leaving: Int) {
    let row = removeRow(leaving)!
    row.solve(for: entering, replacing: leaving)
    substitute(entering, row)
    insertRow(entering, row)
    journal?.append((entering, leaving))
  }
}

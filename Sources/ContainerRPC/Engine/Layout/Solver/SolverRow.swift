/// The solver's tolerance: a coefficient, constant or weight component below this in magnitude is zero.
let solverEpsilon = 1e-8

@inline(__always) func nearZero(_ value: Double) -> Bool { abs(value) < solverEpsilon }

/// The kinds of tableau symbols (paper §3): external symbols are the user's variables and are unrestricted in sign;
/// slack, error and dummy symbols are restricted to be ≥ 0 (a dummy is additionally never allowed to enter the basis
/// by the optimisers, so it stays 0: it only marks a required equality).
enum SymbolKind: UInt8 {
  case invalid, external, slack, error, dummy

  var isRestricted: Bool { self != .external && self != .invalid }
  var isPivotable: Bool { self == .slack || self == .error }
}

/// One tableau row `basic = constant + Σ cells[s]·s` over parametric (non-basic) symbols, identified by their ids.
/// Sparse: symbols whose coefficient is near zero are absent. Rows that sit in the tableau are only changed through
/// `LayoutSolver`, which keeps its column index in step; the methods here are for rows outside it.
final class SolverRow {
  var cells: [Int: Double]
  var constant: Double

  init(constant: Double = 0, cells: [Int: Double] = [:]) {
    self.constant = constant
    self.cells = cells
  }

  func copy() -> SolverRow { SolverRow(constant: constant, cells: cells) }

  func coefficient(of symbol: Int) -> Double { cells[symbol] ?? 0 }

  /// Adds `coefficient·symbol`, dropping the cell if the sum is near zero.
  func insert(_ symbol: Int, _ coefficient: Double) {
    if let index = cells.index(forKey: symbol) {
      let sum = cells.values[index] + coefficient
      if nearZero(sum) { cells.remove(at: index) } else { cells.values[index] = sum }
    } else if !nearZero(coefficient) {
      cells[symbol] = coefficient
    }
  }

  /// Adds `coefficient·other` (constant included).
  func insert(_ other: SolverRow, _ coefficient: Double) {
    constant += other.constant * coefficient
    for (symbol, value) in other.cells { insert(symbol, value * coefficient) }
  }

  func reverseSign() {
    constant = -constant
    for index in cells.indices { cells.values[index] = -cells.values[index] }
  }

  /// Rewrites `0 = constant + Σ cells` as `symbol = …`, removing `symbol` from the cells.
  func solve(for symbol: Int) {
    let factor = -1 / cells.removeValue(forKey: symbol)!
    constant *= factor
    for index in cells.indices { cells.values[index] *= factor }
  }

  /// Rewrites `lhs = constant + Σ cells` (where `rhs` is in the cells) as `rhs = …`.
  func solve(for rhs: Int, replacing lhs: Int) {
    insert(lhs, -1)
    solve(for: rhs)
  }

  /// Replaces `symbol` (if present) by the expression `row`.
  func substitute(_ symbol: Int, _ row: SolverRow) {
    if let coefficient = cells.removeValue(forKey: symbol) { insert(row, coefficient) }
  }
}

/// A symbolic weight (paper §2, "symbolic weights"): a vector of per-priority-level amounts compared
/// lexicographically from the highest level down, so one unit at a level outweighs any amount at every lower level.
/// Stored sparsely as components sorted by level, highest first, with near-zero components dropped (so the first
/// component alone decides the sign).
struct SymbolicWeight {
  struct Component {
    var level: Double
    var value: Double
  }

  var components: [Component] = []

  init() {}

  init(level: Double, value: Double) {
    if !nearZero(value) { components = [Component(level: level, value: value)] }
  }

  var isZero: Bool { components.isEmpty }
  var isNegative: Bool { components.first.map { $0.value < 0 } ?? false }

  /// `self += factor·other`.
  mutating func add(_ other: SymbolicWeight, times factor: Double) {
    if other.components.isEmpty || factor == 0 { return }
    if components.isEmpty {
      for component in other.components {
        let value = component.value * factor
        if !nearZero(value) { components.append(Component(level: component.level, value: value)) }
      }
      return
    }
    if components.count == 1, other.components.count == 1, components[0].level == other.components[0].level {
      let value = components[0].value + other.components[0].value * factor
      if nearZero(value) { components.removeAll() } else { components[0].value = value }
      return
    }
    var merged: [Component] = []
    merged.reserveCapacity(components.count + other.components.count)
    var i = 0
    var j = 0
    while i < components.count || j < other.components.count {
      let component: Component
      if j == other.components.count || (i < components.count && components[i].level > other.components[j].level) {
        component = components[i]
        i += 1
      } else if i == components.count || other.components[j].level > components[i].level {
        component = Component(level: other.components[j].level, value: other.components[j].value * factor)
        j += 1
      } else {
        component = Component(
          level: components[i].level, value: components[i].value + other.components[j].value * factor)
        i += 1
        j += 1
      }
      if !nearZero(component.value) { merged.append(component) }
    }
    components = merged
  }

  /// Compares `a·scaleA` with `b·scaleB` lexicographically, components within the tolerance being equal:
  /// −1, 0 or 1.
  static func compare(_ a: SymbolicWeight, scaledBy scaleA: Double, _ b: SymbolicWeight, scaledBy scaleB: Double)
    -> Int
  {
    var i = 0
    var j = 0
    while i < a.components.count || j < b.components.count {
      let difference: Double
      if j == b.components.count || (i < a.components.count && a.components[i].level > b.components[j].level) {
        difference = a.components[i].value * scaleA
        i += 1
      } else if i == a.components.count || b.components[j].level > a.components[i].level {
        difference = -b.components[j].value * scaleB
        j += 1
      } else {
        difference = a.components[i].value * scaleA - b.components[j].value * scaleB
        i += 1
        j += 1
      }
      if !nearZero(difference) { return difference < 0 ? -1 : 1 }
    }
    return 0
  }
}

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

/// One tableau row `basic = constant + Σ coefficients[k]·symbols[k]` over parametric (non-basic) symbols. Sparse and
/// sorted by symbol id (parallel arrays, as kiwisolver's sorted vectors): copying a long row is a copy of two arrays,
/// adding rows is a merge, and iterating goes in id order. Symbols whose coefficient is near zero are absent.
/// Rows in the tableau are changed through `LayoutSolver`, which keeps its column index in step.
final class SolverRow {
  @exclusivity(unchecked) private(set) var symbols: [Int]
  @exclusivity(unchecked) private(set) var coefficients: [Double]
  @exclusivity(unchecked) var constant: Double

  init(constant: Double = 0) {
    self.constant = constant
    symbols = []
    coefficients = []
  }

  private init(constant: Double, symbols: [Int], coefficients: [Double]) {
    self.constant = constant
    self.symbols = symbols
    self.coefficients = coefficients
  }

  func copy() -> SolverRow { SolverRow(constant: constant, symbols: symbols, coefficients: coefficients) }

  var isEmpty: Bool { symbols.isEmpty }

  /// The position of `symbol`, or where it would be inserted.
  private func position(of symbol: Int) -> (index: Int, found: Bool) {
    var low = 0
    var high = symbols.count
    while low < high {
      let middle = (low + high) / 2
      if symbols[middle] < symbol { low = middle + 1 } else { high = middle }
    }
    return (low, low < symbols.count && symbols[low] == symbol)
  }

  func coefficient(of symbol: Int) -> Double {
    let (index, found) = position(of: symbol)
    return found ? coefficients[index] : 0
  }

  /// Adds `coefficient·symbol`, dropping the cell if the sum is near zero.
  func insert(_ symbol: Int, _ coefficient: Double) {
    let (index, found) = position(of: symbol)
    if found {
      let sum = coefficients[index] + coefficient
      if nearZero(sum) {
        symbols.remove(at: index)
        coefficients.remove(at: index)
      } else {
        coefficients[index] = sum
      }
    } else if !nearZero(coefficient) {
      symbols.insert(symbol, at: index)
      coefficients.insert(coefficient, at: index)
    }
  }

  /// Removes `symbol`'s cell and returns its coefficient (nil when absent).
  @discardableResult
  func remove(_ symbol: Int) -> Double? {
    let (index, found) = position(of: symbol)
    guard found else { return nil }
    symbols.remove(at: index)
    return coefficients.remove(at: index)
  }

  /// Adds `factor·other` (constant included).
  func insert(_ other: SolverRow, _ factor: Double) {
    var added: [Int] = []
    var removed: [Int] = []
    add(other, times: factor, recording: false, added: &added, removed: &removed)
  }

  /// Adds `factor·other` (constant included) by merging; with `recording`, appends the symbols whose cells appear to
  /// `added` and those whose cells cancel out to `removed`.
  func add(_ other: SolverRow, times factor: Double, recording: Bool, added: inout [Int], removed: inout [Int]) {
    constant += other.constant * factor
    let count = symbols.count
    let otherCount = other.symbols.count
    if otherCount == 0 { return }
    var mergedSymbols: [Int] = []
    var mergedCoefficients: [Double] = []
    mergedSymbols.reserveCapacity(count + otherCount)
    mergedCoefficients.reserveCapacity(count + otherCount)
    var i = 0
    var j = 0
    while i < count || j < otherCount {
      if j == otherCount || (i < count && symbols[i] < other.symbols[j]) {
        mergedSymbols.append(symbols[i])
        mergedCoefficients.append(coefficients[i])
        i += 1
      } else if i == count || other.symbols[j] < symbols[i] {
        let value = other.coefficients[j] * factor
        if !nearZero(value) {
          mergedSymbols.append(other.symbols[j])
          mergedCoefficients.append(value)
          if recording { added.append(other.symbols[j]) }
        }
        j += 1
      } else {
        let value = coefficients[i] + other.coefficients[j] * factor
        if nearZero(value) {
          if recording { removed.append(symbols[i]) }
        } else {
          mergedSymbols.append(symbols[i])
          mergedCoefficients.append(value)
        }
        i += 1
        j += 1
      }
    }
    symbols = mergedSymbols
    coefficients = mergedCoefficients
  }

  func reverseSign() {
    constant = -constant
    for index in coefficients.indices { coefficients[index] = -coefficients[index] }
  }

  /// Rewrites `0 = constant + Σ cells` as `symbol = …`, removing `symbol` from the cells.
  func solve(for symbol: Int) {
    let factor = -1 / remove(symbol)!
    constant *= factor
    for index in coefficients.indices { coefficients[index] *= factor }
  }

  /// Rewrites `lhs = constant + Σ cells` (where `rhs` is in the cells) as `rhs = …`.
  func solve(for rhs: Int, replacing lhs: Int) {
    insert(lhs, -1)
    solve(for: rhs)
  }

  /// Replaces `symbol` (if present) by the expression `row`.
  func substitute(_ symbol: Int, _ row: SolverRow) {
    if let coefficient = remove(symbol) { insert(row, coefficient) }
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

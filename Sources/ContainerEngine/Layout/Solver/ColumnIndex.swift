/// The tableau's column index, by symbol id: the basic symbols whose rows may mention the symbol. Entries go stale
/// when a cell cancels out or a row leaves the tableau (and may repeat when a cell comes back); readers check the row
/// before use. `sizes` counts the live cells, and a column is compacted when it holds more than twice that.
struct ColumnIndex {
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

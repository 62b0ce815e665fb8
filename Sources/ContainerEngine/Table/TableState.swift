/// `IndexPath` of a table row.
public struct IndexPath: Sendable, Hashable, Comparable {
  public var section: Int
  public var row: Int
  public init(section: Int, row: Int) {
    self.section = section
    self.row = row
  }
  public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
    (lhs.section, lhs.row) < (rhs.section, rhs.row)
  }
}

/// `UITableView.Style`.
public enum TableStyle: String, Sendable, CaseIterable {
  /// Section headers stick to the top while their section scrolls (S2.8).
  case plain
  /// Headers scroll with their section.
  case grouped
}

/// Which dequeue call the data source makes (S2.8 "Reuse").
public enum DequeueMode: String, Sendable, CaseIterable {
  /// `dequeueReusableCell(withIdentifier:for:)`: needs a registered identifier, else UIKit raises
  /// NSInternalInconsistencyException "unable to dequeue a cell with identifier …".
  case forIndexPath
  /// Seed 004's generic data source (`JVSTableViewDataSource`): `dequeueReusableCellWithIdentifier:` returns nil for
  /// an unregistered identifier, and the data source raises its own `identifierError` / `cellNilError`.
  case withIdentifier
}

/// One section's rows, header and footer. Rows are either uniform (`rowCount` × `rowHeight`, one identifier: O(1)
/// memory for 10M rows) or listed (prefix sums of their heights, for binary search).
public struct TableSection: Sendable, Equatable {
  public var headerHeight: Double
  public var footerHeight: Double
  /// `sectionHeaderTopPadding`, applied above a header that has a height.
  public var topPadding: Double
  public private(set) var rowCount: Int
  /// Uniform rows: their height.
  private var uniformHeight: Double?
  /// Uniform rows: their identifier (index into the table's identifiers; -1: none).
  private var uniformIdentifier: Int32 = -1
  /// Listed rows: `rowTops[i]` is row i's y from the first row's top; `rowTops[rowCount]` is the rows' total height.
  private var rowTops: [Double] = []
  /// Listed rows: identifiers (index into the table's identifiers; -1: none).
  private var rowIdentifiers: [Int32] = []

  /// `rowCount` rows of one height and identifier.
  public init(header: Double, footer: Double, topPadding: Double, rowCount: Int, rowHeight: Double, identifier: Int32) {
    headerHeight = header
    footerHeight = footer
    self.topPadding = topPadding
    self.rowCount = rowCount
    uniformHeight = rowHeight
    uniformIdentifier = identifier
  }

  /// Listed rows.
  public init(header: Double, footer: Double, topPadding: Double, heights: [Double], identifiers: [Int32]) {
    headerHeight = header
    footerHeight = footer
    self.topPadding = topPadding
    rowCount = heights.count
    var tops = [Double]()
    tops.reserveCapacity(heights.count + 1)
    var y = 0.0
    tops.append(0)
    for height in heights {
      y += height
      tops.append(y)
    }
    rowTops = tops
    rowIdentifiers = identifiers
  }

  /// The padding actually applied (only above a header with a height).
  var appliedPadding: Double { headerHeight > 0 ? topPadding : 0 }
  /// The y of the first row from the section's top.
  var rowsTop: Double { appliedPadding + headerHeight }
  /// The rows' total height.
  var rowsHeight: Double { uniformHeight.map { $0 * Double(rowCount) } ?? rowTops[rowCount] }
  /// The section's height: padding, header, rows, footer (S2.8 layout rule).
  var height: Double { rowsTop + rowsHeight + footerHeight }

  /// Row `row`'s top, from the first row's top.
  func rowTop(_ row: Int) -> Double { uniformHeight.map { $0 * Double(row) } ?? rowTops[row] }
  func rowHeight(_ row: Int) -> Double { uniformHeight ?? (rowTops[row + 1] - rowTops[row]) }
  func identifierIndex(_ row: Int) -> Int32 { uniformHeight == nil ? rowIdentifiers[row] : uniformIdentifier }
  /// Every identifier index the rows use.
  var identifierIndices: Set<Int32> { uniformHeight == nil ? Set(rowIdentifiers) : [uniformIdentifier] }
  /// The first row in `0..<rowCount` for which `isPast` holds, `rowCount` when none; `isPast` must be false, then
  /// true, along the rows (binary search: O(log n) for uniform and listed rows alike).
  func firstRow(where isPast: (Int) -> Bool) -> Int {
    var low = 0
    var high = rowCount
    while low < high {
      let mid = low + (high - low) / 2
      if isPast(mid) { high = mid } else { low = mid + 1 }
    }
    return low
  }
}

/// A cell on screen: its number within the table (cells are reused, so a number can come back) and identifier.
public struct TableCell: Sendable, Equatable {
  public var number: Int
  public var identifier: String
}

/// The state of a `UITableView` (S2.8).
public struct TableState: Sendable {
  public var style = TableStyle.plain
  public var dequeue = DequeueMode.forIndexPath
  /// `register(_:forCellReuseIdentifier:)`.
  public internal(set) var registered: Set<String> = []
  /// Identifiers the data uses, interned.
  public internal(set) var identifiers: [String] = []
  public internal(set) var sections: [TableSection] = []
  /// `sectionTops[s]`: section s's top in content coordinates; the last entry is the footer view's top.
  public internal(set) var sectionTops: [Double] = [0]
  public internal(set) var tableHeaderHeight = 0.0
  public internal(set) var tableFooterHeight = 0.0
  /// Rows displayed now, in order, with their cells.
  public internal(set) var displayed: [(IndexPath, TableCell)] = []
  /// Queued cells per identifier, most recently queued last.
  var reuseQueues: [String: [Int]] = [:]
  /// Cells the table made (a dequeue with an empty reuse queue), reused ones not counted (S2.8 reuse).
  public internal(set) var cellsMade = 0
  /// `reloadData` pending: the next layout ends every displayed cell and asks for all rows again.
  var needsReload = false
  /// `indexPathForSelectedRow`.
  public internal(set) var selected: IndexPath?
  /// The offset and height of the last layout (nil: none since the data changed): an unchanged table skips it.
  var laidOutAt: (offsetY: Double, height: Double)?
  /// Whether the data was ever set.
  public internal(set) var hasData = false

  public init() {}

  /// S2.8: `tableHeader.h + Σ_s [topPadding_s + header_s + Σ rows + footer_s] + tableFooter.h`.
  public var contentHeight: Double { sectionTops[sections.count] + tableFooterHeight }

  public var rowCount: Int { sections.reduce(0) { $0 + $1.rowCount } }

  /// Sets the sections and recomputes where each starts.
  mutating func setSections(_ newSections: [TableSection], header: Double, footer: Double) {
    sections = newSections
    tableHeaderHeight = header
    tableFooterHeight = footer
    var tops = [Double]()
    tops.reserveCapacity(newSections.count + 1)
    var y = header
    for section in newSections {
      tops.append(y)
      y += section.height
    }
    tops.append(y)
    sectionTops = tops
    hasData = true
  }

  /// `rectForRow(at:)`'s y and height.
  public func rowSpan(_ path: IndexPath) -> (y: Double, height: Double) {
    let section = sections[path.section]
    return (sectionTops[path.section] + section.rowsTop + section.rowTop(path.row), section.rowHeight(path.row))
  }

  public func isValid(_ path: IndexPath) -> Bool {
    path.section >= 0 && path.section < sections.count && path.row >= 0 && path.row < sections[path.section].rowCount
  }

  public func identifier(at path: IndexPath) -> String? {
    let index = sections[path.section].identifierIndex(path.row)
    return index < 0 ? nil : identifiers[Int(index)]
  }

  /// The first section that ends at or below `y` (so one ending exactly at `y`, whose zero-height rows sit there, is
  /// included); `sections.count` when none.
  func section(containing y: Double) -> Int {
    var low = 0
    var high = sections.count
    while low < high {
      let mid = (low + high) / 2
      if sectionTops[mid + 1] >= y { high = mid } else { low = mid + 1 }
    }
    return low
  }

  /// `indexPathsForVisibleRows`: rows whose rect intersects `[top, top + height)` (S2.8), in order; a row of zero
  /// height counts when its y is inside. At most `limit` rows.
  ///
  /// A row's rect is tested as `rowSpan` reports it (`table/rectForRow`): its y is the sum `rowSpan` makes, its bottom
  /// that y plus its height, in doubles. A client that adds `y + height` from the reply gets the same bottom, so a row
  /// it sees ending exactly at the top edge is never listed, nor one starting exactly at the bottom edge (fractional
  /// heights used to disagree by one ulp at those edges).
  public func visibleRows(top: Double, height: Double, limit: Int) -> [IndexPath] {
    guard height > 0, !sections.isEmpty else { return [] }
    let bottom = top + height
    var result: [IndexPath] = []
    // A screenful of rows in one allocation (growing from empty took five, each frame of a fling).
    result.reserveCapacity(min(limit, 64))
    // The section before the one `sectionTops` gives may end an ulp lower than its last row's bottom.
    var s = max(0, section(containing: top) - 1)
    while s < sections.count, sectionTops[s] < bottom, result.count < limit {
      let section = sections[s]
      let rowsTop = sectionTops[s] + section.rowsTop
      // The first row not wholly above the top edge: its bottom is below it, or (no height) its y is at it or below.
      var row = section.firstRow { row in
        let y = rowsTop + section.rowTop(row)
        let rowHeight = section.rowHeight(row)
        return rowHeight > 0 ? y + rowHeight > top : y >= top
      }
      let end = section.firstRow { rowsTop + section.rowTop($0) >= bottom }
      while row < end, result.count < limit {
        result.append(IndexPath(section: s, row: row))
        row += 1
      }
      s += 1
    }
    return result
  }

  /// Rows from `from` through `to` (inclusive) that can't be dequeued, the first one: its path and identifier.
  func firstUndequeuable(registered: Set<String>) -> (IndexPath, String?)? {
    var bad = Set<Int32>()
    for (index, name) in identifiers.enumerated() where !registered.contains(name) { bad.insert(Int32(index)) }
    bad.insert(-1)
    for (s, section) in sections.enumerated() where !section.identifierIndices.isDisjoint(with: bad) {
      for row in 0..<section.rowCount where bad.contains(section.identifierIndex(row)) {
        let index = section.identifierIndex(row)
        return (IndexPath(section: s, row: row), index < 0 ? nil : identifiers[Int(index)])
      }
    }
    return nil
  }

  /// Plain-style sticky header position (S2.8, footer term UNVERIFIED):
  /// `y = min(max(section.minY, o.y + adjusted.top), section.maxY − footer.h − header.h)`.
  /// `section.minY` is where the header sits unpinned (below its top padding).
  public func headerY(section s: Int, offsetY: Double, adjustedTop: Double) -> Double {
    let section = sections[s]
    let natural = sectionTops[s] + section.appliedPadding
    guard style == .plain else { return natural }
    let sectionMaxY = sectionTops[s + 1]
    return min(max(natural, offsetY + adjustedTop), sectionMaxY - section.footerHeight - section.headerHeight)
  }
}

/// Label placement for `world/render`: greedy over candidate spots, each checked against the boxes already placed.
///
/// Texts that sit where their thing is (status bar, keyboard, sticky headers, cells) are placed first, each only if
/// its spot is free. Then the views, those with the least visible area first (they have the fewest spots), ties in
/// drawing order: each takes the first free candidate among spots inside its visible part (the four corners, then a
/// scan of rows), then spots just outside it (above, below, right, left), all inside the window and off the keyboard;
/// a view with no free spot, or none showing, goes to the callout column. Deterministic: the same world, the same
/// spots.
struct LabelPlacer {
  /// The boxes placed so far.
  private var index = RectIndex()
  /// Free space kept between two boxes.
  static let gap = 1.0

  /// Whether `box` keeps `gap` from every placed box.
  func isFree(_ box: Rect) -> Bool {
    let grown = Rect(
      x: box.x - Self.gap, y: box.y - Self.gap, width: box.width + 2 * Self.gap, height: box.height + 2 * Self.gap)
    return !index.any(intersecting: grown) { _ in true }
  }

  mutating func add(_ box: Rect) { index.add(box, tag: 0) }

  /// Candidate boxes of `size` for a view whose visible part is `visible`, best first (see the type's comment).
  static func candidates(for size: Size, in visible: Rect) -> [Rect] {
    var result: [Rect] = []
    let pad = 2.0
    let (width, height) = (size.width, size.height)
    func box(_ x: Double, _ y: Double) -> Rect { Rect(x: x, y: y, width: width, height: height) }
    if visible.width >= width + 2 * pad, visible.height >= height + 2 * pad {
      let left = visible.x + pad
      let right = visible.x + visible.width - pad - width
      let top = visible.y + pad
      let bottom = visible.y + visible.height - pad - height
      result += [box(left, top), box(right, top), box(left, bottom), box(right, bottom)]
      // Rows from the top, at most 24 (spread evenly), each tried at up to 7 places from the left.
      let rowCount = min(24, Int((bottom - top) / (height + 2)) + 1)
      let columnCount = min(7, Int((right - left) / 24) + 1)
      for row in 0..<rowCount {
        let y = rowCount == 1 ? top : top + (bottom - top) * Double(row) / Double(rowCount - 1)
        for column in 0..<columnCount {
          let x = columnCount == 1 ? left : left + (right - left) * Double(column) / Double(columnCount - 1)
          result.append(box(x, y))
        }
      }
    }
    let (minX, minY) = (visible.x, visible.y)
    let (maxX, maxY) = (visible.x + visible.width, visible.y + visible.height)
    result += [
      box(minX, minY - height - 1), box(minX, maxY + 1), box(maxX + 1, minY), box(minX - width - 1, minY),
      box(maxX - width, minY - height - 1), box(maxX - width, maxY + 1),
    ]
    return result
  }
}

/// Rects with a tag, found by grid cell (`cellSize` squares), so a query looks at the neighbours only.
struct RectIndex {
  private var rects: [(rect: Rect, tag: Int)] = []
  private var grid: [Int: [Int]] = [:]
  private static let cellSize = 64.0

  mutating func add(_ rect: Rect, tag: Int) {
    let index = rects.count
    rects.append((rect, tag))
    for key in Self.keys(of: rect) { grid[key, default: []].append(index) }
  }

  /// Whether a rect whose tag passes `accept` intersects `box`.
  func any(intersecting box: Rect, _ accept: (Int) -> Bool) -> Bool {
    for key in Self.keys(of: box) {
      for index in grid[key] ?? [] where rects[index].rect.intersects(box) && accept(rects[index].tag) { return true }
    }
    return false
  }

  private static func keys(of box: Rect) -> [Int] {
    func cell(_ value: Double) -> Int { Int((value / cellSize).rounded(.down).clamped(-100_000, 100_000)) }
    var keys: [Int] = []
    for column in cell(box.x)...cell(box.x + box.width) {
      for row in cell(box.y)...cell(box.y + box.height) { keys.append(row &* 1_000_003 &+ column) }
    }
    return keys
  }
}

extension Double {
  fileprivate func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(self, low), high) }
}

extension Wireframe {
  /// The label font size in points, and the callout column's gap from the window.
  static let labelFontSize = 10.0
  static let cellFontSize = 9.0
  static let columnGap = 28.0
  /// The most advances a view's label takes (a longer one is cut with an ellipsis).
  static let labelLimit = 44

  /// A view's label: `id · Kind`, then a label's or field's text in quotes.
  static func labelText(id: String, kind: ViewKind, text: String?) -> String {
    var label = "\(id) · \(kind.rawValue)"
    if let text { label += " “\(TextMetric.truncated(text, to: 20))”" }
    return TextMetric.truncated(label, to: labelLimit)
  }

  /// Places every view's label (see ``LabelPlacer``) after the fixed texts already in `labels`, then stacks the
  /// callouts in a column right of the window, ordered by their anchors' heights so the leader lines do not cross.
  /// `occluded(view index, box)`: whether the box covers something that view's label must stay off.
  mutating func placeLabels(_ mode: LabelMode, texts: [String], occluded: (Int, Rect) -> Bool) {
    var placer = LabelPlacer()
    for label in labels { placer.add(label.box) }
    guard mode != .none else { return }
    var order = Array(views.indices).filter { views[$0].kind != .UIWindow }
    // The last index of each view's subtree (views are in preorder), and the visible rects by index.
    var subtreeEnd = Array(views.indices)
    for index in views.indices.reversed() {
      if let parent = views[index].parent { subtreeEnd[parent] = max(subtreeEnd[parent], subtreeEnd[index]) }
    }
    var fronts = RectIndex()
    for (index, view) in views.enumerated() { if let visible = view.visible { fronts.add(visible, tag: index) } }
    func area(_ index: Int) -> Double { views[index].visible.map { $0.width * $0.height } ?? -1 }
    order.sort { area($0) != area($1) ? area($0) < area($1) : $0 < $1 }
    var callouts: [(index: Int, text: String, size: Size, anchor: Point?)] = []
    for index in order {
      let view = views[index]
      let text = texts[index]
      let shown = view.visible == nil ? text + " (not visible)" : text
      let size = TextMetric.boxSize(of: shown, fontSize: Self.labelFontSize)
      var placed: Rect?
      if mode == .auto, let visible = view.visible {
        let candidates = LabelPlacer.candidates(for: size, in: visible).filter { box in
          window.contains(box) && !occluded(index, box) && placer.isFree(box)
        }
        // Best: a spot no view drawn in front of this one (after its subtree) covers.
        placed =
          candidates.first { box in !fronts.any(intersecting: box) { $0 > subtreeEnd[index] } } ?? candidates.first
      }
      if let placed {
        placer.add(placed)
        labels.append(
          Label(
            text: text, box: placed, role: .inline, view: view.id, colour: view.colour, anchor: nil,
            fontSize: Self.labelFontSize))
      } else {
        let anchor = view.visible.map { Point(x: $0.x + $0.width - 1, y: $0.y + min($0.height / 2, 7)) }
        callouts.append((index, shown, size, anchor))
      }
    }
    // Callouts: those with an anchor by its height (then drawing order), those without after them.
    callouts.sort { a, b in
      switch (a.anchor, b.anchor) {
      case (let p?, let q?): return p.y != q.y ? p.y < q.y : a.index < b.index
      case (.some, .none): return true
      case (.none, .some): return false
      case (.none, .none): return a.index < b.index
      }
    }
    let columnX = window.width + Self.columnGap
    var nextY = 0.0
    for callout in callouts {
      let desired = (callout.anchor?.y ?? nextY) - callout.size.height / 2
      let y = max(desired, nextY)
      let box = Rect(x: columnX, y: y, width: callout.size.width, height: callout.size.height)
      nextY = y + callout.size.height + 2
      let view = views[callout.index]
      labels.append(
        Label(
          text: callout.text, box: box, role: .callout, view: view.id, colour: view.colour, anchor: callout.anchor,
          fontSize: Self.labelFontSize))
    }
  }
}

extension Wireframe {
  /// The legend, right of the window and of the callout column: the controllers with their colours (and "no
  /// controller" when a view has none), then the marks (safe area, status bar, bars, keyboard, first responder, scroll
  /// indicator, cells, callouts: the last four only when drawn). One line each, so no two overlap.
  mutating func addLegend() {
    let calloutRight = labels.filter { $0.role == .callout }.map { $0.box.x + $0.box.width }.max()
    let x = (calloutRight ?? window.width) + Self.columnGap
    var y = 6.0
    func line(_ text: String, _ symbol: LegendItem.Symbol, colour: String = "#1f2937") {
      let size = TextMetric.boxSize(of: text, fontSize: Self.labelFontSize)
      let textX = symbol == .heading ? x : x + 22
      labels.append(
        Label(
          text: text, box: Rect(x: textX, y: y, width: size.width, height: size.height), role: .legend, view: nil,
          colour: colour, anchor: nil, fontSize: Self.labelFontSize))
      legend.append(LegendItem(symbol: symbol, box: Rect(x: x, y: y + 2, width: 16, height: size.height - 4)))
      y += size.height + 3
    }
    // R65: the size classes the window's controllers see.
    if !traits.isEmpty {
      line("Window · \(traits)", .heading)
      y += 8
    }
    line("Controllers", .heading)
    for swatch in swatches {
      line(
        TextMetric.truncated("\(swatch.controller) · \(swatch.description)", to: 60),
        .controller(colour: swatch.colour),
        colour: swatch.colour)
    }
    if views.contains(where: { $0.controller == nil }) {
      line("no controller", .controller(colour: Self.uncontrolledColour), colour: Self.uncontrolledColour)
    }
    y += 8
    line("Marks", .heading)
    line("safe area", .safeArea)
    if statusBar != nil { line("status bar (top safe-area inset)", .statusBar) }
    if views.contains(where: { $0.kind.isBar && $0.visible != nil }) {
      line("navigation bar, toolbar, tab bar", .systemBar)
    }
    line(keyboard.map { "keyboard · \(SVGWriter.number($0.height)) pt" } ?? "keyboard: hidden", .keyboard)
    let responder = views.first(where: \.isFirstResponder)?.id
    line("first responder: \(TextMetric.truncated(responder ?? "none", to: 40))", .firstResponder)
    if !scrollIndicators.isEmpty { line("scroll indicator", .scrollIndicator) }
    if views.contains(where: { !$0.rows.isEmpty }) { line("table cell · section header", .cell) }
    if labels.contains(where: { $0.role == .callout }) { line("label set aside, leader to its view", .callout) }
  }

  /// The canvas: the window, grown to hold every text box (callouts, legend) with a margin.
  mutating func fitCanvas() {
    var width = window.width
    var height = window.height
    for label in labels where label.role == .callout || label.role == .legend {
      width = max(width, label.box.x + label.box.width + 8)
      height = max(height, label.box.y + label.box.height + 8)
    }
    canvas = Size(width: width.rounded(.up), height: height.rounded(.up))
  }
}

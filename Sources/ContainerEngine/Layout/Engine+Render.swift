/// `world/render`: a wireframe of a window as SVG, for a browser.
extension Engine {
  /// An SVG picture of `window`: every visible view's frame (at its scroll offset, clipped where `clipsToBounds`),
  /// labelled `id · Kind` (and a label's text); a table's displayed cells and sticky section headers; the keyboard
  /// when shown; the window's safe area dashed, and that of each controller root view with additionalSafeAreaInsets or
  /// held by a navigation or tab bar controller (its bars, drawn as views, R68).
  /// Deterministic: the same world gives the same bytes.
  public func renderSVG(_ window: ViewNode) throws(EngineError) -> String {
    guard window.kind == .UIWindow else {
      throw .unsupported(
        argument: .window, expected: "a UIWindow",
        message: Engine.describeKind(window.id, window.kind.rawValue, expected: "a UIWindow"))
    }
    var svg = SVGWriter()
    let width = window.frame.width
    let height = window.frame.height
    svg.line(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGWriter.number(width))\" "
        + "height=\"\(SVGWriter.number(height))\" viewBox=\"0 0 \(SVGWriter.number(width)) "
        + "\(SVGWriter.number(height))\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\">")
    svg.line("<title>containerd · \(SVGWriter.escape(window.id))</title>")
    svg.line("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>")
    let safe = window.safeArea
    svg.line(
      "<rect x=\"\(SVGWriter.number(safe.left))\" y=\"\(SVGWriter.number(safe.top))\" "
        + "width=\"\(SVGWriter.number(width - safe.left - safe.right))\" "
        + "height=\"\(SVGWriter.number(height - safe.top - safe.bottom))\" fill=\"none\" stroke=\"#9c27b0\" "
        + "stroke-dasharray=\"4 3\"/>")
    var depth = 0
    var labels = Set<String>()
    for subview in window.subviews { draw(subview, into: &svg, depth: &depth, labels: &labels) }
    if let keyboard = window.keyboardHeight {
      svg.line(
        "<g id=\"keyboard\"><rect x=\"0\" y=\"\(SVGWriter.number(height - keyboard))\" width=\"\(SVGWriter.number(width))\" "
          + "height=\"\(SVGWriter.number(keyboard))\" fill=\"#d1d5db\" fill-opacity=\"0.9\" stroke=\"#6b7280\"/>"
          + "<text x=\"8\" y=\"\(SVGWriter.number(height - keyboard + 16))\" fill=\"#374151\">keyboard · "
          + "\(SVGWriter.number(keyboard)) pt</text></g>")
    }
    svg.line("</svg>")
    return svg.text
  }

  /// Draws `view` and its subviews. The recursion's own frame is kept small (the drawing of one view is in
  /// `drawOpening`, out of line): it goes as deep as the tree, up to `--max-tree-depth` levels.
  private func draw(_ view: ViewNode, into svg: inout SVGWriter, depth: inout Int, labels: inout Set<String>) {
    guard !view.isHidden, let rect = view.frameInWindow else { return }
    depth += 1
    defer { depth -= 1 }
    drawOpening(view, at: rect, into: &svg, depth: depth, labels: &labels)
    for subview in view.subviews { draw(subview, into: &svg, depth: &depth, labels: &labels) }
    if view.clipsToBounds { svg.line("</g>") }
    svg.line("</g>")
  }

  /// One view's group, frame, label, safe area, clip and cells, up to where its subviews go.
  @inline(never)
  private func drawOpening(
    _ view: ViewNode, at rect: Rect, into svg: inout SVGWriter, depth: Int, labels: inout Set<String>
  ) {
    let colour = Self.palette[(depth - 1) % Self.palette.count]
    svg.line("<g id=\"\(SVGWriter.escape(view.id))\" data-kind=\"\(view.kind.rawValue)\">")
    svg.line(
      "<rect x=\"\(SVGWriter.number(rect.x))\" y=\"\(SVGWriter.number(rect.y))\" "
        + "width=\"\(SVGWriter.number(rect.width))\" height=\"\(SVGWriter.number(rect.height))\" fill=\"\(colour)\" "
        + "fill-opacity=\"0.12\" stroke=\"\(colour)\" stroke-width=\"1\"/>")
    var label = "\(view.id) · \(view.kind.rawValue)"
    if let owner = view.owner { label += " (\(owner.id))" }
    if let text = view.text { label += " “\(text)”" }
    // Views sharing a top-left corner stack their labels instead of overprinting them.
    var labelY = rect.y + 12
    while !labels.insert("\(SVGWriter.number(rect.x)),\(SVGWriter.number(labelY))").inserted { labelY += 12 }
    svg.line(
      "<text x=\"\(SVGWriter.number(rect.x + 3))\" y=\"\(SVGWriter.number(labelY))\" fill=\"\(colour)\">"
        + "\(SVGWriter.escape(label))</text>")
    if let owner = view.owner, owner.view === view,
      owner.additionalSafeAreaInsets != .zero
        || (owner.parent?.showsOneChild == true && view.superview === owner.parent?.view)
    {
      // The root view's safe area, its controller's additionalSafeAreaInsets and its container's bars (R68) included,
      // dashed like the window's.
      let safe = safeAreaInsets(of: view)
      svg.line(
        "<rect x=\"\(SVGWriter.number(rect.x + safe.left))\" y=\"\(SVGWriter.number(rect.y + safe.top))\" "
          + "width=\"\(SVGWriter.number(max(0, rect.width - safe.left - safe.right)))\" "
          + "height=\"\(SVGWriter.number(max(0, rect.height - safe.top - safe.bottom)))\" fill=\"none\" "
          + "stroke=\"#9c27b0\" stroke-dasharray=\"4 3\"/>")
    }
    let clipID = "clip-\(view.id)"
    if view.clipsToBounds {
      svg.line(
        "<clipPath id=\"\(SVGWriter.escape(clipID))\"><rect x=\"\(SVGWriter.number(rect.x))\" "
          + "y=\"\(SVGWriter.number(rect.y))\" width=\"\(SVGWriter.number(rect.width))\" "
          + "height=\"\(SVGWriter.number(rect.height))\"/></clipPath>")
      svg.line("<g clip-path=\"url(#\(SVGWriter.escape(clipID)))\">")
    }
    if let table = view.table, let scroll = view.scroll {
      drawCells(table, scroll: scroll, of: view, at: rect, into: &svg)
    }
  }

  private func drawCells(
    _ table: TableState, scroll: ScrollState, of view: ViewNode, at rect: Rect, into svg: inout SVGWriter
  ) {
    let originY = rect.y - scroll.contentOffset.y
    for (path, cell) in table.displayed {
      let span = table.rowSpan(path)
      svg.line(
        "<rect x=\"\(SVGWriter.number(rect.x))\" y=\"\(SVGWriter.number(originY + span.y))\" "
          + "width=\"\(SVGWriter.number(rect.width))\" height=\"\(SVGWriter.number(span.height))\" fill=\"none\" "
          + "stroke=\"#94a3b8\" stroke-width=\"0.5\"/>"
          + "<text x=\"\(SVGWriter.number(rect.x + 8))\" y=\"\(SVGWriter.number(originY + span.y + min(span.height, 14)))\" "
          + "fill=\"#475569\" font-size=\"9\">\(path.section).\(path.row) · \(SVGWriter.escape(cell.identifier)) "
          + "#\(cell.number)</text>")
    }
    for header in visibleHeaders(of: view) {
      svg.line(
        "<rect x=\"\(SVGWriter.number(rect.x))\" y=\"\(SVGWriter.number(originY + header.y))\" "
          + "width=\"\(SVGWriter.number(rect.width))\" height=\"\(SVGWriter.number(header.height))\" fill=\"#e2e8f0\" "
          + "stroke=\"#64748b\" stroke-width=\"0.5\"/>"
          + "<text x=\"\(SVGWriter.number(rect.x + 8))\" y=\"\(SVGWriter.number(originY + header.y + 11))\" "
          + "fill=\"#334155\" font-size=\"9\">section \(header.section) header</text>")
    }
  }

  /// Stroke colours by depth.
  static let palette = ["#1d4ed8", "#047857", "#b45309", "#be123c", "#6d28d9", "#0e7490"]
}

/// Builds SVG text line by line.
package struct SVGWriter {
  private(set) var text = ""

  mutating func line(_ line: String) {
    text += line
    text += "\n"
  }

  /// A coordinate: integers without a fraction, others with at most 3 decimals (deterministic).
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
    return String(rounded)
  }

  /// XML text escaping.
  package static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}

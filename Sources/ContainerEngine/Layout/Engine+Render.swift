/// `world/render`: a wireframe of a window as SVG, for a browser.
extension Engine {
  /// An SVG picture of `window` (``wireframe(of:options:)`` written out): the window at the origin in window
  /// coordinates, every visible view's frame (`<g id="view id" data-kind="Kind">`, its `rect.frame` tinted with its
  /// controller's colour, `data-controller`), clipped where `clipsToBounds`; a table's cells and sticky headers; the
  /// status bar, bars (R68) and keyboard; the safe areas dashed; scroll indicators; the first responder outlined;
  /// then the labels (no two texts overlap), the callouts with their leader lines, and the legend.
  /// Self-contained and embeddable in HTML: no XML prolog, no ids but the views' and the keyboard's (clipping uses
  /// nested `<svg>` viewports, not `clipPath` ids), no external font or style.
  /// Deterministic: the same world gives the same bytes.
  public func renderSVG(_ window: ViewNode, options: Wireframe.Options = .init()) throws(EngineError) -> String {
    let picture = try wireframe(of: window, options: options)
    var svg = SVGWriter()
    let (width, height) = (SVGWriter.number(picture.window.width), SVGWriter.number(picture.window.height))
    let (canvasWidth, canvasHeight) = (SVGWriter.number(picture.canvas.width), SVGWriter.number(picture.canvas.height))
    svg.line(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(canvasWidth)\" height=\"\(canvasHeight)\" "
        + "viewBox=\"0 0 \(canvasWidth) \(canvasHeight)\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" "
        + "font-size=\"10\" class=\"containerd-wireframe\" data-window=\"\(SVGWriter.escape(window.id))\" "
        + "data-window-width=\"\(width)\" data-window-height=\"\(height)\">")
    svg.line("<title>containerd · \(SVGWriter.escape(window.id))</title>")
    svg.line("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>")
    // The window: a viewport that clips what lies outside it.
    svg.line(
      "<svg class=\"window\" x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" "
        + "overflow=\"hidden\">")
    svg.line("<rect width=\"\(width)\" height=\"\(height)\" fill=\"#f8fafc\"/>")
    if let bar = picture.statusBar {
      svg.line("<rect class=\"status-bar\" \(SVGWriter.attributes(bar)) fill=\"#cbd5e1\" fill-opacity=\"0.55\"/>")
    }
    writeViews(picture, into: &svg)
    if let keyboard = picture.keyboard { writeKeyboard(keyboard, into: &svg) }
    svg.line(
      "<rect class=\"safe-area\" \(SVGWriter.attributes(picture.safeArea)) fill=\"none\" "
        + "stroke=\"\(Wireframe.safeAreaColour)\" stroke-width=\"1.2\" stroke-dasharray=\"5 3\"/>")
    svg.line("</svg>")
    svg.line(
      "<rect class=\"window-outline\" x=\"0.5\" y=\"0.5\" width=\"\(SVGWriter.number(picture.window.width - 1))\" "
        + "height=\"\(SVGWriter.number(picture.window.height - 1))\" fill=\"none\" stroke=\"#0f172a\"/>")
    writeLabels(picture, into: &svg)
    writeLegend(picture, into: &svg)
    svg.line("</svg>")
    return svg.text
  }

  /// The views, nested as in the tree (a view's group holds its subviews' groups), written with a stack.
  private func writeViews(_ picture: Wireframe, into svg: inout SVGWriter) {
    var indicators: [String: [Wireframe.ScrollIndicator]] = [:]
    for indicator in picture.scrollIndicators { indicators[indicator.view, default: []].append(indicator) }
    var open: [Int] = []
    func close(_ index: Int) {
      let view = picture.views[index]
      if view.clips { svg.line("</svg>") }
      for indicator in indicators[view.id] ?? [] {
        svg.line(
          "<rect class=\"scroll-indicator\" data-axis=\"\(indicator.axis.rawValue)\" "
            + "\(SVGWriter.attributes(indicator.rect)) rx=\"1.5\" fill=\"#1e293b\" fill-opacity=\"0.65\"/>")
      }
      if view.isFirstResponder {
        svg.line(
          "<rect class=\"first-responder\" \(SVGWriter.attributes(view.frame)) fill=\"none\" "
            + "stroke=\"\(Wireframe.firstResponderColour)\" stroke-width=\"3\"/>")
      }
      svg.line("</g>")
    }
    for (index, view) in picture.views.enumerated() {
      while let last = open.last, last != view.parent {
        close(last)
        open.removeLast()
      }
      open.append(index)
      svg.line("<g id=\"\(SVGWriter.escape(view.id))\" data-kind=\"\(view.kind.rawValue)\">")
      let fill =
        view.kind.isBar ? "fill=\"#f1f5f9\" fill-opacity=\"0.92\"" : "fill=\"\(view.colour)\" fill-opacity=\"0.07\""
      svg.line(
        "<rect class=\"frame\(view.kind.isBar ? " bar" : "")\" \(SVGWriter.attributes(view.frame)) \(fill) "
          + "stroke=\"\(view.colour)\" stroke-width=\"1\""
          + (view.controller.map { " data-controller=\"\(SVGWriter.escape($0))\"" } ?? "")
          + (view.isFirstResponder ? " data-first-responder=\"true\"" : "") + "/>")
      if let safe = view.safeArea {
        svg.line(
          "<rect class=\"safe-area\" \(SVGWriter.attributes(safe)) fill=\"none\" stroke=\"\(Wireframe.safeAreaColour)\" "
            + "stroke-dasharray=\"5 3\"/>")
      }
      if view.clips {
        let (x, y) = (SVGWriter.number(view.frame.x), SVGWriter.number(view.frame.y))
        let (w, h) = (SVGWriter.number(max(0, view.frame.width)), SVGWriter.number(max(0, view.frame.height)))
        svg.line(
          "<svg x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"\(h)\" viewBox=\"\(x) \(y) \(w) \(h)\" overflow=\"hidden\">"
        )
      }
      for row in view.rows {
        svg.line(
          "<rect class=\"\(row.isHeader ? "section-header" : "cell")\" \(SVGWriter.attributes(row.rect)) "
            + (row.isHeader ? "fill=\"#e2e8f0\" stroke=\"#64748b\"" : "fill=\"none\" stroke=\"#94a3b8\"")
            + " stroke-width=\"0.5\"/>")
      }
    }
    while let last = open.popLast() { close(last) }
  }

  /// The keyboard: a grey block with four rows of keys (its text is among the labels).
  private func writeKeyboard(_ keyboard: Rect, into svg: inout SVGWriter) {
    svg.line("<g id=\"keyboard\">")
    svg.line("<rect \(SVGWriter.attributes(keyboard)) fill=\"#d1d5db\" fill-opacity=\"0.95\" stroke=\"#6b7280\"/>")
    let top = keyboard.y + 24
    let rowHeight = max(0, (keyboard.height * 0.72 - 24) / 4)
    let keyWidth = keyboard.width / 10
    for (row, count) in [10, 9, 9, 3].enumerated() {
      let y = top + Double(row) * rowHeight
      if count == 3 {
        for (start, span) in [(0.0, 2.5), (2.5, 5.0), (7.5, 2.5)] {
          svg.line(
            "<rect x=\"\(SVGWriter.number(keyboard.x + start * keyWidth + 3))\" y=\"\(SVGWriter.number(y + 4))\" "
              + "width=\"\(SVGWriter.number(span * keyWidth - 6))\" height=\"\(SVGWriter.number(max(0, rowHeight - 8)))\" "
              + "rx=\"4\" fill=\"#f9fafb\" stroke=\"#9ca3af\" stroke-width=\"0.5\"/>")
        }
        continue
      }
      let left = keyboard.x + (keyboard.width - Double(count) * keyWidth) / 2
      for key in 0..<count {
        svg.line(
          "<rect x=\"\(SVGWriter.number(left + Double(key) * keyWidth + 3))\" y=\"\(SVGWriter.number(y + 4))\" "
            + "width=\"\(SVGWriter.number(keyWidth - 6))\" height=\"\(SVGWriter.number(max(0, rowHeight - 8)))\" "
            + "rx=\"4\" fill=\"#f9fafb\" stroke=\"#9ca3af\" stroke-width=\"0.5\"/>")
      }
    }
    svg.line("</g>")
  }

  /// Every text in its box, the callouts with their leader lines.
  private func writeLabels(_ picture: Wireframe, into svg: inout SVGWriter) {
    svg.line("<g class=\"labels\">")
    let turn = picture.window.width + Wireframe.columnGap / 3
    for label in picture.labels where label.role != .legend {
      var attributes = "class=\"label\" data-role=\"\(label.role.rawValue)\""
      if let view = label.view { attributes += " data-view=\"\(SVGWriter.escape(view))\"" }
      svg.line("<g \(attributes)>")
      if label.role == .callout, let anchor = label.anchor {
        let end = Point(x: label.box.x, y: label.box.y + label.box.height / 2)
        svg.line(
          "<polyline class=\"leader\" points=\"\(SVGWriter.number(anchor.x)),\(SVGWriter.number(anchor.y)) "
            + "\(SVGWriter.number(turn)),\(SVGWriter.number(anchor.y)) \(SVGWriter.number(end.x)),\(SVGWriter.number(end.y))\" "
            + "fill=\"none\" stroke=\"\(label.colour)\" stroke-width=\"0.8\" stroke-dasharray=\"3 2\"/>"
            + "<circle cx=\"\(SVGWriter.number(anchor.x))\" cy=\"\(SVGWriter.number(anchor.y))\" r=\"2\" "
            + "fill=\"\(label.colour)\"/>")
      }
      let stroke = label.role == .fixed ? "" : " stroke=\"\(label.colour)\" stroke-width=\"0.6\""
      svg.line(
        "<rect \(SVGWriter.attributes(label.box)) rx=\"2\" fill=\"#ffffff\" "
          + "fill-opacity=\"\(label.role == .fixed ? "0.85" : "0.92")\"\(stroke)/>")
      svg.line(SVGWriter.text(label))
      svg.line("</g>")
    }
    svg.line("</g>")
  }

  /// The legend: a symbol and a line of text for each controller and mark.
  private func writeLegend(_ picture: Wireframe, into svg: inout SVGWriter) {
    guard !picture.legend.isEmpty else { return }
    svg.line("<g class=\"legend\">")
    let texts = picture.labels.filter { $0.role == .legend }
    for (item, label) in zip(picture.legend, texts) {
      let box = item.box
      let at = SVGWriter.attributes(box)
      let midY = SVGWriter.number(box.y + box.height / 2)
      switch item.symbol {
      case .heading: break
      case .controller(let colour):
        svg.line("<rect \(at) fill=\"\(colour)\" fill-opacity=\"0.15\" stroke=\"\(colour)\"/>")
      case .safeArea:
        svg.line("<rect \(at) fill=\"none\" stroke=\"\(Wireframe.safeAreaColour)\" stroke-dasharray=\"5 3\"/>")
      case .statusBar: svg.line("<rect \(at) fill=\"#cbd5e1\" fill-opacity=\"0.55\"/>")
      case .systemBar: svg.line("<rect \(at) fill=\"#f1f5f9\" stroke=\"#64748b\"/>")
      case .keyboard: svg.line("<rect \(at) fill=\"#d1d5db\" stroke=\"#6b7280\"/>")
      case .firstResponder:
        svg.line("<rect \(at) fill=\"none\" stroke=\"\(Wireframe.firstResponderColour)\" stroke-width=\"3\"/>")
      case .scrollIndicator:
        svg.line(
          "<rect x=\"\(SVGWriter.number(box.x + 6))\" y=\"\(SVGWriter.number(box.y))\" width=\"3\" "
            + "height=\"\(SVGWriter.number(box.height))\" rx=\"1.5\" fill=\"#1e293b\" fill-opacity=\"0.65\"/>")
      case .cell:
        svg.line(
          "<rect \(at) fill=\"none\" stroke=\"#94a3b8\" stroke-width=\"0.5\"/>"
            + "<rect x=\"\(SVGWriter.number(box.x))\" y=\"\(SVGWriter.number(box.y))\" width=\"16\" height=\"3\" "
            + "fill=\"#e2e8f0\" stroke=\"#64748b\" stroke-width=\"0.5\"/>")
      case .callout:
        svg.line(
          "<line x1=\"\(SVGWriter.number(box.x + 2))\" y1=\"\(midY)\" x2=\"\(SVGWriter.number(box.x + 16))\" "
            + "y2=\"\(midY)\" stroke=\"#475569\" stroke-dasharray=\"3 2\"/><circle cx=\"\(SVGWriter.number(box.x + 2))\" "
            + "cy=\"\(midY)\" r=\"2\" fill=\"#475569\"/>")
      }
      svg.line(SVGWriter.text(label, bold: item.symbol == .heading))
    }
    svg.line("</g>")
  }
}

/// Builds SVG text line by line.
package struct SVGWriter {
  private(set) var text = ""

  mutating func line(_ line: String) {
    text += line
    text += "\n"
  }

  /// `x`, `y`, `width` and `height` attributes (negative sizes as 0).
  static func attributes(_ rect: Rect) -> String {
    "x=\"\(number(rect.x))\" y=\"\(number(rect.y))\" width=\"\(number(max(0, rect.width)))\" "
      + "height=\"\(number(max(0, rect.height)))\""
  }

  /// A label's `<text>`, at its box's padding, exactly as wide as ``TextMetric`` measured it (`textLength`).
  static func text(_ label: Wireframe.Label, bold: Bool = false) -> String {
    let x = label.box.x + TextMetric.padding
    let baseline = label.box.y + TextMetric.padding + label.fontSize * 0.93
    let length = TextMetric.width(of: label.text, fontSize: label.fontSize)
    let size = label.fontSize == Wireframe.labelFontSize ? "" : " font-size=\"\(number(label.fontSize))\""
    return "<text x=\"\(number(x))\" y=\"\(number(baseline))\"\(size)\(bold ? " font-weight=\"bold\"" : "") "
      + "fill=\"\(label.colour)\" textLength=\"\(number(length))\" lengthAdjust=\"spacingAndGlyphs\">"
      + "\(escape(label.text))</text>"
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

/// `world/render`'s picture before SVG: what is drawn where (``Wireframe``).
extension Engine {
  /// The wireframe of `window`: its visible views (not hidden, not under a hidden superview) in window coordinates at
  /// their superviews' scroll offsets, each with the colour of the controller owning it; the status bar (the window's
  /// top safe-area inset), the bars (R68), the keyboard, the safe areas, scroll indicators, the first responder;
  /// labels placed so no two texts overlap (``LabelPlacer``), the callouts and the legend.
  /// Deterministic: the same world gives the same picture. The walk is a loop, not a recursion, so a tree as deep as
  /// `--max-tree-depth` allows costs no stack.
  public func wireframe(of window: ViewNode, options: Wireframe.Options = .init()) throws(EngineError) -> Wireframe {
    guard window.kind == .UIWindow else {
      throw .unsupported(
        argument: .window, expected: "a UIWindow",
        message: Engine.describeKind(window.id, window.kind.rawValue, expected: "a UIWindow"))
    }
    let (width, height) = (window.frame.width, window.frame.height)
    let bounds = Rect(x: 0, y: 0, width: width, height: height)
    let safe = window.safeArea
    var picture = Wireframe(
      window: bounds,
      safeArea: Rect(
        x: safe.left, y: safe.top, width: max(0, width - safe.left - safe.right),
        height: max(0, height - safe.top - safe.bottom)))
    if safe.top >= 20 { picture.statusBar = Rect(x: 0, y: 0, width: width, height: safe.top) }
    if let keyboard = window.keyboardHeight, keyboard > 0 {
      picture.keyboard = Rect(x: 0, y: height - keyboard, width: width, height: keyboard)
    }
    let (texts, nodes) = collectViews(of: window, into: &picture)
    picture.scrollIndicators = picture.views.indices.flatMap { scrollIndicators(picture.views[$0], node: nodes[$0]) }
    // Texts where their things are (status bar, keyboard, headers and cells), then the views' labels.
    let bars = picture.views.filter(\.kind.isBar).compactMap(\.visible)
    var screens = bars + [picture.keyboard, picture.statusBar].compactMap { $0 }
    if let bar = picture.statusBar {
      picture.addFixed("status bar · \(SVGWriter.number(bar.height)) pt", in: bar, centred: true, avoiding: [])
    }
    if let keyboard = picture.keyboard {
      picture.addFixed("keyboard · \(SVGWriter.number(keyboard.height)) pt", in: keyboard, avoiding: [])
    }
    for view in picture.views {
      guard let visible = view.visible else { continue }
      for row in view.rows.sorted(by: { $0.isHeader && !$1.isHeader }) {
        guard let shown = row.rect.intersection(visible) else { continue }
        picture.addFixed(row.text, in: shown, fontSize: Wireframe.cellFontSize, avoiding: screens, strict: row.rect)
      }
    }
    screens.removeAll { bars.contains($0) }
    let views = picture.views
    // A view's label stays off the keyboard and the status bar, and off the bars unless it is a bar's.
    picture.placeLabels(options.labels, texts: texts) { index, box in
      if screens.contains(where: { $0.intersects(box) }) { return true }
      return !views[index].kind.isBar && bars.contains { $0.intersects(box) }
    }
    let traits = traitCollection(ofWindow: window)
    picture.traits =
      "\(idiom(ofWindow: window).rawValue) · \(traits.sizeClassSummary) · \(traits.userInterfaceStyle.rawValue)"
    if options.legend { picture.addLegend() }
    picture.fitCanvas()
    return picture
  }

  /// Walks the window's visible tree (pre-order, back to front, with a stack) into `picture.views`; returns each
  /// view's label text and node.
  private func collectViews(of window: ViewNode, into picture: inout Wireframe) -> ([String], [ViewNode]) {
    struct Pending {
      let view: ViewNode
      let parent: Int?
      /// The superview's bounds origin in window coordinates.
      let origin: Point
      /// What its superviews let show (nil: nothing).
      let clip: Rect?
      let controller: ControllerNode?
    }
    var texts: [String] = []
    var nodes: [ViewNode] = []
    var colours: [String: String] = [:]
    var stack = window.subviews.reversed().map {
      Pending(view: $0, parent: nil, origin: Point(x: 0, y: 0), clip: picture.window, controller: nil)
    }
    while let item = stack.popLast() {
      let view = item.view
      guard !view.isHidden else { continue }
      let rect = Rect(
        x: item.origin.x + view.frame.x, y: item.origin.y + view.frame.y, width: view.frame.width,
        height: view.frame.height)
      let visible = item.clip.flatMap { rect.intersection($0) }
      let controller = view.owner ?? item.controller
      var colour = Wireframe.uncontrolledColour
      if let controller {
        if let known = colours[controller.id] {
          colour = known
        } else {
          colour = Wireframe.palette[colours.count % Wireframe.palette.count]
          colours[controller.id] = colour
          let kind = controller.kind.rawValue
          var description = controller.className.map { "\($0) (\(kind))" } ?? kind
          // R31–R38: a page view controller's style, spine and pages shown.
          if let caption = pageViewCaption(controller) { description += " · " + caption }
          if let caption = splitCaption(controller) { description += " · " + caption }
          picture.swatches.append(Wireframe.Swatch(controller: controller.id, description: description, colour: colour))
        }
      }
      picture.views.append(
        Wireframe.View(
          id: view.id, kind: view.kind, frame: rect, visible: visible, controller: controller?.id, colour: colour,
          parent: item.parent, isFirstResponder: window.firstResponder === view, clips: view.clipsToBounds,
          safeArea: ownSafeArea(of: view, at: rect), rows: rows(of: view, at: rect)))
      texts.append(Wireframe.labelText(id: view.id, kind: view.kind, text: view.text))
      nodes.append(view)
      let offset = view.scroll?.contentOffset ?? Point(x: 0, y: 0)
      let origin = Point(x: rect.x - offset.x, y: rect.y - offset.y)
      let clip = view.clipsToBounds ? visible : item.clip
      for subview in view.subviews.reversed() {
        stack.append(
          Pending(view: subview, parent: picture.views.count - 1, origin: origin, clip: clip, controller: controller))
      }
    }
    return (texts, nodes)
  }

  /// A controller's root view's safe area when it is not simply the window's: its controller has
  /// additionalSafeAreaInsets, or a navigation or tab bar controller holds it (its bars, R68).
  private func ownSafeArea(of view: ViewNode, at rect: Rect) -> Rect? {
    guard let owner = view.owner, owner.view === view,
      owner.additionalSafeAreaInsets != .zero
        || (owner.parent?.showsOneChild == true && view.superview === owner.parent?.view)
    else { return nil }
    let safe = safeAreaInsets(of: view)
    return Rect(
      x: rect.x + safe.left, y: rect.y + safe.top, width: max(0, rect.width - safe.left - safe.right),
      height: max(0, rect.height - safe.top - safe.bottom))
  }

  /// A table's displayed cells and sticky section headers, in window coordinates (`rect`: the table's frame there).
  private func rows(of view: ViewNode, at rect: Rect) -> [Wireframe.Row] {
    guard let table = view.table, let scroll = view.scroll else { return [] }
    let originY = rect.y - scroll.contentOffset.y
    var rows: [Wireframe.Row] = []
    for (path, cell) in table.displayed {
      let span = table.rowSpan(path)
      rows.append(
        Wireframe.Row(
          rect: Rect(x: rect.x, y: originY + span.y, width: rect.width, height: span.height), isHeader: false,
          text: "\(path.section).\(path.row) · \(TextMetric.truncated(cell.identifier, to: 24)) #\(cell.number)"))
    }
    for header in visibleHeaders(of: view) {
      rows.append(
        Wireframe.Row(
          rect: Rect(x: rect.x, y: originY + header.y, width: rect.width, height: header.height), isHeader: true,
          text: "section \(header.section) header"))
    }
    return rows
  }

  /// The scroll indicators of a visible scroll view whose content is larger than its bounds, on each such axis.
  ///
  /// Vertical: 3 pt wide, 3 pt in from the right edge; its track runs from the top to the bottom of the frame, inside
  /// the adjustedContentInset's top and bottom and 3 pt from each end. Its length is the track's share of the content
  /// the bounds show, `track × height / (inset.top + contentSize.height + inset.bottom)`, at least 12 pt; it sits at
  /// `progress = (contentOffset.y + inset.top) / (inset.top + contentSize.height + inset.bottom − height)` of the
  /// track's free length (clamped to 0…1: a rubber band does not shrink it). Horizontal alike along the bottom edge.
  func scrollIndicators(_ drawn: Wireframe.View, node: ViewNode) -> [Wireframe.ScrollIndicator] {
    guard let scroll = node.scroll, drawn.visible != nil else { return [] }
    let inset = adjustedContentInset(of: node)
    let frame = drawn.frame
    var result: [Wireframe.ScrollIndicator] = []
    func along(
      start: Double, length: Double, insetStart: Double, insetEnd: Double, content: Double, offset: Double
    ) -> (position: Double, length: Double)? {
      let gap = Wireframe.indicatorGap
      let trackStart = start + insetStart + gap
      let track = length - insetStart - insetEnd - 2 * gap
      let extent = insetStart + content + insetEnd
      guard content > length, track > 0, extent > 0 else { return nil }
      let size = min(track, max(Wireframe.indicatorMinimumLength, track * length / extent))
      let progress = extent > length ? min(1, max(0, (offset + insetStart) / (extent - length))) : 0
      return (trackStart + progress * (track - size), size)
    }
    let thickness = Wireframe.indicatorThickness
    let gap = Wireframe.indicatorGap
    if let bar = along(
      start: frame.y, length: frame.height, insetStart: inset.top, insetEnd: inset.bottom,
      content: scroll.contentSize.height, offset: scroll.contentOffset.y)
    {
      result.append(
        .init(
          view: drawn.id, axis: .vertical,
          rect: Rect(x: frame.x + frame.width - gap - thickness, y: bar.position, width: thickness, height: bar.length))
      )
    }
    if let bar = along(
      start: frame.x, length: frame.width, insetStart: inset.left, insetEnd: inset.right,
      content: scroll.contentSize.width, offset: scroll.contentOffset.x)
    {
      result.append(
        .init(
          view: drawn.id, axis: .horizontal,
          rect: Rect(x: bar.position, y: frame.y + frame.height - gap - thickness, width: bar.length, height: thickness)
        ))
    }
    return result
  }
}

extension ViewKind {
  /// A navigation bar, toolbar or tab bar (R68).
  var isBar: Bool { self == .UINavigationBar || self == .UIToolbar || self == .UITabBar }
}

extension Wireframe {
  /// A scroll indicator's thickness, its gap from the edge and the track's ends, and its shortest length.
  public static let indicatorThickness = 3.0
  public static let indicatorGap = 3.0
  public static let indicatorMinimumLength = 12.0

  /// A fixed text at the top left of `area` (centred in it with `centred`), kept only if its box fits in `area`
  /// (and in `strict`, when given), meets none of `avoiding` and no box placed before.
  mutating func addFixed(
    _ text: String, in area: Rect, fontSize: Double = Wireframe.labelFontSize, centred: Bool = false,
    avoiding: [Rect], strict: Rect? = nil
  ) {
    let size = TextMetric.boxSize(of: text, fontSize: fontSize)
    let x = centred ? area.x + (area.width - size.width) / 2 : area.x + 6
    let y = area.y + (centred ? (area.height - size.height) / 2 : min(4, max(0, (area.height - size.height) / 2)))
    let box = Rect(x: x, y: y, width: size.width, height: size.height)
    var placer = LabelPlacer()
    for label in labels { placer.add(label.box) }
    guard area.contains(box), strict.map({ $0.contains(box) }) ?? true,
      !avoiding.contains(where: { $0.intersects(box) }),
      placer.isFree(box)
    else { return }
    labels.append(
      Label(text: text, box: box, role: .fixed, view: nil, colour: "#334155", anchor: nil, fontSize: fontSize))
  }
}

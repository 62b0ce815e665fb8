/// What `world/render` draws, before it is written as SVG: every visible view's frame in window coordinates with the
/// colour of the controller that owns it, the system bars, the safe area, the keyboard, scroll indicators, the first
/// responder, and every piece of text with the rectangle it occupies. ``Engine/wireframe(of:options:)`` builds it,
/// ``Engine/renderSVG(_:options:)`` writes it; the tests read it to check that no two texts overlap.
///
/// The picture is the window at the origin (window coordinates are picture coordinates, so a point read off the
/// picture can be given to `view/hitTest`), then to its right the callout column (labels that found no free spot in
/// the window, each with a leader line to its view) and the legend.
public struct Wireframe: Sendable {
  /// How views get their labels.
  public enum LabelMode: String, Sendable, CaseIterable {
    /// In the view at a free spot (or just outside a view too small for it), else in the callout column with a
    /// leader line.
    case auto
    /// Every view's label in the callout column, with a leader line.
    case callouts
    /// No view labels (cells, bars' and keyboard's texts stay).
    case none
  }

  /// The choices `world/render` offers.
  public struct Options: Sendable, Equatable {
    public var labels: LabelMode
    /// Whether the legend (controllers and their colours, the marks) is drawn.
    public var legend: Bool
    public init(labels: LabelMode = .auto, legend: Bool = true) {
      self.labels = labels
      self.legend = legend
    }
  }

  /// A view as drawn.
  public struct View: Sendable {
    public let id: String
    public let kind: ViewKind
    /// The frame in window coordinates (at its superviews' scroll offsets).
    public let frame: Rect
    /// The part of the frame that shows: inside the window and every clipping superview; nil when none does.
    public let visible: Rect?
    /// The controller that owns the view: the one whose root view is the view or its nearest superview that is a
    /// root view (nil: no controller's view holds it).
    public let controller: String?
    /// The owner's colour (``Wireframe/uncontrolledColour`` without one).
    public let colour: String
    /// Index of the superview in `views` (nil: a subview of the window).
    public let parent: Int?
    /// Whether the view is its window's first responder.
    public let isFirstResponder: Bool
    /// Whether it clips its subviews (`clipsToBounds`).
    public let clips: Bool
    /// For a controller's root view whose safe area differs from its surroundings (additional insets, a container's
    /// bars): that safe area in window coordinates.
    public let safeArea: Rect?
    /// A table's displayed cells and sticky section headers, in window coordinates.
    public let rows: [Row]
  }

  /// A table's displayed cell (`0.3 · input #4`) or sticky section header.
  public struct Row: Sendable {
    public let rect: Rect
    public let isHeader: Bool
    public let text: String
  }

  /// A piece of text and the rectangle it occupies (its background box): no two boxes intersect.
  public struct Label: Sendable {
    /// What the text belongs to.
    public enum Role: String, Sendable {
      /// A view's label in the window.
      case inline
      /// A view's label in the callout column, with a leader line.
      case callout
      /// A cell, a sticky section header, the status bar, the keyboard: drawn where the thing is.
      case fixed
      /// A line of the legend.
      case legend
    }
    public let text: String
    /// The box (text and padding), in picture coordinates.
    public let box: Rect
    public let role: Role
    /// The view it names (nil for texts that are not a view's label).
    public let view: String?
    public let colour: String
    /// For a callout: the point on the view the leader line starts from (nil: the view does not show).
    public let anchor: Point?
    /// Font size in points: the text is `TextMetric.width(of:fontSize:)` wide.
    public let fontSize: Double
  }

  /// A scroll indicator: where a scroll view's content is larger than its bounds on an axis.
  public struct ScrollIndicator: Sendable, Equatable {
    public enum Axis: String, Sendable { case vertical, horizontal }
    public let view: String
    public let axis: Axis
    public let rect: Rect
    public init(view: String, axis: Axis, rect: Rect) {
      self.view = view
      self.axis = axis
      self.rect = rect
    }
  }

  /// A controller's colour, in the legend.
  public struct Swatch: Sendable, Equatable {
    public let controller: String
    /// `Kind` or `ClassName (Kind)`.
    public let description: String
    public let colour: String
  }

  /// A legend line's symbol (its text is the `legend` label at the same index among them).
  public struct LegendItem: Sendable, Equatable {
    public enum Symbol: Sendable, Equatable {
      case heading
      case controller(colour: String)
      case safeArea, statusBar, systemBar, keyboard, firstResponder, scrollIndicator, cell, callout
    }
    public let symbol: Symbol
    /// Where the symbol is drawn.
    public let box: Rect
  }

  /// The window's size: the window is drawn at the origin.
  public let window: Rect
  /// The whole picture: the window, the callout column and the legend.
  public internal(set) var canvas = Size(width: 0, height: 0)
  /// Visible and clipped views, preorder, back to front (a view's superview comes before it).
  public internal(set) var views: [View] = []
  /// Every text of the picture.
  public internal(set) var labels: [Label] = []
  public internal(set) var scrollIndicators: [ScrollIndicator] = []
  /// The controllers owning the views, in the order their first view is drawn.
  public internal(set) var swatches: [Swatch] = []
  /// The legend's symbols, one for each `legend` label, in order.
  public internal(set) var legend: [LegendItem] = []
  /// The window's device and traits as the legend's first line writes them: `phone · wC hR · light` (R65).
  public internal(set) var traits = ""
  /// The status bar: the window's top safe-area inset, when there is one (portrait).
  public internal(set) var statusBar: Rect?
  /// The keyboard, when shown.
  public internal(set) var keyboard: Rect?
  /// The window's safe area.
  public internal(set) var safeArea: Rect

  init(window: Rect, safeArea: Rect) {
    self.window = window
    self.safeArea = safeArea
  }

  /// The colour of views no controller's view holds.
  public static let uncontrolledColour = "#64748b"
  /// Controllers' colours, in the order the controllers are met (then again from the start).
  public static let palette = [
    "#2563eb", "#059669", "#c2410c", "#be123c", "#7c3aed", "#0e7490", "#a16207", "#db2777", "#4d7c0f", "#1e40af",
  ]
  /// The first responder's outline.
  public static let firstResponderColour = "#f97316"
  /// The safe area's dashes.
  public static let safeAreaColour = "#9333ea"
}

/// The fixed-width text metric labels are placed with: every character one advance of 0.6 em (DejaVu Sans Mono's,
/// Menlo's), East Asian wide characters and emoji two. The SVG gives each text its measured length (`textLength`), so
/// a browser draws it exactly that wide whatever monospace font it has.
public enum TextMetric {
  /// A character's advance, in em.
  public static let advance = 0.6
  /// Padding around a text in its box.
  public static let padding = 2.0

  /// How many advances `text` takes.
  public static func cells(of text: String) -> Int {
    var count = 0
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x300..<0x370, 0x200B..<0x2010, 0xFE00..<0xFE10: continue  // combining marks, zero-width, selectors
      case 0x1100..<0x1160, 0x2E80..<0xA4D0, 0xAC00..<0xD7A4, 0xF900..<0xFB00, 0xFE30..<0xFE50, 0xFF00..<0xFF61,
        0xFFE0..<0xFFE7, 0x1F300..<0x1FAFF, 0x20000..<0x3FFFD:
        count += 2
      default: count += 1
      }
    }
    return count
  }

  /// The width `text` is drawn at, at `fontSize`.
  public static func width(of text: String, fontSize: Double) -> Double {
    Double(cells(of: text)) * advance * fontSize
  }

  /// The box of `text`: its width and the font's height, plus padding on every side.
  public static func boxSize(of text: String, fontSize: Double) -> Size {
    Size(width: width(of: text, fontSize: fontSize) + 2 * padding, height: fontSize * 1.2 + 2 * padding)
  }

  /// `text` cut to at most `limit` advances, with an ellipsis when cut.
  public static func truncated(_ text: String, to limit: Int) -> String {
    guard cells(of: text) > limit else { return text }
    var result = ""
    var used = 0
    for character in text {
      let width = cells(of: String(character))
      if used + width > limit - 1 { break }
      result.append(character)
      used += width
    }
    return result + "…"
  }
}

extension Rect {
  /// Whether the two rects share some area (touching edges do not).
  public func intersects(_ other: Rect) -> Bool {
    x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
  }

  /// The common part, or nil when they share no area.
  func intersection(_ other: Rect) -> Rect? {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(x + width, other.x + other.width)
    let bottom = min(y + height, other.y + other.height)
    guard right > left, bottom > top else { return nil }
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// Whether `other` lies entirely inside.
  public func contains(_ other: Rect) -> Bool {
    other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
  }
}

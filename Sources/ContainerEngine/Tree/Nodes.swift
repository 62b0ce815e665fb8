/// The most links any walk up a chain (superviews, parents) follows before it stops: the "never loops" guard.
///
/// The engine refuses every call that would close a cycle (a view inside itself, a controller its own ancestor, a
/// presentation or page cycle), and the tree depth limit (`--max-tree-depth`, at most 2,048) keeps real chains far
/// shorter than this. So a walk that reaches it has met a cycle some future bug let through: it stops there, as if at
/// the top, and `testOnly_checkInvariants` names the cycle, instead of the daemon spinning forever.
let chainWalkLimit = 1 << 16

/// View kinds (Documentation/Protocol.md, "Objects and ids").
public enum ViewKind: String, Sendable, CaseIterable {
  case UIView, UIScrollView, UITableView, UILabel, UITextField, UIWindow
  /// The bars a navigation or tab bar controller makes with its view (R68): `<nav>.navigationBar`, `<nav>.toolbar`,
  /// `<tab>.tabBar`. Not creatable by clients.
  case UINavigationBar, UIToolbar, UITabBar
}

/// A `UIView` (or `UIWindow`) in the engine's world.
///
/// Its state is grouped by concern: a window's own state (`WindowState`), the layout pass's marks (`LayoutMarks`, set
/// only by `Engine+Layout.swift`), and scroll and table state out of line (most views are neither). The stored
/// properties are ordered so that small fields fill a group's padding: 248 bytes an instance, where the ungrouped
/// fields took 264, before R64's margin-settings pointer added 8.
public final class ViewNode {
  /// The id (`v1`, `win`, or `<controllerId>.view` for a controller's root view).
  public let id: String
  /// Creation order, for deterministic listings.
  let serial: Int
  /// `frame`, in the superview's coordinates.
  @exclusivity(unchecked) public internal(set) var frame: Rect
  /// The superview.
  ///
  /// Not weak but `unowned(unsafe)`, like the other back links of the tree (`owner`, `ControllerNode.parent`): a
  /// weak reference gives the view it names a side table, after which every retain and release of that view takes
  /// the runtime's slow path (a tenth of the instructions of a tree being built). The link never outlives its target:
  /// a superview holds its subviews (`subviews`), every change of `subviews` sets or clears the link with it
  /// (Tree/Engine+Views.swift, `unloadView`), and a view that goes clears its subviews' links (`deinit`).
  @exclusivity(unchecked) public internal(set) unowned(unsafe) var superview: ViewNode?
  /// Subviews, back to front.
  @exclusivity(unchecked) public internal(set) var subviews: [ViewNode] = []
  /// The controller whose root view this is.
  ///
  /// `unowned(unsafe)` (see `superview`): the controller holds this view (`ControllerNode.view`) and clears the link
  /// when it lets go of it (`unloadView`) or goes (`ControllerNode.deinit`).
  @exclusivity(unchecked) public internal(set) unowned(unsafe) var owner: ControllerNode?
  /// `UILabel.text` / `UITextField.text`.
  @exclusivity(unchecked) public internal(set) var text: String?
  /// `autoresizingMask` entries.
  @exclusivity(unchecked) public internal(set) var autoresizingMask: [String] = []
  /// For a window: its safe area, root view controller, keyboard and first responder.
  @exclusivity(unchecked) var windowState = WindowState()
  /// The class.
  public let kind: ViewKind
  /// `isHidden`.
  @exclusivity(unchecked) public internal(set) var isHidden = false
  /// `clipsToBounds` (a UIScrollView clips by default).
  @exclusivity(unchecked) public internal(set) var clipsToBounds = false
  /// Where the layout pass stands with this view (Engine+Layout.swift).
  @exclusivity(unchecked) var layoutMarks = LayoutMarks()
  /// `layoutMargins` as set, `insetsLayoutMarginsFromSafeArea`, `preservesSuperviewLayoutMargins` (out of line: nil
  /// while all three keep their defaults; Layout/Engine+Margins.swift).
  var marginSettings: MarginSettings? {
    _read { yield marginSettingsStorage.value }
    set { marginSettingsStorage.value = newValue }
  }
  @exclusivity(unchecked) private var marginSettingsStorage = OutOfLine<MarginSettings>()

  init(id: String, kind: ViewKind, frame: Rect, serial: Int) {
    self.id = id
    self.kind = kind
    self.frame = frame
    self.serial = serial
  }

  /// The subviews' links back to this view go with it (see `superview`).
  deinit {
    for subview in subviews where subview.superview === self { subview.superview = nil }
  }

  // MARK: - Reading through the groups

  /// For a window: safe-area insets.
  public internal(set) var safeArea: Insets {
    get { windowState.safeArea }
    set { windowState.safeArea = newValue }
  }
  /// For a window: `rootViewController`.
  public internal(set) var rootViewController: ControllerNode? {
    get { windowState.rootViewController }
    set { windowState.rootViewController = newValue }
  }
  /// For a window: the keyboard's height when it is shown (`keyboard/show`).
  public internal(set) var keyboardHeight: Double? {
    get { windowState.keyboardHeight }
    set { windowState.keyboardHeight = newValue }
  }
  /// For a window: its first responder (`view/focus`).
  public internal(set) var firstResponder: ViewNode? {
    get { windowState.firstResponder }
    set { windowState.firstResponder = newValue }
  }
  /// `setNeedsLayout()` was called (a new view has never been laid out).
  var needsLayout: Bool { layoutMarks.needsLayout }
  /// A view below this one needs layout.
  var descendantNeedsLayout: Bool { layoutMarks.descendantNeedsLayout }
  /// Whether `superview`'s list of subviews needing layout holds this view.
  func isLayoutListed(in superview: ViewNode) -> Bool { layoutMarks.listedIn == superview.serial }

  /// `view.window`: the window at the top of the superview chain (a window's own `window` is itself).
  public var window: ViewNode? {
    var current: ViewNode? = self
    var steps = 0
    while let view = current, steps <= chainWalkLimit {
      if view.kind == .UIWindow { return view }
      current = view.superview
      steps += 1
    }
    return nil
  }

  /// `isDescendant(of:)`: true for the view itself too.
  /// A walk past `chainWalkLimit` (a superview cycle) answers true: a check that asks before adding a view refuses.
  public func isDescendant(of ancestor: ViewNode) -> Bool {
    var current: ViewNode? = self
    var steps = 0
    while let view = current {
      if view === ancestor || steps > chainWalkLimit { return true }
      current = view.superview
      steps += 1
    }
    return false
  }

  /// Whether following `superview` from this view comes back to it, or runs past `chainWalkLimit` (an invariant check).
  var isInSuperviewCycle: Bool {
    var current = superview
    var steps = 0
    while let view = current {
      if view === self || steps > chainWalkLimit { return true }
      current = view.superview
      steps += 1
    }
    return false
  }

  /// The view and all its descendants, pre-order, back to front.
  func preorder() -> [ViewNode] {
    var result: [ViewNode] = []
    var stack: [ViewNode] = [self]
    while let view = stack.popLast() {
      result.append(view)
      stack.append(contentsOf: view.subviews.reversed())
    }
    return result
  }

  /// A rect that fills this view: its size at the origin (for a child view laid over it, or a root view in a window).
  public var fillingRect: Rect { Rect(x: 0, y: 0, width: frame.width, height: frame.height) }

  /// The frame in window coordinates (bounds origins are zero until scroll views arrive).
  public var frameInWindow: Rect? {
    guard window != nil else { return nil }
    var rect = kind == .UIWindow ? Rect(x: 0, y: 0, width: frame.width, height: frame.height) : frame
    var current = superview
    var steps = 0
    while let view = current, view.kind != .UIWindow, steps <= chainWalkLimit {
      steps += 1
      // A superview's bounds origin (a scroll view's contentOffset) shifts what it holds.
      rect.x += view.frame.x - (view.scroll?.contentOffset.x ?? 0)
      rect.y += view.frame.y - (view.scroll?.contentOffset.y ?? 0)
      current = view.superview
    }
    return rect
  }

  /// Scroll state, for `UIScrollView` and `UITableView`.
  ///
  /// Kept out of line (`OutOfLine`), like `table`: most views are not scroll views, and the two states inline would
  /// add ~280 bytes to every view (a 100,000-controller tree holds 100,000 root views).
  public internal(set) var scroll: ScrollState? {
    _read { yield scrollStorage.value }
    set { scrollStorage.value = newValue }
    _modify { yield &scrollStorage.value }
  }
  @exclusivity(unchecked) private var scrollStorage = OutOfLine<ScrollState>()
  /// Table state, for `UITableView`.
  public internal(set) var table: TableState? {
    _read { yield tableStorage.value }
    set { tableStorage.value = newValue }
    _modify { yield &tableStorage.value }
  }
  @exclusivity(unchecked) private var tableStorage = OutOfLine<TableState>()
  /// A key that increases along the superview's `subviews` (kept by `insertSubview`), to put marked subviews back in
  /// subview order without searching.
  @exclusivity(unchecked) var subviewOrder = 0
  /// For a table: the bottom inset a UITableViewController added for the keyboard (S2.8).
  @exclusivity(unchecked) var keyboardInset = 0.0
  /// Who decided where this view is, for the containment invariant (`testOnly_checkInvariants`): `clientPlaced` when
  /// a client call moved it or took it out (`view/addSubview`, `view/removeFromSuperview`, a scene), or one that
  /// follows such a call (`transition(from:to:)` puts `to.view` where the client put `from.view`); otherwise, from the
  /// engine's own placements (containers, `containment/embed`), the serial of its owner's parent then (0: none).
  @exclusivity(unchecked) var placement = 0
  /// `placement` for a view a client call placed (serials are positive).
  static let clientPlaced = -1
}

/// An optional value stored behind one pointer: nil costs 8 bytes in the owner instead of the value's full size.
/// A value type itself (changed in place in a uniquely referenced box, copied on write otherwise), so the owner's
/// property keeps value semantics.
struct OutOfLine<Value> {
  private final class Box {
    // Only `OutOfLine` touches it, through its owner's property, whose own accesses are what exclusivity guards.
    @exclusivity(unchecked) var value: Value?
    init(_ value: Value?) { self.value = value }
  }

  private var box: Box?

  init() {}

  var value: Value? {
    // A borrow, not a copy: reading one field of a large state (`view.table!.laidOutAt`) copies nothing.
    _read {
      if let box { yield box.value } else { yield nil }
    }
    set {
      guard newValue != nil else { return box = nil }
      if isKnownUniquelyReferenced(&box) { box!.value = newValue } else { box = Box(newValue) }
    }
    _modify {
      if isKnownUniquelyReferenced(&box) {
        yield &box!.value
        if box!.value == nil { box = nil }
      } else {
        var value = box?.value
        yield &value
        box = value.map { Box($0) }
      }
    }
  }
}

/// A window's own state (a `UIWindow`'s; every other view keeps the defaults).
struct WindowState {
  /// Safe-area insets.
  var safeArea = Insets.zero
  /// `rootViewController` (weak: the window's view holds the controller's view, the engine the controller).
  weak var rootViewController: ControllerNode?
  /// The first responder (`view/focus`).
  weak var firstResponder: ViewNode?
  /// The keyboard's height when it is shown (`keyboard/show`).
  var keyboardHeight: Double?
  /// Idiom, interface style, scale and explicit size classes (Traits/, R65).
  var traitSettings = WindowTraitSettings()
}

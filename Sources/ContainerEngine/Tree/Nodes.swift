/// The most links any walk up a chain (superviews, parents) follows before it stops: the "never loops" guard.
///
/// The engine refuses every call that would close a cycle (a view inside itself, a controller its own ancestor, a
/// presentation or page cycle), and the tree depth limit (`--max-tree-depth`, at most 2,048) keeps real chains far
/// shorter than this. So a walk that reaches it has met a cycle some future bug let through: it stops there, as if at
/// the top, and `testOnly_checkInvariants` names the cycle, instead of the daemon spinning forever.
let chainWalkLimit = 1 << 16

/// View kinds (PROTOCOL.md §2).
public enum ViewKind: String, Sendable, CaseIterable {
  case UIView, UIScrollView, UITableView, UILabel, UITextField, UIWindow
}

/// A `UIView` (or `UIWindow`) in the engine's world.
public final class ViewNode {
  /// The id (`v1`, `win`, or `<controllerId>.view` for a controller's root view).
  public let id: String
  /// The class.
  public let kind: ViewKind
  /// Creation order, for deterministic listings.
  let serial: Int
  /// `frame`, in the superview's coordinates.
  public internal(set) var frame: Rect
  /// The superview.
  public internal(set) weak var superview: ViewNode?
  /// Subviews, back to front.
  public internal(set) var subviews: [ViewNode] = []
  /// The controller whose root view this is.
  public internal(set) weak var owner: ControllerNode?
  /// `UILabel.text` / `UITextField.text`.
  public internal(set) var text: String?
  /// `autoresizingMask` entries.
  public internal(set) var autoresizingMask: [String] = []
  /// For a window: safe-area insets.
  public internal(set) var safeArea = Insets.zero
  /// For a window: `rootViewController`.
  public internal(set) weak var rootViewController: ControllerNode?

  init(id: String, kind: ViewKind, frame: Rect, serial: Int) {
    self.id = id
    self.kind = kind
    self.frame = frame
    self.serial = serial
  }

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
  private var scrollStorage = OutOfLine<ScrollState>()
  /// Table state, for `UITableView`.
  public internal(set) var table: TableState? {
    _read { yield tableStorage.value }
    set { tableStorage.value = newValue }
    _modify { yield &tableStorage.value }
  }
  private var tableStorage = OutOfLine<TableState>()
  /// For a window: the keyboard's height when it is shown (`keyboard/show`).
  public internal(set) var keyboardHeight: Double?
  /// For a window: its first responder (`view/focus`).
  public internal(set) weak var firstResponder: ViewNode?
  /// `isHidden`.
  public internal(set) var isHidden = false
  /// `clipsToBounds` (a UIScrollView clips by default).
  public internal(set) var clipsToBounds = false
  /// `setNeedsLayout()` was called (a new view has never been laid out).
  var needsLayout = true
  /// A view below this one needs layout (so a pass visits only the paths that lead to one).
  var descendantNeedsLayout = false
  /// The subviews that need layout or lead to one, in the order they were marked; may hold views since moved away
  /// or already laid out (those whose `layoutListedIn` is not this view), which a pass skips.
  var subviewsNeedingLayout: [ViewNode] = []
  /// The superview whose `subviewsNeedingLayout` lists this view, if any.
  weak var layoutListedIn: ViewNode?
  /// A key that increases along the superview's `subviews` (kept by `insertSubview`), to put marked subviews back in
  /// subview order without searching.
  var subviewOrder = 0
  /// A navigation controller's layout pass already called viewWillLayoutSubviews for this root view (R18).
  var willLayoutEmitted = false
  /// For a table: the bottom inset a UITableViewController added for the keyboard (SCROLL_RULES.md §2.8).
  var keyboardInset = 0.0
  /// Who decided where this view is, for the containment invariant (`testOnly_checkInvariants`): `clientPlaced` when
  /// a client call moved it or took it out (`view/addSubview`, `view/removeFromSuperview`, a scene), or one that
  /// follows such a call (`transition(from:to:)` puts `to.view` where the client put `from.view`); otherwise, from the
  /// engine's own placements (containers, `containment/embed`), the serial of its owner's parent then (0: none).
  var placement = 0
  /// `placement` for a view a client call placed (serials are positive).
  static let clientPlaced = -1
}

/// A `UIViewController` in the engine's world.
public final class ControllerNode {
  /// The id.
  public let id: String
  /// The UIKit class (`UIViewController`, …).
  public let kind: ControllerKind
  /// A user subclass name, if any.
  public internal(set) var className: String?
  /// `title`.
  public internal(set) var title: String?
  /// `restorationIdentifier`.
  public internal(set) var restorationIdentifier: String?
  /// `shouldAutomaticallyForwardAppearanceMethods` (R9; default true).
  public internal(set) var forwardsAppearance: Bool
  /// Creation order.
  let serial: Int
  /// The kind of root view `loadView` makes.
  let viewKind: ViewKind
  /// `parent`.
  public internal(set) weak var parent: ControllerNode?
  /// `children`, in order of addition.
  public internal(set) var children: [ControllerNode] = []
  /// The root view, or nil when not loaded (`viewIfLoaded`).
  public internal(set) var view: ViewNode?
  /// How many times the view was loaded (R2).
  var loadCount = 0
  /// The appearance state machine (R15).
  public internal(set) var appearance = AppearanceStateMachine()
  /// `presentedViewController`.
  public internal(set) var presentedViewController: ControllerNode?
  /// `presentingViewController` (weak: the presenter owns the presentation).
  public internal(set) weak var presentingViewController: ControllerNode?
  /// `modalPresentationStyle` of the current presentation.
  var modalStyle: ModalPresentationStyle?
  /// UIKit's `presentedViewController` getter: "The view controller that is presented by this view controller, or one
  /// of its ancestors in the view controller hierarchy" (Apple's documentation). The engine keeps a presentation on
  /// the root of the presenter's tree, so a child reads its nearest ancestor's.
  public var presentedInHierarchy: ControllerNode? { nearestInAncestors(\.presentedViewController) }

  /// UIKit's `presentingViewController` getter: the presenter of this controller or, when it is not presented itself,
  /// of its nearest presented ancestor (Apple's documentation: "If the view controller is not presented, but one of
  /// its ancestors is being presented, this property holds the view controller presenting the nearest ancestor").
  public var presentingInHierarchy: ControllerNode? { nearestInAncestors(\.presentingViewController) }

  /// The first non-nil `link` of this controller or its ancestors, nearest first.
  private func nearestInAncestors(_ link: (ControllerNode) -> ControllerNode?) -> ControllerNode? {
    var current: ControllerNode? = self
    var steps = 0
    while let controller = current, steps <= chainWalkLimit {
      if let found = link(controller) { return found }
      current = controller.parent
      steps += 1
    }
    return nil
  }

  /// `isBeingPresented` (R29).
  public internal(set) var isBeingPresented = false
  /// `isBeingDismissed` (R29).
  public internal(set) var isBeingDismissed = false
  /// How many windows have this controller as their `rootViewController`: a mark addChild's check reads without
  /// loading every window's weak reference (``Engine/checkNotWindowRoot(_:joining:)``).
  var windowsRooted: Int32 = 0
  /// `additionalSafeAreaInsets`: added to the safe area of the root view, and through it of everything inside
  /// (`Engine.setAdditionalSafeAreaInsets(_:_:)`).
  public internal(set) var additionalSafeAreaInsets = Insets.zero
  /// The window a full-screen presentation took this presenter's view out of.
  weak var presenterViewRemovedFrom: ViewNode?
  /// Navigation bookkeeping, for a `UINavigationController` (out of line: most controllers are not one).
  var navigation: NavigationState? {
    _read { yield navigationStorage.value }
    set { navigationStorage.value = newValue }
    _modify { yield &navigationStorage.value }
  }
  private var navigationStorage = OutOfLine<NavigationState>()
  /// `animated` of the transition in flight, repeated on its did callback.
  var appearanceAnimated = false
  /// `isMovingToParent` (R29).
  public internal(set) var isMovingToParent = false
  /// `isMovingFromParent` (R29).
  public internal(set) var isMovingFromParent = false
  /// PagingContainerViewController: its configuration and state (out of line: most controllers are not one).
  public internal(set) var paging: Engine.PagingState? {
    _read { yield pagingStorage.value }
    set { pagingStorage.value = newValue }
    _modify { yield &pagingStorage.value }
  }
  private var pagingStorage = OutOfLine<Engine.PagingState>()
  /// A page's scroll view when its root view is not one (`scrollView` option, YSM's `childScrollView`).
  public internal(set) var childScrollViewID: String?
  /// UITableViewController: `clearsSelectionOnViewWillAppear` (default true).
  public internal(set) var clearsSelectionOnViewWillAppear = true
  /// UITableViewController: an overridden `tableView` (seed 002's container view); nil: the root view.
  public internal(set) weak var managedTableView: ViewNode?
  /// UITableViewController: the first viewWillAppear (which reloads the table) has happened.
  var reloadedTableOnce = false
  /// The turn's marks (added or removed visibly, queued for settling): only `TurnState` reads or sets them.
  var turnMarks = TurnMarks()

  init(id: String, kind: ControllerKind, viewKind: ViewKind, forwardsAppearance: Bool, serial: Int) {
    self.id = id
    self.kind = kind
    self.viewKind = viewKind
    self.forwardsAppearance = forwardsAppearance
    self.serial = serial
  }

  /// How UIKit prints the controller in exception reasons and warnings: `<UIViewController: child>`.
  public var debugName: String { "<\(className ?? kind.rawValue): \(id)>" }

  /// Whether `other` is this controller or one of its ancestors.
  /// A walk past `chainWalkLimit` (a parent cycle) answers true: a check that asks before adding a child refuses.
  func hasAncestor(_ other: ControllerNode) -> Bool {
    var current: ControllerNode? = self
    var steps = 0
    while let controller = current {
      if controller === other || steps > chainWalkLimit { return true }
      current = controller.parent
      steps += 1
    }
    return false
  }

  /// Whether following `parent` from this controller comes back to it, or runs past `chainWalkLimit`.
  var isInParentCycle: Bool {
    var current = parent
    var steps = 0
    while let controller = current {
      if controller === self || steps > chainWalkLimit { return true }
      current = controller.parent
      steps += 1
    }
    return false
  }

  /// The root of the controller tree (`self` without a parent); stops after `chainWalkLimit` parents.
  var rootAncestor: ControllerNode {
    var root = self
    var steps = 0
    while let parent = root.parent, steps <= chainWalkLimit {
      root = parent
      steps += 1
    }
    return root
  }

  /// Whether this is a `UINavigationController`.
  var isNavigationController: Bool { kind == .navigationController }
  /// Whether this is a `UITabBarController`.
  var isTabBarController: Bool { kind == .tabBarController }
  /// Whether this is a system container that shows one child at a time (navigation or tab bar controller).
  var showsOneChild: Bool { isNavigationController || isTabBarController }

  /// `navigationController`: the nearest ancestor that is a `UINavigationController`.
  public var navigationController: ControllerNode? { nearestAncestor(ofKind: .navigationController) }

  /// `tabBarController`: the nearest ancestor that is a `UITabBarController`.
  public var tabBarController: ControllerNode? { nearestAncestor(ofKind: .tabBarController) }

  /// The nearest ancestor (parent, grandparent, …) of the given kind.
  func nearestAncestor(ofKind kind: ControllerKind) -> ControllerNode? {
    var current = parent
    var steps = 0
    while let controller = current, steps <= chainWalkLimit {
      if controller.kind == kind { return controller }
      current = controller.parent
      steps += 1
    }
    return nil
  }
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

/// A `UIViewController` in the engine's world.
///
/// Its state is grouped by the subsystem that owns it. Containment links (`ContainmentLinks`, set only by
/// `Engine+Containment.swift`), presentation links (`PresentationLinks`, set only by `Engine+Presentation.swift`) and
/// a UITableViewController's state (`TableControllerState`, set only by `Engine+Keyboard.swift`) are structs whose
/// setters are private to those files; the turn's marks (`TurnMarks`) are read and set only by `TurnState`. Navigation
/// and paging state are out of line (most controllers are neither). The public members read through.
///
/// The stored properties are ordered so that each group's last bytes are followed by small fields that fill its
/// padding: 248 bytes an instance (100,000 controllers: 24.8 MB), where the ungrouped fields took 283 — before R69's
/// once-per-appearance flag (which pushes `windowsRooted` to the next word) and R64's told-geometry pointer added 8
/// bytes each.
public final class ControllerNode {
  /// The id.
  public let id: String
  /// Creation order.
  let serial: Int
  /// A user subclass name, if any.
  @exclusivity(unchecked) public internal(set) var className: String?
  /// `title`.
  @exclusivity(unchecked) public internal(set) var title: String?
  /// `restorationIdentifier`.
  @exclusivity(unchecked) public internal(set) var restorationIdentifier: String?
  /// `parent` and `children` (Engine+Containment.swift).
  @exclusivity(unchecked) var containment = ContainmentLinks()
  /// The root view, or nil when not loaded (`viewIfLoaded`).
  @exclusivity(unchecked) public internal(set) var view: ViewNode?
  /// How many times the view was loaded (R2).
  @exclusivity(unchecked) var loadCount = 0
  /// The appearance state machine, the transition's `animated`, R29's moving flags (Appearance/).
  @exclusivity(unchecked) var appearanceRecord = AppearanceRecord()
  /// How many windows have this controller as their `rootViewController`: a mark addChild's check reads without
  /// loading every window's weak reference (``Engine/checkNotWindowRoot(_:joining:)``; set by `Engine.setRoot`).
  @exclusivity(unchecked) var windowsRooted: Int32 = 0
  /// `presentedViewController`, `presentingViewController` and the presentation's style and flags
  /// (Engine+Presentation.swift).
  @exclusivity(unchecked) var presentation = PresentationLinks()
  /// `isModalInPresentation`, the adaptive delegate and a swipe-down in progress (R58, R59; Engine+SheetDismissal.swift).
  @exclusivity(unchecked) var sheet = SheetState()
  /// `edgesForExtendedLayout`, `extendedLayoutIncludesOpaqueBars`, `hidesBottomBarWhenPushed` (R68,
  /// Engine+Bars.swift).
  @exclusivity(unchecked) var extendedLayout = ExtendedLayout()
  /// The UIKit class (`UIViewController`, …).
  public let kind: ControllerKind
  /// The kind of root view `loadView` makes.
  let viewKind: ViewKind
  /// `shouldAutomaticallyForwardAppearanceMethods` (R9; default true).
  @exclusivity(unchecked) public internal(set) var forwardsAppearance: Bool
  /// The turn's marks (added or removed visibly, queued for settling): only `TurnState` reads or sets them.
  @exclusivity(unchecked) var turnMarks = TurnMarks()
  /// UITableViewController: `clearsSelectionOnViewWillAppear`, an overridden `tableView`, the first reload
  /// (Engine+Keyboard.swift).
  @exclusivity(unchecked) var tableController = TableControllerState()
  /// `additionalSafeAreaInsets`: added to the safe area of the root view, and through it of everything inside
  /// (`Engine.setAdditionalSafeAreaInsets(_:_:)`).
  @exclusivity(unchecked) public internal(set) var additionalSafeAreaInsets = Insets.zero
  /// `traitOverrides` (R67; Traits/Engine+Traits.swift).
  @exclusivity(unchecked) public internal(set) var traitOverrides = TraitOverrides()
  /// Navigation bookkeeping, for a `UINavigationController` (out of line: most controllers are not one).
  var navigation: NavigationState? {
    _read { yield navigationStorage.value }
    set { navigationStorage.value = newValue }
    _modify { yield &navigationStorage.value }
  }
  @exclusivity(unchecked) private var navigationStorage = OutOfLine<NavigationState>()
  /// PagingContainerViewController: its configuration and state (out of line: most controllers are not one).
  public internal(set) var paging: Engine.PagingState? {
    _read { yield pagingStorage.value }
    set { pagingStorage.value = newValue }
    _modify { yield &pagingStorage.value }
  }
  @exclusivity(unchecked) private var pagingStorage = OutOfLine<Engine.PagingState>()
  /// UIPageViewController: its options, pages and transition (R31–R38; out of line: most controllers are not one).
  public internal(set) var pageView: Engine.PageViewState? {
    _read { yield pageViewStorage.value }
    set { pageViewStorage.value = newValue }
    _modify { yield &pageViewStorage.value }
  }
  @exclusivity(unchecked) private var pageViewStorage = OutOfLine<Engine.PageViewState>()
  /// UISplitViewController: its columns, display mode and collapse (R39–R45; out of line: most controllers are not
  /// one).
  public internal(set) var split: Engine.SplitViewState? {
    _read { yield splitStorage.value }
    set { splitStorage.value = newValue }
    _modify { yield &splitStorage.value }
  }
  @exclusivity(unchecked) private var splitStorage = OutOfLine<Engine.SplitViewState>()
  /// A page's scroll view when its root view is not one (`scrollView` option, YSM's `childScrollView`).
  @exclusivity(unchecked) public internal(set) var childScrollViewID: String?
  /// The root view's safe area and layout margins as last told to the controller (R64; out of line: only
  /// controllers whose view reached a window have one). Read and set only by Layout/Engine+Margins.swift.
  var toldGeometry: ToldGeometry? {
    _read { yield toldGeometryStorage.value }
    set { toldGeometryStorage.value = newValue }
  }
  @exclusivity(unchecked) private var toldGeometryStorage = OutOfLine<ToldGeometry>()

  init(id: String, kind: ControllerKind, viewKind: ViewKind, forwardsAppearance: Bool, serial: Int) {
    self.id = id
    self.kind = kind
    self.viewKind = viewKind
    self.forwardsAppearance = forwardsAppearance
    self.serial = serial
  }

  /// The links back to this controller go with it: its view's `owner` and its children's `parent` (both
  /// `unowned(unsafe)`, see `ViewNode.superview`).
  deinit {
    if let view, view.owner === self { view.owner = nil }
    containment.orphanChildren(of: self)
  }

  // MARK: - Reading through the groups

  /// `parent`.
  public var parent: ControllerNode? { containment.parent }
  /// `children`, in order of addition.
  public var children: [ControllerNode] {
    _read { yield containment.children }
  }
  /// The appearance state machine (R15).
  public internal(set) var appearance: AppearanceStateMachine {
    _read { yield appearanceRecord.machine }
    set { appearanceRecord.machine = newValue }
    _modify { yield &appearanceRecord.machine }
  }
  /// `animated` of the transition in flight, repeated on its did callback.
  var appearanceAnimated: Bool {
    get { appearanceRecord.animated }
    set { appearanceRecord.animated = newValue }
  }
  /// `isMovingToParent` (R29).
  public internal(set) var isMovingToParent: Bool {
    get { appearanceRecord.isMovingToParent }
    set { appearanceRecord.isMovingToParent = newValue }
  }
  /// `isMovingFromParent` (R29).
  public internal(set) var isMovingFromParent: Bool {
    get { appearanceRecord.isMovingFromParent }
    set { appearanceRecord.isMovingFromParent = newValue }
  }
  /// `presentedViewController`.
  public var presentedViewController: ControllerNode? { presentation.presented }
  /// `presentingViewController`.
  public var presentingViewController: ControllerNode? { presentation.presenting }
  /// `isBeingPresented` (R29).
  public var isBeingPresented: Bool { presentation.isBeingPresented }
  /// `isBeingDismissed` (R29).
  public var isBeingDismissed: Bool { presentation.isBeingDismissed }
  /// UITableViewController: `clearsSelectionOnViewWillAppear` (default true).
  public var clearsSelectionOnViewWillAppear: Bool { tableController.clearsSelectionOnViewWillAppear }
  /// UITableViewController: an overridden `tableView` (seed 002's container view); nil: the root view.
  public var managedTableView: ViewNode? { tableController.managedTableView }

  /// `edgesForExtendedLayout` (R68; default all).
  public var edgesForExtendedLayout: ExtendedEdges { extendedLayout.edges }
  /// `extendedLayoutIncludesOpaqueBars` (R68; default false).
  public var extendedLayoutIncludesOpaqueBars: Bool { extendedLayout.includesOpaqueBars }
  /// `hidesBottomBarWhenPushed` (R68; default false).
  public var hidesBottomBarWhenPushed: Bool { extendedLayout.hidesBottomBarWhenPushed }
  /// UINavigationController: `isNavigationBarHidden` (R68).
  public var isNavigationBarHidden: Bool { navigation?.bars.navigationBarHidden ?? false }
  /// UINavigationController: `isToolbarHidden` (R68; default true).
  public var isToolbarHidden: Bool { navigation?.bars.toolbarHidden ?? true }
  /// UITabBarController: `tabBar.isHidden` as set by the client (R68; `hidesBottomBarWhenPushed` hides the bar view
  /// without changing it).
  public var isTabBarHidden: Bool { navigation?.bars.tabBarHidden ?? false }

  /// UIKit's `presentedViewController` getter: "The view controller that is presented by this view controller, or one
  /// of its ancestors in the view controller hierarchy" (Apple's documentation). The engine keeps a presentation on
  /// the controller that presents it (the root of the presenter's tree, or the context controller, R53–R54), so the
  /// caller and everything below that controller read it here.
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

  /// How UIKit prints the controller in exception reasons and warnings: `<UIViewController: child>`.
  public var debugName: String { "<\(className ?? kind.rawValue): \(id)>" }

  // MARK: - Walks up the tree

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

/// A controller's appearance (Appearance/): the state machine (R13–R16), the `animated` of the transition in flight,
/// and R29's moving flags, which the containment calls set (addChild, removeFromParent, willMove(nil), a stack's
/// changes) and the appearance callbacks clear, and whether R69's viewIsAppearing was sent. Thirteen bytes (the
/// machine's nine, then the four flags).
struct AppearanceRecord {
  /// The state machine (R15).
  var machine = AppearanceStateMachine()
  /// `animated` of the transition in flight, repeated on its did callback.
  var animated = false
  /// `isMovingToParent` (R29).
  var isMovingToParent = false
  /// `isMovingFromParent` (R29).
  var isMovingFromParent = false
  /// `viewIsAppearing` was called in the appearance in flight (R69: once per appearance; cleared at each
  /// viewWillAppear).
  var isAppearingSent = false
}

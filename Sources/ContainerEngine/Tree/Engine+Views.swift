/// The view hierarchy: adding and removing views, which drives appearance when a window is entered or left (R6).
extension Engine {
  /// `superview.addSubview(view)` / `insertSubview(_:at:)`.
  ///
  /// Checks (all before any change): a view cannot be added to itself or to one of its descendants, nor can a
  /// window be added; a controller's root view whose controller has a parent may only go into the view hierarchy
  /// of that parent (A-hier, `UIViewControllerHierarchyInconsistency`); a parentless controller's view may go
  /// anywhere (R6). Then the named root views load (R1), the view moves, and if its window changed the
  /// controllers it carries get viewWillDisappear / viewWillAppear (R6; the did halves at the end of the turn, R7).
  /// The descendant check looks at the tree as it will be after the loads and the installs the move brings
  /// (`checkNoCycle`), not only at the views that exist before.
  public func addSubview(_ viewRef: ViewRef, to superviewRef: ViewRef, at index: Int?) throws(EngineError) {
    try checkHierarchy(viewRef, into: superviewRef)
    try checkNoCycle(placing: viewRef, under: superviewRef)
    try checkTreeDepth(placing: viewRef, under: superviewRef)
    try checkCapacity(adding: loadsNeeded([superviewRef, viewRef]))
    let superview = materialize(superviewRef)
    let view = materialize(viewRef)
    move(view, to: superview, at: index)
    view.placement = ViewNode.clientPlaced
  }

  /// The checks of `addSubview` (no changes).
  func checkHierarchy(_ viewRef: ViewRef, into superviewRef: ViewRef) throws(EngineError) {
    if case .view(let view) = viewRef, view.kind == .UIWindow {
      throw .uikitException(exception: "NSInvalidArgumentException", reason: "Can't add a window as a subview")
    }
    if let view = viewRef.existing, let superview = superviewRef.existing {
      if view === superview {
        throw .uikitException(exception: "NSInvalidArgumentException", reason: "Can't add self as subview")
      }
      if superview.isDescendant(of: view) {
        throw .uikitException(
          exception: "NSInvalidArgumentException", reason: "Can't add a view as a subview of its own descendant")
      }
    } else if let owner = viewRef.owner, superviewRef.owner === owner {
      throw .uikitException(exception: "NSInvalidArgumentException", reason: "Can't add self as subview")
    }
    guard let child = viewRef.owner, let parent = child.parent else { return }
    let requested = nearestController(containing: superviewRef)
    if let requested, requested !== parent {
      throw hierarchyInconsistency(
        child, shouldHaveParent: parent.debugName, requestedParent: requested.debugName, rule: "A-hier")
    }
  }

  /// Refuses placing `viewRef`'s view under `superviewRef`'s if the tree after the call would hold a cycle
  /// (NSInvalidArgumentException "Can't add a view as a subview of its own descendant", as for an existing descendant).
  ///
  /// The views that exist now are not the whole story: naming `<c>.view` loads it (R1), and a paging container's load
  /// attaches its first page; and when the moved subtree enters a window, each navigation or tab bar controller in it
  /// that shows nothing yet installs its top or selected child's view into its own (R3, `installDisplayedChild`), and
  /// that child does the same. A view so pulled into the moved subtree that is now at or above the superview (a client
  /// put a tab's view around the place the tab bar controller goes: `addSubview {superview: v, view: "tabs.view"}`
  /// with v inside the selected tab's view) would end up inside itself, and every later walk of the tree (snapshot,
  /// layout, hit test) would spin. UIKit's `tabs.view` would load, and the install would meet the cycle in the middle
  /// of the appearance [INF]; the engine refuses before anything changes. Controllers whose appearance forwarding is
  /// off are counted as installing too (a refusal then may be one UIKit would not make) [INF].
  func checkNoCycle(placing viewRef: ViewRef, under superviewRef: ViewRef) throws(EngineError) {
    // A controller whose view is not loaded yet, with no first page to attach and no child to install, pulls nothing
    // in (the walk below would find no pull): the usual embed of a new child.
    if case .root(let controller) = viewRef, controller.view == nil, controller.paging?.pages.first == nil,
      !controller.showsOneChild
    {
      return
    }
    let entersWindow: Bool
    if let superview = superviewRef.existing, let window = superview.window {
      entersWindow = viewRef.existing?.window !== window
    } else {
      entersWindow = false
    }
    // (container, child) pairs: `child`'s root view goes into `container`'s view (or its pager).
    var pulls: [(ControllerNode, ControllerNode)] = []
    var seen = Set<ObjectIdentifier>()
    var pending: [ControllerNode] = []
    func visit(_ controller: ControllerNode) {
      if seen.insert(ObjectIdentifier(controller)).inserted { pending.append(controller) }
    }
    switch viewRef {
    case .root(let controller) where controller.view == nil: visit(controller)
    default:
      if entersWindow, let view = viewRef.existing {
        for node in view.preorder() { if let owner = node.owner, owner.view === node { visit(owner) } }
      }
    }
    while let controller = pending.popLast(), seen.count <= controllers.count + 1 {
      var pulled: [ControllerNode] = []
      if controller.view == nil, let first = controller.paging?.pages.first { pulled.append(first) }
      if entersWindow, controller.showsOneChild, controller.navigation?.displayed == nil {
        let shown =
          controller.isNavigationController
          ? controller.children.last : controller.navigation?.selectedWithoutView ?? controller.children.first
        if let shown { pulled.append(shown) }
      }
      for child in pulled {
        pulls.append((controller, child))
        visit(child)
        // A loaded child brings its whole subtree into the window: the containers in it install in turn.
        if entersWindow, let view = child.view {
          for node in view.preorder() { if let owner = node.owner, owner.view === node { visit(owner) } }
        }
      }
    }
    guard !pulls.isEmpty else { return }
    let pulledViews = Set(pulls.compactMap { $0.1.view.map(ObjectIdentifier.init) })
    let pulledControllers = Set(pulls.map { ObjectIdentifier($0.1) })
    var closes = false
    switch superviewRef {
    case .root(let controller) where controller.view == nil:
      closes = pulledControllers.contains(ObjectIdentifier(controller))
    default:
      var current = superviewRef.existing
      var steps = 0
      while let view = current, !closes, steps <= chainWalkLimit {
        closes = pulledViews.contains(ObjectIdentifier(view))
        current = view.superview
        steps += 1
      }
    }
    for (container, child) in pulls where !closes {
      if let containerView = container.view, let childView = child.view {
        closes = containerView.isDescendant(of: childView)
      }
    }
    if closes {
      throw .uikitException(
        exception: "NSInvalidArgumentException", reason: "Can't add a view as a subview of its own descendant")
    }
  }

  /// The controller owning the nearest view at or above `ref` (A-hier's walk up to a controller-owned view).
  func nearestController(containing ref: ViewRef) -> ControllerNode? {
    if case .root(let controller) = ref { return controller }
    var current = ref.existing
    while let view = current {
      if let owner = view.owner { return owner }
      current = view.superview
    }
    return nil
  }

  /// Moves `view` under `superview` (removing it from any old superview) and runs the window driver (R6).
  ///
  /// Never closes a view cycle (the "never loops" guard): client calls refuse a cycle before they change anything
  /// (`checkHierarchy`, `checkNoCycle`), so this only catches a move of the engine's own (a container installing a
  /// child's view that a client call placed around the container's) that no check foresaw. UIKit's addSubview would
  /// raise "Can't add a view as a subview of its own descendant" there, in the middle of the container's work [INF];
  /// the engine leaves the view where it is and says so with a warning (rule `noCycle`), and the call goes on.
  func move(_ view: ViewNode, to superview: ViewNode, at index: Int?) {
    if superview.isDescendant(of: view) {
      warn(
        "Can't add a view as a subview of its own descendant: \(view.id) stays out of \(superview.id)",
        object: view.id, rule: "noCycle")
      return
    }
    let oldWindow = view.window
    let newWindow = superview.window
    if oldWindow != nil && oldWindow !== newWindow { windowWillChange(for: view, appearing: false) }
    detach(view)
    let position = index.map { max(0, min($0, superview.subviews.count)) } ?? superview.subviews.count
    insertSubview(view, into: superview, at: position)
    view.placement = view.owner?.parent?.serial ?? 0
    // addSubview lays out the superview again, and the moved view (with anything in it still waiting) (R30).
    layout.inputsChanged()
    setNeedsLayout(superview)
    if view.needsLayout || view.descendantNeedsLayout { markAncestorsForLayout(view) }
    if newWindow != nil && oldWindow !== newWindow {
      splitsJoiningWindow(view)
      windowWillChange(for: view, appearing: true)
    }
  }

  /// Moves a view without window-driven appearance: a container transition drives appearance itself.
  func moveWithoutAppearance(_ view: ViewNode, to superview: ViewNode, at index: Int?) {
    turn.suspendWindowDriver()
    move(view, to: superview, at: index)
    turn.resumeWindowDriver()
  }

  /// Takes a view out of its superview without window-driven appearance (see `moveWithoutAppearance`).
  func detachWithoutAppearance(_ view: ViewNode) {
    turn.suspendWindowDriver()
    detach(view)
    turn.resumeWindowDriver()
  }

  func detach(_ view: ViewNode) {
    guard let superview = view.superview else { return }
    superview.subviews.removeAll { $0 === view }
    view.superview = nil
    layout.inputsChanged()
    setNeedsLayout(superview)
  }

  /// `view.removeFromSuperview()`: controllers it carries out of a window get viewWillDisappear now and
  /// viewDidDisappear at the end of the turn (R6, R7).
  ///
  /// R72: naming `<c>.view` reads `c.view`, which loads a view never loaded (loadView, viewDidLoad, R1), as every call
  /// that names one does; that view has no superview, so nothing else happens. So the common removal
  /// `c.willMove(toParent: nil); c.view.removeFromSuperview(); c.removeFromParent()` of a never-loaded child runs
  /// loadView and viewDidLoad between its two move callbacks.
  public func removeFromSuperview(_ viewRef: ViewRef) throws(EngineError) {
    try checkCapacity(adding: loadsNeeded([viewRef]))
    removeViewFromSuperview(materialize(viewRef))
  }

  /// `view.removeFromSuperview()` of a view that exists (the engine's own removals).
  func removeViewFromSuperview(_ view: ViewNode) {
    guard view.superview != nil else { return }
    if view.window != nil { windowWillChange(for: view, appearing: false) }
    detach(view)
    view.placement = ViewNode.clientPlaced
  }

  /// `superview.bringSubviewToFront(view)`; a named root view loads first (R1, R72), and then has no superview.
  public func bringSubviewToFront(_ viewRef: ViewRef) throws(EngineError) {
    try checkCapacity(adding: loadsNeeded([viewRef]))
    let view = materialize(viewRef)
    guard let superview = view.superview else { return }
    moveToFront(view, in: superview)
  }

  /// Puts `view` last (frontmost) among `superview`'s subviews.
  func moveToFront(_ view: ViewNode, in superview: ViewNode) {
    superview.subviews.removeAll { $0 === view }
    insertSubview(view, into: superview, at: superview.subviews.count)
  }

  /// Inserts `view` into `superview.subviews` at `position`, keeping the order keys increasing along the subviews
  /// (an append, the common case, is O(1); an insertion renumbers the subviews after it).
  func insertSubview(_ view: ViewNode, into superview: ViewNode, at position: Int) {
    superview.subviews.insert(view, at: position)
    view.superview = superview
    let previous = position > 0 ? superview.subviews[position - 1].subviewOrder : 0
    view.subviewOrder = previous &+ 1
    var order = view.subviewOrder
    for later in superview.subviews[(position + 1)...] {
      guard later.subviewOrder <= order else { break }
      order &+= 1
      later.subviewOrder = order
    }
  }

  /// `view.frame = frame` (loads a named root view, R1).
  public func setFrame(_ viewRef: ViewRef, _ frame: Rect) throws(EngineError) {
    try checkCapacity(adding: loadsNeeded([viewRef]))
    setViewFrame(materialize(viewRef), frame)
  }

  /// `window.rootViewController = controller; window.makeKeyAndVisible()`: the controller's view loads (R1), fills
  /// the window and enters it, so the controller appears (R6, R7). A previous root's view leaves the window, once a
  /// container transition inside it has finished (`finishTransitions(leaving:)`). The
  /// containers it brings into the window install their children's views: refused if that would close a cycle
  /// (`checkNoCycle`).
  public func setRoot(of window: ViewNode, to controller: ControllerNode) throws(EngineError) {
    guard window.kind == .UIWindow else {
      throw .unsupported(
        argument: .window, expected: "a UIWindow",
        message: Engine.describeKind(window.id, window.kind.rawValue, expected: "a UIWindow"))
    }
    if let parent = controller.parent {
      throw hierarchyInconsistency(
        controller, shouldHaveParent: parent.debugName, requestedParent: "(null)", rule: "A-hier")
    }
    if window.rootViewController === controller { return }
    try checkNoCycle(placing: .root(controller), under: .view(window))
    try checkTreeDepth(placing: .root(controller), under: .view(window))
    try checkCapacity(adding: loadCost(controller))
    if let old = window.rootViewController, let oldView = old.view, oldView.superview === window {
      // A navigation transition animating in the outgoing root ends before its view leaves (R19, R6).
      finishTransitions(leaving: oldView)
      removeViewFromSuperview(oldView)
    }
    window.rootViewController?.windowsRooted -= 1
    window.rootViewController = controller
    controller.windowsRooted += 1
    let view = loadViewIfNeeded(controller)
    setViewFrame(view, window.fillingRect)
    move(view, to: window, at: nil)
  }
}

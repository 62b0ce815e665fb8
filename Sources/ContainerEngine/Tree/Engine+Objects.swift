/// Creating, loading and destroying objects.
extension Engine {
  /// The default window: 390×844 with safe area 47/34 (Documentation/Protocol.md, "Objects and ids").
  public static let defaultWindowFrame = Rect(x: 0, y: 0, width: 390, height: 844)

  /// A phone's safe area in portrait: 47 top, 34 bottom.
  static let portraitSafeArea = Insets(top: 47, left: 0, bottom: 34, right: 0)

  /// `UIWindow(frame:)`.
  /// `idiom` picks R65's size-class table and, without `safeArea`, the default safe area (a phone's 47/34 whatever
  /// its size, a pad's 24/20).
  public func createWindow(
    id: String?, width: Double, height: Double, safeArea: Insets?, idiom: UserInterfaceIdiom = .phone
  ) throws(EngineError) -> ViewNode {
    let id = try makeID(id, prefix: "w")
    try checkCapacity(adding: 1)
    let window = ViewNode(
      id: id, kind: .UIWindow, frame: Rect(x: 0, y: 0, width: width, height: height),
      serial: nextSerial())
    window.safeArea =
      safeArea ?? (idiom == .pad ? defaultSafeArea(width: width, height: height, idiom: .pad) : Engine.portraitSafeArea)
    window.windowState.traitSettings.idiom = idiom
    objects.add(window)
    layout.addWindow(window)
    return window
  }

  /// `UIView(frame:)` and friends.
  public func createView(id: String?, kind: ViewKind, frame: Rect?, autoresizingMask: [String], text: String?)
    throws(EngineError) -> ViewNode
  {
    guard kind != .UIWindow else {
      throw .unsupported(
        argument: .kind, expected: "a view kind other than UIWindow",
        message: "create windows with window/create")
    }
    let id = try makeID(id, prefix: "v")
    try checkCapacity(adding: 1)
    let view = ViewNode(id: id, kind: kind, frame: frame ?? .zero, serial: nextSerial())
    prepareScrolling(view)
    view.autoresizingMask = autoresizingMask
    view.text = text
    objects.add(view)
    return view
  }

  /// `UIViewController()`; the view is not loaded (R1).
  public func createController(
    id: String?, kind: ControllerKind, className: String?, title: String?, restorationIdentifier: String?,
    forwardsAppearance: Bool, viewKind: ViewKind?
  ) throws(EngineError) -> ControllerNode {
    let id = try makeID(id, prefix: "vc", kind: kind)
    try checkCapacity(adding: 1)
    let controller = ControllerNode(
      id: id, kind: kind, viewKind: viewKind ?? (kind == .tableViewController ? .UITableView : .UIView),
      forwardsAppearance: forwardsAppearance,
      serial: nextSerial())
    controller.className = className
    controller.title = title
    controller.restorationIdentifier = restorationIdentifier
    objects.add(controller)
    return controller
  }

  /// Reading `controller.view`: `loadView` then `viewDidLoad` when the view is nil (R1); again after an unload
  /// (R2). The root view is made full-screen, as `loadView` does.
  ///
  /// - Important: callers check the object limit first (`loadsNeeded`).
  @discardableResult
  func loadViewIfNeeded(_ controller: ControllerNode) -> ViewNode {
    if let view = controller.view { return view }
    let rule = controller.loadCount == 0 ? "R1" : "R2"
    controller.loadCount += 1
    emit(controller, .loadView, rule: rule)
    let view = ViewNode(
      id: "\(controller.id).view", kind: controller.viewKind, frame: Self.defaultWindowFrame,
      serial: nextSerial())
    view.owner = controller
    // loadView's view resizes with its superview.
    view.autoresizingMask = ["flexibleWidth", "flexibleHeight"]
    prepareScrolling(view)
    objects.add(view)
    controller.view = view
    emit(controller, .viewDidLoad, rule: rule)
    switch controller.kind {
    case .autoContainer: autoContainerViewDidLoad(controller)
    case .pagingContainer: pagingViewDidLoad(controller)
    case .navigationController, .tabBarController: barsViewDidLoad(controller)
    case .pageViewController: pageViewDidLoad(controller)
    case .splitViewController: break
    case .viewController, .tableViewController: break
    }
    return view
  }

  /// Scroll and table state for the views that have them.
  private func prepareScrolling(_ view: ViewNode) {
    guard view.kind == .UIScrollView || view.kind == .UITableView else { return }
    view.scroll = ScrollState()
    view.clipsToBounds = true
    scrolls.add(view)
    if view.kind == .UITableView {
      view.table = TableState()
      view.scroll!.alwaysBounceVertical = options.tableAlwaysBounceVertical
    }
  }

  /// `controller/loadView`: the same as reading `.view` (R1, R3).
  public func loadView(_ controller: ControllerNode) throws(EngineError) -> ViewNode {
    try checkCapacity(adding: loadCost(controller))
    return loadViewIfNeeded(controller)
  }

  /// `controller.view = nil` (R2). Refused while the view is in a view hierarchy.
  public func unloadView(_ controller: ControllerNode) throws(EngineError) {
    guard let view = controller.view else { return }
    guard view.superview == nil else {
      throw .invalidState(
        id: controller.id, state: "viewInHierarchy",
        message: "\(controller.id).view is in a view hierarchy; remove it from its superview first")
    }
    for subview in view.subviews { subview.superview = nil }
    view.subviews.removeAll()
    view.owner = nil
    barsViewDidUnload(controller)
    objects.removeView(view.id)
    controller.view = nil
    if controller.appearance.state != .disappeared { controller.appearance = AppearanceStateMachine() }
  }

  /// Forgets a controller. Refused while it has a parent, children, or a view in a hierarchy. A page a paging container
  /// lists but has not shown leaves its list (`removeDestroyedPage`); a destroyed paging container's pages are free.
  public func destroy(_ controller: ControllerNode) throws(EngineError) {
    if controller.parent != nil {
      throw .invalidState(id: controller.id, state: "hasParent", message: "\(controller.id) still has a parent")
    }
    if !controller.children.isEmpty {
      throw .invalidState(id: controller.id, state: "hasChildren", message: "\(controller.id) still has children")
    }
    if let view = controller.view, view.superview != nil {
      throw .invalidState(
        id: controller.id, state: "viewInHierarchy", message: "\(controller.id).view is still in a view hierarchy")
    }
    try removeDestroyedPage(controller)
    forgetPageList(of: controller)
    try unloadView(controller)
    layout.additionalSafeAreaInsetsChanged(from: controller.additionalSafeAreaInsets, to: .zero)
    // Its custom animators go with it (a new controller of the same id starts without one).
    transitions.removeAnimators(of: controller)
    objects.removeController(controller.id)
  }
}

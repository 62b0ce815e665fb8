/// UITableViewController, the first responder and the keyboard (S2.8, seed 002).
extension Engine {
  /// A UITableViewController's `tableView`: an overridden one (seed 002's container) or its root view.
  public func managedTable(of controller: ControllerNode) -> ViewNode? {
    guard controller.kind == .tableViewController else { return nil }
    if let table = controller.managedTableView { return table }
    return controller.view?.table != nil ? controller.view : nil
  }

  /// `override var tableView` (seed 002): the controller manages `table` instead of its root view.
  func setManagedTable(_ controller: ControllerNode, _ table: ViewNode) throws(EngineError) {
    guard controller.kind == .tableViewController else {
      throw .unsupported(
        argument: .tableView, expected: "a UITableViewController",
        message: Engine.describeKind(controller.id, controller.kind.rawValue, expected: "a UITableViewController"))
    }
    guard table.table != nil else {
      throw .unsupported(
        argument: .tableView, expected: "a UITableView",
        message: Engine.describeKind(table.id, table.kind.rawValue, expected: "a UITableView"))
    }
    controller.tableController.managedTableView = table
  }

  /// Inside a UITableViewController's viewWillAppear (S2.8): the first one reloads the table; each one clears the
  /// selection when `clearsSelectionOnViewWillAppear` (a programmatic deselect: no delegate callback).
  func tableControllerWillAppear(_ controller: ControllerNode) {
    guard let view = managedTable(of: controller), var table = view.table else { return }
    if !controller.tableController.reloadedOnce {
      controller.tableController.reloadedOnce = true
      table.needsReload = table.hasData
    }
    if controller.clearsSelectionOnViewWillAppear { table.selected = nil }
    view.table = table
  }

  /// `clearsSelectionOnViewWillAppear`.
  public func setClearsSelectionOnViewWillAppear(_ controller: ControllerNode, _ value: Bool) {
    controller.tableController.clearsSelectionOnViewWillAppear = value
  }

  /// `shouldAutomaticallyForwardAppearanceMethods` (R8): read by the engine when the controller's children appear.
  public func setForwardsAppearance(_ controller: ControllerNode, _ value: Bool) {
    controller.forwardsAppearance = value
  }

  /// `title`.
  public func setTitle(_ controller: ControllerNode, _ title: String) {
    controller.title = title
  }

  /// `becomeFirstResponder()`: a UITextField in a window becomes its window's first responder; anything else returns
  /// false and changes nothing. With the keyboard up, a UITableViewController whose table holds it scrolls it into
  /// view (UIKit posts the keyboard notifications again for the new responder).
  public func focus(_ ref: ViewRef) throws(EngineError) -> Bool {
    try checkCapacity(adding: loadsNeeded([ref]))
    let view = materialize(ref)
    guard view.kind == .UITextField, let window = view.window else { return false }
    window.firstResponder = view
    if window.keyboardHeight != nil { avoidKeyboard(in: window, animated: false) }
    return true
  }

  /// `keyboard/show`: the keyboard covers the bottom `height` points of the window.
  public func showKeyboard(_ window: ViewNode, height: Double, animated: Bool) throws(EngineError) {
    try checkWindow(window)
    window.keyboardHeight = height
    avoidKeyboard(in: window, animated: animated)
  }

  /// `keyboard/hide`: each adjusted table gets its bottom inset back; an offset past the new range comes back to it
  /// (`cause: keyboard`).
  public func hideKeyboard(_ window: ViewNode, animated: Bool) throws(EngineError) {
    try checkWindow(window)
    guard window.keyboardHeight != nil else { return }
    window.keyboardHeight = nil
    for controller in visibleTableControllers(in: window) {
      guard let table = managedTable(of: controller), table.keyboardInset != 0 else { continue }
      table.scroll!.contentInset.bottom -= table.keyboardInset
      table.keyboardInset = 0
      let maxY = offsetRange(of: table).max.y
      if table.scroll!.contentOffset.y > maxY { moveForKeyboard(table, y: maxY, animated: animated) }
    }
  }

  private func checkWindow(_ window: ViewNode) throws(EngineError) {
    guard window.kind == .UIWindow else {
      throw .unsupported(
        argument: .window, expected: "a UIWindow",
        message: Engine.describeKind(window.id, window.kind.rawValue, expected: "a UIWindow"))
    }
  }

  /// UITableViewControllers whose table is in `window` and that are appearing or appeared, in creation order.
  private func visibleTableControllers(in window: ViewNode) -> [ControllerNode] {
    allControllers.filter { controller in
      guard controller.kind == .tableViewController, let table = managedTable(of: controller) else { return false }
      let state = controller.appearance.state
      return table.window === window && (state == .appeared || state == .appearing)
    }
  }

  /// UITableViewController's keyboard avoidance (S2.8 engine model): `contentInset.bottom` grows by the keyboard's
  /// overlap with the table; then, when the first responder is inside the table, the least scroll that shows its
  /// rect between `o.y + adjustedContentInset.top` and the keyboard's top, clamped to the range (the exact position is
  /// UNVERIFIED). Offsets move with `cause: keyboard`, animated over `keyboardAnimationDuration`.
  private func avoidKeyboard(in window: ViewNode, animated: Bool) {
    guard let keyboard = window.keyboardHeight else { return }
    let keyboardTop = window.frame.height - keyboard
    for controller in visibleTableControllers(in: window) {
      guard let table = managedTable(of: controller), let frame = table.frameInWindow else { continue }
      let overlap = max(0, min(frame.y + frame.height, window.frame.height) - max(keyboardTop, frame.y))
      table.scroll!.contentInset.bottom += overlap - table.keyboardInset
      table.keyboardInset = overlap
      guard let responder = window.firstResponder, responder !== table, responder.isDescendant(of: table),
        let rect = rectInContent(of: table, responder)
      else { continue }
      let offset = table.scroll!.contentOffset
      let visibleTop = offset.y + adjustedContentInset(of: table).top
      let visibleBottom = offset.y + frame.height - overlap
      var y = offset.y
      if rect.y + rect.height > visibleBottom {
        y += rect.y + rect.height - visibleBottom
      } else if rect.y < visibleTop {
        y -= visibleTop - rect.y
      }
      let range = offsetRange(of: table)
      y = min(max(y, range.min.y), range.max.y)
      if y != offset.y { moveForKeyboard(table, y: y, animated: animated) }
    }
  }

  private func moveForKeyboard(_ table: ViewNode, y: Double, animated: Bool) {
    stopScrolling(table)
    let target = Point(x: table.scroll!.contentOffset.x, y: y)
    if animated {
      animateOffset(table, to: target, cause: "keyboard")
    } else {
      setOffset(table, target, cause: "keyboard")
    }
  }

  /// `view.convert(view.bounds, to: scrollView)`: the view's rect in the scroll view's content coordinates.
  func rectInContent(of scrollView: ViewNode, _ view: ViewNode) -> Rect? {
    var rect = view.fillingRect
    var current: ViewNode? = view
    while let node = current, node !== scrollView {
      rect.x += node.frame.x
      rect.y += node.frame.y
      current = node.superview
      if let parent = current, parent !== scrollView, let scroll = parent.scroll {
        rect.x -= scroll.contentOffset.x
        rect.y -= scroll.contentOffset.y
      }
    }
    return current == nil ? nil : rect
  }
}

/// A UITableViewController's own state (S2.8, seed 002), set only in this file.
struct TableControllerState {
  /// An overridden `tableView` (seed 002's container view); nil: the root view.
  fileprivate(set) weak var managedTableView: ViewNode?
  /// `clearsSelectionOnViewWillAppear` (default true).
  fileprivate(set) var clearsSelectionOnViewWillAppear = true
  /// The first viewWillAppear (which reloads the table) has happened.
  fileprivate(set) var reloadedOnce = false

  init() {}
}

/// Window size changes (rotation) and hit testing.
extension Engine {
  /// The iPhone safe areas the engine assumes when `window/resize` gives none: portrait (height ≥ width) 47 top and
  /// 34 bottom, landscape 47 left and right and 21 bottom (a notched iPhone; pass `safeArea` for another device).
  public static func defaultSafeArea(width: Double, height: Double) -> Insets {
    height >= width
      ? Insets(top: 47, left: 0, bottom: 34, right: 0) : Insets(top: 0, left: 47, bottom: 21, right: 47)
  }

  /// `window/resize` (a rotation or a window size change): `viewWillTransition(to:with:)` on the root view controller,
  /// which forwards it to its children, depth first in child order, then to the controller it presents (UIKit's
  /// default implementations; L-objcio: rotation originates at the window); then the window takes the size and safe
  /// area, its root view fills it, autoresizing follows down the tree, and the turn's layout pass lays out what
  /// changed (R30).
  public func resizeWindow(_ window: ViewNode, width: Double, height: Double, safeArea: Insets?) throws(EngineError) {
    guard window.kind == .UIWindow else {
      throw .unsupported(
        argument: .window, expected: "a UIWindow",
        message: Engine.describeKind(window.id, window.kind.rawValue, expected: "a UIWindow"))
    }
    let size = Size(width: width, height: height)
    if let root = window.rootViewController, size != Size(width: window.frame.width, height: window.frame.height) {
      var pending: [ControllerNode] = [root]
      var seen = Set<ObjectIdentifier>()
      while let controller = pending.popLast() {
        guard seen.insert(ObjectIdentifier(controller)).inserted else { continue }
        emitTransitionToSize(controller, size)
        if let presented = controller.presentedViewController { pending.append(presented) }
        pending.append(contentsOf: controller.children.reversed())
      }
    }
    window.safeArea = safeArea ?? Self.defaultSafeArea(width: width, height: height)
    layout.inputsChanged()
    setViewFrame(window, Rect(x: window.frame.x, y: window.frame.y, width: width, height: height))
    if let root = window.rootViewController, let view = root.view, view.superview === window {
      setViewFrame(view, window.fillingRect)
    }
    // The safe area moved: every view in the window may lay out differently.
    setNeedsLayout(window)
    // The bars follow the safe area even when no size changed (R68).
    if layout.hasBars {
      for view in window.preorder() where view.owner?.showsOneChild == true && view.owner?.view === view {
        setNeedsLayout(view)
      }
    }
  }

  private func emitTransitionToSize(_ controller: ControllerNode, _ size: Size) {
    record(
      .lifecycle,
      EngineEvent(
        kind: .lifecycle(
          controller: controller.id, callback: .viewWillTransitionToSize, animated: nil, parent: nil, flags: .none,
          size: size),
        rule: "L-objcio", time: clock.now))
  }

  /// `window.hitTest(point, with: nil)`: the frontmost view under `point` (window coordinates). A view is searched
  /// only when the point is inside its bounds (UIKit's `point(inside:with:)`), so a subview sticking out of its
  /// superview cannot be hit outside it, clipped or not; hidden views and their subviews are skipped; subviews are
  /// tried front to back. Nil when the point is outside the window.
  public func hitTest(_ window: ViewNode, _ point: Point) throws(EngineError) -> ViewNode? {
    guard window.kind == .UIWindow else {
      throw .unsupported(
        argument: .window, expected: "a UIWindow",
        message: Engine.describeKind(window.id, window.kind.rawValue, expected: "a UIWindow"))
    }
    return hit(window, Point(x: point.x - window.frame.x, y: point.y - window.frame.y))
  }

  /// `point` is in `view`'s bounds coordinates.
  private func hit(_ view: ViewNode, _ point: Point) -> ViewNode? {
    guard !view.isHidden else { return nil }
    let origin = view.scroll?.contentOffset ?? Point(x: 0, y: 0)
    let inside =
      point.x >= origin.x && point.x < origin.x + view.frame.width && point.y >= origin.y
      && point.y < origin.y + view.frame.height
    guard inside else { return nil }
    for subview in view.subviews.reversed() {
      let local = Point(x: point.x - subview.frame.x, y: point.y - subview.frame.y)
      let bounds = subview.scroll?.contentOffset ?? Point(x: 0, y: 0)
      if let found = hit(subview, Point(x: local.x + bounds.x, y: local.y + bounds.y)) { return found }
    }
    return view
  }

  /// `view.isHidden`, `view.clipsToBounds`.
  public func configureView(
    _ ref: ViewRef, isHidden: Bool?, clipsToBounds: Bool?, layoutMargins: Insets? = nil,
    insetsLayoutMarginsFromSafeArea: Bool? = nil, preservesSuperviewLayoutMargins: Bool? = nil
  ) throws(EngineError) {
    try checkCapacity(adding: loadsNeeded([ref]))
    let view = materialize(ref)
    if let isHidden { view.isHidden = isHidden }
    if let clipsToBounds { view.clipsToBounds = clipsToBounds }
    configureMargins(
      of: view, layoutMargins: layoutMargins, insetsFromSafeArea: insetsLayoutMarginsFromSafeArea,
      preservesSuperview: preservesSuperviewLayoutMargins)
  }
}

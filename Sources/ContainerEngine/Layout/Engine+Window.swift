/// Hit testing and view settings (`window/resize` is Traits/Engine+Resize.swift).
extension Engine {
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

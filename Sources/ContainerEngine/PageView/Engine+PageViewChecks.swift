/// The refusals of a page view controller's calls (R32, R36, R38): a wrong number of pages, overlapping transitions,
/// pages that cannot join.
extension Engine {
  /// R32's count check.
  static func checkPageCount(_ count: Int, required: Int) throws(EngineError) {
    guard count != required else { return }
    throw .uikitException(
      exception: "NSInvalidArgumentException",
      reason:
        "The number of view controllers provided (\(count)) doesn't match the number required (\(required)) for the requested transition",
      rule: "R32")
  }

  /// R32: a mid spine needs double-sided pages (Apple: setting it false with the spine in the middle raises; the
  /// wording is the engine's).
  static let midSpineSingleSided = EngineError.uikitException(
    exception: "NSInvalidArgumentException",
    reason: "isDoubleSided must be YES for UIPageViewControllerSpineLocationMid", rule: "R32")

  /// R38: a page transition is in flight. UIKit asserts ("No view controller managing visible view …") once the
  /// overlapping transitions end; the daemon refuses the second one and changes nothing.
  /// `overlapPolicy` raise: UIKit's exception itself, naming the view shown.
  func overlappingTransition(_ pageView: ControllerNode, swipe: Bool) -> EngineError {
    if options.pageView.overlapPolicy == .raise {
      let shown = pageView.pageView?.viewControllers.first?.view?.id ?? pageView.id
      return .uikitException(
        exception: "NSInternalInconsistencyException",
        reason: "No view controller managing visible view <\(shown)>", rule: "R38")
    }
    return .invalidState(
      id: pageView.id, state: "transitioning",
      message:
        "\(pageView.id) is in a page transition; UIKit would raise NSInternalInconsistencyException \"No view controller managing visible view\" (R38)"
    )
  }

  /// A page (given to a set, or a neighbour the data source returns, R36) that is another container's child: a state
  /// conflict, refused as the daemon refuses other calls on a controller that still has a parent (-32003 `hasParent`,
  /// `data.id` the page), not a malformed parameter. UIKit's addChild would take the page from its parent (R5) and
  /// leave that container showing a page it no longer owns; the daemon refuses and changes nothing [INF].
  static func pageHasParent(_ page: ControllerNode, _ parent: ControllerNode, joining name: String) -> EngineError {
    .invalidState(
      id: page.id, state: "hasParent",
      message:
        "\(page.id) is a child of \(parent.id) and cannot become a page of \(name); remove it from its parent first")
  }

  /// The pages of a set: distinct, not a child of another controller (a page belongs to one page view controller),
  /// not the page view controller or one of its ancestors, not a window's root (L-snap); checked page by page.
  func checkPages(
    _ pages: [ControllerNode], joiningNamed name: String, pageView: ControllerNode?,
    argument: (Int) -> EngineArgument
  ) throws(EngineError) {
    for (index, page) in pages.enumerated() {
      if pages[..<index].contains(where: { $0 === page }) {
        throw .unsupported(
          argument: argument(index), expected: "distinct controllers", message: "\(page.id) is given twice")
      }
      if let parent = page.parent, parent !== pageView {
        throw Self.pageHasParent(page, parent, joining: name)
      }
      if let pageView, isAncestorOnceShown(page, of: pageView) {
        throw .uikitException(
          exception: "NSInvalidArgumentException",
          reason: page === pageView
            ? "A view controller cannot be its own child: \(page.debugName)"
            : "\(page.debugName) is an ancestor of \(pageView.debugName) and cannot become its child")
      }
      try checkNotWindowRoot(page, joining: name)
    }
  }
}

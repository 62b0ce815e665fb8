/// Containment: addChild, removeFromParent, willMove/didMove, and the embed/unembed conveniences.
extension Engine {
  /// `parent.addChild(child)`.
  ///
  /// R5: a child with a different parent is first removed from it (`didMove(toParent: nil)`, rule R5; the old
  /// container gets no chance to send `willMove(toParent: nil)`). R4: then `willMove(toParent: parent)` is called
  /// automatically, with `child.parent` already set (the observed nuance of R4); `didMove` is the container's job.
  /// A controller cannot become its own child or its ancestor's parent (NSInvalidArgumentException, [INF]), nor can a
  /// window's root view controller become anyone's child (``checkNotWindowRoot(_:joining:)``). A paging container's
  /// page not shown yet counts as its child here (`isAncestorOnceShown`): a container cannot become a child of its own
  /// pending page, which its first showing would make its parent (the cycle would load each inside the other forever).
  ///
  /// R72: while the child's view is still inside the view of its current parent, `addChild` to another parent raises
  /// UIViewControllerHierarchyInconsistency (``checkViewLeftOldParent(_:joining:)``) before anything changes; R5's
  /// implicit removal applies only once that view has left the old parent's view hierarchy.
  public func addChild(_ child: ControllerNode, to parent: ControllerNode) throws(EngineError) {
    try checkViewLeftOldParent(child, joining: parent)
    if isAncestorOnceShown(child, of: parent) {
      throw .uikitException(
        exception: "NSInvalidArgumentException",
        reason: child === parent
          ? "A view controller cannot be its own child: \(child.debugName)"
          : "\(child.debugName) is an ancestor of \(parent.debugName) and cannot become its child")
    }
    try checkNotWindowRoot(child, joining: parent.debugName)
    if child.parent !== parent { try checkTreeDepth(adding: child, to: parent) }
    if let old = child.parent, old !== parent { takeFromOldParent(child) }
    if child.parent !== parent { link(child, to: parent) }
    child.isMovingToParent = true
    child.isMovingFromParent = false
    // R8's second didMove follows only when the parent is visible as the child is added (open point default).
    turn.noteAdded(child, visible: parent.view?.window != nil)
    emit(child, .willMove, rule: "R4", parent: .some(parent))
  }

  /// R72: `P2.addChild(C)` while C's view sits inside the view of C's current parent P1 raises
  /// UIViewControllerHierarchyInconsistency "child view controller:<C> should have parent view controller:<P1> but
  /// requested parent is:<P2>", with no callback and nothing changed (UIKit's hierarchy check in
  /// `-[UIViewController _addChildViewController:performHierarchyCheck:notifyWillMove:]`; Apple: "This consistency
  /// check is also performed when a view controller is added as a child by calling the addChild(_:) method",
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/hierarchyinconsistencyexception). Every path
  /// that makes a controller a child runs it before changing anything: `addChild`, `embed`, push and
  /// `setViewControllers` (where it is R22's "moving a controller between two navigation stacks while its view is
  /// still in the first one"), a tab bar's `viewControllers` and a paging container's pages (which refuse any page
  /// with another parent). A view that has left P1's hierarchy (`removeFromSuperview`) lets R5 apply.
  func checkViewLeftOldParent(_ child: ControllerNode, joining parent: ControllerNode) throws(EngineError) {
    try checkViewLeftOldParent(child, joiningNamed: parent.debugName, parent: parent)
  }

  /// The check above for a parent named `name` (`parent` nil: a container `controller/create` has not made yet).
  func checkViewLeftOldParent(
    _ child: ControllerNode, joiningNamed name: @autoclosure () -> String, parent: ControllerNode? = nil
  )
    throws(EngineError)
  {
    guard let old = child.parent, old !== parent, let view = child.view, let oldView = old.view,
      view.isDescendant(of: oldView)
    else { return }
    throw hierarchyInconsistency(child, shouldHaveParent: old.debugName, requestedParent: name(), rule: "R72")
  }

  /// UIKit's UIViewControllerHierarchyInconsistency between the controller hierarchy and the view hierarchy: "child
  /// view controller:<C> should have parent view controller:<P> but requested parent is:<Q>", the one reason every
  /// check of that kind builds (A-hier for views, R22 and R72 for children; `(null)` for no controller).
  func hierarchyInconsistency(
    _ child: ControllerNode, shouldHaveParent: String, requestedParent: String, rule: String? = nil
  ) -> EngineError {
    .uikitException(
      exception: "UIViewControllerHierarchyInconsistency",
      reason:
        "child view controller:\(child.debugName) should have parent view controller:\(shouldHaveParent) but requested parent is:\(requestedParent)",
      rule: rule)
  }

  /// R5: a controller joining another parent first leaves its old one, which gets no chance to send
  /// `willMove(toParent: nil)`: only `didMove(toParent: nil)` is called. The old container forgets displaying it.
  func takeFromOldParent(_ child: ControllerNode) {
    guard let old = child.parent else { return }
    detachFromParent(child)
    forgetDisplayed(child, by: old)
    emit(child, .didMove, rule: "R5", parent: .some(nil))
  }

  /// A window's `rootViewController` cannot be added as a child (by `addChild`, and so by a push, a tab list or a
  /// page list): UIKit raises UIViewControllerHierarchyInconsistency "adding a root view controller <C> as a child of
  /// view controller:<P>" (L-snap: a snapshot library adding a window's UITabBarController root as a child).
  /// `parentName` is the would-be parent's description, so the check can run before a new container exists.
  func checkNotWindowRoot(_ child: ControllerNode, joining parentName: @autoclosure () -> String) throws(EngineError) {
    guard child.windowsRooted > 0 else { return }
    throw .uikitException(
      exception: "UIViewControllerHierarchyInconsistency",
      reason: "adding a root view controller \(child.debugName) as a child of view controller:\(parentName())",
      rule: "L-snap")
  }

  /// `child.removeFromParent()`: `didMove(toParent: nil)` automatically (R4); the view stays where it is.
  public func removeFromParent(_ child: ControllerNode) {
    guard let parent = child.parent else { return }
    detachFromParent(child)
    forgetDisplayed(child, by: parent)
    child.isMovingFromParent = true
    child.isMovingToParent = false
    turn.noteRemoved(child, visible: parent.view?.window != nil)
    emit(child, .didMove, rule: "R4", parent: .some(nil))
  }

  func detachFromParent(_ child: ControllerNode) {
    guard let parent = child.parent else { return }
    parent.containment.children.removeAll { $0 === child }
    child.containment.parent = nil
  }

  // MARK: - Links

  /// Makes `child` the last child of `parent`, with no callback (addChild's link; a swipe-back cancelled takes the
  /// top back, R24). `child` has no parent.
  func link(_ child: ControllerNode, to parent: ControllerNode) {
    parent.containment.children.append(child)
    child.containment.parent = parent
  }

  /// Takes the children `leaves` picks out of `parent` at once, with no callback (a navigation stack replaced, R21:
  /// one pass over the children, not a removal per controller).
  func unlink(childrenOf parent: ControllerNode, where leaves: (ControllerNode) -> Bool) {
    for child in parent.children where leaves(child) { child.containment.parent = nil }
    parent.containment.children.removeAll(where: leaves)
  }

  /// Puts `parent`'s children in the order of `children`, the same controllers (a navigation or tab bar controller's
  /// `viewControllers` set, R21, R25).
  func reorder(childrenOf parent: ControllerNode, as children: [ControllerNode]) {
    parent.containment.children = children
  }

  /// A container's own `child.willMove(toParent:)` call (R4). `willMove(toParent: nil)` marks the child as moving
  /// from its parent (R29).
  public func willMove(_ child: ControllerNode, toParent parent: ControllerNode?) {
    if parent == nil {
      child.isMovingFromParent = true
      child.isMovingToParent = false
      turn.touch(child)
    }
    emit(child, .willMove, rule: "R4", parent: .some(parent))
  }

  /// A container's own `child.didMove(toParent:)` call (R4).
  public func didMove(_ child: ControllerNode, toParent parent: ControllerNode?) {
    emit(child, .didMove, rule: "R4", parent: .some(parent))
  }

  /// The standard three steps in one turn: `addChild`, `container.addSubview(child.view)`, `didMove(toParent:)`.
  ///
  /// `container` defaults to `parent.view`; `frame`, when given, is set on the child's view before it is added.
  /// Every check of the three steps runs before the first one acts.
  public func embed(_ child: ControllerNode, in parent: ControllerNode, container: ViewRef?, frame: Rect?)
    throws(EngineError)
  {
    if isAncestorOnceShown(child, of: parent) {
      try addChild(child, to: parent)  // throws the addChild exception without changing anything
    }
    let containerRef = container ?? .root(parent)
    try checkViewLeftOldParent(child, joining: parent)
    guard nearestController(containing: containerRef) === parent else {
      let requested = nearestController(containing: containerRef)
      throw hierarchyInconsistency(
        child, shouldHaveParent: parent.debugName, requestedParent: requested?.debugName ?? "(null)", rule: "A-hier")
    }
    if let existing = containerRef.existing, let childView = child.view, existing.isDescendant(of: childView) {
      throw .uikitException(
        exception: "NSInvalidArgumentException", reason: "Can't add a view as a subview of its own descendant")
    }
    try checkNoCycle(placing: .root(child), under: containerRef)
    try checkTreeDepth(placing: .root(child), under: containerRef)
    try checkCapacity(adding: loadsNeeded(containerRef, .root(child)))
    // addChild checks the controller depth before it changes anything.
    try addChild(child, to: parent)
    let superview = materialize(containerRef)
    let view = loadViewIfNeeded(child)
    if let frame { setViewFrame(view, frame) }
    move(view, to: superview, at: nil)
    didMove(child, toParent: parent)
  }

  /// The standard removal: `willMove(toParent: nil)`, `view.removeFromSuperview()`, `removeFromParent()`. Reading
  /// `child.view` loads a view never loaded, between the two move callbacks (R72, R1).
  public func unembed(_ child: ControllerNode) throws(EngineError) {
    try checkCapacity(adding: loadCost(child))
    willMove(child, toParent: nil)
    removeViewFromSuperview(loadViewIfNeeded(child))
    removeFromParent(child)
  }
}

/// A controller's containment links, set only in this file (addChild, removeFromParent and the link operations the
/// system containers use).
struct ContainmentLinks {
  /// `parent`: `unowned(unsafe)` as `ViewNode.superview` is (the parent holds its children; every change of
  /// `children` sets or clears the link, and a controller that goes clears its children's, `orphanChildren`).
  fileprivate(set) unowned(unsafe) var parent: ControllerNode?
  /// `children`, in order of addition.
  fileprivate(set) var children: [ControllerNode] = []

  init() {}

  /// The children's links back to `parent`, which is going (its `deinit`).
  func orphanChildren(of parent: ControllerNode) {
    for child in children where child.containment.parent === parent { child.containment.parent = nil }
  }
}

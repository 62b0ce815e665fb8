/// The safe area: `UIView.safeAreaInsets` and `UIViewController.additionalSafeAreaInsets` (S2.4,
/// S5.3).
///
/// Apple, `UIView.safeAreaInsets` (developer.apple.com/documentation/uikit/uiview/safeareainsets): "For the view
/// controller's root view, the insets account for the status bar, other visible bars, and any additional insets that
/// you specified using the `additionalSafeAreaInsets` property"; for other views they reflect only the part of the
/// view that is obscured ("if a view is entirely within the safe area of its view controller's root view, the edge
/// insets in this property are 0"). `additionalSafeAreaInsets` (…/uiviewcontroller/additionalsafeareainsets): "adjust
/// the safe area insets of this view controller's views by the specified amount"; a container sets it on an embedded
/// child to exclude its own bars ("Positioning content relative to the safe area"). So a view's safe area is the part
/// of its superview's safe area that overlaps it, and a controller's root view adds its controller's additional
/// insets: they reach every view inside it, child controllers' views included, and a child's own add on top.
extension Engine {
  /// `safeAreaInsets`: how far the view's edges are inside the unsafe band left by its window's safe area, by the
  /// visible bars of the navigation and tab bar controllers whose children's root views contain it (R68), and by the
  /// `additionalSafeAreaInsets` of the controllers whose root views contain it (zero outside a window). Scroll views'
  /// adjustedContentInset, the safe-area layout guide and the render all read it.
  ///
  /// The safe rect is carried down in window coordinates: the window's safe rect, narrowed at each controller root
  /// view on the way down. At a child's root view held by a navigation or tab bar controller, the container's visible
  /// bars cover the top down to the navigation bar's bottom and the bottom up to the toolbar's or tab bar's top (R68,
  /// Apple: "navigation controllers extend the safe area of their child view controllers to account for the navigation
  /// bar"); then the root's own additional insets apply, to the part of the view inside the rect (never beyond the
  /// view's own edges when they are negative, so a root view's insets are not negative [INF]). A view's insets are the
  /// distances from its edges to that rect, zero where it is inside. While no controller has additional insets and no
  /// bars are loaded (`LayoutState.hasAdditionalSafeAreaInsets`, `hasBars`), the rect is the window's and nothing is
  /// walked.
  public func safeAreaInsets(of view: ViewNode) -> Insets {
    guard let window = view.window, let frame = view.frameInWindow else { return .zero }
    let area = window.safeArea
    var top = area.top
    var left = area.left
    var bottom = window.frame.height - area.bottom
    var right = window.frame.width - area.right
    if layout.hasAdditionalSafeAreaInsets || layout.hasBars {
      for root in insetRoots(containing: view) {
        guard let owner = root.owner, let box = root.frameInWindow else { continue }
        if let container = owner.parent, container.showsOneChild, root.superview === container.view {
          var barTop = top
          var barBottom = bottom
          applyBars(of: container, to: &barTop, &barBottom)
          top = min(max(top, barTop), box.y + box.height)
          bottom = max(min(bottom, barBottom), box.y)
        }
        let extra = owner.additionalSafeAreaInsets
        top = max(box.y, max(box.y, top) + extra.top)
        left = max(box.x, max(box.x, left) + extra.left)
        bottom = min(box.y + box.height, min(box.y + box.height, bottom) - extra.bottom)
        right = min(box.x + box.width, min(box.x + box.width, right) - extra.right)
      }
    }
    return Insets(
      top: max(0, top - frame.y), left: max(0, left - frame.x), bottom: max(0, frame.y + frame.height - bottom),
      right: max(0, frame.x + frame.width - right))
  }

  /// The view and its superviews that are root views of controllers with additional safe-area insets or held by a
  /// navigation or tab bar controller (R68), outermost first.
  private func insetRoots(containing view: ViewNode) -> [ViewNode] {
    var roots: [ViewNode] = []
    var current: ViewNode? = view
    var steps = 0
    while let candidate = current, steps <= chainWalkLimit {
      steps += 1
      if let owner = candidate.owner, owner.view === candidate {
        if owner.additionalSafeAreaInsets != .zero {
          roots.append(candidate)
        } else if let container = owner.parent,
          container.showsOneChild, candidate.superview === container.view
        {
          roots.append(candidate)
        }
      }
      current = candidate.superview
    }
    return roots.reversed()
  }

  /// `additionalSafeAreaInsets = insets` (Apple: "Use this property to adjust the safe area insets of this view
  /// controller's views by the specified amount"; S5.3, Tabman's bar). The root view, and the
  /// root views of the child controllers inside it, need layout: at the end of the turn the safe-area layout guides
  /// and the scroll views' adjustedContentInset follow, and an offset resting at the top edge moves with it
  /// (`cause: inset`, S2.4). Setting the same value does nothing.
  public func setAdditionalSafeAreaInsets(_ controller: ControllerNode, _ insets: Insets) {
    let old = controller.additionalSafeAreaInsets
    guard old != insets else { return }
    layout.additionalSafeAreaInsetsChanged(from: old, to: insets)
    controller.additionalSafeAreaInsets = insets
    // The constraints on safe-area guides are checked again (`updateConstraintSolution`).
    layout.inputsChanged()
    guard let view = controller.view else { return }
    setNeedsLayout(view)
    var pending = controller.children
    while let child = pending.popLast() {
      if let childView = child.view, childView.isDescendant(of: view) { setNeedsLayout(childView) }
      pending.append(contentsOf: child.children)
    }
  }
}

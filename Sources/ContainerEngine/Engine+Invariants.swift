/// Consistency checks for tests (Documentation/Testing.md, "Random sequences"): run after every mutation, they name
/// what is broken.
extension Engine {
  /// The broken invariants, empty when the world is consistent.
  ///
  /// - The controller tree is consistent both ways: a child's parent lists it, a listed child names its parent, and
  ///   no controller is its own ancestor.
  /// - The view tree is consistent both ways, with no cycles; a root view's owner has it as its view.
  /// - No cycles anywhere the engine walks (the "never loops" guard; every walk is bounded too, so a cycle shows here
  ///   instead of hanging): superviews, parents, presentation chains (each presented controller's presenter presents
  ///   it, and no chain comes back), and page lists (every listed page exists and is listed by that container alone;
  ///   a pending page's future parent is not its own descendant).
  /// - Every appearance state machine is legal: a stable state has no pending nesting, an in-flight one has some.
  /// - Ids in the tables match the objects.
  /// - A table's displayed rows are in increasing order, each in its own cell.
  /// - A child's view is inside its parent's view or detached, unless a client call put it (or a view between it and
  ///   the parent's view) elsewhere, or it was placed while the controller had another parent or none: UIKit lets app
  ///   code do both (A-hier checks only the root view being added, and only against a controller-owned superview).
  /// - A transition coordinator exists only during a transition (R46): each one in flight waits for an animation, an
  ///   interactive gesture, a manual animator's `transition/complete`, or its navigation controller's layout pass.
  /// - A scroll view at rest after a pan or fling is within its resting range (S2.4) while that range
  ///   is the one the release used and no other call has moved it since; programmatic offsets are not clamped (S2.6).
  public func testOnly_checkInvariants() -> [String] {
    var problems = coordinatorProblems()
    for (id, controller) in controllers {
      if controller.id != id { problems.append("controller table: \(id) holds \(controller.id)") }
      if let parent = controller.parent {
        if !parent.children.contains(where: { $0 === controller }) {
          problems.append("\(id).parent is \(parent.id), which does not list it")
        }
        if controller.isInParentCycle { problems.append("\(id) is its own ancestor") }
      }
      for child in controller.children where child.parent !== controller {
        problems.append("\(id) lists child \(child.id), whose parent is \(child.parent?.id ?? "nil")")
      }
      if let view = controller.view, view.owner !== controller || views[view.id] !== view {
        problems.append("\(id).view is not registered to it")
      }
      if let parent = controller.parent, let view = controller.view,
        containmentPlacement(of: view, in: parent) == .outside
      {
        problems.append("\(id).view is outside \(parent.id).view (in \(view.superview?.id ?? "nil"))")
      }
      if let presented = controller.presentedViewController, presented.presentingViewController !== controller {
        problems.append(
          "\(id) presents \(presented.id), whose presenter is \(presented.presentingViewController?.id ?? "nil")")
      }
      var chain = controller.presentedViewController
      var links = 0
      while let next = chain, links <= controllers.count {
        if next === controller {
          problems.append("\(id) is in a presentation cycle")
          break
        }
        chain = next.presentedViewController
        links += 1
      }
      if let state = controller.paging {
        for page in state.pages {
          if controllers[page.id] !== page { problems.append("\(id) lists page \(page.id), which does not exist") }
          if paging.container(listing: page) !== controller {
            problems.append(
              "\(id) lists page \(page.id), which is listed by \(paging.container(listing: page)?.id ?? "nil")")
          }
        }
        if let pending = state.pages.first(where: {
          pendingContainer(of: $0) === controller && isAncestorOnceShown($0, of: controller)
        }) {
          problems.append("\(id) lists page \(pending.id), which is its own ancestor once shown")
        }
      }
      if let state = controller.pageView { problems += pageViewProblems(controller, state) }
      let machine = controller.appearance
      let stable = machine.state == .appeared || machine.state == .disappeared
      if stable ? machine.depth != 0 : machine.depth < 1 {
        problems.append("\(id) is \(machine.state.rawValue) with nesting \(machine.depth)")
      }
    }
    for (id, view) in views {
      if view.id != id { problems.append("view table: \(id) holds \(view.id)") }
      if let superview = view.superview {
        if !superview.subviews.contains(where: { $0 === view }) {
          problems.append("\(id).superview is \(superview.id), which does not list it")
        }
        if view.isInSuperviewCycle { problems.append("\(id) is its own ancestor view") }
      }
      for subview in view.subviews where subview.superview !== view {
        problems.append("\(id) lists subview \(subview.id), whose superview is \(subview.superview?.id ?? "nil")")
      }
      // A table's displayed rows are strictly increasing (layoutTable merges them with the visible rows) and no cell
      // shows two rows.
      if let displayed = view.table?.displayed {
        for (earlier, later) in zip(displayed, displayed.dropFirst()) where !(earlier.0 < later.0) {
          problems.append("\(id): displayed rows not increasing at \(earlier.0), \(later.0)")
        }
        if Set(displayed.map(\.1.number)).count != displayed.count { problems.append("\(id): a cell shows two rows") }
      }
      for (earlier, later) in zip(view.subviews, view.subviews.dropFirst())
      where earlier.subviewOrder >= later.subviewOrder {
        problems.append("\(id): subview order keys not increasing at \(earlier.id), \(later.id)")
      }
      if view.needsLayout || view.descendantNeedsLayout, let superview = view.superview,
        !view.isLayoutListed(in: superview)
      {
        problems.append("\(id) needs layout (or leads to one) but is not listed in \(superview.id)")
      }
      if let owner = view.owner, owner.view !== view { problems.append("\(id).owner \(owner.id) has another view") }
      if let scroll = view.scroll, let rest = scroll.physicsRest, !scroll.isTracking, !scroll.isDecelerating,
        scroll.contentOffset == rest.offset, offsetRange(of: view) == (rest.min, rest.max)
      {
        let offset = scroll.contentOffset
        if !(rest.min.x...rest.max.x).contains(offset.x) || !(rest.min.y...rest.max.y).contains(offset.y) {
          problems.append("\(id) rests at \(describe(offset)) outside \(describe(rest.min))...\(describe(rest.max))")
        }
      }
    }
    return problems
  }

  /// A page view controller's pages (R31): outside a transition its children are exactly the pages it shows
  /// (`viewControllers`, the truth, not R37's stale answer); during one, every child is a page shown or one the
  /// transition moves. A swipe reveals as many pages as it hides, and the pages it reveals are children (their
  /// viewWillAppear went to a child, so their did has its will: R34/R35). The pages shown are distinct.
  private func pageViewProblems(_ controller: ControllerNode, _ state: PageViewState) -> [String] {
    var problems: [String] = []
    let id = controller.id
    let shown = state.viewControllers
    for (index, page) in shown.enumerated() where shown[..<index].contains(where: { $0 === page }) {
      problems.append("\(id) shows \(page.id) twice")
    }
    if !state.isTransitioning {
      let children = controller.children
      if children.count != shown.count || !children.allSatisfy({ child in shown.contains { $0 === child } }) {
        problems.append(
          "\(id) at rest has children \(children.map(\.id)) but shows \(shown.map(\.id)) (R31)")
      }
    } else {
      let moving =
        (state.swipe.map { $0.incoming + $0.outgoing } ?? [])
        + (state.transition.map { $0.incoming + $0.outgoing } ?? [])
      for child in controller.children where !(shown + moving).contains(where: { $0 === child }) {
        problems.append("\(id) has child \(child.id), neither shown nor in its transition (R31)")
      }
    }
    if let swipe = state.swipe {
      if swipe.incoming.count != swipe.outgoing.count {
        problems.append("\(id)'s swipe reveals \(swipe.incoming.count) pages for \(swipe.outgoing.count)")
      }
      for page in swipe.incoming where page.parent !== controller {
        problems.append("\(id)'s swipe reveals \(page.id), which is not its child (a did without its will)")
      }
    }
    return problems
  }

  /// Puts `view` under `superview` with no check at all, for the invariant tests: the cycle a future bug could close.
  public func testOnly_closeViewCycle(_ view: ViewNode, under superview: ViewNode) {
    insertSubview(view, into: superview, at: superview.subviews.count)
  }

  /// `(x, y)`, whole numbers without a fraction.
  private func describe(_ point: Point) -> String {
    "(\(point.x.compactDescription), \(point.y.compactDescription))"
  }

  /// Where a child's root view is with respect to its parent's view (the containment invariant above).
  enum ContainmentPlacement {
    /// Inside the parent's view, or in no superview.
    case inside
    /// Outside it after the engine placed it under this parent: a bug.
    case outside
    /// Where a client call (or a parent before this one) put it; UIKit allows anything there.
    case exempt
  }

  /// Whether `view`, the root view of a child of `parent`, is inside `parent.view` (see `ContainmentPlacement`).
  func containmentPlacement(of view: ViewNode, in parent: ControllerNode) -> ContainmentPlacement {
    guard view.superview != nil else { return .inside }
    var clientMoved = view.placement != parent.serial
    var current = view.superview
    while let ancestor = current {
      if ancestor === parent.view { return .inside }
      if ancestor.placement == ViewNode.clientPlaced { clientMoved = true }
      current = ancestor.superview
    }
    return clientMoved ? .exempt : .outside
  }
}

/// The tree depth limit (`--max-tree-depth`, Documentation/Protocol.md, "Errors" -32002 `maxTreeDepth`).
///
/// Layout, appearance forwarding, rendering and hit-testing walk the view and controller trees recursively, as UIKit
/// does, so a tree deep enough would overflow the daemon's stack: a chain of 16,556 views crashed a release build in
/// `layoutSubtree` (a debug build sooner). UIKit sets no limit, but a UIKit app with such a tree would crash the same
/// way, and real hierarchies are a few dozen levels deep. So a call that would put a view more than `maxTreeDepth`
/// superviews deep, or a controller more than `maxTreeDepth` parents deep, is refused before it changes anything.
///
/// - Depth: a window, a view with no superview and a controller with no parent are at depth 0.
/// - Checked where the client chooses the place: `addSubview`, `addChild`, `embed`, `transition(from:to:)`, a push, a
///   stack, a tab list, a page list, `setRoot` and a presentation (each counts the levels its container puts between
///   its view and the child's, and the child's whole subtree).
/// - A controller's root view out of the hierarchy counts from where its container puts it back (`depth(of:)`), so
///   the container's own moves (a pop, a tab or page switch, a dismissal) need no check.
extension Engine {
  /// Superviews above `view`, counting a controller's root view that is out of the hierarchy where its container
  /// puts it back (1 below the parent's root view, 2 for a page, under the pager; 1 below the window for a window's
  /// root): a covered controller of a stack, an unselected tab or a page not shown cannot grow past the limit while it
  /// is out. Stops once past `maxTreeDepth` (every step adds at least one level, so a view hierarchy that loops
  /// through controllers' parents, which A-hier allows for parentless controllers, ends too).
  func depth(of view: ViewNode) -> Int { depth(from: view, orRootOf: nil) }

  /// The depth of `ref`'s view, loaded or not (a root view not loaded yet counts where it will go).
  func depth(of ref: ViewRef) -> Int {
    switch ref {
    case .view(let view): return depth(of: view)
    case .root(let controller): return controller.view.map { depth(of: $0) } ?? depth(from: nil, orRootOf: controller)
    }
  }

  private func depth(from view: ViewNode?, orRootOf controller: ControllerNode?) -> Int {
    var count = 0
    var view = view
    var controller = controller
    while count <= maxTreeDepth {
      if let current = view {
        if let superview = current.superview {
          count += 1
          view = superview
          continue
        }
        guard let owner = current.owner, owner.view === current else { return count }
        controller = owner
        view = nil
      }
      guard let current = controller else { return count }
      guard let parent = current.parent else {
        // A controller presented in a context (R54) has its view under the context controller's view's superview.
        if current.presentingViewController != nil, let container = current.presentation.container,
          container.kind != .UIWindow
        {
          return count + 1 + depth(of: container)
        }
        return count + (current.windowsRooted > 0 || current.presentingViewController != nil ? 1 : 0)
      }
      count += parent.paging != nil ? 2 : 1
      if let parentView = parent.view {
        view = parentView
        controller = nil
      } else {
        controller = parent
      }
    }
    return count
  }

  /// Parents above `controller`.
  func depth(of controller: ControllerNode) -> Int {
    var count = 0
    var current = controller.parent
    while let next = current {
      count += 1
      current = next.parent
    }
    return count
  }

  /// Levels of subviews under `view` (0 for a view with none), or `budget + 1` as soon as it is known to be over
  /// `budget`.
  func height(of view: ViewNode, budget: Int) -> Int { Self.height(of: view, budget: budget) { $0.subviews } }

  /// Levels of children under `controller`, or `budget + 1` as soon as it is known to be over `budget`.
  func height(of controller: ControllerNode, budget: Int) -> Int {
    Self.height(of: controller, budget: budget) { $0.children }
  }

  /// Levels of `below` under `root`, walked without recursion (the tree may be deeper than the stack allows
  /// recursion for), stopping once past `budget`.
  private static func height<Node>(of root: Node, budget: Int, below: (Node) -> [Node]) -> Int {
    var deepest = 0
    var pending: [(Node, Int)] = [(root, 0)]
    while let (node, level) = pending.popLast() {
      deepest = max(deepest, level)
      if deepest > budget { return budget + 1 }
      for next in below(node) { pending.append((next, level + 1)) }
    }
    return deepest
  }

  /// Refuses placing `viewRef`'s tree `levels` below `superviewRef` (1: as its subview) if its deepest view would be
  /// more than `maxTreeDepth` deep.
  func checkTreeDepth(placing viewRef: ViewRef, under superviewRef: ViewRef, levels: Int = 1) throws(EngineError) {
    try checkTreeDepth(placing: viewRef, atDepth: depth(of: superviewRef) + levels)
  }

  /// Refuses putting `viewRef`'s view at depth `base` if its deepest view would be more than `maxTreeDepth` deep. A
  /// root view not loaded yet counts as a view with no subviews (loading adds at most a paging container's few fixed
  /// levels).
  private func checkTreeDepth(placing viewRef: ViewRef, atDepth base: Int) throws(EngineError) {
    let budget = maxTreeDepth - base
    guard budget >= 0 else { throw .treeDepthLimit(maxTreeDepth) }
    guard let view = viewRef.existing else { return }
    if height(of: view, budget: budget) > budget { throw .treeDepthLimit(maxTreeDepth) }
  }

  /// Refuses making `child` a child of `parent` if a controller of its tree would be more than `maxTreeDepth` parents
  /// deep.
  func checkTreeDepth(adding child: ControllerNode, to parent: ControllerNode) throws(EngineError) {
    try checkTreeDepth(adding: child, belowDepth: depth(of: parent))
  }

  /// The same for a parent `parentDepth` parents deep.
  private func checkTreeDepth(adding child: ControllerNode, belowDepth parentDepth: Int) throws(EngineError) {
    let budget = maxTreeDepth - parentDepth - 1
    guard budget >= 0, height(of: child, budget: budget) <= budget else { throw .treeDepthLimit(maxTreeDepth) }
  }

  /// Both checks for `child` joining `container` with its view `levels` below the container's root view (1 for a
  /// navigation or tab bar controller, 2 for a page under a paging container's pager).
  func checkTreeDepth(joining container: ControllerNode, _ child: ControllerNode, levels: Int) throws(EngineError) {
    try checkTreeDepth(adding: child, to: container)
    try checkTreeDepth(placing: .root(child), under: .root(container), levels: levels)
  }

  /// The same checks for controllers that will join a container not created yet (`controller/create`'s root, tabs
  /// and pages): it will have no parent and its view no superview.
  func checkTreeDepth(joiningNewContainer children: [ControllerNode], levels: Int) throws(EngineError) {
    for child in children {
      try checkTreeDepth(adding: child, belowDepth: 0)
      try checkTreeDepth(placing: .root(child), atDepth: levels)
    }
  }
}

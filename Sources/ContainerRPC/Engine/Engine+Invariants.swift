/// Consistency checks for tests (STYLE.md §18): run after every mutation, they name what is broken.
extension Engine {
  /// The broken invariants, empty when the world is consistent.
  ///
  /// - The controller tree is consistent both ways: a child's parent lists it, a listed child names its parent, and
  ///   no controller is its own ancestor.
  /// - The view tree is consistent both ways, with no cycles; a root view's owner has it as its view.
  /// - Every appearance state machine is legal: a stable state has no pending nesting, an in-flight one has some.
  /// - Ids in the tables match the objects.
  /// - A table's displayed rows are in increasing order, each in its own cell.
  public func testOnly_checkInvariants() -> [String] {
    var problems: [String] = []
    for (id, controller) in controllers {
      if controller.id != id { problems.append("controller table: \(id) holds \(controller.id)") }
      if let parent = controller.parent {
        if !parent.children.contains(where: { $0 === controller }) {
          problems.append("\(id).parent is \(parent.id), which does not list it")
        }
        if parent.hasAncestor(controller) { problems.append("\(id) is its own ancestor") }
      }
      for child in controller.children where child.parent !== controller {
        problems.append("\(id) lists child \(child.id), whose parent is \(child.parent?.id ?? "nil")")
      }
      if let view = controller.view, view.owner !== controller || views[view.id] !== view {
        problems.append("\(id).view is not registered to it")
      }
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
        if superview.isDescendant(of: view) { problems.append("\(id) is its own ancestor view") }
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
        view.layoutListedIn !== superview
      {
        problems.append("\(id) needs layout (or leads to one) but is not listed in \(superview.id)")
      }
      if let owner = view.owner, owner.view !== view { problems.append("\(id).owner \(owner.id) has another view") }
    }
    return problems
  }
}

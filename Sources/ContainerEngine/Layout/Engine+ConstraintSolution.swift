/// Auto Layout, the solving side: keeping pins current, applying solved frames in layoutSubviews, reading ambiguity
/// (see `Engine+Constraints.swift` for the model).
extension Engine {
  // MARK: - Solving and applying

  /// Something changed in the constraints: the views they lay out are checked at the next layout pass.
  func constraintsChanged() {
    layout.inputsChanged()
    for view in layout.constrainedViews where layout.variables(of: view)?.constrained == true {
      if let superview = view.superview { setNeedsLayout(superview) }
    }
  }

  /// Before a layout round: re-pin frames and offsets that moved, drop constraints whose items no longer share an
  /// ancestor (UIKit deactivates them when a view leaves the hierarchy), and mark the superview of every constrained
  /// view whose solved frame differs from its frame.
  func updateConstraintSolution() {
    // Nothing the constraints read (frames, offsets, the hierarchy, the constraints) changed since the last update:
    // a turn without layout work (a ping, a query) costs nothing here however many constraints there are.
    guard layout.needsSolving else { return }
    defer { layout.markSolved() }
    layout.pruneGoneConstrainedViews(keeping: views)
    for id in layout.constraintIDs {
      guard let constraint = layout.constraint(id), let second = constraint.second else { continue }
      if commonAncestor(constraint.first.view, second.view) == nil
        || views[constraint.first.view.id] !== constraint.first.view || views[second.view.id] !== second.view
      {
        deactivate(id)
      }
    }
    pruneConstraintOrder()
    for view in layout.constrainedViews {
      guard let variables = layout.variables(of: view) else { continue }
      pin(view, variables)
      pinOffset(view, variables)
    }
    // A safe area that moved (rotation, a view moved under a bar) re-installs the constraints on its guide.
    for id in layout.constraintIDs {
      guard let constraint = layout.constraint(id), constraint.installedInsets != nil,
        constraint.installedInsets != guideInsets(constraint)
      else { continue }
      if let handle = constraint.handle { try? solver.remove(handle) }
      install(constraint)
    }
    for view in layout.constrainedViews {
      guard let variables = layout.variables(of: view), variables.constrained,
        let superview = view.superview
      else { continue }
      if solvedFrame(variables) != view.frame { setNeedsLayout(superview) }
    }
  }

  private func solvedFrame(_ variables: FrameVariables) -> Rect {
    Rect(
      x: solver.value(of: variables.x), y: solver.value(of: variables.y), width: solver.value(of: variables.width),
      height: solver.value(of: variables.height))
  }

  /// In `view`'s layoutSubviews: its subviews laid out by constraints take their solved frames.
  func applyConstraintFrames(in view: ViewNode) {
    guard layout.existingSolver != nil else { return }
    for subview in view.subviews {
      guard let variables = layout.variables(of: subview), variables.constrained else { continue }
      setViewFrame(subview, solvedFrame(variables))
    }
  }

  /// Views laid out by constraints whose frame the constraints do not determine (`hasAmbiguousLayout`): one of its
  /// four variables could move without any constraint being violated more (read from the solver's tableau, so
  /// nothing moves), in creation order.
  public func ambiguousViews() -> [String] {
    guard let solver = layout.existingSolver else { return [] }
    return layout.constrainedViews.compactMap { view in
      guard let variables = layout.variables(of: view), variables.constrained else { return nil }
      let free = [variables.x, variables.y, variables.width, variables.height].contains { !solver.isDetermined($0) }
      return free ? view.id : nil
    }
  }

  /// `layout/addConstraints` reads these.
  public var constraintIDs: [String] { layout.constraintIDs }
}

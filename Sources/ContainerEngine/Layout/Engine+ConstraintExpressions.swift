/// Auto Layout's variables, pins and expressions: each view's frame variables, the pins that hold a view not laid out
/// by constraints (and a scroll view's offset) where it is, a constraint's items as expressions in their common
/// ancestor's coordinates, installing a constraint in the solver and UIKit's messages about it (see
/// `Engine+Constraints.swift` for the model).
extension Engine {
  // MARK: - Variables, pins and expressions

  /// The solver, made on first use.
  var solver: LayoutSolver { layout.solver() }

  func frameVariables(for view: ViewNode) -> FrameVariables {
    if let existing = layout.variables(of: view) { return existing }
    let solver = self.solver
    let variables = FrameVariables(
      x: solver.makeVariable("\(view.id).x"), y: solver.makeVariable("\(view.id).y"),
      width: solver.makeVariable("\(view.id).width"), height: solver.makeVariable("\(view.id).height"))
    layout.add(variables, for: view)
    pin(view, variables)
    return variables
  }

  /// Pins a view that is not laid out by constraints to its current frame (required).
  func pin(_ view: ViewNode, _ variables: FrameVariables) {
    guard !variables.constrained, variables.pinnedFrame != view.frame else { return }
    for pin in variables.pins { try? solver.remove(pin) }
    variables.pins = [
      (variables.x, view.frame.x), (variables.y, view.frame.y), (variables.width, view.frame.width),
      (variables.height, view.frame.height),
    ].compactMap { variable, value in
      try? solver.add(LinearExpression(variable), .equal, LinearExpression(value), priority: 1000)
    }
    variables.pinnedFrame = view.frame
  }

  func unpin(_ view: ViewNode) {
    guard let variables = layout.variables(of: view) else { return }
    for pin in variables.pins { try? solver.remove(pin) }
    variables.pins = []
    variables.pinnedFrame = nil
  }

  /// A scroll view's contentOffset as variables pinned to the current offset.
  private func offsetVariables(for view: ViewNode) -> (LayoutVariable, LayoutVariable) {
    let variables = frameVariables(for: view)
    if let x = variables.offsetX, let y = variables.offsetY { return (x, y) }
    let x = solver.makeVariable("\(view.id).contentOffset.x")
    let y = solver.makeVariable("\(view.id).contentOffset.y")
    variables.offsetX = x
    variables.offsetY = y
    pinOffset(view, variables)
    return (x, y)
  }

  func pinOffset(_ view: ViewNode, _ variables: FrameVariables) {
    guard let x = variables.offsetX, let y = variables.offsetY, let offset = view.scroll?.contentOffset,
      variables.pinnedOffset != offset
    else { return }
    for pin in variables.offsetPins { try? solver.remove(pin) }
    variables.offsetPins = [(x, offset.x), (y, offset.y)].compactMap { variable, value in
      try? solver.add(LinearExpression(variable), .equal, LinearExpression(value), priority: 1000)
    }
    variables.pinnedOffset = offset
  }

  func commonAncestor(_ a: ViewNode, _ b: ViewNode) -> ViewNode? {
    var ancestors = Set<ObjectIdentifier>()
    var current: ViewNode? = a
    while let view = current {
      ancestors.insert(ObjectIdentifier(view))
      current = view.superview
    }
    current = b
    while let view = current {
      if ancestors.contains(ObjectIdentifier(view)) { return view }
      current = view.superview
    }
    return nil
  }

  /// `item.attribute` in the content coordinates of `ancestor`.
  func expression(_ item: LayoutItem, _ attribute: LayoutAttribute, in ancestor: ViewNode) -> LinearExpression {
    let view = item.view
    let variables = frameVariables(for: view)
    var originX = LinearExpression(0)
    var originY = LinearExpression(0)
    if view !== ancestor {
      originX = LinearExpression(variables.x)
      originY = LinearExpression(variables.y)
      var current = view.superview
      while let superview = current, superview !== ancestor {
        let chain = frameVariables(for: superview)
        originX = originX + LinearExpression(chain.x)
        originY = originY + LinearExpression(chain.y)
        if superview.scroll != nil {
          let (offsetX, offsetY) = offsetVariables(for: superview)
          originX = originX - LinearExpression(offsetX)
          originY = originY - LinearExpression(offsetY)
        }
        current = superview.superview
      }
    }
    var width = LinearExpression(variables.width)
    var height = LinearExpression(variables.height)
    if item.isSafeArea {
      let insets = safeAreaInsets(of: view)
      originX = originX + LinearExpression(insets.left)
      originY = originY + LinearExpression(insets.top)
      width = width - LinearExpression(insets.left + insets.right)
      height = height - LinearExpression(insets.top + insets.bottom)
    }
    switch attribute {
    case .left, .leading: return originX
    case .right, .trailing: return originX + width
    case .centerX: return originX + width * 0.5
    case .width: return width
    case .top: return originY
    case .bottom: return originY + height
    case .centerY: return originY + height * 0.5
    case .height: return height
    }
  }

  /// The insets of the safe-area guide a constraint uses, if any (both guides' insets summed: a change to either
  /// shows).
  func guideInsets(_ constraint: ActiveConstraint) -> Insets? {
    let guides = [constraint.first, constraint.second].compactMap { $0 }.filter(\.isSafeArea)
    guard !guides.isEmpty else { return nil }
    return guides.map { safeAreaInsets(of: $0.view) }.reduce(Insets.zero) { sum, insets in
      Insets(
        top: sum.top + insets.top, left: sum.left + insets.left, bottom: sum.bottom + insets.bottom,
        right: sum.right + insets.right)
    }
  }

  /// Adds a constraint to the solver; a conflicting required one is left out with UIKit's console message.
  func install(_ constraint: ActiveConstraint) {
    let spec = constraint.spec
    constraint.installedInsets = guideInsets(constraint)
    let ancestor =
      constraint.second.flatMap { commonAncestor(constraint.first.view, $0.view) } ?? constraint.first.view
    let lhs = expression(constraint.first, spec.attribute, in: ancestor)
    var rhs = LinearExpression(spec.constant)
    if let second = constraint.second {
      rhs = expression(second, spec.toAttribute ?? spec.attribute, in: ancestor) * spec.multiplier + rhs
    }
    do {
      constraint.handle = try solver.add(lhs, spec.relation, rhs, priority: min(1000, max(1, spec.priority)))
    } catch {
      constraint.handle = nil
      // Built only when warnings are subscribed (`warn` takes an autoclosure): the list is a walk of every
      // constraint.
      warn(unsatisfiableMessage(constraint), object: constraint.id, rule: "A-layout")
    }
  }

  /// UIKit's console message for a required constraint left out: it lists the required constraints involved, here
  /// the active required ones on the same views.
  private func unsatisfiableMessage(_ constraint: ActiveConstraint) -> String {
    let involved = [constraint.first.view, constraint.second?.view].compactMap { $0 }
    let related = layout.orderedConstraints.filter { other in
      other.handle != nil && other.spec.priority >= 1000
        && involved.contains { $0 === other.first.view || $0 === other.second?.view }
    }
    return "Unable to simultaneously satisfy constraints.\n\tProbably at least one of the constraints in the following "
      + "list is one you don't want.\n(\n"
      + (related + [constraint]).map { "    \"\(describe($0))\"" }
      .joined(separator: ",\n") + "\n)\n\nWill attempt to recover by breaking constraint \n\(describe(constraint))"
  }

  /// `<NSLayoutConstraint:c1 v1.width == 100   (active)>`.
  func describe(_ constraint: ActiveConstraint) -> String {
    let spec = constraint.spec
    let relation = spec.relation == .equal ? "==" : spec.relation == .lessOrEqual ? "<=" : ">="
    var text = "<NSLayoutConstraint:\(constraint.id) \(spec.item).\(spec.attribute.rawValue) \(relation) "
    if let toItem = spec.toItem {
      text += "\(toItem).\((spec.toAttribute ?? spec.attribute).rawValue)"
      if spec.multiplier != 1 { text += "*\(spec.multiplier.compactDescription)" }
      if spec.constant != 0 { text += " \(spec.constant < 0 ? "-" : "+") \(abs(spec.constant).compactDescription)" }
    } else {
      text += spec.constant.compactDescription
    }
    if spec.priority < 1000 { text += " @\(spec.priority.compactDescription)" }
    return text + "   (active)>"
  }
}

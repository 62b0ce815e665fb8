/// Auto Layout: `NSLayoutConstraint`s between view anchors and safe-area layout guides, solved incrementally by
/// `LayoutSolver` (Cassowary, UIKit's algorithm), applied in each view's `layoutSubviews` (R30).
///
/// Model:
/// - Each view that a constraint reaches gets four variables: its frame (x, y, width, height) in its superview's
///   coordinates. A view that is the first item of a constraint is laid out by constraints
///   (`translatesAutoresizingMaskIntoConstraints = false`, as Interface Builder and most code set it); any other
///   view reached is pinned to its current frame by four required constraints (UIKit's autoresizing-mask
///   constraints), re-pinned when that frame changes.
/// - A constraint is written in the coordinates of the two items' nearest common ancestor A: A's own edges are its
///   content's (0 … width, so a scroll view's subview pinned to it scrolls with the content), and a descendant's
///   position adds the frames of the views between, minus each scroll view's contentOffset on the way (so a view
///   inside a scroll view tied to a view outside it floats: benrudhart's floating subviews, SCROLL_RULES.md §2.8).
///   Offsets are variables pinned to the current offset, so scrolling re-solves incrementally.
/// - `<view>.safeAreaLayoutGuide` is the view's rect inset by the part of its window's safe area that overlaps it.
/// - A required constraint that conflicts with the required ones is not added: UIKit's "Unable to simultaneously
///   satisfy constraints." warning names it, and layout goes on without it.
extension Engine {
  /// `NSLayoutConstraint.Attribute` (left-to-right: leading = left, trailing = right).
  public enum LayoutAttribute: String, Sendable, CaseIterable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
  }

  /// A constraint as `layout/addConstraints` gives it.
  public struct ConstraintSpec: Sendable {
    public var id: String?
    public var item: String
    public var attribute: LayoutAttribute
    public var relation: LayoutRelation
    public var toItem: String?
    public var toAttribute: LayoutAttribute?
    public var multiplier: Double
    public var constant: Double
    public var priority: Double
    public init(
      id: String?, item: String, attribute: LayoutAttribute, relation: LayoutRelation, toItem: String?,
      toAttribute: LayoutAttribute?, multiplier: Double, constant: Double, priority: Double
    ) {
      self.id = id
      self.item = item
      self.attribute = attribute
      self.relation = relation
      self.toItem = toItem
      self.toAttribute = toAttribute
      self.multiplier = multiplier
      self.constant = constant
      self.priority = priority
    }
  }

  /// An item of a constraint: a view or its safe-area layout guide.
  struct LayoutItem {
    let view: ViewNode
    let isSafeArea: Bool
  }

  /// An active constraint.
  final class ActiveConstraint {
    let id: String
    let spec: ConstraintSpec
    let first: LayoutItem
    let second: LayoutItem?
    var handle: LayoutConstraint?
    /// The safe-area insets its guide had when it was installed (re-installed when they change).
    var installedInsets: Insets?
    init(id: String, spec: ConstraintSpec, first: LayoutItem, second: LayoutItem?) {
      self.id = id
      self.spec = spec
      self.first = first
      self.second = second
    }
  }

  /// A view's frame variables, and its pins while it is not laid out by constraints.
  final class FrameVariables {
    let x: LayoutVariable, y: LayoutVariable, width: LayoutVariable, height: LayoutVariable
    var offsetX: LayoutVariable?, offsetY: LayoutVariable?
    /// Laid out by constraints (`translatesAutoresizingMaskIntoConstraints == false`).
    var constrained = false
    var pins: [LayoutConstraint] = []
    var pinnedFrame: Rect?
    var offsetPins: [LayoutConstraint] = []
    var pinnedOffset: Point?
    init(x: LayoutVariable, y: LayoutVariable, width: LayoutVariable, height: LayoutVariable) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
    }
  }

  // MARK: - Adding and removing

  /// `NSLayoutConstraint.activate(_:)`: all or nothing. Refused before any change: an unknown item (-32000), an
  /// attribute pair UIKit rejects (NSInvalidArgumentException), items without a common ancestor (NSGenericException),
  /// an id in use or given twice (-32602 at `params.constraints[i].id`). The unnamed constraints get auto ids that
  /// none of the named ones of the call has, wherever they stand in the list.
  public func addConstraints(_ specs: [ConstraintSpec]) throws(EngineError) -> [String] {
    var resolved: [(ConstraintSpec, LayoutItem, LayoutItem?, String?)] = []
    var taken = Set<String>()
    for (index, spec) in specs.enumerated() {
      let first = try layoutItem(spec.item, argument: .constraint(index, .item))
      let second = try spec.toItem.map { item throws(EngineError) in
        try layoutItem(item, argument: .constraint(index, .toItem))
      }
      try checkAttributes(spec, hasSecond: second != nil)
      if let second, commonAncestor(first.view, second.view) == nil {
        throw .uikitException(
          exception: "NSGenericException",
          reason:
            "Unable to activate constraint with anchors <\(spec.item).\(spec.attribute.rawValue)> and "
            + "<\(spec.toItem ?? "").\((spec.toAttribute ?? spec.attribute).rawValue)> because they have no common "
            + "ancestor. Does the constraint or its anchors reference items in different view hierarchies? That's "
            + "illegal.")
      }
      if first.isSafeArea {
        throw .unsupported(
          argument: .constraint(index, .item), expected: "a view (a layout guide goes in toItem)",
          message: "\(spec.item) is a layout guide; it can't be laid out")
      }
      if let given = spec.id {
        let argument = EngineArgument.constraint(index, .id)
        try checkNewID(given, argument: argument)
        guard taken.insert(given).inserted else { throw .idInUse(given, argument: argument) }
      }
      resolved.append((spec, first, second, spec.id))
    }
    try checkConstraintLimits(resolved.map(\.1.view))
    var ids: [String] = []
    for (spec, first, second, given) in resolved {
      let id = given ?? nextConstraintID(skipping: taken)
      let constraint = ActiveConstraint(id: id, spec: spec, first: first, second: second)
      layout.activate(constraint)
      frameVariables(for: first.view).constrained = true
      unpin(first.view)
      install(constraint)
      ids.append(id)
    }
    constraintsChanged()
    return ids
  }

  /// `NSLayoutConstraint.deactivate(_:)`. An unknown id is -32000, and the id of another kind of object -32602 at
  /// `params.ids[i]`, before any change.
  public func removeConstraints(_ ids: [String]) throws(EngineError) {
    for (index, id) in ids.enumerated() where layout.constraint(id) == nil {
      throw wrongKind(.unknownObject(id), argument: .ids(index), expected: "an NSLayoutConstraint")
    }
    for id in ids { deactivate(id) }
    pruneConstraintOrder()
    constraintsChanged()
  }

  /// Takes a constraint out (the caller then calls `pruneConstraintOrder`, once for all it took out: a search of the
  /// order per constraint was quadratic).
  func deactivate(_ id: String) {
    guard let constraint = layout.deactivate(id) else { return }
    if let handle = constraint.handle { try? solver.remove(handle) }
  }

  /// Drops the ids `deactivate` took out from the order of constraints, in one pass.
  func pruneConstraintOrder() {
    layout.pruneConstraintOrder()
  }

  /// `maxConstraints` and `maxConstraintsPerView` for constraints about to be activated on these first items: -32002
  /// before any change.
  private func checkConstraintLimits(_ firstItems: [ViewNode]) throws(EngineError) {
    guard layout.constraintCount + firstItems.count <= limits.maxConstraints else {
      throw .limit(name: "maxConstraints", value: limits.maxConstraints)
    }
    var adding: [ObjectIdentifier: Int] = [:]
    for view in firstItems {
      let key = ObjectIdentifier(view)
      let count = adding[key, default: layout.constraintCount(onFirstItem: view)] + 1
      guard count <= limits.maxConstraintsPerView else {
        throw .limit(name: "maxConstraintsPerView", value: limits.maxConstraintsPerView)
      }
      adding[key] = count
    }
  }

  /// The next free `c<n>`, not one of `named` (the ids the same call gives its other constraints).
  private func nextConstraintID(skipping named: Set<String>) -> String {
    var next = objects.lastAutoNumber("c")
    while true {
      next += 1
      let candidate = "c\(next)"
      if isFreeForAutoID(candidate) && !named.contains(candidate) {
        objects.setLastAutoNumber("c", next)
        return candidate
      }
    }
  }

  /// The view or safe-area guide `name` names; `argument` is the one that gave it (for a wrong kind of object).
  private func layoutItem(_ name: String, argument: EngineArgument) throws(EngineError) -> LayoutItem {
    let expected = "a UIView or a layout guide (<view>.safeAreaLayoutGuide)"
    let suffix = ".safeAreaLayoutGuide"
    if name.hasSuffix(suffix) {
      let viewID = String(name.dropLast(suffix.count))
      let ref: ViewRef
      do { ref = try viewRef(viewID) } catch { throw wrongKind(error, argument: argument, expected: expected) }
      guard let view = ref.existing else {
        throw .invalidState(id: viewID, state: "notLoaded", message: "\(viewID) is not loaded")
      }
      return LayoutItem(view: view, isSafeArea: true)
    }
    let ref: ViewRef
    do { ref = try viewRef(name) } catch { throw wrongKind(error, argument: argument, expected: expected) }
    guard let view = ref.existing else {
      throw .invalidState(id: name, state: "notLoaded", message: "\(name) is not loaded")
    }
    return LayoutItem(view: view, isSafeArea: false)
  }

  /// UIKit's rules for attribute pairs: a position with a size is refused; an edge or centre may only relate to one
  /// on the same axis; a position needs a second item.
  private func checkAttributes(_ spec: ConstraintSpec, hasSecond: Bool) throws(EngineError) {
    let first = spec.attribute
    guard let second = spec.toAttribute ?? (hasSecond ? first : nil) else {
      guard Self.isSize(first) else {
        throw .uikitException(
          exception: "NSInvalidArgumentException",
          reason:
            "A constraint cannot be made that sets a location equal to a constant. Location attributes must be "
            + "specified in pairs.")
      }
      return
    }
    guard hasSecond else {
      throw .unsupported(
        argument: .constraint(nil, .toItem), expected: "a toItem for toAttribute", message: "toAttribute needs toItem")
    }
    let valid =
      (Self.isSize(first) && Self.isSize(second)) || (Self.isHorizontal(first) && Self.isHorizontal(second))
      || (Self.isVertical(first) && Self.isVertical(second))
    guard valid else {
      throw .uikitException(
        exception: "NSInvalidArgumentException",
        reason:
          "Invalid pairing of layout attributes: \(spec.item).\(first.rawValue) and "
          + "\(spec.toItem ?? "").\(second.rawValue)")
    }
  }

  private static func isSize(_ a: LayoutAttribute) -> Bool { a == .width || a == .height }
  private static func isHorizontal(_ a: LayoutAttribute) -> Bool {
    [.left, .right, .leading, .trailing, .centerX].contains(a)
  }
  private static func isVertical(_ a: LayoutAttribute) -> Bool { [.top, .bottom, .centerY].contains(a) }

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

  private func unpin(_ view: ViewNode) {
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

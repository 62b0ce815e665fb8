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
///   inside a scroll view tied to a view outside it floats: benrudhart's floating subviews, S2.8).
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
    @exclusivity(unchecked) var handle: LayoutConstraint?
    /// The safe-area insets its guide had when it was installed (re-installed when they change).
    @exclusivity(unchecked) var installedInsets: Insets?
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
    @exclusivity(unchecked) var offsetX: LayoutVariable?, offsetY: LayoutVariable?
    /// Laid out by constraints (`translatesAutoresizingMaskIntoConstraints == false`).
    @exclusivity(unchecked) var constrained = false
    @exclusivity(unchecked) var pins: [LayoutConstraint] = []
    @exclusivity(unchecked) var pinnedFrame: Rect?
    @exclusivity(unchecked) var offsetPins: [LayoutConstraint] = []
    @exclusivity(unchecked) var pinnedOffset: Point?
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
  ///
  /// An item naming a controller's root view not loaded yet (`<c>.view`, `<c>.view.safeAreaLayoutGuide`) loads it, as
  /// every call naming one does (Documentation/Protocol.md, "Objects and ids", R1, R72), once every check has passed:
  /// the checks see such a view as what it is when it loads, a view with no superview (a stand-in, never registered),
  /// so a constraint between it and another view is refused for want of a common ancestor before anything loads.
  public func addConstraints(_ specs: [ConstraintSpec]) throws(EngineError) -> [String] {
    var standIns: [ObjectIdentifier: (ControllerNode, ViewNode)] = [:]
    _ = try resolveConstraints(specs) { controller in
      if let (_, view) = standIns[ObjectIdentifier(controller)] { return view }
      let view = ViewNode(id: "\(controller.id).view", kind: controller.viewKind, frame: .zero, serial: 0)
      standIns[ObjectIdentifier(controller)] = (controller, view)
      return view
    }
    if !standIns.isEmpty {
      let controllers = standIns.values.map(\.0).sorted { $0.serial < $1.serial }
      try checkCapacity(adding: loadsNeeded(controllers.map { .root($0) }))
      for controller in controllers { _ = loadViewIfNeeded(controller) }
    }
    let (resolved, taken) = try resolveConstraints(specs, standIn: nil)
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

  /// The checks of `addConstraints`, and its items resolved; `standIn` gives the view a root view not loaded yet
  /// stands for (nil: such a view is refused, -32003 `notLoaded`).
  private func resolveConstraints(
    _ specs: [ConstraintSpec], standIn: ((ControllerNode) -> ViewNode)?
  ) throws(EngineError) -> ([(ConstraintSpec, LayoutItem, LayoutItem?, String?)], Set<String>) {
    var resolved: [(ConstraintSpec, LayoutItem, LayoutItem?, String?)] = []
    var taken = Set<String>()
    for (index, spec) in specs.enumerated() {
      let first = try layoutItem(spec.item, argument: .constraint(index, .item), standIn: standIn)
      let second = try spec.toItem.map { item throws(EngineError) in
        try layoutItem(item, argument: .constraint(index, .toItem), standIn: standIn)
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
    return (resolved, taken)
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
  private func layoutItem(_ name: String, argument: EngineArgument, standIn: ((ControllerNode) -> ViewNode)?)
    throws(EngineError) -> LayoutItem
  {
    let expected = "a UIView or a layout guide (<view>.safeAreaLayoutGuide)"
    let suffix = ".safeAreaLayoutGuide"
    let isSafeArea = name.hasSuffix(suffix)
    let viewID = isSafeArea ? String(name.dropLast(suffix.count)) : name
    let ref: ViewRef
    do { ref = try viewRef(viewID) } catch { throw wrongKind(error, argument: argument, expected: expected) }
    if let view = ref.existing { return LayoutItem(view: view, isSafeArea: isSafeArea) }
    guard case .root(let controller) = ref, let standIn else {
      throw .invalidState(id: viewID, state: "notLoaded", message: "\(viewID) is not loaded")
    }
    return LayoutItem(view: standIn(controller), isSafeArea: isSafeArea)
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
}

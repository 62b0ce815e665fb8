/// Ids and lookup: new ids (the client's, checked, or the next free auto id), the object limit, finding controllers
/// and views by id (a root view by `<controllerId>.view`, loaded when used, R1), and what a wrong kind of id names.
extension Engine {
  /// A new id: the caller's, checked (`checkNewID`), or the next free `<prefix><n>`.
  ///
  /// An auto id is never one a client has (windows, controllers, views and constraints share one namespace,
  /// Documentation/Protocol.md, "Objects and ids"), nor one the current request names (`ObjectStore.reservedIDs`), nor,
  /// for a paging container, one whose views' ids (`<id>.pager` …) are taken.
  func makeID(_ requested: String?, prefix: String, kind: ControllerKind? = nil) throws(EngineError) -> String {
    let pagingContainer = kind == .pagingContainer
    if let requested {
      try checkNewID(requested, pagingContainer: pagingContainer, kind: kind)
      return requested
    }
    var next = objects.lastAutoNumber(prefix)
    while true {
      next += 1
      let candidate = "\(prefix)\(next)"
      if isFreeForAutoID(candidate, pagingContainer: pagingContainer),
        Self.barSuffixes(of: kind ?? .viewController).allSatisfy({ !isTaken(candidate + $0) })
      {
        objects.setLastAutoNumber(prefix, next)
        return candidate
      }
    }
  }

  /// Whether `id` names a window, controller, view or constraint (one namespace, Documentation/Protocol.md, "Objects
  /// and ids").
  func isTaken(_ id: String) -> Bool {
    views[id] != nil || controllers[id] != nil || layout.constraint(id) != nil
  }

  /// Whether the daemon may give `id` to a new object of its own: not taken, not named by the request being run, and
  /// for a paging container, its views' ids free too.
  func isFreeForAutoID(_ id: String, pagingContainer: Bool = false) -> Bool {
    guard !isTaken(id), !objects.reservedIDs.contains(id) else { return false }
    guard pagingContainer else { return true }
    return Self.derivedViewSuffixes.allSatisfy { !isTaken(id + $0) && !objects.reservedIDs.contains(id + $0) }
  }

  /// The suffixes of the ids of the views a PagingContainerViewController's viewDidLoad makes (`<id>.pager`,
  /// `<id>.header`, `<id>.titleBar`), besides its root view `<id>.view`.
  public static let derivedViewSuffixes = [".pager", ".header", ".titleBar"]

  /// Checks an id a client gives a new object: not empty, not a root view's (`….view`), not in use, not one of the
  /// views an existing paging container makes, and for a paging container, its views' ids free.
  ///
  /// - Parameter argument: the argument that gave it, for the refusal.
  ///
  /// A navigation or tab bar controller's bars (`<id>.navigationBar`, `<id>.toolbar`, `<id>.tabBar`, R68) are reserved
  /// the same way: `kind` is the kind of controller the id is for, if any.
  public func checkNewID(
    _ id: String, argument: EngineArgument = .id, pagingContainer: Bool = false, kind: ControllerKind? = nil
  ) throws(EngineError) {
    guard !id.isEmpty else {
      throw .unsupported(argument: argument, expected: "a non-empty id", message: "ids must not be empty")
    }
    // Every reserved suffix starts with a dot: an id without one (most ids) skips their checks, each a Unicode-aware
    // `hasSuffix`.
    let mayHaveSuffix = id.utf8.contains(UInt8(ascii: "."))
    guard !mayHaveSuffix || !id.hasSuffix(".view") else {
      throw .unsupported(
        argument: argument, expected: "an id not ending in .view",
        message: "ids ending in .view name controllers' root views")
    }
    guard !isTaken(id) else { throw .idInUse(id, argument: argument) }
    for suffix in Self.derivedViewSuffixes where mayHaveSuffix && id.hasSuffix(suffix) {
      if controllers[String(id.dropLast(suffix.count))]?.kind == .pagingContainer {
        throw .idInUse(id, argument: argument)
      }
    }
    for container in [ControllerKind.navigationController, .tabBarController] {
      for suffix in Self.barSuffixes(of: container) where mayHaveSuffix && id.hasSuffix(suffix) {
        if controllers[String(id.dropLast(suffix.count))]?.kind == container { throw .idInUse(id, argument: argument) }
      }
    }
    if pagingContainer {
      for suffix in Self.derivedViewSuffixes where isTaken(id + suffix) {
        throw .idInUse(id + suffix, argument: argument)
      }
    }
    for suffix in Self.barSuffixes(of: kind ?? .viewController) where isTaken(id + suffix) {
      throw .idInUse(id + suffix, argument: argument)
    }
  }

  /// Refuses a call that would create `count` objects past `maxObjects` (Documentation/Protocol.md, "Errors": before it
  /// changes anything). A call that creates nothing always passes, even once the count is over the limit (pages loaded
  /// while a pager scrolls are not checked), so the limit never refuses a call for what an earlier one did.
  func checkCapacity(adding count: Int) throws(EngineError) {
    guard count == 0 || objectCount + count <= maxObjects else { throw .objectLimit(maxObjects) }
  }

  func nextSerial() -> Int { objects.nextSerial() }

  /// The controller `id`.
  public func controller(_ id: String) throws(EngineError) -> ControllerNode {
    guard let controller = controllers[id] else { throw .unknownObject(id) }
    return controller
  }

  /// A view named by a call: a view id, or `<controllerId>.view` (which loads the view when used, R1).
  public enum ViewRef {
    case view(ViewNode)
    case root(ControllerNode)

    /// The controller whose root view this is, if any (known without loading).
    var owner: ControllerNode? {
      switch self {
      case .view(let view): return view.owner
      case .root(let controller): return controller
      }
    }

    /// The view if it exists already.
    /// The view's kind, known before a root view loads (`loadView` makes the controller's `viewKind`).
    var kind: ViewKind {
      switch self {
      case .view(let view): return view.kind
      case .root(let controller): return controller.view?.kind ?? controller.viewKind
      }
    }

    /// The view's id (`<controller>.view` for a root view, loaded or not).
    var id: String {
      switch self {
      case .view(let view): return view.id
      case .root(let controller): return "\(controller.id).view"
      }
    }

    var existing: ViewNode? {
      switch self {
      case .view(let view): return view
      case .root(let controller): return controller.view
      }
    }
  }

  /// Resolves a view id without loading anything.
  public func viewRef(_ id: String) throws(EngineError) -> ViewRef {
    if let view = views[id] { return .view(view) }
    if id.hasSuffix(".view"), let controller = controllers[String(id.dropLast(5))] { return .root(controller) }
    throw .unknownObject(id)
  }

  /// The view for a reference, loading a controller's view as `controller.view` does (R1).
  func materialize(_ ref: ViewRef) -> ViewNode {
    switch ref {
    case .view(let view): return view
    case .root(let controller): return loadViewIfNeeded(controller)
    }
  }

  /// `loadsNeeded([first, second])` without the array and set (containment's embed names two).
  func loadsNeeded(_ first: ViewRef, _ second: ViewRef) -> Int {
    var count = 0
    if case .root(let controller) = first, controller.view == nil { count += loadCost(controller) }
    if case .root(let controller) = second, controller.view == nil {
      if case .root(let other) = first, other === controller { return count }
      count += loadCost(controller)
    }
    return count
  }

  /// How many objects materializing `refs` would create (for the object limit, checked before acting).
  func loadsNeeded(_ refs: [ViewRef]) -> Int {
    var seen: Set<ObjectIdentifier> = []
    var count = 0
    for case .root(let controller) in refs where controller.view == nil {
      if seen.insert(ObjectIdentifier(controller)).inserted { count += loadCost(controller) }
    }
    return count
  }

  /// How many objects reading `controller.view` creates: its view, plus what an auto container instantiates, plus a
  /// paging container's header, title bar and pager and the first page its viewDidLoad attaches (with what loading
  /// that page creates in turn).
  func loadCost(_ controller: ControllerNode, depth: Int = 0) -> Int {
    guard controller.view == nil else { return 0 }
    var cost = 1 + (autoContainerClass(of: controller) == nil ? 0 : Self.autoContainerChildObjects)
    cost += Self.barSuffixes(of: controller.kind).count
    // A page view controller's viewDidLoad puts its current pages in (R31).
    if let pageView = controller.pageView, depth < 32 {
      for page in pageView.viewControllers where page !== controller { cost += loadCost(page, depth: depth + 1) }
    }
    if controller.kind == .pagingContainer {
      cost += Self.pagingContainerViewObjects
      if let first = controller.paging?.pages.first, first !== controller, depth < 32 {
        cost += loadCost(first, depth: depth + 1)
      }
    }
    return cost
  }

  /// What `id` names, as a refusal says it: a controller's or view's kind (`UINavigationController`, `UITableView`; a
  /// root view not loaded yet has its controller's view kind), `NSLayoutConstraint`, `behavior`, or nil for nothing.
  ///
  /// A call given an object of another kind than it takes answers -32602 naming the parameter and the kind it takes,
  /// whichever the kinds (Documentation/Protocol.md, "Errors": -32000 is for an id that names nothing).
  public func kindOfObject(_ id: String) -> String? {
    if let controller = controllers[id] { return controller.kind.rawValue }
    if let ref = try? viewRef(id) { return ref.kind.rawValue }
    if layout.constraint(id) != nil { return "NSLayoutConstraint" }
    if behaviors.behavior(id) != nil { return "behavior" }
    return nil
  }

  /// What a wrong-kind refusal says: what `id` is and what the call takes, in words rather than class names, and the
  /// fix when there is an obvious one. `kind` is a class name (`kindOfObject`), `expected` the kind the argument takes
  /// as the refusal's `expected` says it ("a UIWindow", "a UIScrollView or UITableView").
  ///
  /// - "win is a window, not a controller" (`controller/get {controller: "win"}`);
  /// - "c1 is a view controller, not a navigation controller";
  /// - a controller where a view goes names its root view: "c1 is a view controller, not a view; its view is
  ///   c1.view" (a UITableViewController's also where a table view goes: its root view is one);
  /// - a root view where a controller goes names its controller: "c1.view is a view, not a controller; its
  ///   controller is c1".
  public static func describeKind(_ id: String, _ kind: String, expected: String) -> String {
    let alternatives = kindAlternatives(expected)
    // A table view is a scroll view: "a UIScrollView or UITableView" reads "a scroll view".
    let named =
      alternatives.contains(ViewKind.UIScrollView.rawValue)
      ? alternatives.filter { $0 != ViewKind.UITableView.rawValue } : alternatives
    let wanted =
      named.isEmpty
      ? expected : withArticle(named.map { kindWords($0, anyController: true) }.joined(separator: " or "))
    var text = "\(id) is \(withArticle(kindWords(kind, anyController: false))), not \(wanted)"
    let isController = ControllerKind(rawValue: kind) != nil
    if isController
      && (alternatives.contains(ViewKind.UIView.rawValue)
        || (kind == ControllerKind.tableViewController.rawValue
          && alternatives.contains(ViewKind.UITableView.rawValue)))
    {
      text += "; its view is \(id).view"
    } else if !isController && id.hasSuffix(".view")
      && alternatives.contains(where: { ControllerKind(rawValue: $0) != nil })
    {
      text += "; its controller is \(id.dropLast(5))"
    }
    return text
  }

  /// The kinds an `expected` text names, without articles: "a UIScrollView or UITableView" is `UIScrollView`,
  /// `UITableView`; a text that does not start with an article names none.
  static func kindAlternatives(_ expected: String) -> [String] {
    guard expected.hasPrefix("a ") || expected.hasPrefix("an ") else { return [] }
    var alternatives: [String] = []
    var rest = Substring(expected)
    while true {
      for article in ["a ", "an "] where rest.hasPrefix(article) { rest = rest.dropFirst(article.count) }
      guard let separator = rest.firstRange(of: " or ") else {
        alternatives.append(String(rest))
        return alternatives
      }
      alternatives.append(String(rest[..<separator.lowerBound]))
      rest = rest[separator.upperBound...]
    }
  }

  /// A class name in words: `UIWindow` "window", `UITableViewController` "table view controller", `NSLayoutConstraint`
  /// "constraint"; `UIViewController` is "controller" where any controller goes (`anyController`), else "view
  /// controller". Anything else is kept as it is.
  static func kindWords(_ kind: String, anyController: Bool) -> String {
    switch kind {
    case ControllerKind.viewController.rawValue: return anyController ? "controller" : "view controller"
    case ControllerKind.navigationController.rawValue: return "navigation controller"
    case ControllerKind.tabBarController.rawValue: return "tab bar controller"
    case ControllerKind.tableViewController.rawValue: return "table view controller"
    case ControllerKind.autoContainer.rawValue: return "auto container"
    case ControllerKind.pagingContainer.rawValue: return "paging container"
    case ControllerKind.pageViewController.rawValue: return "page view controller"
    case ViewKind.UIView.rawValue: return "view"
    case ViewKind.UIScrollView.rawValue: return "scroll view"
    case ViewKind.UITableView.rawValue: return "table view"
    case ViewKind.UILabel.rawValue: return "label"
    case ViewKind.UITextField.rawValue: return "text field"
    case ViewKind.UIWindow.rawValue: return "window"
    case ViewKind.UINavigationBar.rawValue: return "navigation bar"
    case ViewKind.UIToolbar.rawValue: return "toolbar"
    case ViewKind.UITabBar.rawValue: return "tab bar"
    case "NSLayoutConstraint": return "constraint"
    default: return kind
    }
  }

  /// `words` with "a" or "an" before it (by its first letter).
  static func withArticle(_ words: String) -> String {
    ("aeiou".contains(words.first ?? "x") ? "an " : "a ") + words
  }

  /// `error` for a lookup of the id `argument` gives, when that id names an object of another kind than `expected`:
  /// the refusal of a mistyped argument (`unsupported`) instead of `unknownObject`; any other error unchanged.
  func wrongKind(_ error: EngineError, argument: EngineArgument, expected: String) -> EngineError {
    guard let message = wrongKindMessage(error, expected: expected) else { return error }
    return .unsupported(argument: argument, expected: expected, message: message)
  }

  /// For an `unknownObject` error whose id names an object of another kind (a view where a controller goes, a
  /// constraint where a view goes), what the refusal says (`describeKind`: "win is a window, not a controller"); nil
  /// for any other error. For callers that name the argument themselves (the server's lookups, whose ids come from
  /// the request).
  public func wrongKindMessage(_ error: EngineError, expected: String) -> String? {
    guard case .unknownObject(let id) = error, let kind = kindOfObject(id) else { return nil }
    return Self.describeKind(id, kind, expected: expected)
  }

  /// A view that exists (for calls that never load, like `view/get`).
  public func existingView(_ id: String) throws(EngineError) -> ViewNode {
    guard let view = try viewRef(id).existing else {
      throw .invalidState(id: id, state: "notLoaded", message: "\(id) is not loaded (view/get never loads a view)")
    }
    return view
  }

  /// All controllers, in creation order.
  public var allControllers: [ControllerNode] { controllers.values.sorted { $0.serial < $1.serial } }
  /// All views, in creation order.
  public var allViews: [ViewNode] { views.values.sorted { $0.serial < $1.serial } }
}

/// Checking a whole tree before building it (`scene/load`, a storyboard): where each planned object will sit and how
/// many objects it makes, counted as the engine's own checks count them while it builds (Engine+TreeDepth.swift,
/// `loadCost`), so a plan that passes builds without reaching a limit halfway.
extension Engine {
  /// Objects an auto container's viewDidLoad makes: the instantiated child and its view (seed 000).
  public static let autoContainerChildObjects = 2
  /// Objects a paging container's viewDidLoad makes: its header, title bar and pager (S3).
  public static let pagingContainerViewObjects = 3

  /// Where a planned controller will sit once built: parents above it, and superviews above its root view, as
  /// Engine+TreeDepth.swift counts them (a window, a view with no superview and a controller with no parent are at
  /// depth 0).
  public struct TreePlacement: Sendable, Equatable {
    public var controllerDepth: Int
    public var viewDepth: Int

    public init(controllerDepth: Int, viewDepth: Int) {
      self.controllerDepth = controllerDepth
      self.viewDepth = viewDepth
    }

    /// A window's root view controller: no parent, its root view right under the window.
    public static let windowRoot = TreePlacement(controllerDepth: 0, viewDepth: 1)
    /// A controller outside any tree: no parent, its root view in no superview.
    public static let unattached = TreePlacement(controllerDepth: 0, viewDepth: 0)

    /// A child a container of `kind` shows (a stack's top, a tab, a page): one parent more, its view
    /// `kind.shownChildViewLevels` below the container's root view.
    public func shownChild(of kind: ControllerKind) -> TreePlacement {
      TreePlacement(controllerDepth: controllerDepth + 1, viewDepth: viewDepth + kind.shownChildViewLevels)
    }

    /// A child embedded in a view `containerDepth` deep (nil: the container's root view): one parent more, its view a
    /// subview of that view (R4, `containment/embed`).
    public func embeddedChild(inViewAtDepth containerDepth: Int?) -> TreePlacement {
      TreePlacement(controllerDepth: controllerDepth + 1, viewDepth: (containerDepth ?? viewDepth) + 1)
    }

    /// The deepest level a controller of `kind` placed here reaches with what its own viewDidLoad makes (an auto
    /// container's child, a paging container's title bar), not counting views and children the plan gives it.
    public func deepestLevel(loading kind: ControllerKind) -> Int {
      max(controllerDepth + kind.controllerLevelsMadeByLoading, viewDepth + kind.viewLevelsMadeByLoading)
    }
  }

  /// Refuses a plan whose deepest view or controller would be `depth` deep, past `maxTreeDepth`.
  public func checkPlannedDepth(_ depth: Int) throws(EngineError) {
    guard depth <= maxTreeDepth else { throw .treeDepthLimit(maxTreeDepth) }
  }

  /// Refuses a plan that would bring the world past `maxObjects` with `count` objects (the plan is counted whole,
  /// so an empty one is refused too while the world is over the limit).
  public func checkPlannedObjects(_ count: Int) throws(EngineError) {
    guard objectCount + count <= maxObjects else { throw .objectLimit(maxObjects) }
  }

  /// The paging containers whose views (`Engine.derivedViewSuffixes`) would take `id`: each possible container id
  /// with the name of that view (`p.header` → `("p", "header")`).
  public static func derivedViewOwners(of id: String) -> [(container: String, view: String)] {
    derivedViewSuffixes.filter { id.hasSuffix($0) }.map { suffix in
      (String(id.dropLast(suffix.count)), String(suffix.dropFirst()))
    }
  }

  /// Runs `body` (the building of a plan) with the ids the plan names reserved: an object `body` builds first with an
  /// auto id never takes the id a later one names (`makeID`).
  public func reservingIDs<T>(_ ids: Set<String>, _ body: () throws(EngineError) -> T) throws(EngineError) -> T {
    objects.reserve(ids)
    defer { objects.endReservation() }
    return try body()
  }
}

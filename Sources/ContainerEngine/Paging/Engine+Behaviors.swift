/// Declarative reactions that run synchronously inside a scroll view's offset observation (scrollViewDidScroll / KVO,
/// S2.7, S5.4), because a client can't answer inside UIKit's callback.
extension Engine {
  /// What a behaviour does on every set of its scroll view's contentOffset.
  public enum BehaviorKind: String, Sendable, CaseIterable {
    /// Seed 000's first way: a view inside the scroll view kept at its top, `frame.y = o.y + offset`, and brought to
    /// the front (the seed's scrollViewDidScroll).
    case pinToTop
    /// Seed 002's toast fix: a view inside the scroll view kept where it is on screen, `frame.y = y₀ + (o.y − o.y₀)`.
    case floatOverContent
    /// A view (anywhere) that follows the scroll view: `frame.y = y₀ − factor·(o.y − o.y₀)`, clamped to
    /// `[minY, maxY]` when given.
    case followOffset
  }

  /// A behaviour and its reference values.
  public struct Behavior: Sendable {
    public var id: String
    public var kind: BehaviorKind
    public var view: String
    public var scrollView: String
    public var offset: Double
    public var factor: Double
    public var minY: Double?
    public var maxY: Double?
    var startY: Double
    var startOffsetY: Double
    var token: Int
  }

  /// `behavior/add`: checked (views exist, a pinned or floating view is inside the scroll view), then applied once at
  /// once and on every offset set after.
  public func addBehavior(
    id: String?, kind: BehaviorKind, view viewRef: ViewRef, scrollView scrollRef: ViewRef, offset: Double,
    factor: Double, minY: Double?, maxY: Double?
  ) throws(EngineError) -> String {
    // Every check is made before either view would load (a refused call changes nothing; a controller's root view
    // not loaded yet has no superview and no subviews). Then a named root view loads, as in every call that names one
    // (Documentation/Protocol.md, "Objects and ids", R1, R72): a `followOffset` view may be one.
    try checkScrollView(scrollRef, argument: .scrollView)
    let loaded = scrollRef.existing
    if kind != .followOffset, loaded == nil || viewRef.existing?.superview !== loaded {
      throw .unsupported(
        argument: .view, expected: "a subview of \(scrollRef.id)",
        message: "\(kind.rawValue) moves a subview of the scroll view")
    }
    if viewRef.id == scrollRef.id {
      throw .unsupported(argument: .view, expected: "a view other than the scroll view", message: "same view")
    }
    try checkCapacity(adding: loadsNeeded([viewRef, scrollRef]))
    let behaviorID: String
    if let id {
      guard behaviors.behavior(id) == nil else { throw .idInUse(id) }
      behaviorID = id
    } else {
      behaviorID = behaviors.nextID()
    }
    let view = materialize(viewRef)
    let scroll = materialize(scrollRef)
    let token = observeOffset(of: scroll) { engine, _, _ in engine.runBehavior(behaviorID) }
    behaviors.add(
      Behavior(
        id: behaviorID, kind: kind, view: view.id, scrollView: scroll.id, offset: offset, factor: factor, minY: minY,
        maxY: maxY, startY: view.frame.y, startOffsetY: scroll.scroll!.contentOffset.y, token: token))
    runBehavior(behaviorID)
    return behaviorID
  }

  /// `behavior/remove`.
  public func removeBehavior(_ id: String) throws(EngineError) {
    guard let behavior = behaviors.remove(id) else { throw .unknownObject(id) }
    removeOffsetObserver(behavior.token)
  }

  func runBehavior(_ id: String) {
    guard let behavior = behaviors.behavior(id), let view = views[behavior.view],
      let scroll = views[behavior.scrollView],
      let offset = scroll.scroll?.contentOffset.y
    else { return }
    var frame = view.frame
    switch behavior.kind {
    case .pinToTop:
      frame.y = offset + behavior.offset
      if let superview = view.superview, superview.subviews.last !== view {
        moveToFront(view, in: superview)
      }
    case .floatOverContent:
      frame.y = behavior.startY + (offset - behavior.startOffsetY)
    case .followOffset:
      var y = behavior.startY - behavior.factor * (offset - behavior.startOffsetY)
      if let minY = behavior.minY { y = max(minY, y) }
      if let maxY = behavior.maxY { y = min(maxY, y) }
      frame.y = y
    }
    setViewFrame(view, frame)
  }

  /// Behaviours in order, for `world/snapshot` and `behavior/get`-like reports.
  public var allBehaviors: [Behavior] { behaviors.all }
}

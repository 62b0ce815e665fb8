/// The headless UIKit world: windows, controllers, views and the virtual clock.
///
/// A pure model: no JSON and no I/O. The server calls it inside run-loop turns (`beginTurn()` / `endTurn()`), and
/// drains `events` after each turn. Every public mutating call checks everything that can fail before it changes
/// anything, so a refused call leaves the world exactly as it was and emits nothing (PROTOCOL.md §6).
public final class Engine {
  /// The virtual clock.
  public var clock = VirtualClock()
  /// The open points' switches (`daemon/configure`).
  public var options = EngineOptions()
  /// The most objects alive at once (`--max-objects`).
  public var maxObjects: Int
  /// Rows a table displays at once, at most: past it a layout shows the first ones and warns (a guard against a huge
  /// frame over tiny rows, which would hang UIKit too). The fuzz target lowers it, so that inputs reach the limit
  /// without each taking seconds.
  public var maxDisplayedRows = Engine.defaultMaxDisplayedRows
  /// The most superviews above a view, and parents above a controller (`--max-tree-depth`, Engine+TreeDepth.swift).
  public var maxTreeDepth = Engine.defaultMaxTreeDepth
  /// Events of the current turn, in order; the server drains them.
  public internal(set) var events: [EngineEvent] = []
  /// The categories of events the engine builds (the union of what the clients subscribed to; all by default). An
  /// event of another category is never built: a fling nobody listens to costs no memory per frame.
  public var recordedEvents = EngineEvent.Categories.all
  /// Events built since the engine was made (a counter for tests: events of unrecorded categories are not built).
  public private(set) var builtEventCount = 0
  /// The most events one turn holds (`--max-turn-events`): past it the turn's further events are dropped, and one
  /// warning (rule `limit`) says so, so a turn's memory stays bounded whatever its animations do.
  public var maxTurnEvents = Engine.defaultMaxTurnEvents
  /// The most frames one deceleration (or bounce, or paging settle) runs (`--max-animation-frames`): at its last frame
  /// it ends at its rest point, the target `willEndDragging` reported, with a warning (rule `limit`). Near a rate of 1
  /// the physics glides for minutes (0.99999 loses 1% of its speed a second: 1151 s from 100,000 pt/s down to 1 pt/s,
  /// 1.15 million frames at 1000 fps); at the normal rate the longest fling the wire allows (1e9 pt/s) takes 10.4 s,
  /// 10,352 frames at 1000 fps, under the default.
  public var maxAnimationFrames = Engine.defaultMaxAnimationFrames
  /// The default of `maxAnimationFrames`: 20,000 frames (333 s at 60 fps, 20 s at 1000 fps).
  public static let defaultMaxAnimationFrames = 20_000
  /// The most active constraints (`--max-constraints`). Cassowary's tableau grows superlinearly with some shapes
  /// (a chain of N views, each tied to the one before, keeps rows of up to N symbols: 5,000 take 1.6 s and 400 MB,
  /// 10,000 9 s and 1.4 GB, 20,000 65 s and 5.5 GB in a release build), so
  /// `layout/addConstraints` past it is refused with -32002 before any change.
  public var maxConstraints = Engine.defaultMaxConstraints
  /// The default of `maxConstraints`.
  public static let defaultMaxConstraints = 5000
  /// The most active constraints whose first item is one view (`--max-constraints-per-view`): every one of them on
  /// the same variable shares one parametric symbol, and each addition rewrites all the rows before it (10,000
  /// `width >= i` on one view took 11 s).
  public var maxConstraintsPerView = Engine.defaultMaxConstraintsPerView
  /// The default of `maxConstraintsPerView`.
  public static let defaultMaxConstraintsPerView = 1000
  /// Active constraints per first item.
  var constraintsPerView: [ObjectIdentifier: Int] = [:]
  /// The default of `maxTurnEvents`.
  public static let defaultMaxTurnEvents = 1_000_000
  /// Whether this turn's events passed `maxTurnEvents` (reset when they are drained).
  private var turnEventsOverflowed = false
  /// An empty buffer with the capacity of an earlier turn's events (`withDrainedEvents`).
  private var spareEvents: [EngineEvent] = []

  var views: [String: ViewNode] = [:]
  var controllers: [String: ControllerNode] = [:]
  var serial = 0
  var counters: [String: Int] = [:]
  /// Controllers whose window-driven transition completes at the end of the turn (R7), in order.
  var settleQueue: [ControllerNode] = []
  /// Controllers whose per-turn flags must be cleared at the end of the turn.
  var touchedThisTurn: [ControllerNode] = []
  /// Animations waiting for their frame.
  var animations = AnimationQueue()
  /// contentOffset observers (KVO) per scroll view, in order of registration.
  var offsetObservers: [ObjectIdentifier: [OffsetObserver]] = [:]
  var observerDepth = 0
  /// Auto Layout: the solver (made on first use), active constraints by id and in order, frame variables per view.
  var layoutSolverStorage: LayoutSolver?
  /// Bumped whenever something constraints read changes (a frame, an offset, the hierarchy, the constraints), so
  /// `updateConstraintSolution` skips turns that changed none of it.
  var layoutInputsVersion = 0
  var constraintsSolvedAtVersion = -1
  var activeConstraints: [String: ActiveConstraint] = [:]
  var constraintOrder: [String] = []
  var frameVariableTable: [ObjectIdentifier: FrameVariables] = [:]
  var constrainedViewOrder: [ViewNode] = []
  /// Paging containers by their pager and by their pages' scroll views.
  var pagerOwners: [ObjectIdentifier: ControllerNode] = [:]
  var pageOwners: [ObjectIdentifier: ControllerNode] = [:]
  /// Every controller listed in a paging container's page list, with that container (a controller is the page of at
  /// most one container: Engine+Paging.swift `checkPages`).
  var pageListings: [ObjectIdentifier: ControllerNode] = [:]
  /// Behaviours (`behavior/add`) by id, in order.
  var behaviors: [String: Behavior] = [:]
  var behaviorOrder: [String] = []
  /// Every window, in creation order, for the layout pass (pruned there).
  var windowList: [ViewNode] = []
  /// Every scroll and table view, in creation order, for the layout pass (entries whose view is gone are pruned
  /// there).
  var scrollViews: [ViewNode] = []
  /// The target of the last release (`scroll/fling`'s result).
  var pendingFlingTarget: Point?
  /// Classes declared with `class/register`, by name.
  var registeredClasses: [String: RegisteredClass] = [:]
  /// Navigation controllers whose stack changed this turn (R18).
  var pendingNavigationLayouts: [ControllerNode] = []
  /// Controllers whose `additionalSafeAreaInsets` are not zero: while there are none, a view's safe area is the part of
  /// its window's that overlaps it, with no walk up its superviews (`safeAreaInsets(of:)`).
  var controllersWithAdditionalSafeAreaInsets = 0
  /// While positive, views entering or leaving a window drive no appearance (a transition drives it instead).
  var windowDriverSuspended = 0
  /// Ids the request being run gives by name (a scene's names and ids, `scene/load`): auto ids skip them, so that an
  /// object built earlier in the request never takes the id a later one asks for (`reservingIDs`).
  var reservedIDs: Set<String> = []
  /// The first view whose frame the current settle round changed (`settleLayout`'s warning names it).
  var unsettledView: String?
  /// Whether this turn warned already that layout did not settle (once per turn, however many frames it runs).
  var warnedUnsettledThisTurn = false

  public init(maxObjects: Int = 10_000_000, maxTreeDepth: Int = Engine.defaultMaxTreeDepth) {
    self.maxObjects = maxObjects
    self.maxTreeDepth = maxTreeDepth
  }

  /// The number of objects alive.
  public var objectCount: Int { views.count + controllers.count }

  // MARK: - Turns

  /// Starts a run-loop turn: one request or one batch of app code (PROTOCOL.md §3).
  public func beginTurn() {
    warnedUnsettledThisTurn = false
  }

  /// Ends the turn: layout settles (`settleLayout`: until nothing moves, or a warning), window-driven transitions
  /// complete (viewDidAppear / viewDidDisappear after the commit, R7), with R8's re-delivered didMove; in `auto` mode
  /// animations run to completion; per-turn flags are cleared. The
  /// R29 flags outlive the turn: isMovingToParent stays set from addChild until the next viewDidAppear (or an
  /// unrelated viewWillDisappear), and isMovingFromParent from willMove(nil)/removeFromParent until the next
  /// viewDidDisappear (or an unrelated viewWillAppear).
  public func endTurn() {
    guard
      !pendingNavigationLayouts.isEmpty || !settleQueue.isEmpty || !animations.isEmpty || !touchedThisTurn.isEmpty
        || !scrollViews.isEmpty || !windowList.isEmpty
    else { return }
    // Until nothing is left for a turn's end: the world the next call finds is settled, so a read or a refused call
    // moves nothing and emits nothing (PROTOCOL.md §6). Each step can leave work for another (a commit's viewDidAppear
    // that lays out, a completion that pushes), hence the loop; its bound is a guard.
    for _ in 0..<Self.maxSettleRounds {
      runNavigationLayoutPasses()
      settleLayout()
      settleWindowDrivenTransitions()
      // Auto mode runs everything; manual mode still completes what is due now (a duration of 0, a commit).
      runAnimations(through: clock.mode == .auto ? .infinity : clock.now)
      if pendingNavigationLayouts.isEmpty && settleQueue.isEmpty && !windowNeedsLayout { break }
    }
    for controller in touchedThisTurn {
      controller.addedThisTurn = false
      controller.removedThisTurn = false
    }
    touchedThisTurn.removeAll()
  }

  /// Drops events emitted after the first `count` (a refused call's, should there be any).
  public func discardEvents(after count: Int) {
    if events.count > count { events.removeSubrange(count...) }
  }

  /// Takes the events emitted so far.
  public func drainEvents() -> [EngineEvent] {
    turnEventsOverflowed = false
    // Most turns (a ping) emit nothing: no buffer is copied or reallocated for them.
    guard !events.isEmpty else { return [] }
    defer { events = [] }
    return events
  }

  /// Whether events of `category` are built (`recordedEvents`).
  @inline(__always)
  func records(_ category: EngineEvent.Category) -> Bool { recordedEvents.contains(category) }

  /// Appends the event `make` builds, if its category is recorded and the turn has room (`maxTurnEvents`); `make`
  /// is not called otherwise.
  @inline(__always)
  func record(_ category: EngineEvent.Category, _ make: @autoclosure () -> EngineEvent) {
    guard recordedEvents.contains(category) else { return }
    guard events.count < maxTurnEvents else {
      noteTurnEventsOverflow()
      return
    }
    builtEventCount &+= 1
    events.append(make())
  }

  /// The first event past `maxTurnEvents`: one warning takes its place (when warnings are recorded), the turn's
  /// further events are dropped.
  private func noteTurnEventsOverflow() {
    guard !turnEventsOverflowed else { return }
    turnEventsOverflowed = true
    guard recordedEvents.contains(.warning) else { return }
    builtEventCount &+= 1
    events.append(
      EngineEvent(
        kind: .warning(
          message: "containerd: more than \(maxTurnEvents) events in one turn; the turn's further events are dropped",
          object: nil),
        rule: "limit", time: clock.now))
  }

  /// Hands the events emitted so far to `body`, then keeps their buffer, emptied, for the next turn's events: in a
  /// steady stream no turn allocates an event array (`drainEvents` gives the buffer away, so the next turn's array
  /// grew again from nothing: about 5 allocations per controller embedded, valgrind's dhat).
  public func withDrainedEvents(_ body: ([EngineEvent]) -> Void) {
    turnEventsOverflowed = false
    guard !events.isEmpty else { return }
    var drained = spareEvents
    swap(&drained, &events)
    body(drained)
    // A buffer from a huge turn (a batch of thousands of calls) is let go rather than kept for good.
    drained.removeAll(keepingCapacity: drained.capacity <= Self.maxSpareEventCapacity)
    spareEvents = drained
  }

  /// The most events a kept buffer has room for (a few hundred KB).
  static let maxSpareEventCapacity = 4096

  /// `world/reset`: every object gone, clock back to 0 (mode and fps kept).
  public func reset() {
    views.removeAll()
    controllers.removeAll()
    scrollViews.removeAll()
    windowList.removeAll()
    layoutSolverStorage = nil
    pagerOwners.removeAll()
    pageOwners.removeAll()
    pageListings.removeAll()
    behaviors.removeAll()
    behaviorOrder.removeAll()
    activeConstraints.removeAll()
    constraintOrder.removeAll()
    frameVariableTable.removeAll()
    constrainedViewOrder.removeAll()
    constraintsPerView.removeAll()
    offsetObservers.removeAll()
    counters.removeAll()
    for controller in settleQueue { controller.queuedForSettle = false }
    settleQueue.removeAll()
    touchedThisTurn.removeAll()
    animations.removeAll()
    pendingNavigationLayouts.removeAll()
    registeredClasses.removeAll()
    controllersWithAdditionalSafeAreaInsets = 0
    events.removeAll()
    turnEventsOverflowed = false
    serial = 0
    clock.reset()
  }

  // MARK: - Events

  /// Records `callback` on `controller`; the appearance callbacks carry the R29 flags that apply to them.
  func emit(
    _ controller: ControllerNode, _ callback: LifecycleCallback, rule: String, animated: Bool? = nil,
    parent: ControllerNode?? = nil
  ) {
    let category = EngineEvent.category(ofCallback: callback)
    guard records(category) else { return }
    var flags = EngineEvent.MovingFlags.none
    switch callback {
    case .viewWillAppear, .viewIsAppearing, .viewDidAppear:
      flags.isMovingToParent = controller.isMovingToParent
      flags.isBeingPresented = controller.isBeingPresented
    case .viewWillDisappear, .viewDidDisappear:
      flags.isMovingFromParent = controller.isMovingFromParent
      flags.isBeingDismissed = controller.isBeingDismissed
    case .loadView, .viewDidLoad, .willMove, .didMove, .viewWillLayoutSubviews, .viewDidLayoutSubviews,
      .viewWillTransitionToSize:
      break
    }
    let parentArgument = parent.map { EngineEvent.Parent(id: $0?.id) }
    record(
      category,
      EngineEvent(
        kind: .lifecycle(
          controller: controller.id, callback: callback, animated: animated, parent: parentArgument,
          flags: flags),
        rule: rule, time: clock.now))
  }

  /// `message` is an autoclosure: a warning nobody subscribed to is not even formatted.
  func warn(_ message: @autoclosure () -> String, object: String?, rule: String) {
    record(.warning, EngineEvent(kind: .warning(message: message(), object: object), rule: rule, time: clock.now))
  }

  func touch(_ controller: ControllerNode) {
    touchedThisTurn.append(controller)
  }

  // MARK: - Ids and lookup

  /// A new id: the caller's, checked (`checkNewID`), or the next free `<prefix><n>`.
  ///
  /// An auto id is never one a client has (windows, controllers, views and constraints share one namespace,
  /// PROTOCOL.md §2), nor one the current request names (`reservedIDs`), nor, for a paging container, one whose
  /// views' ids (`<id>.pager` …) are taken.
  func makeID(_ requested: String?, prefix: String, pagingContainer: Bool = false) throws(EngineError) -> String {
    if let requested {
      try checkNewID(requested, pagingContainer: pagingContainer)
      return requested
    }
    var next = counters[prefix, default: 0]
    while true {
      next += 1
      let candidate = "\(prefix)\(next)"
      if isFreeForAutoID(candidate, pagingContainer: pagingContainer) {
        counters[prefix] = next
        return candidate
      }
    }
  }

  /// Whether `id` names a window, controller, view or constraint (one namespace, PROTOCOL.md §2).
  func isTaken(_ id: String) -> Bool {
    views[id] != nil || controllers[id] != nil || activeConstraints[id] != nil
  }

  /// Whether the daemon may give `id` to a new object of its own: not taken, not named by the request being run, and
  /// for a paging container, its views' ids free too.
  func isFreeForAutoID(_ id: String, pagingContainer: Bool = false) -> Bool {
    guard !isTaken(id), !reservedIDs.contains(id) else { return false }
    guard pagingContainer else { return true }
    return Self.derivedViewSuffixes.allSatisfy { !isTaken(id + $0) && !reservedIDs.contains(id + $0) }
  }

  /// The suffixes of the ids of the views a PagingContainerViewController's viewDidLoad makes (`<id>.pager`,
  /// `<id>.header`, `<id>.titleBar`), besides its root view `<id>.view`.
  public static let derivedViewSuffixes = [".pager", ".header", ".titleBar"]

  /// Checks an id a client gives a new object: not empty, not a root view's (`….view`), not in use, not one of the
  /// views an existing paging container makes, and for a paging container, its views' ids free.
  ///
  /// - Parameter argument: the argument that gave it, for the refusal.
  public func checkNewID(_ id: String, argument: EngineArgument = .id, pagingContainer: Bool = false)
    throws(EngineError)
  {
    guard !id.isEmpty else {
      throw .unsupported(argument: argument, expected: "a non-empty id", message: "ids must not be empty")
    }
    guard !id.hasSuffix(".view") else {
      throw .unsupported(
        argument: argument, expected: "an id not ending in .view",
        message: "ids ending in .view name controllers' root views")
    }
    guard !isTaken(id) else { throw .idInUse(id, argument: argument) }
    for suffix in Self.derivedViewSuffixes where id.hasSuffix(suffix) {
      if controllers[String(id.dropLast(suffix.count))]?.kind == .pagingContainer {
        throw .idInUse(id, argument: argument)
      }
    }
    if pagingContainer {
      for suffix in Self.derivedViewSuffixes where isTaken(id + suffix) {
        throw .idInUse(id + suffix, argument: argument)
      }
    }
  }

  /// Refuses a call that would create `count` objects past `maxObjects` (PROTOCOL.md §6: before it changes anything).
  /// A call that creates nothing always passes, even once the count is over the limit (pages loaded while a pager
  /// scrolls are not checked), so the limit never refuses a call for what an earlier one did.
  func checkCapacity(adding count: Int) throws(EngineError) {
    guard count == 0 || objectCount + count <= maxObjects else { throw .objectLimit(maxObjects) }
  }

  func nextSerial() -> Int {
    serial += 1
    return serial
  }

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
  /// whichever the kinds (PROTOCOL.md §6: -32000 is for an id that names nothing).
  public func kindOfObject(_ id: String) -> String? {
    if let controller = controllers[id] { return controller.kind.rawValue }
    if let ref = try? viewRef(id) { return ref.kind.rawValue }
    if activeConstraints[id] != nil { return "NSLayoutConstraint" }
    if behaviors[id] != nil { return "behavior" }
    return nil
  }

  /// "`id` is a `kind`", for a wrong-kind refusal (`kindOfObject`).
  public static func describeKind(_ id: String, _ kind: String) -> String {
    "\(id) is \(kind.hasPrefix("NS") ? "an" : "a") \(kind)"
  }

  /// `error` for a lookup of the id `argument` gives, when that id names an object of another kind than `expected`:
  /// the refusal of a mistyped argument (`unsupported`) instead of `unknownObject`; any other error unchanged.
  func wrongKind(_ error: EngineError, argument: EngineArgument, expected: String) -> EngineError {
    guard let message = wrongKindMessage(error) else { return error }
    return .unsupported(argument: argument, expected: expected, message: message)
  }

  /// For an `unknownObject` error whose id names an object of another kind (a view where a controller goes, a
  /// constraint where a view goes), "`id` is a `kind`" (`describeKind`); nil for any other error. For callers that
  /// name the argument themselves (the server's lookups, whose ids come from the request).
  public func wrongKindMessage(_ error: EngineError) -> String? {
    guard case .unknownObject(let id) = error, let kind = kindOfObject(id) else { return nil }
    return Self.describeKind(id, kind)
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

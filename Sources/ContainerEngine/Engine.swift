/// The headless UIKit world: windows, controllers, views and the virtual clock.
///
/// A pure model: no JSON and no I/O. The server calls it inside run-loop turns (`beginTurn()` / `endTurn()`), and
/// drains `events` after each turn. Every public mutating call checks everything that can fail before it changes
/// anything, so a refused call leaves the world exactly as it was and emits nothing (Documentation/Protocol.md,
/// "Errors").
///
/// Its state is split by concern (Documentation/Engine.md, "State"): each stored property below is one subsystem's,
/// a type that keeps its storage to itself; another subsystem reaches it through that type's methods.
public final class Engine {
  /// The virtual clock.
  @exclusivity(unchecked) public var clock = VirtualClock()
  /// The open points' switches (`daemon/configure`).
  @exclusivity(unchecked) public var options = EngineOptions()
  /// The `--max-*` limits (public as `maxObjects`, `maxTreeDepth`, …: EngineLimits.swift).
  @exclusivity(unchecked) var limits: EngineLimits
  /// The current turn's events, and which categories are built.
  @exclusivity(unchecked) var eventLog = EventLog()
  /// Windows, views, controllers and registered classes by id; serials and auto-id counters.
  @exclusivity(unchecked) var objects = ObjectStore()
  /// What the turn collects for its end, and the per-controller marks it clears there.
  @exclusivity(unchecked) var turn = TurnState()
  /// Animations waiting for their frame (Clock/Engine+Animations.swift).
  @exclusivity(unchecked) var animations = AnimationQueue()
  /// The layout pass's windows, what constraints read (its version), Auto Layout's solver and constraints.
  @exclusivity(unchecked) var layout = LayoutState()
  /// Scroll and table views for their layout pass, and contentOffset observers.
  @exclusivity(unchecked) var scrolls = ScrollRegistry()
  /// Paging containers by their pager, their pages' scroll views and the pages they list.
  @exclusivity(unchecked) var paging = PagingRegistry()
  /// Offset behaviours (`behavior/add`).
  @exclusivity(unchecked) var behaviors = BehaviorRegistry()
  /// Transition coordinators in flight and custom animators (Transitions/, R46–R52).
  @exclusivity(unchecked) var transitions = TransitionRegistry()
  /// `registerForTraitChanges` registrations (Traits/, R63).
  @exclusivity(unchecked) var traitRegistry = TraitRegistry()

  public init(maxObjects: Int = 10_000_000, maxTreeDepth: Int = Engine.defaultMaxTreeDepth) {
    limits = EngineLimits(maxObjects: maxObjects, maxTreeDepth: maxTreeDepth)
  }

  /// The number of objects alive.
  public var objectCount: Int { objects.count }
  /// Views (windows and controllers' root views included) by id.
  var views: [String: ViewNode] { objects.views }
  /// Controllers by id.
  var controllers: [String: ControllerNode] { objects.controllers }

  // MARK: - Turns

  /// Starts a run-loop turn: one request or one batch of app code (Documentation/Protocol.md, "Time, run loop and
  /// animation").
  public func beginTurn() {
    turn.begin()
  }

  /// Ends the turn: layout settles (`settleLayout`: until nothing moves, or a warning), window-driven transitions
  /// complete (viewDidAppear / viewDidDisappear after the commit, R7), with R8's re-delivered didMove; in `auto` mode
  /// animations run to completion; per-turn flags are cleared. The
  /// R29 flags outlive the turn: isMovingToParent stays set from addChild until the next viewDidAppear (or an
  /// unrelated viewWillDisappear), and isMovingFromParent from willMove(nil)/removeFromParent until the next
  /// viewDidDisappear (or an unrelated viewWillAppear).
  public func endTurn() {
    guard turn.hasWork || !animations.isEmpty || !scrolls.isEmpty || layout.hasWindows || traitRegistry.hasPending
    else { return }
    // Until nothing is left for a turn's end: the world the next call finds is settled, so a read or a refused call
    // moves nothing and emits nothing (Documentation/Protocol.md, "Errors"). Each step can leave work for another (a
    // commit's viewDidAppear that lays out, a completion that pushes), hence the loop; its bound is a guard.
    for _ in 0..<Self.maxSettleRounds {
      // R60: the trait update comes before layout.
      flushTraitUpdates()
      // R69: viewIsAppearing in the turn its appearance began, before the layout pass reaches the view; again after
      // the navigation controllers' layout passes, which start their deferred transitions (R18).
      sendPendingIsAppearing()
      runNavigationLayoutPasses()
      sendPendingIsAppearing()
      settleLayout()
      settleWindowDrivenTransitions()
      // Auto mode runs everything; manual mode still completes what is due now (a duration of 0, a commit).
      runAnimations(through: clock.mode == .auto ? .infinity : clock.now)
      if !turn.hasPendingSettles && !windowNeedsLayout { break }
    }
    turn.finish()
  }

  /// Work left in flight lets go of its controllers: a manual animator that was never completed holds a cycle through
  /// its pending `completeTransition` (`TransitionCoordinator.release()`), an unfinished sheet drag one through its
  /// sheet (`dropSheetDrags()`), a page view's data source one through an ancestor it lists.
  deinit { releaseUnfinishedWork() }

  private func releaseUnfinishedWork() {
    dropSheetDrags()
    for controller in objects.controllers.values {
      controller.pageView?.releaseControllers()
      // An animated navigation transition's early finish holds its navigation controller and both sides.
      controller.navigation?.finishNow = nil
      controller.split?.releaseControllers()
    }
    transitions.reset()
    traitRegistry.reset()
  }

  /// `world/reset`: every object gone, clock back to 0 (mode and fps kept).
  public func reset() {
    releaseUnfinishedWork()
    objects.reset()
    scrolls.reset()
    layout.reset()
    paging.reset()
    behaviors.reset()
    transitions.reset()
    turn.reset()
    animations.removeAll()
    eventLog.reset()
    clock.reset()
  }

  // MARK: - Events

  /// Events of the current turn, in order; the server drains them.
  public var events: [EngineEvent] { eventLog.events }
  /// The categories of events the engine builds (the union of what the clients subscribed to; all by default). An
  /// event of another category is never built: a fling nobody listens to costs no memory per frame.
  public var recordedEvents: EngineEvent.Categories {
    get { eventLog.recorded }
    set { eventLog.recorded = newValue }
  }
  /// Events built since the engine was made (a counter for tests: events of unrecorded categories are not built).
  public var builtEventCount: Int { eventLog.builtCount }

  /// Drops events emitted after the first `count` (a refused call's, should there be any).
  public func discardEvents(after count: Int) {
    eventLog.discard(after: count)
  }

  /// Takes the events emitted so far.
  public func drainEvents() -> [EngineEvent] {
    eventLog.drain()
  }

  /// Hands the events emitted so far to `body`, then keeps their buffer, emptied, for the next turn's events: in a
  /// steady stream no turn allocates an event array (`drainEvents` gives the buffer away, so the next turn's array
  /// grew again from nothing: about 5 allocations per controller embedded, valgrind's dhat).
  public func withDrainedEvents(_ body: ([EngineEvent]) -> Void) {
    guard var drained = eventLog.takeForDrain() else { return }
    body(drained)
    eventLog.keepSpare(&drained)
  }

  /// Whether events of `category` are built (`recordedEvents`).
  @inline(__always)
  func records(_ category: EngineEvent.Category) -> Bool { eventLog.recorded.contains(category) }

  /// Appends the event `make` builds, if its category is recorded and the turn has room (`maxTurnEvents`); `make`
  /// is not called otherwise.
  @inline(__always)
  func record(_ category: EngineEvent.Category, _ make: @autoclosure () -> EngineEvent) {
    guard eventLog.recorded.contains(category) else { return }
    guard eventLog.events.count < limits.maxTurnEvents else {
      noteTurnEventsOverflow()
      return
    }
    let event = make()
    eventLog.append(event)
  }

  /// The first event past `maxTurnEvents`: one warning takes its place (when warnings are recorded), the turn's
  /// further events are dropped.
  private func noteTurnEventsOverflow() {
    guard eventLog.noteOverflow() else { return }
    guard eventLog.recorded.contains(.warning) else { return }
    eventLog.append(
      EngineEvent(
        kind: .warning(
          message:
            "containerd: more than \(limits.maxTurnEvents) events in one turn; the turn's further events are dropped",
          object: nil),
        rule: "limit", time: clock.now))
  }

  /// Records `callback` on `controller`; the appearance callbacks carry the R29 flags that apply to them.
  func emit(
    _ controller: ControllerNode, _ callback: LifecycleCallback, rule: String, animated: Bool? = nil,
    parent: ControllerNode?? = nil, insets: Insets? = nil
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
      .viewWillTransitionToSize, .viewLayoutMarginsDidChange, .viewSafeAreaInsetsDidChange,
      .willTransitionToTraitCollection, .traitCollectionDidChange, .traitChangeHandler:
      break
    }
    let parentArgument = parent.map { EngineEvent.Parent(id: $0?.id) }
    record(
      category,
      EngineEvent(
        kind: .lifecycle(
          controller: controller.id, callback: callback, animated: animated, parent: parentArgument,
          flags: flags, insets: insets),
        rule: rule, time: clock.now))
  }

  /// Gives the lifecycle event just emitted another rule (a container's willMove, R20). When lifecycle events are
  /// not recorded there is none to relabel.
  func relabelLastEvent(rule: String) {
    guard records(.lifecycle) else { return }
    eventLog.relabelLastLifecycleEvent(rule: rule)
  }

  /// `message` is an autoclosure: a warning nobody subscribed to is not even formatted.
  func warn(_ message: @autoclosure () -> String, object: String?, rule: String) {
    record(.warning, EngineEvent(kind: .warning(message: message(), object: object), rule: rule, time: clock.now))
  }
}

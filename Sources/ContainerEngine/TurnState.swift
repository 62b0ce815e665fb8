/// What a run-loop turn collects for its end (`Engine.endTurn`), and the marks it clears there: the controllers
/// whose window-driven transition completes then (R7), those added to or removed from a visible parent (R8), the
/// navigation controllers whose stack changed (R18), and the layout settle's warning state.
///
/// The per-controller marks live in each `ControllerNode` (`TurnMarks`: no allocation per controller), but only this
/// file reads or sets them: every other subsystem goes through these methods.
struct TurnState {
  /// Controllers whose window-driven transition completes at the end of the turn (R7), in order.
  private var settleQueue: [ControllerNode] = []
  /// Controllers whose marks must be cleared at the end of the turn.
  private var touched: [ControllerNode] = []
  /// Navigation controllers whose stack changed this turn (R18).
  private var pendingNavigationLayouts: [ControllerNode] = []
  /// Controllers whose appearance began this turn and that wait for their geometry step and viewIsAppearing (R69),
  /// in order.
  private var isAppearingQueue: [ControllerNode] = []
  /// The first view whose frame the current settle round changed (`settleLayout`'s warning names it).
  private(set) var unsettledView: String?
  /// Whether this turn warned already that layout did not settle (once per turn, however many frames it runs).
  private var warnedUnsettled = false
  /// While positive, views entering or leaving a window drive no appearance (a transition drives it instead). Always
  /// 0 between calls.
  private var windowDriverSuspensions = 0
  /// The target of the last release (`scroll/fling`'s result, read in the call that released).
  var flingTarget: Point?

  /// A turn begins.
  mutating func begin() {
    warnedUnsettled = false
  }

  /// Whether the turn's end has work besides the clock and the layout pass: a stack changed, a window-driven
  /// transition to complete, marks to clear.
  var hasWork: Bool {
    !pendingNavigationLayouts.isEmpty || !settleQueue.isEmpty || !touched.isEmpty || !isAppearingQueue.isEmpty
  }

  /// Whether a navigation layout or a window-driven transition still waits (another settle round is due).
  var hasPendingSettles: Bool {
    !pendingNavigationLayouts.isEmpty || !settleQueue.isEmpty || !isAppearingQueue.isEmpty
  }

  /// The turn ends: the added and removed marks are cleared (the R29 flags outlive the turn; a controller still
  /// queued for settling stays queued).
  mutating func finish() {
    for controller in touched {
      controller.turnMarks.bits &= ~(TurnMarks.added | TurnMarks.removed)
    }
    touched.removeAll()
  }

  /// `world/reset`: nothing queued, nothing marked.
  mutating func reset() {
    for controller in settleQueue { controller.turnMarks.bits &= ~TurnMarks.queuedForSettle }
    settleQueue.removeAll()
    for controller in isAppearingQueue { controller.turnMarks.bits &= ~TurnMarks.queuedForIsAppearing }
    isAppearingQueue.removeAll()
    touched.removeAll()
    pendingNavigationLayouts.removeAll()
  }

  // MARK: - Containment (R8)

  /// `child` was added to a parent; `visible`: the parent's view was in a window then (R8's second didMove follows
  /// only then).
  mutating func noteAdded(_ child: ControllerNode, visible: Bool) {
    child.turnMarks.set(TurnMarks.added, visible)
    touched.append(child)
  }

  /// `child` was removed from a parent; `visible` as in `noteAdded`.
  mutating func noteRemoved(_ child: ControllerNode, visible: Bool) {
    child.turnMarks.set(TurnMarks.removed, visible)
    touched.append(child)
  }

  /// `controller` moved this turn without a mark of its own (`willMove(toParent: nil)`): the turn's end runs.
  mutating func touch(_ controller: ControllerNode) {
    touched.append(controller)
  }

  /// Whether `controller` was added to a visible parent this turn (R8).
  func wasAddedVisibly(_ controller: ControllerNode) -> Bool { controller.turnMarks.bits & TurnMarks.added != 0 }
  /// Whether `controller` was removed from a visible parent this turn (R8).
  func wasRemovedVisibly(_ controller: ControllerNode) -> Bool { controller.turnMarks.bits & TurnMarks.removed != 0 }

  // MARK: - Window-driven transitions (R7)

  /// Queues `controller`'s window-driven transition for the end of the turn, once. A mark, not a search of the queue:
  /// a turn that shows thousands of controllers stays linear.
  mutating func queueForSettle(_ controller: ControllerNode) {
    guard controller.turnMarks.bits & TurnMarks.queuedForSettle == 0 else { return }
    controller.turnMarks.bits |= TurnMarks.queuedForSettle
    settleQueue.append(controller)
  }

  /// Takes the queued controllers, in order (nil when none): settling them may queue more.
  mutating func takeSettleQueue() -> [ControllerNode]? {
    guard !settleQueue.isEmpty else { return nil }
    let queue = settleQueue
    settleQueue.removeAll()
    for controller in queue { controller.turnMarks.bits &= ~TurnMarks.queuedForSettle }
    return queue
  }

  /// Suspends window-driven appearance (nested: each call is matched by `resumeWindowDriver`).
  mutating func suspendWindowDriver() { windowDriverSuspensions += 1 }
  mutating func resumeWindowDriver() { windowDriverSuspensions -= 1 }
  /// Whether views entering or leaving a window drive appearance now.
  var windowDriverIsActive: Bool { windowDriverSuspensions == 0 }

  // MARK: - viewIsAppearing (R69)

  /// Queues `controller`, whose appearance just began, for its geometry step and viewIsAppearing at the turn's end
  /// (once: a mark, as `queueForSettle`).
  mutating func queueForIsAppearing(_ controller: ControllerNode) {
    guard controller.turnMarks.bits & TurnMarks.queuedForIsAppearing == 0 else { return }
    controller.turnMarks.bits |= TurnMarks.queuedForIsAppearing
    isAppearingQueue.append(controller)
  }

  /// Takes the controllers queued for viewIsAppearing, in order (nil when none).
  mutating func takeIsAppearingQueue() -> [ControllerNode]? {
    guard !isAppearingQueue.isEmpty else { return nil }
    let queue = isAppearingQueue
    isAppearingQueue.removeAll()
    for controller in queue { controller.turnMarks.bits &= ~TurnMarks.queuedForIsAppearing }
    return queue
  }

  // MARK: - Navigation (R18)

  /// `nav`'s stack changed: its transition starts at the turn's layout pass (once per navigation controller).
  mutating func queueNavigationLayout(_ nav: ControllerNode) {
    if !pendingNavigationLayouts.contains(where: { $0 === nav }) { pendingNavigationLayouts.append(nav) }
  }

  /// Takes the navigation controllers waiting for their layout pass, in order (nil when none).
  mutating func takeNavigationLayouts() -> [ControllerNode]? {
    guard !pendingNavigationLayouts.isEmpty else { return nil }
    let navs = pendingNavigationLayouts
    pendingNavigationLayouts.removeAll()
    return navs
  }

  // MARK: - Layout settling

  /// A settle round starts: no view moved in it yet.
  mutating func startSettleRound() { unsettledView = nil }
  /// A frame changed: the first view of the round to move is the one an unsettled layout's warning names.
  mutating func noteFrameChange(of view: String) {
    if unsettledView == nil { unsettledView = view }
  }
  /// True the first time in the turn that layout did not settle (its warning is given once per turn).
  mutating func shouldWarnUnsettled() -> Bool {
    guard !warnedUnsettled else { return false }
    warnedUnsettled = true
    return true
  }
}

/// A controller's marks for the turn (added or removed visibly, queued for settling), stored in the node but read and
/// set only by `TurnState`.
struct TurnMarks {
  fileprivate var bits: UInt8 = 0

  init() {}

  fileprivate static let added: UInt8 = 1
  fileprivate static let removed: UInt8 = 2
  fileprivate static let queuedForSettle: UInt8 = 4
  fileprivate static let queuedForIsAppearing: UInt8 = 8

  fileprivate mutating func set(_ mark: UInt8, _ on: Bool) {
    if on { bits |= mark } else { bits &= ~mark }
  }
}

/// Sheet dismissal by swipe (R57–R59): the adaptive presentation delegate
/// (`UIAdaptivePresentationControllerDelegate`), `isModalInPresentation`, and the interactive dismissal a downward drag
/// of a `pageSheet` / `formSheet` starts (`presentation/interactiveDismiss`).
///
/// - R57: a sheet keeps its presenter on screen, so the presenter (and everything around it) gets no appearance
///   callback, whether the sheet goes by code (`dismiss`) or by swipe.
/// - R58 (Apple's `UIAdaptivePresentationControllerDelegate`,
///   https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate): the delegate hears
///   about swipes only — "This method is not called if the presentation is dismissed programmatically" (WillDismiss,
///   DidDismiss). A swipe asks `presentationControllerShouldDismiss` first (unless the controller is
///   `isModalInPresentation`, which "prevents the interactive dismissal"), then `presentationControllerWillDismiss` at
///   the drag's start and `presentationControllerDidDismiss` once the sheet is gone. A refused swipe
///   (`isModalInPresentation`, or ShouldDismiss answering false) gets `presentationControllerDidAttemptToDismiss`
///   instead, no appearance callback, and the sheet stays. The delegate belongs to the presented controller's
///   presentation controller: for a presented navigation controller, the navigation controller's; events name the
///   presented controller as `object`.
/// - R59 [INF]: the swipe is an interactive transition. At the drag's start the sheet gets `viewWillDisappear(true)`;
///   a cancelled drag reverses with `viewWillAppear(true)` at the release and `viewDidAppear(true)` after the spring
///   back; a completed one `viewDidDisappear(true)` after the settle, then DidDismiss. The order of WillDismiss and
///   viewWillDisappear is an open point (`EngineOptions.sheet.dragOrder`).
/// - The release (measured on iOS 26.1): the sheet goes when dragged past half its height or released at 1000 pt/s or
///   more downward, else it springs back (`SheetBehavior.releaseProgress` / `releaseVelocity`). `finish` is the
///   finger lifting, so a `finish` below both thresholds springs back exactly as `cancel` does.
///
/// The gesture's state is one `InteractiveDismissal` on the presented controller, created at `begin` and cleared when
/// the finger lifts; the settle runs on the clock, and its end is the completion `of: "interactiveDismiss"`
/// (`finished`: dismissed).
extension Engine {
  /// The open points of R58/R59 (`daemon/configure`'s `sheet.*` options).
  public struct SheetBehavior: Sendable, Equatable {
    /// R59's open point: where `presentationControllerWillDismiss` falls against the sheet's `viewWillDisappear`.
    public enum DragOrder: String, Sendable, CaseIterable {
      /// ShouldDismiss → WillDismiss → viewWillDisappear (default: the delegate hears first, as a delegate method
      /// called by the presentation controller before it starts the transition).
      case shouldWillThenAppearance
      /// ShouldDismiss → viewWillDisappear → WillDismiss (Apple says WillDismiss can use the presentation's
      /// transition coordinator, which exists once the transition, and with it viewWillDisappear, has started).
      case shouldThenAppearanceThenWill
    }

    /// R58's open point: when a refused swipe gets `presentationControllerDidAttemptToDismiss`.
    public enum AttemptTiming: String, Sendable, CaseIterable {
      /// When the finger lifts, `finish` or `cancel` (default).
      case release
      /// When the drag starts.
      case begin
    }

    /// Default `shouldWillThenAppearance`.
    public var dragOrder = DragOrder.shouldWillThenAppearance
    /// Default `release`.
    public var attemptTiming = AttemptTiming.release
    /// A release at or past this fraction of the sheet's height dismisses (default 0.5).
    public var releaseProgress = 0.5
    /// A release at or above this downward speed, in pt/s, dismisses (default 1000).
    public var releaseVelocity = 1000.0
    public init() {}
  }

  /// The adaptive presentation delegate the app installs (R58): what its `presentationControllerShouldDismiss`
  /// answers.
  public struct AdaptiveDelegate: Sendable, Equatable {
    public var shouldDismiss: Bool
    public init(shouldDismiss: Bool = true) { self.shouldDismiss = shouldDismiss }
  }

  /// Installs (or, nil, removes) the adaptive delegate on the presentation controller of `controller`: the
  /// presentation that shows it (its presented ancestor's, UIKit's `presentationController` getter), or its own when
  /// it is not inside a presentation — set before `present`, as apps do. It stays until changed [INF].
  public func setAdaptiveDelegate(_ controller: ControllerNode, _ delegate: AdaptiveDelegate?) {
    (presentedRoot(of: controller) ?? controller).sheet.delegate = delegate
  }

  /// `isModalInPresentation` (R58; default false): a presented controller with it set, or with a controller on screen
  /// inside it that has it set, refuses the swipe.
  public func setModalInPresentation(_ controller: ControllerNode, _ value: Bool) {
    controller.sheet.isModalInPresentation = value
  }

  /// The finger starts dragging the sheet `controller` (a presented controller) down.
  ///
  /// Refused, changing nothing, when `controller` is not presented (`notPresented`), is not a sheet (`notASheet`:
  /// UIKit offers the swipe for pageSheet and formSheet only), is being presented or dismissed or a swipe's settle is
  /// running (`transitioning`), has a presentation above it (`notTopmost`: only the top-most sheet is dragged), is not
  /// on screen (`notVisible`), or is being dragged already (`interactiveDismissInProgress`).
  ///
  /// Then R58/R59: `isModalInPresentation` → nothing yet (a refused swipe); else the delegate's ShouldDismiss, and if
  /// it answers false nothing more; else WillDismiss and `viewWillDisappear(true)` in `dragOrder`. With
  /// `attemptTiming` begin, a refused swipe gets DidAttemptToDismiss now.
  public func beginInteractiveDismiss(_ controller: ControllerNode, progress: Double?, velocity: Double?)
    throws(EngineError)
  {
    if controller.sheet.dismissal != nil {
      throw .invalidState(
        id: controller.id, state: "interactiveDismissInProgress",
        message: "\(controller.id) is already being dragged (finish or cancel the swipe first)")
    }
    try checkSheetSwipe(controller)
    // Checked: from here on nothing throws.
    var gesture = InteractiveDismissal(sheet: controller)
    gesture.move(progress: progress, velocity: velocity)
    let modal = isModalInPresentation(controller)
    if !modal, let delegate = controller.sheet.delegate {
      reportAdaptiveDelegate(controller, "presentationControllerShouldDismiss", result: delegate.shouldDismiss)
      gesture.blocked = !delegate.shouldDismiss
    } else {
      gesture.blocked = modal
    }
    controller.sheet.dismissal = gesture
    if gesture.blocked {
      if options.sheet.attemptTiming == .begin { reportAttempt(controller) }
      return
    }
    markInteractiveDismissal(controller, active: true)
    // R46, R59: an allowed swipe is an interactive transition with a coordinator.
    let coordinator = interactiveDismissalWillBegin(controller, progress: gesture.progress)
    switch options.sheet.dragOrder {
    case .shouldWillThenAppearance:
      reportAdaptiveDelegate(controller, "presentationControllerWillDismiss")
      begin(controller, appearing: false, animated: true, rule: "R59", forwarded: false)
    case .shouldThenAppearanceThenWill:
      begin(controller, appearing: false, animated: true, rule: "R59", forwarded: false)
      reportAdaptiveDelegate(controller, "presentationControllerWillDismiss")
    }
    if let coordinator { startCoordinator(coordinator) }
  }

  /// The finger moved: `progress` (fraction of the sheet's height, 0...1) and `velocity` (pt/s, downward positive)
  /// as given; no callbacks.
  public func updateInteractiveDismiss(_ controller: ControllerNode, progress: Double?, velocity: Double?)
    throws(EngineError)
  {
    var gesture = try dismissal(of: controller)
    gesture.move(progress: progress, velocity: velocity)
    controller.sheet.dismissal = gesture
    interactiveDismissalCoordinator(controller)?.percentComplete = gesture.progress
  }

  /// The finger lifts. A refused swipe springs back (DidAttemptToDismiss now, with `attemptTiming` release); an
  /// allowed one dismisses when past `releaseProgress` or faster than `releaseVelocity`, else springs back as
  /// `cancel` does. Dismissing: after the settle (the rest of `presentationDuration`), `viewDidDisappear(true)`,
  /// DidDismiss and the completion (finished true); the presenter gets nothing (R57).
  public func finishInteractiveDismiss(_ controller: ControllerNode, progress: Double?, velocity: Double?)
    throws(EngineError)
  {
    var gesture = try dismissal(of: controller)
    gesture.move(progress: progress, velocity: velocity)
    interactiveDismissalCoordinator(controller)?.percentComplete = gesture.progress
    let behavior = options.sheet
    guard !gesture.blocked, gesture.progress >= behavior.releaseProgress || gesture.velocity >= behavior.releaseVelocity
    else {
      springBack(gesture)
      return
    }
    controller.sheet.dismissal = nil
    // R50: the finger lifts; the handlers run first.
    let coordinator = interactiveDismissalCoordinator(controller)
    if let coordinator { interactionChanged(coordinator, cancelled: false) }
    schedule(after: options.presentationDuration * (1 - gesture.progress)) { engine in
      engine.completeInteractiveDismissal(gesture)
      engine.endAlongside(coordinator)
    }
  }

  /// The finger lifts short, or the system cancels the drag: the sheet springs back. A refused swipe gets
  /// DidAttemptToDismiss (`attemptTiming` release); an allowed one reverses (R59): `viewWillAppear(true)` now,
  /// `viewDidAppear(true)` after the spring back, and no DidDismiss. The completion says finished false.
  ///
  /// `progress` and `velocity`, when given, are where the finger was when the drag was cancelled (as for any action):
  /// the spring back takes `presentationDuration` × progress, and the coordinator's `percentComplete` (as `update`
  /// sets it, R50) is that progress when `interactionChanged` fires.
  public func cancelInteractiveDismiss(_ controller: ControllerNode, progress: Double? = nil, velocity: Double? = nil)
    throws(EngineError)
  {
    var gesture = try dismissal(of: controller)
    gesture.move(progress: progress, velocity: velocity)
    interactiveDismissalCoordinator(controller)?.percentComplete = gesture.progress
    springBack(gesture)
  }

  /// A `dismiss` by code ends the presentation of `presented` while a refused drag (R58: `isModalInPresentation` or
  /// ShouldDismiss false) holds it: that drag ends with it, silently (no DidAttemptToDismiss: the finger lifts over
  /// nothing). Otherwise it would outlive the presentation, and a later presentation of the same controller would
  /// refuse its first swipe (`interactiveDismissInProgress`) and report the old drag's attempt. An allowed drag never
  /// gets here: it marks the sheet as being dismissed, so `dismiss` is the R28 misuse and changes nothing.
  func dropRefusedDrag(_ presented: ControllerNode) {
    guard let gesture = presented.sheet.dismissal, gesture.blocked else { return }
    presented.sheet.dismissal = nil
  }

  // MARK: - The gesture's steps

  /// The release that keeps the sheet: the reversal (allowed swipe) or the attempt (refused one), then the spring back
  /// on the clock.
  private func springBack(_ gesture: InteractiveDismissal) {
    let presented = gesture.sheet
    presented.sheet.dismissal = nil
    // A refused drag does not hold the presentation: a `dismiss` by code may have ended it meanwhile, and the finger
    // then lifts over nothing [INF].
    guard presented.presentingViewController != nil else { return }
    // R50: the finger lifts; the handlers run before the reversing will call.
    let coordinator = interactiveDismissalCoordinator(presented)
    if let coordinator { interactionChanged(coordinator, cancelled: true) }
    if gesture.blocked {
      if options.sheet.attemptTiming == .release { reportAttempt(presented) }
    } else {
      begin(presented, appearing: true, animated: true, rule: "R59", forwarded: false)
    }
    presented.sheet.isSettling = true
    schedule(after: options.presentationDuration * gesture.progress) { engine in
      if !gesture.blocked {
        engine.end(presented, rule: "R59", forwarded: false)
        engine.markInteractiveDismissal(presented, active: false)
      }
      presented.sheet.isSettling = false
      engine.reportInteractiveDismissCompletion(presented, finished: false)
      engine.endAlongside(coordinator)
    }
  }

  /// The settle of a completed swipe has ended: the presentation ends (`presentingViewController` reads nil inside
  /// viewDidDisappear, as for `dismiss`), the sheet's view leaves, viewDidDisappear, DidDismiss, the completion.
  private func completeInteractiveDismissal(_ gesture: InteractiveDismissal) {
    let presented = gesture.sheet
    unlinkInteractivelyDismissed(presented)
    end(presented, rule: "R59", forwarded: false)
    markInteractiveDismissal(presented, active: false)
    if let view = presented.view { detachWithoutAppearance(view) }
    reportAdaptiveDelegate(presented, "presentationControllerDidDismiss")
    reportInteractiveDismissCompletion(presented, finished: true)
  }

  /// The checks of a swipe's start (see `beginInteractiveDismiss`).
  private func checkSheetSwipe(_ controller: ControllerNode) throws(EngineError) {
    guard controller.presentingViewController != nil, let style = controller.presentation.style else {
      let inside = presentedRoot(of: controller).map { "; the presented controller around it is \($0.id)" } ?? ""
      throw .invalidState(
        id: controller.id, state: "notPresented",
        message: "\(controller.id) is not presented: there is no sheet to swipe\(inside)")
    }
    guard style == .pageSheet || style == .formSheet else {
      throw .invalidState(
        id: controller.id, state: "notASheet",
        message: "\(controller.id) is presented \(style.rawValue): only pageSheet and formSheet can be swiped down")
    }
    if controller.isBeingPresented || controller.isBeingDismissed || controller.sheet.isSettling {
      throw .invalidState(
        id: controller.id, state: "transitioning",
        message: "\(controller.id) is being \(controller.isBeingPresented ? "presented" : "dismissed")")
    }
    let (stack, _) = presentations(above: controller)
    if stack.count > 1 {
      throw .invalidState(
        id: controller.id, state: "notTopmost",
        message:
          "\(stack[stack.count - 1].id) is presented above \(controller.id): only the top-most sheet can be swiped")
    }
    guard controller.view?.window != nil, controller.appearance.state == .appeared else {
      throw .invalidState(id: controller.id, state: "notVisible", message: "\(controller.id) is not on screen")
    }
  }

  /// Whether `isModalInPresentation` refuses a swipe of the presented controller `presented` (R58): its own, or that of
  /// a controller inside it that is on screen — Apple: the property "prevents the interactive dismissal of the view
  /// controller while it is onscreen", and its sample sets it on the controller a presented navigation controller
  /// shows [INF: the presentation asks every controller it shows]. Bounded by the controller count.
  private func isModalInPresentation(_ presented: ControllerNode) -> Bool {
    if presented.sheet.isModalInPresentation { return true }
    var pending = presented.children
    var visited = 0
    while let node = pending.popLast(), visited <= controllers.count {
      visited += 1
      if node.sheet.isModalInPresentation, node.appearance.state == .appeared { return true }
      pending.append(contentsOf: node.children)
    }
    return false
  }

  /// The drag in progress on `controller`, else `noInteractiveDismiss`.
  private func dismissal(of controller: ControllerNode) throws(EngineError) -> InteractiveDismissal {
    guard let gesture = controller.sheet.dismissal else {
      throw .invalidState(
        id: controller.id, state: "noInteractiveDismiss",
        message: "no interactive dismissal is in progress on \(controller.id)")
    }
    return gesture
  }

  // MARK: - Events

  /// `presentationControllerDidAttemptToDismiss`, when a delegate is installed.
  private func reportAttempt(_ sheet: ControllerNode) {
    reportAdaptiveDelegate(sheet, "presentationControllerDidAttemptToDismiss")
  }

  /// A call of the adaptive delegate of `sheet`'s presentation controller, when one is installed (R58).
  private func reportAdaptiveDelegate(_ sheet: ControllerNode, _ callback: String, result: Bool? = nil) {
    guard sheet.sheet.delegate != nil else { return }
    record(
      .delegate,
      EngineEvent(
        kind: .delegate(
          object: sheet.id, protocol: "UIAdaptivePresentationControllerDelegate", callback: callback, args: [],
          result: result.map { .bool($0) }),
        rule: "R58", time: clock.now))
  }

  private func reportInteractiveDismissCompletion(_ sheet: ControllerNode, finished: Bool) {
    record(
      .completion,
      EngineEvent(
        kind: .completion(controller: sheet.id, of: "interactiveDismiss", finished: finished), rule: "R59",
        time: clock.now))
  }
}

/// A swipe-down of a sheet between its `begin` and the finger lifting (R58, R59): one value, created at begin,
/// dropped at finish or cancel (the settle that follows is on the clock).
struct InteractiveDismissal {
  /// The presented controller being dragged.
  let sheet: ControllerNode
  /// Refused (`isModalInPresentation`, or ShouldDismiss answered false): the sheet only rubber-bands.
  var blocked = false
  /// How far down, as a fraction of the sheet's height (0...1).
  private(set) var progress = 0.0
  /// The finger's downward speed in pt/s.
  private(set) var velocity = 0.0

  init(sheet: ControllerNode) { self.sheet = sheet }

  /// The finger moved (nil: as before).
  mutating func move(progress: Double?, velocity: Double?) {
    if let progress { self.progress = min(1, max(0, progress)) }
    if let velocity { self.velocity = velocity }
  }
}

/// A controller's sheet settings and its swipe in progress (R58, R59), set only by Engine+SheetDismissal.swift.
struct SheetState {
  /// `isModalInPresentation`.
  fileprivate(set) var isModalInPresentation = false
  /// The adaptive delegate installed on its presentation controller.
  fileprivate(set) var delegate: Engine.AdaptiveDelegate?
  /// The drag in progress.
  fileprivate(set) var dismissal: InteractiveDismissal?
  /// A released swipe's spring back is running.
  fileprivate(set) var isSettling = false

  init() {}
}

extension Engine {
  /// Drops every sheet drag in progress (`world/reset`, the engine's end): a drag holds its sheet, and the sheet holds
  /// the drag, so one left unfinished would keep the sheet alive as a cycle.
  func dropSheetDrags() {
    for controller in objects.controllers.values where controller.sheet.dismissal != nil {
      controller.sheet.dismissal = nil
    }
  }
}

extension ControllerNode {
  /// `isModalInPresentation` (R58; default false).
  public var isModalInPresentation: Bool { sheet.isModalInPresentation }
  /// The adaptive delegate installed on this controller's presentation controller (R58), nil when none.
  public var adaptiveDelegate: Engine.AdaptiveDelegate? { sheet.delegate }
  /// Whether a swipe-down is dragging this sheet (R59).
  public var isInteractivelyDismissing: Bool { sheet.dismissal != nil }
}

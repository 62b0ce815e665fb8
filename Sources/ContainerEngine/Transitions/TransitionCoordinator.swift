/// `UIViewControllerTransitionCoordinator` (R46–R51): the object `transitionCoordinator` returns while a transition
/// is in flight.
///
/// It exists from the call that starts an animated push or pop, a presentation or dismissal (animated or not,
/// `EngineOptions.CoordinatorBehavior.nonAnimatedPresentation`), a tab switch with a custom animator, and the begin of
/// an interactive pop, until the transition ends (R46). It is attached to the controllers the transition is about —
/// the container, or the presented and presenting controllers, and the controllers leaving and arriving — and a
/// controller finds it through itself and its ancestors (A-tc: "UIKit checks the view controller's ancestors").
public final class TransitionCoordinator {
  /// What started the transition.
  public enum Kind: String, Sendable, CaseIterable {
    case push, pop, present, dismiss, tab
    /// A window size change (`window/resize`, R66): no animator can be installed for it.
    case resize
    /// A split view controller's animated display-mode change by `show(column)` / `hide(column)` (R43): no animator
    /// can be installed for it.
    case column
  }

  /// A probe block registered with `animate(alongsideTransition:completion:)` or
  /// `notifyWhenInteractionChanges(_:)`: the controller that registered it and the client's tag.
  struct Probe {
    let controller: String
    let tag: String
  }

  public let kind: Kind
  /// The controllers the coordinator is attached to (found from them and their descendants).
  @exclusivity(unchecked) private(set) var owners: [ControllerNode]
  /// `viewController(forKey: .from)` / `.to`.
  @exclusivity(unchecked) public internal(set) var from: ControllerNode?
  @exclusivity(unchecked) public internal(set) var to: ControllerNode?
  public let isAnimated: Bool
  @exclusivity(unchecked) public internal(set) var isInteractive: Bool
  /// Never changes during a transition (R50).
  public let initiallyInteractive: Bool
  /// True only for a cancelled interactive transition (R50: Apple's "whether an interactive transition was canceled";
  /// "only set to YES for an interactive transition that was cancelled"): an animator that completes with false
  /// without an interaction leaves it false.
  @exclusivity(unchecked) public internal(set) var isCancelled = false
  /// `isInterruptible`: the engine's animators are never interruptible.
  public let isInterruptible = false
  /// `presentationStyle`: the presentation's style, nil (UIKit's `.none`) for navigation and tab switches.
  public let presentationStyle: ModalPresentationStyle?
  /// `transitionDuration`, in seconds.
  @exclusivity(unchecked) public internal(set) var transitionDuration: Double
  /// `percentComplete` (interactive pops: the gesture's progress).
  @exclusivity(unchecked) public internal(set) var percentComplete = 0.0
  /// The custom animator, if one was installed (`transition/setAnimator`).
  public let animator: TransitionAnimator?
  /// Whether the animator started (alongside animations registered from now on run at once, R47).
  @exclusivity(unchecked) var started = false
  /// Whether it ended (it is no longer found).
  @exclusivity(unchecked) public internal(set) var ended = false
  @exclusivity(unchecked) var alongside: [Probe] = []
  @exclusivity(unchecked) var interactionHandlers: [Probe] = []
  /// What `completeTransition` runs, while a manual animator has not called it (`transition/complete`).
  @exclusivity(unchecked) var awaitingCompletion: ((Engine, Bool) -> Void)?
  /// What `completeTransition` runs, while an interactive animator's transition waits for the client to finish or
  /// cancel it (`transition/updateInteractive`, R50).
  @exclusivity(unchecked) var awaitingInteraction: ((Engine, Bool) -> Void)?
  /// The navigation stack before the changes this transition shows, put back if it is cancelled (R52).
  @exclusivity(unchecked) var stackBefore: [ControllerNode]?
  /// The navigation stack this transition shows (as it was when it started): what a change queued while it ran added
  /// is told apart from what this transition added, when it is cancelled (R48, R52).
  @exclusivity(unchecked) var stackShown: [ControllerNode]?
  /// What runs once the animator's `animationEnded` has been called (R48: it is the transition's last call), while
  /// its completion runs: the start of a stack change queued behind this transition.
  @exclusivity(unchecked) var afterAnimationEnded: [(Engine) -> Void] = []

  init(
    kind: Kind, owners: [ControllerNode], from: ControllerNode?, to: ControllerNode?, animated: Bool,
    interactive: Bool, style: ModalPresentationStyle?, duration: Double, animator: TransitionAnimator?
  ) {
    self.kind = kind
    self.owners = owners
    self.from = from
    self.to = to
    isAnimated = animated
    isInteractive = interactive
    initiallyInteractive = interactive
    presentationStyle = style
    transitionDuration = duration
    self.animator = animator
  }

  func addOwner(_ controller: ControllerNode) { owners.append(controller) }

  /// Lets go of everything a transition that never ended holds (`world/reset`, the engine's end): a manual animator's
  /// pending `completeTransition` captures the coordinator and its controllers, and a navigation controller holds its
  /// coordinator, so a transition left waiting would otherwise keep them all alive as a cycle.
  func release() {
    awaitingCompletion = nil
    awaitingInteraction = nil
    stackBefore = nil
    stackShown = nil
    afterAnimationEnded = []
    owners = []
    from = nil
    to = nil
    alongside = []
    interactionHandlers = []
  }

  /// Whether a manual animator is holding the transition until `transition/complete` (R48).
  public var isAwaitingCompletion: Bool { awaitingCompletion != nil }
  /// Whether an interactive animator's transition waits for `transition/updateInteractive` finish or cancel (R50).
  public var isAwaitingInteraction: Bool { awaitingInteraction != nil }
}

/// A custom animator (`UIViewControllerAnimatedTransitioning`, with `UIViewControllerInteractiveTransitioning` when
/// interactive), installed where UIKit asks for one (`transition/setAnimator`): the presented controller's
/// transitioning delegate for present and dismiss, the navigation controller's delegate for push and pop, the tab bar
/// controller's delegate for tab switches.
public final class TransitionAnimator {
  /// When `completeTransition(_:)` is called.
  public enum Completion: Sendable, Equatable {
    /// At the end of `duration`, with this `didComplete`.
    case after(Bool)
    /// When the client says so (`transition/complete`); never otherwise (R48).
    case manual
  }

  /// `UIPresentationController` settings for a `.custom` presentation (R49).
  public struct PresentationControllerSettings: Sendable, Equatable {
    public var shouldRemovePresentersView = false
    public var frame: Rect?
    public init(shouldRemovePresentersView: Bool = false, frame: Rect? = nil) {
      self.shouldRemovePresentersView = shouldRemovePresentersView
      self.frame = frame
    }
  }

  /// The animator's id (`<controller>.<kind>Animator`), the `object` of its `event/transitioning`.
  public let id: String
  /// The controller it is installed on.
  public let controller: ControllerNode
  public let kind: TransitionCoordinator.Kind
  /// `transitionDuration(using:)`, in seconds.
  public let duration: Double
  public let completion: Completion
  /// Whether it drives the transition interactively (`interactionController`, a `UIPercentDrivenInteractiveTransition`):
  /// the transition starts interactive and waits for `transition/updateInteractive` (or, for a pop, for
  /// `navigation/interactivePop`) to finish or cancel it (R50).
  public let interactive: Bool
  public let presentationController: PresentationControllerSettings?

  init(
    controller: ControllerNode, kind: TransitionCoordinator.Kind, duration: Double, completion: Completion,
    interactive: Bool, presentationController: PresentationControllerSettings?
  ) {
    id = "\(controller.id).\(kind.rawValue)Animator"
    self.controller = controller
    self.kind = kind
    self.duration = duration
    self.completion = completion
    self.interactive = interactive
    self.presentationController = presentationController
  }

  /// The presentation controller's id (`<controller>.presentationController`), the `object` of its events.
  var presentationControllerID: String { "\(controller.id).presentationController" }
}

/// The coordinators in flight and the installed animators.
struct TransitionRegistry {
  /// Coordinators by the controllers they are attached to.
  private var byOwner: [ObjectIdentifier: TransitionCoordinator] = [:]
  /// Animators by controller, then kind.
  private var animators: [ObjectIdentifier: [TransitionCoordinator.Kind: TransitionAnimator]] = [:]
  /// Navigation stacks as they were before the changes waiting for the next transition, kept only for navigation
  /// controllers with a push or pop animator (a cancelled transition puts them back, R52).
  private var stacksBefore: [ObjectIdentifier: [ControllerNode]] = [:]
  /// Every coordinator in flight, in the order they began.
  private(set) var active: [TransitionCoordinator] = []

  var isEmpty: Bool { active.isEmpty }

  func coordinator(ownedBy controller: ControllerNode) -> TransitionCoordinator? {
    byOwner[ObjectIdentifier(controller)]
  }

  mutating func add(_ coordinator: TransitionCoordinator) {
    for owner in coordinator.owners { byOwner[ObjectIdentifier(owner)] = coordinator }
    active.append(coordinator)
  }

  /// Attaches a coordinator to one more controller (one that left its container during the transition).
  mutating func attach(_ coordinator: TransitionCoordinator, to controller: ControllerNode) {
    coordinator.addOwner(controller)
    byOwner[ObjectIdentifier(controller)] = coordinator
  }

  mutating func remove(_ coordinator: TransitionCoordinator) {
    for owner in coordinator.owners where byOwner[ObjectIdentifier(owner)] === coordinator {
      byOwner[ObjectIdentifier(owner)] = nil
    }
    active.removeAll { $0 === coordinator }
  }

  func animator(of controller: ControllerNode, kind: TransitionCoordinator.Kind) -> TransitionAnimator? {
    animators[ObjectIdentifier(controller)]?[kind]
  }

  func animator(id: String) -> TransitionAnimator? {
    for byKind in animators.values {
      for animator in byKind.values where animator.id == id { return animator }
    }
    return nil
  }

  mutating func install(_ animator: TransitionAnimator) {
    animators[ObjectIdentifier(animator.controller), default: [:]][animator.kind] = animator
  }

  mutating func removeAnimators(of controller: ControllerNode) {
    animators[ObjectIdentifier(controller)] = nil
  }

  /// Keeps `nav`'s stack as it is before a change, unless one was kept since its last transition started.
  mutating func rememberStack(of nav: ControllerNode) {
    let id = ObjectIdentifier(nav)
    guard stacksBefore[id] == nil, animators[id]?[.push] != nil || animators[id]?[.pop] != nil else { return }
    stacksBefore[id] = nav.children
  }

  /// The stack kept by `rememberStack(of:)` for the next transition, if one is kept, replaced by `stack`: a cancelled
  /// transition undone under a queued change (R52) leaves that change starting from the stack put back.
  mutating func replaceRememberedStack(of nav: ControllerNode, with stack: [ControllerNode]) {
    let id = ObjectIdentifier(nav)
    guard stacksBefore[id] != nil else { return }
    stacksBefore[id] = stack
  }

  /// The stack kept by `rememberStack(of:)`, forgotten.
  mutating func takeStack(of nav: ControllerNode) -> [ControllerNode]? {
    stacksBefore.removeValue(forKey: ObjectIdentifier(nav))
  }

  mutating func reset() {
    for coordinator in active { coordinator.release() }
    stacksBefore.removeAll()
    byOwner.removeAll()
    animators.removeAll()
    active.removeAll()
  }
}

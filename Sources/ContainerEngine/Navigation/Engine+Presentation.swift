/// Modal presentation (R26–R28) and presentation in a context (R53–R56, R70).
///
/// Which controller presents (R53, R70; Apple's `definesPresentationContext`,
/// https://developer.apple.com/documentation/uikit/uiviewcontroller/definespresentationcontext):
/// - `currentContext` and `overCurrentContext`: "UIKit starts at the presenting view controller and walks up the view
///   controller hierarchy. If it finds a view controller whose value for this property is true, it asks that view
///   controller to present the new view controller." Only parent links are walked, never presentations. A
///   UINavigationController defines a context unless told otherwise ("Some system-provided view controllers, such as
///   UINavigationController, change the default value to true"); a UITabBarController too, unless
///   `EngineOptions.tabBarDefinesPresentationContext` is false (Apple leaves its default open). With no definer on
///   the way, "UIKit asks the window's root view controller": the root of the presenter's tree, which is the window's
///   root, or the presented controller when the presenter sits inside a presentation ([INF]: it covers the screen).
/// - Every other style: the root of the presenter's tree, the controller that covers the whole screen ([INF]).
///
/// That controller is `presentingViewController` (R54), whoever called `present`; the caller, the context controller
/// and everything between read the presented controller as `presentedViewController` (UIKit's getter looks at the
/// ancestors, `ControllerNode.presentedInHierarchy`).
///
/// Where the presented view goes (R54): in a context it takes the context controller's view's frame and goes into that
/// view's superview right above it (so a tab bar beside it stays visible) [INF: where UIKit puts its container view];
/// otherwise it fills the window, in front. When the context controller's view is the window's root view, both agree.
///
/// Callbacks (R26, R55): `fullScreen` and `currentContext` remove the presenting controller's view after the
/// presentation, so it and the children it forwards appearance to get disappear callbacks, parent first (R10), and
/// nothing above it does (a tab bar controller around a navigation controller that defines the context gets nothing);
/// `overFullScreen`, `overCurrentContext`, `pageSheet`, `formSheet` (sheets since iOS 13) and `custom` keep it and
/// give nobody callbacks but the presented controller. Order, both ways (R27): outgoing.willDisappear →
/// incoming.willAppear → incoming.didAppear → outgoing.didDisappear, then the completion.
///
/// Transition style (R56, https://developer.apple.com/documentation/uikit/uiviewcontroller/providespresentationcontexttransitionstyle):
/// "When a view controller's definesPresentationContext property is true, it can replace the transition style of the
/// presented view controller with its own": a context controller that defines the context and has
/// `providesPresentationContextTransitionStyle` gives the presentation its own `modalTransitionStyle`; the presented
/// controller's own property is unchanged (`presentation/get` reports the style used).
extension Engine {
  /// `presenter.present(controller, animated:)`.
  ///
  /// R28: presenting an active controller raises NSInvalidArgumentException "Application tried to present modally an
  /// active controller <X>." (L-active): one already presented, a child, the presenter or its ancestor — and one that
  /// is itself presenting, or has a child that is (it is in a presentation chain, on screen or under what it presents;
  /// the chain's first presenter is in the window) [INF: L-active's reports name a controller already in the
  /// hierarchy; UIKit never lets a presentation chain loop]. Presenting that controller again would close the chain
  /// into a cycle (root presents c, c presents root), which `dismiss` would follow forever; it is refused before
  /// anything changes. The misuse warnings below are about the controller that presents (the context controller for
  /// the context styles): being presented or dismissed, not in a window, already presenting.
  public func present(
    _ controller: ControllerNode, from presenter: ControllerNode, style: ModalPresentationStyle, animated: Bool
  )
    throws(EngineError)
  {
    if controller.parent != nil || controller.presentingViewController != nil || controller === presenter
      || presentsFromSubtree(controller) || presenter.hasAncestor(controller)
    {
      throw .uikitException(
        exception: "NSInvalidArgumentException",
        reason: "Application tried to present modally an active controller \(controller.debugName).", rule: "R28")
    }
    let inContext = style.usesPresentationContext
    let presenting = inContext ? presentationContext(for: presenter) : presenter.rootAncestor
    // R28 [INF]: UIKit does not queue transitions; presenting from a controller that is itself being presented or
    // dismissed (or inside one that is) only logs (the well-known "while a presentation is in progress!").
    let screen = presenting.rootAncestor
    if presenting.isBeingPresented || presenting.isBeingDismissed || screen.isBeingPresented || screen.isBeingDismissed
    {
      warn(
        "Attempt to present \(controller.debugName) on \(presenter.debugName) while a presentation is in progress!",
        object: presenter.id, rule: "R28")
      return
    }
    guard let presentingView = presenting.view, let window = presentingView.window else {
      warn(
        "Attempt to present \(controller.debugName) on \(presenter.debugName) whose view is not in the window hierarchy!",
        object: presenter.id, rule: "R28")
      return
    }
    if let already = presenting.presentedViewController {
      warn(
        "Attempt to present \(controller.debugName) on \(presenter.debugName) which is already presenting \(already.debugName)",
        object: presenter.id, rule: "R28")
      return
    }
    // R54: in a context, over the context controller's view, in its superview; otherwise over the whole window.
    let container = inContext ? presentingView.superview ?? window : window
    let frame = inContext ? presentingView.frame : window.fillingRect
    let index = container === window ? nil : container.subviews.firstIndex { $0 === presentingView }.map { $0 + 1 }
    try checkNoCycle(placing: .root(controller), under: .view(container))
    try checkTreeDepth(placing: .root(controller), under: .view(container))
    try checkCapacity(adding: loadCost(controller))
    // R46, R49: the coordinator, and a custom animator's questions before the will calls.
    let coordinator = presentationWillBegin(controller, presenting: presenting, style: style, animated: animated)
    let removes = style.removesPresenter || removesPresentersView(coordinator)
    presenting.presentation.presented = controller
    controller.presentation.presenting = presenting
    controller.presentation.style = style
    controller.presentation.inContext = inContext
    controller.presentation.container = container
    // R56: a context controller that defines the context can give the presentation its own transition style.
    controller.presentation.transitionStyle =
      inContext && presenting.presentation.providesTransitionStyle && definesPresentationContext(presenting)
      ? presenting.presentation.modalTransitionStyle : controller.presentation.modalTransitionStyle
    let view = loadViewIfNeeded(controller)
    setViewFrame(view, frame)
    controller.presentation.isBeingPresented = true
    if removes { begin(presenting, appearing: false, animated: animated, rule: "R26", forwarded: false) }
    begin(controller, appearing: true, animated: animated, rule: "R27", forwarded: false)
    moveWithoutAppearance(view, to: container, at: index)
    if let coordinator { startCoordinator(coordinator) }
    runCoordinatedTransition(coordinator, duration: animated ? options.presentationDuration : 0) {
      engine, didComplete in
      engine.presentationTransitionDidEnd(coordinator, didComplete: didComplete)
      guard didComplete else {
        // R52: a cancelled presentation reverses with the begin-twice pattern, the presented controller first, and
        // leaves nothing presented [INF]; its completion runs with finished false.
        engine.begin(controller, appearing: false, animated: animated, rule: "R52", forwarded: false)
        engine.end(controller, rule: "R52", forwarded: false)
        if removes {
          engine.begin(presenting, appearing: true, animated: animated, rule: "R52", forwarded: false)
          engine.end(presenting, rule: "R52", forwarded: false)
        }
        engine.detachWithoutAppearance(view)
        presenting.presentation.presented = nil
        controller.presentation = PresentationLinks(keepingPropertiesOf: controller.presentation)
        engine.record(
          .completion,
          EngineEvent(
            kind: .completion(controller: presenter.id, of: "present", finished: false), rule: "R52",
            time: engine.clock.now))
        engine.endAlongside(coordinator)
        return
      }
      engine.end(controller, rule: "R27", forwarded: false)
      controller.presentation.isBeingPresented = false
      if removes {
        engine.end(presenting, rule: "R26", forwarded: false)
        let from = presentingView.superview ?? window
        let position = from === window ? 0 : from.subviews.firstIndex { $0 === presentingView } ?? from.subviews.count
        engine.detachWithoutAppearance(presentingView)
        presenting.presentation.presenterViewRemovedFrom = from
        presenting.presentation.presenterViewIndex = position
      }
      engine.record(
        .completion,
        EngineEvent(
          kind: .completion(controller: presenter.id, of: "present", finished: true), rule: "R27",
          time: engine.clock.now))
      // R48: the alongside completions after the completion.
      engine.endAlongside(coordinator)
    }
  }

  /// `controller.dismiss(animated:)`: dismisses what `controller` presents (or, UIKit's `presentedViewController`,
  /// what its nearest presenting ancestor presents: a context's presentation is dismissed from the caller too), or
  /// the presentation `controller` is in; nothing otherwise.
  ///
  /// - Lower in a stack of presentations, every controller above `controller` goes (A-dismiss: "calling this method
  ///   on a view controller lower in the stack dismisses its immediate child view controller and all view controllers
  ///   above that child on the stack … only the top-most view is dismissed in an animated fashion"), including what a
  ///   child of a presented controller presents in its context. The order is R27's with the top as the outgoing
  ///   controller; an intermediate controller whose view is still shown (under an "over" style) disappears alongside
  ///   the top, inside it: top.willDisappear → intermediate.willDisappear → presenter.willAppear →
  ///   presenter.didAppear → intermediate.didDisappear → top.didDisappear [INF]. One whose view a full-screen
  ///   presentation already removed gets nothing.
  /// - The presenter's view, if the presentation removed it (R26, R55), goes back where it was: into the window at the
  ///   back, or for `currentContext` into its superview at its old place (under the presented view).
  /// - While any controller of that stack is still being presented or dismissed, UIKit logs "Attempt to dismiss from
  ///   view controller <X> while a presentation or dismiss is in progress!" and does nothing (R28's family of misuse
  ///   logs; this one is the widely reported result of calling present and dismiss back to back). The engine does the
  ///   same, so a present and a dismiss in one turn leave the presentation in place.
  public func dismiss(_ receiver: ControllerNode, animated: Bool) {
    let presented: ControllerNode
    if let shown = receiver.presentedInHierarchy {
      presented = shown
    } else if let own = presentedRoot(of: receiver) {
      presented = own
    } else {
      return
    }
    guard let presenter = presented.presentingViewController else { return }
    // Everything above `presented` (and the controllers inside it that present), bounded by the controller count:
    // `present` never lets a chain loop, and a chain that did (a future bug) stops here instead of growing without end
    // (the "never loops" guard).
    let (stack, innerPresenters) = presentations(above: presented)
    if presenter.isBeingPresented || presenter.isBeingDismissed
      || stack.contains(where: { $0.isBeingPresented || $0.isBeingDismissed })
    {
      warn(
        "Attempt to dismiss from view controller \(receiver.debugName) while a presentation or dismiss is in progress!",
        object: receiver.id, rule: "R28")
      return
    }
    let top = stack[stack.count - 1]
    let intermediates = stack.dropLast().reversed().filter {
      $0.appearance.state == .appeared || $0.appearance.state == .appearing
    }
    // The presenter's view came off when `presented` (not the top) was presented, so `presented`'s style decides.
    let removes = (presented.presentation.style ?? .pageSheet).removesPresenter
    // R46, R49: the coordinator, and a custom animator's questions before the will calls.
    let coordinator = dismissalWillBegin(top, presenter: presenter, animated: animated)
    for controller in stack { controller.presentation.isBeingDismissed = true }
    // A top that is not on screen (it left with its tab, R25) has disappeared already: it gets nothing [INF].
    let topShown = top.appearance.state == .appeared || top.appearance.state == .appearing
    if topShown { begin(top, appearing: false, animated: animated, rule: "R27", forwarded: false) }
    for controller in intermediates {
      begin(controller, appearing: false, animated: animated, rule: "R27", forwarded: false)
    }
    var presenterAppears = false
    // Where the presenter's view was kept off screen, put back if the dismissal is cancelled (R52).
    let removedFrom = presenter.presentation.presenterViewRemovedFrom
    let removedIndex = presenter.presentation.presenterViewIndex
    if removes, let presenterView = presenter.view {
      // A presentation in the context of a tab that is not selected (its view left with the tab, R25) gives the
      // presenter its place back without showing it: the tab shows it when it is selected again [INF].
      if !topShown, presenter.presentation.presenterViewRemovedFrom != nil {
        presenter.presentation.presenterViewRemovedFrom = nil
      } else if restorePresenterView(of: presenter, presenterView) {
        begin(presenter, appearing: true, animated: animated, rule: "R26", forwarded: false)
        presenterAppears = true
      }
    }
    if let coordinator { startCoordinator(coordinator) }
    runCoordinatedTransition(coordinator, duration: animated ? options.presentationDuration : 0) {
      engine, didComplete in
      guard didComplete else {
        engine.dismissalCancelled(
          CancelledDismissal(
            receiver: receiver, top: top, topShown: topShown, intermediates: Array(intermediates), stack: stack,
            presenter: presenter, presenterAppears: presenterAppears, removedFrom: removedFrom,
            removedIndex: removedIndex),
          coordinator, animated: animated)
        return
      }
      engine.dismissalTransitionDidEnd(coordinator, didComplete: true)
      // R6/R7, R48: a presenter that left the window while a custom animator ran (`window/setRoot`) was settled by
      // its disappearance: no second did callback, no "Unbalanced calls" warning.
      if presenterAppears {
        presenter.view?.window != nil
          ? engine.end(presenter, rule: "R26", forwarded: false) : engine.endIfInTransition(presenter, rule: "R26")
      }
      // presentingViewController reads nil inside the dismissed controller's viewDidDisappear (open point default).
      presenter.presentation.presented = nil
      for inner in innerPresenters {
        // A child of a dismissed controller that presented in its own context gets its view back, silently: the
        // whole tree is leaving the screen.
        if let view = inner.view { _ = engine.restorePresenterView(of: inner, view) }
        inner.presentation.presented = nil
      }
      for controller in stack {
        engine.dropRefusedDrag(controller)
        controller.presentation.presenting = nil
        controller.presentation.presented = nil
        controller.presentation.presenterViewRemovedFrom = nil
        controller.presentation.container = nil
        controller.presentation.inContext = false
      }
      for controller in intermediates.reversed() { engine.end(controller, rule: "R27", forwarded: false) }
      if topShown { engine.end(top, rule: "R27", forwarded: false) }
      for controller in stack.reversed() {
        controller.presentation.isBeingDismissed = false
        if let view = controller.view { engine.detachWithoutAppearance(view) }
      }
      engine.record(
        .completion,
        EngineEvent(
          kind: .completion(controller: receiver.id, of: "dismiss", finished: true), rule: "R27",
          time: engine.clock.now))
      // R48: the alongside completions after the completion.
      engine.endAlongside(coordinator)
    }
  }

  /// A cancelled dismissal (R52): the controllers of `stack` stay presented, no longer being dismissed, and the
  /// presenter's view stays out, where the presentation had taken it from.
  func keepPresentation(
    of stack: [ControllerNode], presenter: ControllerNode, viewRemovedFrom from: ViewNode?, index: Int
  ) {
    presenter.presentation.presenterViewRemovedFrom = from
    presenter.presentation.presenterViewIndex = index
    for controller in stack { controller.presentation.isBeingDismissed = false }
  }

  /// Puts back the view a removing presentation took out of `from` (R26, R55): the window's root view at the back, a
  /// context controller's view at its old place in its superview. False when there is nothing to put back.
  private func restorePresenterView(of presenter: ControllerNode, _ view: ViewNode) -> Bool {
    guard let from = presenter.presentation.presenterViewRemovedFrom else { return false }
    let index = from.kind == .UIWindow ? 0 : min(presenter.presentation.presenterViewIndex, from.subviews.count)
    moveWithoutAppearance(view, to: from, at: index)
    presenter.presentation.presenterViewRemovedFrom = nil
    return true
  }

  // MARK: - A sheet's swipe-down (Engine+SheetDismissal.swift, R58/R59)

  /// An interactive dismissal of `presented` starts (`isBeingDismissed` true: a `dismiss` or `present` meanwhile is
  /// the R28 misuse) or ends.
  func markInteractiveDismissal(_ presented: ControllerNode, active: Bool) {
    presented.presentation.isBeingDismissed = active
  }

  /// A swiped sheet (top-most, nothing above it) has gone: its presentation links are cleared as `dismiss` clears
  /// them. A sheet never removed its presenter's view (R57), so there is nothing to put back.
  func unlinkInteractivelyDismissed(_ presented: ControllerNode) {
    if let presenter = presented.presentingViewController, presenter.presentation.presented === presented {
      presenter.presentation.presented = nil
    }
    presented.presentation.presenting = nil
    presented.presentation.presented = nil
    presented.presentation.presenterViewRemovedFrom = nil
    presented.presentation.container = nil
    presented.presentation.inContext = false
  }

  // MARK: - The presentation properties (controller/create, controller/configure)

  /// `definesPresentationContext` (R53); nil: the kind's default (`definesPresentationContext(_:)`).
  public func setDefinesPresentationContext(_ controller: ControllerNode, _ value: Bool?) {
    controller.presentation.definesContext = value
  }

  /// `providesPresentationContextTransitionStyle` (R56; default false).
  public func setProvidesPresentationContextTransitionStyle(_ controller: ControllerNode, _ value: Bool) {
    controller.presentation.providesTransitionStyle = value
  }

  /// `modalPresentationStyle` (default `pageSheet`: the default `automatic` is, in Apple's words, mapped "for most
  /// view controllers" to `pageSheet` before iOS 18 and `formSheet` from iOS 18, two sheets that keep the presenter
  /// alike, R26): the style `presentation/present` uses when the call names none; a presentation in progress keeps its
  /// own.
  public func setModalPresentationStyle(_ controller: ControllerNode, _ value: ModalPresentationStyle) {
    controller.presentation.modalPresentationStyle = value
  }

  /// `modalTransitionStyle` (default `coverVertical`); a presentation in progress keeps the style it started with.
  public func setModalTransitionStyle(_ controller: ControllerNode, _ value: ModalTransitionStyle) {
    controller.presentation.modalTransitionStyle = value
  }
}

/// A controller's presentation links (R26–R28, R53–R56) and presentation properties, set only by this file.
struct PresentationLinks {
  /// `presentedViewController`.
  fileprivate(set) var presented: ControllerNode?
  /// `presentingViewController` (weak: the presenter owns the presentation).
  fileprivate(set) weak var presenting: ControllerNode?
  /// The view a removing presentation (R26, R55) took this presenter's view out of: the window, or for
  /// `currentContext` the context controller's view's superview.
  fileprivate(set) weak var presenterViewRemovedFrom: ViewNode?
  /// For a presented controller: the view its view went into (the window, or the context controller's view's
  /// superview).
  fileprivate(set) weak var container: ViewNode?
  /// Where in `presenterViewRemovedFrom` the view was.
  fileprivate(set) var presenterViewIndex = 0
  /// `modalPresentationStyle` of the current presentation.
  fileprivate(set) var style: ModalPresentationStyle?
  /// The transition style the current presentation uses (R56).
  fileprivate(set) var transitionStyle: ModalTransitionStyle?
  /// `modalPresentationStyle` (the property; `style` is the current presentation's).
  fileprivate(set) var modalPresentationStyle = ModalPresentationStyle.pageSheet
  /// `modalTransitionStyle`.
  fileprivate(set) var modalTransitionStyle = ModalTransitionStyle.coverVertical
  /// `definesPresentationContext` as set; nil: the kind's default (R53).
  fileprivate(set) var definesContext: Bool?
  /// `providesPresentationContextTransitionStyle` (R56).
  fileprivate(set) var providesTransitionStyle = false
  /// Whether the current presentation used a presentation context (R53).
  fileprivate(set) var inContext = false
  /// `isBeingPresented` (R29).
  fileprivate(set) var isBeingPresented = false
  /// `isBeingDismissed` (R29).
  fileprivate(set) var isBeingDismissed = false

  init() {}

  /// The links of a presentation that was cancelled (R52): none, with the properties kept.
  init(keepingPropertiesOf links: PresentationLinks) {
    modalPresentationStyle = links.modalPresentationStyle
    modalTransitionStyle = links.modalTransitionStyle
    definesContext = links.definesContext
    providesTransitionStyle = links.providesTransitionStyle
  }
}

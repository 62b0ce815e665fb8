/// Modal presentation (UIKIT_RULES.md R26–R28).
///
/// The presenting controller is the top of the presenter's controller tree (its root ancestor, [INF]: no
/// definesPresentationContext yet). Styles that remove the presenter's view (`fullScreen`, `currentContext`) give it
/// disappear callbacks; `overFullScreen`, `overCurrentContext`, `pageSheet`, `formSheet` (sheets since iOS 13) and
/// `custom` keep it and give it none (R26). Order, both ways (R27): outgoing.willDisappear → incoming.willAppear →
/// incoming.didAppear → outgoing.didDisappear, then the completion.
extension Engine {
  /// `presenter.present(controller, animated:)`.
  ///
  /// R28: presenting an active controller raises NSInvalidArgumentException "Application tried to present modally an
  /// active controller <X>." (L-active): one already presented, a child, the presenter or its ancestor — and one that
  /// is itself presenting (it is in a presentation chain, on screen or under what it presents; the chain's first
  /// presenter is the window's root) [INF: L-active's reports name a controller already in the hierarchy; UIKit never
  /// lets a presentation chain loop]. Presenting that controller again would close the chain into a cycle (root
  /// presents c, c presents root), which `dismiss` would follow forever; it is refused before anything changes.
  public func present(
    _ controller: ControllerNode, from presenter: ControllerNode, style: ModalPresentationStyle, animated: Bool
  )
    throws(EngineError)
  {
    if controller.parent != nil || controller.presentingViewController != nil || controller === presenter
      || controller.presentedViewController != nil || presenter.hasAncestor(controller)
    {
      throw .uikitException(
        exception: "NSInvalidArgumentException",
        reason: "Application tried to present modally an active controller \(controller.debugName).", rule: "R28")
    }
    let presenting = presenter.rootAncestor
    // R28 [INF]: UIKit does not queue transitions; presenting from a controller that is itself being presented or
    // dismissed only logs (the well-known "while a presentation is in progress!").
    if presenting.isBeingPresented || presenting.isBeingDismissed {
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
    try checkNoCycle(placing: .root(controller), under: .view(window))
    try checkTreeDepth(placing: .root(controller), under: .view(window))
    try checkCapacity(adding: loadCost(controller))
    let removes = style.removesPresenter
    presenting.presentation.presented = controller
    controller.presentation.presenting = presenting
    controller.presentation.style = style
    let view = loadViewIfNeeded(controller)
    setViewFrame(view, window.fillingRect)
    controller.presentation.isBeingPresented = true
    if removes { begin(presenting, appearing: false, animated: animated, rule: "R26", forwarded: false) }
    begin(controller, appearing: true, animated: animated, rule: "R27", forwarded: false)
    moveWithoutAppearance(view, to: window, at: nil)
    schedule(after: animated ? options.presentationDuration : 0) { engine in
      engine.end(controller, rule: "R27", forwarded: false)
      controller.presentation.isBeingPresented = false
      if removes {
        engine.end(presenting, rule: "R26", forwarded: false)
        engine.detachWithoutAppearance(presentingView)
        presenting.presentation.presenterViewRemovedFrom = window
      }
      engine.record(
        .completion,
        EngineEvent(
          kind: .completion(controller: presenter.id, of: "present", finished: true), rule: "R27",
          time: engine.clock.now))
    }
  }

  /// `controller.dismiss(animated:)`: dismisses what `controller` presents, or `controller` itself if it is
  /// presented; nothing otherwise.
  ///
  /// - Lower in a stack of presentations, every controller above `controller` goes (A-dismiss: "calling this method
  ///   on a view controller lower in the stack dismisses its immediate child view controller and all view controllers
  ///   above that child on the stack … only the top-most view is dismissed in an animated fashion"). The order is
  ///   R27's with the top as the outgoing controller; an intermediate controller whose view is still shown (under an
  ///   "over" style) disappears alongside the top, inside it: top.willDisappear → intermediate.willDisappear →
  ///   presenter.willAppear → presenter.didAppear → intermediate.didDisappear → top.didDisappear [INF]. One whose view
  ///   a full-screen presentation already removed gets nothing.
  /// - While any controller of that stack is still being presented or dismissed, UIKit logs "Attempt to dismiss from
  ///   view controller <X> while a presentation or dismiss is in progress!" and does nothing (R28's family of misuse
  ///   logs; this one is the widely reported result of calling present and dismiss back to back). The engine does the
  ///   same, so a present and a dismiss in one turn leave the presentation in place.
  public func dismiss(_ receiver: ControllerNode, animated: Bool) {
    let presenting = receiver.rootAncestor
    let presented: ControllerNode
    if let shown = presenting.presentedViewController {
      presented = shown
    } else if presenting.presentingViewController != nil {
      presented = presenting
    } else {
      return
    }
    guard let presenter = presented.presentingViewController else { return }
    // The chain above `presented`, bounded by the controller count: `present` never lets a chain loop, and a chain
    // that did (a future bug) stops here instead of growing without end (the "never loops" guard).
    var stack = [presented]
    while let above = stack[stack.count - 1].presentedViewController, stack.count <= controllers.count {
      stack.append(above)
    }
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
    for controller in stack { controller.presentation.isBeingDismissed = true }
    begin(top, appearing: false, animated: animated, rule: "R27", forwarded: false)
    for controller in intermediates {
      begin(controller, appearing: false, animated: animated, rule: "R27", forwarded: false)
    }
    if removes, let presenterView = presenter.view, let window = presenter.presentation.presenterViewRemovedFrom {
      moveWithoutAppearance(presenterView, to: window, at: 0)
      presenter.presentation.presenterViewRemovedFrom = nil
      begin(presenter, appearing: true, animated: animated, rule: "R26", forwarded: false)
    }
    schedule(after: animated ? options.presentationDuration : 0) { engine in
      if removes { engine.end(presenter, rule: "R26", forwarded: false) }
      // presentingViewController reads nil inside the dismissed controller's viewDidDisappear (open point default).
      presenter.presentation.presented = nil
      for controller in stack {
        controller.presentation.presenting = nil
        controller.presentation.presented = nil
        controller.presentation.presenterViewRemovedFrom = nil
      }
      for controller in intermediates.reversed() { engine.end(controller, rule: "R27", forwarded: false) }
      engine.end(top, rule: "R27", forwarded: false)
      for controller in stack.reversed() {
        controller.presentation.isBeingDismissed = false
        if let view = controller.view { engine.detachWithoutAppearance(view) }
      }
      engine.record(
        .completion,
        EngineEvent(
          kind: .completion(controller: receiver.id, of: "dismiss", finished: true), rule: "R27",
          time: engine.clock.now))
    }
  }
}

/// A controller's presentation links (R26–R28), set only by this file's present and dismiss.
struct PresentationLinks {
  /// `presentedViewController`.
  fileprivate(set) var presented: ControllerNode?
  /// `presentingViewController` (weak: the presenter owns the presentation).
  fileprivate(set) weak var presenting: ControllerNode?
  /// The window a full-screen presentation took this presenter's view out of.
  fileprivate(set) weak var presenterViewRemovedFrom: ViewNode?
  /// `modalPresentationStyle` of the current presentation.
  fileprivate(set) var style: ModalPresentationStyle?
  /// `isBeingPresented` (R29).
  fileprivate(set) var isBeingPresented = false
  /// `isBeingDismissed` (R29).
  fileprivate(set) var isBeingDismissed = false

  init() {}
}

/// Modal presentation (UIKIT_RULES.md R26–R28).
///
/// The presenting controller is the top of the presenter's controller tree (its root ancestor, [INF]: no
/// definesPresentationContext yet). Styles that remove the presenter's view (`fullScreen`, `currentContext`) give it
/// disappear callbacks; `overFullScreen`, `overCurrentContext`, `pageSheet`, `formSheet` (sheets since iOS 13) and
/// `custom` keep it and give it none (R26). Order, both ways (R27): outgoing.willDisappear → incoming.willAppear →
/// incoming.didAppear → outgoing.didDisappear, then the completion.
extension Engine {
  static func removesPresenter(_ style: String) -> Bool {
    style == "fullScreen" || style == "currentContext"
  }

  /// `presenter.present(controller, animated:)`.
  public func present(_ controller: ControllerNode, from presenter: ControllerNode, style: String, animated: Bool)
    throws(EngineError)
  {
    if controller.parent != nil || controller.presentingViewController != nil || controller === presenter
      || presenter.hasAncestor(controller)
    {
      throw .uikitException(
        exception: "NSInvalidArgumentException",
        reason: "Application tried to present modally an active controller \(controller.debugName).")
    }
    var presenting = presenter
    while let parent = presenting.parent { presenting = parent }
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
    try checkCapacity(adding: loadCost(controller))
    let removes = Self.removesPresenter(style)
    presenting.presentedViewController = controller
    controller.presentingViewController = presenting
    controller.modalStyle = style
    let view = loadViewIfNeeded(controller)
    setViewFrame(view, window.fillingRect)
    controller.isBeingPresented = true
    if removes { begin(presenting, appearing: false, animated: animated, rule: "R26", forwarded: false) }
    begin(controller, appearing: true, animated: animated, rule: "R27", forwarded: false)
    moveWithoutAppearance(view, to: window, at: nil)
    schedule(after: animated ? options.presentationDuration : 0) { engine in
      engine.end(controller, rule: "R27", forwarded: false)
      controller.isBeingPresented = false
      if removes {
        engine.end(presenting, rule: "R26", forwarded: false)
        engine.detachWithoutAppearance(presentingView)
        presenting.presenterViewRemovedFrom = window
      }
      engine.events.append(
        EngineEvent(
          kind: .completion(controller: presenter.id, of: "present", finished: true), rule: "R27",
          time: engine.clock.now))
    }
  }

  /// `controller.dismiss(animated:)`: dismisses what `controller` presents, or `controller` itself if it is
  /// presented; nothing otherwise.
  public func dismiss(_ receiver: ControllerNode, animated: Bool) {
    var presenting = receiver
    while let parent = presenting.parent { presenting = parent }
    let presented: ControllerNode
    if let shown = presenting.presentedViewController {
      presented = shown
    } else if presenting.presentingViewController != nil {
      presented = presenting
    } else {
      return
    }
    guard let presenter = presented.presentingViewController else { return }
    let removes = Self.removesPresenter(presented.modalStyle ?? "pageSheet")
    presented.isBeingDismissed = true
    begin(presented, appearing: false, animated: animated, rule: "R27", forwarded: false)
    if removes, let presenterView = presenter.view, let window = presenter.presenterViewRemovedFrom {
      moveWithoutAppearance(presenterView, to: window, at: 0)
      presenter.presenterViewRemovedFrom = nil
      begin(presenter, appearing: true, animated: animated, rule: "R26", forwarded: false)
    }
    schedule(after: animated ? options.presentationDuration : 0) { engine in
      if removes { engine.end(presenter, rule: "R26", forwarded: false) }
      // presentingViewController reads nil inside the dismissed controller's viewDidDisappear (open point default).
      presenter.presentedViewController = nil
      presented.presentingViewController = nil
      engine.end(presented, rule: "R27", forwarded: false)
      presented.isBeingDismissed = false
      if let view = presented.view {
        engine.detachWithoutAppearance(view)
      }
      engine.events.append(
        EngineEvent(
          kind: .completion(controller: receiver.id, of: "dismiss", finished: true), rule: "R27",
          time: engine.clock.now))
    }
  }
}

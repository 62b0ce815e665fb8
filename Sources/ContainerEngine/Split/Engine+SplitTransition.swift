/// The appearance half of a split view controller's column changes (R40–R43): the will callbacks now, the did callbacks
/// at the end of the change's animation, with its transition coordinator when it has one.
extension Engine {
  /// A navigation controller shows `top` at once, with no callback of its own (the split view controller's change
  /// drives the appearance): `top`'s view replaces the one it displayed.
  func display(_ top: ControllerNode, in nav: ControllerNode) {
    guard let navView = nav.view, let state = nav.navigation else { return }
    let view = loadViewIfNeeded(top)
    setViewFrame(view, childFrame(top, in: nav))
    moveWithoutAppearance(view, to: navView, at: childViewIndex(in: nav))
    state.displayed = top
  }

  /// The appearance half of a column change: only while the split view controller is on screen (appeared), the
  /// outgoing controllers' will-disappear, then the incoming ones' will-appear (none with `dropsAppearance`, R40's
  /// bug option), now; at the end of `duration` (now when not animated) the views in `leaving` that are no longer
  /// shown leave, the did callbacks follow in the same order, then `then`.
  func runColumnTransition(
    _ split: ControllerNode, _ state: SplitViewState, outgoing: [ControllerNode], incoming: [ControllerNode],
    leaving: [ViewNode], animated: Bool, duration: Double, rule: String, dropsAppearance: Bool,
    coordinator: TransitionCoordinator? = nil, settle: @escaping (Engine) -> Void = { _ in },
    then: @escaping (Engine) -> Void
  ) {
    let onScreen = split.view?.window != nil && split.appearance.state == .appeared
    let isAnimated = animated && onScreen && duration > 0
    if onScreen {
      for controller in outgoing {
        begin(controller, appearing: false, animated: isAnimated, rule: rule, forwarded: false, quiet: true)
      }
      if !dropsAppearance {
        for controller in incoming {
          begin(controller, appearing: true, animated: isAnimated, rule: rule, forwarded: false, quiet: true)
        }
      }
    }
    // R47: the coordinator's animation starts after the will callbacks (the alongside animations run).
    if let coordinator { startCoordinator(coordinator) }
    state.serial += 1
    let finish: (Engine) -> Void = { engine in
      settle(engine)
      for view in leaving where view.superview != nil && !engine.isShownInSplit(view, split, state) {
        engine.detachWithoutAppearance(view)
      }
      if onScreen {
        for controller in outgoing + incoming
        where controller.appearance.state == .appearing || controller.appearance.state == .disappearing {
          engine.end(controller, rule: rule, forwarded: false)
        }
      }
      then(engine)
    }
    if isAnimated { schedule(after: duration, finish) } else { finish(self) }
  }

  /// Whether `view` (a column's or a stack controller's) is still to be shown once a column change ends: a column's
  /// child on screen, or the controller its navigation controller displays.
  private func isShownInSplit(_ view: ViewNode, _ split: ControllerNode, _ state: SplitViewState) -> Bool {
    guard let owner = view.owner else { return false }
    if owner.parent === split {
      return state.visibleColumns.contains { state.child($0) === owner }
    }
    if let parent = owner.parent, parent.isNavigationController {
      return parent.navigation?.displayed === owner && view.superview === parent.view
    }
    return false
  }
}

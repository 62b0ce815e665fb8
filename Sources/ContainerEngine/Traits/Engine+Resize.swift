/// `window/resize`: a rotation or a window size change, with its trait change (R60–R66).
extension Engine {
  /// The safe area a window of `idiom` gets when a resize gives none: a phone in portrait (height ≥ width) 47 top and
  /// 34 bottom, in landscape `traits.landscapeSafeArea` (47 left and right, 21 bottom: a notched iPhone); a pad 24 top
  /// and 20 bottom either way.
  public func defaultSafeArea(width: Double, height: Double, idiom: UserInterfaceIdiom = .phone) -> Insets {
    switch idiom {
    case .phone:
      height >= width ? Insets(top: 47, left: 0, bottom: 34, right: 0) : options.traits.landscapeSafeArea
    case .pad:
      Insets(top: 24, left: 0, bottom: 20, right: 0)
    }
  }

  /// `window/resize`, per controller in R61's order (parent first, a whole pass per method):
  /// 1. `willTransition(to: traits)` on each controller whose size classes change (R60; R67: not on one whose
  ///    overrides keep them);
  /// 2. `viewWillTransition(to: size)` on every controller of the window (when the size changes; L-objcio: rotation
  ///    originates at the window);
  /// 3. the transition coordinator starts (R66: the alongside animations run), the window takes the size and safe
  ///    area, its root view fills it, autoresizing follows;
  /// 4. at the turn's end, the trait update: handlers and `traitCollectionDidChange(previous)` where the traits
  ///    changed (R60, R62, R63);
  /// 5. then the turn's layout pass, with the safe-area and margin callbacks (R64, R30);
  /// 6. at the end of the animation (`duration`, `resize.duration` by default; at the turn's end when not animated) the
  ///    alongside completions and `event/completion {of: "resize"}` on the root view controller (R66).
  /// `explicit` replaces the table's size classes (R65) until the next resize. Nothing is told when neither the size
  /// nor any controller's traits change (the safe area still applies).
  public func resizeWindow(
    _ window: ViewNode, width: Double, height: Double, safeArea: Insets?, animated: Bool = false,
    duration: Double? = nil, traits explicit: TraitOverrides? = nil
  ) throws(EngineError) {
    try checkIsWindow(window)
    let size = Size(width: width, height: height)
    let sizeChanged = size != Size(width: window.frame.width, height: window.frame.height)
    var settings = window.windowState.traitSettings
    settings.explicitSizeClasses = explicit ?? TraitOverrides()
    let update = TraitUpdate(engine: self, window: window)
    let after = update.predicted(windowTraits: windowTraits(settings, width: width, height: height))
    let traitsChanged = update.before != after
    var coordinator: TransitionCoordinator?
    if let root = window.rootViewController, sizeChanged || traitsChanged {
      // R66: one coordinator for the window's controllers (attached to the tops a controller finds it through; one
      // already in another transition keeps that one's).
      let tops = update.controllers.filter { $0.parent == nil && transitions.coordinator(ownedBy: $0) == nil }
      let seconds = animated ? duration ?? options.traits.resizeDuration : 0
      let begun = beginCoordinator(
        .resize, owners: tops, from: nil, to: nil, animated: animated, duration: seconds)
      coordinator = begun
      tellWillTransition(update.controllers, before: update.before, after: after)
      if sizeChanged {
        for controller in update.controllers { emitTransitionToSize(controller, size) }
      }
      // R42: a split view controller collapses or expands inside the size change.
      splitsAdapt(update.controllers, after: after, width: width, height: height, animated: animated, duration: seconds)
      startCoordinator(begun)
      schedule(after: seconds) { engine in
        engine.endAlongside(begun)
        engine.record(
          .completion,
          EngineEvent(
            kind: .completion(controller: root.id, of: "resize", finished: true), rule: "R66",
            time: engine.clock.now))
      }
    }
    window.windowState.traitSettings = settings
    window.safeArea = safeArea ?? defaultSafeArea(width: width, height: height, idiom: settings.idiom)
    layout.inputsChanged()
    setViewFrame(window, Rect(x: window.frame.x, y: window.frame.y, width: width, height: height))
    if let root = window.rootViewController, let view = root.view, view.superview === window {
      setViewFrame(view, window.fillingRect)
    }
    // Step 4 comes at the turn's end, before the layout pass (`flushTraitUpdates`): an alongside animation registered
    // right after this call (in the same batch) runs before it, as one registered in viewWillTransition does.
    if coordinator != nil && traitsChanged { traitRegistry.note(update.controllers, before: update.before) }
    // The safe area moved: every view in the window may lay out differently.
    setNeedsLayout(window)
    // The bars follow the safe area even when no size changed (R68).
    if layout.hasBars {
      for view in window.preorder() where view.owner?.showsOneChild == true && view.owner?.view === view {
        setNeedsLayout(view)
      }
    }
  }

  private func emitTransitionToSize(_ controller: ControllerNode, _ size: Size) {
    record(
      .lifecycle,
      EngineEvent(
        kind: .lifecycle(
          controller: controller.id, callback: .viewWillTransitionToSize, animated: nil, parent: nil, flags: .none,
          size: size),
        rule: "R60", time: clock.now))
  }
}

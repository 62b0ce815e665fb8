/// Trait collections and size classes (R60–R67): a window's traits by R65's table, a controller's effective traits
/// (its parent's with its overrides), the overrides (R67), the registrations (R63) and the trait update that tells
/// what changed (R60, R62).
extension Engine {
  // MARK: - Reading traits

  /// The traits of a controller outside any window: those of a default phone window in portrait (wC hR).
  public static let defaultTraits = TraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .regular)

  /// R65: the size classes of a `width` × `height` window of `idiom`. A phone in portrait is (compact, regular); in
  /// landscape the height is compact and the width regular only for a short side of at least 414 pt (the Plus and
  /// Max models, under the `device` policy). A pad is regular height, and regular width unless the window is
  /// narrower than `padCompactWidthThreshold` (split view and slide over).
  public static func sizeClasses(
    width: Double, height: Double, idiom: UserInterfaceIdiom, behavior: TraitsBehavior,
    policy: TraitsBehavior.SizeClassPolicy? = nil
  ) -> (horizontal: SizeClass, vertical: SizeClass) {
    switch idiom {
    case .phone:
      guard width > height else { return (.compact, .regular) }
      let wide = (policy ?? behavior.sizeClassPolicy) == .device && height >= 414
      return (wide ? .regular : .compact, .compact)
    case .pad:
      return (width < behavior.padCompactWidthThreshold ? .compact : .regular, .regular)
    }
  }

  /// The traits a window of `settings` has at `width` × `height`.
  func windowTraits(_ settings: WindowTraitSettings, width: Double, height: Double) -> TraitCollection {
    let classes = Self.sizeClasses(
      width: width, height: height, idiom: settings.idiom, behavior: options.traits,
      policy: settings.sizeClassPolicy)
    return TraitCollection(
      horizontalSizeClass: settings.explicitSizeClasses.horizontalSizeClass ?? classes.horizontal,
      verticalSizeClass: settings.explicitSizeClasses.verticalSizeClass ?? classes.vertical,
      userInterfaceStyle: settings.userInterfaceStyle,
      displayScale: settings.displayScale ?? settings.idiom.displayScale)
  }

  /// `window.traitCollection` (R65).
  public func traitCollection(ofWindow window: ViewNode) -> TraitCollection {
    windowTraits(window.windowState.traitSettings, width: window.frame.width, height: window.frame.height)
  }

  /// The window's idiom (`window/create`, `window/configure`).
  public func idiom(ofWindow window: ViewNode) -> UserInterfaceIdiom { window.windowState.traitSettings.idiom }

  /// `controller.traitCollection`: its parent's traits with its own overrides applied (R67); a controller without a
  /// parent takes its window's (the window its view is in, else its presenter's), and one outside any window
  /// `defaultTraits`.
  public func traitCollection(of controller: ControllerNode) -> TraitCollection {
    var chain: [ControllerNode] = []
    var node: ControllerNode? = controller
    var steps = 0
    while let current = node, steps <= controllers.count {
      chain.append(current)
      node = current.parent
      steps += 1
    }
    let base = chain.last.map { baseTraits(of: $0) } ?? Self.defaultTraits
    return chain.reversed().reduce(base) { $0.applying($1.traitOverrides) }
  }

  /// The traits `top` (a controller without a parent) inherits: its window's.
  private func baseTraits(of top: ControllerNode) -> TraitCollection {
    var node: ControllerNode? = top
    var steps = 0
    while let current = node, steps <= controllers.count {
      if let window = current.view?.window { return traitCollection(ofWindow: window) }
      node = current.presentingViewController?.rootAncestor
      steps += 1
    }
    return Self.defaultTraits
  }

  /// `view.traitCollection`: the traits of the controller whose view holds it, else of its window (iOS 17: views
  /// and controllers inherit through the view hierarchy, R63).
  public func traitCollection(ofView view: ViewNode) -> TraitCollection {
    if let owner = owningController(of: view) { return traitCollection(of: owner) }
    if let window = view.window { return traitCollection(ofWindow: window) }
    return Self.defaultTraits
  }

  /// The controller whose root view is `view` or its nearest superview.
  func owningController(of view: ViewNode) -> ControllerNode? {
    var node: ViewNode? = view
    var steps = 0
    while let current = node, steps <= chainWalkLimit {
      if let owner = current.owner, owner.view === current { return owner }
      node = current.superview
      steps += 1
    }
    return nil
  }

  // MARK: - Changing traits

  /// `window/configure`: the window's idiom, size-class policy, interface style and display scale; then the trait
  /// update for what changed (R60: `willTransition(to:)` when a size class changes, then the handlers and
  /// `traitCollectionDidChange`; no size callbacks). Answers the window's new traits.
  @discardableResult
  public func configureWindow(
    _ window: ViewNode, idiom: UserInterfaceIdiom?, sizeClassPolicy: TraitsBehavior.SizeClassPolicy?,
    userInterfaceStyle: UserInterfaceStyle?, displayScale: Double?
  ) throws(EngineError) -> TraitCollection {
    try checkIsWindow(window)
    var settings = window.windowState.traitSettings
    if let idiom { settings.idiom = idiom }
    if let sizeClassPolicy { settings.sizeClassPolicy = sizeClassPolicy }
    if let userInterfaceStyle { settings.userInterfaceStyle = userInterfaceStyle }
    if let displayScale { settings.displayScale = displayScale }
    let update = TraitUpdate(engine: self, window: window)
    let after = update.predicted(
      windowTraits: windowTraits(settings, width: window.frame.width, height: window.frame.height))
    tellWillTransition(update.controllers, before: update.before, after: after)
    window.windowState.traitSettings = settings
    traitRegistry.note(update.controllers, before: update.before)
    if update.before != after { setNeedsLayout(window) }
    return traitCollection(ofWindow: window)
  }

  /// `controller.traitOverrides` changed by `changes` (R67; a nil value removes one): at the turn's end the controller
  /// and everything below it whose traits changed get the trait update (handlers, then `traitCollectionDidChange`),
  /// and its view lays out again. A controller whose view is not in a window is told nothing: its traits are
  /// predicted when it joins one (R62).
  public func setTraitOverrides(_ controller: ControllerNode, _ changes: [TraitOverrides.Change]) {
    let merged = controller.traitOverrides.merging(changes)
    guard merged != controller.traitOverrides else { return }
    let before = traitCollection(of: controller)
    if controller.view?.window != nil {
      let affected = Self.transitionOrder(from: controller)
      traitRegistry.note(affected, before: affected.map { traitCollection(of: $0) })
    }
    controller.traitOverrides = merged
    // Traits the controller keeps are kept below it too: nothing to lay out again.
    if let view = controller.view, view.window != nil, traitCollection(of: controller) != before {
      setNeedsLayout(view)
    }
  }

  /// R60's trait update, at the turn's end before the layout pass (A-guide-layout: the trait collections are updated
  /// before viewWillLayoutSubviews): each controller noted this turn (by a resize, `window/configure` or new
  /// overrides) compares its traits before the first change with its traits now, and is told if they differ.
  func flushTraitUpdates() {
    guard traitRegistry.hasPending else { return }
    let pending = traitRegistry.takePending()
    let controllers = pending.map(\.controller)
    tellTraitChanges(controllers, before: pending.map(\.before), after: controllers.map { traitCollection(of: $0) })
  }

  /// `registerForTraitChanges(traits, handler:)` on a controller or a view (R63): no call now (no initial delivery),
  /// and the view is not loaded; the handler runs when one of `traits` changes for the object.
  public func registerForTraitChanges(
    controller: ControllerNode?, view: ViewNode?, traits: [TraitName]
  ) -> TraitRegistration {
    traitRegistry.dropReleased()
    return traitRegistry.add(
      controller: controller, view: view, traits: traits, objectID: controller?.id ?? view?.id ?? "")
  }

  /// `unregisterForTraitChanges(_:)`: an id no registration has is refused.
  public func unregisterForTraitChanges(_ id: String) throws(EngineError) {
    guard traitRegistry.contains(id) else {
      throw .unsupported(
        argument: .option("id"), expected: "a registration id (traits/register's answer)",
        message: "no trait registration \(id)")
    }
    traitRegistry.remove(id)
  }

  /// The registrations in force, in the order they were made.
  public var traitRegistrations: [TraitRegistration] {
    traitRegistry.registrations.filter { $0.controller != nil || $0.view != nil }
  }

  func checkIsWindow(_ window: ViewNode) throws(EngineError) {
    guard window.kind == .UIWindow else {
      throw .unsupported(
        argument: .window, expected: "a UIWindow",
        message: Engine.describeKind(window.id, window.kind.rawValue, expected: "a UIWindow"))
    }
  }

  // MARK: - The trait update (R60–R63)

  /// The controllers a window change reaches from `root`, in the order UIKit forwards it (R61: parent first, inside
  /// `super`): the controller, then each child's subtree in child order, then the controller it presents.
  static func transitionOrder(from root: ControllerNode) -> [ControllerNode] {
    var order: [ControllerNode] = []
    var pending: [ControllerNode] = [root]
    var seen = Set<ObjectIdentifier>()
    while let controller = pending.popLast() {
      guard seen.insert(ObjectIdentifier(controller)).inserted else { continue }
      order.append(controller)
      if let presented = controller.presentedViewController { pending.append(presented) }
      pending.append(contentsOf: controller.children.reversed())
    }
    return order
  }

  /// The traits of a window's controllers before a change, to compare with after it.
  struct TraitUpdate {
    let controllers: [ControllerNode]
    let before: [TraitCollection]

    init(engine: Engine, window: ViewNode) {
      controllers = window.rootViewController.map { Engine.transitionOrder(from: $0) } ?? []
      before = controllers.map { engine.traitCollection(of: $0) }
    }

    /// The traits each controller will have once its window's traits are `windowTraits` (the controllers are in
    /// `transitionOrder`, so a parent comes before its children; one without a parent takes the window's).
    func predicted(windowTraits: TraitCollection) -> [TraitCollection] {
      var traits: [ObjectIdentifier: TraitCollection] = [:]
      return controllers.map { controller in
        let base = controller.parent.flatMap { traits[ObjectIdentifier($0)] } ?? windowTraits
        let own = base.applying(controller.traitOverrides)
        traits[ObjectIdentifier(controller)] = own
        return own
      }
    }
  }

  /// R60's first pass: `willTransition(to: traits)` on each loaded controller whose size classes change (R61: the
  /// others are not told; R67: an overridden child whose classes stay is not told).
  func tellWillTransition(_ controllers: [ControllerNode], before: [TraitCollection], after: [TraitCollection]) {
    let skipped = splitOverlaySkips(controllers, before: before, after: after)
    for (index, controller) in controllers.enumerated()
    where controller.view != nil && !before[index].hasSameSizeClasses(as: after[index])
      && !skipped.contains(ObjectIdentifier(controller))
    {
      emitTraitCallback(controller, .willTransitionToTraitCollection, traits: after[index], previous: nil)
    }
  }

  /// R60's trait update, parent first (R61): for each loaded controller whose traits changed, its registration
  /// handlers whose traits are among the changed ones and `traitCollectionDidChange(previous)` (R63: handler first
  /// by default, `traits.handlerOrder`), then the handlers of views its root view holds. Nothing for a controller
  /// whose traits did not change (R62).
  func tellTraitChanges(_ controllers: [ControllerNode], before: [TraitCollection], after: [TraitCollection]) {
    let registrations = traitRegistrations
    for (index, controller) in controllers.enumerated() where controller.view != nil && before[index] != after[index] {
      let changed = after[index].changedTraits(from: before[index])
      let styleOnly = changed.allSatisfy { $0 == .userInterfaceStyle }
      let legacy = !styleOnly || options.traits.styleChangeCallsDidChange
      let own = registrations.filter { $0.controller === controller && !Set($0.traits).isDisjoint(with: changed) }
      if options.traits.handlerOrder == .legacyFirst && legacy {
        emitTraitCallback(controller, .traitCollectionDidChange, traits: after[index], previous: before[index])
      }
      for registration in own {
        emitTraitCallback(
          controller, .traitChangeHandler, traits: after[index], previous: before[index], registration: registration)
      }
      if options.traits.handlerOrder == .handlerFirst && legacy {
        emitTraitCallback(controller, .traitCollectionDidChange, traits: after[index], previous: before[index])
      }
      let viewHandlers = registrations.filter { registration in
        guard let view = registration.view, owningController(of: view) === controller else { return false }
        return !Set(registration.traits).isDisjoint(with: changed)
      }
      for registration in viewHandlers {
        emitTraitCallback(
          controller, .traitChangeHandler, traits: after[index], previous: before[index], registration: registration)
      }
    }
  }

  func emitTraitCallback(
    _ controller: ControllerNode, _ callback: LifecycleCallback, traits: TraitCollection, previous: TraitCollection?,
    registration: TraitRegistration? = nil
  ) {
    let rule =
      switch callback {
      case .willTransitionToTraitCollection: "R60"
      case .traitChangeHandler: "R63"
      default: "R62"
      }
    record(
      .layout,
      EngineEvent(
        kind: .lifecycle(
          controller: controller.id, callback: callback, animated: nil, parent: nil, flags: .none,
          traits: EngineEvent.TraitReport(
            traits: traits, previous: previous, registration: registration?.id, view: registration?.view?.id)),
        rule: rule, time: clock.now))
  }
}

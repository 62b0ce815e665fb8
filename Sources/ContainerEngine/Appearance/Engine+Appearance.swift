/// The two appearance drivers (modelling guidance 2): views entering or leaving a window (R6, R7) and explicit
/// begin/end (R11, R13, R14). Both forward parent-first to children whose views are inside the parent's view, only
/// when the parent forwards (R9, R10).
extension Engine {
  // MARK: - Explicit begin/end

  /// `beginAppearanceTransition(_:animated:)`: the will callback now (R11; R14 when it reverses a transition in
  /// flight), nothing for a nested same-direction begin (R13), a warning for one that does not fit (R16).
  public func beginAppearanceTransition(_ controller: ControllerNode, appearing: Bool, animated: Bool) {
    begin(controller, appearing: appearing, animated: animated, rule: "R11", forwarded: false)
  }

  /// `endAppearanceTransition()`: the did callback at the final matching end (R13); a warning when nothing is in
  /// flight (R16).
  public func endAppearanceTransition(_ controller: ControllerNode) {
    end(controller, rule: "R13", forwarded: false)
  }

  /// App code calling `viewWillDisappear(_:)` (or another of the four, `LifecycleCallback.appearance`) directly
  /// (R12): UIKit logs its misuse warning, and the method body runs; the appearance state does not change and nothing
  /// is forwarded.
  public func callAppearanceMethodDirectly(_ controller: ControllerNode, callback: LifecycleCallback, animated: Bool) {
    warn(
      "[ViewController] Calling -\(callback.rawValue): directly on a view controller is not supported, and may result in "
        + "out-of-order callbacks and other inconsistent behavior. Use the -beginAppearanceTransition:animated: and "
        + "-endAppearanceTransition APIs on UIViewController to manually drive appearance callbacks instead. Make a "
        + "symbolic breakpoint at UIViewControllerAlertForAppearanceCallbackMisuse to catch any direct calls.",
      object: controller.id, rule: "R12")
    emit(controller, callback, rule: "R12", animated: animated)
  }

  // MARK: - Window driver

  /// Called when `view`'s subtree is about to leave its window (`appearing == false`) or has just entered one:
  /// every controller the subtree carries that is an appearance root gets the will callback now (R6) and the did
  /// callback at the end of the turn (R7).
  func windowWillChange(for view: ViewNode, appearing: Bool) {
    guard turn.windowDriverIsActive else { return }
    for node in view.preorder() {
      guard let controller = node.owner, controller.view === node, isAppearanceRoot(controller, in: view) else {
        continue
      }
      begin(controller, appearing: appearing, animated: false, rule: "R6", forwarded: false, quiet: true)
      turn.queueForSettle(controller)
    }
  }

  /// Whether `controller` gets window-driven callbacks itself when `subtree` enters or leaves a window.
  ///
  /// A controller without a parent, or whose view is not inside its parent's view, is driven by its own view (R6,
  /// including the "view added without addChild" mistake). A child inside its parent's view is driven through the
  /// parent: if the parent moves with the subtree, by the parent's forwarding; if the parent is already in the
  /// window, directly, but only when the parent forwards (R9; with forwarding off the child gets nothing, R11).
  func isAppearanceRoot(_ controller: ControllerNode, in subtree: ViewNode) -> Bool {
    guard let parent = controller.parent, let parentView = parent.view, let view = controller.view,
      view.isDescendant(of: parentView)
    else { return true }
    if parentView.isDescendant(of: subtree) { return false }
    return parent.forwardsAppearance
  }

  /// End of turn: window-driven transitions complete — viewIsAppearing + viewDidAppear, or viewDidDisappear (R7) —
  /// with R8's re-delivered didMove for children added to / removed from a parent in this turn.
  func settleWindowDrivenTransitions() {
    while let queue = turn.takeSettleQueue() {
      for controller in queue
      where controller.appearance.state == .appearing || controller.appearance.state == .disappearing {
        // Unwind nested window-driven begins in one go: the view is where it is at the end of the turn.
        while controller.appearance.depth > 1 { _ = controller.appearance.end() }
        end(controller, rule: "R7", forwarded: false, windowDriven: true)
      }
    }
  }

  // MARK: - The state machine, forwarded

  func begin(
    _ controller: ControllerNode, appearing: Bool, animated: Bool, rule: String, forwarded: Bool, quiet: Bool = false
  ) {
    switch controller.appearance.begin(appearing: appearing) {
    case .callWill(let isAppearing, let reversed):
      controller.appearanceAnimated = animated
      // R29: a flag describes the move this appearance change belongs to. One left from a move that brought no
      // appearance change of its own (a controller removed or added while off screen) does not carry over into an
      // unrelated transition the other way.
      if isAppearing { controller.isMovingFromParent = false } else { controller.isMovingToParent = false }
      // R69: once per appearance; the turn's end sends it to an appearance driven from here and to the controllers
      // it forwards to (`sendPendingIsAppearing`).
      controller.appearanceRecord.isAppearingSent = false
      if isAppearing && !forwarded { turn.queueForIsAppearing(controller) }
      emit(
        controller, isAppearing ? .viewWillAppear : .viewWillDisappear,
        rule: reversed && !forwarded && rule == "R11" ? "R14" : rule,
        animated: animated)
      if isAppearing && controller.kind == .tableViewController { tableControllerWillAppear(controller) }
    case .nothing:
      break
    case .warnUnbalanced:
      if !forwarded && !quiet {
        warnUnbalanced(controller)
      }
      return
    case .callDid:
      return
    }
    forEachForwardedChild(of: controller) { child in
      begin(child, appearing: appearing, animated: animated, rule: "R10", forwarded: true)
    }
  }

  func end(_ controller: ControllerNode, rule: String, forwarded: Bool, windowDriven: Bool = false) {
    if options.beginNesting == .none { controller.appearance.collapseNesting() }
    switch controller.appearance.end() {
    case .callDid(let appearing):
      if appearing {
        // R69's fallback: an appearance that ends before the turn's end sent viewIsAppearing (begun and ended in one
        // batch of app code, a view outside any window) gets its geometry step and viewIsAppearing now.
        if !controller.appearanceRecord.isAppearingSent {
          tellGeometryChanges(controller)
          sendIsAppearing(controller)
        }
        emit(controller, .viewDidAppear, rule: rule, animated: controller.appearanceAnimated)
        controller.isMovingToParent = false
        navigationDidAppear(controller)
        if windowDriven && turn.wasAddedVisibly(controller) && options.didMoveRedelivery == .windowDriven,
          let parent = controller.parent, !parent.isNavigationController
        {
          emit(controller, .didMove, rule: "R8", parent: .some(parent))
        }
      } else {
        emit(controller, .viewDidDisappear, rule: rule, animated: controller.appearanceAnimated)
        controller.isMovingFromParent = false
        if windowDriven && turn.wasRemovedVisibly(controller) && controller.parent == nil
          && options.didMoveRedelivery == .windowDriven
        {
          emit(controller, .didMove, rule: "R8", parent: .some(nil))
        }
      }
    case .nothing:
      break
    case .warnUnbalanced:
      if !forwarded {
        warnUnbalanced(controller)
      }
      return
    case .callWill:
      return
    }
    forEachForwardedChild(of: controller) { child in
      end(child, rule: "R10", forwarded: true, windowDriven: windowDriven)
    }
  }

  // MARK: - viewIsAppearing (R64, R69)

  /// The turn's end, before the layout pass: each controller whose appearance began this turn (not by forwarding) and
  /// is still appearing with its view in a window takes R64's steps 4 and 5 with the controllers it forwards to,
  /// parent first: first each one's geometry callbacks (`tellGeometryChanges`: margins, then the safe area, when they
  /// changed), then each one's viewIsAppearing — so viewWillAppear and viewIsAppearing fall in the same turn (Apple,
  /// viewIsAppearing(_:): "within the same CATransaction"), and for an animated push, pop or present before the
  /// animation, whose end brings viewDidAppear (R69). TR-3: `R.viewWillAppear → C.viewWillAppear`, the geometry
  /// callbacks, `R.viewIsAppearing → C.viewIsAppearing → R.viewWillLayoutSubviews`.
  func sendPendingIsAppearing() {
    while let queue = turn.takeIsAppearingQueue() {
      for controller in queue {
        guard controller.appearance.state == .appearing, !controller.appearanceRecord.isAppearingSent,
          controller.view?.window != nil
        else { continue }
        var tree: [ControllerNode] = []
        collectAppearing(controller, into: &tree)
        if layout.hasBars { layOutBarsAbove(tree) }
        for node in tree { tellGeometryChanges(node) }
        for node in tree { sendIsAppearing(node) }
      }
    }
  }

  /// R64 step 4 / R69 with bars (R68): before the geometry step, the bars of the containers that hold the appearing
  /// controllers (their ancestors and themselves, outermost first) are laid out for the window, so the safe area told
  /// before viewIsAppearing already counts them (Apple, viewIsAppearing(_:): the view "has accurate trait collection and
  /// geometry information such as the view's safe area insets") and is not told again, corrected, by the layout pass.
  /// Without this a navigation controller's first appearance told its root child the window's top inset (47), then 91.
  private func layOutBarsAbove(_ tree: [ControllerNode]) {
    var containers: [ControllerNode] = []
    for node in tree {
      var chain: [ControllerNode] = []
      var current: ControllerNode? = node
      var steps = 0
      while let controller = current, steps <= chainWalkLimit {
        steps += 1
        if controller.showsOneChild, !containers.contains(where: { $0 === controller }) { chain.append(controller) }
        current = controller.parent
      }
      containers.append(contentsOf: chain.reversed())
    }
    for container in containers where container.view?.window != nil { layoutBars(container) }
  }

  /// `controller` and, parent first, the controllers it forwards appearance to that are appearing and still wait for
  /// viewIsAppearing.
  private func collectAppearing(_ controller: ControllerNode, into tree: inout [ControllerNode]) {
    guard controller.appearance.state == .appearing, !controller.appearanceRecord.isAppearingSent else { return }
    tree.append(controller)
    forEachForwardedChild(of: controller) { child in collectAppearing(child, into: &tree) }
  }

  /// viewIsAppearing, once per appearance (R69), with the appearance's `animated`; never with the option off.
  func sendIsAppearing(_ controller: ControllerNode) {
    controller.appearanceRecord.isAppearingSent = true
    guard options.viewIsAppearing else { return }
    emit(controller, .viewIsAppearing, rule: "R69", animated: controller.appearanceAnimated)
  }

  /// R16's console warning.
  func warnUnbalanced(_ controller: ControllerNode) {
    warn(
      "Unbalanced calls to begin/end appearance transitions for \(controller.debugName)", object: controller.id,
      rule: "R16")
  }

  /// The children that `controller` forwards appearance to: only when it forwards (R9), only children whose views
  /// are loaded and inside its view (R10), in the order they were added.
  func forEachForwardedChild(of controller: ControllerNode, _ body: (ControllerNode) -> Void) {
    guard controller.forwardsAppearance, let view = controller.view else { return }
    if controller.showsOneChild {
      // R10: system containers forward to the controller they display (installing it on first show, R3).
      if controller.appearance.state == .appearing { installDisplayedChild(controller) }
      if let shown = controller.navigation?.displayed, let shownView = shown.view, shownView.isDescendant(of: view) {
        body(shown)
      }
      return
    }
    for child in controller.children {
      guard let childView = child.view, childView.isDescendant(of: view) else { continue }
      body(child)
    }
  }
}

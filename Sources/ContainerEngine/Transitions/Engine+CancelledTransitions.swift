/// Transitions a custom animator cancels (`completeTransition(false)`, R52, R50): a push, pop, dismissal or tab switch
/// rolls back as a cancelled interactive pop does (R24, R51), and a cancelled presentation as
/// Engine+Presentation.swift reverses it.
///
/// Appearance reverses with the begin-twice pattern (R14, R52): the controller that was appearing gets
/// viewWillDisappear then viewDidDisappear, then the one that was disappearing viewWillAppear then viewDidAppear (R24's
/// order). The coordinator's `isCancelled` is Apple's "whether an interactive transition was canceled": true in the
/// alongside completions of a transition whose interaction was cancelled (`transition/updateInteractive` cancel, an
/// interactive pop's cancel), false when a non-interactive animator completes with false (R50). The container's
/// completion says `finished: false`. The containment change is
/// undone without willMove/didMove (R51's open point default: none), and the navigation delegate's `didShow` is not
/// sent (R51).
extension Engine {
  /// A push, pop or `setViewControllers` whose animator completed with false (R52): `viewControllers` go back to what
  /// they were before the changes this transition showed, the outgoing controller is displayed again, then the
  /// alongside completions and the completion (finished false). A change made while the transition ran (a push during
  /// the cancel's settle) waits for it (R48: the queued transition starts after `animationEnded`) and is applied to the
  /// stack put back: a controller this transition pushed leaves the stack even then, and never gets didMove(nav); the
  /// queued transition starts from the controller displayed again. So `[a]`, push `b` cancelled, push `c` during the
  /// settle ends `[a, c]`, as UIKit undoes the cancelled push before it runs the next (R48, R52).
  func navigationTransitionCancelled(
    _ nav: ControllerNode, _ coordinator: TransitionCoordinator?, from: ControllerNode?, to: ControllerNode?,
    kind: String, animated: Bool
  ) {
    let state = navigationState(nav)
    if !isShowing(nav) {
      // R6/R7: the navigation controller left the window while the animator ran (its disappearance took the incoming
      // controller off screen): nothing appears off screen; the outgoing controller's disappearance ends.
      if let from, from !== to { endIfInTransition(from, rule: "R19") }
    } else {
      if let to, to !== from {
        begin(to, appearing: false, animated: animated, rule: "R52", forwarded: false)
        end(to, rule: "R52", forwarded: false)
      }
      if let from, from !== to {
        begin(from, appearing: true, animated: animated, rule: "R52", forwarded: false)
        end(from, rule: "R52", forwarded: false)
      }
    }
    if let toView = to?.view, to !== from, toView.superview === nav.view { detachWithoutAppearance(toView) }
    if let before = coordinator?.stackBefore {
      restoreStack(of: nav, before, shown: from, started: coordinator?.stackShown ?? nav.children)
    }
    to?.isMovingToParent = false
    from?.isMovingFromParent = false
    state.displayed = from?.parent === nav ? from : nil
    state.inFlight = false
    invalidateBars(of: nav)
    // R51: the alongside completions (isCancelled true); the delegate gets nothing.
    endAlongside(coordinator)
    record(
      .completion,
      EngineEvent(kind: .completion(controller: nav.id, of: kind, finished: false), rule: "R52", time: clock.now))
    startQueuedNavigationTransition(nav, after: coordinator)
  }

  /// Puts `nav`'s stack back to `before`, without callbacks: controllers the cancelled transition pushed leave it
  /// (their didMove(nav) never comes), popped ones come back (their didMove(nil) never comes). Only what the
  /// navigation controller itself took out comes back — the controllers waiting for didMove(nil), and `shown`, the top
  /// a `setViewControllers` replaced — not one that left by `removeFromParent` or another container meanwhile, nor one
  /// that became an ancestor of `nav`, nor one a change queued behind the transition took out. Controllers added since the transition started (`started` is the stack it
  /// showed) — a change queued behind it — stay, on top, and that change's transition starts from the stack put back.
  private func restoreStack(
    of nav: ControllerNode, _ before: [ControllerNode], shown: ControllerNode?, started: [ControllerNode]
  ) {
    let state = navigationState(nav)
    let tookOut = Set(state.outgoing.map(ObjectIdentifier.init) + (shown.map { [ObjectIdentifier($0)] } ?? []))
    let startedIDs = Set(started.map(ObjectIdentifier.init))
    // A controller the queued change took out (it was in the stack this transition showed) stays out.
    let restored = before.filter {
      $0.parent === nav
        || ($0.parent == nil && tookOut.contains(ObjectIdentifier($0)) && !startedIDs.contains(ObjectIdentifier($0))
          && !isAncestorOnceShown($0, of: nav))
    }
    let known = Set(before.map(ObjectIdentifier.init)).union(startedIDs)
    let queued = nav.children.filter { !known.contains(ObjectIdentifier($0)) }
    transitions.replaceRememberedStack(of: nav, with: restored)
    let kept = restored + queued
    let keptIDs = Set(kept.map(ObjectIdentifier.init))
    for child in nav.children where !keptIDs.contains(ObjectIdentifier(child)) {
      child.isMovingToParent = false
      if let view = child.view, view.superview === nav.view { detachWithoutAppearance(view) }
    }
    unlink(childrenOf: nav) { !keptIDs.contains(ObjectIdentifier($0)) }
    state.awaitingDidMove.removeAll { $0.parent !== nav }
    for controller in kept where controller.parent == nil {
      link(controller, to: nav)
      controller.isMovingFromParent = false
    }
    state.outgoing.removeAll { keptIDs.contains(ObjectIdentifier($0)) }
    reorder(childrenOf: nav, as: kept)
  }

  /// A tab switch whose animator completed with false (R52): the new tab's controllers disappear, the old tab's
  /// appear again, and the old tab is selected again (`selectedIndex` as before).
  func tabSwitchCancelled(
    _ tab: ControllerNode, back old: ControllerNode?, incoming: [ControllerNode], outgoing: [ControllerNode],
    _ coordinator: TransitionCoordinator?
  ) {
    if !isShowing(tab) {
      // R6/R7: the tab bar controller left the window while the animator ran: nothing appears off screen; the old
      // tab's disappearance ends.
      for controller in outgoing { endIfInTransition(controller, rule: "R25") }
    } else {
      for controller in incoming {
        begin(controller, appearing: false, animated: true, rule: "R52", forwarded: false)
        end(controller, rule: "R52", forwarded: false)
      }
      for controller in outgoing {
        begin(controller, appearing: true, animated: true, rule: "R52", forwarded: false)
        end(controller, rule: "R52", forwarded: false)
      }
    }
    if let tabView = tab.view {
      for controller in incoming {
        if let view = controller.view, view.superview === tabView { detachWithoutAppearance(view) }
      }
      for controller in outgoing {
        if let view = controller.view { moveWithoutAppearance(view, to: tabView, at: childViewIndex(in: tab)) }
      }
    }
    navigationState(tab).displayed = old?.parent === tab ? old : nil
    invalidateBars(of: tab)
    endAlongside(coordinator)
  }

  /// A dismissal whose animator completed with false (R52): `dismissalTransitionDidEnd(false)`; the presenter, if it
  /// was appearing, disappears again and its view leaves as the presentation had taken it out; the dismissed
  /// controllers appear again and stay presented (`presentedViewController` as before); the completion says finished
  /// false. A presenter that left the window while the animator ran (its window's root replaced, R6/R7) gets no
  /// callback and draws no "Unbalanced calls" warning: its disappearance with the old root settled it.
  func dismissalCancelled(_ dismissal: CancelledDismissal, _ coordinator: TransitionCoordinator?, animated: Bool) {
    dismissalTransitionDidEnd(coordinator, didComplete: false)
    let presenter = dismissal.presenter
    if dismissal.presenterAppears {
      if presenter.view?.window != nil {
        begin(presenter, appearing: false, animated: animated, rule: "R52", forwarded: false)
        end(presenter, rule: "R52", forwarded: false)
      } else {
        // R6/R7: the presenter left the window while the animator ran (`window/setRoot`): its disappearance settled
        // the appearance the dismissal began; it gets nothing more.
        endIfInTransition(presenter, rule: "R26")
      }
      if let view = presenter.view { detachWithoutAppearance(view) }
    }
    if dismissal.topShown {
      begin(dismissal.top, appearing: true, animated: animated, rule: "R52", forwarded: false)
      end(dismissal.top, rule: "R52", forwarded: false)
    }
    for controller in dismissal.intermediates {
      begin(controller, appearing: true, animated: animated, rule: "R52", forwarded: false)
      end(controller, rule: "R52", forwarded: false)
    }
    keepPresentation(
      of: dismissal.stack, presenter: presenter, viewRemovedFrom: dismissal.removedFrom, index: dismissal.removedIndex)
    record(
      .completion,
      EngineEvent(
        kind: .completion(controller: dismissal.receiver.id, of: "dismiss", finished: false), rule: "R52",
        time: clock.now))
    endAlongside(coordinator)
  }
}

/// What a dismissal changed at its start, for its rollback (R52).
struct CancelledDismissal {
  let receiver: ControllerNode
  let top: ControllerNode
  let topShown: Bool
  let intermediates: [ControllerNode]
  let stack: [ControllerNode]
  let presenter: ControllerNode
  let presenterAppears: Bool
  let removedFrom: ViewNode?
  let removedIndex: Int
}

extension Engine {
  /// Whether `container` is on screen or coming on screen (appeared or appearing).
  func isShowing(_ container: ControllerNode) -> Bool {
    container.appearance.state == .appeared || container.appearance.state == .appearing
  }

  /// R6/R7 with R48: a custom animator's transition is left to the animator when its container leaves the window
  /// (`window/setRoot`), and the container's disappearance settles the controller it displays. When the animator
  /// completes afterwards, a controller whose appearance is no longer in transition gets no second did callback (and
  /// no "Unbalanced calls" warning the app never caused); one still in transition (the outgoing controller, which the
  /// disappearance did not reach) gets its did now.
  func endIfInTransition(_ controller: ControllerNode, rule: String) {
    let state = controller.appearance.state
    guard state == .appearing || state == .disappearing else { return }
    end(controller, rule: rule, forwarded: false)
  }
}

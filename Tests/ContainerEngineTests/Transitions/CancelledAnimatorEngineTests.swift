import ContainerEngine
import Testing

/// Custom animators that cancel (`completeTransition(false)`, R52) and interactive animators (R50) through the engine
/// API; the binary runs the same cases in CancelledAnimatorOverPipesTests.
@Suite struct CancelledAnimatorEngineTests {
  /// `nav` in `win` showing the last of `stack` (created here), coordinator, transitioning and completion events
  /// recorded, viewIsAppearing off.
  private func stack(_ ids: [String]) throws -> (EngineHarness, nav: ControllerNode, [ControllerNode]) {
    let harness = EngineHarness(viewIsAppearing: false)
    harness.subscribe([.completion, .coordinator, .transitioning])
    let window = try harness.window()
    var controllers: [ControllerNode] = []
    for id in ids { controllers.append(try harness.controller(id)) }
    let (nav, _) = try harness.navigation("nav", root: controllers[0])
    try harness.engine.setNavigationDelegate(nav, installed: true)
    try harness.show(nav, in: window)
    if controllers.count > 1 {
      try harness.turn { engine throws(EngineError) in
        try engine.setViewControllers(controllers, of: nav, animated: false)
      }
    }
    return (harness, nav, controllers)
  }

  private func install(
    _ harness: EngineHarness, on controller: ControllerNode, _ kind: TransitionCoordinator.Kind,
    completes: TransitionAnimator.Completion = .after(false), interactive: Bool = false
  ) throws -> TransitionAnimator {
    try TransitionSetups.install(harness, on: controller, kind, completes: completes, interactive: interactive)
  }

  /// R52: a push its animator cancels — the pushed controller's disappear pair, the old top's appear pair, the
  /// alongside completion (isCancelled false: no interaction was cancelled, R50), the completion (finished false),
  /// animationEnded(false); no didMove, no didShow; the stack is `[a]` again and `b` has no parent. A later push of
  /// `b` (the animator replaced by one that completes) runs as usual.
  @Test func cancelledPushRollsBack() throws {
    let (harness, nav, controllers) = try stack(["a"])
    let (a, b) = (controllers[0], try harness.controller("b"))
    _ = try install(harness, on: nav, .push)
    let events = try harness.turn { engine throws(EngineError) in
      try engine.push(b, on: nav, animated: true)
      _ = engine.animateAlongside(b, tag: "t")
    }
    #expect(
      events == [
        "b.willMove(nav) R20", "b.loadView R1", "b.viewDidLoad R1",
        "nav.willShow(viewController: b, animated: true) R51", "transitioning nav.pushAnimator animationController",
        "a.viewWillDisappear R19", "b.viewWillAppear R19", "transitioning nav.pushAnimator animateTransition",
        "coordinator b.t alongsideAnimation", "transitioning nav.pushAnimator completeTransition(false)",
        "b.viewWillDisappear R52", "b.viewDidDisappear R52", "a.viewWillAppear R52", "a.viewDidAppear R52",
        "coordinator b.t alongsideCompletion", "nav.completion(push) R52",
        "transitioning nav.pushAnimator animationEnded(false)",
      ])
    #expect(nav.children.map(\.id) == ["a"] && b.parent == nil)
    #expect(a.view?.superview === nav.view && b.view?.superview == nil)
    #expect(harness.engine.activeCoordinators.isEmpty)
    _ = try install(harness, on: nav, .push, completes: .after(true))
    let again = try harness.turn { engine throws(EngineError) in try engine.push(b, on: nav, animated: true) }
    #expect(again.contains("b.didMove(nav) R20") && nav.children.map(\.id) == ["a", "b"])
  }

  /// R52: a cancelled pop (and popToRoot, and setViewControllers) puts `viewControllers` back as they were, in order;
  /// the popped controllers get no didMove(nil), the pushed ones no didMove(nav).
  @Test(arguments: ["pop", "popToRoot", "setViewControllers"])
  func cancelledStackChangeRollsBack(change: String) throws {
    let (harness, nav, controllers) = try stack(["a", "b", "c"])
    let d = try harness.controller("d")
    _ = try install(harness, on: nav, change == "setViewControllers" ? .push : .pop)
    let events = try harness.turn { engine throws(EngineError) in
      switch change {
      case "pop": _ = try engine.pop(nav, animated: true)
      case "popToRoot": _ = try engine.popToRoot(nav, animated: true)
      default: try engine.setViewControllers([controllers[0], d], of: nav, animated: true)
      }
    }
    #expect(!events.contains { $0.contains("didMove") || $0.contains("didShow") })
    #expect(
      events.suffix(6) == [
        "\(change == "setViewControllers" ? "d" : change == "pop" ? "b" : "a").viewWillDisappear R52",
        "\(change == "setViewControllers" ? "d" : change == "pop" ? "b" : "a").viewDidDisappear R52",
        "c.viewWillAppear R52", "c.viewDidAppear R52",
        "nav.completion(\(change == "setViewControllers" ? "push" : "pop")) R52",
        "transitioning nav.\(change == "setViewControllers" ? "push" : "pop")Animator animationEnded(false)",
      ])
    #expect(nav.children.map(\.id) == ["a", "b", "c"])
    #expect(controllers.allSatisfy { $0.parent === nav } && d.parent == nil)
    #expect(controllers[2].view?.superview === nav.view)
    #expect(!controllers[2].isMovingFromParent)
    // The stack works on: a pop without the animator completes.
    _ = try install(harness, on: nav, .pop, completes: .after(true))
    let pop = try harness.turn { engine throws(EngineError) in _ = try engine.pop(nav, animated: true) }
    #expect(pop.contains("c.didMove(nil) R20") && nav.children.map(\.id) == ["a", "b"])
  }

  /// R52: a dismissal its animator cancels — dismissalTransitionDidEnd(false), the presenter (appearing) disappears
  /// again, the presented controller appears again; the presentation stays (the presenter's view out of the window
  /// again), and a later dismissal completes.
  @Test func cancelledDismissalKeepsThePresentation() throws {
    let (harness, p, m) = try TransitionSetups.presenter(recording: [.completion, .transitioning])
    try harness.turn { engine throws(EngineError) in
      try engine.present(m, from: p, style: .fullScreen, animated: false)
    }
    _ = try install(harness, on: m, .dismiss)
    let events = try harness.turn { engine throws(EngineError) in engine.dismiss(m, animated: true) }
    #expect(
      events == [
        "transitioning m.dismissAnimator animationController",
        "transitioning m.presentationController dismissalTransitionWillBegin", "m.viewWillDisappear R27",
        "p.viewWillAppear R26", "transitioning m.dismissAnimator animateTransition",
        "transitioning m.dismissAnimator completeTransition(false)",
        "transitioning m.presentationController dismissalTransitionDidEnd(false)", "p.viewWillDisappear R52",
        "p.viewDidDisappear R52", "m.viewWillAppear R52", "m.viewDidAppear R52", "m.completion(dismiss) R52",
        "transitioning m.dismissAnimator animationEnded(false)",
      ])
    #expect(p.presentedViewController === m && m.presentingViewController === p)
    #expect(!m.isBeingDismissed && p.view?.window == nil && m.view?.window != nil)
    let again = try harness.turn { engine throws(EngineError) in engine.dismiss(m, animated: false) }
    #expect(again.contains("p.viewDidAppear R26") && p.presentedViewController == nil && p.view?.window != nil)
  }

  /// R6/R7, R48, R52: the window's root replaced while a manual dismiss animator runs: the presenter, appearing for
  /// the dismissal, disappears with the old root; the animator completing afterwards sends it nothing and draws no
  /// "Unbalanced calls" warning (there were two). Cancelled, the presented controller (its view still in the window)
  /// appears again; completed, it gets its viewDidDisappear.
  @Test(arguments: [false, true])
  func manualDismissalCompletedAfterTheRootWasReplaced(didComplete: Bool) throws {
    let (harness, p, m) = try TransitionSetups.presenter(recording: [.completion, .transitioning])
    let (window, r) = (try #require(p.view?.window), try harness.controller("r"))
    try harness.turn { engine throws(EngineError) in
      try engine.present(m, from: p, style: .fullScreen, animated: false)
    }
    let animator = try install(harness, on: m, .dismiss, completes: .manual)
    try harness.turn { engine throws(EngineError) in engine.dismiss(m, animated: true) }
    #expect(
      try harness.show(r, in: window) == [
        "p.viewWillDisappear R6", "r.loadView R1", "r.viewDidLoad R1", "r.viewWillAppear R6", "p.viewDidDisappear R7",
        "r.viewDidAppear R7",
      ])
    let end = try harness.turn { engine throws(EngineError) in
      try engine.completeTransition(animator: animator, controller: nil, didComplete: didComplete)
    }
    let middle =
      didComplete
      ? ["m.viewDidDisappear R27", "m.completion(dismiss) R27"]
      : ["m.viewWillAppear R52", "m.viewDidAppear R52", "m.completion(dismiss) R52"]
    #expect(
      end == [
        "transitioning m.dismissAnimator completeTransition(\(didComplete))",
        "transitioning m.presentationController dismissalTransitionDidEnd(\(didComplete))",
      ] + middle + ["transitioning m.dismissAnimator animationEnded(\(didComplete))"])
    #expect(p.appearance.state == .disappeared && p.view?.window == nil)
    #expect(p.presentedViewController === (didComplete ? nil : m))
  }

  /// R52: a tab switch its animator cancels — the new tab disappears again, the old one appears again and stays
  /// selected, its view back in the tab bar controller's view.
  @Test func cancelledTabSwitchKeepsTheSelection() throws {
    let (harness, tabs, a, b) = try TransitionSetups.tabBar(recording: [.coordinator, .transitioning])
    _ = try install(harness, on: tabs, .tab)
    let events = try harness.turn { engine throws(EngineError) in try engine.selectTab(b, in: tabs) }
    #expect(
      events == [
        "b.loadView R1", "b.viewDidLoad R1", "transitioning tabs.tabAnimator animationController",
        "b.viewWillAppear R25", "a.viewWillDisappear R25", "transitioning tabs.tabAnimator animateTransition",
        "transitioning tabs.tabAnimator completeTransition(false)", "b.viewWillDisappear R52",
        "b.viewDidDisappear R52", "a.viewWillAppear R52", "a.viewDidAppear R52",
        "transitioning tabs.tabAnimator animationEnded(false)",
      ])
    #expect(harness.engine.selectedTabIndex(of: tabs) == 0)
    #expect(a.view?.superview === tabs.view && b.view?.superview == nil)
    #expect(harness.engine.activeCoordinators.isEmpty)
  }

  /// R50: an interactive push animator — the delegate's interactionController after animationController,
  /// startInteractiveTransition before animateTransition, the coordinator interactive from the start; nothing ends
  /// until the interaction does. Cancelled at 40%: the handler (cancelled, 0.4) before the reversing will calls, then
  /// after the settle back completeTransition(false) and the rollback. Finished: the handler (not cancelled), then
  /// the push completes.
  @Test(arguments: [false, true])
  func interactivePush(finishes: Bool) throws {
    let (harness, nav, controllers) = try stack(["a"])
    let b = try harness.controller("b")
    harness.engine.clock.mode = .manual
    let animator = try install(harness, on: nav, .push, completes: .after(true), interactive: true)
    let begin = try harness.turn { engine throws(EngineError) in
      try engine.push(b, on: nav, animated: true)
      _ = engine.notifyWhenInteractionChanges(b, tag: "lift")
    }
    #expect(
      begin == [
        "b.willMove(nav) R20", "b.loadView R1", "b.viewDidLoad R1",
        "nav.willShow(viewController: b, animated: true) R51", "transitioning nav.pushAnimator animationController",
        "transitioning nav.pushAnimator interactionController", "a.viewWillDisappear R19", "b.viewWillAppear R19",
        "transitioning nav.pushAnimator startInteractiveTransition",
        "transitioning nav.pushAnimator animateTransition",
      ])
    let coordinator = try #require(harness.engine.transitionCoordinator(of: b))
    #expect(coordinator.isInteractive && coordinator.initiallyInteractive && coordinator.isAwaitingInteraction)
    #expect(harness.advance(5000).isEmpty)
    try harness.turn { engine throws(EngineError) in
      try engine.updateInteractiveTransition(animator: animator, action: .update, percentComplete: 0.4)
    }
    #expect(coordinator.percentComplete == 0.4)
    let lift = try harness.turn { engine throws(EngineError) in
      try engine.updateInteractiveTransition(
        animator: animator, action: finishes ? .finish : .cancel, percentComplete: nil)
    }
    #expect(lift == ["coordinator b.lift interactionChanged\(finishes ? "" : " cancelled")"])
    #expect(!coordinator.isInteractive && coordinator.initiallyInteractive)
    let settled = harness.advance(500).compactMap(EngineHarness.describe)
    let end =
      finishes
      ? [
        "transitioning nav.pushAnimator completeTransition(true)", "a.viewDidDisappear R19", "b.viewDidAppear R19",
        "b.didMove(nav) R20", "nav.didShow(viewController: b, animated: true) R51", "nav.completion(push) R18",
        "transitioning nav.pushAnimator animationEnded(true)",
      ]
      : [
        "transitioning nav.pushAnimator completeTransition(false)", "b.viewWillDisappear R52",
        "b.viewDidDisappear R52", "a.viewWillAppear R52", "a.viewDidAppear R52", "nav.completion(push) R52",
        "transitioning nav.pushAnimator animationEnded(false)",
      ]
    #expect(settled == end)
    #expect(nav.children.map(\.id) == (finishes ? ["a", "b"] : ["a"]))
    #expect((controllers[0].view?.window != nil) == !finishes)
    #expect(harness.engine.activeCoordinators.isEmpty)
  }

  /// R48, R52: `c` pushed while a cancelled interactive push of `b` settles back waits for the rollback: the push of
  /// `b` is undone (`b` leaves the stack without didMove(nav)) before the push of `c` starts from `a`; the stack ends
  /// `[a, c]`, and finished, only `c` gets didMove(nav).
  @Test func pushDuringACancelledPushSettle() throws {
    let (harness, nav, controllers) = try stack(["a"])
    let (a, b, c) = (controllers[0], try harness.controller("b"), try harness.controller("c"))
    harness.engine.clock.mode = .manual
    let animator = try install(harness, on: nav, .push, completes: .after(true), interactive: true)
    try harness.turn { engine throws(EngineError) in try engine.push(b, on: nav, animated: true) }
    let queued = try harness.turn { engine throws(EngineError) in
      try engine.updateInteractiveTransition(animator: animator, action: .cancel, percentComplete: 0.4)
      try engine.push(c, on: nav, animated: true)
    }
    #expect(queued == ["c.willMove(nav) R20"])
    #expect(nav.children.map(\.id) == ["a", "b", "c"])
    #expect(
      harness.advance(500).compactMap(EngineHarness.describe) == [
        "transitioning nav.pushAnimator completeTransition(false)", "b.viewWillDisappear R52",
        "b.viewDidDisappear R52", "a.viewWillAppear R52", "a.viewDidAppear R52", "nav.completion(push) R52",
        "transitioning nav.pushAnimator animationEnded(false)", "c.loadView R1", "c.viewDidLoad R1",
        "nav.willShow(viewController: c, animated: true) R51", "transitioning nav.pushAnimator animationController",
        "transitioning nav.pushAnimator interactionController", "a.viewWillDisappear R19", "c.viewWillAppear R19",
        "transitioning nav.pushAnimator startInteractiveTransition",
        "transitioning nav.pushAnimator animateTransition",
      ])
    #expect(nav.children.map(\.id) == ["a", "c"] && b.parent == nil && b.view?.superview == nil)
    try harness.turn { engine throws(EngineError) in
      try engine.updateInteractiveTransition(animator: animator, action: .finish, percentComplete: 0.5)
    }
    #expect(
      harness.advance(500).compactMap(EngineHarness.describe) == [
        "transitioning nav.pushAnimator completeTransition(true)", "a.viewDidDisappear R19", "c.viewDidAppear R19",
        "c.didMove(nav) R20", "nav.didShow(viewController: c, animated: true) R51", "nav.completion(push) R18",
        "transitioning nav.pushAnimator animationEnded(true)",
      ])
    #expect(nav.children.map(\.id) == ["a", "c"] && a.view?.superview == nil && c.view?.superview === nav.view)
    #expect(harness.engine.activeCoordinators.isEmpty)
  }

  /// R50: an interactive presentation with a manual animator: finish hands the completion to the client
  /// (awaitingCompletion), cancel completes with false after the settle back and leaves nothing presented.
  @Test(arguments: [false, true])
  func interactivePresentation(finishes: Bool) throws {
    let (harness, p, m) = try TransitionSetups.presenter(recording: [.completion, .transitioning])
    let animator = try install(harness, on: m, .present, completes: .manual, interactive: true)
    try harness.turn { engine throws(EngineError) in try engine.present(m, from: p, style: .fullScreen, animated: true)
    }
    let coordinator = try #require(harness.engine.transitionCoordinator(of: m))
    let events = try harness.turn { engine throws(EngineError) in
      try engine.updateInteractiveTransition(
        animator: animator, action: finishes ? .finish : .cancel, percentComplete: 0.5)
    }
    if finishes {
      #expect(events.isEmpty && coordinator.isAwaitingCompletion)
      let done = try harness.turn { engine throws(EngineError) in
        try engine.completeTransition(animator: animator, controller: nil, didComplete: true)
      }
      #expect(done.contains("m.viewDidAppear R27") && p.presentedViewController === m)
    } else {
      #expect(
        events == [
          "transitioning m.presentAnimator completeTransition(false)",
          "transitioning m.presentationController presentationTransitionDidEnd(false)", "m.viewWillDisappear R52",
          "m.viewDidDisappear R52", "p.viewWillAppear R52", "p.viewDidAppear R52", "p.completion(present) R52",
          "transitioning m.presentAnimator animationEnded(false)",
        ])
      #expect(p.presentedViewController == nil && p.view?.window != nil)
    }
  }

  /// R50, R51: an interactive pop animator is what `navigation/interactivePop` uses — asked after willShow; its
  /// finish completes as `completes` says (false: the pop rolls back after the settle, the stack stays `[a, b]`).
  @Test func interactivePopAnimatorThatCompletesWithFalse() throws {
    let (harness, nav, controllers) = try stack(["a", "b"])
    _ = try install(harness, on: nav, .pop, completes: .after(false), interactive: true)
    let begin = try harness.turn { engine throws(EngineError) in try engine.beginInteractivePop(nav) }
    #expect(
      Array(begin.prefix(3)) == [
        "nav.willShow(viewController: a, animated: true) R51", "transitioning nav.popAnimator animationController",
        "transitioning nav.popAnimator interactionController",
      ])
    #expect(
      Array(begin.suffix(2)) == [
        "transitioning nav.popAnimator startInteractiveTransition", "transitioning nav.popAnimator animateTransition",
      ])
    let finish = try harness.turn { engine throws(EngineError) in try engine.finishInteractivePop(nav) }
    #expect(
      finish == [
        "transitioning nav.popAnimator completeTransition(false)", "a.viewWillDisappear R24",
        "a.viewDidDisappear R24", "b.viewWillAppear R24", "b.viewDidAppear R24", "nav.completion(pop) R24",
        "transitioning nav.popAnimator animationEnded(false)",
      ])
    #expect(nav.children.map(\.id) == ["a", "b"] && controllers[1].parent === nav)
    #expect(harness.engine.activeCoordinators.isEmpty)
  }

  /// `transition/updateInteractive`'s refusals change nothing: no transition running (noTransition), a transition
  /// that is not interactive or no longer waits for the interaction (notInteractive), an interactive pop's animator
  /// (driven by the gesture), `update` without a percentage.
  @Test func updateInteractiveRefusals() throws {
    let (harness, nav, controllers) = try stack(["a", "b"])
    let c = try harness.controller("c")
    let push = try install(harness, on: nav, .push, completes: .manual)
    let pop = try install(harness, on: nav, .pop, completes: .after(true), interactive: true)
    let idle = harness.refusal { engine throws(EngineError) in
      try engine.updateInteractiveTransition(animator: push, action: .finish, percentComplete: nil)
    }
    #expect(idle?.contains("noTransition") == true)
    try harness.turn { engine throws(EngineError) in try engine.push(c, on: nav, animated: true) }
    let before = harness.fingerprint()
    let notInteractive = harness.refusal { engine throws(EngineError) in
      try engine.updateInteractiveTransition(animator: push, action: .cancel, percentComplete: 0.2)
    }
    #expect(notInteractive?.contains("notInteractive") == true)
    #expect(harness.fingerprint() == before)
    try harness.turn { engine throws(EngineError) in
      try engine.completeTransition(animator: push, controller: nil, didComplete: true)
    }
    _ = try harness.turn { engine throws(EngineError) in try engine.beginInteractivePop(nav) }
    let gesture = harness.refusal { engine throws(EngineError) in
      try engine.updateInteractiveTransition(animator: pop, action: .update, percentComplete: 0.5)
    }
    #expect(gesture?.contains("notInteractive") == true)
    #expect(c.parent == nil && controllers.count == 2)
    let interactivePush = try install(harness, on: nav, .push, completes: .after(true), interactive: true)
    try harness.turn { engine throws(EngineError) in try engine.finishInteractivePop(nav) }
    try harness.turn { engine throws(EngineError) in try engine.push(c, on: nav, animated: true) }
    let noPercent = harness.refusal { engine throws(EngineError) in
      try engine.updateInteractiveTransition(animator: interactivePush, action: .update, percentComplete: nil)
    }
    #expect(noPercent?.contains("percentComplete") == true)
  }

  /// An interactive transition left waiting for its interaction, and a stack kept for a rollback, let go of their
  /// controllers at world/reset and at the engine's end.
  @Test(arguments: [false, true])
  func anUnfinishedInteractionLeaksNothing(resetFirst: Bool) throws {
    weak var pushed: ControllerNode?
    weak var navigation: ControllerNode?
    weak var engineGone: Engine?
    do {
      let (harness, nav, _) = try stack(["a"])
      let b = try harness.controller("b")
      _ = try install(harness, on: nav, .push, completes: .after(true), interactive: true)
      try harness.turn { engine throws(EngineError) in try engine.push(b, on: nav, animated: true) }
      #expect(harness.engine.transitionCoordinator(of: b)?.isAwaitingInteraction == true)
      (pushed, navigation, engineGone) = (b, nav, harness.engine)
      if resetFirst {
        harness.engine.reset()
        #expect(harness.engine.activeCoordinators.isEmpty)
      }
    }
    #expect(engineGone == nil)
    #expect(pushed == nil && navigation == nil)
  }
}

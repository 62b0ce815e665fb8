import ContainerEngine
import Testing

/// The transition coordinator and custom animators through the engine API alone (R46–R52); the binary runs TC-1..TC-6
/// in CoordinatorOverPipesTests.
@Suite struct CoordinatorEngineTests {
  /// `nav` in `win` showing `a` (and `b` pushed when `pushed`), coordinator and transitioning events recorded,
  /// viewIsAppearing off.
  private func stack(pushed: Bool, delegate: Bool = false) throws -> (
    EngineHarness, nav: ControllerNode, a: ControllerNode, b: ControllerNode
  ) {
    let harness = EngineHarness(viewIsAppearing: false)
    harness.subscribe([.completion, .coordinator, .transitioning])
    let window = try harness.window()
    let a = try harness.controller("a")
    let b = try harness.controller("b")
    let (nav, _) = try harness.navigation("nav", root: a)
    try harness.engine.setNavigationDelegate(nav, installed: delegate)
    try harness.show(nav, in: window)
    if pushed { try harness.turn { engine throws(EngineError) in try engine.push(b, on: nav, animated: false) } }
    return (harness, nav, a, b)
  }

  /// R46–R48 (TC-1): the coordinator exists from the push call, found from the pushed controller through its parent;
  /// a probe registered then runs its animation after the will pair, its completion after didMove and before the
  /// completion; no coordinator after the turn.
  @Test func animatedPushRunsTheProbeAroundTheTransition() throws {
    let (harness, nav, _, b) = try stack(pushed: false)
    var queued = false
    var found: TransitionCoordinator?
    let events = try harness.turn { engine throws(EngineError) in
      try engine.push(b, on: nav, animated: true)
      queued = engine.animateAlongside(b, tag: "t1")
      found = engine.transitionCoordinator(of: b)
    }
    #expect(queued)
    #expect(found?.kind == .push && found?.isAnimated == true && found?.isInteractive == false)
    #expect(
      events == [
        "b.willMove(nav) R20", "b.loadView R1", "b.viewDidLoad R1", "a.viewWillDisappear R19",
        "b.viewWillAppear R19", "coordinator b.t1 alongsideAnimation", "a.viewDidDisappear R19",
        "b.viewDidAppear R19", "b.didMove(nav) R20", "coordinator b.t1 alongsideCompletion", "nav.completion(push) R18",
      ])
    #expect(harness.engine.transitionCoordinator(of: b) == nil)
    #expect(harness.engine.activeCoordinators.isEmpty)
  }

  /// R46 (TC-2) and `coordinator.nonAnimatedNav`: a non-animated pop has no coordinator by default (a probe is not
  /// queued), and one with isAnimated false when the option is `present`.
  @Test(arguments: [Engine.CoordinatorBehavior.Presence.nil, .present])
  func nonAnimatedPop(option: Engine.CoordinatorBehavior.Presence) throws {
    let (harness, nav, a, _) = try stack(pushed: true)
    harness.engine.options.coordinator.nonAnimatedNav = option
    var queued = true
    var animated: Bool?
    let events = try harness.turn { engine throws(EngineError) in
      _ = try engine.pop(nav, animated: false)
      queued = engine.animateAlongside(a, tag: "t2")
      animated = engine.transitionCoordinator(of: a)?.isAnimated
    }
    #expect(queued == (option == .present))
    #expect(animated == (option == .present ? false : nil))
    #expect(events.filter { $0.hasPrefix("coordinator") }.count == (option == .present ? 2 : 0))
  }

  /// R50, R51 (TC-3), with the delegate: willShow at the begin only; the handler at the cancel before R24's reversal
  /// (isCancelled, percentComplete 0.3); the alongside completion cancelled; no didShow, no didMove. With
  /// `pop.cancelReversalAt: cancel` the reversal comes in the cancel call, at once.
  @Test(arguments: [Engine.CoordinatorBehavior.CancelReversal.settleEnd, .cancel])
  func cancelledInteractivePop(reversal: Engine.CoordinatorBehavior.CancelReversal) throws {
    let (harness, nav, a, _) = try stack(pushed: true, delegate: true)
    harness.engine.options.coordinator.cancelReversalAt = reversal
    harness.engine.clock.mode = .manual
    let begin = try harness.turn { engine throws(EngineError) in
      try engine.beginInteractivePop(nav)
      _ = engine.notifyWhenInteractionChanges(a, tag: "lift")
      _ = engine.animateAlongside(a, tag: "probe")
    }
    #expect(
      begin == [
        "nav.willShow(viewController: a, animated: true) R51", "b.willMove(nil) R20", "b.viewWillDisappear R23",
        "a.viewWillAppear R23", "coordinator a.probe alongsideAnimation",
      ])
    try harness.turn { engine throws(EngineError) in try engine.updateInteractivePop(nav, progress: 0.3) }
    #expect(harness.engine.transitionCoordinator(of: a)?.percentComplete == 0.3)
    let cancel = try harness.turn { engine throws(EngineError) in try engine.cancelInteractivePop(nav) }
    let reversing = [
      "a.viewWillDisappear R24", "a.viewDidDisappear R24", "b.viewWillAppear R24", "b.viewDidAppear R24",
    ]
    let settled = harness.advance(500).compactMap(EngineHarness.describe)
    #expect(
      cancel + settled == ["coordinator a.lift interactionChanged cancelled"] + reversing + [
        "coordinator a.probe alongsideCompletion cancelled", "nav.completion(pop) R24",
      ])
    #expect(cancel.count == (reversal == .cancel ? 5 : 1))
    #expect(nav.children.map(\.id) == ["a", "b"])
    #expect(harness.engine.activeCoordinators.isEmpty)
  }

  /// R51 (TC-4): finished — the handler (not cancelled), then at the settle's end the did pair, didMove(nil), the
  /// alongside completion and the delegate's didShow, before the completion.
  @Test func finishedInteractivePop() throws {
    let (harness, nav, a, _) = try stack(pushed: true, delegate: true)
    try harness.turn { engine throws(EngineError) in
      try engine.beginInteractivePop(nav)
      _ = engine.notifyWhenInteractionChanges(a, tag: "lift")
      _ = engine.animateAlongside(a, tag: "probe")
    }
    let finish = try harness.turn { engine throws(EngineError) in try engine.finishInteractivePop(nav) }
    #expect(
      finish == [
        "coordinator a.lift interactionChanged", "b.viewDidDisappear R23", "a.viewDidAppear R23",
        "b.didMove(nil) R20", "coordinator a.probe alongsideCompletion",
        "nav.didShow(viewController: a, animated: true) R51", "nav.completion(pop) R23",
      ])
  }

  /// R50 (L-rt11): a back-button pop is not interactive: the interaction handler never runs.
  @Test func aBackButtonPopNeverCallsTheInteractionHandler() throws {
    let (harness, nav, a, _) = try stack(pushed: true)
    var registered = false
    let events = try harness.turn { engine throws(EngineError) in
      _ = try engine.pop(nav, animated: true)
      registered = engine.notifyWhenInteractionChanges(a, tag: "lift")
    }
    #expect(registered)
    #expect(!events.contains { $0.contains("interactionChanged") })
  }

  /// R47's open point: registered after the animator started (a presentation's will calls are in the call), the
  /// animation block runs at once and the call answers true.
  @Test func registeringAfterTheAnimatorStartedRunsAtOnce() throws {
    let (harness, p, m) = try TransitionSetups.presenter(recording: [.completion, .coordinator])
    let events = try harness.turn { engine throws(EngineError) in
      try engine.present(m, from: p, style: .pageSheet, animated: true)
      #expect(engine.animateAlongside(m, tag: "late"))
    }
    #expect(
      events == [
        "m.loadView R1", "m.viewDidLoad R1", "m.viewWillAppear R27", "coordinator m.late alongsideAnimation",
        "m.viewDidAppear R27", "p.completion(present) R27", "coordinator m.late alongsideCompletion",
      ])
  }

  /// R48, R49 (TC-5): a manual present animator holds everything after animateTransition; completeTransition(true)
  /// delivers presentationTransitionDidEnd, the did pair, the completion, then animationEnded last.
  @Test func manualAnimatorDeliversTheDidCallbacks() throws {
    let (harness, p, m) = try TransitionSetups.presenter(recording: [.completion, .coordinator, .transitioning])
    let animator = try TransitionSetups.install(harness, on: m, .present, completes: .manual)
    let start = try harness.turn { engine throws(EngineError) in
      try engine.present(m, from: p, style: .fullScreen, animated: true)
    }
    #expect(
      start == [
        "transitioning m.presentAnimator animationController",
        "transitioning m.presentationController presentationTransitionWillBegin", "m.loadView R1",
        "m.viewDidLoad R1", "p.viewWillDisappear R26", "m.viewWillAppear R27",
        "transitioning m.presentAnimator animateTransition",
      ])
    #expect(harness.advance(5000).isEmpty)
    #expect(p.presentedViewController === m)
    let end = try harness.turn { engine throws(EngineError) in
      try engine.completeTransition(animator: animator, controller: nil, didComplete: true)
    }
    #expect(
      end == [
        "transitioning m.presentAnimator completeTransition(true)",
        "transitioning m.presentationController presentationTransitionDidEnd(true)", "m.viewDidAppear R27",
        "p.viewDidDisappear R26", "p.completion(present) R27", "transitioning m.presentAnimator animationEnded(true)",
      ])
    // Completing a finished transition is refused and changes nothing.
    #expect(
      harness.refusal { engine throws(EngineError) in
        try engine.completeTransition(animator: animator, controller: nil, didComplete: true)
      } != nil)
  }

  /// R52: a presentation its animator cancels reverses with the begin-twice pattern (the presented controller's
  /// disappear pair, then the presenter's appear pair) and leaves nothing presented.
  @Test func aCancelledPresentationReverses() throws {
    let (harness, p, m) = try TransitionSetups.presenter(recording: [.completion, .transitioning])
    _ = try TransitionSetups.install(harness, on: m, .present, duration: 0.2)
    let events = try harness.turn { engine throws(EngineError) in
      try engine.present(m, from: p, style: .fullScreen, animated: true)
    }
    #expect(
      Array(events.suffix(8)) == [
        "transitioning m.presentAnimator completeTransition(false)",
        "transitioning m.presentationController presentationTransitionDidEnd(false)", "m.viewWillDisappear R52",
        "m.viewDidDisappear R52", "p.viewWillAppear R52", "p.viewDidAppear R52", "p.completion(present) R52",
        "transitioning m.presentAnimator animationEnded(false)",
      ])
    #expect(p.presentedViewController == nil && m.presentingViewController == nil)
    #expect(p.view?.window != nil)
  }

  /// Animators are refused, changing nothing, on the wrong kind of controller and with a presentation controller for
  /// a push.
  @Test func animatorRefusals() throws {
    let (harness, nav, a, _) = try stack(pushed: false)
    #expect(
      harness.refusal { engine throws(EngineError) in
        _ = try engine.setAnimator(
          on: a, kind: .push, duration: 0.3, completion: .manual, interactive: false, presentationController: nil)
      } != nil)
    #expect(
      harness.refusal { engine throws(EngineError) in
        _ = try engine.setAnimator(
          on: nav, kind: .push, duration: 0.3, completion: .after(false), interactive: false,
          presentationController: .init(shouldRemovePresentersView: true))
      } != nil)
    #expect(harness.engine.animator(of: nav, kind: .push) == nil)
  }

  /// R48: a manual push animator holds the push (no did pair, the coordinator waits) until completeTransition; the
  /// delegate's animationController question comes before the will pair, animationEnded after the completion.
  @Test func manualPushAnimator() throws {
    let (harness, nav, a, b) = try stack(pushed: false)
    _ = try TransitionSetups.install(harness, on: nav, .push, completes: .manual)
    let start = try harness.turn { engine throws(EngineError) in try engine.push(b, on: nav, animated: true) }
    #expect(
      start == [
        "b.willMove(nav) R20", "b.loadView R1", "b.viewDidLoad R1",
        "transitioning nav.pushAnimator animationController", "a.viewWillDisappear R19", "b.viewWillAppear R19",
        "transitioning nav.pushAnimator animateTransition",
      ])
    #expect(harness.engine.transitionCoordinator(of: a)?.isAwaitingCompletion == true)
    let end = try harness.turn { engine throws(EngineError) in
      try engine.completeTransition(animator: nil, controller: b, didComplete: true)
    }
    #expect(
      end == [
        "transitioning nav.pushAnimator completeTransition(true)", "a.viewDidDisappear R19", "b.viewDidAppear R19",
        "b.didMove(nav) R20", "nav.completion(push) R18", "transitioning nav.pushAnimator animationEnded(true)",
      ])
  }

  /// R46's open point: a tab switch has a coordinator only with a custom animator; with a manual one the did pair
  /// waits for completeTransition, and another switch meanwhile is refused, changing nothing.
  @Test func tabSwitchWithACustomAnimator() throws {
    let (harness, tabs, a, b) = try TransitionSetups.tabBar(recording: [.coordinator, .transitioning])
    var plain: TransitionCoordinator?
    try harness.turn { engine throws(EngineError) in
      try engine.selectTab(b, in: tabs)
      plain = engine.transitionCoordinator(of: b)
    }
    #expect(plain == nil)
    _ = try TransitionSetups.install(harness, on: tabs, .tab, completes: .manual)
    let start = try harness.turn { engine throws(EngineError) in try engine.selectTab(a, in: tabs) }
    #expect(
      start == [
        "transitioning tabs.tabAnimator animationController", "a.viewWillAppear R25", "b.viewWillDisappear R25",
        "transitioning tabs.tabAnimator animateTransition",
      ])
    #expect(harness.refusal { engine throws(EngineError) in try engine.selectTab(b, in: tabs) } != nil)
    let end = try harness.turn { engine throws(EngineError) in
      try engine.completeTransition(animator: nil, controller: a, didComplete: true)
    }
    #expect(
      end == [
        "transitioning tabs.tabAnimator completeTransition(true)", "b.viewDidDisappear R25", "a.viewDidAppear R25",
        "transitioning tabs.tabAnimator animationEnded(true)",
      ])
  }

  /// R46, R50, R59: a sheet's swipe is an interactive dismissal with a coordinator; the finger lifting short calls
  /// the interaction handler (cancelled) before the reversing viewWillAppear; the alongside completion (cancelled)
  /// comes after the spring back's completion. A finished swipe's handler is not cancelled, its completion after
  /// the sheet's completion.
  @Test(arguments: [false, true])
  func sheetSwipeIsAnInteractiveTransition(finishes: Bool) throws {
    let (harness, p, m) = try TransitionSetups.presenter(recording: [.completion, .coordinator])
    try harness.turn { engine throws(EngineError) in try engine.present(m, from: p, style: .pageSheet, animated: false)
    }
    var interactive: Bool?
    let begin = try harness.turn { engine throws(EngineError) in
      try engine.beginInteractiveDismiss(m, progress: finishes ? 0.6 : 0.2, velocity: nil)
      _ = engine.notifyWhenInteractionChanges(m, tag: "lift")
      _ = engine.animateAlongside(p, tag: "probe")
      interactive = engine.transitionCoordinator(of: p)?.isInteractive
    }
    #expect(interactive == true)
    #expect(begin == ["m.viewWillDisappear R59", "coordinator p.probe alongsideAnimation"])
    let release = try harness.turn { engine throws(EngineError) in
      try engine.finishInteractiveDismiss(m, progress: nil, velocity: nil)
    }
    if finishes {
      #expect(
        release == [
          "coordinator m.lift interactionChanged", "m.viewDidDisappear R59", "m.completion(interactiveDismiss) R59",
          "coordinator p.probe alongsideCompletion",
        ])
    } else {
      #expect(
        release == [
          "coordinator m.lift interactionChanged cancelled", "m.viewWillAppear R59", "m.viewDidAppear R59",
          "m.completion(interactiveDismiss) R59", "coordinator p.probe alongsideCompletion cancelled",
        ])
    }
    #expect(harness.engine.activeCoordinators.isEmpty)
  }

  /// A transition a manual animator never completes (R48) lets go of its controllers when the engine goes or the
  /// world is reset: its pending completeTransition captures the coordinator, and a navigation controller holds its
  /// coordinator, which would otherwise keep both alive as a cycle (the fuzzer's leak check found the presentation's).
  @Test(arguments: [false, true])
  func aTransitionNeverCompletedLeaksNothing(resetFirst: Bool) throws {
    weak var presented: ControllerNode?
    weak var pushed: ControllerNode?
    weak var navigation: ControllerNode?
    weak var engineGone: Engine?
    do {
      let (harness, nav, a, b) = try stack(pushed: false)
      let m = try harness.controller("m")
      _ = try TransitionSetups.install(harness, on: m, .present, completes: .manual)
      _ = try TransitionSetups.install(harness, on: nav, .push, completes: .manual)
      try harness.turn { engine throws(EngineError) in try engine.push(b, on: nav, animated: true) }
      try harness.turn { engine throws(EngineError) in
        try engine.present(m, from: a, style: .fullScreen, animated: true)
      }
      #expect(harness.engine.activeCoordinators.count == 2)
      (presented, pushed, navigation, engineGone) = (m, b, nav, harness.engine)
      if resetFirst {
        harness.engine.reset()
        #expect(harness.engine.activeCoordinators.isEmpty)
      }
    }
    #expect(engineGone == nil)
    #expect(presented == nil && pushed == nil && navigation == nil)
  }
}

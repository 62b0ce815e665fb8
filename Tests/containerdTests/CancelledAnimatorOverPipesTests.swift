import Testing

/// Custom animators that cancel (R52) and interactive animators (R50) through the built binary, each with its exact
/// order: a push, pop, dismissal and tab switch whose animator completes with false roll back; an interactive push is
/// driven by `transition/updateInteractive`; an interactive pop animator by `navigation/interactivePop`. The setups
/// and the trace are CoordinatorOverPipesTests'.
@Suite struct CancelledAnimatorOverPipesTests {
  private typealias Pipes = CoordinatorOverPipesTests

  private static func request(_ id: Int, _ method: String, _ params: String) -> String {
    Pipes.request(id, method, params)
  }

  /// R52: a push its animator cancels — after completeTransition(false) the pushed controller's disappear pair, the
  /// old top's appear pair, the alongside completion (isCancelled false: no interaction was cancelled, R50), the
  /// completion (finished false), animationEnded(false); no didMove, no didShow; `viewControllers` is `[a]` again.
  @Test func cancelledPush() throws {
    let lines = try Pipes.run(
      Pipes.navigationSetup(stack: ["a"]) + [
        Self.request(10, "transition/setAnimator", #"{"controller":"nav","kind":"push","completes":false}"#),
        Pipes.batch(
          Self.request(11, "navigation/push", #"{"navigation":"nav","controller":"b","animated":true}"#),
          Self.request(12, "transition/animateAlongside", #"{"controller":"b","tag":"t"}"#)),
        Self.request(13, "controller/get", #"{"controller":"nav"}"#),
        Self.request(14, "controller/get", #"{"controller":"b"}"#),
      ])
    #expect(
      Pipes.events(after: 10, in: lines) == [
        "b.willMove(nav) R20", "b.loadView R1", "b.viewDidLoad R1", "delegate nav.willShow(b)",
        "transitioning nav.pushAnimator animationController", "a.viewWillDisappear R19", "b.viewWillAppear R19",
        "transitioning nav.pushAnimator animateTransition", "coordinator b.t alongsideAnimation cancelled:false",
        "b.viewIsAppearing R69", "transitioning nav.pushAnimator completeTransition(false)",
        "b.viewWillDisappear R52", "b.viewDidDisappear R52", "a.viewWillAppear R52", "a.viewIsAppearing R69",
        "a.viewDidAppear R52", "coordinator b.t alongsideCompletion cancelled:false", "nav.completion(push,false)",
        "transitioning nav.pushAnimator animationEnded(false)",
      ])
    #expect(Pipes.reply(13, in: lines)?.contains(#""children":["a"]"#) == true)
    #expect(Pipes.reply(14, in: lines)?.contains(#""parent":null"#) == true)
  }

  /// R52: a pop its animator cancels — the controller below disappears again, the top appears again; no didMove(nil),
  /// no didShow; `viewControllers` stays `[a, b]`.
  @Test func cancelledPop() throws {
    let lines = try Pipes.run(
      Pipes.navigationSetup(stack: ["a", "b"]) + [
        Self.request(10, "transition/setAnimator", #"{"controller":"nav","kind":"pop","completes":false}"#),
        Self.request(11, "navigation/pop", #"{"navigation":"nav","animated":true}"#),
        Self.request(12, "controller/get", #"{"controller":"nav"}"#),
      ])
    #expect(
      Pipes.events(after: 10, in: lines) == [
        "b.willMove(nil) R20", "a.loadView R1", "a.viewDidLoad R1", "delegate nav.willShow(a)",
        "transitioning nav.popAnimator animationController", "b.viewWillDisappear R19", "a.viewWillAppear R19",
        "transitioning nav.popAnimator animateTransition", "a.viewIsAppearing R69",
        "transitioning nav.popAnimator completeTransition(false)", "a.viewWillDisappear R52",
        "a.viewDidDisappear R52", "b.viewWillAppear R52", "b.viewIsAppearing R69", "b.viewDidAppear R52",
        "nav.completion(pop,false)", "transitioning nav.popAnimator animationEnded(false)",
      ])
    #expect(Pipes.reply(12, in: lines)?.contains(#""children":["a","b"]"#) == true)
  }

  /// R52: a dismissal its animator cancels — dismissalTransitionDidEnd(false), the presenter disappears again, the
  /// presented controller appears again, the completion (finished false) before the alongside completion;
  /// `presentedViewController` stays `m`.
  @Test func cancelledDismissal() throws {
    let lines = try Pipes.run(
      Pipes.presentationSetup + [
        Self.request(
          10, "presentation/present", #"{"presenter":"p","controller":"m","style":"fullScreen","animated":false}"#),
        Self.request(11, "transition/setAnimator", #"{"controller":"m","kind":"dismiss","completes":false}"#),
        Pipes.batch(
          Self.request(12, "presentation/dismiss", #"{"controller":"m","animated":true}"#),
          Self.request(13, "transition/animateAlongside", #"{"controller":"m","tag":"t"}"#)),
        Self.request(14, "controller/get", #"{"controller":"p"}"#),
      ])
    #expect(
      Pipes.events(after: 11, in: lines) == [
        "transitioning m.dismissAnimator animationController",
        "transitioning m.presentationController dismissalTransitionWillBegin", "m.viewWillDisappear R27",
        "p.viewWillAppear R26", "transitioning m.dismissAnimator animateTransition",
        "coordinator m.t alongsideAnimation cancelled:false", "p.viewIsAppearing R69",
        "transitioning m.dismissAnimator completeTransition(false)",
        "transitioning m.presentationController dismissalTransitionDidEnd(false)", "p.viewWillDisappear R52",
        "p.viewDidDisappear R52", "m.viewWillAppear R52", "m.viewIsAppearing R69", "m.viewDidAppear R52",
        "m.completion(dismiss,false)", "coordinator m.t alongsideCompletion cancelled:false",
        "transitioning m.dismissAnimator animationEnded(false)",
      ])
    #expect(Pipes.reply(14, in: lines)?.contains(#""presentedViewController":"m""#) == true)
  }

  /// R52: a tab switch its animator cancels — the new tab disappears again, the old one appears again;
  /// `selectedIndex` stays 0.
  @Test func cancelledTabSwitch() throws {
    let lines = try Pipes.run([
      Self.request(1, "window/create", #"{"id":"win"}"#), Self.request(2, "controller/create", #"{"id":"a"}"#),
      Self.request(3, "controller/create", #"{"id":"b"}"#),
      Self.request(4, "controller/create", #"{"id":"tabs","kind":"UITabBarController","controllers":["a","b"]}"#),
      Self.request(5, "window/setRoot", #"{"window":"win","controller":"tabs"}"#), Pipes.subscribe,
      Self.request(10, "transition/setAnimator", #"{"controller":"tabs","kind":"tab","completes":false}"#),
      Self.request(11, "tab/select", #"{"tabBar":"tabs","index":1}"#),
      Self.request(12, "controller/get", #"{"controller":"tabs"}"#),
    ])
    #expect(
      Pipes.events(after: 10, in: lines) == [
        "b.loadView R1", "b.viewDidLoad R1", "transitioning tabs.tabAnimator animationController",
        "b.viewWillAppear R25", "a.viewWillDisappear R25", "transitioning tabs.tabAnimator animateTransition",
        "b.viewIsAppearing R69", "transitioning tabs.tabAnimator completeTransition(false)",
        "b.viewWillDisappear R52", "b.viewDidDisappear R52", "a.viewWillAppear R52", "a.viewIsAppearing R69",
        "a.viewDidAppear R52", "transitioning tabs.tabAnimator animationEnded(false)",
      ])
    #expect(Pipes.reply(12, in: lines)?.contains(#""selectedIndex":0"#) == true)
  }

  /// R50: an interactive push animator. The begin: interactionController after animationController,
  /// startInteractiveTransition before animateTransition, the coordinator interactive from the start and waiting for
  /// the interaction. `update` sets percentComplete; `cancel` runs the handler (cancelled, 0.4) before the reversing
  /// will calls, then after the settle back the rollback with isCancelled true; `viewControllers` is `[a]` again.
  /// Finished instead: the handler (not cancelled), then the push completes.
  @Test(arguments: ["cancel", "finish"])
  func interactivePush(action: String) throws {
    let lines = try Pipes.run(
      Pipes.navigationSetup(stack: ["a"]) + [
        Self.request(10, "transition/setAnimator", #"{"controller":"nav","kind":"push","interactive":true}"#),
        Pipes.batch(
          Self.request(11, "navigation/push", #"{"navigation":"nav","controller":"b","animated":true}"#),
          Self.request(12, "transition/notifyWhenInteractionChanges", #"{"controller":"b","tag":"lift"}"#),
          Self.request(13, "transition/animateAlongside", #"{"controller":"b","tag":"probe"}"#)),
        Self.request(14, "transition/coordinator", #"{"controller":"b"}"#),
        Self.request(
          15, "transition/updateInteractive",
          #"{"animator":"nav.pushAnimator","action":"update","percentComplete":0.4}"#
        ),
        Self.request(16, "transition/updateInteractive", #"{"animator":"nav.pushAnimator","action":"\#(action)"}"#),
        Self.request(17, "controller/get", #"{"controller":"nav"}"#),
      ])
    #expect(
      Pipes.events(after: 10, in: lines) == [
        "b.willMove(nav) R20", "b.loadView R1", "b.viewDidLoad R1", "delegate nav.willShow(b)",
        "transitioning nav.pushAnimator animationController", "transitioning nav.pushAnimator interactionController",
        "a.viewWillDisappear R19", "b.viewWillAppear R19", "transitioning nav.pushAnimator startInteractiveTransition",
        "transitioning nav.pushAnimator animateTransition", "coordinator b.probe alongsideAnimation cancelled:false",
        "b.viewIsAppearing R69",
      ])
    let waiting = try #require(Pipes.reply(14, in: lines))
    #expect(waiting.contains(#""isInteractive":true"#) && waiting.contains(#""initiallyInteractive":true"#))
    #expect(waiting.contains(#""awaitingInteraction":true"#))
    #expect(Pipes.events(after: 14, in: lines).isEmpty)
    let end =
      action == "cancel"
      ? [
        "coordinator b.lift interactionChanged cancelled:true",
        "transitioning nav.pushAnimator completeTransition(false)", "b.viewWillDisappear R52",
        "b.viewDidDisappear R52", "a.viewWillAppear R52", "a.viewIsAppearing R69", "a.viewDidAppear R52",
        "coordinator b.probe alongsideCompletion cancelled:true", "nav.completion(push,false)",
        "transitioning nav.pushAnimator animationEnded(false)",
      ]
      : [
        "coordinator b.lift interactionChanged cancelled:false",
        "transitioning nav.pushAnimator completeTransition(true)", "a.viewDidDisappear R19", "b.viewDidAppear R19",
        "b.didMove(nav) R20", "coordinator b.probe alongsideCompletion cancelled:false", "delegate nav.didShow(b)",
        "nav.completion(push)", "transitioning nav.pushAnimator animationEnded(true)",
      ]
    #expect(Pipes.events(after: 15, in: lines) == end)
    let lift = try #require(lines.first { $0.contains(#""callback":"interactionChanged""#) })
    #expect(lift.contains(#""isInteractive":false"#) && lift.contains(#""percentComplete":0.4"#))
    let children = action == "cancel" ? #""children":["a"]"# : #""children":["a","b"]"#
    #expect(Pipes.reply(17, in: lines)?.contains(children) == true)
  }

  /// R50, R48, R52: an interactive tab animator that completes manually: `finish` at 50% runs the handler (not
  /// cancelled) and hands the completion to the client (awaitingCompletion); `transition/complete` with false then
  /// rolls the switch back (isCancelled stays false: the interaction finished); `selectedIndex` stays 0.
  @Test func interactiveTabSwitchFinishedThenCompletedWithFalse() throws {
    let lines = try Pipes.run([
      Self.request(1, "window/create", #"{"id":"win"}"#), Self.request(2, "controller/create", #"{"id":"a"}"#),
      Self.request(3, "controller/create", #"{"id":"b"}"#),
      Self.request(4, "controller/create", #"{"id":"tabs","kind":"UITabBarController","controllers":["a","b"]}"#),
      Self.request(5, "window/setRoot", #"{"window":"win","controller":"tabs"}"#), Pipes.subscribe,
      Self.request(
        10, "transition/setAnimator", #"{"controller":"tabs","kind":"tab","completes":"manual","interactive":true}"#),
      Pipes.batch(
        Self.request(11, "tab/select", #"{"tabBar":"tabs","index":1}"#),
        Self.request(12, "transition/notifyWhenInteractionChanges", #"{"controller":"b","tag":"lift"}"#),
        Self.request(13, "transition/animateAlongside", #"{"controller":"b","tag":"probe"}"#)),
      Self.request(
        14, "transition/updateInteractive", #"{"animator":"tabs.tabAnimator","action":"finish","percentComplete":0.5}"#
      ),
      Self.request(15, "transition/coordinator", #"{"controller":"b"}"#),
      Self.request(16, "transition/complete", #"{"animator":"tabs.tabAnimator","didComplete":false}"#),
      Self.request(17, "controller/get", #"{"controller":"tabs"}"#),
    ])
    #expect(
      Pipes.events(after: 10, in: lines) == [
        "b.loadView R1", "b.viewDidLoad R1", "transitioning tabs.tabAnimator animationController",
        "transitioning tabs.tabAnimator interactionController", "b.viewWillAppear R25", "a.viewWillDisappear R25",
        "transitioning tabs.tabAnimator startInteractiveTransition",
        "transitioning tabs.tabAnimator animateTransition", "coordinator b.probe alongsideAnimation cancelled:false",
        "b.viewIsAppearing R69",
      ])
    #expect(Pipes.events(after: 11, in: lines) == ["coordinator b.lift interactionChanged cancelled:false"])
    let waiting = try #require(Pipes.reply(15, in: lines))
    #expect(waiting.contains(#""awaitingCompletion":true"#) && waiting.contains(#""awaitingInteraction":false"#))
    #expect(waiting.contains(#""isInteractive":false"#) && waiting.contains(#""percentComplete":0.5"#))
    #expect(
      Pipes.events(after: 15, in: lines) == [
        "transitioning tabs.tabAnimator completeTransition(false)", "b.viewWillDisappear R52",
        "b.viewDidDisappear R52", "a.viewWillAppear R52", "a.viewIsAppearing R69", "a.viewDidAppear R52",
        "coordinator b.probe alongsideCompletion cancelled:false",
        "transitioning tabs.tabAnimator animationEnded(false)",
      ])
    #expect(Pipes.reply(17, in: lines)?.contains(#""selectedIndex":0"#) == true)
  }

  /// R50, R51: an interactive pop animator is what navigation/interactivePop uses: the delegate's willShow, then the
  /// animator's questions; the gesture's cancel completes it with false after the settle back (R24's reversal inside
  /// completeTransition(false)).
  @Test func interactivePopWithAnAnimator() throws {
    let lines = try Pipes.run(
      Pipes.navigationSetup(stack: ["a", "b"]) + [
        Self.request(10, "transition/setAnimator", #"{"controller":"nav","kind":"pop","interactive":true}"#),
        Self.request(11, "navigation/interactivePop", #"{"navigation":"nav","action":"begin"}"#),
        Self.request(12, "navigation/interactivePop", #"{"navigation":"nav","action":"update","progress":0.3}"#),
        Self.request(13, "navigation/interactivePop", #"{"navigation":"nav","action":"cancel"}"#),
        Self.request(14, "controller/get", #"{"controller":"nav"}"#),
      ])
    #expect(
      Pipes.events(after: 10, in: lines) == [
        "delegate nav.willShow(a)", "transitioning nav.popAnimator animationController",
        "transitioning nav.popAnimator interactionController", "b.willMove(nil) R20", "a.loadView R1",
        "a.viewDidLoad R1", "b.viewWillDisappear R23", "a.viewWillAppear R23",
        "transitioning nav.popAnimator startInteractiveTransition", "transitioning nav.popAnimator animateTransition",
        "a.viewIsAppearing R69",
      ])
    #expect(
      Pipes.events(after: 12, in: lines) == [
        "transitioning nav.popAnimator completeTransition(false)", "a.viewWillDisappear R24",
        "a.viewDidDisappear R24", "b.viewWillAppear R24", "b.viewIsAppearing R69", "b.viewDidAppear R24",
        "nav.completion(pop,false)", "transitioning nav.popAnimator animationEnded(false)",
      ])
    #expect(Pipes.reply(14, in: lines)?.contains(#""children":["a","b"]"#) == true)
  }

  /// transition/updateInteractive's refusals change nothing and emit nothing: an id that names nothing (-32000), a
  /// controller given as the animator (-32602 at params.animator), update without percentComplete (-32602), an
  /// animator that runs no transition (-32003 noTransition), a transition that is not interactive (-32003
  /// notInteractive).
  @Test func updateInteractiveRefusals() throws {
    let lines = try Pipes.run(
      Pipes.navigationSetup(stack: ["a"]) + [
        Self.request(10, "transition/setAnimator", #"{"controller":"nav","kind":"push","completes":"manual"}"#),
        Self.request(11, "transition/updateInteractive", #"{"animator":"zz","action":"finish"}"#),
        Self.request(12, "transition/updateInteractive", #"{"animator":"nav","action":"finish"}"#),
        Self.request(13, "transition/updateInteractive", #"{"animator":"nav.pushAnimator","action":"update"}"#),
        Self.request(14, "transition/updateInteractive", #"{"animator":"nav.pushAnimator","action":"cancel"}"#),
        Self.request(15, "navigation/push", #"{"navigation":"nav","controller":"b","animated":true}"#),
        Self.request(16, "transition/updateInteractive", #"{"animator":"nav.pushAnimator","action":"cancel"}"#),
        Self.request(17, "transition/coordinator", #"{"controller":"b"}"#),
      ])
    #expect(Pipes.reply(11, in: lines)?.contains(#""code":-32000"#) == true)
    let wrongKind = try #require(Pipes.reply(12, in: lines))
    #expect(wrongKind.contains(#""code":-32602"#) && wrongKind.contains(#""path":"params.animator""#))
    let noPercent = try #require(Pipes.reply(13, in: lines))
    #expect(noPercent.contains(#""code":-32602"#) && noPercent.contains(#""path":"params.percentComplete""#))
    let idle = try #require(Pipes.reply(14, in: lines))
    #expect(idle.contains(#""code":-32003"#) && idle.contains(#""state":"noTransition""#))
    let notInteractive = try #require(Pipes.reply(16, in: lines))
    #expect(notInteractive.contains(#""code":-32003"#) && notInteractive.contains(#""state":"notInteractive""#))
    #expect(Pipes.reply(17, in: lines)?.contains(#""awaitingCompletion":true"#) == true)
    for id in [10, 11, 12, 13, 16] { #expect(Pipes.events(after: id, in: lines).isEmpty) }
  }
}

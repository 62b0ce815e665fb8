import Testing

/// Custom animators at the edges, through the built binary: a stack change queued behind a custom animator's
/// transition starts after that transition's `animationEnded` (R48) — after a cancelled one's rollback (R52) — and a
/// custom animator that completes after its container or presenter left the window sends nothing off screen (R6/R7,
/// R48, R52). The setups and the trace are CoordinatorOverPipesTests'.
@Suite struct AnimatorEdgeCasesOverPipesTests {
  private typealias Pipes = CoordinatorOverPipesTests

  private static func request(_ id: Int, _ method: String, _ params: String) -> String {
    Pipes.request(id, method, params)
  }

  /// R48, R18: `c` pushed while an interactive push animator runs the push of `b` waits for it; finished, the push of
  /// `b` ends with the animator's `animationEnded` (its last call), and only then does the push of `c` start (willShow,
  /// the animator asked again, the will pair, animateTransition) — not inside `completeTransition`.
  @Test func queuedPushStartsAfterAnimationEnded() throws {
    let lines = try Pipes.run(
      Pipes.navigationSetup(stack: ["a"]) + [
        Self.request(10, "controller/create", #"{"id":"c"}"#),
        Self.request(11, "transition/setAnimator", #"{"controller":"nav","kind":"push","interactive":true}"#),
        Self.request(12, "navigation/push", #"{"navigation":"nav","controller":"b","animated":true}"#),
        Self.request(13, "navigation/push", #"{"navigation":"nav","controller":"c","animated":true}"#),
        Self.request(
          14, "transition/updateInteractive",
          #"{"animator":"nav.pushAnimator","action":"finish","percentComplete":0.9}"#
        ),
      ])
    #expect(Pipes.events(after: 12, in: lines) == ["c.willMove(nav) R20"])
    #expect(
      Pipes.events(after: 13, in: lines) == [
        "transitioning nav.pushAnimator completeTransition(true)", "a.viewDidDisappear R19", "b.viewDidAppear R19",
        "b.didMove(nav) R20", "delegate nav.didShow(b)", "nav.completion(push)",
        "transitioning nav.pushAnimator animationEnded(true)", "c.loadView R1", "c.viewDidLoad R1",
        "delegate nav.willShow(c)", "transitioning nav.pushAnimator animationController",
        "transitioning nav.pushAnimator interactionController", "b.viewWillDisappear R19", "c.viewWillAppear R19",
        "transitioning nav.pushAnimator startInteractiveTransition",
        "transitioning nav.pushAnimator animateTransition", "c.viewIsAppearing R69",
      ])
  }

  /// R48, R52: `c` pushed while a cancelled interactive push of `b` settles back (the cancel and the push in one
  /// batch: the settle has not ended). Was: the stack ended `[a, b, c]` and `b` got didMove(nav) when the push of `c`
  /// ran. Now the push of `b` is undone first — `b` leaves the stack and never gets didMove(nav) — and the push of `c`
  /// starts from `a` after `animationEnded(false)`; the stack ends `[a, c]`, and finished, only `c` gets didMove(nav).
  @Test func pushDuringACancelledInteractivePushSettle() throws {
    let lines = try Pipes.run(
      Pipes.navigationSetup(stack: ["a"]) + [
        Self.request(10, "controller/create", #"{"id":"c"}"#),
        Self.request(11, "transition/setAnimator", #"{"controller":"nav","kind":"push","interactive":true}"#),
        Self.request(12, "navigation/push", #"{"navigation":"nav","controller":"b","animated":true}"#),
        Pipes.batch(
          Self.request(
            13, "transition/updateInteractive",
            #"{"animator":"nav.pushAnimator","action":"cancel","percentComplete":0.4}"#),
          Self.request(14, "navigation/push", #"{"navigation":"nav","controller":"c","animated":true}"#)),
        Self.request(15, "controller/get", #"{"controller":"nav"}"#),
        Self.request(
          16, "transition/updateInteractive",
          #"{"animator":"nav.pushAnimator","action":"finish","percentComplete":0.5}"#),
        Self.request(17, "controller/get", #"{"controller":"nav"}"#),
      ])
    #expect(
      Pipes.events(after: 12, in: lines) == [
        "c.willMove(nav) R20", "transitioning nav.pushAnimator completeTransition(false)", "b.viewWillDisappear R52",
        "b.viewDidDisappear R52", "a.viewWillAppear R52", "a.viewIsAppearing R69", "a.viewDidAppear R52",
        "nav.completion(push,false)", "transitioning nav.pushAnimator animationEnded(false)", "c.loadView R1",
        "c.viewDidLoad R1", "delegate nav.willShow(c)", "transitioning nav.pushAnimator animationController",
        "transitioning nav.pushAnimator interactionController", "a.viewWillDisappear R19", "c.viewWillAppear R19",
        "transitioning nav.pushAnimator startInteractiveTransition",
        "transitioning nav.pushAnimator animateTransition", "c.viewIsAppearing R69",
      ])
    #expect(Pipes.reply(15, in: lines)?.contains(#""children":["a","c"]"#) == true)
    #expect(
      Pipes.events(after: 15, in: lines) == [
        "transitioning nav.pushAnimator completeTransition(true)", "a.viewDidDisappear R19", "c.viewDidAppear R19",
        "c.didMove(nav) R20", "delegate nav.didShow(c)", "nav.completion(push)",
        "transitioning nav.pushAnimator animationEnded(true)",
      ])
    #expect(!lines.contains { $0.contains(#""callback":"didMove","controller":"b""#) })
    #expect(Pipes.reply(17, in: lines)?.contains(#""children":["a","c"]"#) == true)
  }

  /// R6/R7, R48, R52: the window's root replaced while a manual push animator holds the push of `b`: the navigation
  /// controller's disappearance settles `b` (the controller it displays); the animator completing afterwards gives
  /// `a` the viewDidDisappear its disappearance was waiting for and nothing else — no appearance off screen, no
  /// "Unbalanced calls" warning. Cancelled, `a` is displayed again and appears when the navigation controller is back
  /// in the window; completed, `b` is, and gets its didMove then.
  @Test(arguments: [false, true])
  func manualPushCompletedAfterTheRootWasReplaced(didComplete: Bool) throws {
    let lines = try Pipes.run(
      Pipes.navigationSetup(stack: ["a"]) + [
        Self.request(10, "controller/create", #"{"id":"r"}"#),
        Self.request(11, "transition/setAnimator", #"{"controller":"nav","kind":"push","completes":"manual"}"#),
        Pipes.batch(
          Self.request(12, "navigation/push", #"{"navigation":"nav","controller":"b","animated":true}"#),
          Self.request(13, "transition/animateAlongside", #"{"controller":"b","tag":"t"}"#)),
        Self.request(14, "window/setRoot", #"{"window":"win","controller":"r"}"#),
        Self.request(15, "transition/complete", #"{"animator":"nav.pushAnimator","didComplete":\#(didComplete)}"#),
        Self.request(16, "controller/get", #"{"controller":"nav"}"#),
        Self.request(17, "window/setRoot", #"{"window":"win","controller":"nav"}"#),
      ])
    #expect(
      Pipes.events(after: 13, in: lines) == [
        "nav.viewWillDisappear R6", "b.viewWillDisappear R10", "r.loadView R1", "r.viewDidLoad R1",
        "r.viewWillAppear R6", "r.viewIsAppearing R69", "nav.viewDidDisappear R7", "b.viewDidDisappear R10",
        "r.viewDidAppear R7",
      ])
    let end = didComplete ? ["delegate nav.didShow(b)", "nav.completion(push)"] : ["nav.completion(push,false)"]
    #expect(
      Pipes.events(after: 14, in: lines) == [
        "transitioning nav.pushAnimator completeTransition(\(didComplete))", "a.viewDidDisappear R19",
        "coordinator b.t alongsideCompletion cancelled:false",
      ] + end + ["transitioning nav.pushAnimator animationEnded(\(didComplete))"])
    #expect(Pipes.reply(16, in: lines)?.contains(didComplete ? #""children":["a","b"]"# : #""children":["a"]"#) == true)
    let shown = didComplete ? "b" : "a"
    #expect(
      Pipes.events(after: 16, in: lines) == [
        "r.viewWillDisappear R6", "nav.viewWillAppear R6", "\(shown).viewWillAppear R10", "nav.viewIsAppearing R69",
        "\(shown).viewIsAppearing R69", "r.viewDidDisappear R7", "nav.viewDidAppear R7", "\(shown).viewDidAppear R10",
      ] + (didComplete ? ["b.didMove(nav) R20"] : []))
  }

  /// R6/R7, R48, R52: the window's root replaced while a manual dismiss animator holds the dismissal of `m`: the
  /// presenter `p`, appearing for the dismissal, disappears with the old root. Was: the animator completing afterwards
  /// gave `p` two "Unbalanced calls to begin/end appearance transitions" warnings when cancelling (one when
  /// completing). Now `p` gets nothing more; `m`, whose view stays in the window, appears again when cancelled and
  /// gets its viewDidDisappear when completed.
  @Test(arguments: [false, true])
  func manualDismissalCompletedAfterTheRootWasReplaced(didComplete: Bool) throws {
    let lines = try Pipes.run([
      Self.request(1, "window/create", #"{"id":"win"}"#), Self.request(2, "controller/create", #"{"id":"p"}"#),
      Self.request(3, "controller/create", #"{"id":"m"}"#), Self.request(4, "controller/create", #"{"id":"r"}"#),
      Self.request(5, "window/setRoot", #"{"window":"win","controller":"p"}"#),
      Self.request(
        6, "presentation/present", #"{"presenter":"p","controller":"m","style":"fullScreen","animated":false}"#),
      Self.request(7, "events/subscribe", #"{"kinds":["completion","coordinator","transitioning","warning"]}"#),
      Self.request(10, "transition/setAnimator", #"{"controller":"m","kind":"dismiss","completes":"manual"}"#),
      Self.request(11, "presentation/dismiss", #"{"controller":"m","animated":true}"#),
      Self.request(12, "window/setRoot", #"{"window":"win","controller":"r"}"#),
      Self.request(13, "transition/complete", #"{"animator":"m.dismissAnimator","didComplete":\#(didComplete)}"#),
      Self.request(14, "controller/get", #"{"controller":"p"}"#),
    ])
    #expect(
      Pipes.events(after: 11, in: lines) == [
        "p.viewWillDisappear R6", "r.loadView R1", "r.viewDidLoad R1", "r.viewWillAppear R6", "r.viewIsAppearing R69",
        "p.viewDidDisappear R7", "r.viewDidAppear R7",
      ])
    let middle =
      didComplete
      ? ["m.viewDidDisappear R27", "m.completion(dismiss)"]
      : ["m.viewWillAppear R52", "m.viewIsAppearing R69", "m.viewDidAppear R52", "m.completion(dismiss,false)"]
    #expect(
      Pipes.events(after: 12, in: lines) == [
        "transitioning m.dismissAnimator completeTransition(\(didComplete))",
        "transitioning m.presentationController dismissalTransitionDidEnd(\(didComplete))",
      ] + middle + ["transitioning m.dismissAnimator animationEnded(\(didComplete))"])
    #expect(!lines.contains { $0.contains("Unbalanced") })
    #expect(Pipes.reply(14, in: lines)?.contains(#""appearance":"disappeared""#) == true)
  }

  /// R6/R7, R48, R52: the same for a tab switch held by a manual tab animator: the tab bar controller's disappearance
  /// settles the new tab; the animator cancelling afterwards gives the old tab the viewDidDisappear it was waiting
  /// for, and nothing appears off screen; the old tab is selected again and appears with the tab bar controller.
  @Test func manualTabSwitchCancelledAfterTheRootWasReplaced() throws {
    let lines = try Pipes.run([
      Self.request(1, "window/create", #"{"id":"win"}"#), Self.request(2, "controller/create", #"{"id":"a"}"#),
      Self.request(3, "controller/create", #"{"id":"b"}"#), Self.request(4, "controller/create", #"{"id":"r"}"#),
      Self.request(5, "controller/create", #"{"id":"tabs","kind":"UITabBarController","controllers":["a","b"]}"#),
      Self.request(6, "window/setRoot", #"{"window":"win","controller":"tabs"}"#), Pipes.subscribe,
      Self.request(10, "transition/setAnimator", #"{"controller":"tabs","kind":"tab","completes":"manual"}"#),
      Pipes.batch(
        Self.request(11, "tab/select", #"{"tabBar":"tabs","index":1}"#),
        Self.request(12, "transition/animateAlongside", #"{"controller":"b","tag":"t"}"#)),
      Self.request(13, "window/setRoot", #"{"window":"win","controller":"r"}"#),
      Self.request(14, "transition/complete", #"{"animator":"tabs.tabAnimator","didComplete":false}"#),
      Self.request(15, "controller/get", #"{"controller":"tabs"}"#),
      Self.request(16, "window/setRoot", #"{"window":"win","controller":"tabs"}"#),
    ])
    #expect(
      Pipes.events(after: 12, in: lines) == [
        "tabs.viewWillDisappear R6", "b.viewWillDisappear R10", "r.loadView R1", "r.viewDidLoad R1",
        "r.viewWillAppear R6", "r.viewIsAppearing R69", "tabs.viewDidDisappear R7", "b.viewDidDisappear R10",
        "r.viewDidAppear R7",
      ])
    #expect(
      Pipes.events(after: 13, in: lines) == [
        "transitioning tabs.tabAnimator completeTransition(false)", "a.viewDidDisappear R25",
        "coordinator b.t alongsideCompletion cancelled:false", "transitioning tabs.tabAnimator animationEnded(false)",
      ])
    #expect(Pipes.reply(15, in: lines)?.contains(#""selectedIndex":0"#) == true)
    #expect(
      Pipes.events(after: 15, in: lines) == [
        "r.viewWillDisappear R6", "tabs.viewWillAppear R6", "a.viewWillAppear R10", "tabs.viewIsAppearing R69",
        "a.viewIsAppearing R69", "r.viewDidDisappear R7", "tabs.viewDidAppear R7", "a.viewDidAppear R10",
      ])
  }
}

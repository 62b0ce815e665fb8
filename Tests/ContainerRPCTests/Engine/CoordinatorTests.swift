import ContainerJSON
import ContainerRPCTestSupport
import Testing

/// The transition coordinator on the wire (R46–R51): `transition/*` and their refusals, `event/coordinator`,
/// `event/transitioning`, the navigation controller's `delegate`, the `coordinator.*` options. A window shows `nav`
/// with `[a]`; coordinator, transitioning and completion events are subscribed.
@Suite struct CoordinatorTests {
  private func shownStack(delegate: Bool = false) -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    for id in ["a", "b"] { session.call("controller/create", ["id": .string(id)]) }
    session.call(
      "controller/create", ["id": "nav", "kind": "UINavigationController", "root": "a", "delegate": .bool(delegate)])
    session.call("window/setRoot", ["window": "win", "controller": "nav"])
    session.call("events/subscribe", ["kinds": ["completion", "coordinator", "transitioning"]])
    return session
  }

  /// TC-1 (R46–R48): a batch that pushes and registers a probe; the probe's animation after the will pair, its
  /// completion after didMove; afterwards no coordinator.
  @Test func pushWithAProbe() {
    let session = shownStack()
    let (events, responses) = session.batch([
      ("navigation/push", ["navigation": "nav", "controller": "b", "animated": true]),
      ("transition/animateAlongside", ["controller": "b", "tag": "t1"]),
      ("transition/coordinator", ["controller": "a"]),
    ])
    #expect(responses[1]["result"] == ["queued": true])
    #expect(responses[2]["result"]?["from"] == "a" && responses[2]["result"]?["to"] == "b")
    #expect(responses[2]["result"]?["transitionDuration"] == .number(0.35))
    #expect(
      events.map(TestSession.describe).filter { !$0.contains("viewIsAppearing") }.dropLast() == [
        "b.willMove(nav) R20", "b.loadView R1", "b.viewDidLoad R1", "a.viewWillDisappear R19",
        "b.viewWillAppear R19", "coordinator b.t1 alongsideAnimation R47", "a.viewDidDisappear R19",
        "b.viewDidAppear R19", "b.didMove(nav) R20", "coordinator b.t1 alongsideCompletion R47",
      ])
    #expect(events.last?["method"] == "event/completion" && events.last?["params"]?["of"] == "push")
    #expect(session.call("transition/coordinator", ["controller": "b"]).result == ["active": false])
  }

  /// Outside a transition nothing registers, and nothing is emitted.
  @Test func probesOutsideATransition() {
    let session = shownStack()
    let alongside = session.call("transition/animateAlongside", ["controller": "a", "tag": "x"])
    #expect(alongside.result == ["queued": false] && alongside.events.isEmpty)
    let notify = session.call("transition/notifyWhenInteractionChanges", ["controller": "a", "tag": "x"])
    #expect(notify.result == ["registered": false] && notify.events.isEmpty)
  }

  /// The refusals: unknown controller (-32000), a push animator on a plain controller and a push animator with a
  /// presentation controller (-32602 with the path), completing with nothing waiting (-32003), a navigation delegate on a plain controller
  /// (-32602); none emits anything or changes the world.
  @Test func refusalsChangeNothing() {
    let session = shownStack()
    let before = session.snapshot()
    let unknown = session.call("transition/coordinator", ["controller": "zz"])
    #expect(unknown.error?["code"] == -32000)
    let wrongKind = session.call("transition/setAnimator", ["controller": "a", "kind": "pop"])
    #expect(wrongKind.error?["code"] == -32602 && wrongKind.error?["data"]?["path"] == "params.controller")
    let cancelledPush = session.call(
      "transition/setAnimator",
      ["controller": "nav", "kind": "push", "presentationController": ["shouldRemovePresentersView": true]])
    #expect(cancelledPush.error?["data"]?["path"] == "params.presentationController")
    let nothing = session.call("transition/complete", ["controller": "a", "didComplete": true])
    #expect(nothing.error?["code"] == -32003)
    let badCompletes = session.call("transition/setAnimator", ["controller": "a", "kind": "present", "completes": "x"])
    #expect(badCompletes.error?["code"] == -32602 && badCompletes.error?["data"]?["path"] == "params.completes")
    let delegate = session.call("controller/configure", ["controller": "a", "delegate": true])
    #expect(delegate.error?["code"] == -32602 && delegate.error?["data"]?["path"] == "params.delegate")
    for exchange in [unknown, wrongKind, cancelledPush, nothing, badCompletes, delegate] {
      #expect(exchange.events.isEmpty)
    }
    #expect(session.snapshot() == before)
  }

  /// R51: `controller/configure` installs the delegate; a push then reports willShow before the will pair and
  /// didShow after didMove, before the completion.
  @Test func configuredNavigationDelegate() {
    let session = shownStack()
    #expect(session.call("controller/configure", ["controller": "nav", "delegate": true]).result == [:])
    let push = session.call("navigation/push", ["navigation": "nav", "controller": "b", "animated": false])
    let methods = push.events.compactMap { event -> String? in
      guard event["method"] == "event/delegate" else { return nil }
      return event["params"]?["callback"]?.stringValue
    }
    #expect(methods == ["willShow", "didShow"])
    let willShow = push.events.firstIndex { $0["params"]?["callback"] == "willShow" } ?? -1
    let willAppear = push.events.firstIndex { $0["params"]?["callback"] == "viewWillAppear" } ?? -1
    #expect(willShow >= 0 && willShow < willAppear)
  }

  /// The options: `coordinator.nonAnimatedPresentation: nil` leaves a non-animated presentation without a
  /// coordinator; `coordinator.nonAnimatedNav: present` gives a non-animated push one (isAnimated false).
  @Test func coordinatorOptions() {
    let session = shownStack()
    session.call(
      "daemon/configure",
      ["options": ["coordinator.nonAnimatedPresentation": "nil", "coordinator.nonAnimatedNav": "present"]])
    session.call("controller/create", ["id": "m"])
    let (_, presented) = session.batch([
      ("presentation/present", ["presenter": "nav", "controller": "m", "animated": false]),
      ("transition/coordinator", ["controller": "m"]),
    ])
    #expect(presented[1]["result"] == ["active": false])
    session.call("presentation/dismiss", ["controller": "m", "animated": false])
    let (_, pushed) = session.batch([
      ("navigation/push", ["navigation": "nav", "controller": "b", "animated": false]),
      ("transition/coordinator", ["controller": "b"]),
    ])
    #expect(pushed[1]["result"]?["active"] == true && pushed[1]["result"]?["isAnimated"] == false)
    let reset = session.call("daemon/configure", ["options": ["transition.completeTimeoutMs": .null]])
    #expect(reset.result?["options"]?["transition.completeTimeoutMs"] == .null)
  }

  /// R50, R52 on the wire: an interactive dismiss animator (completes true) waits for transition/updateInteractive;
  /// its refusals (no percentComplete for update, a controller as the animator) change nothing and emit nothing;
  /// finish runs the rest of the duration and completes the dismissal; the animator then runs no transition.
  @Test func interactiveDismissAnimator() {
    let session = shownStack()
    session.call("controller/create", ["id": "m"])
    session.call("presentation/present", ["presenter": "nav", "controller": "m", "animated": false])
    session.call("transition/setAnimator", ["controller": "m", "kind": "dismiss", "interactive": true])
    let begin = session.call("presentation/dismiss", ["controller": "m", "animated": true])
    #expect(
      begin.events.map(TestSession.describe).filter { $0.hasPrefix("transitioning") } == [
        "transitioning m.dismissAnimator animationController R49",
        "transitioning m.dismissAnimator interactionController R50",
        "transitioning m.presentationController dismissalTransitionWillBegin R49",
        "transitioning m.dismissAnimator startInteractiveTransition R50",
        "transitioning m.dismissAnimator animateTransition R48",
      ])
    let before = session.snapshot()
    let noPercent = session.call("transition/updateInteractive", ["animator": "m.dismissAnimator", "action": "update"])
    #expect(noPercent.error?["data"]?["path"] == "params.percentComplete")
    let wrongKind = session.call("transition/updateInteractive", ["animator": "m", "action": "finish"])
    #expect(wrongKind.error?["code"] == -32602 && wrongKind.error?["data"]?["path"] == "params.animator")
    #expect(noPercent.events.isEmpty && wrongKind.events.isEmpty && session.snapshot() == before)
    let coordinator = session.call("transition/coordinator", ["controller": "m"]).result
    #expect(coordinator?["isInteractive"] == true && coordinator?["awaitingInteraction"] == true)
    let finish = session.call(
      "transition/updateInteractive", ["animator": "m.dismissAnimator", "action": "finish", "percentComplete": 0.5])
    #expect(finish.result == [:])
    #expect(
      finish.events.map(TestSession.describe).filter { $0.hasPrefix("transitioning") } == [
        "transitioning m.dismissAnimator completeTransition(true) R48",
        "transitioning m.presentationController dismissalTransitionDidEnd(true) R49",
        "transitioning m.dismissAnimator animationEnded(true) R48",
      ])
    #expect(session.call("controller/get", ["controller": "nav"]).result?["presentedViewController"] == .null)
    let again = session.call("transition/updateInteractive", ["animator": "m.dismissAnimator", "action": "cancel"])
    #expect(again.error?["code"] == -32003 && again.error?["data"]?["state"] == "noTransition")
  }
}

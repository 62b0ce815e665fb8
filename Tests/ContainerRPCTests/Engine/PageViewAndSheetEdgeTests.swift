import ContainerJSON
import ContainerRPC
import ContainerRPCTestSupport
import Testing

/// Edge cases of the page view swipe (R31, R34) and the sheet swipe (R58, R59) found by using the daemon as a client
/// would: what `pageView/get` reports during a swipe, a progress given with `update`/`cancel`, and a refused sheet drag
/// that outlives a dismissal by code.
@Suite struct PageViewAndSheetEdgeTests {
  /// A window showing `pvc` (scroll, data source `[a, b, c]`, `[a]` at creation) on a manual clock.
  private func shownPageView() -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    for id in ["a", "b", "c"] { session.call("controller/create", ["id": .string(id)]) }
    session.call(
      "controller/create",
      ["id": "pvc", "kind": "UIPageViewController", "pages": ["a", "b", "c"], "initial": ["a"]])
    session.call("window/setRoot", ["window": "win", "controller": "pvc"])
    session.call("events/subscribe", ["kinds": ["completion", "delegate"]])
    session.call("clock/configure", ["mode": "manual"])
    return session
  }

  /// `T` (tab) → `N` [`A`], `M` presented from `A` as a pageSheet, an adaptive delegate, a manual clock.
  private func presentedSheet() -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "A"])
    session.call("controller/create", ["id": "N", "kind": "UINavigationController", "root": "A"])
    session.call("controller/create", ["id": "T", "kind": "UITabBarController", "controllers": ["N"]])
    session.call("controller/create", ["id": "M"])
    session.call("window/setRoot", ["window": "win", "controller": "T"])
    session.call("events/subscribe", ["kinds": ["completion", "delegate"]])
    session.call(
      "presentation/present", ["presenter": "A", "controller": "M", "style": "pageSheet", "animated": false])
    session.call("presentation/configureDelegate", ["controller": "M"])
    session.call("clock/configure", ["mode": "manual"])
    return session
  }

  /// `pageView/get` between a swipe's begin and its finish names the page being revealed, as begin answered it (R34:
  /// the pending page is a child from the swipe's start, R31).
  @Test func pendingDuringASwipe() {
    let session = shownPageView()
    let begin = session.call("pageView/swipe", ["pageView": "pvc", "action": "begin", "direction": "forward"])
    #expect(begin.result == ["pending": "b"])
    let during = session.call("pageView/get", ["pageView": "pvc"]).result
    #expect(during?["isTransitioning"] == true)
    #expect(during?["pending"] == "b")
    #expect(during?["children"] == ["a", "b"])
    session.call("pageView/swipe", ["pageView": "pvc", "action": "cancel"])
    session.call("clock/advance", ["ms": 400])
    #expect(session.call("pageView/get", ["pageView": "pvc"]).result?["pending"] == .null)
  }

  /// An `update` that carries only a velocity keeps the progress recorded before: the settle after `finish` takes the
  /// rest of the turn (0.3 s × (1 − 0.8) = 60 ms, R34), not the whole turn.
  @Test func anUpdateWithoutProgressKeepsTheProgress() {
    let session = shownPageView()
    session.call("pageView/swipe", ["pageView": "pvc", "action": "begin", "direction": "forward"])
    session.call("pageView/swipe", ["pageView": "pvc", "action": "update", "progress": 0.8])
    #expect(session.call("pageView/swipe", ["pageView": "pvc", "action": "update", "velocity": 100]).events.isEmpty)
    session.call("pageView/swipe", ["pageView": "pvc", "action": "finish"])
    let settle = session.call("clock/advance", ["ms": 400])
    #expect(settle.trace.first == "b.viewDidAppear R34")
    #expect(settle.events.first?["params"]?["time"] == 66.66666666666667)
  }

  /// R59: a `cancel` carrying `progress` springs back from there — viewWillAppear (and viewIsAppearing) now, viewDidAppear after
  /// presentationDuration (0.5 s) × 0.6 = 300 ms, then the completion (finished false).
  @Test func aCancelCarriesItsProgress() {
    let session = presentedSheet()
    session.call("presentation/interactiveDismiss", ["controller": "M", "action": "begin"])
    let cancel = session.call(
      "presentation/interactiveDismiss", ["controller": "M", "action": "cancel", "progress": 0.6])
    #expect(cancel.trace == ["M.viewWillAppear R59", "M.viewIsAppearing R69"])
    let settle = session.call("clock/advance", ["ms": 600])
    #expect(settle.trace.first == "M.viewDidAppear R59")
    #expect(settle.events.first?["params"]?["time"] == 300)
  }

  /// R50, R59: the coordinator's `percentComplete` at `interactionChanged` is the progress the releasing action
  /// carries (`finish` or `cancel`), as `update` records it.
  @Test func theReleaseProgressReachesTheCoordinator() {
    for action in ["finish", "cancel"] {
      let session = presentedSheet()
      session.call("events/subscribe", ["kinds": ["coordinator"]])
      session.call("presentation/interactiveDismiss", ["controller": "M", "action": "begin"])
      session.call("transition/notifyWhenInteractionChanges", ["controller": "M", "tag": "t"])
      let lift = session.call(
        "presentation/interactiveDismiss", ["controller": "M", "action": .string(action), "progress": 0.4])
      let changed = lift.events.first { $0["method"] == "event/coordinator" }
      #expect(changed?["params"]?["callback"] == "interactionChanged")
      #expect(changed?["params"]?["percentComplete"] == 0.4)
    }
  }

  /// R58: a refused drag (isModalInPresentation) ends with the presentation a `dismiss` by code ends. Presented again,
  /// the sheet's first swipe is a new drag (ShouldDismiss asked, WillDismiss, viewWillDisappear), not the old one.
  @Test func aRefusedDragEndsWithADismissalByCode() {
    let session = presentedSheet()
    session.call("controller/configure", ["controller": "M", "isModalInPresentation": true])
    #expect(session.call("presentation/interactiveDismiss", ["controller": "M", "action": "begin"]).error == nil)
    session.call("presentation/dismiss", ["controller": "M", "animated": false])
    let lift = session.call("presentation/interactiveDismiss", ["controller": "M", "action": "finish"])
    #expect(lift.error?["data"]?["state"] == "noInteractiveDismiss")
    #expect(lift.events.isEmpty)
    session.call(
      "presentation/present", ["presenter": "A", "controller": "M", "style": "pageSheet", "animated": false])
    session.call("controller/configure", ["controller": "M", "isModalInPresentation": false])
    let begin = session.call("presentation/interactiveDismiss", ["controller": "M", "action": "begin"])
    #expect(begin.error == nil)
    #expect(
      begin.events.map { $0["params"]?["callback"]?.stringValue ?? "?" } == [
        "presentationControllerShouldDismiss", "presentationControllerWillDismiss", "viewWillDisappear",
      ])
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// The swipe-back gesture (R23, R24) and seed 001's swipe-back detection.
@Suite struct InteractivePopTests {
  /// `nav` showing `list` then `page` pushed on top, in `win`.
  private func pushedPage() -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    for id in ["list", "page"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "list"])
    session.call("window/setRoot", ["window": "win", "controller": "nav"])
    session.call("navigation/push", ["navigation": "nav", "controller": "page", "animated": false])
    session.call("daemon/configure", ["options": ["viewIsAppearing": false]])
    return session
  }

  @discardableResult
  private func pop(_ session: TestSession, _ action: String, _ progress: Double? = nil) -> TestSession.Exchange {
    var params: JSONObject = ["navigation": "nav", "action": .string(action)]
    if let progress { params["progress"] = .double(progress) }
    return session.call("navigation/interactivePop", .object(params))
  }

  /// R24: the cancelled pop's six callbacks; no viewDidAppear for the incoming controller, no didMove at all.
  @Test func cancelledInteractivePop() {
    let session = pushedPage()
    let start = pop(session, "begin")
    #expect(start.trace == ["page.willMove(nil) R20", "page.viewWillDisappear R23", "list.viewWillAppear R23"])
    #expect(start.events[1]["params"]?["isMovingFromParent"] == true)
    #expect(session.call("controller/get", ["controller": "nav"]).result?["children"] == ["list"])
    #expect(pop(session, "update", 0.4).events.isEmpty)
    let end = pop(session, "cancel")
    #expect(
      end.trace == [
        "list.viewWillDisappear R24", "list.viewDidDisappear R24", "page.viewWillAppear R24", "page.viewDidAppear R24",
      ])
    // The settle back takes 0.4 × 0.35 s = 140 ms, which ends at frame 9 (150 ms).
    #expect(end.events.allSatisfy { $0["params"]?["time"] == 150 })
    #expect(session.call("controller/get", ["controller": "nav"]).result?["children"] == ["list", "page"])
    #expect(session.call("controller/get", ["controller": "page"]).result?["isMovingFromParent"] == false)
  }

  /// R23 + seed 001: a completed swipe back; didMove(nil) only once the page is fully gone.
  @Test func finishedInteractivePop() {
    let session = pushedPage()
    session.call("clock/configure", ["mode": "manual"])
    pop(session, "begin")
    #expect(pop(session, "finish", 0.5).events.isEmpty)  // the settle animation waits for the clock
    #expect(session.call("clock/advance", ["ms": 100]).events.isEmpty)
    let settled = session.call("clock/advance", ["ms": 100])
    #expect(settled.trace == ["page.viewDidDisappear R23", "list.viewDidAppear R23", "page.didMove(nil) R20"])
    #expect(settled.events.allSatisfy { $0["params"]?["time"] == .double(11 * 1000 / 60.0) })
  }

  @Test func gestureMisuseIsRefused() {
    let session = pushedPage()
    #expect(pop(session, "finish").error?["data"] == ["id": "nav", "state": "noInteractivePop"])
    pop(session, "begin")
    #expect(pop(session, "begin").error?["data"] == ["id": "nav", "state": "interactivePopInProgress"])
    pop(session, "cancel")
    session.call("navigation/pop", ["navigation": "nav", "animated": false])
    #expect(pop(session, "begin").error?["data"] == ["id": "nav", "state": "nothingToPop"])
  }

  /// R24 + R5: a top that another container took during the gesture goes back on the stack when the gesture is
  /// cancelled, taken back as addChild takes a child from another parent (its didMove(nil) first) [INF]; the tree
  /// stays consistent both ways (it used to be listed by both `x` and `nav`).
  @Test func cancelTakesBackATopTakenDuringTheGesture() {
    let session = pushedPage()
    session.call("controller/create", ["id": "x"])
    pop(session, "begin")
    session.call("containment/embed", ["parent": "x", "child": "page"])
    #expect(
      pop(session, "cancel").trace == [
        "page.didMove(nil) R5", "list.viewWillDisappear R24", "list.viewDidDisappear R24", "page.viewWillAppear R24",
        "page.viewDidAppear R24",
      ])
    #expect(session.call("controller/get", ["controller": "nav"]).result?["children"] == ["list", "page"])
    #expect(session.call("controller/get", ["controller": "x"]).result?["children"] == [])
  }

  /// R23 + R5: an incoming controller that another container took during the gesture is not displayed when the pop
  /// finishes: the next push starts from nothing and sends it no R19 disappearance [INF]. R72: its view, which the
  /// gesture put in the stack's view, leaves it first (else the embed is refused).
  @Test func finishDoesNotDisplayAnIncomingControllerTakenDuringTheGesture() {
    let session = pushedPage()
    session.call("controller/create", ["id": "x"])
    pop(session, "begin")
    #expect(
      session.call("containment/embed", ["parent": "x", "child": "list"]).error?["data"]?["exception"]
        == "UIViewControllerHierarchyInconsistency")
    session.call("view/removeFromSuperview", ["view": "list.view"])
    session.call("containment/embed", ["parent": "x", "child": "list"])
    pop(session, "finish")
    session.call("clock/advance", ["ms": 400])
    #expect(
      session.call("navigation/push", ["navigation": "nav", "controller": "x", "animated": false]).trace == [
        "x.willMove(nav) R20", "x.viewWillAppear R19", "list.viewWillAppear R10", "x.viewDidAppear R19",
        "x.didMove(nav) R20", "list.viewDidAppear R10",
      ])
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// UINavigationController push, pop, popTo, popToRoot, setViewControllers (R18–R22), exact orders.
@Suite struct NavigationTests {
  /// `nav` with root `home`, shown in `win`; `a`, `b`, `c` created.
  private func shownNavigation() -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    for id in ["home", "a", "b", "c"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "home"])
    session.call("window/setRoot", ["window": "win", "controller": "nav"])
    session.call("events/subscribe", ["kinds": ["completion"]])
    return session
  }

  private func lifecycle(_ exchange: TestSession.Exchange) -> [String] {
    exchange.trace.filter { !$0.contains("viewIsAppearing") && !$0.hasPrefix("{") }
  }

  /// R3, R10, R20: the root loads only when the navigation controller shows, is forwarded to, and gets didMove(nav)
  /// after its first viewDidAppear.
  @Test func rootAppearsThroughTheNavigationController() {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "home"])
    #expect(
      session.call("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "home"]).trace
        == ["home.willMove(nav) R20"])
    #expect(session.call("controller/get", ["controller": "home"]).result?["isViewLoaded"] == false)
    #expect(
      lifecycle(session.call("window/setRoot", ["window": "win", "controller": "nav"])) == [
        "nav.loadView R1", "nav.viewDidLoad R1", "nav.viewWillAppear R6", "home.loadView R1", "home.viewDidLoad R1",
        "home.viewWillAppear R10", "nav.viewDidAppear R7", "home.viewDidAppear R10", "home.didMove(nav) R20",
      ])
    #expect(session.call("controller/get", ["controller": "home"]).result?["navigationController"] == "nav")
  }

  /// R18–R20, animated: willMove at push time, view loads at the layout pass, R19's order, didMove after didAppear,
  /// all at the 0.35 s frame (21 × 1000/60 = 350 ms).
  @Test func animatedPush() {
    let session = shownNavigation()
    let exchange = session.call("navigation/push", ["navigation": "nav", "controller": "a"])
    #expect(
      lifecycle(exchange) == [
        "a.willMove(nav) R20", "a.loadView R1", "a.viewDidLoad R1", "home.viewWillDisappear R19",
        "a.viewWillAppear R19",
        "home.viewDidDisappear R19", "a.viewDidAppear R19", "a.didMove(nav) R20",
      ])
    #expect(exchange.events.last?["method"] == "event/completion")
    #expect(exchange.events.last?["params"]?["of"] == "push")
    #expect(exchange.events.last?["params"]?["time"] == 350)
    #expect(exchange.events[3]["params"]?["animated"] == true)
  }

  /// R18: viewControllers change at call time; the pushed view is not even loaded until the turn's layout pass.
  @Test func viewControllersUpdateBeforeTheTransition() {
    let session = shownNavigation()
    let (_, responses) = session.batch([
      ("navigation/push", ["navigation": "nav", "controller": "a", "animated": false]),
      ("controller/get", ["controller": "nav"]), ("controller/get", ["controller": "a"]),
    ])
    #expect(responses[1]["result"]?["children"] == ["home", "a"])
    #expect(responses[2]["result"]?["isViewLoaded"] == false)
    #expect(session.call("controller/get", ["controller": "a"]).result?["appearance"] == "appeared")
  }

  /// R19, R20 for pop, not animated: everything within the turn, didMove(nil) only after the transition.
  @Test func popWithoutAnimation() {
    let session = shownNavigation()
    session.call("navigation/push", ["navigation": "nav", "controller": "a", "animated": false])
    let exchange = session.call("navigation/pop", ["navigation": "nav", "animated": false])
    #expect(exchange.result == ["popped": "a"])
    #expect(
      lifecycle(exchange) == [
        "a.willMove(nil) R20", "a.viewWillDisappear R19", "home.viewWillAppear R19", "a.viewDidDisappear R19",
        "home.viewDidAppear R19", "a.didMove(nil) R20",
      ])
    #expect(exchange.events[1]["params"]?["isMovingFromParent"] == true)
    #expect(exchange.events.allSatisfy { $0["params"]?["time"] == 0 })
  }

  /// A-pop: popping the root does nothing.
  @Test func popAtTheRootDoesNothing() {
    let session = shownNavigation()
    let exchange = session.call("navigation/pop", ["navigation": "nav"])
    #expect(exchange.result == ["popped": .null])
    #expect(exchange.events.isEmpty)
  }

  /// popToRoot over three pushed controllers: every popped one gets willMove(nil) at call time (top first) and
  /// didMove(nil) after the transition; only the visible top gets disappear callbacks.
  @Test func popToRootOverThree() {
    let session = shownNavigation()
    for id in ["a", "b", "c"] {
      session.call("navigation/push", ["navigation": "nav", "controller": .string(id), "animated": false])
    }
    let exchange = session.call("navigation/popToRoot", ["navigation": "nav", "animated": false])
    #expect(exchange.result == ["popped": ["a", "b", "c"]])
    #expect(
      lifecycle(exchange) == [
        "c.willMove(nil) R20", "b.willMove(nil) R20", "a.willMove(nil) R20", "c.viewWillDisappear R19",
        "home.viewWillAppear R19", "c.viewDidDisappear R19", "home.viewDidAppear R19", "c.didMove(nil) R20",
        "b.didMove(nil) R20", "a.didMove(nil) R20",
      ])
  }

  /// popTo a controller in the stack, and the exception for one that is not.
  @Test func popToAControllerAndToAStranger() {
    let session = shownNavigation()
    for id in ["a", "b"] {
      session.call("navigation/push", ["navigation": "nav", "controller": .string(id), "animated": false])
    }
    #expect(
      session.call("navigation/popTo", ["navigation": "nav", "controller": "a", "animated": false]).result
        == ["popped": ["b"]])
    let before = session.snapshot()
    let exchange = session.call("navigation/popTo", ["navigation": "nav", "controller": "c"])
    #expect(
      exchange.error?["data"]
        == json(
          #"""
          {"exception":"NSInternalInconsistencyException","reason":"Tried to pop to a view controller that doesn't exist."}
          """#))
    #expect(session.snapshot() == before)
  }

  /// R21: setViewControllers gives the replaced top no willMove/didMove; the new top gets willMove now and didMove
  /// after it appears.
  @Test func setViewControllersReplacingTheTop() {
    let session = shownNavigation()
    session.call("navigation/push", ["navigation": "nav", "controller": "a", "animated": false])
    let exchange = session.call("navigation/setViewControllers", ["navigation": "nav", "controllers": ["home", "b"]])
    #expect(
      lifecycle(exchange) == [
        "b.willMove(nav) R20", "b.loadView R1", "b.viewDidLoad R1", "a.viewWillDisappear R19", "b.viewWillAppear R19",
        "a.viewDidDisappear R19", "b.viewDidAppear R19", "b.didMove(nav) R20",
      ])
    #expect(session.call("controller/get", ["controller": "nav"]).result?["children"] == ["home", "b"])
  }

  /// R22: the exceptions, each leaving everything as it was.
  @Test(arguments: [
    (
      "a", "NSInvalidArgumentException",
      "<UINavigationController: nav> is pushing the same view controller instance (<UIViewController: a>) more than once which is not supported and is most likely an error in the application"
    ),
    ("other", "NSInvalidArgumentException", "Pushing a navigation controller is not supported"),
  ])
  func pushExceptions(_ pushed: String, _ exception: String, _ reason: String) {
    let session = shownNavigation()
    session.call("controller/create", ["id": "other", "kind": "UINavigationController"])
    session.call("navigation/push", ["navigation": "nav", "controller": "a", "animated": false])
    let before = session.snapshot()
    let exchange = session.call("navigation/push", ["navigation": "nav", "controller": .string(pushed)])
    #expect(exchange.error?["data"] == ["exception": .string(exception), "reason": .string(reason)])
    #expect(exchange.events.isEmpty)
    #expect(session.snapshot() == before)
  }

  /// R22: moving a controller to a second stack while its view is still in the first.
  @Test func pushingAControllerShownByAnotherNavigationController() {
    let session = shownNavigation()
    session.call("controller/create", ["id": "second", "kind": "UINavigationController", "root": "b"])
    let exchange = session.call("navigation/push", ["navigation": "second", "controller": "home"])
    #expect(exchange.error?["data"]?["exception"] == "UIViewControllerHierarchyInconsistency")
    #expect(
      exchange.error?["data"]?["reason"] == """
        child view controller:<UIViewController: home> should have parent view controller:<UINavigationController: nav> but requested parent is:<UINavigationController: second>
        """)
  }

  /// R22 holds for `setViewControllers` too: taking a controller whose view is in another stack is refused the same
  /// way, changes nothing and emits nothing.
  @Test func setViewControllersWithAControllerShownByAnotherNavigationController() {
    let session = shownNavigation()
    session.call("controller/create", ["id": "second", "kind": "UINavigationController", "root": "b"])
    let before = session.snapshot()
    let exchange = session.call(
      "navigation/setViewControllers", ["navigation": "second", "controllers": ["b", "home"]])
    #expect(exchange.error?["data"]?["exception"] == "UIViewControllerHierarchyInconsistency")
    #expect(
      exchange.error?["data"]?["reason"] == """
        child view controller:<UIViewController: home> should have parent view controller:<UINavigationController: nav> but requested parent is:<UINavigationController: second>
        """)
    #expect(exchange.events.isEmpty)
    #expect(session.snapshot() == before)
  }

  /// R20: a controller pushed while another push animates gets didMove(nav) after its own viewDidAppear, at the end
  /// of its own transition (700 ms), not when the first transition ends (350 ms).
  @Test func pushDuringAnAnimatedPush() {
    let session = shownNavigation()
    session.call("clock/configure", ["mode": "manual"])
    #expect(
      lifecycle(session.call("navigation/push", ["navigation": "nav", "controller": "a"])).first
        == "a.willMove(nav) R20")
    #expect(
      lifecycle(session.call("navigation/push", ["navigation": "nav", "controller": "b"])) == ["b.willMove(nav) R20"])
    #expect(
      lifecycle(session.call("clock/advance", ["ms": 350])) == [
        "home.viewDidDisappear R19", "a.viewDidAppear R19", "a.didMove(nav) R20", "b.loadView R1", "b.viewDidLoad R1",
        "a.viewWillDisappear R19", "b.viewWillAppear R19",
      ])
    #expect(
      lifecycle(session.call("clock/advance", ["ms": 350])) == [
        "a.viewDidDisappear R19", "b.viewDidAppear R19", "b.didMove(nav) R20",
      ])
  }

  /// R5 + R19: the top of a shown stack, embedded in a controller shown in another window, is no longer what the
  /// navigation controller displays: the next push starts from nothing and sends the controller that left no R19
  /// disappearance (it stays appeared in its new parent; it used to end "disappeared" while on screen). R72: its view
  /// leaves the stack's view first.
  @Test func aShownTopTakenByAnotherContainerGetsNoStackCallbacks() {
    let session = shownNavigation()
    session.call("window/create", ["id": "other"])
    session.call("controller/create", ["id": "p"])
    session.call("window/setRoot", ["window": "other", "controller": "p"])
    session.call("navigation/push", ["navigation": "nav", "controller": "a", "animated": false])
    // R72: refused while a's view is in nav's view; taken out first, the move is R5's.
    #expect(
      session.call("containment/embed", ["parent": "p", "child": "a"]).error?["data"]?["exception"]
        == "UIViewControllerHierarchyInconsistency")
    #expect(
      lifecycle(session.call("view/removeFromSuperview", ["view": "a.view"])) == [
        "a.viewWillDisappear R6", "a.viewDidDisappear R7",
      ])
    #expect(
      lifecycle(session.call("containment/embed", ["parent": "p", "child": "a"])) == [
        "a.didMove(nil) R5", "a.willMove(p) R4", "a.viewWillAppear R6", "a.didMove(p) R4", "a.viewDidAppear R7",
        "a.didMove(p) R8",
      ])
    #expect(
      lifecycle(session.call("navigation/push", ["navigation": "nav", "controller": "b", "animated": false])) == [
        "b.willMove(nav) R20", "b.loadView R1", "b.viewDidLoad R1", "b.viewWillAppear R19", "b.viewDidAppear R19",
        "b.didMove(nav) R20",
      ])
    #expect(session.call("controller/get", ["controller": "a"]).result?["appearance"] == "appeared")
    #expect(session.call("view/get", ["view": "a.view"]).result?["superview"] == "p.view")
    #expect(
      session.call("view/get", ["view": "nav.view"]).result?["subviews"] == [
        "b.view", "nav.navigationBar", "nav.toolbar",
      ])
  }
}

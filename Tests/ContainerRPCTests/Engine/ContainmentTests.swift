import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// Exact callback orders for view loading and containment (R1–R8), through the in-process server.
@Suite struct ContainmentTests {
  /// A window `win` showing controller `parent`; `child` created, not loaded.
  private func visibleParent() -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "parent"])
    session.call("window/setRoot", ["window": "win", "controller": "parent"])
    session.call("controller/create", ["id": "child"])
    return session
  }

  @Test func setRootLoadsAndShowsTheRoot() {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "parent"])
    let exchange = session.call("window/setRoot", ["window": "win", "controller": "parent"])
    #expect(
      exchange.trace == [
        "parent.loadView R1", "parent.viewDidLoad R1", "parent.viewWillAppear R6", "parent.viewIsAppearing R69",
        "parent.viewDidAppear R7",
      ])
    #expect(
      exchange.events.first
        == json(
          #"""
          {"jsonrpc":"2.0","method":"event/lifecycle","params":{"callback":"loadView","controller":"parent","request":3,"rule":"R1","seq":1,"time":0}}
          """#))
    #expect(
      exchange.events[2]["params"]
        == json(
          #"""
          {"animated":false,"callback":"viewWillAppear","controller":"parent","request":3,"rule":"R6","seq":3,"time":0}
          """#))
  }

  /// R1: `controller/get` never loads; naming `<id>.view` loads exactly once.
  @Test func viewLoadsLazilyAndOnce() {
    let session = TestSession()
    session.call("controller/create", ["id": "a"])
    #expect(session.call("controller/get", ["controller": "a"]).result?["isViewLoaded"] == false)
    #expect(session.call("controller/get", ["controller": "a"]).events.isEmpty)
    #expect(
      session.call("view/setFrame", ["view": "a.view", "frame": ["x": 0, "y": 0, "width": 10, "height": 10]]).trace
        == ["a.loadView R1", "a.viewDidLoad R1"])
    #expect(session.call("controller/loadView", ["controller": "a"]).trace == [])
    #expect(session.call("controller/get", ["controller": "a"]).result?["isViewLoaded"] == true)
  }

  /// R2: after `view = nil`, the next access loads again (loadView + viewDidLoad a second time).
  @Test func viewDidLoadRunsOncePerLoad() {
    let session = TestSession()
    session.call("controller/create", ["id": "a"])
    session.call("controller/loadView", ["controller": "a"])
    session.call("controller/unloadView", ["controller": "a"])
    #expect(session.call("controller/loadView", ["controller": "a"]).trace == ["a.loadView R2", "a.viewDidLoad R2"])
  }

  /// Documentation/Protocol.md, "Example exchange" and R4, R6, R7, R8: embedding into a visible parent in one call.
  @Test func embedIntoVisibleParent() {
    let session = visibleParent()
    let exchange = session.call("containment/embed", ["parent": "parent", "child": "child"])
    #expect(
      exchange.trace == [
        "child.willMove(parent) R4", "child.loadView R1", "child.viewDidLoad R1", "child.viewWillAppear R6",
        "child.didMove(parent) R4", "child.viewIsAppearing R69", "child.viewDidAppear R7", "child.didMove(parent) R8",
      ])
    #expect(exchange.events[3]["params"]?["isMovingToParent"] == true)
    #expect(session.call("controller/get", ["controller": "child"]).result?["isMovingToParent"] == false)
  }

  /// R4, R6, R7, R8 on removal: willMove(nil), removeFromSuperview, removeFromParent; did halves after the turn.
  @Test func unembedFromVisibleParent() {
    let session = visibleParent()
    session.call("containment/embed", ["parent": "parent", "child": "child"])
    let exchange = session.call("containment/unembed", ["child": "child"])
    #expect(
      exchange.trace == [
        "child.willMove(nil) R4", "child.viewWillDisappear R6", "child.didMove(nil) R4", "child.viewDidDisappear R7",
        "child.didMove(nil) R8",
      ])
    #expect(exchange.events[1]["params"]?["isMovingFromParent"] == true)
    #expect(session.call("controller/get", ["controller": "parent"]).result?["children"] == [])
  }

  /// R29: isMovingFromParent describes the move a disappearance belongs to. A child removed while off screen keeps
  /// the flag only until it next appears; when it later disappears for another reason (replaced as a window's
  /// root) the flag is false. Likewise isMovingToParent does not leak into a disappearance.
  @Test func movingFlagsDoNotCarryIntoUnrelatedTransitions() {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    for id in ["P", "C", "Z"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("containment/addChild", ["parent": "P", "child": "C"])
    session.call("containment/removeFromParent", ["child": "C"])
    #expect(session.call("controller/get", ["controller": "C"]).result?["isMovingFromParent"] == true)
    let shown = session.call("window/setRoot", ["window": "win", "controller": "C"])
    #expect(
      shown.trace.filter { $0.contains("ppear") } == [
        "C.viewWillAppear R6", "C.viewIsAppearing R69", "C.viewDidAppear R7",
      ])
    #expect(shown.events.allSatisfy { $0["params"]?["isMovingFromParent"] != true })
    let replaced = session.call("window/setRoot", ["window": "win", "controller": "Z"])
    let disappearing = replaced.events.filter { $0["params"]?["controller"] == "C" }
    #expect(disappearing.count == 2)
    // An event carries a flag only when it is true.
    #expect(disappearing.allSatisfy { $0["params"]?["isMovingFromParent"] == nil })

    // Q, shown inside Z (its view only: R72 refuses moving a child of Z whose view is in Z's view), is made the
    // off-screen P's child, then its view leaves the window: that disappearance is not the move to P.
    session.call("controller/create", ["id": "Q"])
    session.call("view/addSubview", ["superview": "Z.view", "view": "Q.view"])
    session.call("containment/addChild", ["parent": "P", "child": "Q"])
    #expect(session.call("controller/get", ["controller": "Q"]).result?["isMovingToParent"] == true)
    let away = session.call("view/removeFromSuperview", ["view": "Q.view"])
    let qEvents = away.events.filter { $0["params"]?["controller"] == "Q" }
    #expect(qEvents.count == 2)
    #expect(qEvents.allSatisfy { $0["params"]?["isMovingToParent"] == nil })
  }

  /// R8: a child added before its parent appears gets didMove once.
  @Test func childEmbeddedBeforeParentAppearsGetsOneDidMove() {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "parent"])
    session.call("controller/create", ["id": "child"])
    #expect(
      session.call("containment/embed", ["parent": "parent", "child": "child"]).trace == [
        "child.willMove(parent) R4", "parent.loadView R1", "parent.viewDidLoad R1", "child.loadView R1",
        "child.viewDidLoad R1", "child.didMove(parent) R4",
      ])
    #expect(
      session.call("window/setRoot", ["window": "win", "controller": "parent"]).trace == [
        "parent.viewWillAppear R6", "child.viewWillAppear R10", "parent.viewIsAppearing R69",
        "child.viewIsAppearing R69", "parent.viewDidAppear R7", "child.viewDidAppear R10",
      ])
  }

  /// R4 and R6: addChild alone gives willMove and no appearance callbacks.
  @Test func addChildWithoutViewGivesNoAppearance() {
    let session = visibleParent()
    #expect(
      session.call("containment/addChild", ["parent": "parent", "child": "child"]).trace == [
        "child.willMove(parent) R4"
      ])
    #expect(session.call("controller/get", ["controller": "child"]).result?["parent"] == "parent")
  }

  /// L-snap: a window's root view controller cannot become a child, whichever call would add it; each refusal is
  /// UIViewControllerHierarchyInconsistency "adding a root view controller <C> as a child of view controller:<P>",
  /// changes nothing and emits nothing.
  @Test(arguments: [
    ("containment/addChild", #"{"parent":"other","child":"parent"}"#, "<UIViewController: other>"),
    ("containment/embed", #"{"parent":"other","child":"parent"}"#, "<UIViewController: other>"),
    ("navigation/push", #"{"navigation":"nav","controller":"parent"}"#, "<UINavigationController: nav>"),
    (
      "navigation/setViewControllers", #"{"navigation":"nav","controllers":["home","parent"]}"#,
      "<UINavigationController: nav>"
    ),
    ("tab/setViewControllers", #"{"tabBar":"tabs","controllers":["parent"]}"#, "<UITabBarController: tabs>"),
    ("paging/setPages", #"{"container":"pc","controllers":["parent"]}"#, "<PagingContainerViewController: pc>"),
    (
      "controller/create", #"{"id":"nav2","kind":"UINavigationController","root":"parent"}"#,
      "<UINavigationController: nav2>"
    ),
    (
      "controller/create", #"{"id":"tabs2","kind":"UITabBarController","controllers":["parent"]}"#,
      "<UITabBarController: tabs2>"
    ),
    (
      "controller/create",
      #"{"id":"pc2","kind":"PagingContainerViewController","header":{"height":100},"pages":["parent"]}"#,
      "<PagingContainerViewController: pc2>"
    ),
  ])
  func aWindowsRootCannotBecomeAChild(_ method: String, _ params: String, _ parentName: String) {
    let session = visibleParent()
    session.call("controller/create", ["id": "other"])
    session.call("controller/create", ["id": "home"])
    session.call("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "home"])
    session.call("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": []])
    session.call("controller/create", ["id": "pc", "kind": "PagingContainerViewController", "header": ["height": 100]])
    let before = session.snapshot()
    let exchange = session.call(method, json(params))
    #expect(
      exchange.error?["data"] == [
        "exception": "UIViewControllerHierarchyInconsistency",
        "reason": .string(
          "adding a root view controller <UIViewController: parent> as a child of view controller:\(parentName)"),
      ])
    #expect(exchange.events.isEmpty)
    #expect(session.snapshot() == before)
  }

  /// Once another controller replaces it as the window's root, the old root can become a child again.
  @Test func aReplacedRootCanBecomeAChild() {
    let session = visibleParent()
    session.call("controller/create", ["id": "other"])
    session.call("window/setRoot", ["window": "win", "controller": "other"])
    #expect(session.call("containment/addChild", ["parent": "other", "child": "parent"]).error == nil)
    session.call("controller/create", ["id": "third"])
    #expect(
      session.call("containment/addChild", ["parent": "third", "child": "other"]).error?["data"]?["reason"]
        == "adding a root view controller <UIViewController: other> as a child of view controller:<UIViewController: third>"
    )
  }

  /// R5: addChild of a controller with another parent removes it first: didMove(nil), then willMove(new).
  @Test func addChildToASecondParentRemovesItFirst() {
    let session = visibleParent()
    session.call("controller/create", ["id": "other"])
    session.call("containment/addChild", ["parent": "parent", "child": "child"])
    #expect(
      session.call("containment/addChild", ["parent": "other", "child": "child"]).trace == [
        "child.didMove(nil) R5", "child.willMove(other) R4",
      ])
    #expect(session.call("controller/get", ["controller": "parent"]).result?["children"] == [])
    #expect(session.call("controller/get", ["controller": "other"]).result?["children"] == ["child"])
  }

  /// R6 (the seed mistake): only the child's view is added, without addChild. Its own view drives it, and it has
  /// no parent (so no navigationController).
  @Test func addingOnlyTheChildsViewStillDrivesItsAppearance() {
    let session = visibleParent()
    #expect(
      session.call("view/addSubview", ["superview": "parent.view", "view": "child.view"]).trace == [
        "child.loadView R1", "child.viewDidLoad R1", "child.viewWillAppear R6", "child.viewIsAppearing R69",
        "child.viewDidAppear R7",
      ])
    let child = session.call("controller/get", ["controller": "child"]).result
    #expect(child?["parent"] == .null)
    #expect(child?["navigationController"] == .null)
    #expect(session.call("controller/get", ["controller": "parent"]).result?["children"] == [])
  }

  /// R10: forwarding is parent first, children in the order they were added, for will and did.
  @Test func forwardingIsParentFirstInChildOrder() {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    for id in ["root", "a", "b"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("containment/embed", ["parent": "root", "child": "a"])
    session.call("containment/embed", ["parent": "root", "child": "b"])
    let trace = session.call("window/setRoot", ["window": "win", "controller": "root"]).trace
    #expect(
      trace.filter { !$0.contains("viewIsAppearing") } == [
        "root.viewWillAppear R6", "a.viewWillAppear R10", "b.viewWillAppear R10", "root.viewDidAppear R7",
        "a.viewDidAppear R10", "b.viewDidAppear R10",
      ])
  }

  /// A-hier: a child's view may not go into another controller's view hierarchy.
  @Test func childViewInAnotherControllersHierarchyIsAnException() {
    let session = visibleParent()
    session.call("controller/create", ["id": "other"])
    session.call("containment/addChild", ["parent": "parent", "child": "child"])
    let before = session.snapshot()
    let exchange = session.call("view/addSubview", ["superview": "other.view", "view": "child.view"])
    #expect(
      exchange.error
        == json(
          #"""
          {"code":-32001,"data":{"exception":"UIViewControllerHierarchyInconsistency","reason":"child view controller:<UIViewController: child> should have parent view controller:<UIViewController: parent> but requested parent is:<UIViewController: other>"},
           "message":"UIViewControllerHierarchyInconsistency: child view controller:<UIViewController: child> should have parent view controller:<UIViewController: parent> but requested parent is:<UIViewController: other>"}
          """#))
    #expect(exchange.events.isEmpty)
    #expect(session.snapshot() == before)
  }

  @Test func selfContainmentIsAnException() {
    let session = visibleParent()
    let before = session.snapshot()
    let exchange = session.call("containment/addChild", ["parent": "child", "child": "child"])
    #expect(exchange.error?["data"]?["exception"] == "NSInvalidArgumentException")
    #expect(exchange.events.isEmpty)
    #expect(session.snapshot() == before)
  }

  /// A controller cannot become the child of its own descendant (a cycle) [INF].
  @Test func makingAControllerItsOwnAncestorIsAnException() {
    let session = visibleParent()
    session.call("containment/addChild", ["parent": "parent", "child": "child"])
    let before = session.snapshot()
    let exchange = session.call("containment/addChild", ["parent": "child", "child": "parent"])
    #expect(
      exchange.error?["data"]
        == json(
          #"""
          {"exception":"NSInvalidArgumentException","reason":"<UIViewController: parent> is an ancestor of <UIViewController: child> and cannot become its child"}
          """#))
    #expect(exchange.events.isEmpty)
    #expect(session.snapshot() == before)
  }

  /// A destroyed controller is gone: its id and its root view's id name nothing.
  @Test func destroyedControllerIsUnknown() {
    let session = TestSession()
    session.call("controller/create", ["id": "gone"])
    session.call("controller/loadView", ["controller": "gone"])
    #expect(session.call("controller/destroy", ["controller": "gone"]).result == [:])
    #expect(session.call("controller/get", ["controller": "gone"]).error?["code"] == -32000)
    #expect(session.call("view/get", ["view": "gone.view"]).error?["data"] == ["id": "gone.view"])
    #expect(session.call("controller/create", ["id": "gone"]).result?["id"] == "gone")
  }

  @Test func unknownIdsAndForbiddenStates() {
    let session = visibleParent()
    #expect(
      session.call("containment/addChild", ["parent": "parent", "child": "ghost"]).error
        == json(
          #"""
          {"code":-32000,"data":{"id":"ghost"},"message":"Unknown object: ghost"}
          """#))
    #expect(session.call("view/get", ["view": "nope.view"]).error?["data"] == ["id": "nope.view"])
    let destroy = session.call("controller/destroy", ["controller": "parent"])
    #expect(destroy.error?["code"] == -32003)
    #expect(destroy.error?["data"] == ["id": "parent", "state": "viewInHierarchy"])
    #expect(session.call("controller/create", ["id": "parent"]).error?["data"]?["path"] == "params.id")
  }

  /// Documentation/Protocol.md, "Errors": a failing call inside a batch changes nothing; the other calls of the turn
  /// still run.
  @Test func failingCallInABatchLeavesTheRestOfTheTurn() {
    let session = visibleParent()
    let (events, responses) = session.batch([
      ("containment/addChild", ["parent": "parent", "child": "child"]),
      ("view/addSubview", ["superview": "parent.view", "view": "child.view"]),
      ("view/addSubview", ["superview": "child.view", "view": "parent.view"]),  // a cycle: refused
      ("containment/didMove", ["child": "child", "parent": "parent"]),
    ])
    #expect(responses.map { $0["error"]?["code"] ?? .null } == [.null, .null, -32001, .null])
    #expect(responses[2]["error"]?["data"]?["reason"] == "Can't add a view as a subview of its own descendant")
    #expect(
      events.map(TestSession.describe) == [
        "child.willMove(parent) R4", "child.loadView R1", "child.viewDidLoad R1", "child.viewWillAppear R6",
        "child.didMove(parent) R4", "child.viewIsAppearing R69", "child.viewDidAppear R7", "child.didMove(parent) R8",
      ])
  }

  @Test func sameInputSameBytes() {
    func run() -> [String] {
      let session = visibleParent()
      return session.call("containment/embed", ["parent": "parent", "child": "child"]).events.map(\.encodedString)
        + [session.snapshot()]
    }
    #expect(run() == run())
  }
}

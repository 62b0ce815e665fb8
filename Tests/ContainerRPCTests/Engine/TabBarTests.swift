import ContainerRPC
import ContainerRPCTestSupport
import Testing

/// UITabBarController (UIKIT_RULES.md R3, R25).
@Suite struct TabBarTests {
  private func shownTabs() -> TestSession {
    let session = TestSession()
    session.call("daemon/configure", ["options": ["viewIsAppearing": false]])
    session.call("window/create", ["id": "win"])
    for id in ["feed", "me"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": ["feed", "me"]])
    session.call("window/setRoot", ["window": "win", "controller": "tabs"])
    return session
  }

  /// R3: only the selected tab's view is loaded.
  @Test func onlyTheSelectedTabLoads() {
    let session = shownTabs()
    #expect(session.call("controller/get", ["controller": "feed"]).result?["isViewLoaded"] == true)
    #expect(session.call("controller/get", ["controller": "me"]).result?["isViewLoaded"] == false)
    #expect(session.call("controller/get", ["controller": "me"]).result?["tabBarController"] == "tabs")
  }

  /// R25: new.willAppear → old.willDisappear → old.didDisappear → new.didAppear; the will pair inside the setter.
  @Test func tabSwitchOrder() {
    let session = shownTabs()
    let (events, _) = session.batch([
      ("tab/select", ["tabBar": "tabs", "index": 1]), ("controller/get", ["controller": "me"]),
    ])
    #expect(
      events.map(TestSession.describe) == [
        "me.loadView R1", "me.viewDidLoad R1", "me.viewWillAppear R25", "feed.viewWillDisappear R25",
        "feed.viewDidDisappear R25", "me.viewDidAppear R25",
      ])
    #expect(session.call("view/get", ["view": "feed.view"]).result?["superview"] == .null)
  }

  /// R25: selecting a controller that is not a child.
  @Test func selectingANonChildIsAnException() {
    let session = shownTabs()
    session.call("controller/create", ["id": "stranger"])
    let before = session.snapshot()
    let exchange = session.call("tab/select", ["tabBar": "tabs", "controller": "stranger"])
    #expect(
      exchange.error?["data"]
        == json(
          #"""
          {"exception":"NSInternalInconsistencyException","reason":"Attempting to select a view controller that isn't a child! <UIViewController: stranger>"}
          """#))
    #expect(session.snapshot() == before)
    #expect(
      session.call("tab/select", ["tabBar": "tabs", "index": 7]).error?["data"]?["reason"]
        == "Attempting to select a view controller that isn't a child! (null)")
  }

  /// Nested: a navigation controller inside a tab; a push inside it reaches only the visible stack.
  @Test func navigationInsideATab() {
    let session = TestSession()
    session.call("daemon/configure", ["options": ["viewIsAppearing": false]])
    session.call("window/create", ["id": "win"])
    for id in ["home", "detail", "me"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "home"])
    session.call("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": ["nav", "me"]])
    #expect(
      session.call("window/setRoot", ["window": "win", "controller": "tabs"]).trace.filter {
        $0.contains("ppear")
      } == [
        "tabs.viewWillAppear R6", "nav.viewWillAppear R10", "home.viewWillAppear R10", "tabs.viewDidAppear R7",
        "nav.viewDidAppear R10", "home.viewDidAppear R10",
      ])
    let push = session.call("navigation/push", ["navigation": "nav", "controller": "detail", "animated": false])
    #expect(
      push.trace.filter { $0.contains("ppear") } == [
        "home.viewWillDisappear R19", "detail.viewWillAppear R19", "home.viewDidDisappear R19",
        "detail.viewDidAppear R19",
      ])
    #expect(session.call("controller/get", ["controller": "detail"]).result?["tabBarController"] == "tabs")
    #expect(session.call("controller/get", ["controller": "detail"]).result?["navigationController"] == "nav")
  }
}

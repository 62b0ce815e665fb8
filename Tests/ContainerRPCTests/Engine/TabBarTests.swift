import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// UITabBarController (R3, R25).
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

  /// R5 + R3: a tab pushed onto a navigation controller while the tab bar was off screen leaves the tab bar; when the
  /// tab bar appears it installs its first remaining tab, not the controller it lost (fuzz run 21: the tab bar put
  /// `a.view` into its own view while `a`'s parent was `nav`).
  @Test func aTabTakenWhileOffScreenIsNotInstalled() {
    let session = TestSession()
    session.call("daemon/configure", ["options": ["viewIsAppearing": false]])
    session.call("window/create", ["id": "win"])
    for id in ["a", "b", "home"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": ["a", "b"]])
    session.call("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "home"])
    #expect(
      session.call("navigation/push", ["navigation": "nav", "controller": "a"]).trace == [
        "a.didMove(nil) R5", "a.willMove(nav) R20", "home.didMove(nav) R20",
      ])
    #expect(
      session.call("window/setRoot", ["window": "win", "controller": "tabs"]).trace == [
        "tabs.loadView R1", "tabs.viewDidLoad R1", "tabs.viewWillAppear R6", "b.loadView R1", "b.viewDidLoad R1",
        "b.viewWillAppear R10", "tabs.viewDidAppear R7", "b.viewDidAppear R10",
      ])
    #expect(session.call("view/get", ["view": "tabs.view"]).result?["subviews"] == ["b.view", "tabs.tabBar"])
    #expect(session.call("controller/get", ["controller": "a"]).result?["isViewLoaded"] == false)
  }

  /// R5 + R25: the shown tab, pushed onto a navigation controller in another window, is no longer the tab bar's
  /// selection. Selecting the first remaining tab shows it alone: the controller taken gets no R25 disappearance
  /// (it is `nav`'s child, still appeared). R72: the push is refused while the tab's view is in the tab bar
  /// controller's view; the client takes it out first.
  @Test func aShownTabTakenByAPushGetsNoTabCallbacks() {
    let session = shownTabs()
    session.call("window/create", ["id": "other"])
    session.call("controller/create", ["id": "home"])
    session.call("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "home"])
    session.call("window/setRoot", ["window": "other", "controller": "nav"])
    #expect(
      session.call("navigation/push", ["navigation": "nav", "controller": "feed", "animated": false]).error?["data"]?[
        "reason"]
        == "child view controller:<UIViewController: feed> should have parent view controller:<UITabBarController: tabs> but requested parent is:<UINavigationController: nav>"
    )
    session.call("view/removeFromSuperview", ["view": "feed.view"])
    session.call("navigation/push", ["navigation": "nav", "controller": "feed", "animated": false])
    #expect(session.call("view/get", ["view": "tabs.view"]).result?["subviews"] == ["tabs.tabBar"])
    #expect(
      session.call("tab/select", ["tabBar": "tabs", "index": 0]).trace == [
        "me.loadView R1", "me.viewDidLoad R1", "me.viewWillAppear R25", "me.viewDidAppear R25",
      ])
    #expect(session.call("view/get", ["view": "tabs.view"]).result?["subviews"] == ["me.view", "tabs.tabBar"])
    #expect(session.call("controller/get", ["controller": "feed"]).result?["appearance"] == "appeared")
    #expect(session.call("controller/get", ["controller": "feed"]).result?["parent"] == "nav")
  }

  /// R4 + R3: the selected tab removed with removeFromParent while the tab bar is off screen, then embedded elsewhere,
  /// is not installed when the tab bar appears again: its first remaining tab is.
  @Test func aSelectedTabRemovedOffScreenIsNotInstalled() {
    let session = shownTabs()
    session.call("controller/create", ["id": "other"])
    session.call("tab/select", ["tabBar": "tabs", "index": 1])
    session.call("window/setRoot", ["window": "win", "controller": "other"])
    #expect(session.call("containment/removeFromParent", ["child": "me"]).trace == ["me.didMove(nil) R4"])
    session.call("containment/embed", ["parent": "other", "child": "me"])
    #expect(
      session.call("window/setRoot", ["window": "win", "controller": "tabs"]).trace.filter { $0.contains("ppear") } == [
        "other.viewWillDisappear R6", "me.viewWillDisappear R10", "tabs.viewWillAppear R6", "feed.viewWillAppear R10",
        "other.viewDidDisappear R7", "me.viewDidDisappear R10", "tabs.viewDidAppear R7", "feed.viewDidAppear R10",
      ])
    #expect(session.call("view/get", ["view": "tabs.view"]).result?["subviews"] == ["feed.view", "tabs.tabBar"])
    #expect(session.call("view/get", ["view": "me.view"]).result?["superview"] == "other.view")
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// R71 (the `viewControllers` setter reselects) and `controller/get`'s `selectedIndex` / `selectedViewController`
/// (Documentation/Protocol.md, "Bars (R68)"), on the wire.
@Suite struct TabReselectionTests {
  /// `tabs` (feed, me, more) shown in `win`, `me` selected.
  private func shownTabs() -> TestSession {
    let session = TestSession()
    session.call("daemon/configure", ["options": ["viewIsAppearing": false]])
    session.call("window/create", ["id": "win"])
    for id in ["feed", "me", "more", "extra"] { session.call("controller/create", ["id": .string(id)]) }
    session.call(
      "controller/create",
      ["id": "tabs", "kind": "UITabBarController", "controllers": ["feed", "me", "more"], "selectedIndex": 1])
    session.call("window/setRoot", ["window": "win", "controller": "tabs"])
    return session
  }

  private func selection(_ session: TestSession) -> [JSONValue?] {
    let result = session.call("controller/get", ["controller": "tabs"]).result
    return [result?["selectedIndex"], result?["selectedViewController"]]
  }

  @Test func controllerGetReportsTheSelection() {
    let session = shownTabs()
    #expect(selection(session) == [1, "me"])
    #expect(session.call("controller/get", ["controller": "me"]).result?["selectedIndex"] == nil)
    session.call("controller/create", ["id": "empty", "kind": "UITabBarController"])
    let empty = session.call("controller/get", ["controller": "empty"]).result
    #expect(empty?["selectedIndex"] == .null)
    #expect(empty?["selectedViewController"] == .null)
  }

  /// R71: kept at its new index, no appearance callback.
  @Test func keptAtANewIndex() {
    let session = shownTabs()
    let exchange = session.call(
      "tab/setViewControllers", ["tabBar": "tabs", "controllers": ["extra", "more", "feed", "me"]])
    #expect(exchange.trace == ["extra.willMove(tabs) R4", "extra.didMove(tabs) R4"])
    #expect(selection(session) == [3, "me"])
  }

  /// R71: removed, the controller at the same index; R25's switch.
  @Test func removedGivesTheSameIndex() {
    let session = shownTabs()
    let exchange = session.call(
      "tab/setViewControllers", ["tabBar": "tabs", "controllers": ["feed", "extra", "more"]])
    #expect(
      exchange.trace == [
        "me.willMove(nil) R4", "me.didMove(nil) R4", "extra.willMove(tabs) R4", "extra.didMove(tabs) R4",
        "extra.loadView R1", "extra.viewDidLoad R1", "extra.viewWillAppear R25", "me.viewWillDisappear R25",
        "me.viewDidDisappear R25", "extra.viewDidAppear R25",
      ])
    #expect(selection(session) == [1, "extra"])
    #expect(session.call("view/get", ["view": "tabs.view"]).result?["subviews"] == ["extra.view", "tabs.tabBar"])
  }

  /// R71: the index past the end, the first tab.
  @Test func pastTheEndGivesTheFirst() {
    let session = shownTabs()
    let exchange = session.call("tab/setViewControllers", ["tabBar": "tabs", "controllers": ["more"]])
    #expect(
      exchange.trace.filter { $0.contains("ppear") } == [
        "more.viewWillAppear R25", "me.viewWillDisappear R25", "me.viewDidDisappear R25", "more.viewDidAppear R25",
      ])
    #expect(selection(session) == [0, "more"])
  }

  /// R25 + R3: a tab selected off screen is reported and is the one that appears (the known bug: index 0 and the
  /// first tab used to be reported).
  @Test func selectedOffScreenIsReportedAndShown() {
    let session = TestSession()
    session.call("daemon/configure", ["options": ["viewIsAppearing": false]])
    session.call("window/create", ["id": "win"])
    for id in ["a", "b", "c"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": ["a", "b", "c"]])
    #expect(session.call("tab/select", ["tabBar": "tabs", "index": 2]).trace == [])
    #expect(selection(session) == [2, "c"])
    #expect(
      session.call("window/setRoot", ["window": "win", "controller": "tabs"]).trace.filter { $0.contains("ppear") }
        == ["tabs.viewWillAppear R6", "c.viewWillAppear R10", "tabs.viewDidAppear R7", "c.viewDidAppear R10"])
    #expect(session.call("controller/get", ["controller": "a"]).result?["isViewLoaded"] == false)
  }

  /// scene/load's `selectedIndex` is what controller/get reports and what appears.
  @Test func sceneLoadSelectedIndex() {
    let session = TestSession()
    session.call("daemon/configure", ["options": ["viewIsAppearing": false]])
    let load = session.call(
      "scene/load",
      json(
        #"""
        {"scene":{"windows":[{"name":"win","root":{"name":"tabs","kind":"UITabBarController","selectedIndex":2,
         "tabs":[{"name":"a"},{"name":"b"},{"name":"c"}]}}]}}
        """#))
    #expect(load.trace.filter { $0.contains("ppear") }.contains("c.viewWillAppear R10"))
    #expect(selection(session) == [2, "c"])
  }
}

import ContainerJSON
import ContainerProtocol
import ContainerRPCTestSupport
import Testing

/// R68 with R64/R69 and R24 on the wire: the geometry step before viewIsAppearing counts the bars, and a cancelled
/// interactive pop puts back the bars of the controller that stays on top.
@Suite struct BarsAcrossFeaturesTests {
  /// R64 step 4 + R69 + R68: `window/setRoot` of a tab bar controller holding a navigation controller whose root is a
  /// UITableViewController: each controller's safe area is told once, before its viewIsAppearing, with the bars
  /// (list 91/83, nav 47/83), in this exact order.
  @Test func theFirstAppearanceTellsTheSafeAreaWithTheBarsOnce() {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "list", "kind": "UITableViewController"])
    session.call("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "list"])
    session.call("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": ["nav"]])
    session.call("events/subscribe", ["kinds": ["lifecycle", "layout"]])
    let exchange = session.call("window/setRoot", ["window": "win", "controller": "tabs"])
    let told = exchange.events.compactMap { event -> String? in
      guard
        event["params"]?["callback"] == "viewSafeAreaInsetsDidChange"
          || event["params"]?["callback"] == "viewIsAppearing",
        let params = event["params"], let controller = params["controller"]?.stringValue,
        let callback = params["callback"]?.stringValue
      else { return nil }
      let safe = params["safeArea"].map { " \($0["top"]?.intValue ?? -1),\($0["bottom"]?.intValue ?? -1)" } ?? ""
      return "\(controller).\(callback)\(safe)"
    }
    #expect(
      told == [
        "tabs.viewSafeAreaInsetsDidChange 47,34", "nav.viewSafeAreaInsetsDidChange 47,83",
        "list.viewSafeAreaInsetsDidChange 91,83", "tabs.viewIsAppearing", "nav.viewIsAppearing", "list.viewIsAppearing",
      ])
  }

  /// R24 + R68: an interactive pop from a controller with `hidesBottomBarWhenPushed`, cancelled: the tab bar is hidden
  /// again (it shows during the gesture) and the controller's table keeps the bottom inset 34.
  @Test func aCancelledInteractivePopHidesTheTabBarAgain() {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "list"])
    session.call("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "list"])
    session.call("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": ["nav"]])
    session.call("window/setRoot", ["window": "win", "controller": "tabs"])
    session.call(
      "controller/create", ["id": "detail", "kind": "UITableViewController", "hidesBottomBarWhenPushed": true])
    session.call("navigation/push", ["navigation": "nav", "controller": "detail", "animated": true])
    session.call("clock/advance", ["ms": 1000])
    session.call("navigation/interactivePop", ["navigation": "nav", "action": "begin"])
    #expect(session.call("view/get", ["view": "tabs.tabBar"]).result?["isHidden"] == nil)
    session.call("navigation/interactivePop", ["navigation": "nav", "action": "cancel"])
    session.call("clock/advance", ["ms": 1000])
    #expect(session.call("view/get", ["view": "tabs.tabBar"]).result?["isHidden"] == true)
    #expect(
      session.call("scroll/get", ["view": "detail.view"]).result?["adjustedContentInset"]?["bottom"] == 34)
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// R68 on the wire: navigation bars, toolbars and tab bars are views (`<nav>.navigationBar`, `<nav>.toolbar`,
/// `<tab>.tabBar`) that extend their children's safe area. Apple, `UIView.safeAreaInsets`: "The safe area of a view
/// reflects the area not covered by navigation bars, tab bars, toolbars, and other ancestors that obscure a view
/// controller's view". Default window 390×844, safe area 47/34.
@Suite struct BarsTests {
  private static func insets(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) -> JSONValue {
    ["top": .number(top), "left": .number(left), "bottom": .number(bottom), "right": .number(right)]
  }

  /// `list` (a UITableViewController) the root of `nav`; with `inTab`, `nav` is the first tab of `tabs` (with
  /// `other`); the outermost is the root of `win`.
  private func scene(inTab: Bool = false, nav navOptions: JSONObject = [:], list listOptions: JSONObject = [:])
    -> TestSession
  {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    var list: JSONObject = ["id": "list", "kind": "UITableViewController"]
    for (key, value) in listOptions { list[key] = value }
    session.call("controller/create", .object(list))
    var nav: JSONObject = ["id": "nav", "kind": "UINavigationController", "root": "list"]
    for (key, value) in navOptions { nav[key] = value }
    session.call("controller/create", .object(nav))
    if inTab {
      session.call("controller/create", ["id": "other", "kind": "UITableViewController"])
      session.call("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": ["nav", "other"]])
    }
    session.call("window/setRoot", ["window": "win", "controller": inTab ? "tabs" : "nav"])
    return session
  }

  private func scroll(_ session: TestSession, _ view: String) -> JSONValue? {
    session.call("scroll/get", ["view": .string(view)]).result
  }

  /// R68: the table under a visible navigation bar gets adjustedContentInset.top 47 + 44 = 91 and rests at −91; the
  /// bar is a view at y 47, 44 high.
  @Test func aTableUnderANavigationBarGets91() {
    let session = scene()
    let state = scroll(session, "list.view")
    #expect(state?["adjustedContentInset"] == Self.insets(top: 91, bottom: 34))
    #expect(state?["contentOffset"] == ["x": 0, "y": -91])
    let bar = session.call("view/get", ["view": "nav.navigationBar"]).result
    #expect(bar?["kind"] == "UINavigationBar")
    #expect(bar?["frame"] == ["x": 0, "y": 47, "width": 390, "height": 44])
    #expect(bar?["superview"] == "nav.view")
  }

  /// R68: a navigation controller in a tab gives its child 91 / 83; the tab bar is at y 761, 83 high.
  @Test func aNavigationControllerInATabGives91And83() {
    let session = scene(inTab: true)
    #expect(scroll(session, "list.view")?["adjustedContentInset"] == Self.insets(top: 91, bottom: 83))
    let bar = session.call("view/get", ["view": "tabs.tabBar"]).result
    #expect(bar?["kind"] == "UITabBar")
    #expect(bar?["frame"] == ["x": 0, "y": 761, "width": 390, "height": 83])
    #expect(session.call("controller/get", ["controller": "tabs"]).result?["tabBarHidden"] == false)
  }

  /// R68: `navigation/setNavigationBarHidden` → `{}`; the table's top inset is 47 and its resting offset moves to −47
  /// at the end of the turn (`cause: inset`); `controller/get` reports `navigationBarHidden`.
  @Test func hidingTheNavigationBarMovesTheRestingOffsetTo47() {
    let session = scene()
    session.call("events/subscribe", ["kinds": ["offset"]])
    let hidden = session.call("navigation/setNavigationBarHidden", ["navigation": "nav", "hidden": true])
    #expect(hidden.result == [:])
    #expect(hidden.trace == ["offset list.view 0,-47 inset"])
    #expect(scroll(session, "list.view")?["adjustedContentInset"] == Self.insets(top: 47, bottom: 34))
    let nav = session.call("controller/get", ["controller": "nav"]).result
    #expect(nav?["navigationBarHidden"] == true)
    #expect(nav?["toolbarHidden"] == true)
    #expect(session.call("view/get", ["view": "nav.navigationBar"]).result?["isHidden"] == true)
  }

  /// R68, `hidesBottomBarWhenPushed`: the pushed controller's bottom inset is 34 (the tab bar hides), and after the
  /// pop the root's is 83 again.
  @Test func hidesBottomBarWhenPushedGoes83To34To83() {
    let session = scene(inTab: true)
    session.call(
      "controller/create", ["id": "detail", "kind": "UITableViewController", "hidesBottomBarWhenPushed": true])
    #expect(scroll(session, "list.view")?["adjustedContentInset"]?["bottom"] == 83)
    session.call("navigation/push", ["navigation": "nav", "controller": "detail", "animated": false])
    #expect(scroll(session, "detail.view")?["adjustedContentInset"] == Self.insets(top: 91, bottom: 34))
    session.call("navigation/pop", ["navigation": "nav", "animated": false])
    #expect(scroll(session, "list.view")?["adjustedContentInset"] == Self.insets(top: 91, bottom: 83))
  }

  /// R68: an opaque navigation bar and `edgesForExtendedLayout: []`: the child's view starts at y 91 and its safe
  /// area top is 0.
  @Test func anOpaqueBarWithNoExtendedEdgesLaysTheChildOutBelowIt() {
    let session = scene(nav: ["navigationBarTranslucent": false], list: ["edgesForExtendedLayout": []])
    #expect(
      session.call("view/get", ["view": "list.view"]).result?["frame"] == [
        "x": 0, "y": 91, "width": 390, "height": 753,
      ])
    #expect(scroll(session, "list.view")?["adjustedContentInset"] == Self.insets(top: 0, bottom: 34))
  }

  /// R68: large titles: 47 + 96 = 143.
  @Test func largeTitlesGive143() {
    let session = scene(nav: ["prefersLargeTitles": true])
    #expect(scroll(session, "list.view")?["adjustedContentInset"]?["top"] == 143)
    #expect(scroll(session, "list.view")?["contentOffset"] == ["x": 0, "y": -143])
  }

  /// R68: `tabBarHidden` through `controller/configure` gives the 49 back (bottom 34).
  @Test func tabBarHiddenThroughConfigure() {
    let session = scene(inTab: true)
    #expect(session.call("controller/configure", ["controller": "tabs", "tabBarHidden": true]).result == [:])
    #expect(scroll(session, "list.view")?["adjustedContentInset"]?["bottom"] == 34)
    #expect(session.call("controller/get", ["controller": "tabs"]).result?["tabBarHidden"] == true)
  }

  /// Bad params: a non-navigation controller (as the other navigation/* methods), a wrong type, a setting on the
  /// wrong kind, a bad edge, a taken bar id: -32602 at the right path, nothing changed.
  @Test func badParamsAreRefused() {
    let session = scene()
    let notNav = session.call("navigation/setNavigationBarHidden", ["navigation": "list", "hidden": true])
    #expect(notNav.error?["code"] == -32602)
    #expect(notNav.error?["data"]?["path"] == "params.navigation")
    let badType = session.call("navigation/setToolbarHidden", ["navigation": "nav", "hidden": "yes"])
    #expect(badType.error?["data"]?["path"] == "params.hidden")
    let wrongKind = session.call("controller/configure", ["controller": "nav", "tabBarHidden": true, "title": "x"])
    #expect(wrongKind.error?["data"]?["path"] == "params.tabBarHidden")
    #expect(session.call("controller/get", ["controller": "nav"]).result?["title"] == .null)
    let badEdge = session.call("controller/create", ["kind": "UIViewController", "edgesForExtendedLayout": ["left"]])
    #expect(badEdge.error?["data"]?["path"] == "params.edgesForExtendedLayout")
    let wrongCreate = session.call("controller/create", ["kind": "UIViewController", "navigationBarHidden": true])
    #expect(wrongCreate.error?["data"]?["path"] == "params.navigationBarHidden")
    let taken = session.call("view/create", ["id": "nav.toolbar"])
    #expect(taken.error?["code"] == -32602)
    #expect(taken.error?["data"]?["path"] == "params.id")
  }

  /// R68: the safe-area layout guide follows the bars: a view pinned to `list.view.safeAreaLayoutGuide` top and bottom
  /// in a navigation controller in a tab runs from y 91 to 761 (670 high); hiding the navigation bar moves its top to
  /// 47 at the end of that turn.
  @Test func theSafeAreaLayoutGuideFollowsTheBars() {
    let session = scene(inTab: true)
    session.call("view/create", ["id": "a", "frame": ["x": 0, "y": 0, "width": 10, "height": 10]])
    session.call("view/addSubview", ["superview": "list.view", "view": "a"])
    session.call(
      "layout/addConstraints",
      [
        "constraints": [
          ["item": "a", "attribute": "top", "toItem": "list.view.safeAreaLayoutGuide", "toAttribute": "top"],
          ["item": "a", "attribute": "leading", "toItem": "list.view"],
          ["item": "a", "attribute": "trailing", "toItem": "list.view"],
          ["item": "a", "attribute": "bottom", "toItem": "list.view.safeAreaLayoutGuide"],
        ]
      ])
    let frame = { session.call("view/get", ["view": "a"]).result?["frame"] }
    #expect(frame() == ["x": 0, "y": 91, "width": 390, "height": 670])
    session.call("navigation/setNavigationBarHidden", ["navigation": "nav", "hidden": true, "animated": true])
    #expect(frame() == ["x": 0, "y": 47, "width": 390, "height": 714])
  }

  /// R68: a bar is a view on top: a point inside the navigation bar hits `nav.navigationBar`, a point under the tab
  /// bar `tabs.tabBar`; `world/render` draws both.
  @Test func theBarsAreHitAndDrawn() {
    let session = scene(inTab: true)
    #expect(
      session.call("view/hitTest", ["window": "win", "point": ["x": 100, "y": 60]]).result == [
        "view": "nav.navigationBar"
      ])
    #expect(
      session.call("view/hitTest", ["window": "win", "point": ["x": 100, "y": 800]]).result == ["view": "tabs.tabBar"])
    let svg = session.call("world/render", ["window": "win"]).result?["svg"]?.stringValue ?? ""
    #expect(svg.contains(#"<g id="nav.navigationBar" data-kind="UINavigationBar">"#))
    #expect(svg.contains(#"<g id="tabs.tabBar" data-kind="UITabBar">"#))
    #expect(!svg.contains(#"<g id="nav.toolbar""#))
  }

  /// R68, `daemon/configure`'s `hidesBottomBarCountsRoot`: a root that sets `hidesBottomBarWhenPushed` hides the tab
  /// bar (bottom 34) by default, and not with the option off (83).
  @Test(arguments: [true, false])
  func aRootWithHidesBottomBarWhenPushed(_ countsRoot: Bool) {
    let session = TestSession()
    session.call("daemon/configure", ["options": ["hidesBottomBarCountsRoot": .bool(countsRoot)]])
    session.call("window/create", ["id": "win"])
    session.call(
      "controller/create", ["id": "list", "kind": "UITableViewController", "hidesBottomBarWhenPushed": true])
    session.call("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "list"])
    session.call("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": ["nav"]])
    session.call("window/setRoot", ["window": "win", "controller": "tabs"])
    #expect(scroll(session, "list.view")?["adjustedContentInset"]?["bottom"] == (countsRoot ? 34 : 83))
  }

  /// R68: the bars go with an unloaded view and come back with the next load (R2).
  @Test func theBarsGoAndComeBackWithTheView() {
    let session = TestSession()
    session.call("controller/create", ["id": "nav", "kind": "UINavigationController"])
    #expect(session.call("controller/loadView", ["controller": "nav"]).result == ["view": "nav.view"])
    #expect(session.call("view/get", ["view": "nav.view"]).result?["subviews"] == ["nav.navigationBar", "nav.toolbar"])
    session.call("controller/unloadView", ["controller": "nav"])
    #expect(session.call("view/get", ["view": "nav.toolbar"]).error?["code"] == -32000)
    session.call("controller/loadView", ["controller": "nav"])
    #expect(session.call("view/get", ["view": "nav.toolbar"]).result?["isHidden"] == true)
  }

  /// R68 in `scene/load`: a view of the scene may not take a bar's id, nor be of a bar's kind.
  @Test func aSceneCannotTakeABarsIdOrKind() {
    let session = TestSession()
    let taken = session.call(
      "scene/load",
      [
        "scene": [
          "controllers": [
            ["name": "nav", "kind": "UINavigationController", "view": ["subviews": [["id": "nav.toolbar"]]]]
          ]
        ]
      ])
    #expect(taken.error?["data"]?["path"] == "params.scene.controllers[0].view.subviews[0].id")
    let kind = session.call(
      "scene/load",
      ["scene": ["controllers": [["kind": "UITabBarController", "view": ["subviews": [["kind": "UITabBar"]]]]]]])
    #expect(kind.error?["data"]?["path"] == "params.scene.controllers[0].view.subviews[0].kind")
  }
}

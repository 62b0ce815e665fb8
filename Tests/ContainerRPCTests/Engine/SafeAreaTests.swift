import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// `UIViewController.additionalSafeAreaInsets` and the safe area it adds to (S2.4, S5.3).
///
/// Apple, `UIView.safeAreaInsets`: for a view controller's root view the insets account for the bars "and any
/// additional insets that you specified using the `additionalSafeAreaInsets` property"; other views get the part of
/// the safe area that overlaps them. So the additional insets reach every view inside the root view, child
/// controllers' views included, and nothing outside it.
@Suite struct SafeAreaTests {
  private static let zero: JSONValue = ["top": 0, "left": 0, "bottom": 0, "right": 0]

  private static func insets(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) -> JSONValue {
    ["top": .number(top), "left": .number(left), "bottom": .number(bottom), "right": .number(right)]
  }

  /// `tabs` (a container, the root of `win`: 390×844, safe area 47/34) with `list`, a UITableViewController,
  /// embedded full screen in its view. `additional` goes on `target` (`tabs` or `list`) before `list` is shown.
  private func tabmanScene(additional: JSONValue? = nil, on target: String = "tabs") -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "tabs"])
    session.call("controller/create", ["id": "list", "kind": "UITableViewController"])
    if let additional {
      session.call("controller/configure", ["controller": .string(target), "additionalSafeAreaInsets": additional])
    }
    session.call("window/setRoot", ["window": "win", "controller": "tabs"])
    session.call(
      "containment/embed",
      ["parent": "tabs", "child": "list", "frame": ["x": 0, "y": 0, "width": 390, "height": 844]])
    session.call("events/subscribe", ["kinds": ["offset"]])
    return session
  }

  private func scroll(_ session: TestSession, _ view: String) -> JSONValue? {
    session.call("scroll/get", ["view": .string(view)]).result
  }

  /// S5.3 (Tabman's 44-pt bar) and Apple's `additionalSafeAreaInsets`: the bar's inset adds to the window's
  /// 47, whether the container sets it on its own root view (which holds the child's) or on the child: the table's
  /// adjustedContentInset.top is 47 + 44 = 91 (S2.4: contentInset + safe area), and it rests at −91.
  @Test(arguments: ["tabs", "list"])
  func aBarInsetAddsToTheWindowsSafeArea(_ target: String) {
    let session = tabmanScene(additional: Self.insets(top: 44), on: target)
    let state = scroll(session, "list.view")
    #expect(state?["adjustedContentInset"] == Self.insets(top: 91, bottom: 34))
    #expect(state?["contentOffset"] == ["x": 0, "y": -91])
  }

  /// S2.4's safe-area follow (c948778): an offset resting at the top (−47) when the bar's inset is set moves to the
  /// new top, −91, at the end of that turn (`cause: inset`), after the layout pass of the container's and the child's
  /// root views; clearing it brings it back to −47.
  @Test func theRestingOffsetFollowsWhenTheInsetIsSetLater() {
    let session = tabmanScene()
    #expect(scroll(session, "list.view")?["contentOffset"] == ["x": 0, "y": -47])
    session.call("events/subscribe", ["kinds": ["layout"]])
    let set = session.call(
      "controller/configure", ["controller": "tabs", "additionalSafeAreaInsets": Self.insets(top: 44)])
    #expect(set.result == [:])
    // The container's root view and the child's inside it are laid out again in that turn (R30), each controller
    // told of its new margins and safe area first (R64).
    #expect(
      set.events.filter { $0["method"] == "event/lifecycle" }.map {
        "\($0["params"]?["controller"]?.stringValue ?? "").\($0["params"]?["callback"]?.stringValue ?? "")"
      } == [
        "tabs.viewLayoutMarginsDidChange", "tabs.viewSafeAreaInsetsDidChange", "tabs.viewWillLayoutSubviews",
        "tabs.viewDidLayoutSubviews", "list.viewLayoutMarginsDidChange", "list.viewSafeAreaInsetsDidChange",
        "list.viewWillLayoutSubviews", "list.viewDidLayoutSubviews",
      ])
    let offsets = set.events.filter { $0["method"] == "event/offset" }.map(\.["params"])
    #expect(offsets.map { $0?["y"] } == [-91])
    #expect(offsets.first??["cause"] == "inset")
    #expect(scroll(session, "list.view")?["adjustedContentInset"] == Self.insets(top: 91, bottom: 34))
    session.call("controller/configure", ["controller": "tabs", "additionalSafeAreaInsets": Self.zero])
    #expect(scroll(session, "list.view")?["contentOffset"] == ["x": 0, "y": -47])
  }

  /// Apple: a child's own additional insets add to those it inherits ("adjust the safe area insets of this view
  /// controller's views by the specified amount"; S5.3): the window's 47/34, the container's bar 44 on top, the
  /// inner child's 10 on top and 20 at the bottom give the table 101/54.
  @Test func aNestedChildsInsetsAddOnTop() {
    let session = tabmanScene(additional: Self.insets(top: 44))
    session.call("controller/create", ["id": "inner", "additionalSafeAreaInsets": Self.insets(top: 10, bottom: 20)])
    session.call("controller/create", ["id": "deep", "kind": "UITableViewController"])
    session.call(
      "containment/embed",
      ["parent": "tabs", "child": "inner", "frame": ["x": 0, "y": 0, "width": 390, "height": 844]])
    session.call(
      "containment/embed",
      ["parent": "inner", "child": "deep", "frame": ["x": 0, "y": 0, "width": 390, "height": 844]])
    let state = scroll(session, "deep.view")
    #expect(state?["adjustedContentInset"] == Self.insets(top: 101, bottom: 54))
    #expect(state?["contentOffset"] == ["x": 0, "y": -101])
    // The sibling table under the container alone keeps 91.
    #expect(scroll(session, "list.view")?["adjustedContentInset"] == Self.insets(top: 91, bottom: 34))
  }

  /// The safe-area layout guide (Apple: for the root view it "accommodates … any additional insets"): a view pinned
  /// to `vc.view.safeAreaLayoutGuide` top and bottom moves from y 47 (763 high) to y 91 (719 high) when the
  /// controller's additional top inset becomes 44, at the end of that turn.
  @Test func theSafeAreaLayoutGuideMovesByTheAdditionalInset() {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    session.call("controller/create", ["id": "vc"])
    session.call("window/setRoot", ["window": "w", "controller": "vc"])
    session.call("view/create", ["id": "a", "frame": ["x": 0, "y": 0, "width": 10, "height": 10]])
    session.call("view/addSubview", ["superview": "vc.view", "view": "a"])
    session.call(
      "layout/addConstraints",
      [
        "constraints": [
          ["item": "a", "attribute": "top", "toItem": "vc.view.safeAreaLayoutGuide", "toAttribute": "top"],
          ["item": "a", "attribute": "leading", "toItem": "vc.view", "constant": 16],
          ["item": "a", "attribute": "trailing", "toItem": "vc.view", "constant": -16],
          ["item": "a", "attribute": "bottom", "toItem": "vc.view.safeAreaLayoutGuide"],
        ]
      ])
    let frame = { session.call("view/get", ["view": "a"]).result?["frame"] }
    #expect(frame() == ["x": 16, "y": 47, "width": 358, "height": 763])
    session.call("controller/configure", ["controller": "vc", "additionalSafeAreaInsets": Self.insets(top: 44)])
    #expect(frame() == ["x": 16, "y": 91, "width": 358, "height": 719])
  }

  /// Apple: views outside the controller's root view get only the part of the window's safe area that overlaps them:
  /// with the bar's inset on the child `list`, a full-screen scroll view beside its view in the container keeps
  /// adjustedContentInset.top 47 and rests at −47, while the table gets 91.
  @Test func aViewOutsideTheControllersViewIsUnaffected() {
    let session = tabmanScene(additional: Self.insets(top: 44), on: "list")
    session.call(
      "view/create", ["id": "outside", "kind": "UIScrollView", "frame": ["x": 0, "y": 0, "width": 390, "height": 844]])
    session.call("scroll/configure", ["view": "outside", "contentSize": ["width": 390, "height": 2000]])
    session.call("view/addSubview", ["superview": "tabs.view", "view": "outside"])
    #expect(scroll(session, "outside")?["adjustedContentInset"] == Self.insets(top: 47, bottom: 34))
    #expect(scroll(session, "outside")?["contentOffset"] == ["x": 0, "y": -47])
    #expect(scroll(session, "list.view")?["adjustedContentInset"] == Self.insets(top: 91, bottom: 34))
    // The container's own root view is outside the child's too.
    session.call("controller/configure", ["controller": "list", "additionalSafeAreaInsets": Self.insets(top: 60)])
    #expect(scroll(session, "outside")?["contentOffset"] == ["x": 0, "y": -47])
    #expect(scroll(session, "list.view")?["contentOffset"] == ["x": 0, "y": -107])
  }

  /// `controller/get` reports `additionalSafeAreaInsets` (zeros by default, the insets shape of
  /// Documentation/Protocol.md, "Objects and ids"); bad insets are refused with -32602 (the shared `insets` schema:
  /// four coordinates within ±1e9) and change nothing.
  @Test func controllerGetReportsTheInsetsAndBadOnesAreRefused() {
    let session = TestSession()
    session.call("controller/create", ["id": "vc"])
    let get = { session.call("controller/get", ["controller": "vc"]).result?["additionalSafeAreaInsets"] }
    #expect(get() == Self.zero)
    session.call("controller/create", ["id": "made", "additionalSafeAreaInsets": Self.insets(left: 5)])
    #expect(
      session.call("controller/get", ["controller": "made"]).result?["additionalSafeAreaInsets"]
        == Self.insets(left: 5))
    #expect(
      session.call("controller/configure", ["controller": "vc", "additionalSafeAreaInsets": Self.insets(top: 44)])
        .result == [:])
    #expect(get() == Self.insets(top: 44))
    let bad: [(JSONValue, String)] = [
      (["top": 1, "left": 0, "bottom": 0], "params.additionalSafeAreaInsets.right"),
      (["top": "1", "left": 0, "bottom": 0, "right": 0], "params.additionalSafeAreaInsets.top"),
      (["top": 2e9, "left": 0, "bottom": 0, "right": 0], "params.additionalSafeAreaInsets.top"),
      (["top": 1, "left": 0, "bottom": 0, "right": 0, "extra": 1], "params.additionalSafeAreaInsets.extra"),
      ([1, 2, 3, 4], "params.additionalSafeAreaInsets"),
    ]
    for (value, path) in bad {
      let refused = session.call(
        "controller/configure", ["controller": "vc", "title": "changed", "additionalSafeAreaInsets": value])
      #expect(refused.error?["code"] == -32602)
      #expect(refused.error?["data"]?["path"] == .string(path))
      #expect(refused.events.isEmpty)
      let created = session.call("controller/create", ["id": "refused", "additionalSafeAreaInsets": value])
      #expect(created.error?["code"] == -32602)
    }
    #expect(get() == Self.insets(top: 44))
    #expect(session.call("controller/get", ["controller": "vc"]).result?["title"] == .null)
    #expect(session.call("controller/get", ["controller": "refused"]).error?["code"] == -32000)
  }
}

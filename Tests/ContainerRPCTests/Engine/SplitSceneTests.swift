import ContainerJSON
import ContainerRPCTestSupport
import Testing

/// A UISplitViewController in `scene/load` (R39–R45): its columns as controller objects, wrapped as
/// `controller/create` wraps them, and the refusals of a column of the wrong kind or an unknown column.
@Suite struct SplitSceneTests {
  /// An iPad window (1180×820) whose root is a double-column split view controller with a list and a detail: the
  /// columns are wrapped (R39), both appear primary first (R40), and the delegate's answer is kept.
  @Test func sceneWithColumns() {
    let session = TestSession()
    let load = session.call(
      "scene/load",
      [
        "scene": [
          "windows": [
            [
              "name": "win", "width": 1180, "height": 820, "idiom": "pad",
              "root": [
                "name": "svc", "kind": "UISplitViewController", "style": "doubleColumn",
                "preferredSplitBehavior": "tile", "delegate": ["topColumnForCollapsing": "primary"],
                "columns": ["primary": ["name": "list"], "secondary": ["name": "detail"]],
              ],
            ]
          ]
        ]
      ])
    #expect(load.error == nil)
    let appeared = load.events.compactMap { event -> String? in
      guard event["params"]?["callback"] == "viewDidAppear" else { return nil }
      return event["params"]?["controller"]?.stringValue
    }
    #expect(appeared == ["svc", "svc-primary", "list", "svc-secondary", "detail"])
    let state = session.call("split/get", ["split": "svc"]).result
    #expect(state?["children"] == ["svc-primary", "svc-secondary"])
    #expect(state?["columns"]?["primary"] == ["controller": "list", "wrapper": "svc-primary"])
    #expect(state?["splitBehavior"] == "tile" && state?["isCollapsed"] == false)
  }

  /// Refused at their path, nothing built: a tab bar controller for the primary column, a split view controller as a
  /// column, an unknown column, the supplementary column of a doubleColumn one, split members on another kind,
  /// children of a split view controller.
  @Test func badColumnsAreRefused() {
    let session = TestSession()
    let cases: [(JSONValue, String)] = [
      (
        ["kind": "UISplitViewController", "columns": ["primary": ["kind": "UITabBarController"]]],
        "params.scene.controllers[0].columns.primary.kind"
      ),
      (
        ["kind": "UISplitViewController", "columns": ["secondary": ["kind": "UISplitViewController"]]],
        "params.scene.controllers[0].columns.secondary.kind"
      ),
      (
        ["kind": "UISplitViewController", "columns": ["sidebar": ["name": "a"]]],
        "params.scene.controllers[0].columns.sidebar"
      ),
      (
        ["kind": "UISplitViewController", "columns": ["supplementary": ["name": "a"]]],
        "params.scene.controllers[0].columns.supplementary"
      ),
      (
        ["kind": "UINavigationController", "columns": ["primary": ["name": "a"]]], "params.scene.controllers[0].columns"
      ),
      (["kind": "UISplitViewController", "children": []], "params.scene.controllers[0].children"),
    ]
    let before = session.snapshot()
    for (controller, path) in cases {
      let load = session.call("scene/load", ["scene": ["controllers": [controller]]])
      #expect(load.error?["code"] == -32602, "\(path)")
      #expect(load.error?["data"]?["path"] == .string(path), "\(path)")
    }
    #expect(session.snapshot() == before)
  }
}

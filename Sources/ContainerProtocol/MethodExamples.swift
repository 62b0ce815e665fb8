/// The example of every method (`MethodExample`): a small script run on a fresh world by `MethodExampleRunner`
/// (ContainerRPC), whose recording `rpc.discover` and Documentation/Reference.md show. A test fails for a registered
/// method without one, and for an example call that errors without being marked `showsError`.
extension Methods {
  /// Setup steps shared by the examples.
  enum Setup {
    static let window = ExampleCall("window/create", #"{"id":"w"}"#)
    static func controller(_ id: String, _ extra: String = "") -> ExampleCall {
      ExampleCall("controller/create", #"{"id":"\#(id)"\#(extra)}"#)
    }
    static func root(_ id: String) -> ExampleCall {
      ExampleCall("window/setRoot", #"{"window":"w","controller":"\#(id)"}"#)
    }
    /// A window showing controller `root`.
    static let shown = [window, controller("root"), root("root")]
    /// A window showing a navigation controller `nav` whose root is `home`.
    static let navigation = [
      window, controller("home", #","title":"Home""#),
      controller("nav", #","kind":"UINavigationController","root":"home""#),
      root("nav"),
    ]
    /// `navigation` with `detail` pushed.
    static let pushed =
      navigation + [
        controller("detail"),
        ExampleCall("navigation/push", #"{"navigation":"nav","controller":"detail","animated":false}"#),
      ]
    /// A window showing a tab bar controller `tabs` with tabs `a` and `b`.
    static let tabs = [
      window, controller("a"), controller("b"),
      controller("tabs", #","kind":"UITabBarController","controllers":["a","b"]"#),
      root("tabs"),
    ]
    /// A scroll view `scroll` 390×600 with 390×2000 content in the shown root's view.
    static let scroll =
      shown + [
        ExampleCall(
          "view/create", #"{"id":"scroll","kind":"UIScrollView","frame":{"x":0,"y":0,"width":390,"height":600}}"#),
        ExampleCall("scroll/configure", #"{"view":"scroll","contentSize":{"width":390,"height":2000}}"#),
        ExampleCall("view/addSubview", #"{"superview":"root.view","view":"scroll"}"#),
      ]
    /// A table view `table` 390×400 in the shown root's view, 20 rows of 44 pt registered as `cell`.
    static let table =
      shown + [
        ExampleCall(
          "view/create", #"{"id":"table","kind":"UITableView","frame":{"x":0,"y":0,"width":390,"height":400}}"#),
        ExampleCall("view/addSubview", #"{"superview":"root.view","view":"table"}"#),
        ExampleCall("table/register", #"{"table":"table","identifier":"cell"}"#),
        ExampleCall(
          "table/setData", #"{"table":"table","sections":[{"rowCount":20,"rowHeight":44,"identifier":"cell"}]}"#),
      ]
    /// A paging container `profile` (seed 003) with pages `p1`, `p2` shown in a window.
    static let paging = [
      window, controller("p1"), controller("p2"),
      controller("profile", #","kind":"PagingContainerViewController","header":{"height":200},"pages":["p1","p2"]"#),
      root("profile"),
    ]
  }

  /// Every method's example, by name.
  package static let examples: [String: MethodExample] = daemonExamples.merging(controllerExamples) { first, _ in first
  }
  .merging(viewExamples) { first, _ in first }
  .merging(pageViewExamples) { first, _ in first }
  .merging(splitExamples) { first, _ in first }
  .merging(sheetExamples) { first, _ in first }
  .merging(transitionExamples) { first, _ in first }
  .merging(traitExamples) { first, _ in first }

  static let daemonExamples: [String: MethodExample] = [
    "daemon/configure": MethodExample(
      "Choose the toFirst transition order", params: #"{"options":{"transitionOrder":"toFirst"}}"#),
    "daemon/info": MethodExample("Ask who answers"),
    "daemon/ping": MethodExample("Check the daemon is alive"),
    "daemon/shutdown": MethodExample("Ask the daemon to exit"),
    "rpc.discover": MethodExample("The document's version and info", resultKeys: ["info", "openrpc"]),
    "events/subscribe": MethodExample("Add the offset and scroll kinds", params: #"{"kinds":["offset","scroll"]}"#),
    "events/unsubscribe": MethodExample("Stop the warnings", params: #"{"kinds":["warning"]}"#),
    "exit": MethodExample("End an LSP session (sent with an id, so it answers)"),
    "initialize": MethodExample("An editor attaches", params: #"{"processId":null,"capabilities":{}}"#),
    "initialized": MethodExample("The editor's acknowledgement", params: "{}"),
    "shutdown": MethodExample("An editor asks to shut down"),
  ]
}

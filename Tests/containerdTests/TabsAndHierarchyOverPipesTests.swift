import ContainerJSON
import ContainerRPCTestSupport
import Testing

/// Issue 21's tab and containment cases through the built binary: R71's reselected index, R72's loading removal
/// and R72's refused addChild, and a scene-loaded paging container that describes its view.
@Suite struct TabsAndHierarchyOverPipesTests {
  private static func request(_ id: Int, _ method: String, _ params: String) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
  }

  /// The lifecycle events of `lines`, as `controller.callback rule`.
  private static func lifecycle(_ lines: [String]) -> [String] {
    lines.compactMap { line -> String? in
      guard let event = try? JSONValue.parse(line), event["method"] == "event/lifecycle",
        let params = event["params"], case .string(let controller)? = params["controller"],
        case .string(let callback)? = params["callback"], case .string(let rule)? = params["rule"]
      else { return nil }
      return "\(controller).\(callback) \(rule)"
    }
  }

  private static func response(_ lines: [String], id: Int) -> String? {
    lines.first { $0.hasPrefix(#"{"id":\#(id),"#) || $0.hasPrefix(#"{"error":"#) && $0.contains(#""id":\#(id),"#) }
  }

  /// R71: the selection removed, the tab at the same index is selected (R25's switch); `controller/get` reports it.
  @Test func reselectionAtTheSameIndex() throws {
    let lines = try Transport.binary.exchange(
      [
        Self.request(1, "daemon/configure", #"{"options":{"viewIsAppearing":false}}"#),
        Self.request(
          2, "scene/load",
          #"{"scene":{"windows":[{"name":"win","root":{"name":"tabs","kind":"UITabBarController","selectedIndex":1,"tabs":[{"name":"feed"},{"name":"me"},{"name":"more"}]}}]}}"#
        ),
        Self.request(3, "controller/create", #"{"id":"extra"}"#),
        Self.request(4, "tab/setViewControllers", #"{"tabBar":"tabs","controllers":["feed","extra","more"]}"#),
        Self.request(5, "controller/get", #"{"controller":"tabs"}"#),
      ].joined(separator: "\n") + "\n")
    let afterCreate = lines.drop { !$0.hasPrefix(#"{"id":3,"#) }.dropFirst()
    #expect(
      Self.lifecycle(Array(afterCreate)) == [
        "me.willMove R4", "me.didMove R4", "extra.willMove R4", "extra.didMove R4", "extra.loadView R1",
        "extra.viewDidLoad R1", "extra.viewWillAppear R25", "me.viewWillDisappear R25", "me.viewDidDisappear R25",
        "extra.viewDidAppear R25",
      ])
    let get = try #require(Self.response(lines, id: 5))
    #expect(get.contains(#""selectedIndex":1"#))
    #expect(get.contains(#""selectedViewController":"extra""#))
  }

  /// R72 (a): the common removal of a never-loaded child loads its view between the two move callbacks.
  @Test func theCommonRemovalLoadsANeverLoadedView() throws {
    let lines = try Transport.binary.exchange(
      [
        Self.request(1, "controller/create", #"{"id":"p"}"#),
        Self.request(2, "controller/create", #"{"id":"c"}"#),
        Self.request(3, "containment/addChild", #"{"parent":"p","child":"c"}"#),
        #"[{"jsonrpc":"2.0","id":4,"method":"containment/willMove","params":{"child":"c","parent":null}},"#
          + #"{"jsonrpc":"2.0","id":5,"method":"view/removeFromSuperview","params":{"view":"c.view"}},"#
          + #"{"jsonrpc":"2.0","id":6,"method":"containment/removeFromParent","params":{"child":"c"}}]"#,
      ].joined(separator: "\n") + "\n")
    let batch = Array(lines.drop { !$0.hasPrefix(#"{"id":3,"#) }.dropFirst())
    #expect(
      Self.lifecycle(batch) == ["c.willMove R4", "c.loadView R1", "c.viewDidLoad R1", "c.didMove R4"])
    #expect(batch.last?.contains("error") == false)
  }

  /// R72 (b): addChild while the child's view is in its parent's view is refused with UIKit's reason and no event;
  /// after the view leaves, R5's move applies.
  @Test func addChildWhileTheViewIsInTheParentsView() throws {
    let lines = try Transport.binary.exchange(
      [
        Self.request(1, "window/create", #"{"id":"win"}"#),
        Self.request(2, "controller/create", #"{"id":"p1"}"#),
        Self.request(3, "controller/create", #"{"id":"p2"}"#),
        Self.request(4, "controller/create", #"{"id":"c"}"#),
        Self.request(5, "window/setRoot", #"{"window":"win","controller":"p1"}"#),
        Self.request(6, "containment/embed", #"{"parent":"p1","child":"c"}"#),
        Self.request(7, "containment/addChild", #"{"parent":"p2","child":"c"}"#),
        Self.request(8, "view/removeFromSuperview", #"{"view":"c.view"}"#),
        Self.request(9, "containment/addChild", #"{"parent":"p2","child":"c"}"#),
      ].joined(separator: "\n") + "\n")
    let refusalIndex = try #require(lines.firstIndex { $0.contains(#""id":7,"#) })
    #expect(
      lines[refusalIndex]
        == #"{"error":{"code":-32001,"data":{"exception":"UIViewControllerHierarchyInconsistency","reason":"child view controller:<UIViewController: c> should have parent view controller:<UIViewController: p1> but requested parent is:<UIViewController: p2>"},"message":"UIViewControllerHierarchyInconsistency: child view controller:<UIViewController: c> should have parent view controller:<UIViewController: p1> but requested parent is:<UIViewController: p2>"},"id":7,"jsonrpc":"2.0"}"#
    )
    #expect(lines[refusalIndex - 1].hasPrefix(#"{"id":6,"#))
    let last = Array(lines.drop { !$0.hasPrefix(#"{"id":8,"#) }.dropFirst())
    #expect(Self.lifecycle(last) == ["c.didMove R5", "c.willMove R4"])
  }

  /// The profile-page container of a scene document that describes its view gets its pager, header and title bar.
  @Test func sceneLoadedPagingContainerWithADescribedView() throws {
    let lines = try Transport.binary.exchange(
      [
        Self.request(
          1, "scene/load",
          #"{"scene":{"windows":[{"name":"win","root":{"name":"profile","kind":"PagingContainerViewController","header":{"height":200,"hangingHeight":64},"view":{"subviews":[{"name":"badge","kind":"UIView"}]},"pages":[{"name":"menu","kind":"UITableViewController"}]}}]}}"#
        ),
        Self.request(2, "view/get", #"{"view":"profile.view"}"#),
      ].joined(separator: "\n") + "\n")
    let get = try #require(Self.response(lines, id: 2))
    #expect(get.contains(#""subviews":["profile.pager","profile.header","badge"]"#))
  }
}

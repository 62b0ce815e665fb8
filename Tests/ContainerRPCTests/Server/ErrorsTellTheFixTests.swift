import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// Errors that tell the fix: an unknown method or parameter names the nearest registered one, an id of the wrong
/// kind says what it is and what the call takes. Codes stay as they were; only messages and added `data` members.
@Suite struct ErrorsTellTheFixTests {
  @Test func anUnknownMethodSuggestsTheNearestName() {
    let session = TestSession()
    #expect(
      session.call("controler/get", ["controller": "x"]).error
        == json(
          #"{"code":-32601,"data":{"method":"controler/get","suggestion":"controller/get"},"message":"Method not found: controler/get; did you mean controller/get?"}"#
        ))
    #expect(session.call("window/crate").error?["data"]?["suggestion"] == "window/create")
    #expect(session.call("Daemon/ping").error?["data"]?["suggestion"] == "daemon/ping")
    // Nothing near: no suggestion, as before.
    #expect(
      session.call("window/open").error
        == json(#"{"code":-32601,"data":{"method":"window/open"},"message":"Method not found: window/open"}"#))
  }

  @Test func anUnknownParameterSuggestsTheNearestName() {
    let session = TestSession()
    #expect(
      session.call("controller/get", ["contoller": "x"]).error
        == json(
          #"{"code":-32602,"data":{"expected":"no such parameter","path":"params.contoller","suggestion":"controller"},"message":"Invalid params: unknown parameter params.contoller; did you mean controller? (known: controller)"}"#
        ))
    // Inside a nested object too.
    let nested = session.call("daemon/configure", ["options": ["transitionOder": "toFirst"]]).error
    #expect(nested?["data"]?["path"] == "params.options.transitionOder")
    #expect(nested?["data"]?["suggestion"] == "transitionOrder")
    // Nothing near: as before.
    #expect(
      session.call("daemon/info", ["verbose": true]).error
        == json(
          #"{"code":-32602,"data":{"expected":"no such parameter","path":"params.verbose"},"message":"Invalid params: unknown parameter params.verbose (takes none)"}"#
        ))
  }

  /// `controller/get {controller: "win"}`: what the id is, in words, and what the parameter takes.
  @Test(arguments: [
    (
      "controller/get", #"{"controller":"win"}"#, "params.controller", "a UIViewController",
      "win is a window, not a controller"
    ),
    (
      "navigation/push", #"{"navigation":"vc","controller":"other"}"#, "params.navigation", "a UINavigationController",
      "vc is a view controller, not a navigation controller"
    ),
    (
      "tab/select", #"{"tabBar":"nav","index":0}"#, "params.tabBar", "a UITabBarController",
      "nav is a navigation controller, not a tab bar controller"
    ),
    (
      "scroll/get", #"{"view":"vc.view"}"#, "params.view", "a UIScrollView or UITableView",
      "vc.view is a view, not a scroll view"
    ),
    ("table/get", #"{"table":"s"}"#, "params.table", "a UITableView", "s is a scroll view, not a table view"),
    (
      "view/get", #"{"view":"vc"}"#, "params.view", "a UIView",
      "vc is a view controller, not a view; its view is vc.view"
    ),
    (
      "table/get", #"{"table":"list"}"#, "params.table", "a UITableView",
      "list is a table view controller, not a table view; its view is list.view"
    ),
    (
      "controller/get", #"{"controller":"vc.view"}"#, "params.controller", "a UIViewController",
      "vc.view is a view, not a controller; its controller is vc"
    ),
    (
      "window/resize", #"{"window":"s","width":10,"height":10}"#, "params.window", "a UIWindow",
      "s is a scroll view, not a window"
    ),
  ])
  func aWrongKindSaysWhatItIsAndWhatIsTaken(
    _ method: String, _ params: String, _ path: String, _ expected: String, _ message: String
  ) {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "vc"])
    session.call("controller/create", ["id": "other"])
    session.call("controller/create", ["id": "list", "kind": "UITableViewController"])
    session.call("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "other"])
    session.call("view/create", ["id": "s", "kind": "UIScrollView"])
    session.call("controller/loadView", ["controller": "vc"])
    let before = session.snapshot()
    let reply = session.call(method, json(params))
    #expect(
      reply.error
        == [
          "code": -32602, "data": ["path": .string(path), "expected": .string(expected)],
          "message": .string("Invalid params: \(message)"),
        ])
    #expect(reply.events == [])
    #expect(session.snapshot() == before)
  }

  @Test func theNearestNameIsNearEnough() {
    #expect(NearestName.suggestion(for: "controler", among: ["controller", "view"]) == "controller")
    #expect(NearestName.suggestion(for: "contorller", among: ["controller"]) == "controller")  // a swap is one edit
    #expect(NearestName.suggestion(for: "ctrl", among: ["controller"]) == nil)
    #expect(NearestName.suggestion(for: "id", among: ["at", "ids"]) == "ids")  // short names: one edit at most
    #expect(NearestName.suggestion(for: "ix", among: ["at"]) == nil)
    #expect(NearestName.suggestion(for: "abcdef", among: ["abcdxy", "abcdez"]) == "abcdez")  // the nearest wins
    #expect(NearestName.suggestion(for: String(repeating: "a", count: 100_000), among: ["a"]) == nil)
  }
}

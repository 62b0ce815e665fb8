import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// The tree depth limit (Engine+TreeDepth.swift, Documentation/Protocol.md, "Errors" -32002): with `maxTreeDepth` 4, a
/// view may have at most 4 superviews above it and a controller 4 parents. Each refusal is the exact error, changes
/// nothing (the snapshot is byte-identical) and emits no event.
@Suite struct TreeDepthTests {
  private let limitError: JSONValue = [
    "code": -32002, "message": "Limit reached: maxTreeDepth (4)", "data": ["limit": "maxTreeDepth", "value": 4],
  ]

  private func session() -> TestSession {
    var configuration = ServerConfiguration()
    configuration.maxTreeDepth = 4
    let session = TestSession(configuration: configuration)
    session.call("window/create", ["id": "w"])
    return session
  }

  /// Creates `ids` as a chain of views under `superview` (each the subview of the one before), answered without error.
  private func chain(_ session: TestSession, _ ids: [String], under superview: String?) {
    var above = superview
    for id in ids {
      session.call("view/create", ["id": .string(id)])
      if let above {
        #expect(session.call("view/addSubview", ["superview": .string(above), "view": .string(id)]).error == nil)
      }
      above = id
    }
  }

  /// Calls `method` with `{parent: <prefix><i − 1>, child: <prefix><i>}` for each i of `indices`, each answered
  /// without error.
  private func link(_ session: TestSession, _ method: String, _ prefix: String, _ indices: ClosedRange<Int>) {
    for index in indices {
      let params: JSONValue = ["parent": .string("\(prefix)\(index - 1)"), "child": .string("\(prefix)\(index)")]
      #expect(session.call(method, params).error == nil)
    }
  }

  /// Expects `method` refused with the limit, the world unchanged and no event.
  private func expectRefused(
    _ session: TestSession, _ method: String, _ params: JSONValue, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let before = session.snapshot()
    let exchange = session.call(method, params)
    #expect(exchange.error == limitError, sourceLocation: sourceLocation)
    #expect(exchange.events.isEmpty, sourceLocation: sourceLocation)
    #expect(session.snapshot() == before, sourceLocation: sourceLocation)
  }

  /// A window's subviews are 1 deep: v1…v4 fit, v5 under v4 would be 5 deep.
  @Test func aViewChainStopsAtTheLimit() {
    let session = session()
    chain(session, ["v1", "v2", "v3", "v4"], under: "w")
    session.call("view/create", ["id": "v5"])
    expectRefused(session, "view/addSubview", ["superview": "v4", "view": "v5"])
    #expect(session.call("view/get", ["view": "v4"]).result?["subviews"] == [])
  }

  /// The moved view's whole subtree counts: a→b→c (c 2 below a) fits under v1 (c at 4), not under v2 (c at 5).
  @Test func aMovedSubtreeCountsItsDeepestView() {
    let session = session()
    chain(session, ["v1", "v2"], under: "w")
    chain(session, ["a", "b", "c"], under: nil)
    expectRefused(session, "view/addSubview", ["superview": "v2", "view": "a"])
    #expect(session.call("view/addSubview", ["superview": "v1", "view": "a"]).error == nil)
  }

  /// A detached tree counts from its own root (depth 0): five levels fit there, as they would under a window's
  /// subview only with a sixth.
  @Test func aDetachedTreeCountsFromItsRoot() {
    let session = session()
    chain(session, ["r", "d1", "d2", "d3", "d4"], under: nil)
    session.call("view/create", ["id": "d5"])
    expectRefused(session, "view/addSubview", ["superview": "d4", "view": "d5"])
    // d4 is 4 below r, so r cannot go into the window (d4 would be 5 deep).
    expectRefused(session, "view/addSubview", ["superview": "w", "view": "r"])
  }

  /// addChild alone (no views): c1…c4 under c0 fit, c5 under c4 would have 5 parents; a controller bringing its own
  /// child counts it too.
  @Test func aControllerChainStopsAtTheLimit() {
    let session = session()
    for index in 0...6 { session.call("controller/create", ["id": .string("c\(index)")]) }
    link(session, "containment/addChild", "c", 1...4)
    expectRefused(session, "containment/addChild", ["parent": "c4", "child": "c5"])
    session.call("containment/addChild", ["parent": "c5", "child": "c6"])
    expectRefused(session, "containment/addChild", ["parent": "c3", "child": "c5"])
    #expect(session.call("containment/addChild", ["parent": "c2", "child": "c5"]).error == nil)
  }

  /// embed: the window's root view is 1 deep, each embedded child's view 1 below its parent's: e3's view is 4 deep,
  /// e4's would be 5. The refusal comes before addChild: e4 gets no willMove and no parent.
  @Test func embedChecksTheViewDepthBeforeAddingTheChild() {
    let session = session()
    session.call("controller/create", ["id": "e0"])
    session.call("window/setRoot", ["window": "w", "controller": "e0"])
    for index in 1...4 { session.call("controller/create", ["id": .string("e\(index)")]) }
    link(session, "containment/embed", "e", 1...3)
    expectRefused(session, "containment/embed", ["parent": "e3", "child": "e4"])
    #expect(session.call("controller/get", ["controller": "e4"]).result?["parent"] == .null)
  }

  /// A push puts the pushed view right under the navigation controller's view (2 deep as a window's root): a pushed
  /// view with 3 levels of subviews would reach 5.
  @Test func pushCountsThePushedViewsSubtree() {
    let session = session()
    session.call("controller/create", ["id": "nav", "kind": "UINavigationController"])
    session.call("window/setRoot", ["window": "w", "controller": "nav"])
    session.call("controller/create", ["id": "deep"])
    session.call("controller/loadView", ["controller": "deep"])
    chain(session, ["p1", "p2", "p3"], under: "deep.view")
    expectRefused(session, "navigation/push", ["navigation": "nav", "controller": "deep", "animated": false])
    session.call("view/removeFromSuperview", ["view": "p3"])
    #expect(
      session.call("navigation/push", ["navigation": "nav", "controller": "deep", "animated": false]).error == nil)
  }

  /// A stack or tab list is checked whole before any change: every listed controller's view counts 1 below the
  /// container's view (a covered one comes back there on a pop), so `ok` is not added either.
  @Test(arguments: [
    ("navigation/setViewControllers", "UINavigationController", "navigation"),
    ("tab/setViewControllers", "UITabBarController", "tabBar"),
  ])
  func stacksAndTabsAreCheckedWhole(_ method: String, _ kind: String, _ key: String) {
    let session = session()
    session.call("controller/create", ["id": "box", "kind": .string(kind)])
    session.call("window/setRoot", ["window": "w", "controller": "box"])
    session.call("controller/create", ["id": "ok"])
    session.call("controller/create", ["id": "deep"])
    session.call("controller/loadView", ["controller": "deep"])
    chain(session, ["t1", "t2", "t3"], under: "deep.view")
    expectRefused(session, method, [key: "box", "controllers": ["ok", "deep"]])
    #expect(session.call("controller/get", ["controller": "ok"]).result?["parent"] == .null)
  }

  /// transition(from:to:) adds `to.view` where `from.view` is: 3 deep, in `slot` inside the root's view. `to.view`,
  /// out of the hierarchy, counts 2 deep (right under its parent's view), so x1 and x2 fit under it (3 and 4), but
  /// the transition would bring x2 to 5.
  @Test func transitionCountsTheIncomingViewsSubtree() {
    let session = session()
    session.call("controller/create", ["id": "parent"])
    session.call("window/setRoot", ["window": "w", "controller": "parent"])
    chain(session, ["slot"], under: "parent.view")
    session.call("controller/create", ["id": "from"])
    session.call("containment/embed", ["parent": "parent", "child": "from", "container": "slot"])
    session.call("controller/create", ["id": "to"])
    session.call("containment/addChild", ["parent": "parent", "child": "to"])
    session.call("controller/loadView", ["controller": "to"])
    chain(session, ["x1", "x2"], under: "to.view")
    expectRefused(session, "containment/transition", ["parent": "parent", "from": "from", "to": "to"])
  }

  /// A covered controller's view is out of the hierarchy, but counts where the stack puts it back on a pop (2 deep,
  /// right under the navigation controller's view): a1 and a2 fit under it (3 and 4), a3 does not, and the pop
  /// brings the tree back within the limit.
  @Test func aCoveredControllersViewCountsWhereThePopPutsItBack() {
    let session = session()
    session.call("controller/create", ["id": "nav", "kind": "UINavigationController"])
    session.call("window/setRoot", ["window": "w", "controller": "nav"])
    for id in ["a", "b"] {
      session.call("controller/create", ["id": .string(id)])
      session.call("navigation/push", ["navigation": "nav", "controller": .string(id), "animated": false])
    }
    #expect(session.call("view/get", ["view": "a.view"]).result?["superview"] == .null)
    chain(session, ["a1", "a2"], under: "a.view")
    session.call("view/create", ["id": "a3"])
    expectRefused(session, "view/addSubview", ["superview": "a2", "view": "a3"])
    #expect(session.call("navigation/pop", ["navigation": "nav", "animated": false]).error == nil)
    #expect(session.call("view/get", ["view": "a.view"]).result?["superview"] == "nav.view")
  }

  /// controller/create checks a navigation controller's root before creating anything: the root's view would be 1
  /// below the new container's, and it has 4 levels of subviews.
  @Test func createdContainersCheckTheirChildrenFirst() {
    let session = session()
    session.call("controller/create", ["id": "root"])
    session.call("controller/loadView", ["controller": "root"])
    chain(session, ["q1", "q2", "q3", "q4"], under: "root.view")
    expectRefused(
      session, "controller/create", ["id": "nav", "kind": "UINavigationController", "root": "root"])
    #expect(session.call("controller/get", ["controller": "nav"]).error?["code"] == -32000)
  }

  /// A presented view goes right under the window: with 4 levels of subviews it would reach 5.
  @Test func presentationCountsThePresentedViewsSubtree() {
    let session = session()
    session.call("controller/create", ["id": "home"])
    session.call("window/setRoot", ["window": "w", "controller": "home"])
    session.call("controller/create", ["id": "modal"])
    session.call("controller/loadView", ["controller": "modal"])
    chain(session, ["m1", "m2", "m3", "m4"], under: "modal.view")
    expectRefused(
      session, "presentation/present", ["presenter": "home", "controller": "modal", "animated": false])
  }

  /// A view presented in a context (R54) goes into the context controller's view's superview, one level deeper than
  /// under the window: m1…m3 under it fit over full screen, not in C's context; and while a full-screen presentation
  /// hides it, its depth still counts from that superview.
  @Test func aContextPresentationCountsFromTheContextsSuperview() {
    let session = session()
    session.call("controller/create", ["id": "home"])
    session.call("window/setRoot", ["window": "w", "controller": "home"])
    session.call("controller/create", ["id": "C", "definesPresentationContext": true])
    session.call("containment/embed", ["parent": "home", "child": "C"])
    session.call("controller/create", ["id": "modal"])
    session.call("controller/loadView", ["controller": "modal"])
    chain(session, ["m1", "m2", "m3"], under: "modal.view")
    let inContext: JSONValue = [
      "presenter": "C", "controller": "modal", "style": "overCurrentContext", "animated": false,
    ]
    expectRefused(session, "presentation/present", inContext)
    #expect(session.call("view/removeFromSuperview", ["view": "m3"]).error == nil)
    #expect(session.call("presentation/present", inContext).error == nil)
    session.call("controller/create", ["id": "cover"])
    session.call(
      "presentation/present", ["presenter": "modal", "controller": "cover", "style": "fullScreen", "animated": false])
    #expect(session.call("view/get", ["view": "modal.view"]).result?["superview"] == .null)
    expectRefused(session, "view/addSubview", ["superview": "m2", "view": "m3"])
  }

  /// scene/load counts the built tree before building anything: a window's root view is 1 deep, so subviews nested 4
  /// deep in it reach 5.
  @Test func sceneLoadChecksTheWholeSceneFirst() {
    let session = session()
    func scene(levels: Int) -> JSONValue {
      var view: JSONValue = ["name": .string("s\(levels)")]
      for level in stride(from: levels - 1, through: 1, by: -1) {
        view = ["name": .string("s\(level)"), "subviews": [view]]
      }
      return ["windows": [["name": "sw", "root": ["name": "sroot", "view": ["subviews": [view]]]]]]
    }
    expectRefused(session, "scene/load", ["scene": scene(levels: 4)])
    #expect(session.call("scene/load", ["scene": scene(levels: 3)]).error == nil)
    #expect(session.call("view/get", ["view": "s3"]).error == nil)
  }
}

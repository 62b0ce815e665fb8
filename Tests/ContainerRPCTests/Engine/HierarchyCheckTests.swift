import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// R72 on the wire: naming `<id>.view` loads it in every call that names it (Documentation/Protocol.md, "Objects and
/// ids"), and addChild's hierarchy check while the child's view is still in its parent's view.
@Suite struct HierarchyCheckTests {
  /// `p1` shown in `win` with `c` embedded; `p2` created.
  private func embeddedChild() -> TestSession {
    let session = TestSession()
    session.call("daemon/configure", ["options": ["viewIsAppearing": false]])
    session.call("window/create", ["id": "win"])
    for id in ["p1", "p2", "c"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("window/setRoot", ["window": "win", "controller": "p1"])
    session.call("containment/embed", ["parent": "p1", "child": "c"])
    return session
  }

  /// R72 (a): willMove(nil), removeFromSuperview, removeFromParent on a never-loaded child.
  @Test func theCommonRemovalLoadsANeverLoadedView() {
    let session = TestSession()
    for id in ["p", "c"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("containment/addChild", ["parent": "p", "child": "c"])
    let (events, responses) = session.batch([
      ("containment/willMove", ["child": "c", "parent": .null]),
      ("view/removeFromSuperview", ["view": "c.view"]),
      ("containment/removeFromParent", ["child": "c"]),
    ])
    #expect(responses.allSatisfy { $0["error"] == nil })
    #expect(
      events.map(TestSession.describe) == [
        "c.willMove(nil) R4", "c.loadView R1", "c.viewDidLoad R1", "c.didMove(nil) R4",
      ])
    #expect(session.call("controller/get", ["controller": "c"]).result?["isViewLoaded"] == true)
  }

  /// R72 (a): `containment/unembed` and `view/bringSubviewToFront` load too; `view/get` never does
  /// (Documentation/Protocol.md, "Objects and ids").
  @Test func unembedAndBringToFrontLoadViewGetDoesNot() {
    let session = TestSession()
    for id in ["p", "c", "d"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("containment/addChild", ["parent": "p", "child": "c"])
    #expect(
      session.call("containment/unembed", ["child": "c"]).trace == [
        "c.willMove(nil) R4", "c.loadView R1", "c.viewDidLoad R1", "c.didMove(nil) R4",
      ])
    #expect(session.call("view/get", ["view": "d.view"]).error?["code"] == -32003)
    #expect(
      session.call("view/bringSubviewToFront", ["view": "d.view"]).trace == ["d.loadView R1", "d.viewDidLoad R1"])
  }

  /// R72 (b): refused with UIKit's reason, nothing emitted, nothing changed.
  @Test func addChildWhileTheViewIsInTheParentsViewIsRefused() {
    let session = embeddedChild()
    let before = session.snapshot()
    let exchange = session.call("containment/addChild", ["parent": "p2", "child": "c"])
    #expect(
      exchange.error
        == json(
          #"""
          {"code":-32001,"data":{"exception":"UIViewControllerHierarchyInconsistency","reason":"child view controller:<UIViewController: c> should have parent view controller:<UIViewController: p1> but requested parent is:<UIViewController: p2>"},
           "message":"UIViewControllerHierarchyInconsistency: child view controller:<UIViewController: c> should have parent view controller:<UIViewController: p1> but requested parent is:<UIViewController: p2>"}
          """#))
    #expect(exchange.events.isEmpty)
    #expect(session.snapshot() == before)
    for (method, params) in [
      ("containment/embed", ["parent": "p2", "child": "c"]),
      ("tab/setViewControllers", ["tabBar": "tabs", "controllers": ["c"]]),
    ] as [(String, JSONValue)] {
      session.call("controller/create", ["id": "tabs", "kind": "UITabBarController"])
      let refused = session.call(method, params)
      #expect(refused.error?["data"]?["exception"] == "UIViewControllerHierarchyInconsistency")
      #expect(refused.events.isEmpty)
    }
  }

  /// R72 (b) then R5: after `view/removeFromSuperview`, the move is R5's.
  @Test func afterTheViewLeavesR5Applies() {
    let session = embeddedChild()
    #expect(
      session.call("view/removeFromSuperview", ["view": "c.view"]).trace == [
        "c.viewWillDisappear R6", "c.viewDidDisappear R7",
      ])
    #expect(
      session.call("containment/addChild", ["parent": "p2", "child": "c"]).trace == [
        "c.didMove(nil) R5", "c.willMove(p2) R4",
      ])
    #expect(session.call("controller/get", ["controller": "c"]).result?["parent"] == "p2")
  }

  /// The paging container of a scene document that describes its view gets its pager, header and title bar, and the
  /// described subviews after them (it used to get none: its view loaded before its paging configuration).
  @Test func aSceneLoadedPagingContainerWithADescribedViewGetsItsHeader() {
    let session = TestSession()
    let load = session.call(
      "scene/load",
      json(
        #"""
        {"scene":{"windows":[{"name":"win","root":{"name":"profile","kind":"PagingContainerViewController",
         "header":{"height":200,"hangingHeight":64},
         "view":{"subviews":[{"name":"badge","kind":"UIView","frame":{"x":10,"y":10,"width":20,"height":20}}]},
         "pages":[{"name":"menu","kind":"UITableViewController",
                   "table":{"register":["cell"],"sections":[{"identifier":"cell","rowCount":30,"rowHeight":44}]}}]}}]}}
        """#))
    #expect(load.error == nil)
    #expect(
      session.call("view/get", ["view": "profile.view"]).result?["subviews"] == [
        "profile.pager", "profile.header", "badge",
      ])
    #expect(session.call("view/get", ["view": "profile.header"]).result?["subviews"] == ["profile.titleBar"])
    #expect(session.call("view/get", ["view": "menu.view"]).result?["superview"] == "profile.pager")
    #expect(
      session.call("paging/get", ["container": "profile"]).result?["headerFrame"]
        == json(#"{"x":0,"y":0,"width":390,"height":244}"#))
  }
}

/// Documentation/Protocol.md, "Objects and ids" for the calls that took a root view only once loaded: constraints and
/// behaviours load a named root view after every check has passed.
@Suite struct NamedViewLoadingTests {
  @Test func aConstraintItemLoadsItsView() {
    let session = TestSession()
    session.call("controller/create", ["id": "c"])
    let exchange = session.call(
      "layout/addConstraints", ["constraints": [["item": "c.view", "attribute": "width", "constant": 100]]])
    #expect(exchange.error == nil)
    #expect(exchange.trace.filter { !$0.hasPrefix("{") } == ["c.loadView R1", "c.viewDidLoad R1"])
  }

  /// Between a view not loaded and another view there is no common ancestor: refused before anything loads.
  @Test func aConstraintToAnotherViewIsRefusedWithoutLoading() {
    let session = TestSession()
    session.call("controller/create", ["id": "c"])
    session.call("view/create", ["id": "v"])
    let before = session.snapshot()
    let exchange = session.call(
      "layout/addConstraints",
      ["constraints": [["item": "c.view", "attribute": "top", "toItem": "v", "toAttribute": "top"]]])
    #expect(exchange.error?["data"]?["exception"] == "NSGenericException")
    #expect(exchange.events.isEmpty)
    #expect(session.snapshot() == before)
  }

  @Test func aFollowOffsetBehaviorLoadsItsView() {
    let session = TestSession()
    session.call("controller/create", ["id": "c"])
    session.call("view/create", ["id": "s", "kind": "UIScrollView"])
    let exchange = session.call(
      "behavior/add", ["kind": "followOffset", "view": "c.view", "scrollView": "s", "factor": 0.5])
    #expect(exchange.error == nil)
    #expect(exchange.trace.filter { !$0.hasPrefix("{") } == ["c.loadView R1", "c.viewDidLoad R1"])
  }
}

/// R72 for a paging container's pages: a page listed but not shown yet, embedded meanwhile in another controller,
/// is not adopted when the pager reaches it (its view is in its parent's view): its slot stays empty and a warning
/// says why; it used to be taken from its parent (R5) and its view pulled into the pager.
@Suite struct PageHierarchyCheckTests {
  @Test func aPendingPageEmbeddedElsewhereIsNotAdopted() {
    let session = TestSession()
    session.call("daemon/configure", ["options": ["viewIsAppearing": false]])
    session.call("window/create", ["id": "win"])
    for id in ["menu", "list"] { session.call("controller/create", ["id": .string(id)]) }
    session.call(
      "controller/create",
      ["id": "profile", "kind": "PagingContainerViewController", "header": ["height": 200], "pages": ["menu", "list"]])
    session.call("window/setRoot", ["window": "win", "controller": "profile"])
    session.call("controller/create", ["id": "x"])
    session.call("containment/embed", ["parent": "x", "child": "list"])
    let select = session.call("paging/select", ["container": "profile", "index": 1, "animated": false])
    #expect(
      select.trace.filter { !$0.hasPrefix("{") } == [
        "menu.viewWillDisappear R6",
        "warning: <PagingContainerViewController: profile> cannot adopt its page <UIViewController: list>: its view is still in its parent's view R72",
        "menu.viewDidDisappear R7",
      ])
    #expect(session.call("controller/get", ["controller": "list"]).result?["parent"] == "x")
    #expect(session.call("view/get", ["view": "list.view"]).result?["superview"] == "x.view")
  }
}

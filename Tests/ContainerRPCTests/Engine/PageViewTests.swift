import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// UIPageViewController on the wire (R31–R38): `controller/create`'s options, `pageView/setViewControllers`,
/// `pageView/get`, `pageView/setPages`, and their refusals. The setup is the acceptance scenarios': a window showing
/// `pvc` (scroll), data source `[a, b, c]`, `[a]` set at creation; completions subscribed.
@Suite struct PageViewTests {
  private func shownPageView(_ extra: JSONObject = [:], manual: Bool = false) -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    for id in ["a", "b", "c"] { session.call("controller/create", ["id": .string(id)]) }
    var params: JSONObject = [
      "id": "pvc", "kind": "UIPageViewController", "pages": ["a", "b", "c"], "initial": ["a"],
    ]
    for (key, value) in extra { params[key] = value }
    session.call("controller/create", .object(params))
    session.call("window/setRoot", ["window": "win", "controller": "pvc"])
    session.call("events/subscribe", ["kinds": ["completion"]])
    if manual { session.call("clock/configure", ["mode": "manual"]) }
    return session
  }

  /// PV-1 (R31, R33): the whole order inside the call, then `pageView/get` at rest: children == viewControllers.
  @Test func pv1NonAnimatedSet() {
    let session = shownPageView()
    let exchange = session.call("pageView/setViewControllers", ["pageView": "pvc", "controllers": ["b"]])
    #expect(exchange.result == [:])
    #expect(
      exchange.trace.dropLast() == [
        "b.loadView R1", "b.viewDidLoad R1", "b.viewWillAppear R33", "a.viewWillDisappear R33",
        "b.viewIsAppearing R69", "b.viewDidAppear R33", "a.viewDidDisappear R33", "a.didMove(nil) R33",
        "b.didMove(pvc) R33",
      ])
    #expect(exchange.events.last?["method"] == "event/completion")
    #expect(exchange.events.last?["params"]?["of"] == "setViewControllers")
    #expect(exchange.events.last?["params"]?["finished"] == true)
    let state = session.call("pageView/get", ["pageView": "pvc"]).result
    #expect(state?["viewControllers"] == ["b"])
    #expect(state?["children"] == ["b"])
    #expect(state?["cache"] == [:])
    #expect(state?["isTransitioning"] == false)
  }

  /// PV-2 (R31, R34, R37) on a manual clock: the will pair in the call, the rest at the 300 ms advance; during the
  /// animation both pages are children and the transition is reported; after it `a` is cached before `c`.
  @Test func pv2AnimatedSet() {
    let session = shownPageView(manual: true)
    let start = session.call(
      "pageView/setViewControllers", ["pageView": "pvc", "controllers": ["c"], "animated": true])
    #expect(
      start.trace == [
        "c.loadView R1", "c.viewDidLoad R1", "c.viewWillAppear R34", "a.viewWillDisappear R34",
        "c.viewIsAppearing R69",
      ])
    let during = session.call("pageView/get", ["pageView": "pvc"]).result
    #expect(during?["children"] == ["a", "c"])
    #expect(during?["viewControllers"] == ["c"])
    #expect(during?["isTransitioning"] == true)
    #expect(during?["pending"] == "c")
    let end = session.call("clock/advance", ["ms": 300])
    #expect(
      end.trace.dropLast() == [
        "c.viewDidAppear R34", "a.viewDidDisappear R34", "a.didMove(nil) R34", "c.didMove(pvc) R34",
      ])
    #expect(end.events.last?["params"]?["of"] == "setViewControllers")
    #expect(end.events.last?["params"]?["time"] == 300)
    let after = session.call("pageView/get", ["pageView": "pvc"]).result
    #expect(after?["children"] == ["c"])
    #expect(after?["cache"] == ["before": "a"])
  }

  /// PV-6 (R32): a wrong count is -32001 with UIKit's reason; nothing changes, nothing is emitted.
  @Test func pv6WrongCount() {
    let session = shownPageView()
    let before = session.snapshot()
    let exchange = session.call("pageView/setViewControllers", ["pageView": "pvc", "controllers": ["a", "b", "c"]])
    #expect(exchange.error?["code"] == -32001)
    #expect(
      exchange.error?["data"]
        == json(
          #"""
          {"exception":"NSInvalidArgumentException","reason":"The number of view controllers provided (3) doesn't match the number required (1) for the requested transition"}
          """#))
    #expect(exchange.events.isEmpty)
    #expect(session.snapshot() == before)
  }

  /// PV-6 (R38): a set during an animated set is -32003 `transitioning`, atomic.
  @Test func pv6OverlapIsRefused() {
    let session = shownPageView(manual: true)
    session.call("pageView/setViewControllers", ["pageView": "pvc", "controllers": ["b"], "animated": true])
    let before = session.snapshot()
    let exchange = session.call("pageView/setViewControllers", ["pageView": "pvc", "controllers": ["c"]])
    #expect(exchange.error?["code"] == -32003)
    #expect(exchange.error?["data"]?["state"] == "transitioning")
    #expect(exchange.events.isEmpty)
    #expect(session.snapshot() == before)
  }

  /// Bad input: a page of another page view controller (a state conflict, `hasParent`, naming the page), an unknown
  /// page, a controller that is not a page view controller, a mid spine that is not double-sided (R32), page view
  /// options on another kind.
  @Test func badInputIsRefusedPrecisely() {
    let session = shownPageView()
    session.call("controller/create", ["id": "other", "kind": "UIPageViewController"])
    let taken = session.call("pageView/setViewControllers", ["pageView": "other", "controllers": ["a"]])
    #expect(taken.error?["code"] == -32003)
    #expect(taken.error?["data"]?["state"] == "hasParent")
    #expect(taken.error?["data"]?["id"] == "a")
    let unknown = session.call("pageView/setViewControllers", ["pageView": "other", "controllers": ["zz"]])
    #expect(unknown.error?["code"] == -32000)
    let wrongKind = session.call("pageView/get", ["pageView": "a"])
    #expect(wrongKind.error?["data"]?["path"] == "params.pageView")
    let mid = session.call(
      "controller/create",
      ["kind": "UIPageViewController", "transitionStyle": "pageCurl", "spineLocation": "mid"])
    #expect(mid.error?["data"]?["reason"] == "isDoubleSided must be YES for UIPageViewControllerSpineLocationMid")
    let misplaced = session.call("controller/create", ["transitionStyle": "scroll"])
    #expect(misplaced.error?["code"] == -32602)
    #expect(misplaced.error?["data"]?["path"] == "params.kind")
    let twice = session.call("pageView/setPages", ["pageView": "pvc", "pages": ["a", "a"]])
    #expect(twice.error?["data"]?["path"] == "params.pages[1]")
  }

  /// The options as created, `pageView/setPages` null (no data source) keeping the cache (R36, R37).
  @Test func optionsAndDataSource() {
    let session = TestSession()
    for id in ["l", "r"] { session.call("controller/create", ["id": .string(id)]) }
    session.call(
      "controller/create",
      [
        "id": "book", "kind": "UIPageViewController", "transitionStyle": "pageCurl", "spineLocation": "mid",
        "isDoubleSided": true, "navigationOrientation": "vertical", "initial": ["l", "r"],
      ])
    let state = session.call("pageView/get", ["pageView": "book"]).result
    #expect(state?["transitionStyle"] == "pageCurl")
    #expect(state?["spineLocation"] == "mid")
    #expect(state?["navigationOrientation"] == "vertical")
    #expect(state?["children"] == ["l", "r"])
    #expect(state?["pages"] == .null)
    #expect(session.call("pageView/setPages", ["pageView": "book", "pages": ["l", "r"]]).result == [:])
    #expect(session.call("pageView/get", ["pageView": "book"]).result?["pages"] == ["l", "r"])
  }

  /// PV-3 on the wire (R34, R36): `event/delegate` in order among the lifecycle events; begin answers `{pending}`.
  @Test func pv3SwipeWithDelegateEvents() {
    let session = shownPageView()
    let begin = session.call("pageView/swipe", ["pageView": "pvc", "action": "begin", "direction": "forward"])
    #expect(begin.result == ["pending": "b"])
    let delegateCalls = begin.events.filter { $0["method"] == "event/delegate" }
    #expect(
      delegateCalls.map { $0["params"]?["callback"] } == [
        "viewControllerAfter", "viewControllerBefore", "willTransitionTo",
      ])
    #expect(delegateCalls.first?["params"]?["result"] == "b")
    #expect(delegateCalls.first?["params"]?["args"] == ["viewController": "a"])
    #expect(delegateCalls.last?["params"]?["args"] == ["pending": ["b"]])
    #expect(
      begin.events.firstIndex { $0["method"] == "event/delegate" && $0["params"]?["callback"] == "willTransitionTo" }
        == 2)
    let finish = session.call("pageView/swipe", ["pageView": "pvc", "action": "finish"])
    #expect(finish.result == [:])
    let last = finish.events.suffix(2).map { $0["params"]?["callback"] }
    #expect(last == ["didFinishAnimating", "viewControllerAfter"])
    #expect(
      finish.events.suffix(2).first?["params"]?["args"] == ["finished": true, "previous": ["a"], "completed": true])
    let noSwipe = session.call("pageView/swipe", ["pageView": "pvc", "action": "finish"])
    #expect(noSwipe.error?["code"] == -32003)
    #expect(noSwipe.error?["data"]?["state"] == "noSwipe")
  }
}

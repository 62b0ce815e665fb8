import ContainerJSON
import ContainerRPCTestSupport
import Testing

/// The `pageView.*` options of `daemon/configure` through the built binary (R31–R38's open points): each non-default
/// value's exact order next to the default's. Setup as `PageViewScenarioOverPipesTests`.
@Suite struct PageViewOptionsOverPipesTests {
  private static let swipeForward = #"{"pageView":"pvc","action":"begin","direction":"forward"}"#
  private static let swipeBack = #"{"pageView":"pvc","action":"begin","direction":"reverse"}"#
  private static let finish = #"{"pageView":"pvc","action":"finish"}"#
  private static let cancel = #"{"pageView":"pvc","action":"cancel"}"#
  private static let settle = #"{"ms":400}"#

  /// R31 `pageView.prefetchLoadsViews: true`: a page the data source returns loads its view at that call — b at
  /// the first drag, c at the follow-up call after the turn — and is not a child until revealed.
  @Test func prefetchLoadsViews() throws {
    var script = PageViewScript.window(options: #"{"pageView.prefetchLoadsViews":true}"#)
    let begin = script.call("pageView/swipe", Self.swipeForward)
    script.call("pageView/swipe", Self.finish)
    let end = script.call("clock/advance", Self.settle)
    let get = script.call("pageView/get", #"{"pageView":"pvc"}"#)
    let run = try script.run()
    #expect(
      run.trace(begin) == [
        "pvc.viewControllerAfter(a) → b", "b.loadView R1", "b.viewDidLoad R1", "pvc.viewControllerBefore(a) → nil",
        "pvc.willTransitionTo([b])", "b.viewWillAppear R34", "a.viewWillDisappear R34", "b.viewIsAppearing R69",
      ])
    #expect(
      run.trace(end) == [
        "b.viewDidAppear R34", "a.viewDidDisappear R34", "a.didMove(nil) R34", "b.didMove(pvc) R34",
        "pvc.didFinishAnimating([a], true)", "pvc.viewControllerAfter(b) → c", "c.loadView R1", "c.viewDidLoad R1",
      ])
    #expect(run.ids(get, "children") == ["b"])
  }

  /// R33 `pageView.notifyWillMoveOnAdd: true`: PV-1 with `b.willMove(pvc)` first, when b joins.
  @Test func notifyWillMoveOnAdd() throws {
    var script = PageViewScript.window(options: #"{"pageView.notifyWillMoveOnAdd":true}"#)
    let set = script.call("pageView/setViewControllers", #"{"pageView":"pvc","controllers":["b"]}"#)
    let run = try script.run()
    #expect(
      run.trace(set) == [
        "b.willMove(pvc) R33", "b.loadView R1", "b.viewDidLoad R1", "b.viewWillAppear R33", "a.viewWillDisappear R33",
        "b.viewIsAppearing R69", "b.viewDidAppear R33", "a.viewDidDisappear R33", "a.didMove(nil) R33",
        "b.didMove(pvc) R33", "pvc.completion(setViewControllers) R33",
      ])
  }

  /// R33 `pageView.appearanceWhenNotVisible`: a page view controller whose view is loaded but in no window. By
  /// default (`defer`) a set gives b no appearance callback; `immediate` runs b's pair inside the call (a never
  /// appeared: nothing for it).
  @Test func appearanceWhenNotVisible() throws {
    func offScreenSet(_ options: String?) throws -> [String] {
      var script = PageViewScript()
      if let options { script.call("daemon/configure", #"{"options":\#(options)}"#) }
      for page in ["a", "b"] { script.call("controller/create", #"{"id":"\#(page)"}"#) }
      script.call(
        "controller/create", #"{"id":"pvc","kind":"UIPageViewController","pages":["a","b"],"initial":["a"]}"#)
      script.call("controller/loadView", #"{"controller":"pvc"}"#)
      script.call("events/subscribe", #"{"kinds":["completion","warning"]}"#)
      let set = script.call("pageView/setViewControllers", #"{"pageView":"pvc","controllers":["b"]}"#)
      return try script.run().trace(set)
    }
    #expect(
      try offScreenSet(nil) == [
        "b.loadView R1", "b.viewDidLoad R1", "a.didMove(nil) R33", "b.didMove(pvc) R33",
        "pvc.completion(setViewControllers) R33",
      ])
    #expect(
      try offScreenSet(#"{"pageView.appearanceWhenNotVisible":"immediate"}"#) == [
        "b.loadView R1", "b.viewDidLoad R1", "b.viewWillAppear R33", "b.viewIsAppearing R69",
        "b.viewDidAppear R33", "a.didMove(nil) R33", "b.didMove(pvc) R33", "pvc.completion(setViewControllers) R33",
      ])
  }

  /// R36 `pageView.delegateOrder: appearanceFirst`: the swipe's will pair, then willTransitionTo.
  @Test func delegateOrderAppearanceFirst() throws {
    var script = PageViewScript.window(options: #"{"pageView.delegateOrder":"appearanceFirst"}"#)
    let begin = script.call("pageView/swipe", Self.swipeForward)
    let run = try script.run()
    #expect(
      run.trace(begin) == [
        "pvc.viewControllerAfter(a) → b", "pvc.viewControllerBefore(a) → nil", "b.loadView R1", "b.viewDidLoad R1",
        "b.viewWillAppear R34", "a.viewWillDisappear R34", "pvc.willTransitionTo([b])", "b.viewIsAppearing R69",
      ])
  }

  /// R37 `pageView.staleCacheAfterAnimatedSet: false`: after an animated set to c the swipe back asks
  /// viewControllerBefore(c) and reveals b (the default reveals a, PV-2).
  @Test func freshCacheAfterAnimatedSet() throws {
    var script = PageViewScript.window(options: #"{"pageView.staleCacheAfterAnimatedSet":false}"#)
    script.call("pageView/setViewControllers", #"{"pageView":"pvc","controllers":["c"],"animated":true}"#)
    script.call("clock/advance", Self.settle)
    let back = script.call("pageView/swipe", Self.swipeBack)
    let run = try script.run()
    #expect(
      run.trace(back) == [
        "pvc.viewControllerAfter(c) → nil", "pvc.viewControllerBefore(c) → b", "pvc.willTransitionTo([b])",
        "b.loadView R1", "b.viewDidLoad R1", "b.viewWillAppear R34", "c.viewWillDisappear R34",
        "b.viewIsAppearing R69",
      ])
  }

  /// R37 `pageView.staleViewControllersAfterInterruptedSwipe`: a swipe let go (cancelled) and caught again before
  /// the page settles back resumes with no callback; turned, the page ends as any turn does. With the option on,
  /// `viewControllers` still answers `[a]` while b is the child shown; by default it answers `[b]`.
  @Test func staleViewControllersAfterInterruptedSwipe() throws {
    func interrupted(_ options: String?) throws -> (catchTrace: [String], end: [String], get: PageViewRun, Int) {
      var script = PageViewScript.window(options: options)
      script.call("pageView/swipe", Self.swipeForward)
      script.call("pageView/swipe", #"{"pageView":"pvc","action":"update","progress":0.5}"#)
      script.call("pageView/swipe", Self.cancel)
      let early = script.call("clock/advance", #"{"ms":50}"#)
      let caught = script.call("pageView/swipe", Self.swipeForward)
      script.call("pageView/swipe", Self.finish)
      let end = script.call("clock/advance", Self.settle)
      let get = script.call("pageView/get", #"{"pageView":"pvc"}"#)
      let run = try script.run()
      #expect(run.trace(early).isEmpty)
      #expect(run.reply(caught)?["result"]?["pending"] == "b")
      return (run.trace(caught), run.trace(end), run, get)
    }
    let turned = [
      "b.viewDidAppear R34", "a.viewDidDisappear R34", "a.didMove(nil) R34", "b.didMove(pvc) R34",
      "pvc.didFinishAnimating([a], true)", "pvc.viewControllerAfter(b) → c",
    ]
    let stale = try interrupted(#"{"pageView.staleViewControllersAfterInterruptedSwipe":true}"#)
    #expect(stale.catchTrace.isEmpty)
    #expect(stale.end == turned)
    #expect(stale.get.ids(stale.3, "viewControllers") == ["a"])
    #expect(stale.get.ids(stale.3, "children") == ["b"])
    let fresh = try interrupted(nil)
    #expect(fresh.end == turned)
    #expect(fresh.get.ids(fresh.3, "viewControllers") == ["b"])
  }

  /// R38 `pageView.overlapPolicy`: `queue` runs a set made during an animated set once that one ends (its did pair,
  /// didMoves and completion first); `raise` answers UIKit's NSInternalInconsistencyException as -32001 and changes
  /// nothing.
  @Test func overlapPolicy() throws {
    var queued = PageViewScript.window(options: #"{"pageView.overlapPolicy":"queue"}"#)
    queued.call("pageView/setViewControllers", #"{"pageView":"pvc","controllers":["b"],"animated":true}"#)
    let waiting = queued.call("pageView/setViewControllers", #"{"pageView":"pvc","controllers":["c"]}"#)
    let end = queued.call("clock/advance", Self.settle)
    let run = try queued.run()
    #expect(run.reply(waiting)?["result"] == [:])
    #expect(run.trace(waiting).isEmpty)
    #expect(
      run.trace(end) == [
        "b.viewDidAppear R34", "a.viewDidDisappear R34", "a.didMove(nil) R34", "b.didMove(pvc) R34",
        "pvc.completion(setViewControllers) R34", "c.loadView R1", "c.viewDidLoad R1", "c.viewWillAppear R33",
        "b.viewWillDisappear R33", "c.viewIsAppearing R69", "c.viewDidAppear R33", "b.viewDidDisappear R33",
        "b.didMove(nil) R33", "c.didMove(pvc) R33", "pvc.completion(setViewControllers) R33",
      ])

    var raised = PageViewScript.window(options: #"{"pageView.overlapPolicy":"raise"}"#)
    raised.call("pageView/swipe", Self.swipeForward)
    let set = raised.call("pageView/setViewControllers", #"{"pageView":"pvc","controllers":["c"]}"#)
    let raisedRun = try raised.run()
    #expect(raisedRun.reply(set)?["error"]?["code"] == -32001)
    #expect(raisedRun.replyText(set)?.contains("No view controller managing visible view <a.view>") == true)
    #expect(raisedRun.trace(set).isEmpty)
  }
}

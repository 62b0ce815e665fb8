import ContainerJSON
import ContainerRPCTestSupport
import Testing

/// UIPageViewController's acceptance scenarios through the built binary that `PageViewOverPipesTests` does not run,
/// each step's events in their exact order (manual clock: a settle's events belong to the `clock/advance` that ends
/// it): PV-2's swipe back after an animated and a non-animated set (R37), PV-4 as stated (b cached by an earlier
/// swipe), PV-5's completed and cancelled curl (R35), PV-6's set during a swipe (R38), and the double-sided curl
/// (R32's two pages, R35). Setup: a window showing `pvc`, data source `[a, b, c]` (more for the double-sided one),
/// `[a]` set at creation, completions and warnings subscribed.
@Suite struct PageViewScenarioOverPipesTests {
  private static let swipeForward = #"{"pageView":"pvc","action":"begin","direction":"forward"}"#
  private static let swipeBack = #"{"pageView":"pvc","action":"begin","direction":"reverse"}"#
  private static let finish = #"{"pageView":"pvc","action":"finish"}"#
  private static let cancel = #"{"pageView":"pvc","action":"cancel"}"#
  private static let get = #"{"pageView":"pvc"}"#
  private static let settle = #"{"ms":400}"#

  /// PV-2 (R34, R37): the animated set's will pair in the call and its did pair at the animation's end; no data
  /// source or delegate call. The swipe back then asks only the side not cached (after c) and reveals a — not b —
  /// without asking viewControllerBefore(c).
  @Test func pv2SwipeBackShowsTheStalePage() throws {
    var script = PageViewScript.window()
    let set = script.call(
      "pageView/setViewControllers", #"{"pageView":"pvc","controllers":["c"],"animated":true}"#)
    let end = script.call("clock/advance", Self.settle)
    let back = script.call("pageView/swipe", Self.swipeBack)
    let run = try script.run()
    #expect(
      run.trace(set) == [
        "c.loadView R1", "c.viewDidLoad R1", "c.viewWillAppear R34", "a.viewWillDisappear R34",
        "c.viewIsAppearing R69",
      ])
    #expect(
      run.trace(end) == [
        "c.viewDidAppear R34", "a.viewDidDisappear R34", "a.didMove(nil) R34", "c.didMove(pvc) R34",
        "pvc.completion(setViewControllers) R34",
      ])
    #expect(
      run.trace(back) == [
        "pvc.viewControllerAfter(c) → nil", "pvc.willTransitionTo([a])", "a.viewWillAppear R34",
        "c.viewWillDisappear R34", "a.viewIsAppearing R69",
      ])
    #expect(run.reply(back)?["result"]?["pending"] == "a")
  }

  /// PV-2's other half (R37): after a non-animated set the cache is empty, so the swipe back asks both sides and
  /// reveals b.
  @Test func pv2NonAnimatedSetAsksTheDataSource() throws {
    var script = PageViewScript.window()
    script.call("pageView/setViewControllers", #"{"pageView":"pvc","controllers":["c"]}"#)
    let back = script.call("pageView/swipe", Self.swipeBack)
    let run = try script.run()
    #expect(
      run.trace(back) == [
        "pvc.viewControllerAfter(c) → nil", "pvc.viewControllerBefore(c) → b", "pvc.willTransitionTo([b])",
        "b.loadView R1", "b.viewDidLoad R1", "b.viewWillAppear R34", "c.viewWillDisappear R34",
        "b.viewIsAppearing R69",
      ])
  }

  /// PV-3 (R34, R36), step by step on the manual clock: begin asks after then before, willTransitionTo, the will
  /// pair; finish emits nothing until the settle ends; then the did pair, the two didMove, didFinishAnimating and one
  /// data-source call forward.
  @Test func pv3CompletedSwipe() throws {
    var script = PageViewScript.window()
    let begin = script.call("pageView/swipe", Self.swipeForward)
    let finish = script.call("pageView/swipe", Self.finish)
    let end = script.call("clock/advance", Self.settle)
    let get = script.call("pageView/get", Self.get)
    let run = try script.run()
    #expect(
      run.trace(begin) == [
        "pvc.viewControllerAfter(a) → b", "pvc.viewControllerBefore(a) → nil", "pvc.willTransitionTo([b])",
        "b.loadView R1", "b.viewDidLoad R1", "b.viewWillAppear R34", "a.viewWillDisappear R34",
        "b.viewIsAppearing R69",
      ])
    #expect(run.trace(finish).isEmpty)
    #expect(
      run.trace(end) == [
        "b.viewDidAppear R34", "a.viewDidDisappear R34", "a.didMove(nil) R34", "b.didMove(pvc) R34",
        "pvc.didFinishAnimating([a], true)", "pvc.viewControllerAfter(b) → c",
      ])
    #expect(run.ids(get, "viewControllers") == ["b"])
    #expect(run.ids(get, "children") == ["b"])
  }

  /// PV-4 (R34, R36) as stated: b is cached by a first swipe, so the second asks nothing; cancelled, a reappears and
  /// b disappears after the settle, b never got viewDidAppear, didFinishAnimating says not completed; children and
  /// viewControllers stay `[a]`.
  @Test func pv4CancelledSwipe() throws {
    var script = PageViewScript.window()
    script.call("pageView/swipe", Self.swipeForward)
    script.call("pageView/swipe", Self.cancel)
    script.call("clock/advance", Self.settle)
    let begin = script.call("pageView/swipe", Self.swipeForward)
    script.call("pageView/swipe", #"{"pageView":"pvc","action":"update","progress":0.4}"#)
    let cancel = script.call("pageView/swipe", Self.cancel)
    let end = script.call("clock/advance", Self.settle)
    let get = script.call("pageView/get", Self.get)
    let run = try script.run()
    #expect(
      run.trace(begin) == [
        "pvc.willTransitionTo([b])", "b.viewWillAppear R34", "a.viewWillDisappear R34", "b.viewIsAppearing R69",
      ])
    #expect(run.trace(cancel).isEmpty)
    #expect(
      run.trace(end) == [
        "a.viewWillAppear R34", "a.viewIsAppearing R69", "a.viewDidAppear R34", "b.viewWillDisappear R34",
        "b.viewDidDisappear R34", "pvc.didFinishAnimating([a], false)",
      ])
    #expect(run.ids(get, "viewControllers") == ["a"])
    #expect(run.ids(get, "children") == ["a"])
  }

  /// PV-5 (R35), completed curl: the same wills; after the settle a.viewDidDisappear before b.viewDidAppear.
  @Test func pv5CompletedCurl() throws {
    var script = PageViewScript.window(pvcOptions: #","transitionStyle":"pageCurl""#)
    let begin = script.call("pageView/swipe", Self.swipeForward)
    script.call("pageView/swipe", Self.finish)
    let end = script.call("clock/advance", Self.settle)
    let run = try script.run()
    #expect(
      run.trace(begin) == [
        "pvc.viewControllerAfter(a) → b", "pvc.viewControllerBefore(a) → nil", "pvc.willTransitionTo([b])",
        "b.loadView R1", "b.viewDidLoad R1", "b.viewWillAppear R35", "a.viewWillDisappear R35",
        "b.viewIsAppearing R69",
      ])
    #expect(
      run.trace(end) == [
        "a.viewDidDisappear R35", "b.viewDidAppear R35", "a.didMove(nil) R35", "b.didMove(pvc) R35",
        "pvc.didFinishAnimating([a], true)", "pvc.viewControllerAfter(b) → c",
      ])
  }

  /// PV-5 (R35), cancelled curl: both reversals at the cancel (b.viewWillDisappear, a.viewWillAppear), both dids at
  /// the settle's end (b's first), then didFinishAnimating not completed.
  @Test func pv5CancelledCurl() throws {
    var script = PageViewScript.window(pvcOptions: #","transitionStyle":"pageCurl""#)
    script.call("pageView/swipe", Self.swipeForward)
    script.call("pageView/swipe", #"{"pageView":"pvc","action":"update","progress":0.5}"#)
    let cancel = script.call("pageView/swipe", Self.cancel)
    let end = script.call("clock/advance", Self.settle)
    let run = try script.run()
    #expect(run.trace(cancel) == ["b.viewWillDisappear R35", "a.viewWillAppear R35", "a.viewIsAppearing R69"])
    #expect(
      run.trace(end) == ["b.viewDidDisappear R35", "a.viewDidAppear R35", "pvc.didFinishAnimating([a], false)"])
  }

  /// PV-6 (R38): a set between a swipe's begin and finish answers -32003 `transitioning` and emits nothing; the swipe
  /// then finishes as usual.
  @Test func pv6SetDuringASwipeIsRefused() throws {
    var script = PageViewScript.window()
    script.call("pageView/swipe", Self.swipeForward)
    let set = script.call("pageView/setViewControllers", #"{"pageView":"pvc","controllers":["c"]}"#)
    script.call("pageView/swipe", Self.finish)
    let end = script.call("clock/advance", Self.settle)
    let run = try script.run()
    #expect(run.reply(set)?["error"]?["code"] == -32003)
    #expect(run.reply(set)?["error"]?["data"]?["state"] == "transitioning")
    #expect(run.trace(set).isEmpty)
    #expect(run.trace(end).contains("pvc.didFinishAnimating([a], true)"))
  }

  /// R32 and R35, a double-sided curl with the spine in the middle: two pages per side. A forward swipe from
  /// `[a, b]` asks after b, then after c, reveals `[c, d]`; the wills page by page (c, d, then a, b); at the
  /// settle's end the outgoing dids first (a, b), then c and d, the didMoves, didFinishAnimating, and no further
  /// data-source call (a double-sided curl caches nothing). A cancelled swipe back reverses at the cancel.
  @Test func doubleSidedCurlTurnsTwoPages() throws {
    var script = PageViewScript.window(
      pages: ["a", "b", "c", "d"], initial: ["a", "b"],
      pvcOptions: #","transitionStyle":"pageCurl","spineLocation":"mid","isDoubleSided":true"#)
    let begin = script.call("pageView/swipe", Self.swipeForward)
    script.call("pageView/swipe", Self.finish)
    let end = script.call("clock/advance", Self.settle)
    let get = script.call("pageView/get", Self.get)
    let back = script.call("pageView/swipe", Self.swipeBack)
    script.call("pageView/swipe", #"{"pageView":"pvc","action":"update","progress":0.5}"#)
    let cancel = script.call("pageView/swipe", Self.cancel)
    let fallBack = script.call("clock/advance", Self.settle)
    let wrong = script.call("pageView/setViewControllers", #"{"pageView":"pvc","controllers":["a"]}"#)
    let run = try script.run()
    #expect(
      run.trace(begin) == [
        "pvc.viewControllerAfter(b) → c", "pvc.viewControllerAfter(c) → d", "pvc.willTransitionTo([c, d])",
        "c.loadView R1", "c.viewDidLoad R1", "d.loadView R1", "d.viewDidLoad R1", "c.viewWillAppear R35",
        "d.viewWillAppear R35", "a.viewWillDisappear R35", "b.viewWillDisappear R35", "c.viewIsAppearing R69",
        "d.viewIsAppearing R69",
      ])
    #expect(
      run.trace(end) == [
        "a.viewDidDisappear R35", "b.viewDidDisappear R35", "c.viewDidAppear R35", "d.viewDidAppear R35",
        "a.didMove(nil) R35", "b.didMove(nil) R35", "c.didMove(pvc) R35", "d.didMove(pvc) R35",
        "pvc.didFinishAnimating([a, b], true)",
      ])
    #expect(run.ids(get, "viewControllers") == ["c", "d"])
    #expect(run.ids(get, "children") == ["c", "d"])
    #expect(
      run.trace(back) == [
        "pvc.viewControllerBefore(c) → b", "pvc.viewControllerBefore(b) → a", "pvc.willTransitionTo([a, b])",
        "a.viewWillAppear R35", "b.viewWillAppear R35", "c.viewWillDisappear R35", "d.viewWillDisappear R35",
        "a.viewIsAppearing R69", "b.viewIsAppearing R69",
      ])
    #expect(
      run.trace(cancel) == [
        "a.viewWillDisappear R35", "b.viewWillDisappear R35", "c.viewWillAppear R35", "d.viewWillAppear R35",
        "c.viewIsAppearing R69", "d.viewIsAppearing R69",
      ])
    #expect(
      run.trace(fallBack) == [
        "a.viewDidDisappear R35", "b.viewDidDisappear R35", "c.viewDidAppear R35", "d.viewDidAppear R35",
        "pvc.didFinishAnimating([c, d], false)",
      ])
    #expect(run.reply(wrong)?["error"]?["code"] == -32001)
    #expect(
      run.replyText(wrong)?.contains(
        "The number of view controllers provided (1) doesn't match the number required (2)") == true)
  }
}

import ContainerJSON
import ContainerRPCTestSupport
import Testing

/// A page view controller built by `scene/load`, reported by `world/snapshot` and `world/render`, and working as a
/// tab of a tab bar controller and as a page of the profile (paging) container, through the built binary with exact
/// orders (R10's forwarding to the current page, R25's tab switch, R33's deferral while not visible).
@Suite struct PageViewContainersOverPipesTests {
  /// `scene/load` builds a double-sided curl with its first two pages (a mid spine: left and right halves);
  /// `world/snapshot` reports its `pageView`; `world/render`'s legend names its style, spine and pages.
  @Test func sceneSnapshotAndRender() throws {
    var script = PageViewScript()
    let load = script.call(
      "scene/load",
      #"{"scene":{"windows":[{"name":"win","root":{"name":"book","kind":"UIPageViewController","transitionStyle":"pageCurl","spineLocation":"mid","isDoubleSided":true,"pages":[{"name":"p1"},{"name":"p2"},{"name":"p3"},{"name":"p4"}]}}]}}"#
    )
    let snapshot = script.call("world/snapshot", #"{"root":"book"}"#)
    let left = script.call("view/get", #"{"view":"p1.view"}"#)
    let right = script.call("view/get", #"{"view":"p2.view"}"#)
    let render = script.call("world/render", #"{"window":"win"}"#)
    let bad = script.call(
      "scene/load",
      #"{"scene":{"controllers":[{"name":"x","kind":"UIPageViewController","transitionStyle":"pageCurl","spineLocation":"mid","pages":[{"name":"q"}]}]}}"#
    )
    let run = try script.run()
    #expect(
      run.trace(load) == [
        "p1.didMove(book) R33", "p2.didMove(book) R33", "book.loadView R1", "book.viewDidLoad R1", "p1.loadView R1",
        "p1.viewDidLoad R1", "p2.loadView R1", "p2.viewDidLoad R1", "book.viewWillAppear R6",
        "p1.viewWillAppear R10", "p2.viewWillAppear R10", "book.viewIsAppearing R69", "p1.viewIsAppearing R69",
        "p2.viewIsAppearing R69", "book.viewDidAppear R7", "p1.viewDidAppear R10", "p2.viewDidAppear R10",
      ])
    guard case .array(let controllers)? = run.reply(snapshot)?["result"]?["controllers"] else {
      Issue.record("no controllers in the snapshot")
      return
    }
    let book = controllers.first { $0["id"] == "book" }
    #expect(
      book?["pageView"]
        == [
          "viewControllers": ["p1", "p2"], "pages": ["p1", "p2", "p3", "p4"], "transitionStyle": "pageCurl",
          "spineLocation": "mid", "isDoubleSided": true, "isTransitioning": false,
        ])
    #expect(book?["children"] == ["p1", "p2"])
    #expect(run.reply(left)?["result"]?["frame"] == ["x": 0, "y": 0, "width": 195, "height": 844])
    #expect(run.reply(right)?["result"]?["frame"] == ["x": 195, "y": 0, "width": 195, "height": 844])
    #expect(
      run.replyText(render)?.contains("book · UIPageViewController · curl mid 2-sided: p1, p2 (1/4)") == true)
    #expect(run.reply(bad)?["error"]?["data"]?["path"] == "params.scene.controllers[0].isDoubleSided")
  }

  /// As the second tab of a tab bar controller: selecting it loads it and its first page, R25's order with a
  /// forwarded to (R10); switching away takes a with it; a set while the tab is hidden gives b no appearance (R33's
  /// `defer`), only the containment; selecting the tab again brings b in with the page view controller.
  @Test func pageViewAsATab() throws {
    var script = PageViewScript()
    script.call(
      "scene/load",
      #"{"scene":{"windows":[{"name":"win","root":{"name":"tabs","kind":"UITabBarController","tabs":[{"name":"home"},{"name":"pvc","kind":"UIPageViewController","pages":[{"name":"a"},{"name":"b"},{"name":"c"}]}]}}]}}"#
    )
    script.call("events/subscribe", #"{"kinds":["completion"]}"#)
    let show = script.call("tab/select", #"{"tabBar":"tabs","index":1}"#)
    let hide = script.call("tab/select", #"{"tabBar":"tabs","index":0}"#)
    let set = script.call("pageView/setViewControllers", #"{"pageView":"pvc","controllers":["b"]}"#)
    let back = script.call("tab/select", #"{"tabBar":"tabs","index":1}"#)
    let run = try script.run()
    #expect(
      run.trace(show) == [
        "pvc.loadView R1", "pvc.viewDidLoad R1", "a.loadView R1", "a.viewDidLoad R1", "pvc.viewWillAppear R25",
        "a.viewWillAppear R10", "home.viewWillDisappear R25", "pvc.viewIsAppearing R69", "a.viewIsAppearing R69",
        "home.viewDidDisappear R25", "pvc.viewDidAppear R25", "a.viewDidAppear R10",
      ])
    #expect(
      run.trace(hide) == [
        "home.viewWillAppear R25", "pvc.viewWillDisappear R25", "a.viewWillDisappear R10",
        "home.viewIsAppearing R69", "pvc.viewDidDisappear R25", "a.viewDidDisappear R10", "home.viewDidAppear R25",
      ])
    #expect(
      run.trace(set) == [
        "b.loadView R1", "b.viewDidLoad R1", "a.didMove(nil) R33", "b.didMove(pvc) R33",
        "pvc.completion(setViewControllers) R33",
      ])
    #expect(
      run.trace(back) == [
        "pvc.viewWillAppear R25", "b.viewWillAppear R10", "home.viewWillDisappear R25", "pvc.viewIsAppearing R69",
        "b.viewIsAppearing R69", "home.viewDidDisappear R25", "pvc.viewDidAppear R25", "b.viewDidAppear R10",
      ])
  }

  /// As the first page of the profile (paging) container: it appears with the container and forwards to a; another
  /// page selected takes it and a away; a swipe while it is off screen is refused (`notVisible`); back on screen it
  /// swipes as anywhere (R34, R36).
  @Test func pageViewAsAProfilePage() throws {
    var script = PageViewScript()
    let load = script.call(
      "scene/load",
      #"{"scene":{"windows":[{"name":"win","root":{"name":"profile","kind":"PagingContainerViewController","header":{"height":200},"pages":[{"name":"pvc","kind":"UIPageViewController","pages":[{"name":"a"},{"name":"b"}]},{"name":"list"}]}}]}}"#
    )
    let away = script.call("paging/select", #"{"container":"profile","index":1,"animated":false}"#)
    let hidden = script.call("pageView/swipe", #"{"pageView":"pvc","action":"begin","direction":"forward"}"#)
    let back = script.call("paging/select", #"{"container":"profile","index":0,"animated":false}"#)
    let begin = script.call("pageView/swipe", #"{"pageView":"pvc","action":"begin","direction":"forward"}"#)
    let finish = script.call("pageView/swipe", #"{"pageView":"pvc","action":"finish"}"#)
    let run = try script.run()
    #expect(
      run.trace(load) == [
        "a.didMove(pvc) R33", "profile.loadView R1", "profile.viewDidLoad R1", "pvc.willMove(profile) R4",
        "pvc.loadView R1", "pvc.viewDidLoad R1", "a.loadView R1", "a.viewDidLoad R1", "pvc.didMove(profile) R4",
        "profile.viewWillAppear R6", "pvc.viewWillAppear R10", "a.viewWillAppear R10", "profile.viewIsAppearing R69",
        "pvc.viewIsAppearing R69", "a.viewIsAppearing R69", "profile.viewDidAppear R7", "pvc.viewDidAppear R10",
        "a.viewDidAppear R10",
      ])
    #expect(
      Array(run.trace(away).prefix(2)) == ["pvc.viewWillDisappear R6", "a.viewWillDisappear R10"])
    #expect(run.trace(away).contains("a.viewDidDisappear R10"))
    #expect(run.reply(hidden)?["error"]?["data"]?["state"] == "notVisible")
    #expect(
      run.trace(back) == [
        "pvc.viewWillAppear R6", "a.viewWillAppear R10", "list.viewWillDisappear R6", "pvc.viewIsAppearing R69",
        "a.viewIsAppearing R69", "pvc.viewDidAppear R7", "a.viewDidAppear R10", "list.viewDidDisappear R7",
      ])
    #expect(
      run.trace(begin) == [
        "pvc.viewControllerAfter(a) → b", "pvc.viewControllerBefore(a) → nil", "pvc.willTransitionTo([b])",
        "b.loadView R1", "b.viewDidLoad R1", "b.viewWillAppear R34", "a.viewWillDisappear R34",
        "b.viewIsAppearing R69",
      ])
    #expect(
      run.trace(finish) == [
        "b.viewDidAppear R34", "a.viewDidDisappear R34", "a.didMove(nil) R34", "b.didMove(pvc) R34",
        "pvc.didFinishAnimating([a], true)", "pvc.viewControllerAfter(b) → nil",
      ])
  }
}

import ContainerJSON
import ContainerRPCTestSupport
import Testing

/// The page view controller's second part on the wire (R31–R38): the `pageView.*` options of `daemon/configure`
/// (values and refusals), `controller/get`'s `pageView`, a page view in `scene/load`, and a double-sided swipe's
/// `event/delegate` order.
@Suite struct PageViewWireTests {
  /// A bad option value is -32602 at its path and changes nothing; a good one is answered back.
  @Test func optionsAreValidated() {
    let session = TestSession()
    let bad = session.call("daemon/configure", ["options": ["pageView.overlapPolicy": "sideways"]])
    #expect(bad.error?["code"] == -32602)
    #expect(bad.error?["data"]?["path"] == "params.options.pageView.overlapPolicy")
    let good = session.call(
      "daemon/configure", ["options": ["pageView.overlapPolicy": "queue", "pageView.prefetchLoadsViews": true]])
    #expect(good.result?["options"]?["pageView.overlapPolicy"] == "queue")
    #expect(good.result?["options"]?["pageView.prefetchLoadsViews"] == true)
    #expect(good.result?["options"]?["pageView.delegateOrder"] == "willTransitionFirst")
  }

  /// R31, R32: a scene's double-sided curl shows its first two pages; `controller/get` reports them under `pageView`;
  /// a swipe forward asks after b then after c (R36) and reveals both.
  @Test func sceneControllerGetAndADoubleSidedSwipe() {
    let session = TestSession()
    let load = session.call(
      "scene/load",
      [
        "scene": [
          "windows": [
            [
              "name": "win",
              "root": [
                "name": "pvc", "kind": "UIPageViewController", "transitionStyle": "pageCurl", "spineLocation": "mid",
                "isDoubleSided": true, "pages": [["name": "a"], ["name": "b"], ["name": "c"], ["name": "d"]],
              ],
            ]
          ]
        ]
      ])
    #expect(load.error == nil)
    #expect(
      session.call("controller/get", ["controller": "pvc"]).result?["pageView"]
        == [
          "viewControllers": ["a", "b"], "pages": ["a", "b", "c", "d"], "transitionStyle": "pageCurl",
          "spineLocation": "mid", "isDoubleSided": true, "isTransitioning": false,
        ])
    let begin = session.call("pageView/swipe", ["pageView": "pvc", "action": "begin", "direction": "forward"])
    #expect(begin.result == ["pending": "c"])
    let delegate = begin.events.filter { $0["method"] == "event/delegate" }.map { $0["params"]?["callback"] }
    #expect(delegate == ["viewControllerAfter", "viewControllerAfter", "willTransitionTo"])
    // The trace's first three lines are the three event/delegate notifications.
    #expect(
      Array(begin.trace.dropFirst(3)) == [
        "c.loadView R1", "c.viewDidLoad R1", "d.loadView R1", "d.viewDidLoad R1", "c.viewWillAppear R35",
        "d.viewWillAppear R35", "a.viewWillDisappear R35", "b.viewWillDisappear R35", "c.viewIsAppearing R69",
        "d.viewIsAppearing R69",
      ])
  }

  /// A scene's page view: a wrong number of `initial` pages is -32602 at `initial`, with R32's wording.
  @Test func sceneInitialCount() {
    let session = TestSession()
    let bad = session.call(
      "scene/load",
      [
        "scene": [
          "controllers": [
            ["kind": "UIPageViewController", "pages": [["name": "a"], ["name": "b"]], "initial": ["a", "b"]]
          ]
        ]
      ])
    #expect(bad.error?["data"]?["path"] == "params.scene.controllers[0].initial")
    #expect(
      bad.error?["message"]?.stringValue?.contains(
        "The number of view controllers provided (2) doesn't match the number required (1)") == true)
  }
}

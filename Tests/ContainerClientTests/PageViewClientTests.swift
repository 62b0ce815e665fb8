import ContainerClient
import Foundation
import Testing

/// The page view controller through the Swift client's typed calls (R31–R38): `pageView/*` as requests with typed
/// results, and `event/delegate` decoded in its order among the lifecycle events.
@Suite struct PageViewClientTests {
  /// PV-3 through the client: begin answers the pending page, the data source and delegate calls come typed
  /// (after, before, willTransitionTo; didFinishAnimating and one more call forward), `pageView/get` reads the pages.
  @Test func aSwipeThroughTypedCalls() async throws {
    let client = try await TestDaemon.launch()
    _ = try await client.call(
      SceneLoadParams(scene: [
        "windows": [
          [
            "name": "win",
            "root": ["name": "pvc", "kind": "UIPageViewController", "pages": [["name": "a"], ["name": "b"]]],
          ]
        ]
      ]))
    let begin = try await client.call(PageViewSwipeParams(pageView: "pvc", action: .begin, direction: .forward))
    #expect(begin.result.pending == "b")
    #expect(
      begin.events.delegateLines == [
        "pvc.viewControllerAfter(a) → b", "pvc.viewControllerBefore(a) → nil", "pvc.willTransitionTo([b])",
      ])
    #expect(
      begin.events.lifecycleLines == [
        "b.loadView R1", "b.viewDidLoad R1", "b.viewWillAppear R34", "a.viewWillDisappear R34",
        "b.viewIsAppearing R69",
      ])
    let finish = try await client.call(PageViewSwipeParams(pageView: "pvc", action: .finish))
    #expect(
      finish.events.delegateLines == [
        "pvc.didFinishAnimating([a], completed: true)", "pvc.viewControllerAfter(b) → nil",
      ])
    let info = try await client.call(PageViewGetParams(pageView: "pvc")).result
    #expect(info.viewControllers == ["b"])
    #expect(info.children == ["b"])
    #expect(info.isTransitioning == false)
    let set = try await client.call(PageViewSetViewControllersParams(pageView: "pvc", controllers: ["a"]))
    #expect(set.events.delegateLines.isEmpty)
    _ = try await client.call(PageViewSetPagesParams(pageView: "pvc", pages: nil))
    #expect(try await client.call(PageViewGetParams(pageView: "pvc")).result.pages == nil)
    #expect(await client.close() == 0)
  }
}

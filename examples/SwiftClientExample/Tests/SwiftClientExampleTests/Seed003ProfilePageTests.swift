import ContainerClient
import Testing

/// Seed 003: a Weibo-style profile page (a header over horizontally paged lists, sticky by each list's offset) from
/// one scene document, driven by flings, title taps and a drag of the pager.
@Suite struct Seed003ProfilePageTests {
  /// The page, as a scene document (`scene/load`): four pages, three tables and a plain controller with a scroll view.
  static let scene: JSONValue = [
    "windows": [
      [
        "name": "win",
        "root": [
          "kind": "PagingContainerViewController", "name": "profile",
          "header": ["height": 200, "hangingHeight": 64],
          "pages": [
            ["kind": "UITableViewController", "name": "menu", "table": Self.table(rows: 30, height: 44)],
            [
              "kind": "UITableViewController", "name": "list", "className": "ListViewController",
              "table": Self.table(rows: 15, height: 80),
            ],
            ["kind": "UITableViewController", "name": "more", "table": Self.table(rows: 5, height: 60)],
            [
              "name": "grid", "scrollView": "gridScroll",
              "view": [
                "subviews": [
                  [
                    "kind": "UIScrollView", "name": "gridScroll",
                    "frame": ["x": 0, "y": 0, "width": 390, "height": 844],
                  ]
                ]
              ],
            ],
          ],
        ],
      ]
    ]
  ]

  static func table(rows: Int64, height: Int64) -> JSONValue {
    ["register": ["cell"], "sections": [["identifier": "cell", "rowCount": .int(rows), "rowHeight": .int(height)]]]
  }

  @Test func flingsTitleTapsAndAPagerDrag() async throws {
    let client = try await ContainerClient.launch()
    try await client.subscribe([.lifecycle, .scroll])

    let loaded = try await client.call(SceneLoadParams(scene: Self.scene))
    #expect(loaded.result.ids["profile"] == "profile")
    // Every page loads with the container; only the first is embedded and appears, after its container (R10).
    #expect(
      loaded.events.lifecycleLines == [
        "menu.loadView R1", "menu.viewDidLoad R1", "list.loadView R1", "list.viewDidLoad R1", "more.loadView R1",
        "more.viewDidLoad R1", "grid.loadView R1", "grid.viewDidLoad R1", "profile.loadView R1",
        "profile.viewDidLoad R1", "menu.willMove(profile) R4", "menu.didMove(profile) R4",
        "profile.viewWillAppear R6", "menu.viewWillAppear R10", "profile.viewIsAppearing R69",
        "menu.viewIsAppearing R69", "profile.viewDidAppear R7", "menu.viewDidAppear R10",
      ])
    var page = try await client.call(PagingGetParams(container: "profile")).result
    #expect(page.index == 0)
    #expect(page.headerFrame == Rect(x: 0, y: 0, width: 390, height: 244))

    // A fling up the first list: the header scrolls away until it hangs by 64 pt.
    let fling = try await client.call(ScrollFlingParams(view: "menu.view", velocity: Point(x: 0, y: -1500)))
    #expect(fling.result.offset == Point(x: 0, y: 476))
    #expect(
      fling.events.compactMap {
        if case .scroll(let view, let callback) = $0.kind, view == "menu.view" { return callback }
        return nil
      }.prefix(3) == ["willBeginDragging", "willEndDragging", "didEndDragging"])
    page = try await client.call(PagingGetParams(container: "profile")).result
    #expect(page.headerFrame?.y == -180)

    // A title tap: the second page is embedded and appears before the first disappears.
    let tapped = try await client.call(PagingSelectParams(container: "profile", index: 1))
    #expect(
      tapped.lifecycle(of: "list") == [
        .willMove(parent: "profile"), .viewWillAppear(animated: false), .didMove(parent: "profile"),
        .viewIsAppearing(animated: false), .viewDidAppear(animated: false), .didMove(parent: "profile"),
      ])
    #expect(tapped.lifecycle(of: "menu") == [.viewWillDisappear(animated: false), .viewDidDisappear(animated: false)])
    page = try await client.call(PagingGetParams(container: "profile")).result
    #expect(
      page.pages.map(\.contentOffset) == [
        Point(x: 0, y: 476), Point(x: 0, y: -64), Point(x: 0, y: 0), Point(x: 0, y: 0),
      ])

    // A fling down the second list brings the header back.
    let down = try await client.call(ScrollFlingParams(view: "list.view", velocity: Point(x: 0, y: 2500)))
    #expect(down.result.offset == Point(x: 0, y: -244))

    // Dragging the pager: the third page appears as soon as it shows, the second disappears when the drag settles.
    _ = try await client.call(ScrollPanParams(view: "profile.pager", phase: "began"))
    let changed = try await client.call(
      ScrollPanParams(view: "profile.pager", phase: "changed", translation: Point(x: -120, y: 0)))
    #expect(changed.result.offset == Point(x: 510, y: 0))
    #expect(
      changed.events.lifecycleLines == [
        "more.willMove(profile) R4", "more.viewWillAppear R6", "more.didMove(profile) R4",
        "more.viewIsAppearing R69", "more.viewDidAppear R7", "more.didMove(profile) R8",
      ])
    let ended = try await client.call(
      ScrollPanParams(
        view: "profile.pager", phase: "ended", translation: Point(x: -240, y: 0), velocity: Point(x: -800, y: 0)))
    #expect(ended.lifecycle(of: "list") == [.viewWillDisappear(animated: false), .viewDidDisappear(animated: false)])
    page = try await client.call(PagingGetParams(container: "profile")).result
    #expect(page.index == 2)

    let more = try await client.call(ScrollGetParams(view: "more.view")).result
    #expect(more.contentOffset == Point(x: 0, y: -244))
    #expect(more.contentInset == Insets(top: 244, left: 0, bottom: 480, right: 0))

    // A tap on the last title without animation: the grid appears inside the third page's disappearance.
    _ = try await client.call(ScrollFlingParams(view: "more.view", velocity: Point(x: 0, y: -4000)))
    let grid = try await client.call(PagingSelectParams(container: "profile", index: 3, animated: false))
    #expect(
      grid.events.lifecycleLines == [
        "more.viewWillDisappear R6", "grid.willMove(profile) R4", "grid.viewWillAppear R6",
        "grid.didMove(profile) R4", "grid.viewIsAppearing R69", "more.viewDidDisappear R7", "grid.viewDidAppear R7",
        "grid.didMove(profile) R8",
      ])
    page = try await client.call(PagingGetParams(container: "profile")).result
    #expect(page.pages.last?.contentOffset == Point(x: 0, y: -64))
    await client.close()
  }
}

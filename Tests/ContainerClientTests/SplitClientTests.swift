import ContainerClient
import Testing

/// The split view controller through the Swift client's typed calls (R39–R45): SV-2's iPad landscape, then SV-6's
/// show and hide of the primary column in portrait, read as `SplitInfo`.
@Suite struct SplitClientTests {
  @Test func anIpadSplitViewThroughTypedCalls() async throws {
    let client = try await TestDaemon.launch()
    _ = try await client.call(WindowCreateParams(id: "w", width: 1180, height: 820))
    _ = try await client.call(WindowConfigureParams(window: "w", idiom: .pad))
    _ = try await client.call(ControllerCreateParams(id: "P"))
    _ = try await client.call(ControllerCreateParams(id: "S"))
    var spec = ControllerSpec(kind: .splitViewController, id: "svc")
    var options = Engine.SplitOptions()
    options.columns = [.primary: "P", .secondary: "S"]
    options.delegate = Engine.SplitViewState.Delegate()
    spec.split = options
    _ = try await client.call(ControllerCreateParams(spec: spec))
    let shown = try await client.call(WindowSetRootParams(window: "w", controller: "svc"))
    let appeared = shown.events.map(\.description).filter { $0.contains("viewWillAppear") }
    #expect(
      appeared == [
        "svc.viewWillAppear R6", "svc-primary.viewWillAppear R10", "P.viewWillAppear R10",
        "svc-secondary.viewWillAppear R10", "S.viewWillAppear R10",
      ])
    let state = try await client.call(SplitGetParams(split: "svc")).result
    #expect(!state.isCollapsed && state.visibleColumns == ["primary", "secondary"])
    #expect(state.wrapper("secondary") == "svc-secondary" && state.controller("secondary") == "S")
    #expect(state.presentsWithGesture && state.displayModeButtonVisible && state.pending("primary") == nil)
    let column = try await client.call(SplitViewControllerParams(split: "svc", column: .primary)).result
    #expect(column.controller == "P" && column.wrapper == "svc-primary")
    _ = try await client.call(WindowResizeParams(window: "w", width: 820, height: 1180))
    #expect(try await client.call(SplitShowParams(split: "svc", column: .primary)).result.ignored == false)
    #expect(try await client.call(SplitHideParams(split: "svc", column: .secondary)).result.ignored == true)
    _ = try await client.call(ControllerCreateParams(id: "D"))
    let detail = try await client.call(SplitShowDetailParams(split: "svc", controller: "D", animated: false))
    #expect(detail.result.how == "pushed")
  }
}

import ContainerEngine
import Testing

/// The containment callbacks of a split view controller's column changes (R4, R39–R44): one willMove/didMove pair per
/// parent for each controller, when a column is emptied or set, and for the controllers that move between the columns'
/// navigation stacks as the split view controller collapses and expands.
@Suite struct SplitContainmentTests {
  /// An iPad window `win` (1180×820) showing a double-column `svc` with P and S (wrapped in `svc-primary`,
  /// `svc-secondary`) and a delegate.
  private func shown(_ harness: EngineHarness) throws -> (ControllerNode, ViewNode) {
    let window = try harness.engine.createWindow(id: "win", width: 1180, height: 820, safeArea: nil, idiom: .pad)
    try harness.controller("P")
    try harness.controller("S")
    var spec = ControllerSpec(kind: .splitViewController, id: "svc")
    var options = Engine.SplitOptions()
    options.columns = [.primary: "P", .secondary: "S"]
    options.delegate = Engine.SplitViewState.Delegate()
    spec.split = options
    let svc = try harness.make(spec).0
    try harness.show(svc, in: window)
    return (svc, window)
  }

  /// The move, appearance and delegate lines (no layout, geometry, size or trait callbacks).
  private func moves(_ lines: [String]) -> [String] {
    lines.filter {
      ($0.contains("Move") || $0.contains("Appear") || $0.contains("Disappear") || $0.contains("Column")
        || $0.contains("Collapse") || $0.contains("Expand") || $0.contains("completion"))
        && !$0.contains("viewIsAppearing")
    }
  }

  /// Item SV-4's null first (R39, R40, R4): emptying the secondary column takes its wrapper out with one
  /// willMove(nil)/didMove(nil) pair around the split view controller's own disappearance of it (no re-delivered
  /// didMove, R8 being window-driven only); setting X then wraps it and brings the new wrapper in, didMove(svc) after
  /// the appearance.
  @Test func emptyingAndSettingAColumnSendOnePairEach() throws {
    let harness = EngineHarness()
    let (svc, _) = try shown(harness)
    let empty = try harness.turn { engine throws(EngineError) in
      try engine.setViewController(nil, for: .secondary, of: svc)
    }
    #expect(
      moves(empty) == [
        "svc-secondary.willMove(nil) R4", "svc-secondary.viewWillDisappear R40", "S.viewWillDisappear R10",
        "svc-secondary.viewDidDisappear R40", "S.viewDidDisappear R10", "svc-secondary.didMove(nil) R4",
      ])
    let x = try harness.controller("X")
    let set = try harness.turn { engine throws(EngineError) in
      try engine.setViewController(x, for: .secondary, of: svc)
    }
    #expect(
      moves(set) == [
        "X.willMove(svc-secondary-2) R39", "svc-secondary-2.willMove(svc) R39", "svc-secondary-2.viewWillAppear R40",
        "X.viewWillAppear R10", "svc-secondary-2.viewDidAppear R40", "X.viewDidAppear R10",
        "X.didMove(svc-secondary-2) R20", "svc-secondary-2.didMove(svc) R39",
      ])
  }

  /// R42 (collapse, [INF] on the callbacks): shrinking to 375 pt without a compact column moves S from its wrapper
  /// onto the primary's navigation controller — willMove(nil), didMove(nil), willMove(svc-primary) before the
  /// appearance callbacks, didMove(svc-primary) after them, before didCollapse. S stays on screen (no appearance
  /// callback); its old wrapper and P (now covered) disappear.
  @Test func collapseMovesTheSecondaryStack() throws {
    let harness = EngineHarness()
    let (_, window) = try shown(harness)
    harness.subscribe(.completion)
    let collapse = try harness.turn { engine throws(EngineError) in
      try engine.resizeWindow(window, width: 375, height: 820, safeArea: nil, animated: false)
    }
    #expect(
      moves(collapse) == [
        "svc.topColumnForCollapsing(proposed: secondary) → secondary R41", "svc.willHideColumn(column: primary) R42",
        "S.willMove(nil) R42", "S.didMove(nil) R42", "S.willMove(svc-primary) R42",
        "svc-secondary.viewWillDisappear R42", "P.viewWillDisappear R42", "svc-secondary.viewDidDisappear R42",
        "P.viewDidDisappear R42", "S.didMove(svc-primary) R42", "svc.didCollapse() R42", "svc.completion(resize) R66",
      ])
    #expect(try harness.engine.controller("svc-primary").children.map(\.id) == ["P", "S"])
  }

  /// R42 (expansion, mirrored): a controller pushed onto the merged stack while collapsed (D, by showDetail, R45) goes
  /// back with S to the secondary's wrapper, each with its own pair, in stack order; didMove(svc-secondary) after the
  /// appearance callbacks, before didExpand.
  @Test func expandMovesThePushedControllersBack() throws {
    let harness = EngineHarness()
    let (svc, window) = try shown(harness)
    harness.subscribe(.completion)
    try harness.turn { engine throws(EngineError) in
      try engine.resizeWindow(window, width: 375, height: 820, safeArea: nil, animated: false)
    }
    let d = try harness.controller("D")
    try harness.turn { engine throws(EngineError) in _ = try engine.showDetail(d, of: svc, animated: false) }
    let expand = try harness.turn { engine throws(EngineError) in
      try engine.resizeWindow(window, width: 1180, height: 820, safeArea: nil, animated: false)
    }
    #expect(
      moves(expand) == [
        "svc.displayModeForExpanding(proposed: oneBesideSecondary) → oneBesideSecondary R42",
        "svc.willShowColumn(column: primary) R42", "S.willMove(nil) R42", "S.didMove(nil) R42",
        "S.willMove(svc-secondary) R42", "D.willMove(nil) R42", "D.didMove(nil) R42", "D.willMove(svc-secondary) R42",
        "P.viewWillAppear R42", "svc-secondary.viewWillAppear R42", "P.viewDidAppear R42",
        "svc-secondary.viewDidAppear R42", "S.didMove(svc-secondary) R42", "D.didMove(svc-secondary) R42",
        "svc.didExpand() R42", "svc.completion(resize) R66",
      ])
    #expect(try harness.engine.controller("svc-secondary").children.map(\.id) == ["S", "D"])
  }
}

/// `setViewController(_:for:)` while collapsed into one stack (R39, R42): the new controller waits for the expansion.
@Suite struct SplitCollapsedSetTests {
  private func moves(_ lines: [String]) -> [String] {
    lines.filter {
      ($0.contains("Move") || $0.contains("Appear") || $0.contains("Disappear") || $0.contains("Column")
        || $0.contains("Collapse") || $0.contains("Expand") || $0.contains("completion"))
        && !$0.contains("viewIsAppearing")
    }
  }

  /// On an iPad window 375 pt wide the split view controller is collapsed into [P, S] (svc-primary). Setting X for the
  /// primary column wraps it at once (X.willMove(svc-primary-2)) and changes nothing on screen; viewController(for:)
  /// answers X. Widening to 1180 pt expands: S goes back to its wrapper (R42's moves), the old primary wrapper leaves
  /// (willMove(nil) now, its disappearance with the expansion, didMove(nil) at the end) and X's wrapper joins and
  /// appears with the secondary, didMove(svc) at the end, before didExpand. S stays on screen.
  @Test func primarySetWhileCollapsedIsShownAfterExpanding() throws {
    let harness = EngineHarness()
    let window = try harness.engine.createWindow(id: "win", width: 375, height: 820, safeArea: nil, idiom: .pad)
    try harness.controller("P")
    try harness.controller("S")
    var spec = ControllerSpec(kind: .splitViewController, id: "svc")
    var options = Engine.SplitOptions()
    options.columns = [.primary: "P", .secondary: "S"]
    options.delegate = Engine.SplitViewState.Delegate()
    spec.split = options
    let svc = try harness.make(spec).0
    try harness.show(svc, in: window)
    harness.subscribe(.completion)
    let x = try harness.controller("X")
    let set = try harness.turn { engine throws(EngineError) in
      try engine.setViewController(x, for: .primary, of: svc)
    }
    #expect(moves(set) == ["X.willMove(svc-primary-2) R39"])
    #expect(try harness.engine.viewController(for: .primary, of: svc)?.id == "X")
    #expect(try harness.engine.wrapper(for: .primary, of: svc)?.id == "svc-primary-2")
    #expect(svc.children.map(\.id) == ["svc-primary", "svc-secondary"])
    let expand = try harness.turn { engine throws(EngineError) in
      try engine.resizeWindow(window, width: 1180, height: 820, safeArea: nil, animated: false)
    }
    #expect(
      moves(expand) == [
        "svc.displayModeForExpanding(proposed: oneBesideSecondary) → oneBesideSecondary R42",
        "svc.willShowColumn(column: primary) R42", "S.willMove(nil) R42", "S.didMove(nil) R42",
        "S.willMove(svc-secondary) R42", "svc-primary.willMove(nil) R39", "svc-primary-2.willMove(svc) R39",
        "svc-primary.viewWillDisappear R42", "svc-primary-2.viewWillAppear R42", "X.viewWillAppear R10",
        "svc-secondary.viewWillAppear R42", "svc-primary.viewDidDisappear R42", "svc-primary-2.viewDidAppear R42",
        "X.viewDidAppear R10", "X.didMove(svc-primary-2) R20", "svc-secondary.viewDidAppear R42",
        "svc-primary.didMove(nil) R39", "S.didMove(svc-secondary) R42", "svc-primary-2.didMove(svc) R42",
        "svc.didExpand() R42", "svc.completion(resize) R66",
      ])
    #expect(svc.children.map(\.id) == ["svc-primary-2", "svc-secondary"])
    #expect(svc.split?.visibleColumns == [.primary, .secondary])
  }
}

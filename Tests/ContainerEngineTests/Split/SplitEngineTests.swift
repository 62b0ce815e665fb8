import ContainerEngine
import Testing

/// UISplitViewController through the engine API (R39–R45): wrapping, the columns on screen, collapse and expansion,
/// show/hide, showDetail, the refusals, and that nothing held outlives the world.
@Suite struct SplitEngineTests {
  typealias Column = Engine.SplitViewState.Column

  /// A double-column split view controller `svc` with P and S (wrapped in `svc-primary`, `svc-secondary`), a delegate
  /// answering `top` (nil: the proposed column), and C as its compact column when `compact`.
  private func split(
    _ harness: EngineHarness, compact: Bool = false, top: Column? = nil,
    style: Engine.SplitViewState.Style = .doubleColumn
  ) throws -> ControllerNode {
    var ids: [Column: String] = [.primary: "P", .secondary: "S"]
    try harness.controller("P")
    try harness.controller("S")
    if style == .tripleColumn {
      try harness.controller("SUP")
      ids[.supplementary] = "SUP"
    }
    if compact {
      try harness.controller("C")
      ids[.compact] = "C"
    }
    var spec = ControllerSpec(kind: .splitViewController, id: "svc")
    var options = Engine.SplitOptions()
    options.style = style
    options.columns = ids
    options.delegate = Engine.SplitViewState.Delegate(topColumnForCollapsing: top)
    spec.split = options
    return try harness.make(spec).0
  }

  /// The appearance and delegate lines of `lines` (no viewIsAppearing, layout or move callbacks).
  private func appearance(_ lines: [String]) -> [String] {
    lines.filter {
      ($0.contains("Appear") || $0.contains("Disappear") || $0.contains("Column") || $0.contains("Collapse")
        || $0.contains("Expand") || $0.contains("collapse") || $0.contains("expand") || $0.contains("completion")
        || $0.contains("showDetail") || $0.contains("DisplayMode") || $0.contains("TransitionToSize"))
        && !$0.contains("viewIsAppearing")
    }
  }

  /// R39: plain controllers are wrapped; viewController(for:) answers the original; the children are the wrappers in
  /// column order.
  @Test func wrapping() throws {
    let harness = EngineHarness()
    let svc = try split(harness)
    let engine = harness.engine
    #expect(try engine.viewController(for: .secondary, of: svc)?.id == "S")
    #expect(try engine.wrapper(for: .secondary, of: svc)?.id == "svc-secondary")
    #expect(svc.children.map(\.id) == ["svc-primary", "svc-secondary"])
    #expect(try engine.controller("svc-primary").children.map(\.id) == ["P"])
  }

  /// SV-1: an iPhone launch collapses before the appearance callbacks; only the top of the merged stack [P, S]
  /// appears; P's view is not loaded.
  @Test func sv1PhoneLaunch() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let svc = try split(harness)
    let lines = try harness.show(svc, in: window)
    #expect(
      appearance(lines) == [
        "svc.topColumnForCollapsing(proposed: secondary) → secondary R41",
        "svc.viewWillAppear R6", "svc-primary.viewWillAppear R10", "S.viewWillAppear R10",
        "svc.viewDidAppear R7", "svc-primary.viewDidAppear R10", "S.viewDidAppear R10",
      ])
    #expect(svc.split?.isCollapsed == true)
    #expect(try harness.engine.controller("svc-primary").children.map(\.id) == ["P", "S"])
    #expect(try harness.engine.controller("P").view == nil)
    #expect(try harness.engine.viewController(for: .secondary, of: svc)?.id == "S")
  }

  /// SV-1's variant: the delegate answers primary: only P appears, S gets nothing.
  @Test func sv1DelegatePrimary() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let svc = try split(harness, top: .primary)
    let lines = try harness.show(svc, in: window)
    #expect(
      appearance(lines) == [
        "svc.topColumnForCollapsing(proposed: secondary) → primary R41",
        "svc.viewWillAppear R6", "svc-primary.viewWillAppear R10", "P.viewWillAppear R10",
        "svc.viewDidAppear R7", "svc-primary.viewDidAppear R10", "P.viewDidAppear R10",
      ])
    #expect(try harness.engine.controller("S").view == nil)
  }

  /// SV-2: iPad landscape: both columns appear, primary first; no delegate call; not collapsed.
  @Test func sv2PadLandscape() throws {
    let harness = EngineHarness()
    let window = try harness.engine.createWindow(id: "win", width: 1180, height: 820, safeArea: nil, idiom: .pad)
    let svc = try split(harness)
    let lines = try harness.show(svc, in: window)
    #expect(
      appearance(lines) == [
        "svc.viewWillAppear R6", "svc-primary.viewWillAppear R10", "P.viewWillAppear R10",
        "svc-secondary.viewWillAppear R10", "S.viewWillAppear R10",
        "svc.viewDidAppear R7", "svc-primary.viewDidAppear R10", "P.viewDidAppear R10",
        "svc-secondary.viewDidAppear R10", "S.viewDidAppear R10",
      ])
    #expect(svc.split?.isCollapsed == false)
    #expect(svc.split?.displayMode == .oneBesideSecondary)
  }

  /// SV-3: from SV-2 with a compact column, a resize to 375 pt: the size callbacks, the collapse's delegate calls,
  /// the will callbacks, then after the animation the did callbacks and didCollapse.
  @Test func sv3ShrinkToCompact() throws {
    let harness = EngineHarness()
    let window = try harness.engine.createWindow(id: "win", width: 1180, height: 820, safeArea: nil, idiom: .pad)
    let svc = try split(harness, compact: true, top: .compact)
    try harness.show(svc, in: window)
    harness.engine.clock.mode = .manual
    harness.subscribe(.completion)
    let lines = try harness.turn { engine throws(EngineError) in
      try engine.resizeWindow(window, width: 375, height: 820, safeArea: nil, animated: true)
    }
    #expect(
      appearance(lines) == [
        "svc.viewWillTransitionToSize R60", "svc-primary.viewWillTransitionToSize R60",
        "P.viewWillTransitionToSize R60", "svc-secondary.viewWillTransitionToSize R60",
        "S.viewWillTransitionToSize R60", "C.viewWillTransitionToSize R60",
        "svc.topColumnForCollapsing(proposed: secondary) → compact R41",
        "svc.willHideColumn(column: primary) R42", "svc.willHideColumn(column: secondary) R42",
        "svc-primary.viewWillDisappear R42", "P.viewWillDisappear R10", "svc-secondary.viewWillDisappear R42",
        "S.viewWillDisappear R10", "C.viewWillAppear R42",
      ])
    #expect(svc.split?.isCollapsed == false)
    let end = appearance(harness.advance(400).compactMap(EngineHarness.describe))
    #expect(
      end == [
        "svc-primary.viewDidDisappear R42", "P.viewDidDisappear R10", "svc-secondary.viewDidDisappear R42",
        "S.viewDidDisappear R10", "C.viewDidAppear R42", "svc.didCollapse() R42", "svc.completion(resize) R66",
      ])
    #expect(svc.split?.isCollapsed == true)
  }

  /// SV-3 back: the expansion mirrors it (displayModeForExpanding, willShow, the callbacks, didExpand).
  @Test func expandBack() throws {
    let harness = EngineHarness()
    let window = try harness.engine.createWindow(id: "win", width: 1180, height: 820, safeArea: nil, idiom: .pad)
    let svc = try split(harness)
    try harness.show(svc, in: window)
    harness.subscribe(.completion)
    try harness.turn { engine throws(EngineError) in
      try engine.resizeWindow(window, width: 375, height: 820, safeArea: nil, animated: false)
    }
    #expect(try harness.engine.controller("svc-primary").children.map(\.id) == ["P", "S"])
    let lines = try harness.turn { engine throws(EngineError) in
      try engine.resizeWindow(window, width: 1180, height: 820, safeArea: nil, animated: false)
    }
    #expect(
      appearance(lines).filter { !$0.contains("TransitionToSize") } == [
        "svc.displayModeForExpanding(proposed: oneBesideSecondary) → oneBesideSecondary R42",
        "svc.willShowColumn(column: primary) R42",
        "P.viewWillAppear R42", "svc-secondary.viewWillAppear R42",
        "P.viewDidAppear R42", "svc-secondary.viewDidAppear R42", "svc.didExpand() R42",
        "svc.completion(resize) R66",
      ])
    #expect(try harness.engine.controller("svc-primary").children.map(\.id) == ["P"])
    #expect(try harness.engine.controller("svc-secondary").children.map(\.id) == ["S"])
    #expect(svc.split?.isCollapsed == false)
  }

  /// SV-4: a plain controller for the secondary column while expanded is pushed onto its wrapper (R44); with null
  /// first, the wrapper leaves and X gets a fresh one.
  @Test func sv4PushQuirk() throws {
    let harness = EngineHarness()
    let window = try harness.engine.createWindow(id: "win", width: 1180, height: 820, safeArea: nil, idiom: .pad)
    let svc = try split(harness)
    try harness.show(svc, in: window)
    let x = try harness.controller("X")
    let lines = try harness.turn { engine throws(EngineError) in
      try engine.setViewController(x, for: .secondary, of: svc)
    }
    #expect(
      appearance(lines) == [
        "S.viewWillDisappear R19", "X.viewWillAppear R19", "S.viewDidDisappear R19", "X.viewDidAppear R19",
      ])
    #expect(try harness.engine.controller("svc-secondary").children.map(\.id) == ["S", "X"])
  }

  /// SV-6: show(primary) in secondaryOnly (iPad portrait, overlay): willShow, P appears (animated), the completion;
  /// hide mirrors it; hide(secondary) is ignored.
  @Test func sv6ShowPrimary() throws {
    let harness = EngineHarness()
    let window = try harness.engine.createWindow(id: "win", width: 820, height: 1180, safeArea: nil, idiom: .pad)
    let svc = try split(harness)
    try harness.show(svc, in: window)
    harness.engine.clock.mode = .manual
    harness.subscribe(.completion)
    #expect(svc.split?.displayMode == .secondaryOnly)
    let lines = try harness.turn { engine throws(EngineError) in
      #expect(try engine.showColumn(.primary, of: svc, animated: true) == false)
    }
    #expect(
      appearance(lines) == [
        "svc.willChangeToDisplayMode(displayMode: oneOverSecondary) R43", "svc.willShowColumn(column: primary) R43",
        "svc-primary.viewWillAppear R43", "P.viewWillAppear R10",
      ])
    let end = appearance(harness.advance(400).compactMap(EngineHarness.describe))
    #expect(end == ["svc-primary.viewDidAppear R43", "P.viewDidAppear R10", "svc.completion(showColumn) R43"])
    let ignored = try harness.turn { engine throws(EngineError) in
      #expect(try engine.hideColumn(.secondary, of: svc, animated: true) == true)
    }
    #expect(ignored.isEmpty)
    let hide = try harness.turn { engine throws(EngineError) in
      #expect(try engine.hideColumn(.primary, of: svc, animated: false) == false)
    }
    #expect(
      appearance(hide) == [
        "svc.willChangeToDisplayMode(displayMode: secondaryOnly) R43", "svc.willHideColumn(column: primary) R43",
        "svc-primary.viewWillDisappear R43", "P.viewWillDisappear R10", "svc-primary.viewDidDisappear R43",
        "P.viewDidDisappear R10", "svc.completion(hideColumn) R43",
      ])
  }

  /// SV-5: showDetail while collapsed without a compact column: the navigation controller pushes D.
  @Test func sv5ShowDetailCollapsed() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let svc = try split(harness)
    try harness.show(svc, in: window)
    let d = try harness.controller("D")
    var how: Engine.SplitShowOutcome?
    let lines = try harness.turn { engine throws(EngineError) in
      how = try engine.showDetail(d, of: svc, animated: false)
    }
    #expect(how == .pushed)
    #expect(
      appearance(lines) == [
        "svc.showDetail(viewController: D) → false R45", "S.viewWillDisappear R19", "D.viewWillAppear R19",
        "S.viewDidDisappear R19", "D.viewDidAppear R19",
      ])
  }

  /// R39/R43 refusals change nothing: a tab bar controller for the primary column, the supplementary column of a
  /// double-column split, show(compact), pushing a split view controller.
  @Test func refusals() throws {
    let harness = EngineHarness()
    let svc = try split(harness)
    let tab = try harness.tabBar("T", tabs: [try harness.controller("t1")])
    #expect(
      harness.refusal { engine throws(EngineError) in try engine.setViewController(tab, for: .primary, of: svc) }
        == "NSInvalidArgumentException: You can't assign a UITabBarController to the primary or supplementary columns.")
    #expect(
      harness.refusal { engine throws(EngineError) in
        try engine.setViewController(tab, for: .supplementary, of: svc)
      }?.contains("no supplementary column") == true)
    #expect(
      harness.refusal { engine throws(EngineError) in try engine.showColumn(.compact, of: svc, animated: true) }?
        .contains("compact") == true)
    let nav = try harness.navigation("N", root: try harness.controller("r")).0
    #expect(
      harness.refusal { engine throws(EngineError) in try engine.push(svc, on: nav, animated: false) }
        == "NSInvalidArgumentException: You can't push a split view controller onto a navigation stack.")
  }

  /// Nothing the split view controller holds outlives world/reset.
  @Test func releasedAtReset() throws {
    let harness = EngineHarness()
    weak var weakP: ControllerNode?
    do {
      let window = try harness.window()
      let svc = try split(harness)
      try harness.show(svc, in: window)
      weakP = try harness.engine.controller("P")
    }
    harness.engine.reset()
    #expect(weakP == nil)
  }
}

/// Triple column (R40's open point): collapsing without a compact column merges [P, SUP, S]; expanding gives each
/// column its stack back.
@Suite struct SplitTripleColumnEngineTests {
  @Test func mergedStackAndBack() throws {
    let harness = EngineHarness()
    let window = try harness.engine.createWindow(id: "win", width: 1180, height: 820, safeArea: nil, idiom: .pad)
    for id in ["P", "SUP", "S"] { try harness.controller(id) }
    var spec = ControllerSpec(kind: .splitViewController, id: "svc")
    var options = Engine.SplitOptions()
    options.style = .tripleColumn
    options.columns = [.primary: "P", .supplementary: "SUP", .secondary: "S"]
    spec.split = options
    let svc = try harness.make(spec).0
    try harness.show(svc, in: window)
    #expect(svc.split?.visibleColumns == [.primary, .supplementary, .secondary])
    try harness.turn { engine throws(EngineError) in
      try engine.resizeWindow(window, width: 375, height: 820, safeArea: nil, animated: false)
    }
    #expect(try harness.engine.controller("svc-primary").children.map(\.id) == ["P", "SUP", "S"])
    #expect(svc.split?.isCollapsed == true)
    try harness.turn { engine throws(EngineError) in
      try engine.resizeWindow(window, width: 1180, height: 820, safeArea: nil, animated: false)
    }
    #expect(try harness.engine.controller("svc-primary").children.map(\.id) == ["P"])
    #expect(try harness.engine.controller("svc-supplementary").children.map(\.id) == ["SUP"])
    #expect(try harness.engine.controller("svc-secondary").children.map(\.id) == ["S"])
    #expect(svc.split?.isCollapsed == false)
  }
}

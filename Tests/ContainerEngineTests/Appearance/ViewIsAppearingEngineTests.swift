import ContainerEngine
import Testing

/// `viewIsAppearing(_:)` through the engine API alone (R64, R69; iOS 17+, option `viewIsAppearing`, default on):
/// called once per appearance, in the turn the appearance began, after the geometry callbacks and before the layout
/// pass reaches the view (R64's steps 4–6), whatever drives the appearance; for an animated transition before the
/// animation, whose end brings viewDidAppear; never on a disappearance.
@Suite struct ViewIsAppearingEngineTests {
  /// The appearance callbacks and R64's geometry and layout callbacks of `events`, without frame changes.
  static func callbacks(_ events: [String]) -> [String] {
    events.filter { !$0.hasPrefix("layout ") }
  }

  /// TR-3 (R64, R69): a window's new root with an embedded child — will pair parent first, the geometry callbacks
  /// (margins, then the safe area) of each, viewIsAppearing parent first, then the layout pass, then the did pair.
  @Test func theFirstAppearanceFollowsAppleTenSteps() throws {
    let harness = EngineHarness(events: [.lifecycle, .layout])
    let window = try harness.window()
    let r = try harness.controller("R")
    let c = try harness.controller("C")
    try harness.turn { engine throws(EngineError) in try engine.embed(c, in: r, container: nil, frame: nil) }
    #expect(
      Self.callbacks(try harness.show(r, in: window)) == [
        "R.viewWillAppear R6", "C.viewWillAppear R10",
        "R.viewLayoutMarginsDidChange R64", "R.viewSafeAreaInsetsDidChange R64",
        "C.viewLayoutMarginsDidChange R64", "C.viewSafeAreaInsetsDidChange R64",
        "R.viewIsAppearing R69", "C.viewIsAppearing R69",
        "R.viewWillLayoutSubviews R30", "R.viewDidLayoutSubviews R30",
        "C.viewWillLayoutSubviews R30", "C.viewDidLayoutSubviews R30",
        "R.viewDidAppear R7", "C.viewDidAppear R10",
      ])
  }

  /// R64: the geometry callbacks carry the new values: a full-screen root view of a 390×844 phone has the safe area
  /// 47/34 and margins {47, 16, 34, 16} (system minimum 16 on the sides, 0 top and bottom, plus the safe area).
  @Test func theGeometryCallbacksCarryTheNewValues() throws {
    let harness = EngineHarness(events: [.lifecycle, .layout])
    let window = try harness.window()
    let r = try harness.controller("R")
    let events = try harness.events { engine throws(EngineError) in try engine.setRoot(of: window, to: r) }
    let insets = events.compactMap { event -> Insets? in
      guard case .lifecycle(_, _, _, _, _, _, let insets, _) = event.kind else { return nil }
      return insets
    }
    #expect(
      insets == [
        Insets(top: 47, left: 16, bottom: 34, right: 16), Insets(top: 47, left: 0, bottom: 34, right: 0),
      ])
    #expect(harness.engine.layoutMargins(of: r.view!) == Insets(top: 47, left: 16, bottom: 34, right: 16))
  }

  /// R64: without `layout` recorded the geometry callbacks are not built, and viewIsAppearing still comes before the
  /// did pair, parent first.
  @Test func withoutLayoutEventsOnlyTheAppearanceCallbacks() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let parent = try harness.controller("parent")
    let child = try harness.controller("child")
    try harness.turn { engine throws(EngineError) in try engine.embed(child, in: parent, container: nil, frame: nil) }
    #expect(
      try harness.show(parent, in: window) == [
        "parent.viewWillAppear R6", "child.viewWillAppear R10", "parent.viewIsAppearing R69",
        "child.viewIsAppearing R69", "parent.viewDidAppear R7", "child.viewDidAppear R10",
      ])
  }

  /// R13, R69: a manual begin and end in one batch of app code: viewIsAppearing comes right before viewDidAppear
  /// (the fallback); R29's isMovingToParent reads as in the will and did callbacks.
  @Test func aManualBeginAndEndInOneBatchGetItBeforeTheDid() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let parent = try harness.controller("parent", forwardsAppearance: false)
    try harness.show(parent, in: window)
    let child = try harness.controller("child")
    try harness.turn { engine throws(EngineError) in try engine.embed(child, in: parent, container: nil, frame: nil) }
    let events = try harness.events { engine in
      engine.beginAppearanceTransition(child, appearing: true, animated: true)
      engine.endAppearanceTransition(child)
    }
    #expect(
      events.compactMap(EngineHarness.describe) == [
        "child.viewWillAppear R11", "child.viewIsAppearing R69", "child.viewDidAppear R13",
      ])
    #expect(EngineHarness.animated(events[1]) == true)
    #expect(EngineHarness.flags(events[1])?.isMovingToParent == true)
    #expect(EngineHarness.flags(events[1]) == EngineHarness.flags(events[2]))
  }

  /// R11, R69: a manual begin gets viewIsAppearing in its own turn; the later end only viewDidAppear.
  @Test func aManualBeginGetsItInItsTurn() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let parent = try harness.controller("parent", forwardsAppearance: false)
    try harness.show(parent, in: window)
    let child = try harness.controller("child")
    try harness.turn { engine throws(EngineError) in try engine.embed(child, in: parent, container: nil, frame: nil) }
    #expect(
      try harness.turn { engine in engine.beginAppearanceTransition(child, appearing: true, animated: false) } == [
        "child.viewWillAppear R11", "child.viewIsAppearing R69",
      ])
    #expect(try harness.turn { engine in engine.endAppearanceTransition(child) } == ["child.viewDidAppear R13"])
  }

  /// R17, R69: in transition(from:to:) only the incoming controller gets it, in the call's turn (time 0), animated
  /// as its viewDidAppear, which comes at the animation's end.
  @Test func aTransitionGivesItToTheIncomingControllerInTheCallsTurn() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let p = try harness.controller("p")
    let a = try harness.controller("a")
    let b = try harness.controller("b")
    try harness.show(p, in: window)
    try harness.turn { engine throws(EngineError) in
      try engine.embed(a, in: p, container: nil, frame: nil)
      try engine.addChild(b, to: p)
    }
    harness.engine.clock.mode = .manual
    let events = try harness.events { engine throws(EngineError) in
      try engine.transition(in: p, from: a, to: b, duration: 0.26)
    }
    let appearing = events.filter { EngineHarness.describe($0)?.contains("viewIsAppearing") == true }
    #expect(appearing.compactMap(EngineHarness.describe) == ["b.viewIsAppearing R69"])
    #expect(appearing.map { EngineHarness.animated($0) } == [true])
    #expect(appearing.first?.time == 0)
    let end = harness.advance(300).compactMap(EngineHarness.describe)
    #expect(end.filter { $0.hasPrefix("b.") } == ["b.viewDidAppear R17"])
  }

  /// R6, R7: a disappearance never gets it, nor an appearance reversed before its end (R14).
  @Test func neverOnADisappearance() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let parent = try harness.controller("parent", forwardsAppearance: false)
    try harness.show(parent, in: window)
    let child = try harness.controller("child")
    try harness.turn { engine throws(EngineError) in try engine.embed(child, in: parent, container: nil, frame: nil) }
    #expect(
      try harness.turn { engine in
        engine.beginAppearanceTransition(child, appearing: true, animated: false)
        engine.beginAppearanceTransition(child, appearing: false, animated: false)
        engine.endAppearanceTransition(child)
      } == ["child.viewWillAppear R11", "child.viewWillDisappear R14", "child.viewDidDisappear R13"])
    #expect(
      try harness.show(try harness.controller("other"), in: window).filter { $0.hasPrefix("parent.") } == [
        "parent.viewWillDisappear R6", "parent.viewDidDisappear R7",
      ])
  }

  /// R19, R69, R64: an animated push on a manual clock — the incoming controller's viewWillAppear and viewIsAppearing
  /// in the push's turn, before its viewWillLayoutSubviews; viewDidAppear only when the 0.35 s animation ends.
  @Test func anAnimatedPushGivesItInThePushTurn() throws {
    let harness = EngineHarness(events: [.lifecycle, .layout])
    let window = try harness.window()
    let home = try harness.controller("home")
    let next = try harness.controller("next")
    let (nav, _) = try harness.navigation("nav", root: home)
    try harness.show(nav, in: window)
    harness.engine.clock.mode = .manual
    let push = Self.callbacks(
      try harness.turn { engine throws(EngineError) in try engine.push(next, on: nav, animated: true) })
    #expect(
      push.filter { $0.hasPrefix("next.") } == [
        "next.willMove(nav) R20", "next.loadView R1", "next.viewDidLoad R1", "next.viewWillAppear R19",
        "next.viewLayoutMarginsDidChange R64", "next.viewSafeAreaInsetsDidChange R64", "next.viewIsAppearing R69",
        "next.viewWillLayoutSubviews R30", "next.viewDidLayoutSubviews R30",
      ])
    #expect(!push.contains("next.viewDidAppear R19"))
    let early = harness.advance(300).compactMap(EngineHarness.describe)
    #expect(!early.contains("next.viewDidAppear R19"))
    let end = Self.callbacks(harness.advance(100).compactMap(EngineHarness.describe))
    #expect(end.filter { $0.hasPrefix("next.") } == ["next.viewDidAppear R19", "next.didMove(nav) R20"])
  }

  /// R27, R69: an animated present on a manual clock — viewIsAppearing in the present's turn; viewDidAppear at the
  /// animation's end.
  @Test func anAnimatedPresentGivesItInThePresentTurn() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let root = try harness.controller("root")
    let modal = try harness.controller("modal")
    try harness.show(root, in: window)
    harness.engine.clock.mode = .manual
    #expect(
      try harness.turn { engine throws(EngineError) in
        try engine.present(modal, from: root, style: .fullScreen, animated: true)
      } == [
        "modal.loadView R1", "modal.viewDidLoad R1", "root.viewWillDisappear R26", "modal.viewWillAppear R27",
        "modal.viewIsAppearing R69",
      ])
    let end = harness.advance(600).compactMap(EngineHarness.describe)
    #expect(end.filter { $0.hasPrefix("modal.") } == ["modal.viewDidAppear R27"])
  }

  /// R23, R24, R69: an interactive pop — the incoming controller gets viewIsAppearing in the gesture's first turn;
  /// cancelled, it gets no other (it disappears) and the top, reappearing, gets one; begun again and finished, the
  /// incoming controller gets exactly one more, for that appearance.
  @Test func oncePerAppearanceAcrossACancelledThenFinishedInteractivePop() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let home = try harness.controller("home")
    let next = try harness.controller("next")
    let (nav, _) = try harness.navigation("nav", root: home)
    try harness.show(nav, in: window)
    try harness.turn { engine throws(EngineError) in try engine.push(next, on: nav, animated: false) }
    var all: [String] = []
    let begin = try harness.turn { engine throws(EngineError) in try engine.beginInteractivePop(nav) }
    #expect(begin.suffix(3) == ["next.viewWillDisappear R23", "home.viewWillAppear R23", "home.viewIsAppearing R69"])
    all += begin
    all += try harness.turn { engine throws(EngineError) in try engine.cancelInteractivePop(nav) }
    all += try harness.turn { engine throws(EngineError) in try engine.beginInteractivePop(nav) }
    all += try harness.turn { engine throws(EngineError) in try engine.finishInteractivePop(nav) }
    #expect(
      all.filter { $0.contains("Appear") || $0.contains("Disappear") } == [
        "next.viewWillDisappear R23", "home.viewWillAppear R23", "home.viewIsAppearing R69",
        "home.viewWillDisappear R24", "home.viewDidDisappear R24", "next.viewWillAppear R24",
        "next.viewIsAppearing R69", "next.viewDidAppear R24",
        "next.viewWillDisappear R23", "home.viewWillAppear R23", "home.viewIsAppearing R69",
        "next.viewDidDisappear R23", "home.viewDidAppear R23",
      ])
  }

  /// R25, R69: a tab switch gives it to the incoming tab in the switch's turn, before its viewDidAppear.
  @Test func aTabSwitchGivesItToTheIncomingTab() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let (a, b) = (try harness.controller("a"), try harness.controller("b"))
    let tabs = try harness.tabBar("tabs", tabs: [a, b])
    try harness.show(tabs, in: window)
    let trace = try harness.turn { engine throws(EngineError) in try engine.selectTab(b, in: tabs) }
    #expect(
      trace.filter { $0.contains("Appear") || $0.contains("Disappear") } == [
        "b.viewWillAppear R25", "a.viewWillDisappear R25", "b.viewIsAppearing R69", "a.viewDidDisappear R25",
        "b.viewDidAppear R25",
      ])
  }

  /// Option `viewIsAppearing` off (before iOS 17): never called.
  @Test func theOptionOffCallsItNever() throws {
    let harness = EngineHarness(viewIsAppearing: false)
    let window = try harness.window()
    let parent = try harness.controller("parent")
    try harness.show(parent, in: window)
    let child = try harness.controller("child")
    #expect(
      try harness.turn { engine throws(EngineError) in try engine.embed(child, in: parent, container: nil, frame: nil) }
        == [
          "child.willMove(parent) R4", "child.loadView R1", "child.viewDidLoad R1", "child.viewWillAppear R6",
          "child.didMove(parent) R4", "child.viewDidAppear R7", "child.didMove(parent) R8",
        ])
  }
}

/// R69 on the paths the suite above leaves out: a non-animated pop, a view added with `layoutIfNeeded` in the same
/// turn, and a page selected in a paging container.
@Suite struct ViewIsAppearingPathsEngineTests {
  /// R18, R19, R69: a non-animated pop completes inside the navigation controller's layout pass, before any layout
  /// reaches the incoming view (Engine.md, "R18 + R30"), so the controller below gets viewIsAppearing right before
  /// its viewDidAppear (the fallback: still after viewWillAppear, before any layout of its view) [INF].
  @Test func aPopGivesItToTheControllerBelow() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let home = try harness.controller("home")
    let next = try harness.controller("next")
    let (nav, _) = try harness.navigation("nav", root: home)
    try harness.show(nav, in: window)
    try harness.turn { engine throws(EngineError) in try engine.push(next, on: nav, animated: false) }
    let pop = try harness.turn { engine throws(EngineError) in _ = try engine.pop(nav, animated: false) }
    #expect(
      pop.filter { $0.contains("Appear") || $0.contains("Disappear") } == [
        "next.viewWillDisappear R19", "home.viewWillAppear R19", "home.viewIsAppearing R69",
        "next.viewDidDisappear R19", "home.viewDidAppear R19",
      ])
  }

  /// R19, R64, R69: a push without animation completes inside the navigation controller's layout pass, but the
  /// incoming controller is on screen first: its geometry callbacks and viewIsAppearing come before the outgoing
  /// controller's viewDidDisappear, then the did pair and the didMove.
  @Test func aPushWithoutAnimationGivesItBeforeTheOutgoingDidDisappear() throws {
    let harness = EngineHarness(events: [.lifecycle, .layout])
    let window = try harness.window()
    let home = try harness.controller("home")
    let next = try harness.controller("next")
    let (nav, _) = try harness.navigation("nav", root: home)
    try harness.show(nav, in: window)
    let push = ViewIsAppearingEngineTests.callbacks(
      try harness.turn { engine throws(EngineError) in try engine.push(next, on: nav, animated: false) })
    #expect(
      push.filter { !$0.hasPrefix("nav.") && !$0.contains("LayoutSubviews") } == [
        "next.willMove(nav) R20", "next.loadView R1", "next.viewDidLoad R1", "home.viewWillDisappear R19",
        "next.viewWillAppear R19", "next.viewLayoutMarginsDidChange R64",
        "next.viewSafeAreaInsetsDidChange R64", "next.viewIsAppearing R69", "home.viewDidDisappear R19",
        "next.viewDidAppear R19", "next.didMove(nav) R20",
      ])
  }

  /// R6, R30, R69: a child's view added and laid out at once (`layoutIfNeeded`) in one turn — its geometry step and
  /// viewIsAppearing still come before its viewWillLayoutSubviews.
  @Test func layoutIfNeededInTheSameTurnKeepsTheOrder() throws {
    let harness = EngineHarness(events: [.lifecycle, .layout])
    let window = try harness.window()
    let parent = try harness.controller("parent")
    try harness.show(parent, in: window)
    let child = try harness.controller("child")
    let trace = try harness.turn { engine throws(EngineError) in
      try engine.embed(child, in: parent, container: nil, frame: nil)
      try engine.layoutIfNeeded(.root(parent))
    }.filter { $0.hasPrefix("child.view") && !$0.contains("Load") }
    #expect(
      trace == [
        "child.viewWillAppear R6", "child.viewLayoutMarginsDidChange R64", "child.viewSafeAreaInsetsDidChange R64",
        "child.viewIsAppearing R69", "child.viewWillLayoutSubviews R30", "child.viewDidLayoutSubviews R30",
        "child.viewDidAppear R7",
      ])
  }

  /// R6, R69: a paging container's page selection — the incoming page gets viewIsAppearing before the outgoing
  /// page's viewDidDisappear.
  @Test func aPageSelectionGivesItToTheIncomingPage() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let (a, b) = (try harness.controller("a"), try harness.controller("b"))
    let container = try harness.pagingContainer("pc", headerHeight: 100, pages: [a, b])
    try harness.show(container, in: window)
    let trace = try harness.turn { engine throws(EngineError) in
      try engine.selectPage(container, index: 1, animated: false)
    }
    #expect(
      trace.filter { $0.contains("Appear") || $0.contains("Disappear") } == [
        "a.viewWillDisappear R6", "b.viewWillAppear R6", "b.viewIsAppearing R69", "a.viewDidDisappear R7",
        "b.viewDidAppear R7",
      ])
  }
}

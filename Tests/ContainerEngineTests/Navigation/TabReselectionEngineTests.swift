import ContainerEngine
import Testing

/// R71: a tab bar controller's `viewControllers` setter reselects; and the selection made while the tab bar
/// controller is off screen is the one reported and shown (R25, R3).
@Suite struct TabReselectionEngineTests {
  /// `tabs` (feed, me, more) as the root of a shown window, `me` (index 1) selected.
  private func shownTabs() throws -> (EngineHarness, tabs: ControllerNode, [ControllerNode]) {
    let harness = EngineHarness(viewIsAppearing: false)
    let window = try harness.window()
    let tabsList = try harness.controllers("feed", "me", "more")
    let tabs = try harness.tabBar("tabs", tabs: tabsList)
    try harness.show(tabs, in: window)
    try harness.turn { engine throws(EngineError) in try engine.selectTab(tabsList[1], in: tabs) }
    return (harness, tabs, tabsList)
  }

  /// R71: the selection still listed stays selected at its new index; nothing appears or disappears.
  @Test func aListedSelectionIsKeptAtItsNewIndex() throws {
    let (harness, tabs, list) = try shownTabs()
    let extra = try harness.controller("extra")
    let events = try harness.turn { engine throws(EngineError) in
      try engine.setTabs([extra, list[2], list[0], list[1]], of: tabs)
    }
    #expect(events == ["extra.willMove(tabs) R4", "extra.didMove(tabs) R4"])
    #expect(harness.engine.selectedTab(of: tabs) === list[1])
    #expect(harness.engine.selectedTabIndex(of: tabs) == 3)
  }

  /// R71: the selection removed: the controller at the same index is selected, with R25's switch.
  @Test func aRemovedSelectionGivesWayToTheSameIndex() throws {
    let (harness, tabs, list) = try shownTabs()
    let extra = try harness.controller("extra")
    let events = try harness.turn { engine throws(EngineError) in
      try engine.setTabs([list[0], extra, list[2]], of: tabs)
    }
    #expect(
      events == [
        "me.willMove(nil) R4", "me.didMove(nil) R4", "extra.willMove(tabs) R4", "extra.didMove(tabs) R4",
        "extra.loadView R1", "extra.viewDidLoad R1", "extra.viewWillAppear R25", "me.viewWillDisappear R25",
        "me.viewDidDisappear R25", "extra.viewDidAppear R25",
      ])
    #expect(harness.engine.selectedTab(of: tabs) === extra)
    #expect(harness.engine.selectedTabIndex(of: tabs) == 1)
    #expect(extra.view?.superview === tabs.view)
    #expect(list[1].view?.superview == nil)
  }

  /// R71: the selection removed and its index past the end of the new list: the first tab is selected.
  @Test func anIndexPastTheEndSelectsTheFirst() throws {
    let (harness, tabs, list) = try shownTabs()
    let events = try harness.turn { engine throws(EngineError) in try engine.setTabs([list[2]], of: tabs) }
    #expect(
      events == [
        "feed.willMove(nil) R4", "feed.didMove(nil) R4", "me.willMove(nil) R4", "me.didMove(nil) R4",
        "more.loadView R1", "more.viewDidLoad R1", "more.viewWillAppear R25", "me.viewWillDisappear R25",
        "me.viewDidDisappear R25", "more.viewDidAppear R25",
      ])
    #expect(harness.engine.selectedTabIndex(of: tabs) == 0)
  }

  /// R71 off screen: only the selection changes (no appearance callback); the tab chosen is the one installed when
  /// the tab bar controller appears (R3).
  @Test func offScreenOnlyTheSelectionChanges() throws {
    let harness = EngineHarness(viewIsAppearing: false)
    let window = try harness.window()
    let list = try harness.controllers("feed", "me", "more")
    let tabs = try harness.tabBar("tabs", tabs: list)
    try harness.turn { engine throws(EngineError) in try engine.selectTab(list[1], in: tabs) }
    let extra = try harness.controller("extra")
    let events = try harness.turn { engine throws(EngineError) in
      try engine.setTabs([list[0], extra, list[2]], of: tabs)
    }
    #expect(
      events == ["me.willMove(nil) R4", "me.didMove(nil) R4", "extra.willMove(tabs) R4", "extra.didMove(tabs) R4"])
    #expect(harness.engine.selectedTabIndex(of: tabs) == 1)
    let shown = try harness.show(tabs, in: window)
    #expect(
      shown.filter { $0.contains("ppear") } == [
        "tabs.viewWillAppear R6", "extra.viewWillAppear R10", "tabs.viewDidAppear R7", "extra.viewDidAppear R10",
      ])
  }

  /// R25 + R3: a tab selected while the tab bar controller is in no window is the selection reported, and the one
  /// that appears with it (not the first tab).
  @Test func aTabSelectedOffScreenIsReportedAndShown() throws {
    let harness = EngineHarness(viewIsAppearing: false)
    let window = try harness.window()
    let list = try harness.controllers("a", "b", "c")
    let tabs = try harness.tabBar("tabs", tabs: list)
    #expect(try harness.turn { engine throws(EngineError) in try engine.selectTab(list[2], in: tabs) } == [])
    #expect(harness.engine.selectedTab(of: tabs) === list[2])
    #expect(harness.engine.selectedTabIndex(of: tabs) == 2)
    let shown = try harness.show(tabs, in: window)
    #expect(
      shown.filter { $0.contains("ppear") } == [
        "tabs.viewWillAppear R6", "c.viewWillAppear R10", "tabs.viewDidAppear R7", "c.viewDidAppear R10",
      ])
    #expect(list[0].view == nil)
  }

  /// The same after the tab bar controller has been on screen: taken out of its window, it keeps the tab shown, and
  /// a tab selected meanwhile is reported and appears when it comes back.
  @Test func aTabSelectedAfterLeavingTheWindowIsReportedAndShown() throws {
    let (harness, tabs, list) = try shownTabs()
    try harness.turn { engine throws(EngineError) in try engine.removeFromSuperview(.root(tabs)) }
    try harness.turn { engine throws(EngineError) in try engine.selectTab(list[2], in: tabs) }
    #expect(harness.engine.selectedTabIndex(of: tabs) == 2)
    let other = try harness.window("other")
    let shown = try harness.turn { engine throws(EngineError) in
      try engine.addSubview(.root(tabs), to: .view(other), at: nil)
    }
    #expect(
      shown.filter { $0.contains("ppear") } == [
        "tabs.viewWillAppear R6", "more.viewWillAppear R10", "tabs.viewDidAppear R7", "more.viewDidAppear R10",
      ])
  }
}

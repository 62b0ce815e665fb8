import ContainerEngine
import Testing

/// UITabBarController through the engine API alone (R3, R25): the same orders the wire tier checks in
/// TabBarTests, with no JSON in between.
@Suite struct TabBarEngineTests {
  /// `tabs` (feed, me) as the root of a shown window.
  private func shownTabs() throws -> (EngineHarness, tabs: ControllerNode, feed: ControllerNode, me: ControllerNode) {
    let harness = EngineHarness(viewIsAppearing: false)
    let window = try harness.window()
    let feed = try harness.controller("feed")
    let me = try harness.controller("me")
    let tabs = try harness.controller("tabs", kind: .tabBarController)
    try harness.turn { engine throws(EngineError) in
      try engine.setTabs([feed, me], of: tabs)
      try engine.setRoot(of: window, to: tabs)
    }
    return (harness, tabs, feed, me)
  }

  /// R3: only the selected tab's view is loaded when the tab bar controller appears.
  @Test func onlyTheSelectedTabLoads() throws {
    let (_, tabs, feed, me) = try shownTabs()
    #expect(feed.view != nil)
    #expect(me.view == nil)
    #expect(me.parent === tabs)
  }

  /// R25: new.willAppear → old.willDisappear inside the setter, then old.didDisappear → new.didAppear at the end
  /// of the turn; the new tab loads first (R1).
  @Test func tabSwitchOrder() throws {
    let (harness, tabs, _, me) = try shownTabs()
    let events = try harness.turn { engine throws(EngineError) in try engine.selectTab(me, in: tabs) }
    #expect(
      events == [
        "me.loadView R1", "me.viewDidLoad R1", "me.viewWillAppear R25", "feed.viewWillDisappear R25",
        "feed.viewDidDisappear R25", "me.viewDidAppear R25",
      ])
  }

  /// R25: selecting a controller that is not a child raises NSInternalInconsistencyException and changes nothing.
  @Test func selectingANonChildIsAnException() throws {
    let (harness, tabs, feed, _) = try shownTabs()
    let stranger = try harness.controller("stranger")
    #expect(
      throws: EngineError.uikitException(
        exception: "NSInternalInconsistencyException",
        reason: "Attempting to select a view controller that isn't a child! <UIViewController: stranger>")
    ) {
      try harness.turn { engine throws(EngineError) in try engine.selectTab(stranger, in: tabs) }
    }
    #expect(harness.engine.selectedTab(of: tabs) === feed)
  }
}

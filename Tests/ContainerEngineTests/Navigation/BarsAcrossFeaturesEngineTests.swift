import ContainerEngine
import Testing

/// R68 across the other parts of issue 21: the bars and R64/R69's geometry step, and the bars and the interactive pop
/// (R24).
@Suite struct BarsAcrossFeaturesEngineTests {
  /// Each geometry callback of `events` as `controller.callback top,bottom` (the values it carries).
  private static func geometry(_ events: [EngineEvent]) -> [String] {
    events.compactMap { event in
      guard case .lifecycle(let controller, let callback, _, _, _, _, let insets, _) = event.kind, let insets else {
        return nil
      }
      return "\(controller).\(callback.rawValue) \(insets.top.compactDescription),\(insets.bottom.compactDescription)"
    }
  }

  /// R64 step 4 + R69 + R68: a navigation controller (in a tab bar controller) shown for the first time tells each
  /// controller its safe area once, before viewIsAppearing, already counting the bars (Apple, viewIsAppearing(_:):
  /// the view "has accurate trait collection and geometry information such as the view's safe area insets"): the
  /// root child 91/83, the navigation controller 47/83 — not the window's 47 (or the unplaced tab bar's 49) first and
  /// the corrected value again in the layout pass.
  @Test func theFirstAppearanceTellsTheSafeAreaWithTheBarsOnce() throws {
    let harness = EngineHarness(events: [.lifecycle, .layout])
    let window = try harness.window()
    let list = try harness.controller("list", kind: .tableViewController)
    let (nav, _) = try harness.navigation("nav", root: list)
    let tabs = try harness.tabBar("tabs", tabs: [nav])
    let events = try harness.events { engine throws(EngineError) in try engine.setRoot(of: window, to: tabs) }
    #expect(
      Self.geometry(events) == [
        "tabs.viewLayoutMarginsDidChange 47,34", "tabs.viewSafeAreaInsetsDidChange 47,34",
        "nav.viewLayoutMarginsDidChange 47,83", "nav.viewSafeAreaInsetsDidChange 47,83",
        "list.viewLayoutMarginsDidChange 91,83", "list.viewSafeAreaInsetsDidChange 91,83",
      ])
    let described = events.compactMap(EngineHarness.describe)
    let told = try #require(described.firstIndex(of: "list.viewSafeAreaInsetsDidChange R64"))
    let appearing = try #require(described.firstIndex(of: "list.viewIsAppearing R69"))
    #expect(told < appearing)
    #expect(list.view?.scroll?.contentOffset.y == -91)
  }

  /// R64 + R68: a presented navigation controller's root child is told 91 (47 + the 44 pt bar) once, before its
  /// viewIsAppearing.
  @Test func aPresentedNavigationControllerTellsItsChildItsBarOnce() throws {
    let harness = EngineHarness(events: [.lifecycle, .layout])
    let window = try harness.window()
    let home = try harness.controller("home")
    try harness.show(home, in: window)
    let page = try harness.controller("page")
    let (nav, _) = try harness.navigation("nav", root: page)
    let events = try harness.events { engine throws(EngineError) in
      try engine.present(nav, from: home, style: .fullScreen, animated: false)
    }
    #expect(
      Self.geometry(events) == [
        "nav.viewLayoutMarginsDidChange 47,34", "nav.viewSafeAreaInsetsDidChange 47,34",
        "page.viewLayoutMarginsDidChange 91,34", "page.viewSafeAreaInsetsDidChange 91,34",
      ])
  }

  /// R24 + R68 (`hidesBottomBarWhenPushed`: "the bottom bar remains hidden until the view controller is popped from
  /// the stack"): an interactive pop from a controller that hides the tab bar shows it while the gesture runs; cancelled,
  /// the controller stays on the stack, so the tab bar is hidden again and the controller's bottom inset is 34.
  @Test func aCancelledInteractivePopHidesTheTabBarAgain() throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let list = try harness.controller("list", kind: .tableViewController)
    let (nav, _) = try harness.navigation("nav", root: list)
    let tabs = try harness.tabBar("tabs", tabs: [nav])
    try harness.show(tabs, in: window)
    var spec = ControllerSpec(kind: .tableViewController, id: "detail")
    spec.bars.hidesBottomBarWhenPushed = true
    let (detail, _) = try harness.make(spec)
    try harness.turn { engine throws(EngineError) in try engine.push(detail, on: nav, animated: true) }
    _ = harness.advance(1000)
    let tabBar = try harness.engine.existingView("tabs.tabBar")
    #expect(tabBar.isHidden)
    try harness.turn { engine throws(EngineError) in try engine.beginInteractivePop(nav) }
    #expect(!tabBar.isHidden)
    try harness.turn { engine throws(EngineError) in try engine.cancelInteractivePop(nav) }
    _ = harness.advance(1000)
    #expect(nav.children.map(\.id) == ["list", "detail"])
    #expect(tabBar.isHidden)
    #expect(detail.view.map { harness.engine.adjustedContentInset(of: $0) }?.bottom == 34)
  }
}

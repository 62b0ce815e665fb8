import ContainerEngine
import Testing

/// A presentation in a tab's own context (R53–R55) stays with its tab across tab switches (R25): `T` (tab bar, the
/// window's root) with tab 0 = `N` `[A]` (a navigation controller defines a context) and tab 1 = `B`; A presents `M`.
@Suite struct TabContextEngineTests {
  private func scene(_ style: ModalPresentationStyle) throws -> (
    EngineHarness, tabs: ControllerNode, nav: ControllerNode, b: ControllerNode, m: ControllerNode
  ) {
    let harness = EngineHarness(viewIsAppearing: false)
    let window = try harness.window()
    let a = try harness.controller("A")
    let (nav, _) = try harness.navigation("N", root: a)
    let b = try harness.controller("B")
    let tabs = try harness.tabBar("T", tabs: [nav, b])
    let m = try harness.controller("M")
    try harness.show(tabs, in: window)
    try harness.turn { engine throws(EngineError) in try engine.present(m, from: a, style: style, animated: false) }
    return (harness, tabs, nav, b, m)
  }

  private func subviews(_ controller: ControllerNode) -> [String] { controller.view?.subviews.map(\.id) ?? [] }

  /// R25, R55: with `currentContext` the presented controller is what tab 0 shows: switching away gives it (not N,
  /// whose view the presentation took out) R25's disappear pair; switching back its appear pair, and its view goes
  /// back below the tab bar; N and A get nothing either way.
  @Test func aCurrentContextPresentationLeavesAndComesBackWithItsTab() throws {
    let (harness, tabs, nav, b, m) = try scene(.currentContext)
    let away = try harness.turn { engine throws(EngineError) in try engine.selectTab(b, in: tabs) }
    #expect(
      away == [
        "B.loadView R1", "B.viewDidLoad R1", "B.viewWillAppear R25", "M.viewWillDisappear R25",
        "M.viewDidDisappear R25", "B.viewDidAppear R25",
      ])
    #expect(subviews(tabs) == ["B.view", "T.tabBar"])
    let back = try harness.turn { engine throws(EngineError) in try engine.selectTab(nav, in: tabs) }
    #expect(
      back == [
        "M.viewWillAppear R25", "B.viewWillDisappear R25", "B.viewDidDisappear R25", "M.viewDidAppear R25",
      ])
    #expect(subviews(tabs) == ["M.view", "T.tabBar"])
    #expect(m.presentingViewController === nav)
  }

  /// R25, R55: with `overCurrentContext` tab 0 shows N (and A) with M over them: all three leave and come back, the
  /// tab's controller first, then what it presents; the views keep their order below the tab bar.
  @Test func anOverCurrentContextPresentationLeavesWithItsTab() throws {
    let (harness, tabs, nav, b, _) = try scene(.overCurrentContext)
    let away = try harness.turn { engine throws(EngineError) in try engine.selectTab(b, in: tabs) }
    #expect(
      away == [
        "B.loadView R1", "B.viewDidLoad R1", "B.viewWillAppear R25", "N.viewWillDisappear R25",
        "A.viewWillDisappear R10", "M.viewWillDisappear R25", "N.viewDidDisappear R25", "A.viewDidDisappear R10",
        "M.viewDidDisappear R25", "B.viewDidAppear R25",
      ])
    let back = try harness.turn { engine throws(EngineError) in try engine.selectTab(nav, in: tabs) }
    #expect(
      back == [
        "N.viewWillAppear R25", "A.viewWillAppear R10", "M.viewWillAppear R25", "B.viewWillDisappear R25",
        "B.viewDidDisappear R25", "N.viewDidAppear R25", "A.viewDidAppear R10", "M.viewDidAppear R25",
      ])
    #expect(subviews(tabs) == ["N.view", "M.view", "T.tabBar"])
  }

  /// R27, R55: dismissing a `currentContext` presentation while its tab is not selected sends nobody callbacks (M
  /// disappeared with the tab, N is not on screen) and no unbalanced-call warning; selecting the tab again shows N.
  @Test func aDismissalInAHiddenTabIsSilentAndTheTabShowsItsControllerAgain() throws {
    let (harness, tabs, nav, b, m) = try scene(.currentContext)
    harness.subscribe([.warning])
    try harness.turn { engine throws(EngineError) in try engine.selectTab(b, in: tabs) }
    let dismissal = try harness.turn { engine in engine.dismiss(m, animated: false) }
    #expect(dismissal.filter { !$0.contains(".completion(") }.isEmpty)
    #expect(nav.presentedViewController == nil)
    let back = try harness.turn { engine throws(EngineError) in try engine.selectTab(nav, in: tabs) }
    #expect(
      back == [
        "N.viewWillAppear R25", "A.viewWillAppear R10", "B.viewWillDisappear R25", "B.viewDidDisappear R25",
        "N.viewDidAppear R25", "A.viewDidAppear R10",
      ])
    #expect(subviews(tabs) == ["N.view", "T.tabBar"])
  }
}

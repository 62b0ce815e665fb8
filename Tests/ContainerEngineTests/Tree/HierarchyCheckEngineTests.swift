import ContainerEngine
import Testing

/// R72: naming a never-loaded root view loads it in every call that names it, and addChild's hierarchy check
/// (UIViewControllerHierarchyInconsistency while the child's view is still in its parent's view).
@Suite struct HierarchyCheckEngineTests {
  /// A window showing `p1` and `p2` (p2 as a parentless view inside p1's window); `c` embedded in `p1`.
  private func embeddedChild() throws -> (EngineHarness, p1: ControllerNode, p2: ControllerNode, c: ControllerNode) {
    let harness = EngineHarness(viewIsAppearing: false)
    let window = try harness.window()
    let p1 = try harness.controller("p1")
    try harness.show(p1, in: window)
    let p2 = try harness.controller("p2")
    let c = try harness.controller("c")
    try harness.turn { engine throws(EngineError) in try engine.embed(c, in: p1, container: nil, frame: nil) }
    return (harness, p1, p2, c)
  }

  static let reason =
    "UIViewControllerHierarchyInconsistency: child view controller:<UIViewController: c> should have parent view "
    + "controller:<UIViewController: p1> but requested parent is:<UIViewController: p2>"

  /// R72 (a): the common removal of a never-loaded child loads its view between the two move callbacks.
  @Test func theCommonRemovalOfANeverLoadedChildLoadsItsView() throws {
    let harness = EngineHarness(viewIsAppearing: false)
    let p = try harness.controller("p")
    let c = try harness.controller("c")
    try harness.turn { engine throws(EngineError) in
      try engine.addChild(c, to: p)
      engine.didMove(c, toParent: p)
    }
    let events = try harness.turn { engine throws(EngineError) in
      engine.willMove(c, toParent: nil)
      try engine.removeFromSuperview(.root(c))
      engine.removeFromParent(c)
    }
    #expect(events == ["c.willMove(nil) R4", "c.loadView R1", "c.viewDidLoad R1", "c.didMove(nil) R4"])
    #expect(c.view != nil)
    #expect(c.parent == nil)
  }

  /// R72 (a): `unembed` is that removal.
  @Test func unembedOfANeverLoadedChildLoadsItsView() throws {
    let harness = EngineHarness(viewIsAppearing: false)
    let p = try harness.controller("p")
    let c = try harness.controller("c")
    try harness.turn { engine throws(EngineError) in try engine.addChild(c, to: p) }
    #expect(
      try harness.turn { engine throws(EngineError) in try engine.unembed(c) } == [
        "c.willMove(nil) R4", "c.loadView R1", "c.viewDidLoad R1", "c.didMove(nil) R4",
      ])
  }

  /// R72 (a): bringSubviewToFront names the view too.
  @Test func bringSubviewToFrontLoadsANamedView() throws {
    let harness = EngineHarness(viewIsAppearing: false)
    let c = try harness.controller("c")
    #expect(
      try harness.turn { engine throws(EngineError) in try engine.bringSubviewToFront(.root(c)) } == [
        "c.loadView R1", "c.viewDidLoad R1",
      ])
  }

  /// R72 (b): addChild to another parent while the view is in the parent's view is refused, atomically.
  @Test func addChildWhileTheViewIsInTheParentsViewIsRefused() throws {
    let (harness, p1, p2, c) = try embeddedChild()
    #expect(harness.refusal { engine throws(EngineError) in try engine.addChild(c, to: p2) } == Self.reason)
    #expect(
      harness.refusal { engine throws(EngineError) in try engine.embed(c, in: p2, container: nil, frame: nil) }
        == Self.reason)
    #expect(c.parent === p1)
  }

  /// R72 (b) for every container path: push, setViewControllers, tabs (setter and create), all refused the same way.
  @Test func everyPathThatAddsAChildChecks() throws {
    let (harness, _, _, c) = try embeddedChild()
    let home = try harness.controller("home")
    let (nav, _) = try harness.navigation("nav", root: home)
    let tabs = try harness.tabBar("tabs", tabs: [try harness.controller("t0")])
    let expected = { (parent: String) in
      "UIViewControllerHierarchyInconsistency: child view controller:<UIViewController: c> should have parent view "
        + "controller:<UIViewController: p1> but requested parent is:\(parent)"
    }
    #expect(
      harness.refusal { engine throws(EngineError) in try engine.push(c, on: nav, animated: false) }
        == expected("<UINavigationController: nav>"))
    #expect(
      harness.refusal { engine throws(EngineError) in
        try engine.setViewControllers([home, c], of: nav, animated: false)
      }
        == expected("<UINavigationController: nav>"))
    #expect(
      harness.refusal { engine throws(EngineError) in try engine.setTabs([c], of: tabs) }
        == expected("<UITabBarController: tabs>"))
    var spec = ControllerSpec(kind: .tabBarController, id: "tabs2")
    spec.tabs = ["c"]
    #expect(
      harness.refusal { engine throws(EngineError) in _ = try engine.makeController(spec) }
        == expected("<UITabBarController: tabs2>"))
  }

  /// R72 (b) then R5: once the view has left the old parent's view, addChild re-parents (didMove(nil) R5, then
  /// willMove(p2) R4).
  @Test func onceTheViewHasLeftR5Applies() throws {
    let (harness, p1, p2, c) = try embeddedChild()
    #expect(
      try harness.turn { engine throws(EngineError) in try engine.removeFromSuperview(.root(c)) } == [
        "c.viewWillDisappear R6", "c.viewDidDisappear R7",
      ])
    #expect(
      try harness.turn { engine throws(EngineError) in try engine.addChild(c, to: p2) } == [
        "c.didMove(nil) R5", "c.willMove(p2) R4",
      ])
    #expect(c.parent === p2)
    #expect(p1.children.isEmpty)
  }
}

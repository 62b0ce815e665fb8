import ContainerEngine
import Testing

/// Presentation in a context through the engine API alone (R53–R56, R70), the acceptance scenarios PC-1 to PC-4 with
/// exact orders; the wire tier checks the same in PresentationContextTests. viewIsAppearing is off and completions are
/// recorded, as in PresentationEngineTests.
@Suite struct PresentationContextEngineTests {
  /// PC-1/PC-2's setup: `T` (tab bar, the window's root) with tab 0 = `N` `[A]`, A shown; `M` created.
  private struct TabNavigation {
    let harness: EngineHarness
    let window: ViewNode
    let t: ControllerNode
    let n: ControllerNode
    let a: ControllerNode
    let m: ControllerNode
  }

  private func tabNavigation() throws -> TabNavigation {
    let harness = EngineHarness(viewIsAppearing: false)
    harness.subscribe(.completion)
    let window = try harness.window()
    let a = try harness.controller("A")
    let (n, _) = try harness.navigation("N", root: a)
    let t = try harness.tabBar("T", tabs: [n])
    let m = try harness.controller("M")
    try harness.show(t, in: window)
    return TabNavigation(harness: harness, window: window, t: t, n: n, a: a, m: m)
  }

  /// PC-3's setup: `R` (a custom container, the window's root) with children `C1` (top half) and `C2` (bottom half).
  private func customContainer(c2Defines: Bool) throws -> (
    EngineHarness, r: ControllerNode, c1: ControllerNode, c2: ControllerNode, m: ControllerNode
  ) {
    let harness = EngineHarness(viewIsAppearing: false)
    harness.subscribe(.completion)
    let window = try harness.window()
    let made = try harness.controllers("R", "C1", "M")
    var spec = ControllerSpec(kind: .viewController, id: "C2")
    spec.definesPresentationContext = c2Defines
    let (c2, _) = try harness.make(spec)
    try harness.show(made[0], in: window)
    try harness.turn { engine throws(EngineError) in
      try engine.embed(made[1], in: made[0], container: nil, frame: .xywh(0, 0, 390, 422))
      try engine.embed(c2, in: made[0], container: nil, frame: .xywh(0, 422, 390, 422))
    }
    return (harness, made[0], made[1], c2, made[2])
  }

  private func short(_ events: [EngineEvent]) -> [String] {
    events.compactMap { event in
      if case .completion(_, let of, _) = event.kind { return "completion(\(of))" }
      return EngineHarness.describe(event)
    }
  }

  private func present(
    _ harness: EngineHarness, _ controller: ControllerNode, from presenter: ControllerNode,
    style: ModalPresentationStyle
  ) throws -> [String] {
    short(
      try harness.events { _ throws(EngineError) in
        try harness.present(controller, from: presenter, style: style, animated: false)
      })
  }

  private func dismiss(_ harness: EngineHarness, _ receiver: ControllerNode) throws -> [String] {
    short(try harness.events { engine in engine.dismiss(receiver, animated: false) })
  }

  /// PC-1 (R53–R55): overCurrentContext from A inside T/N: only M gets callbacks; N (which defines the context) is
  /// presentingViewController; A and N both read M as presentedViewController, T nothing; M's view has N's view's
  /// frame in window coordinates, right above it in T's view, so T's other views stay in front.
  @Test func pc1OverCurrentContextInsideTabAndNavigation() throws {
    let s = try tabNavigation()
    #expect(
      try present(s.harness, s.m, from: s.a, style: .overCurrentContext) == [
        "M.loadView R1", "M.viewDidLoad R1", "M.viewWillAppear R27", "M.viewDidAppear R27", "completion(present)",
      ])
    #expect(s.m.presentingViewController === s.n)
    #expect(s.m.presentingInHierarchy === s.n)
    #expect(s.a.presentedInHierarchy === s.m)
    #expect(s.n.presentedInHierarchy === s.m)
    #expect(s.t.presentedInHierarchy == nil)
    #expect(s.m.view?.frameInWindow == s.n.view?.frameInWindow)
    #expect(s.m.view?.superview === s.t.view)
    let tSubviews = s.t.view?.subviews.map(\.id) ?? []
    #expect(tSubviews.firstIndex(of: "M.view") == tSubviews.firstIndex(of: "N.view").map { $0 + 1 })
    #expect(s.n.view?.window === s.window)
    let info = s.harness.engine.presentationInfo(of: s.m)
    #expect(info.context == "N")
    #expect(info.style == .overCurrentContext)
    #expect(info.transitionStyle == .coverVertical)
    #expect(info.frame == s.n.view?.frameInWindow)
    // The caller dismisses what it reads as presented (UIKit's presentedViewController): M goes, nobody else moves.
    #expect(
      try dismiss(s.harness, s.a) == ["M.viewWillDisappear R27", "M.viewDidDisappear R27", "completion(dismiss)"])
    #expect(s.a.presentedInHierarchy == nil)
    #expect(s.m.view?.superview == nil)
  }

  /// PC-2 (R55, R27): currentContext from A inside T/N removes N's view: N and A (forwarded, parent first) get the
  /// disappear pair around M's appearance, T nothing; the dismissal puts N's view back under M's and mirrors it.
  @Test func pc2CurrentContextInsideTabAndNavigation() throws {
    let s = try tabNavigation()
    let nFrame = s.n.view?.frameInWindow
    #expect(
      try present(s.harness, s.m, from: s.a, style: .currentContext) == [
        "M.loadView R1", "M.viewDidLoad R1", "N.viewWillDisappear R26", "A.viewWillDisappear R10",
        "M.viewWillAppear R27", "M.viewDidAppear R27", "N.viewDidDisappear R26", "A.viewDidDisappear R10",
        "completion(present)",
      ])
    #expect(s.n.view?.window == nil)
    #expect(s.t.view?.window === s.window)
    #expect(s.m.presentingViewController === s.n)
    #expect(s.m.view?.frameInWindow == nFrame)
    #expect(s.harness.engine.presentationInfo(of: s.m).context == "N")
    #expect(
      try dismiss(s.harness, s.m) == [
        "M.viewWillDisappear R27", "N.viewWillAppear R26", "A.viewWillAppear R10", "N.viewDidAppear R26",
        "A.viewDidAppear R10", "M.viewDidDisappear R27", "completion(dismiss)",
      ])
    #expect(s.n.view?.superview === s.t.view)
    #expect(s.n.view?.frameInWindow == nFrame)
    #expect(s.m.presentingInHierarchy == nil)
    #expect(s.n.presentedInHierarchy == nil)
  }

  /// R26 unchanged: full screen from the same A is presented by the root T, which (and what it forwards to) gets the
  /// disappear pair; no context.
  @Test func fullScreenStillComesFromTheRoot() throws {
    let s = try tabNavigation()
    #expect(
      try present(s.harness, s.m, from: s.a, style: .fullScreen) == [
        "M.loadView R1", "M.viewDidLoad R1", "T.viewWillDisappear R26", "N.viewWillDisappear R10",
        "A.viewWillDisappear R10", "M.viewWillAppear R27", "M.viewDidAppear R27", "T.viewDidDisappear R26",
        "N.viewDidDisappear R10", "A.viewDidDisappear R10", "completion(present)",
      ])
    #expect(s.m.presentingViewController === s.t)
    #expect(s.harness.engine.presentationInfo(of: s.m).context == nil)
    #expect(s.m.view?.superview === s.window)
  }

  /// PC-3 (R53, R54): C2 defines the context: it presents, M takes its view's frame, only C2 gets the pair.
  @Test func pc3AChildDefinesTheContext() throws {
    let (harness, r, c1, c2, m) = try customContainer(c2Defines: true)
    #expect(
      try present(harness, m, from: c2, style: .currentContext) == [
        "M.loadView R1", "M.viewDidLoad R1", "C2.viewWillDisappear R26", "M.viewWillAppear R27",
        "M.viewDidAppear R27", "C2.viewDidDisappear R26", "completion(present)",
      ])
    #expect(m.presentingViewController === c2)
    #expect(m.view?.frameInWindow == .xywh(0, 422, 390, 422))
    #expect(c1.view?.superview === r.view)
    #expect(harness.engine.presentationInfo(of: m).context == "C2")
    #expect(harness.engine.definesPresentationContext(c2))
    #expect(!harness.engine.definesPresentationContext(r))
  }

  /// PC-3 without a definer (R53): the window's root R presents, over the whole window; R and both children get the
  /// disappear pair (R10's forwarding, in child order).
  @Test func pc3WithoutADefinerTheRootPresents() throws {
    let (harness, r, _, c2, m) = try customContainer(c2Defines: false)
    #expect(
      try present(harness, m, from: c2, style: .currentContext) == [
        "M.loadView R1", "M.viewDidLoad R1", "R.viewWillDisappear R26", "C1.viewWillDisappear R10",
        "C2.viewWillDisappear R10", "M.viewWillAppear R27", "M.viewDidAppear R27", "R.viewDidDisappear R26",
        "C1.viewDidDisappear R10", "C2.viewDidDisappear R10", "completion(present)",
      ])
    #expect(m.presentingViewController === r)
    #expect(m.view?.frameInWindow == .xywh(0, 0, 390, 844))
    #expect(harness.engine.presentationInfo(of: m).context == "R")
  }

  /// PC-4 (R56): N provides its transition style (crossDissolve): A's currentContext presentation of M (coverVertical)
  /// uses crossDissolve; M's own property is unchanged. Without the flag, or for a style with no context, M's style.
  @Test func pc4TheContextProvidesTheTransitionStyle() throws {
    let s = try tabNavigation()
    s.harness.engine.setProvidesPresentationContextTransitionStyle(s.n, true)
    s.harness.engine.setModalTransitionStyle(s.n, .crossDissolve)
    _ = try present(s.harness, s.m, from: s.a, style: .currentContext)
    #expect(s.harness.engine.presentationInfo(of: s.m).transitionStyle == .crossDissolve)
    #expect(s.m.modalTransitionStyle == .coverVertical)
    _ = try dismiss(s.harness, s.m)
    _ = try present(s.harness, s.m, from: s.a, style: .overFullScreen)
    #expect(s.harness.engine.presentationInfo(of: s.m).transitionStyle == .coverVertical)
    _ = try dismiss(s.harness, s.m)
    s.harness.engine.setProvidesPresentationContextTransitionStyle(s.n, false)
    s.harness.engine.setModalTransitionStyle(s.m, .flipHorizontal)
    _ = try present(s.harness, s.m, from: s.a, style: .overCurrentContext)
    #expect(s.harness.engine.presentationInfo(of: s.m).transitionStyle == .flipHorizontal)
  }

  /// R53's open point: a UITabBarController defines a context by default (`tabBarDefinesPresentationContext`); off,
  /// the walk goes past it to the root. A navigation controller set not to define one is passed too.
  @Test func theTabBarDefaultIsAnOption() throws {
    for (option, expected) in [(true, "T"), (false, "R")] {
      let harness = EngineHarness(viewIsAppearing: false)
      harness.engine.options.tabBarDefinesPresentationContext = option
      let window = try harness.window()
      let made = try harness.controllers("R", "A", "M")
      let (n, _) = try harness.navigation("N", root: made[1])
      harness.engine.setDefinesPresentationContext(n, false)
      let t = try harness.tabBar("T", tabs: [n])
      try harness.show(made[0], in: window)
      try harness.turn { engine throws(EngineError) in try engine.embed(t, in: made[0], container: nil, frame: nil) }
      _ = try present(harness, made[2], from: made[1], style: .overCurrentContext)
      #expect(made[2].presentingViewController?.id == expected, "option \(option)")
      #expect(harness.engine.definesPresentationContext(t) == option)
      #expect(!harness.engine.definesPresentationContext(n))
    }
  }

  /// R28 for the context controller: already presenting → the warning, nothing changes; a second context presentation
  /// from another caller in the same context is refused the same way.
  @Test func misuseIsAboutTheContextController() throws {
    let s = try tabNavigation()
    _ = try present(s.harness, s.m, from: s.a, style: .overCurrentContext)
    let x = try s.harness.controller("X")
    #expect(
      try present(s.harness, x, from: s.a, style: .currentContext) == [
        "warning: Attempt to present <UIViewController: X> on <UIViewController: A> which is already presenting "
          + "<UIViewController: M> R28"
      ])
    #expect(x.presentingViewController == nil)
    #expect(x.view == nil)
  }

  /// R28: a controller with a child that presents in its context is in a presentation chain: presenting it (here the
  /// window's root, from what its child presents) raises and changes nothing.
  @Test func presentingAControllerWhoseChildPresentsIsRefused() throws {
    let (harness, r, _, c2, m) = try customContainer(c2Defines: true)
    _ = try present(harness, m, from: c2, style: .overCurrentContext)
    #expect(
      harness.refusal { engine throws(EngineError) in
        try engine.present(r, from: m, style: .fullScreen, animated: false)
      }
        == "NSInvalidArgumentException: Application tried to present modally an active controller "
        + "<UIViewController: R>.")
  }

  /// A-dismiss with a context inside a presented controller: P (a custom container presented full screen from R) has a
  /// child C that defines a context and presents Y currentContext; dismissing P from R takes Y too (P, still shown
  /// around C's context, disappears inside Y's pair as an intermediate [INF]; C, already gone, gets nothing), and C's
  /// view goes back into P's view.
  @Test func dismissingAPresentedTreeTakesWhatItsChildrenPresent() throws {
    let (harness, r, _, _, _) = try customContainer(c2Defines: false)
    let made = try harness.controllers("P", "Y")
    var spec = ControllerSpec(kind: .viewController, id: "C")
    spec.definesPresentationContext = true
    let (c, _) = try harness.make(spec)
    _ = try present(harness, made[0], from: r, style: .fullScreen)
    try harness.turn { engine throws(EngineError) in
      try engine.embed(c, in: made[0], container: nil, frame: .xywh(0, 100, 390, 200))
    }
    #expect(
      try present(harness, made[1], from: c, style: .currentContext) == [
        "Y.loadView R1", "Y.viewDidLoad R1", "C.viewWillDisappear R26", "Y.viewWillAppear R27",
        "Y.viewDidAppear R27", "C.viewDidDisappear R26", "completion(present)",
      ])
    #expect(made[1].view?.frameInWindow == .xywh(0, 100, 390, 200))
    let dismissed = try dismiss(harness, r)
    #expect(
      dismissed == [
        "Y.viewWillDisappear R27", "P.viewWillDisappear R27", "R.viewWillAppear R26", "C1.viewWillAppear R10",
        "C2.viewWillAppear R10", "R.viewDidAppear R26", "C1.viewDidAppear R10", "C2.viewDidAppear R10",
        "P.viewDidDisappear R27", "Y.viewDidDisappear R27", "completion(dismiss)",
      ])
    #expect(c.view?.superview === made[0].view)
    for controller in [r, made[0], c, made[1]] {
      #expect(controller.presentedViewController == nil, "\(controller.id)")
      #expect(controller.presentingViewController == nil, "\(controller.id)")
    }
  }
}

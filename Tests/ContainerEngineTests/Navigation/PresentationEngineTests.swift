import ContainerEngine
import Testing

/// Modal presentation through the engine API alone (R26–R28), exact orders with completions; the
/// orders the wire tier checks in PresentationTests.
@Suite struct PresentationEngineTests {
  /// `A` shown in `win`, `M` created; viewIsAppearing off, completions recorded (the wire test's setup).
  private func shownRoot() throws -> (EngineHarness, window: ViewNode, a: ControllerNode, m: ControllerNode) {
    let harness = EngineHarness(viewIsAppearing: false)
    harness.subscribe(.completion)
    let window = try harness.window()
    let a = try harness.controller("A")
    let m = try harness.controller("M")
    try harness.show(a, in: window)
    return (harness, window, a, m)
  }

  /// Events as the wire test's `short` writes them: completions as `completion(of)`, others described.
  private func short(_ events: [EngineEvent]) -> [String] {
    events.compactMap { event in
      if case .completion(_, let of, _) = event.kind { return "completion(\(of))" }
      return EngineHarness.describe(event)
    }
  }

  private func present(
    _ harness: EngineHarness, _ controller: ControllerNode, from presenter: ControllerNode,
    style: ModalPresentationStyle, animated: Bool = false
  ) throws -> [EngineEvent] {
    try harness.events { _ throws(EngineError) in
      try harness.present(controller, from: presenter, style: style, animated: animated)
    }
  }

  private func dismiss(_ harness: EngineHarness, _ receiver: ControllerNode, animated: Bool = true) throws
    -> [EngineEvent]
  {
    try harness.events { engine in engine.dismiss(receiver, animated: animated) }
  }

  /// R26, R27 (L-cat's log): full screen removes the presenter's view, so it gets disappear callbacks; the
  /// completion comes after the presenter's viewDidDisappear; dismiss mirrors it.
  @Test func fullScreenPresentAndDismiss() throws {
    let (harness, window, a, m) = try shownRoot()
    #expect(
      short(try present(harness, m, from: a, style: .fullScreen)) == [
        "M.loadView R1", "M.viewDidLoad R1", "A.viewWillDisappear R26", "M.viewWillAppear R27", "M.viewDidAppear R27",
        "A.viewDidDisappear R26", "completion(present)",
      ])
    #expect(a.view?.window == nil)
    #expect(m.presentingInHierarchy === a)
    #expect(
      short(try dismiss(harness, m, animated: false)) == [
        "M.viewWillDisappear R27", "A.viewWillAppear R26", "A.viewDidAppear R26", "M.viewDidDisappear R27",
        "completion(dismiss)",
      ])
    #expect(a.view?.window === window)
    #expect(a.presentedInHierarchy == nil)
  }

  /// R26: a page sheet keeps the presenter's view: the presenter gets nothing. isBeingPresented / isBeingDismissed
  /// read true inside the callbacks (R29); the animated presentation ends at 500 ms; the dismissal's completion is
  /// the receiver's.
  @Test func aPageSheetLeavesThePresenterAlone() throws {
    let (harness, _, a, m) = try shownRoot()
    let shown = try present(harness, m, from: a, style: .pageSheet, animated: true)
    #expect(
      short(shown) == [
        "M.loadView R1", "M.viewDidLoad R1", "M.viewWillAppear R27", "M.viewDidAppear R27", "completion(present)",
      ])
    #expect(EngineHarness.flags(shown[2])?.isBeingPresented == true)
    #expect(shown.last?.time == 500)
    let dismissed = try dismiss(harness, a)
    #expect(short(dismissed) == ["M.viewWillDisappear R27", "M.viewDidDisappear R27", "completion(dismiss)"])
    #expect(EngineHarness.flags(dismissed[0])?.isBeingDismissed == true)
    #expect(dismissed.last?.kind == .completion(controller: "A", of: "dismiss", finished: true))
  }

  /// R28: presenting an active controller raises; presenting twice or from off screen only warns.
  @Test func misuse() throws {
    let (harness, _, a, m) = try shownRoot()
    #expect(
      harness.refusal { _ throws(EngineError) in try harness.present(a, from: a, animated: true) }
        == "NSInvalidArgumentException: Application tried to present modally an active controller "
        + "<UIViewController: A>.")
    _ = try present(harness, m, from: a, style: .pageSheet)
    let x = try harness.controller("X")
    #expect(
      short(try present(harness, x, from: a, style: .fullScreen)) == [
        "warning: Attempt to present <UIViewController: X> on <UIViewController: A> which is already presenting "
          + "<UIViewController: M> R28"
      ])
    let offscreen = try harness.controller("offscreen")
    #expect(
      short(try present(harness, x, from: offscreen, style: .fullScreen)) == [
        "warning: Attempt to present <UIViewController: X> on <UIViewController: offscreen> whose view is not in the "
          + "window hierarchy! R28"
      ])
  }

  /// R28: a dismiss while the presentation is still in progress (present and dismiss in one turn, back to back)
  /// only logs and changes nothing: the presentation completes and the presenter's view leaves the window.
  @Test func aDismissDuringThePresentationOnlyWarns() throws {
    let (harness, window, a, m) = try shownRoot()
    let events = try harness.events { engine throws(EngineError) in
      try harness.present(m, from: a, style: .fullScreen, animated: false)
      engine.dismiss(a, animated: false)
    }
    #expect(
      short(events) == [
        "M.loadView R1", "M.viewDidLoad R1", "A.viewWillDisappear R26", "M.viewWillAppear R27",
        "warning: Attempt to dismiss from view controller <UIViewController: A> while a presentation or dismiss is in "
          + "progress! R28",
        "M.viewDidAppear R27", "A.viewDidDisappear R26", "completion(present)",
      ])
    #expect(a.presentedInHierarchy === m)
    #expect(m.view?.window === window)
  }

  /// R28: the same while an animated dismissal runs (manual clock): a second dismiss and a present from the
  /// controller being dismissed only log; the first dismissal ends normally.
  @Test func aPresentOrDismissDuringTheDismissalOnlyWarns() throws {
    let (harness, _, a, m) = try shownRoot()
    _ = try present(harness, m, from: a, style: .fullScreen)
    harness.engine.clock.mode = .manual
    let x = try harness.controller("X")
    #expect(short(try dismiss(harness, m)) == ["M.viewWillDisappear R27", "A.viewWillAppear R26"])
    #expect(
      short(try dismiss(harness, a)) == [
        "warning: Attempt to dismiss from view controller <UIViewController: A> while a presentation or dismiss is in "
          + "progress! R28"
      ])
    #expect(
      short(try present(harness, x, from: m, style: .fullScreen)) == [
        "warning: Attempt to present <UIViewController: X> on <UIViewController: M> while a presentation is in "
          + "progress! R28"
      ])
    #expect(short(harness.advance(500)) == ["A.viewDidAppear R26", "M.viewDidDisappear R27", "completion(dismiss)"])
    #expect(x.presentingInHierarchy == nil)
  }

  /// A-dismiss: dismissing from the bottom of a stack of presentations (A presents M full screen, M presents Y)
  /// dismisses M and Y with no Unbalanced warning; A comes back (R26) in R27's order with the top (Y) outgoing. Y full
  /// screen: M's view was already removed, so M gets nothing; Y over full screen: M disappears inside Y's pair [INF].
  @Test(arguments: [
    (
      ModalPresentationStyle.fullScreen,
      [
        "Y.viewWillDisappear R27", "A.viewWillAppear R26", "A.viewDidAppear R26", "Y.viewDidDisappear R27",
        "completion(dismiss)",
      ]
    ),
    (
      .overFullScreen,
      [
        "Y.viewWillDisappear R27", "M.viewWillDisappear R27", "A.viewWillAppear R26", "A.viewDidAppear R26",
        "M.viewDidDisappear R27", "Y.viewDidDisappear R27", "completion(dismiss)",
      ]
    ),
  ])
  func dismissingFromTheBottomOfAStackDismissesEveryControllerAbove(
    _ topStyle: ModalPresentationStyle, _ expected: [String]
  ) throws {
    let (harness, window, a, m) = try shownRoot()
    _ = try present(harness, m, from: a, style: .fullScreen)
    let y = try harness.controller("Y")
    _ = try present(harness, y, from: m, style: topStyle)
    #expect(short(try dismiss(harness, a, animated: false)) == expected)
    for controller in [a, m, y] {
      #expect(controller.presentedInHierarchy == nil, "\(controller.id)")
      #expect(controller.presentingInHierarchy == nil, "\(controller.id)")
    }
    #expect(window.subviews.map(\.id) == ["A.view"])
  }

  /// A navigation controller inside a tab inside a presented controller: appearance goes down the containers (R10),
  /// the presentation getters look up the hierarchy, and a push inside the presented tree follows R19.
  @Test func navigationInATabInAPresentedController() throws {
    let (harness, _, a, _) = try shownRoot()
    let made = try harness.controllers("home", "detail", "other", "other2")
    let (home, detail, other, other2) = (made[0], made[1], made[2], made[3])
    let (nav, _) = try harness.navigation("nav", root: home)
    let tabs = try harness.tabBar("tabs", tabs: [nav, other])
    let shown = try harness.turn { _ throws(EngineError) in
      try harness.present(tabs, from: a, animated: false)
    }
    #expect(
      shown.filter { $0.contains("ppear") } == [
        "tabs.viewWillAppear R27", "nav.viewWillAppear R10", "home.viewWillAppear R10", "tabs.viewDidAppear R27",
        "nav.viewDidAppear R10", "home.viewDidAppear R10",
      ])
    #expect(home.presentingInHierarchy === a)
    #expect(home.presentedInHierarchy == nil)
    try harness.turn { engine throws(EngineError) in try engine.embed(other2, in: a, container: nil, frame: nil) }
    #expect(other2.presentedInHierarchy === tabs)
    #expect(
      try harness.turn { engine throws(EngineError) in try engine.push(detail, on: nav, animated: false) }
        .filter { $0.contains("ppear") } == [
          "home.viewWillDisappear R19", "detail.viewWillAppear R19", "home.viewDidDisappear R19",
          "detail.viewDidAppear R19",
        ])
  }
}

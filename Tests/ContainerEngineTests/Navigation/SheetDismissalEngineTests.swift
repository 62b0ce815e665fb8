import ContainerEngine
import Testing

/// A sheet's swipe-down through the engine API (R57–R59): PC-5 (completed), PC-6 (cancelled, and blocked by
/// `isModalInPresentation` or by the delegate), the release physics, the open points' options and the refusals. Setup as
/// the scenarios': `T` (tab bar, the window's root) with tab 0 = `N` `[A]`; A presents `M` as a pageSheet (not
/// animated); viewIsAppearing off; completions and delegate calls recorded; a manual clock, so each step's events are
/// its own and the settle's come at `settle()`.
@Suite struct SheetDismissalEngineTests {
  private struct World {
    let harness: EngineHarness
    let t: ControllerNode
    let n: ControllerNode
    let a: ControllerNode
    let m: ControllerNode

    func step(_ body: (Engine) throws(EngineError) -> Void) throws -> [String] { try harness.turn(body) }
    func settle() -> [String] { harness.advance(600).compactMap(EngineHarness.describe) }
    func refusal(_ body: (Engine) throws(EngineError) -> Void) -> String? { harness.refusal(body) }
  }

  private func world(
    style: ModalPresentationStyle = .pageSheet, delegate: Engine.AdaptiveDelegate? = .init(),
    presented: ControllerNode? = nil, configure: (Engine) -> Void = { _ in }
  ) throws -> World {
    let harness = EngineHarness(viewIsAppearing: false)
    harness.subscribe([.completion, .delegate])
    configure(harness.engine)
    let window = try harness.window()
    let a = try harness.controller("A")
    let (n, _) = try harness.navigation("N", root: a)
    let t = try harness.tabBar("T", tabs: [n])
    let m = try harness.controller("M")
    try harness.show(t, in: window)
    try harness.turn { _ throws(EngineError) in try harness.present(m, from: a, style: style, animated: false) }
    if let delegate { harness.engine.setAdaptiveDelegate(m, delegate) }
    harness.engine.clock.mode = .manual
    return World(harness: harness, t: t, n: n, a: a, m: m)
  }

  /// PC-5 (R57–R59): begin asks ShouldDismiss, then WillDismiss and M.viewWillDisappear(true) (isBeingDismissed);
  /// update says nothing; finish past half the height settles, then M.viewDidDisappear, DidDismiss and the completion.
  /// A, N and T get nothing; M is no longer presented and its view has left.
  @Test func pc5CompletedSwipe() throws {
    let w = try world()
    let begin = try w.harness.events { engine throws(EngineError) in
      try engine.beginInteractiveDismiss(w.m, progress: nil, velocity: nil)
    }
    #expect(
      begin.compactMap(EngineHarness.describe) == [
        "M.presentationControllerShouldDismiss() → true R58", "M.presentationControllerWillDismiss() R58",
        "M.viewWillDisappear R59",
      ])
    #expect(begin.compactMap(EngineHarness.animated) == [true])
    #expect(begin.compactMap(EngineHarness.flags).first?.isBeingDismissed == true)
    #expect(w.m.isInteractivelyDismissing)
    #expect(
      try w.step { engine throws(EngineError) in try engine.updateInteractiveDismiss(w.m, progress: 0.6, velocity: 0) }
        .isEmpty)
    #expect(
      try w.step { engine throws(EngineError) in try engine.finishInteractiveDismiss(w.m, progress: nil, velocity: nil)
      }
      .isEmpty)
    #expect(
      w.settle() == [
        "M.viewDidDisappear R59", "M.presentationControllerDidDismiss() R58", "M.completion(interactiveDismiss) R59",
      ])
    #expect(w.m.presentingViewController == nil)
    #expect(w.a.presentedInHierarchy == nil)
    #expect(w.n.presentedInHierarchy == nil)
    #expect(w.m.view?.superview == nil)
    #expect(!w.m.isBeingDismissed)
    #expect(w.a.appearance.state == .appeared)
  }

  /// The settle of a completed swipe takes the rest of the presentation's duration (0.5 s × (1 − 0.6) = 200 ms).
  @Test func theSettleTakesTheRestOfTheDuration() throws {
    let w = try world()
    _ = try w.step { engine throws(EngineError) in try engine.beginInteractiveDismiss(w.m, progress: 0.6, velocity: nil)
    }
    _ = try w.step { engine throws(EngineError) in
      try engine.finishInteractiveDismiss(w.m, progress: nil, velocity: nil)
    }
    #expect(w.harness.advance(199).isEmpty)
    #expect(w.harness.advance(1).compactMap(EngineHarness.describe).first == "M.viewDidDisappear R59")
  }

  /// PC-5's end, R57/R58: a programmatic dismiss of the same sheet (delegate installed) calls no delegate method, and
  /// the presenter gets nothing.
  @Test func aProgrammaticDismissCallsNoDelegateMethod() throws {
    let w = try world()
    #expect(
      try w.step { engine in engine.dismiss(w.m, animated: false) } == [
        "M.viewWillDisappear R27", "M.viewDidDisappear R27", "M.completion(dismiss) R27",
      ])
  }

  /// PC-6 cancelled (R59): M.viewWillAppear(true) at the release, M.viewDidAppear(true) after the spring back, the
  /// completion (finished false); no DidDismiss; M is still presented and appeared.
  @Test func pc6CancelledSwipe() throws {
    let w = try world()
    _ = try w.step { engine throws(EngineError) in try engine.beginInteractiveDismiss(w.m, progress: nil, velocity: nil)
    }
    _ = try w.step { engine throws(EngineError) in
      try engine.updateInteractiveDismiss(w.m, progress: 0.3, velocity: nil)
    }
    #expect(
      try w.step { engine throws(EngineError) in try engine.cancelInteractiveDismiss(w.m) } == [
        "M.viewWillAppear R59"
      ])
    let settle = w.harness.advance(600)
    #expect(
      settle.compactMap(EngineHarness.describe) == ["M.viewDidAppear R59", "M.completion(interactiveDismiss) R59"])
    #expect(settle.contains { if case .completion(_, _, false) = $0.kind { true } else { false } })
    #expect(w.m.presentingViewController === w.t)
    #expect(w.m.appearance.state == .appeared)
    #expect(!w.m.isBeingDismissed)
    // A new swipe may start once the spring back is over.
    #expect(
      try w.step { engine throws(EngineError) in try engine.beginInteractiveDismiss(w.m, progress: nil, velocity: nil) }
        .count == 3)
  }

  /// R58's release physics: a finish short of half the height and slower than 1000 pt/s springs back exactly as cancel;
  /// a fast flick from anywhere dismisses.
  @Test(arguments: [(0.2, 0.0, false), (0.49, 999.0, false), (0.5, 0.0, true), (0.1, 1000.0, true)])
  func theReleaseDecides(progress: Double, velocity: Double, dismisses: Bool) throws {
    let w = try world()
    _ = try w.step { engine throws(EngineError) in try engine.beginInteractiveDismiss(w.m, progress: nil, velocity: nil)
    }
    let release = try w.step { engine throws(EngineError) in
      try engine.finishInteractiveDismiss(w.m, progress: progress, velocity: velocity)
    }
    let settle = w.settle()
    if dismisses {
      #expect(release.isEmpty)
      #expect(settle.first == "M.viewDidDisappear R59")
      #expect(w.m.presentingViewController == nil)
    } else {
      #expect(release == ["M.viewWillAppear R59"])
      #expect(settle == ["M.viewDidAppear R59", "M.completion(interactiveDismiss) R59"])
      #expect(w.m.presentingViewController != nil)
    }
  }

  /// PC-6 blocked (R58): `isModalInPresentation` → ShouldDismiss is not asked, no appearance callback; at the release
  /// DidAttemptToDismiss, then the spring back's completion (finished false); M stays presented.
  @Test func pc6BlockedByIsModalInPresentation() throws {
    let w = try world()
    w.harness.engine.setModalInPresentation(w.m, true)
    #expect(
      try w.step { engine throws(EngineError) in try engine.beginInteractiveDismiss(w.m, progress: nil, velocity: nil) }
        .isEmpty)
    #expect(
      try w.step { engine throws(EngineError) in try engine.finishInteractiveDismiss(w.m, progress: 0.9, velocity: 2000)
      }
        == ["M.presentationControllerDidAttemptToDismiss() R58"])
    #expect(w.settle() == ["M.completion(interactiveDismiss) R59"])
    #expect(w.m.presentingViewController != nil)
    #expect(w.m.appearance.state == .appeared)
  }

  /// R58: a delegate answering false is asked at begin, and the swipe is refused as with isModalInPresentation.
  @Test func blockedByTheDelegate() throws {
    let w = try world(delegate: .init(shouldDismiss: false))
    #expect(
      try w.step { engine throws(EngineError) in try engine.beginInteractiveDismiss(w.m, progress: nil, velocity: nil) }
        == ["M.presentationControllerShouldDismiss() → false R58"])
    _ = try w.step { engine throws(EngineError) in
      try engine.updateInteractiveDismiss(w.m, progress: 0.1, velocity: nil)
    }
    #expect(
      try w.step { engine throws(EngineError) in try engine.cancelInteractiveDismiss(w.m) } == [
        "M.presentationControllerDidAttemptToDismiss() R58"
      ])
    #expect(w.settle() == ["M.completion(interactiveDismiss) R59"])
    #expect(w.m.presentingViewController != nil)
  }

  /// Without a delegate a swipe has only its appearance callbacks (R58: the delegate is the app's).
  @Test func withoutADelegateOnlyTheAppearance() throws {
    let w = try world(delegate: nil)
    #expect(
      try w.step { engine throws(EngineError) in try engine.beginInteractiveDismiss(w.m, progress: 0.7, velocity: nil) }
        == ["M.viewWillDisappear R59"])
    _ = try w.step { engine throws(EngineError) in
      try engine.finishInteractiveDismiss(w.m, progress: nil, velocity: nil)
    }
    #expect(w.settle() == ["M.viewDidDisappear R59", "M.completion(interactiveDismiss) R59"])
  }

  /// R59's open point `sheet.dragOrder`: the alternative puts viewWillDisappear before WillDismiss.
  @Test func theDragOrderOption() throws {
    let w = try world { engine in engine.options.sheet.dragOrder = .shouldThenAppearanceThenWill }
    #expect(
      try w.step { engine throws(EngineError) in try engine.beginInteractiveDismiss(w.m, progress: nil, velocity: nil) }
        == [
          "M.presentationControllerShouldDismiss() → true R58", "M.viewWillDisappear R59",
          "M.presentationControllerWillDismiss() R58",
        ])
  }

  /// R58's open point `sheet.attemptTiming` begin: the refused swipe's DidAttemptToDismiss at its start, nothing at
  /// the release but the completion.
  @Test func theAttemptTimingOption() throws {
    let w = try world { engine in engine.options.sheet.attemptTiming = .begin }
    w.harness.engine.setModalInPresentation(w.m, true)
    #expect(
      try w.step { engine throws(EngineError) in try engine.beginInteractiveDismiss(w.m, progress: nil, velocity: nil) }
        == ["M.presentationControllerDidAttemptToDismiss() R58"])
    #expect(
      try w.step { engine throws(EngineError) in try engine.finishInteractiveDismiss(w.m, progress: 0.2, velocity: nil)
      }
      .isEmpty)
    #expect(w.settle() == ["M.completion(interactiveDismiss) R59"])
  }

  /// A presented navigation controller: the delegate is the navigation controller's presentation controller's (set on
  /// its root, it lands there too), the events name it, and its top gets the forwarded callbacks (R10).
  @Test func aPresentedNavigationController() throws {
    let harness = EngineHarness(viewIsAppearing: false)
    harness.subscribe([.completion, .delegate])
    let window = try harness.window()
    let root = try harness.controller("R")
    let x = try harness.controller("X")
    let (nav, _) = try harness.navigation("P", root: x)
    try harness.show(root, in: window)
    try harness.turn { _ throws(EngineError) in try harness.present(nav, from: root, style: .formSheet, animated: false)
    }
    harness.engine.setAdaptiveDelegate(x, .init())
    #expect(nav.adaptiveDelegate != nil)
    #expect(x.adaptiveDelegate == nil)
    #expect(
      try harness.turn { engine throws(EngineError) in
        try engine.beginInteractiveDismiss(nav, progress: 0.8, velocity: nil)
        try engine.finishInteractiveDismiss(nav, progress: nil, velocity: nil)
      } == [
        "P.presentationControllerShouldDismiss() → true R58", "P.presentationControllerWillDismiss() R58",
        "P.viewWillDisappear R59", "X.viewWillDisappear R10", "P.viewDidDisappear R59", "X.viewDidDisappear R10",
        "P.presentationControllerDidDismiss() R58", "P.completion(interactiveDismiss) R59",
      ])
  }

  /// R58: `isModalInPresentation` on the controller a presented navigation controller shows refuses the swipe too
  /// ("while it is onscreen"): no ShouldDismiss, DidAttemptToDismiss at the release; set on the navigation
  /// controller's root while another controller is pushed over it, it does not.
  @Test func isModalInPresentationOnTheShownChild() throws {
    let harness = EngineHarness(viewIsAppearing: false)
    harness.subscribe([.completion, .delegate])
    let window = try harness.window()
    let made = try harness.controllers("R", "X", "Y")
    let (nav, _) = try harness.navigation("P", root: made[1])
    try harness.show(made[0], in: window)
    try harness.turn { _ throws(EngineError) in try harness.present(nav, from: made[0], animated: false) }
    harness.engine.setAdaptiveDelegate(nav, .init())
    harness.engine.setModalInPresentation(made[1], true)
    #expect(
      try harness.turn { engine throws(EngineError) in
        try engine.beginInteractiveDismiss(nav, progress: 0.8, velocity: nil)
        try engine.finishInteractiveDismiss(nav, progress: nil, velocity: nil)
      } == ["P.presentationControllerDidAttemptToDismiss() R58", "P.completion(interactiveDismiss) R59"])
    try harness.turn { engine throws(EngineError) in try engine.push(made[2], on: nav, animated: false) }
    #expect(
      try harness.turn { engine throws(EngineError) in
        try engine.beginInteractiveDismiss(nav, progress: nil, velocity: nil)
      }.first == "P.presentationControllerShouldDismiss() → true R58")
  }

  /// Bad input changes nothing and emits nothing: a controller not presented (or one inside a presented one), a style
  /// with no swipe, a presentation above the sheet, update/finish/cancel without begin, a second begin, a begin while
  /// the sheet is still being presented or while the swipe's settle runs.
  @Test func refusals() throws {
    let w = try world()
    #expect(
      w.refusal { engine throws(EngineError) in try engine.beginInteractiveDismiss(w.a, progress: nil, velocity: nil) }
        == "A notPresented")
    #expect(
      w.refusal { engine throws(EngineError) in try engine.updateInteractiveDismiss(w.m, progress: 0.5, velocity: nil) }
        == "M noInteractiveDismiss")
    #expect(
      w.refusal { engine throws(EngineError) in try engine.cancelInteractiveDismiss(w.m) } == "M noInteractiveDismiss")
    #expect(
      w.refusal { engine throws(EngineError) in try engine.finishInteractiveDismiss(w.m, progress: nil, velocity: nil) }
        == "M noInteractiveDismiss")
    // A sheet on top of M: only the top-most can be swiped.
    let top = try w.harness.controller("S")
    try w.harness.turn { _ throws(EngineError) in try w.harness.present(top, from: w.m, animated: false) }
    #expect(
      w.refusal { engine throws(EngineError) in try engine.beginInteractiveDismiss(w.m, progress: nil, velocity: nil) }
        == "M notTopmost")
    _ = try w.step { engine throws(EngineError) in try engine.beginInteractiveDismiss(top, progress: nil, velocity: nil)
    }
    #expect(
      w.refusal { engine throws(EngineError) in try engine.beginInteractiveDismiss(top, progress: nil, velocity: nil) }
        == "S interactiveDismissInProgress")
    _ = try w.step { engine throws(EngineError) in
      try engine.finishInteractiveDismiss(top, progress: 0.6, velocity: nil)
    }
    #expect(
      w.refusal { engine throws(EngineError) in try engine.beginInteractiveDismiss(top, progress: nil, velocity: nil) }
        == "S transitioning")
    _ = w.settle()
    #expect(top.presentingViewController == nil)
    // Not a sheet: UIKit offers the swipe for pageSheet and formSheet only.
    for style in [ModalPresentationStyle.fullScreen, .overFullScreen, .overCurrentContext, .currentContext, .custom] {
      let other = try world(style: style)
      #expect(
        other.refusal { engine throws(EngineError) in
          try engine.beginInteractiveDismiss(other.m, progress: nil, velocity: nil)
        } == "M notASheet")
    }
    // Still being presented (animated, manual clock).
    let harness = EngineHarness(viewIsAppearing: false)
    let window = try harness.window()
    let made = try harness.controllers("R", "Q")
    try harness.show(made[0], in: window)
    harness.engine.clock.mode = .manual
    try harness.turn { _ throws(EngineError) in try harness.present(made[1], from: made[0], animated: true) }
    #expect(
      harness.refusal { engine throws(EngineError) in
        try engine.beginInteractiveDismiss(made[1], progress: nil, velocity: nil)
      } == "Q transitioning")
  }

  /// R28 during a drag: the sheet is being dismissed, so a programmatic dismiss only warns and changes nothing.
  @Test func aDismissDuringTheDragIsTheMisuseWarning() throws {
    let w = try world()
    w.harness.subscribe(.warning)
    _ = try w.step { engine throws(EngineError) in try engine.beginInteractiveDismiss(w.m, progress: nil, velocity: nil)
    }
    let events = try w.step { engine in engine.dismiss(w.m, animated: false) }
    #expect(events.count == 1)
    #expect(events.first?.hasPrefix("warning: Attempt to dismiss from view controller") == true)
    #expect(w.m.presentingViewController != nil)
  }

  /// A sheet drag left unfinished (begun, never finished or cancelled) lets go of its sheet when the engine goes or the
  /// world is reset: the drag holds the sheet and the sheet the drag (the fuzzer's leak check found the cycle).
  @Test(arguments: [false, true])
  func anUnfinishedDragLeaksNothing(resetFirst: Bool) throws {
    weak var sheet: ControllerNode?
    weak var engineGone: Engine?
    do {
      let world = try world()
      _ = try world.step { engine throws(EngineError) in
        try engine.beginInteractiveDismiss(world.m, progress: 0.3, velocity: nil)
      }
      #expect(world.m.isInteractivelyDismissing)
      (sheet, engineGone) = (world.m, world.harness.engine)
      if resetFirst { world.harness.engine.reset() }
    }
    #expect(engineGone == nil)
    #expect(sheet == nil)
  }
}

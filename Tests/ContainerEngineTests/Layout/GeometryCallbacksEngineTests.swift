import ContainerEngine
import Testing

/// R64 through the engine API alone: `viewLayoutMarginsDidChange` and `viewSafeAreaInsetsDidChange` after an
/// appearance, on every change of the root view's margins or safe area (never for an unchanged value), in the layout
/// pass that lays the root view out (option `safeAreaCallbackPhase`); and `layoutMargins` as UIKit computes them.
@Suite struct GeometryCallbacksEngineTests {
  /// A 390×844 window (safe area 47/34) showing `root`, with `layout` recorded; returns both.
  private func shown(_ harness: EngineHarness) throws -> (ViewNode, ControllerNode) {
    let window = try harness.window()
    let root = try harness.controller("root")
    try harness.show(root, in: window)
    return (window, root)
  }

  /// The geometry callbacks and the layout callbacks of `events`, with the value a geometry callback carries.
  private static func trace(_ events: [EngineEvent]) -> [String] {
    events.compactMap { event in
      guard case .lifecycle(let controller, let callback, _, _, _, _, let insets, _) = event.kind else { return nil }
      let value = insets.map { " \([$0.top, $0.left, $0.bottom, $0.right].map(\.compactDescription))" } ?? ""
      return "\(controller).\(callback.rawValue)\(value)"
    }
  }

  /// R64 (A-vsa: "UIKit updates the safe area … when you modify the additional safe area insets of your view
  /// controller"): new additional insets on an appeared controller — exactly one viewSafeAreaInsetsDidChange with the
  /// new value (and the margins, which follow the safe area), before viewWillLayoutSubviews; the same value again —
  /// nothing.
  @Test func additionalSafeAreaInsetsTellTheNewValueOnce() throws {
    let harness = EngineHarness(events: [.lifecycle, .layout])
    let (_, root) = try shown(harness)
    let insets = Insets(top: 10, left: 0, bottom: 0, right: 0)
    let changed = try harness.events { engine in engine.setAdditionalSafeAreaInsets(root, insets) }
    #expect(
      Self.trace(changed) == [
        "root.viewLayoutMarginsDidChange [\"57\", \"16\", \"34\", \"16\"]",
        "root.viewSafeAreaInsetsDidChange [\"57\", \"0\", \"34\", \"0\"]",
        "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews",
      ])
    #expect(try harness.events { engine in engine.setAdditionalSafeAreaInsets(root, insets) }.isEmpty)
  }

  /// R64 open point `safeAreaCallbackPhase: insideLayout`: the same change tells after viewWillLayoutSubviews,
  /// before viewDidLayoutSubviews.
  @Test func theInsideLayoutPhase() throws {
    let harness = EngineHarness(events: [.lifecycle, .layout])
    harness.engine.options.safeAreaCallbackPhase = .insideLayout
    let (_, root) = try shown(harness)
    let changed = try harness.events { engine in
      engine.setAdditionalSafeAreaInsets(root, Insets(top: 0, left: 0, bottom: 20, right: 0))
    }
    #expect(
      Self.trace(changed) == [
        "root.viewWillLayoutSubviews", "root.viewLayoutMarginsDidChange [\"47\", \"16\", \"54\", \"16\"]",
        "root.viewSafeAreaInsetsDidChange [\"47\", \"0\", \"54\", \"0\"]", "root.viewDidLayoutSubviews",
      ])
  }

  /// R64, R65: a resize to landscape with a new safe area — the trait change (R60: willTransition, then
  /// traitCollectionDidChange before layout), then margins then safe area, before the layout callbacks; the side
  /// margins stay 16 on a 390-pt phone (compact width) and add the safe area's sides.
  @Test func aResizeTellsTheNewGeometry() throws {
    let harness = EngineHarness(events: [.lifecycle, .layout])
    let (window, _) = try shown(harness)
    let resized = try harness.events { engine throws(EngineError) in
      try engine.resizeWindow(
        window, width: 844, height: 390, safeArea: Insets(top: 0, left: 47, bottom: 21, right: 47))
    }
    #expect(
      Self.trace(resized).filter { !$0.contains("TransitionToSize") } == [
        "root.willTransitionToTraitCollection", "root.traitCollectionDidChange",
        "root.viewLayoutMarginsDidChange [\"0\", \"63\", \"21\", \"63\"]",
        "root.viewSafeAreaInsetsDidChange [\"0\", \"47\", \"21\", \"47\"]",
        "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews",
      ])
  }

  /// R64: margins set on a root view (`view/configure`) — the view is laid out and the controller hears of the new
  /// margins once, floored by the system minimum on the sides; the same margins again — nothing; a plain view's
  /// margins are 8 by default and follow what is set, with no controller to tell.
  @Test func configuredMarginsAreToldOnlyWhenTheyChange() throws {
    let harness = EngineHarness(events: [.lifecycle, .layout])
    let (_, root) = try shown(harness)
    let margins = Insets(top: 4, left: 4, bottom: 4, right: 30)
    let set = try harness.events { engine throws(EngineError) in
      try engine.configureView(.root(root), isHidden: nil, clipsToBounds: nil, layoutMargins: margins)
    }
    #expect(
      Self.trace(set) == [
        "root.viewLayoutMarginsDidChange [\"51\", \"16\", \"38\", \"30\"]", "root.viewWillLayoutSubviews",
        "root.viewDidLayoutSubviews",
      ])
    #expect(
      try harness.events { engine throws(EngineError) in
        try engine.configureView(.root(root), isHidden: nil, clipsToBounds: nil, layoutMargins: margins)
      }.isEmpty)
    let plain = try harness.view("plain", frame: .xywh(0, 100, 100, 100))
    #expect(harness.engine.layoutMargins(of: plain) == Insets(top: 8, left: 8, bottom: 8, right: 8))
    try harness.turn { engine throws(EngineError) in
      try engine.addSubview(.view(plain), to: .root(root), at: nil)
      try engine.configureView(
        .view(plain), isHidden: nil, clipsToBounds: nil, insetsLayoutMarginsFromSafeArea: false,
        preservesSuperviewLayoutMargins: true)
    }
    // Preserving the superview's margins: its left margin (16) reaches 16 pt into the plain view at x 0.
    #expect(harness.engine.layoutMargins(of: plain) == Insets(top: 8, left: 16, bottom: 8, right: 8))
  }

  /// R64: insetsLayoutMarginsFromSafeArea false on a root view — the margins no longer include the safe area.
  @Test func marginsOutsideTheSafeArea() throws {
    let harness = EngineHarness(events: [.lifecycle, .layout])
    let (_, root) = try shown(harness)
    let changed = try harness.events { engine throws(EngineError) in
      try engine.configureView(
        .root(root), isHidden: nil, clipsToBounds: nil, insetsLayoutMarginsFromSafeArea: false)
    }
    #expect(Self.trace(changed).first == "root.viewLayoutMarginsDidChange [\"0\", \"16\", \"0\", \"16\"]")
  }

  /// R64: a controller that disappears and appears again in the same place is not told again (a settled value does
  /// not notify).
  @Test func aSettledValueIsNotToldAgain() throws {
    let harness = EngineHarness(events: [.lifecycle, .layout])
    let (window, root) = try shown(harness)
    let other = try harness.controller("other")
    try harness.show(other, in: window)
    let again = try harness.events { engine throws(EngineError) in try engine.setRoot(of: window, to: root) }
    #expect(Self.trace(again).filter { $0.hasPrefix("root.view") && $0.contains("DidChange") }.isEmpty)
    #expect(Self.trace(again).filter { $0.hasPrefix("root.") }.contains("root.viewIsAppearing"))
  }
}

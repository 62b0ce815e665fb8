import ContainerEngine
import Testing

/// Traits and size classes through the engine API (R60–R67): R65's table, the resize sequence, overrides,
/// registrations and their options, and that nothing held outlives the world.
@Suite struct TraitsEngineTests {
  /// A window `win` of `width` × `height` showing `R` embedding `C`, the layout category recorded.
  private func shown(width: Double = 390, height: Double = 844, idiom: UserInterfaceIdiom = .phone) throws
    -> (EngineHarness, ViewNode, ControllerNode, ControllerNode)
  {
    let harness = EngineHarness()
    let window = try harness.engine.createWindow(id: "win", width: width, height: height, safeArea: nil, idiom: idiom)
    let (r, c) = (try harness.controller("R"), try harness.controller("C"))
    try harness.turn { engine throws(EngineError) in try engine.embed(c, in: r, container: nil, frame: nil) }
    try harness.show(r, in: window)
    harness.subscribe(.layout)
    return (harness, window, r, c)
  }

  /// The trait callbacks of `events`, as `R.traitCollectionDidChange`.
  private func traitLines(_ lines: [String]) -> [String] {
    lines.filter { $0.contains("Trait") || $0.contains("trait") || $0.contains("Transition") }
  }

  /// R65's table: phones portrait wC hR; landscape wC hC, except a short side of 414 pt or more (Plus/Max) wR hC;
  /// pads wR hR, compact width below 678 pt; `compactPhones` keeps Max phones compact.
  @Test func sizeClassTable() {
    let behavior = Engine.TraitsBehavior()
    func classes(_ w: Double, _ h: Double, _ idiom: UserInterfaceIdiom, _ b: Engine.TraitsBehavior = behavior) -> String
    {
      let (horizontal, vertical) = Engine.sizeClasses(width: w, height: h, idiom: idiom, behavior: b)
      return "\(horizontal.rawValue)/\(vertical.rawValue)"
    }
    #expect(classes(390, 844, .phone) == "compact/regular")
    #expect(classes(844, 390, .phone) == "compact/compact")
    #expect(classes(428, 926, .phone) == "compact/regular")
    #expect(classes(926, 428, .phone) == "regular/compact")
    #expect(classes(736, 414, .phone) == "regular/compact")
    #expect(classes(852, 393, .phone) == "compact/compact")
    #expect(classes(1180, 820, .pad) == "regular/regular")
    #expect(classes(820, 1180, .pad) == "regular/regular")
    #expect(classes(320, 820, .pad) == "compact/regular")
    #expect(classes(677, 820, .pad) == "compact/regular")
    #expect(classes(678, 820, .pad) == "regular/regular")
    var compactPhones = behavior
    compactPhones.sizeClassPolicy = .compactPhones
    #expect(classes(926, 428, .phone, compactPhones) == "compact/compact")
    var threshold = behavior
    threshold.padCompactWidthThreshold = 700
    #expect(classes(690, 820, .pad, threshold) == "compact/regular")
  }

  /// R60, R61: a rotation — willTransition parent first, viewWillTransition parent first, then (at the turn's end,
  /// before layout) traitCollectionDidChange parent first; the resize's completion at the end (R66).
  @Test func rotationOrder() throws {
    let (harness, window, _, _) = try shown()
    let lines = try harness.turn { engine throws(EngineError) in
      try engine.resizeWindow(window, width: 844, height: 390, safeArea: nil, animated: true)
    }
    #expect(
      traitLines(lines) == [
        "R.willTransitionToTraitCollection R60", "C.willTransitionToTraitCollection R60",
        "R.viewWillTransitionToSize R60", "C.viewWillTransitionToSize R60", "R.traitCollectionDidChange R62",
        "C.traitCollectionDidChange R62",
      ])
    #expect(
      lines.firstIndex(of: "C.traitCollectionDidChange R62")! < lines.firstIndex(of: "R.viewWillLayoutSubviews R30")!)
    #expect(harness.engine.traitCollection(ofWindow: window).sizeClassSummary == "wC hC")
  }

  /// R67: overrides merge (nil removes one) and apply to the controller and its descendants; the change itself is
  /// told once, at the turn's end, to those whose traits changed.
  @Test func overridesMergeAndNotify() throws {
    let (harness, _, r, c) = try shown()
    let first = try harness.turn { engine throws(EngineError) in
      engine.setTraitOverrides(r, [.horizontalSizeClass(.regular)])
      engine.setTraitOverrides(r, [.userInterfaceStyle(.dark)])
    }
    #expect(traitLines(first) == ["R.traitCollectionDidChange R62", "C.traitCollectionDidChange R62"])
    #expect(r.traitOverrides == TraitOverrides(horizontalSizeClass: .regular, userInterfaceStyle: .dark))
    #expect(harness.engine.traitCollection(of: c).horizontalSizeClass == .regular)
    let removed = try harness.turn { engine throws(EngineError) in
      engine.setTraitOverrides(r, [.horizontalSizeClass(nil), .userInterfaceStyle(nil)])
    }
    #expect(traitLines(removed) == ["R.traitCollectionDidChange R62", "C.traitCollectionDidChange R62"])
    #expect(r.traitOverrides.isEmpty)
    // Setting what is already set changes nothing and tells nothing (R62).
    let same = try harness.turn { engine throws(EngineError) in engine.setTraitOverrides(r, []) }
    #expect(traitLines(same).isEmpty)
  }

  /// R63: handler before legacy by default; `legacyFirst` swaps them; a view's handler after its controller's; an
  /// unregistered handler runs no more; an unknown id is refused and changes nothing.
  @Test func registrationsAndHandlerOrder() throws {
    let (harness, window, _, c) = try shown(width: 428, height: 926)
    let registration = harness.engine.registerForTraitChanges(
      controller: c, view: nil, traits: [.horizontalSizeClass])
    let viewRegistration = harness.engine.registerForTraitChanges(
      controller: nil, view: try #require(c.view), traits: [.verticalSizeClass])
    let rotated = try harness.turn { engine throws(EngineError) in
      try engine.resizeWindow(window, width: 926, height: 428, safeArea: nil)
    }
    #expect(
      traitLines(rotated).suffix(3) == [
        "C.traitChangeHandler R63", "C.traitCollectionDidChange R62", "C.traitChangeHandler R63",
      ])
    harness.engine.options.traits.handlerOrder = .legacyFirst
    try harness.engine.unregisterForTraitChanges(viewRegistration.id)
    let back = try harness.turn { engine throws(EngineError) in
      try engine.resizeWindow(window, width: 428, height: 926, safeArea: nil)
    }
    #expect(traitLines(back).suffix(2) == ["C.traitCollectionDidChange R62", "C.traitChangeHandler R63"])
    #expect(harness.refusal { engine throws(EngineError) in try engine.unregisterForTraitChanges("nope") } != nil)
    #expect(harness.engine.traitRegistrations.map(\.id) == [registration.id])
  }

  /// §5.4's dark-mode point: a style change alone calls traitCollectionDidChange and no size callbacks; with
  /// `styleChangeCallsDidChange` false only the handlers run.
  @Test func styleChange() throws {
    let (harness, window, _, c) = try shown()
    _ = harness.engine.registerForTraitChanges(controller: c, view: nil, traits: [.userInterfaceStyle])
    let dark = try harness.turn { engine throws(EngineError) in
      try engine.configureWindow(
        window, idiom: nil, sizeClassPolicy: nil, userInterfaceStyle: .dark, displayScale: nil)
    }
    #expect(
      traitLines(dark) == [
        "R.traitCollectionDidChange R62", "C.traitChangeHandler R63", "C.traitCollectionDidChange R62",
      ])
    harness.engine.options.traits.styleChangeCallsDidChange = false
    let light = try harness.turn { engine throws(EngineError) in
      try engine.configureWindow(
        window, idiom: nil, sizeClassPolicy: nil, userInterfaceStyle: .light, displayScale: nil)
    }
    #expect(traitLines(light) == ["C.traitChangeHandler R63"])
  }

  /// `window/configure` idiom pad on a 1180×820 window: wC hC → wR hR, with willTransition (a size-class change) and
  /// no size callbacks.
  @Test func idiomChange() throws {
    let (harness, window, _, _) = try shown(width: 1180, height: 820)
    let lines = try harness.turn { engine throws(EngineError) in
      try engine.configureWindow(window, idiom: .pad, sizeClassPolicy: nil, userInterfaceStyle: nil, displayScale: nil)
    }
    #expect(
      traitLines(lines) == [
        "R.willTransitionToTraitCollection R60", "C.willTransitionToTraitCollection R60",
        "R.traitCollectionDidChange R62", "C.traitCollectionDidChange R62",
      ])
    #expect(harness.engine.traitCollection(ofWindow: window).sizeClassSummary == "wR hR")
  }

  /// Registrations and trait updates pending at the turn's end hold no controller past `world/reset` or the engine.
  @Test(arguments: [false, true])
  func registrationsLeakNothing(resetFirst: Bool) throws {
    weak var child: ControllerNode?
    weak var engineGone: Engine?
    do {
      let (harness, window, _, c) = try shown()
      _ = harness.engine.registerForTraitChanges(controller: c, view: c.view, traits: [.verticalSizeClass])
      harness.engine.beginTurn()
      try harness.engine.resizeWindow(window, width: 844, height: 390, safeArea: nil, animated: true)
      (child, engineGone) = (c, harness.engine)
      if resetFirst {
        harness.engine.reset()
        #expect(harness.engine.traitRegistrations.isEmpty)
      }
    }
    #expect(engineGone == nil)
    #expect(child == nil)
  }
}

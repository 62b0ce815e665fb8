import ContainerJSON
import ContainerRPCTestSupport
import Testing

/// Traits and size changes' acceptance scenarios through the built binary (R60–R67): TR-1..TR-6, each with its exact
/// order. Setup: window `w` (390×844 unless said), root `R` embedding `C`; the layout kind (where the trait and
/// geometry callbacks are), completions and coordinator events are subscribed. Frames (`event/layout`) are left out.
@Suite struct TraitsOverPipesTests: PipeTraceSuite {
  private static func request(_ id: Int, _ method: String, _ params: String) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
  }

  private static func batch(_ requests: String...) -> String { "[" + requests.joined(separator: ",") + "]" }

  private static let subscribe = request(
    90, "events/subscribe", #"{"kinds":["layout","completion","coordinator"]}"#)

  /// `w` of `window` params, `R` embedding `C`, shown.
  private static func setup(window: String = #"{"id":"w"}"#, shown: Bool = true) -> [String] {
    [
      request(1, "window/create", window), request(2, "controller/create", #"{"id":"R"}"#),
      request(3, "controller/create", #"{"id":"C"}"#),
      request(4, "containment/embed", #"{"parent":"R","child":"C"}"#),
    ] + (shown ? [request(5, "window/setRoot", #"{"window":"w","controller":"R"}"#)] : []) + [subscribe]
  }

  /// `wC hR` for a traits object.
  private static func classes(_ traits: JSONValue?) -> String {
    let h = traits?["horizontalSizeClass"]?.stringValue == "regular" ? "R" : "C"
    let v = traits?["verticalSizeClass"]?.stringValue == "regular" ? "R" : "C"
    return "w\(h) h\(v)"
  }

  /// The events of `lines` as short strings: `R.willTransitionToTraitCollection(wC hC)`,
  /// `C.traitCollectionDidChange(prev wC hR)`, `R.viewWillTransitionToSize(844x390)`, `R.viewDidLayoutSubviews`,
  /// `R.completion(resize)`, `coordinator R.t alongsideAnimation`.
  static func trace(_ lines: [String]) -> [String] {
    lines.compactMap { line -> String? in
      guard let event = try? JSONValue.parse(line), case .string(let method)? = event["method"],
        let params = event["params"]
      else { return nil }
      switch method {
      case "event/lifecycle":
        guard let controller = params["controller"]?.stringValue, let callback = params["callback"]?.stringValue
        else { return nil }
        var argument = ""
        switch callback {
        case "willTransitionToTraitCollection": argument = "(\(classes(params["traits"])))"
        case "traitCollectionDidChange": argument = "(prev \(classes(params["previous"])))"
        case "traitChangeHandler":
          argument = "(\(params["registration"]?.stringValue ?? ""), prev \(classes(params["previous"])))"
        case "viewWillTransitionToSize":
          let size = params["size"]
          argument =
            "(\(Int(size?["width"]?.doubleValue ?? 0))x\(Int(size?["height"]?.doubleValue ?? 0)))"
        default: break
        }
        return "\(controller).\(callback)\(argument)"
      case "event/completion":
        return "\(params["controller"]?.stringValue ?? "").completion(\(params["of"]?.stringValue ?? ""))"
      case "event/coordinator":
        return
          "coordinator \(params["controller"]?.stringValue ?? "").\(params["tag"]?.stringValue ?? "") "
          + "\(params["callback"]?.stringValue ?? "")"
      default:
        return nil
      }
    }
  }

  private static let rotate = request(
    10, "window/resize",
    #"{"window":"w","width":844,"height":390,"safeArea":{"top":0,"left":47,"bottom":21,"right":47}}"#)

  /// The layout part of a rotation of R and C (R64: margins, then the safe area, during each one's layout).
  private static let rotatedLayout = [
    "R.viewLayoutMarginsDidChange", "R.viewSafeAreaInsetsDidChange", "R.viewWillLayoutSubviews",
    "R.viewDidLayoutSubviews", "C.viewLayoutMarginsDidChange", "C.viewSafeAreaInsetsDidChange",
    "C.viewWillLayoutSubviews", "C.viewDidLayoutSubviews",
  ]

  /// TR-1 (R60, R61, R64, R65, R66): an iPhone rotating portrait → landscape. willTransition(to: wC hC) parent
  /// first, viewWillTransition(to: 844×390), the animation begins (the alongside animation registered right after the
  /// call), the trait update, the geometry callbacks and layout; at the end of the animation the alongside completion
  /// and the resize's completion. No appearance callbacks; the coordinator is readable during it.
  @Test func tr1PhoneRotation() throws {
    let lines = try Self.run(
      Self.setup() + [
        Self.batch(
          Self.rotate, Self.request(11, "transition/animateAlongside", #"{"controller":"C","tag":"t"}"#),
          Self.request(12, "transition/coordinator", #"{"controller":"C"}"#))
      ])
    #expect(
      Self.events(after: 90, in: lines) == [
        "R.willTransitionToTraitCollection(wC hC)", "C.willTransitionToTraitCollection(wC hC)",
        "R.viewWillTransitionToSize(844x390)", "C.viewWillTransitionToSize(844x390)",
        "coordinator C.t alongsideAnimation", "R.traitCollectionDidChange(prev wC hR)",
        "C.traitCollectionDidChange(prev wC hR)",
      ] + Self.rotatedLayout + ["coordinator C.t alongsideCompletion", "R.completion(resize)"])
    let batch = try #require(Self.reply(10, in: lines))
    #expect(batch.contains(#""queued":true"#))
    #expect(batch.contains(#""kind":"resize""#) && batch.contains(#""isAnimated":true"#))
    #expect(batch.contains(#""transitionDuration":0.3"#))
  }

  /// TR-2 (R60, R65): an iPad rotating keeps regular/regular: only viewWillTransition(to:) and layout — no
  /// willTransition(to:), no traitCollectionDidChange.
  @Test func tr2PadRotationWithoutTraitChange() throws {
    let lines = try Self.run(
      Self.setup(window: #"{"id":"w","width":1180,"height":820,"idiom":"pad"}"#) + [
        Self.request(10, "window/resize", #"{"window":"w","width":820,"height":1180}"#),
        Self.request(11, "window/configure", #"{"window":"w"}"#),
      ])
    let events = Self.events(after: 90, in: lines)
    #expect(
      events.filter { !$0.contains("Layout") && !$0.contains("SafeArea") } == [
        "R.viewWillTransitionToSize(820x1180)", "C.viewWillTransitionToSize(820x1180)", "R.completion(resize)",
      ])
    #expect(events.contains("R.viewWillLayoutSubviews") && events.contains("C.viewDidLayoutSubviews"))
    #expect(Self.reply(11, in: lines)?.contains(#""horizontalSizeClass":"regular""#) == true)
  }

  /// TR-3 (R64, R62): first appearance (the views loaded when C was embedded) — viewWillAppear parent first, the geometry callbacks (margins, then the safe
  /// area), viewIsAppearing, layout, viewDidAppear; no traitCollectionDidChange (the traits were predicted).
  @Test func tr3FirstAppearance() throws {
    let lines = try Self.run(
      Self.setup(shown: false) + [Self.request(10, "window/setRoot", #"{"window":"w","controller":"R"}"#)])
    #expect(
      Self.events(after: 90, in: lines) == [
        "R.viewWillAppear", "C.viewWillAppear",
        "R.viewLayoutMarginsDidChange", "R.viewSafeAreaInsetsDidChange", "C.viewLayoutMarginsDidChange",
        "C.viewSafeAreaInsetsDidChange", "R.viewIsAppearing", "C.viewIsAppearing", "R.viewWillLayoutSubviews",
        "R.viewDidLayoutSubviews", "C.viewWillLayoutSubviews", "C.viewDidLayoutSubviews", "R.viewDidAppear",
        "C.viewDidAppear",
      ])
  }

  /// TR-4 (R62): launched in landscape — TR-3's order with no willTransition and no viewWillTransition.
  @Test func tr4LaunchInLandscape() throws {
    let lines = try Self.run(
      Self.setup(window: #"{"id":"w","width":844,"height":390}"#, shown: false) + [
        Self.request(10, "window/setRoot", #"{"window":"w","controller":"R"}"#),
        Self.request(11, "window/configure", #"{"window":"w"}"#),
      ])
    let events = Self.events(after: 90, in: lines)
    #expect(events.first == "R.viewWillAppear" && events.last == "C.viewDidAppear")
    #expect(!events.contains { $0.contains("Transition") || $0.contains("trait") })
    #expect(Self.reply(11, in: lines)?.contains(#""verticalSizeClass":"compact""#) == true)
  }

  /// TR-5 (R61, R67): C's size classes pinned to wC hR — R is told of the change, C only of its size. With only
  /// the horizontal class pinned, C still hears of the vertical change.
  @Test func tr5OverriddenChildIsNotTold() throws {
    let pinned = try Self.run(
      Self.setup() + [
        Self.request(
          9, "controller/setTraitOverrides",
          #"{"controller":"C","traits":{"horizontalSizeClass":"compact","verticalSizeClass":"regular"}}"#),
        Self.rotate,
      ])
    #expect(
      Self.events(after: 9, in: pinned) == [
        "R.willTransitionToTraitCollection(wC hC)", "R.viewWillTransitionToSize(844x390)",
        "C.viewWillTransitionToSize(844x390)", "R.traitCollectionDidChange(prev wC hR)",
      ] + Self.rotatedLayout + ["R.completion(resize)"])
    let horizontalOnly = try Self.run(
      Self.setup() + [
        Self.request(
          9, "controller/setTraitOverrides", #"{"controller":"C","traits":{"horizontalSizeClass":"compact"}}"#),
        Self.rotate,
      ])
    #expect(
      Self.events(after: 9, in: horizontalOnly).prefix(6) == [
        "R.willTransitionToTraitCollection(wC hC)", "C.willTransitionToTraitCollection(wC hC)",
        "R.viewWillTransitionToSize(844x390)", "C.viewWillTransitionToSize(844x390)",
        "R.traitCollectionDidChange(prev wC hR)", "C.traitCollectionDidChange(prev wC hR)",
      ])
  }

  /// TR-6 (R63): a handler registered for the horizontal class — nothing at registration, nothing when only the
  /// vertical class changes (390-pt phone); on a Max-size phone (428×926 → 926×428: wC hR → wR hC) the handler runs
  /// immediately before C's traitCollectionDidChange.
  @Test func tr6RegistrationHandler() throws {
    let register = Self.request(9, "traits/register", #"{"controller":"C","traits":["horizontalSizeClass"]}"#)
    let small = try Self.run(Self.setup() + [register, Self.rotate])
    #expect(Self.reply(9, in: small)?.contains(#""id":"C.traitRegistration1""#) == true)
    #expect(!small.contains { $0.contains("traitChangeHandler") })
    let max = try Self.run(
      Self.setup(window: #"{"id":"w","width":428,"height":926}"#) + [
        register, Self.request(10, "window/resize", #"{"window":"w","width":926,"height":428}"#),
      ])
    #expect(
      Self.events(after: 9, in: max).prefix(7) == [
        "R.willTransitionToTraitCollection(wR hC)", "C.willTransitionToTraitCollection(wR hC)",
        "R.viewWillTransitionToSize(926x428)", "C.viewWillTransitionToSize(926x428)",
        "R.traitCollectionDidChange(prev wC hR)", "C.traitChangeHandler(C.traitRegistration1, prev wC hR)",
        "C.traitCollectionDidChange(prev wC hR)",
      ])
  }
}

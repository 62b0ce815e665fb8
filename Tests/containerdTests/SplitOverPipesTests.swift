import ContainerJSON
import ContainerRPCTestSupport
import Testing

/// The split view controller's acceptance scenarios through the built binary (R39–R45): SV-1..SV-6, each with its
/// exact order, and the refusals. Setup: `svc`, a double-column UISplitViewController with P and S (wrapped in
/// `svc-primary`, `svc-secondary`, R39) and a delegate; completions and the layout kind (for the trait callbacks) are
/// subscribed. Layout passes, geometry callbacks, viewIsAppearing and frames are left out of the traces.
@Suite struct SplitOverPipesTests: PipeTraceSuite {
  private static func request(_ id: Int, _ method: String, _ params: String) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
  }

  /// A window `w` of `window` params and the split view controller (`extra` adds create options), not shown.
  private static func setup(
    window: String = #"{"id":"w"}"#, delegate: String = "{}", extra: String = "", compact: Bool = false
  ) -> [String] {
    var columns = #""primary":"P","secondary":"S""#
    if compact { columns += #","compact":"C""# }
    return [
      request(1, "window/create", window), request(2, "controller/create", #"{"id":"P"}"#),
      request(3, "controller/create", #"{"id":"S"}"#), request(4, "controller/create", #"{"id":"C"}"#),
      request(5, "controller/create", #"{"id":"X"}"#), request(6, "controller/create", #"{"id":"D"}"#),
      request(
        7, "controller/create",
        #"{"id":"svc","kind":"UISplitViewController","columns":{\#(columns)},"delegate":\#(delegate)\#(extra)}"#),
      request(8, "events/subscribe", #"{"kinds":["completion","layout"]}"#),
    ]
  }

  private static let pad = #"{"id":"w","width":1180,"height":820,"idiom":"pad"}"#
  private static let padPortrait = #"{"id":"w","width":820,"height":1180,"idiom":"pad"}"#
  private static let setRoot = request(10, "window/setRoot", #"{"window":"w","controller":"svc"}"#)

  /// The events of `lines` as short strings: `S.viewWillAppear`, `svc.topColumnForCollapsing(secondary) → compact`,
  /// `svc.willHideColumn(primary)`, `svc.completion(showColumn)`.
  static func trace(_ lines: [String]) -> [String] {
    let skipped: Set<String> = [
      "viewIsAppearing", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewSafeAreaInsetsDidChange",
      "viewLayoutMarginsDidChange",
    ]
    return lines.compactMap { line -> String? in
      guard let event = try? JSONValue.parse(line), case .string(let method)? = event["method"],
        let params = event["params"]
      else { return nil }
      switch method {
      case "event/lifecycle":
        guard let controller = params["controller"]?.stringValue, let callback = params["callback"]?.stringValue,
          !skipped.contains(callback)
        else { return nil }
        var argument = ""
        if let parent = params["parent"] { argument = "(\(parent.stringValue ?? "nil"))" }
        if let animated = params["animated"], case .bool(true) = animated { argument = "(true)" }
        return "\(controller).\(callback)\(argument)"
      case "event/delegate":
        let callback = params["callback"]?.stringValue ?? ""
        let argument = params["args"]?.objectValue?.keys.first.flatMap { params["args"]?[$0]?.stringValue } ?? ""
        let result = params["result"].map { " → \($0.stringValue ?? ($0 == .bool(false) ? "false" : "?"))" } ?? ""
        return "\(params["object"]?.stringValue ?? "").\(callback)(\(argument))\(result)"
      case "event/completion":
        return "\(params["controller"]?.stringValue ?? "").completion(\(params["of"]?.stringValue ?? ""))"
      case "event/coordinator":
        let tag = params["tag"]?.stringValue ?? ""
        return "\(params["controller"]?.stringValue ?? "").\(params["callback"]?.stringValue ?? "")(\(tag))"
      default:
        return nil
      }
    }
  }

  /// R4's pairing over a whole run: each controller's `willMove(p)` is followed by exactly one `didMove(p)` before its
  /// next `willMove`, and no `didMove` comes without its `willMove` (so no second `didMove(nil)`). A pair may stay
  /// open at the end only for a controller pushed onto a navigation stack that never showed it (R20: its didMove
  /// waits for its viewDidAppear). Answers the controllers that break it, with their move calls (empty: balanced).
  static func unbalancedContainment(_ lines: [String]) -> [String] {
    var open: [String: String] = [:]
    var moves: [String: [String]] = [:]
    var broken: Set<String> = []
    for line in trace(lines) {
      guard let dot = line.firstIndex(of: "."), line.contains(".willMove(") || line.contains(".didMove(") else {
        continue
      }
      let controller = String(line[..<dot])
      let call = String(line[line.index(after: dot)...])
      let parent = String(call[call.index(after: call.firstIndex(of: "(")!)...].dropLast())
      moves[controller, default: []].append(call)
      if call.hasPrefix("willMove") {
        if open[controller] != nil { broken.insert(controller) }
        open[controller] = parent
      } else {
        if open[controller] != parent { broken.insert(controller) }
        open[controller] = nil
      }
    }
    return broken.sorted().map { "\($0): \(moves[$0, default: []].joined(separator: " "))" }
  }

  /// SV-1 (R39, R41, R40): an iPhone launch. The split view controller loads, collapses before appearing (the
  /// delegate asked for the top column, proposed secondary; no didCollapse at launch, `split.initialCollapseCallsDelegate`
  /// topColumnOnly), and only the top of the merged stack [P, S] appears, through the primary's wrapper. P is not
  /// loaded. S moves from its wrapper onto the primary's (R42): its push into `svc-secondary` ends, it leaves it and
  /// joins `svc-primary`; with no transition on screen the didMoves come at once (P's too: below the top, R20).
  @Test func sv1PhoneLaunch() throws {
    let lines = try Self.run(Self.setup() + [Self.setRoot, Self.request(11, "split/get", #"{"split":"svc"}"#)])
    #expect(
      Self.events(after: 8, in: lines) == [
        "svc.loadView", "svc.viewDidLoad", "svc.topColumnForCollapsing(secondary) → secondary",
        "S.didMove(svc-secondary)", "S.willMove(nil)", "S.didMove(nil)", "S.willMove(svc-primary)",
        "svc-primary.loadView", "svc-primary.viewDidLoad", "P.didMove(svc-primary)", "S.didMove(svc-primary)",
        "svc.viewWillAppear", "svc-primary.viewWillAppear", "S.loadView", "S.viewDidLoad", "S.viewWillAppear",
        "svc.viewDidAppear", "svc-primary.viewDidAppear", "S.viewDidAppear",
      ])
    let state = try #require(Self.reply(11, in: lines))
    #expect(state.contains(#""isCollapsed":true"#) && state.contains(#""visibleColumns":["primary"]"#))
    #expect(state.contains(#""secondary":{"controller":"S","wrapper":"svc-secondary"}"#))
    #expect(Self.unbalancedContainment(lines) == [])
  }

  /// SV-1's variant: the delegate answers primary: only P appears; S gets nothing.
  @Test func sv1DelegateAnswersPrimary() throws {
    let lines = try Self.run(Self.setup(delegate: #"{"topColumnForCollapsing":"primary"}"#) + [Self.setRoot])
    #expect(
      Self.events(after: 8, in: lines) == [
        "svc.loadView", "svc.viewDidLoad", "svc.topColumnForCollapsing(secondary) → primary", "svc-primary.loadView",
        "svc-primary.viewDidLoad", "svc.viewWillAppear", "svc-primary.viewWillAppear", "P.loadView", "P.viewDidLoad",
        "P.viewWillAppear", "svc.viewDidAppear", "svc-primary.viewDidAppear", "P.viewDidAppear",
        "P.didMove(svc-primary)",
      ])
    #expect(Self.unbalancedContainment(lines) == [])
  }

  /// R43 collapsed, with R42's moves: from SV-1's variant (stack [P]), show(secondary) takes S out of its wrapper
  /// (its push there ends, willMove(nil), didMove(nil)) and pushes it onto the merged stack (R19's order, animated);
  /// hide(secondary) pops it (R19), and once the pop has ended S goes back to its wrapper (willMove, didMove, off
  /// screen) at the split view controller's next change or query.
  @Test func collapsedShowAndHideMoveTheColumn() throws {
    let lines = try Self.run(
      Self.setup(delegate: #"{"topColumnForCollapsing":"primary"}"#) + [
        Self.setRoot, Self.request(11, "split/show", #"{"split":"svc","column":"secondary"}"#),
        Self.request(12, "split/hide", #"{"split":"svc","column":"secondary"}"#),
        Self.request(13, "split/get", #"{"split":"svc"}"#),
      ])
    #expect(
      Self.events(after: 10, in: lines) == [
        "S.didMove(svc-secondary)", "S.willMove(nil)", "S.didMove(nil)", "S.willMove(svc-primary)", "S.loadView",
        "S.viewDidLoad", "P.viewWillDisappear(true)", "S.viewWillAppear(true)", "P.viewDidDisappear(true)",
        "S.viewDidAppear(true)", "S.didMove(svc-primary)", "svc-primary.completion(push)",
      ])
    #expect(
      Self.events(after: 11, in: lines) == [
        "S.willMove(nil)", "S.viewWillDisappear(true)", "P.viewWillAppear(true)", "S.viewDidDisappear(true)",
        "P.viewDidAppear(true)", "S.didMove(nil)", "svc-primary.completion(pop)",
      ])
    #expect(Self.events(after: 12, in: lines) == ["S.willMove(svc-secondary)", "S.didMove(svc-secondary)"])
    #expect(Self.unbalancedContainment(lines) == [])
  }

  /// R39, R42: setting the primary column while collapsed into one stack (an iPad window 375 pt wide) wraps X at once
  /// and leaves the screen as it is; split/get answers X for the column and lists it as pending; widening to 1180 pt
  /// expands, installs X's wrapper in place of the old one and shows it beside S.
  @Test func primarySetWhileCollapsed() throws {
    let lines = try Self.run(
      Self.setup(window: #"{"id":"w","width":375,"height":820,"idiom":"pad"}"#) + [
        Self.setRoot,
        Self.request(11, "split/setViewController", #"{"split":"svc","column":"primary","controller":"X"}"#),
        Self.request(12, "split/get", #"{"split":"svc"}"#),
        Self.request(13, "window/resize", #"{"window":"w","width":1180,"height":820,"animated":false}"#),
        Self.request(14, "split/get", #"{"split":"svc"}"#),
      ])
    #expect(Self.reply(11, in: lines)?.contains(#""wrapper":"svc-primary-2""#) == true)
    #expect(Self.events(after: 10, in: lines) == ["X.willMove(svc-primary-2)"])
    #expect(Self.reply(12, in: lines)?.contains(#""pending":{"primary":"X"}"#) == true)
    #expect(
      Self.events(after: 12, in: lines) == [
        "svc.willTransitionToTraitCollection", "svc-primary.willTransitionToTraitCollection",
        "S.willTransitionToTraitCollection", "svc.viewWillTransitionToSize", "svc-primary.viewWillTransitionToSize",
        "P.viewWillTransitionToSize", "S.viewWillTransitionToSize", "svc-secondary.viewWillTransitionToSize",
        "svc.displayModeForExpanding(oneBesideSecondary) → oneBesideSecondary", "svc.willShowColumn(primary)",
        "S.willMove(nil)", "S.didMove(nil)", "S.willMove(svc-secondary)", "svc-primary.willMove(nil)",
        "svc-primary-2.willMove(svc)", "svc-primary-2.loadView", "svc-primary-2.viewDidLoad", "svc-secondary.loadView",
        "svc-secondary.viewDidLoad", "svc-primary.viewWillDisappear", "svc-primary-2.viewWillAppear", "X.loadView",
        "X.viewDidLoad", "X.viewWillAppear", "svc-secondary.viewWillAppear", "svc-primary.viewDidDisappear",
        "svc-primary-2.viewDidAppear", "X.viewDidAppear", "X.didMove(svc-primary-2)", "svc-secondary.viewDidAppear",
        "svc-primary.didMove(nil)", "S.didMove(svc-secondary)", "svc-primary-2.didMove(svc)", "svc.didExpand()",
        "svc.traitCollectionDidChange", "svc-primary.traitCollectionDidChange", "S.traitCollectionDidChange",
        "svc-secondary.traitCollectionDidChange", "svc.completion(resize)",
      ])
    #expect(Self.reply(14, in: lines)?.contains(#""primary":{"controller":"X","wrapper":"svc-primary-2"}"#) == true)
    #expect(Self.reply(14, in: lines)?.contains("pending") == false)
    #expect(Self.unbalancedContainment(lines) == [])
  }

  /// SV-2 (R40): iPad landscape: both columns appear, primary first; no delegate call; tiled beside.
  @Test func sv2PadLandscape() throws {
    let lines = try Self.run(
      Self.setup(window: Self.pad) + [Self.setRoot, Self.request(11, "split/get", #"{"split":"svc"}"#)])
    #expect(
      Self.events(after: 8, in: lines) == [
        "svc.loadView", "svc.viewDidLoad", "svc-primary.loadView", "svc-primary.viewDidLoad", "svc-secondary.loadView",
        "svc-secondary.viewDidLoad", "svc.viewWillAppear", "svc-primary.viewWillAppear", "P.loadView", "P.viewDidLoad",
        "P.viewWillAppear", "svc-secondary.viewWillAppear", "S.loadView", "S.viewDidLoad", "S.viewWillAppear",
        "svc.viewDidAppear", "svc-primary.viewDidAppear", "P.viewDidAppear", "P.didMove(svc-primary)",
        "svc-secondary.viewDidAppear", "S.viewDidAppear", "S.didMove(svc-secondary)",
      ])
    let state = try #require(Self.reply(11, in: lines))
    #expect(
      state.contains(
        #""displayMode":"oneBesideSecondary","displayModeButtonVisible":true,"isCollapsed":false,"#
          + #""presentsWithGesture":true,"splitBehavior":"tile""#))
    #expect(Self.unbalancedContainment(lines) == [])
  }

  /// SV-3 (R42, R60): shrinking to 375 pt with a compact column: the trait and size callbacks, then inside the size
  /// change the collapse — topColumnForCollapsing, willHide per column, the will callbacks, the trait update, and
  /// after the animation the did callbacks and didCollapse (isCollapsed true from there), then the resize's end.
  @Test func sv3ShrinkWithCompactColumn() throws {
    let lines = try Self.run(
      Self.setup(window: Self.pad, delegate: #"{"topColumnForCollapsing":"compact"}"#, compact: true) + [
        Self.setRoot, Self.request(11, "window/resize", #"{"window":"w","width":375,"height":820}"#),
        Self.request(12, "split/get", #"{"split":"svc"}"#),
      ])
    #expect(
      Self.events(after: 10, in: lines) == [
        "svc.willTransitionToTraitCollection", "svc-primary.willTransitionToTraitCollection",
        "P.willTransitionToTraitCollection", "svc-secondary.willTransitionToTraitCollection",
        "S.willTransitionToTraitCollection", "svc.viewWillTransitionToSize", "svc-primary.viewWillTransitionToSize",
        "P.viewWillTransitionToSize", "svc-secondary.viewWillTransitionToSize", "S.viewWillTransitionToSize",
        "C.viewWillTransitionToSize", "svc.topColumnForCollapsing(secondary) → compact", "svc.willHideColumn(primary)",
        "svc.willHideColumn(secondary)", "C.loadView", "C.viewDidLoad", "svc-primary.viewWillDisappear(true)",
        "P.viewWillDisappear(true)", "svc-secondary.viewWillDisappear(true)", "S.viewWillDisappear(true)",
        "C.viewWillAppear(true)", "svc.traitCollectionDidChange", "svc-primary.traitCollectionDidChange",
        "P.traitCollectionDidChange", "svc-secondary.traitCollectionDidChange", "S.traitCollectionDidChange",
        "C.traitCollectionDidChange", "svc-primary.viewDidDisappear(true)", "P.viewDidDisappear(true)",
        "svc-secondary.viewDidDisappear(true)", "S.viewDidDisappear(true)", "C.viewDidAppear(true)",
        "svc.didCollapse()", "svc.completion(resize)",
      ])
    let state = try #require(Self.reply(12, in: lines))
    #expect(state.contains(#""isCollapsed":true"#) && state.contains(#""visibleColumns":["compact"]"#))
    #expect(Self.unbalancedContainment(lines) == [])
  }

  /// SV-4 (R44): a plain controller for the secondary column while expanded is pushed onto its wrapper (R19's
  /// order); with null first the wrapper leaves by the split view controller's own transition — one willMove(nil) /
  /// didMove(nil) pair, the appearance callbacks between them, no re-delivered didMove (R8 is window-driven only) —
  /// and X appears in a fresh one, whose didMove(svc) follows the appearance.
  @Test func sv4SecondaryPushQuirk() throws {
    var lines = try Self.run(
      Self.setup(window: Self.pad) + [
        Self.setRoot,
        Self.request(11, "split/setViewController", #"{"split":"svc","column":"secondary","controller":"X"}"#),
        Self.request(12, "controller/get", #"{"controller":"svc-secondary"}"#),
      ])
    #expect(
      Self.events(after: 10, in: lines) == [
        "X.willMove(svc-secondary)", "X.loadView", "X.viewDidLoad", "S.viewWillDisappear", "X.viewWillAppear",
        "S.viewDidDisappear", "X.viewDidAppear", "X.didMove(svc-secondary)", "svc-secondary.completion(push)",
      ])
    #expect(Self.reply(11, in: lines)?.contains(#""wrapper":"svc-secondary""#) == true)
    #expect(Self.reply(12, in: lines)?.contains(#""children":["S","X"]"#) == true)
    #expect(Self.unbalancedContainment(lines) == [])
    lines = try Self.run(
      Self.setup(window: Self.pad) + [
        Self.setRoot,
        Self.request(11, "split/setViewController", #"{"split":"svc","column":"secondary","controller":null}"#),
        Self.request(12, "split/setViewController", #"{"split":"svc","column":"secondary","controller":"X"}"#),
      ])
    #expect(
      Self.events(after: 10, in: lines) == [
        "svc-secondary.willMove(nil)", "svc-secondary.viewWillDisappear", "S.viewWillDisappear",
        "svc-secondary.viewDidDisappear", "S.viewDidDisappear", "svc-secondary.didMove(nil)",
      ])
    #expect(
      Self.events(after: 11, in: lines) == [
        "X.willMove(svc-secondary-2)", "svc-secondary-2.willMove(svc)", "svc-secondary-2.loadView",
        "svc-secondary-2.viewDidLoad", "svc-secondary-2.viewWillAppear", "X.loadView", "X.viewDidLoad",
        "X.viewWillAppear", "svc-secondary-2.viewDidAppear", "X.viewDidAppear", "X.didMove(svc-secondary-2)",
        "svc-secondary-2.didMove(svc)",
      ])
    #expect(Self.unbalancedContainment(lines) == [])
  }

  /// SV-5 (R45): showDetail while collapsed without a compact column: the delegate does not show it, the navigation
  /// controller of the merged stack pushes D (R19, animated).
  @Test func sv5ShowDetailCollapsed() throws {
    let lines = try Self.run(
      Self.setup() + [Self.setRoot, Self.request(11, "split/showDetail", #"{"split":"svc","controller":"D"}"#)])
    #expect(
      Self.events(after: 10, in: lines) == [
        "svc.showDetail(D) → false", "D.willMove(svc-primary)", "D.loadView", "D.viewDidLoad",
        "S.viewWillDisappear(true)", "D.viewWillAppear(true)", "S.viewDidDisappear(true)", "D.viewDidAppear(true)",
        "D.didMove(svc-primary)", "svc-primary.completion(push)",
      ])
    #expect(Self.reply(11, in: lines)?.contains(#""how":"pushed""#) == true)
    #expect(Self.unbalancedContainment(lines) == [])
  }

  /// SV-6 (R43, R40): iPad portrait (overlay, secondaryOnly): show(primary) → willChangeToDisplayMode, willShow, P
  /// appears animated, the completion; hide mirrors it; hide(secondary) is ignored with no event.
  @Test func sv6ShowAndHidePrimary() throws {
    let lines = try Self.run(
      Self.setup(window: Self.padPortrait) + [
        Self.setRoot, Self.request(11, "split/show", #"{"split":"svc","column":"primary"}"#),
        Self.request(12, "split/hide", #"{"split":"svc","column":"primary"}"#),
        Self.request(13, "split/hide", #"{"split":"svc","column":"secondary"}"#),
      ])
    #expect(
      Self.events(after: 10, in: lines) == [
        "svc.willChangeToDisplayMode(oneOverSecondary)", "svc.willShowColumn(primary)", "svc-primary.loadView",
        "svc-primary.viewDidLoad", "svc-primary.viewWillAppear(true)", "P.loadView", "P.viewDidLoad",
        "P.viewWillAppear(true)", "svc-primary.viewDidAppear(true)", "P.viewDidAppear(true)", "P.didMove(svc-primary)",
        "svc.completion(showColumn)",
      ])
    #expect(Self.reply(11, in: lines)?.contains(#""ignored":false"#) == true)
    #expect(
      Self.events(after: 11, in: lines) == [
        "svc.willChangeToDisplayMode(secondaryOnly)", "svc.willHideColumn(primary)",
        "svc-primary.viewWillDisappear(true)", "P.viewWillDisappear(true)", "svc-primary.viewDidDisappear(true)",
        "P.viewDidDisappear(true)", "svc.completion(hideColumn)",
      ])
    #expect(Self.events(after: 12, in: lines).isEmpty)
    #expect(Self.reply(13, in: lines)?.contains(#""ignored":true"#) == true)
    #expect(Self.unbalancedContainment(lines) == [])
  }

  /// R43, R46, R47: an animated show(primary) on screen has a transition coordinator (kind column) from the call:
  /// `transition/coordinator` finds it through P's wrapper, an alongside animation registered right after runs at
  /// once (the animation started after the will callbacks), and its completion runs after the did callbacks, before
  /// `completion(showColumn)`; then no coordinator. A non-animated hide has none.
  @Test func showAndHideHaveACoordinatorWhenAnimated() throws {
    let lines = try Self.run(
      Self.setup(window: Self.padPortrait) + [
        Self.request(9, "clock/configure", #"{"mode":"manual"}"#),
        Self.request(30, "events/subscribe", #"{"kinds":["coordinator"]}"#), Self.setRoot,
        Self.request(11, "split/show", #"{"split":"svc","column":"primary"}"#),
        Self.request(12, "transition/coordinator", #"{"controller":"svc-primary"}"#),
        Self.request(13, "transition/animateAlongside", #"{"controller":"svc","tag":"fade"}"#),
        Self.request(14, "clock/advance", #"{"ms":300}"#),
        Self.request(15, "transition/coordinator", #"{"controller":"svc"}"#),
        Self.request(16, "split/hide", #"{"split":"svc","column":"primary","animated":false}"#),
        Self.request(17, "transition/coordinator", #"{"controller":"svc"}"#),
      ])
    let coordinator = try #require(Self.reply(12, in: lines))
    #expect(coordinator.contains(#""active":true"#) && coordinator.contains(#""kind":"column""#))
    #expect(coordinator.contains(#""isAnimated":true"#) && coordinator.contains(#""transitionDuration":0.3"#))
    #expect(Self.reply(13, in: lines)?.contains(#""queued":true"#) == true)
    #expect(Self.events(after: 12, in: lines) == ["svc.alongsideAnimation(fade)"])
    #expect(
      Self.events(after: 13, in: lines) == [
        "svc-primary.viewDidAppear(true)", "P.viewDidAppear(true)", "P.didMove(svc-primary)",
        "svc.alongsideCompletion(fade)", "svc.completion(showColumn)",
      ])
    #expect(Self.reply(15, in: lines)?.contains(#""active":false"#) == true)
    #expect(Self.reply(17, in: lines)?.contains(#""active":false"#) == true)
    #expect(Self.unbalancedContainment(lines) == [])
  }

  /// Presented full screen over an iPhone's root: the split view controller collapses as it joins the window (R41),
  /// after its own viewWillAppear (R26); the top of the merged stack joins that appearance (R10, R40).
  @Test func presentedOnAPhone() throws {
    let lines = try Self.run(
      Self.setup(extra: #","modalPresentationStyle":"fullScreen""#) + [
        Self.request(9, "controller/create", #"{"id":"R"}"#),
        Self.request(10, "window/setRoot", #"{"window":"w","controller":"R"}"#),
        Self.request(11, "presentation/present", #"{"presenter":"R","controller":"svc","animated":false}"#),
        Self.request(12, "split/get", #"{"split":"svc"}"#),
      ])
    #expect(
      Self.events(after: 10, in: lines) == [
        "svc.loadView", "svc.viewDidLoad", "R.viewWillDisappear", "svc.viewWillAppear",
        "svc.topColumnForCollapsing(secondary) → secondary", "S.didMove(svc-secondary)", "S.willMove(nil)",
        "S.didMove(nil)", "S.willMove(svc-primary)", "svc-primary.loadView", "svc-primary.viewDidLoad",
        "P.didMove(svc-primary)", "S.didMove(svc-primary)", "svc-primary.viewWillAppear", "S.loadView", "S.viewDidLoad",
        "S.viewWillAppear", "svc.viewDidAppear",
        "svc-primary.viewDidAppear", "S.viewDidAppear", "R.viewDidDisappear", "R.completion(present)",
      ])
    #expect(Self.reply(12, in: lines)?.contains(#""isCollapsed":true"#) == true)
    #expect(Self.unbalancedContainment(lines) == [])
  }

  /// Refusals (R39, R43) are precise and change nothing: a tab bar controller for the primary column, the
  /// supplementary column of a double-column split, show(compact), an unknown column, pushing a split view
  /// controller.
  @Test func refusals() throws {
    let lines = try Self.run(
      Self.setup() + [
        Self.request(11, "controller/create", #"{"id":"T","kind":"UITabBarController"}"#),
        Self.request(12, "split/setViewController", #"{"split":"svc","column":"primary","controller":"T"}"#),
        Self.request(13, "split/setViewController", #"{"split":"svc","column":"supplementary","controller":"X"}"#),
        Self.request(14, "split/show", #"{"split":"svc","column":"compact"}"#),
        Self.request(15, "split/show", #"{"split":"svc","column":"sidebar"}"#),
        Self.request(16, "controller/create", #"{"id":"N","kind":"UINavigationController","root":"D"}"#),
        Self.request(17, "navigation/push", #"{"navigation":"N","controller":"svc"}"#),
        Self.request(18, "split/get", #"{"split":"P"}"#),
      ])
    #expect(
      Self.reply(12, in: lines)?.contains(
        "You can't assign a UITabBarController to the primary or supplementary columns.") == true)
    #expect(Self.reply(12, in: lines)?.contains(#""code":-32001"#) == true)
    #expect(Self.reply(13, in: lines)?.contains(#""path":"params.column""#) == true)
    #expect(Self.reply(14, in: lines)?.contains(#""path":"params.column""#) == true)
    #expect(Self.reply(15, in: lines)?.contains(#""code":-32602"#) == true)
    #expect(
      Self.reply(17, in: lines)?.contains("You can't push a split view controller onto a navigation stack.") == true)
    #expect(Self.reply(18, in: lines)?.contains(#""path":"params.split""#) == true)
    #expect(Self.events(after: 11, in: lines).isEmpty)
    #expect(Self.events(after: 12, in: lines).isEmpty && Self.events(after: 13, in: lines).isEmpty)
    #expect(Self.unbalancedContainment(lines) == [])
  }
}

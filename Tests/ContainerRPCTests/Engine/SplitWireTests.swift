import ContainerJSON
import ContainerRPCTestSupport
import Testing

/// The split view controller on the wire (R39–R45): create options, split/get and controller/get, each `split.*`
/// option's non-default, and precise refusals that change nothing.
@Suite struct SplitWireTests {
  /// Window `win` (`window` params), P, S, X, D and `svc` (double column, a delegate), not shown.
  private func session(
    _ window: JSONObject = ["id": "win"], options: JSONObject = [:], extra: JSONObject = [:]
  ) -> TestSession {
    let session = TestSession()
    if !options.isEmpty { session.call("daemon/configure", ["options": .object(options)]) }
    session.call("window/create", .object(window))
    for id in ["P", "S", "X", "D"] { session.call("controller/create", ["id": .string(id)]) }
    var create: JSONObject = [
      "id": "svc", "kind": "UISplitViewController", "columns": ["primary": "P", "secondary": "S"], "delegate": [:],
    ]
    for key in extra.keys { create[key] = extra[key] }
    session.call("controller/create", .object(create))
    session.call("events/subscribe", ["kinds": ["completion"]])
    return session
  }

  private static let pad: JSONObject = ["id": "win", "width": 1180, "height": 820, "idiom": "pad"]
  private static let padPortrait: JSONObject = ["id": "win", "width": 820, "height": 1180, "idiom": "pad"]

  /// The delegate, appearance, size and completion lines of an exchange: `svc.topColumnForCollapsing(primary) →
  /// primary`, `P.viewWillAppear(true)`.
  private func lines(_ exchange: TestSession.Exchange) -> [String] {
    exchange.events.compactMap { event -> String? in
      let params = event["params"]
      switch event["method"]?.stringValue {
      case "event/delegate":
        let args = params?["args"]?.objectValue
        let argument = args?.keys.first.flatMap { args?[$0]?.stringValue } ?? ""
        let result = params?["result"].map { " → \($0.stringValue ?? "?")" } ?? ""
        return "\(params?["object"]?.stringValue ?? "").\(params?["callback"]?.stringValue ?? "")(\(argument))\(result)"
      case "event/lifecycle":
        guard let callback = params?["callback"]?.stringValue,
          callback.contains("Appear") || callback.contains("Disappear") || callback == "viewWillTransitionToSize",
          callback != "viewIsAppearing"
        else { return nil }
        let animated = params?["animated"] == .bool(true) ? "(true)" : ""
        return "\(params?["controller"]?.stringValue ?? "").\(callback)\(animated)"
      case "event/completion":
        return "\(params?["controller"]?.stringValue ?? "").completion(\(params?["of"]?.stringValue ?? ""))"
      default: return nil
      }
    }
  }

  private func setRoot(_ session: TestSession) -> TestSession.Exchange {
    session.call("window/setRoot", ["window": "win", "controller": "svc"])
  }

  /// `split.proposedTopColumn` primary and `split.initialCollapseCallsDelegate` all (R41's non-defaults): the
  /// launch proposes primary, and willHide and didCollapse are called too, before the appearance.
  @Test func initialCollapseCallsEverything() {
    let s = session(options: ["split.proposedTopColumn": "primary", "split.initialCollapseCallsDelegate": "all"])
    #expect(
      lines(setRoot(s)) == [
        "svc.topColumnForCollapsing(primary) → primary", "svc.willHideColumn(secondary)", "svc.didCollapse()",
        "svc.viewWillAppear", "svc-primary.viewWillAppear", "P.viewWillAppear", "svc.viewDidAppear",
        "svc-primary.viewDidAppear", "P.viewDidAppear",
      ])
  }

  /// `split.initialCollapseCallsDelegate` none: no delegate call at launch.
  @Test func initialCollapseCallsNothing() {
    let s = session(options: ["split.initialCollapseCallsDelegate": "none"])
    #expect(
      lines(setRoot(s)) == [
        "svc.viewWillAppear", "svc-primary.viewWillAppear", "S.viewWillAppear", "svc.viewDidAppear",
        "svc-primary.viewDidAppear", "S.viewDidAppear",
      ])
  }

  /// `split.dropAppearanceOnDisplayModeChange` (R40's reported bug): the primary shown by show(primary) gets no
  /// appearance callbacks; the completion still comes.
  @Test func droppedAppearanceOnDisplayModeChange() {
    let s = session(Self.padPortrait, options: ["split.dropAppearanceOnDisplayModeChange": true])
    setRoot(s)
    let show = s.call("split/show", ["split": "svc", "column": "primary"])
    #expect(
      lines(show) == [
        "svc.willChangeToDisplayMode(oneOverSecondary)", "svc.willShowColumn(primary)", "svc.completion(showColumn)",
      ])
  }

  /// `split.reportsWillChangeDisplayMode` false: no willChangeToDisplayMode before willShowColumn.
  @Test func noWillChangeToDisplayMode() {
    let s = session(Self.padPortrait, options: ["split.reportsWillChangeDisplayMode": false])
    setRoot(s)
    let show = s.call("split/show", ["split": "svc", "column": "primary", "animated": false])
    #expect(
      lines(show) == [
        "svc.willShowColumn(primary)", "svc-primary.viewWillAppear", "P.viewWillAppear", "svc-primary.viewDidAppear",
        "P.viewDidAppear", "svc.completion(showColumn)",
      ])
  }

  /// `split.setSecondaryPushAnimated` (R44): the push of a plain secondary is animated.
  @Test func secondaryPushAnimated() {
    let s = session(Self.pad, options: ["split.setSecondaryPushAnimated": true])
    setRoot(s)
    let set = s.call("split/setViewController", ["split": "svc", "column": "secondary", "controller": "X"])
    #expect(
      lines(set) == [
        "S.viewWillDisappear(true)", "X.viewWillAppear(true)", "S.viewDidDisappear(true)", "X.viewDidAppear(true)",
        "svc-secondary.completion(push)",
      ])
  }

  /// `traits.skipFirstWillTransitionInSplitOverlay` (R62's reported bug): on an iPad in portrait (overlay), the first
  /// resize to a compact width sends willTransitionToTraitCollection to no controller inside the split view
  /// controller (the size callbacks still come); the next size-class change (back to regular) sends it to every
  /// loaded one, parent first. By default (false) the first change sends it too (svc and the secondary column; P is
  /// not loaded in secondaryOnly).
  @Test func skipFirstWillTransitionInSplitOverlay() {
    func willTransitions(_ exchange: TestSession.Exchange) -> [String] {
      exchange.events.compactMap { event in
        guard event["params"]?["callback"] == "willTransitionToTraitCollection" else { return nil }
        return event["params"]?["controller"]?.stringValue
      }
    }
    func sizes(_ exchange: TestSession.Exchange) -> Int {
      exchange.events.filter { $0["params"]?["callback"] == "viewWillTransitionToSize" }.count
    }
    let s = session(Self.padPortrait, options: ["traits.skipFirstWillTransitionInSplitOverlay": true])
    s.call("events/subscribe", ["kinds": ["layout"]])
    setRoot(s)
    let first = s.call("window/resize", ["window": "win", "width": 375, "height": 1180, "animated": false])
    #expect(willTransitions(first) == [])
    #expect(sizes(first) == 5)
    let second = s.call("window/resize", ["window": "win", "width": 820, "height": 1180, "animated": false])
    #expect(willTransitions(second) == ["svc", "svc-primary", "S", "svc-secondary"])
    let byDefault = session(Self.padPortrait)
    byDefault.call("events/subscribe", ["kinds": ["layout"]])
    setRoot(byDefault)
    let plain = byDefault.call("window/resize", ["window": "win", "width": 375, "height": 1180, "animated": false])
    #expect(willTransitions(plain) == ["svc", "svc-secondary", "S"])
  }

  /// `split.tileMinimumWidth` 1300: a 1180 pt landscape iPad overlays, so only the secondary column appears.
  @Test func tileThreshold() {
    let s = session(Self.pad, options: ["split.tileMinimumWidth": 1300])
    #expect(
      lines(setRoot(s)) == [
        "svc.viewWillAppear", "svc-secondary.viewWillAppear", "S.viewWillAppear", "svc.viewDidAppear",
        "svc-secondary.viewDidAppear", "S.viewDidAppear",
      ])
    #expect(s.call("split/get", ["split": "svc"]).result?["splitBehavior"] == "overlay")
  }

  /// `split.sizeCallbackOnColumnWidth` (R45): the secondary column narrowed by show(primary) beside it is told its
  /// size; by default it is not.
  @Test func sizeCallbackOnColumnWidth() {
    for enabled in [false, true] {
      let s = session(
        Self.padPortrait, options: ["split.sizeCallbackOnColumnWidth": .bool(enabled)],
        extra: ["preferredSplitBehavior": "tile", "preferredDisplayMode": "secondaryOnly"])
      setRoot(s)
      let show = s.call("split/show", ["split": "svc", "column": "primary", "animated": false])
      #expect(lines(show).contains("svc-secondary.viewWillTransitionToSize") == enabled)
    }
  }

  /// split/get, split/viewController and controller/get report the columns, wrappers and state (R39).
  @Test func stateIsReported() {
    let s = session()
    setRoot(s)
    let column = s.call("split/viewController", ["split": "svc", "column": "secondary"])
    #expect(column.result == ["controller": "S", "wrapper": "svc-secondary"])
    let got = s.call("controller/get", ["controller": "svc"])
    #expect(got.result?["split"]?["isCollapsed"] == true)
    #expect(got.result?["split"]?["visibleColumns"] == ["primary"])
    let empty = s.call("split/viewController", ["split": "svc", "column": "compact"])
    #expect(empty.result == ["controller": .null, "wrapper": .null])
  }

  /// `presentsWithGesture` (reported only): split/get gives it and the display mode button's automatic visibility —
  /// shown while expanded when the split view controller presents with the gesture (the default), hidden with
  /// `presentsWithGesture: false` and while collapsed.
  @Test func presentsWithGestureIsReported() {
    let expanded = session(Self.pad)
    setRoot(expanded)
    var got = expanded.call("split/get", ["split": "svc"]).result
    #expect(got?["presentsWithGesture"] == true && got?["displayModeButtonVisible"] == true)
    let noGesture = session(Self.pad, extra: ["presentsWithGesture": false])
    setRoot(noGesture)
    got = noGesture.call("split/get", ["split": "svc"]).result
    #expect(got?["presentsWithGesture"] == false && got?["displayModeButtonVisible"] == false)
    let collapsed = session()
    setRoot(collapsed)
    got = collapsed.call("split/get", ["split": "svc"]).result
    #expect(got?["presentsWithGesture"] == true && got?["displayModeButtonVisible"] == false)
  }

  /// Bad input is refused precisely and changes nothing: split options on another kind, an unknown column, a tab
  /// bar controller for the primary column at creation, the primary column set while collapsed into one stack to
  /// the secondary column's controller (waiting for the expansion, a column cannot take another's), a controller with
  /// another parent.
  @Test func badInputChangesNothing() {
    let s = session()
    setRoot(s)
    s.call("controller/create", ["id": "T", "kind": "UITabBarController"])
    s.call("containment/addChild", ["parent": "D", "child": "X"])
    let before = s.snapshot()
    let cases: [(String, JSONObject, Int, String?)] = [
      ("controller/create", ["id": "bad", "style": "tripleColumn"], -32602, "params.kind"),
      ("split/get", ["split": "svc", "column": "x"], -32602, nil),
      ("split/viewController", ["split": "svc", "column": "sidebar"], -32602, "params.column"),
      (
        "controller/create",
        ["id": "bad", "kind": "UISplitViewController", "columns": ["primary": "T", "secondary": "X"]], -32001, nil
      ),
      (
        "split/setViewController", ["split": "svc", "column": "primary", "controller": "S"], -32602, "params.controller"
      ),
      (
        "split/setViewController", ["split": "svc", "column": "compact", "controller": "X"], -32602, "params.controller"
      ),
      ("split/hide", ["split": "svc", "column": "compact"], -32602, "params.column"),
    ]
    for (method, params, code, path) in cases {
      let exchange = s.call(method, .object(params))
      #expect(exchange.error?["code"] == .int(Int64(code)), "\(method) \(params)")
      if let path { #expect(exchange.error?["data"]?["path"] == .string(path), "\(method)") }
      #expect(exchange.events.isEmpty)
    }
    #expect(s.snapshot() == before)
  }
}

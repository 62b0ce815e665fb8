import ContainerJSON
import ContainerRPCTestSupport
import Testing

/// R64 and R69 on the wire: where `viewIsAppearing` comes (in the request's turn, after the geometry callbacks,
/// before the layout pass), the `viewLayoutMarginsDidChange` / `viewSafeAreaInsetsDidChange` events of the `layout`
/// kind with their values, `view/get`'s `safeAreaInsets` and `layoutMargins`, and `view/configure`'s margin settings.
@Suite struct ViewIsAppearingTests {
  /// A session with `layout` subscribed, a 390×844 window `W` and controllers `R` and `C`, C embedded in R.
  private func tr3Session() -> TestSession {
    let session = TestSession()
    session.call("events/subscribe", ["kinds": ["layout"]])
    session.call("window/create", ["id": "W"])
    session.call("controller/create", ["id": "R"])
    session.call("controller/create", ["id": "C"])
    session.call("containment/embed", ["parent": "R", "child": "C"])
    return session
  }

  /// The lifecycle events of an exchange (frame changes left out).
  private static func lifecycle(_ exchange: TestSession.Exchange) -> [String] {
    exchange.events.filter { $0["method"] == "event/lifecycle" }.map(TestSession.describe)
  }

  /// TR-3 (R64, R69): `window/setRoot` of R with its embedded child C.
  @Test func tr3FirstAppearanceOrdering() {
    let session = tr3Session()
    let exchange = session.call("window/setRoot", ["window": "W", "controller": "R"])
    #expect(
      Self.lifecycle(exchange) == [
        "R.viewWillAppear R6", "C.viewWillAppear R10",
        "R.viewLayoutMarginsDidChange R64", "R.viewSafeAreaInsetsDidChange R64",
        "C.viewLayoutMarginsDidChange R64", "C.viewSafeAreaInsetsDidChange R64",
        "R.viewIsAppearing R69", "C.viewIsAppearing R69",
        "R.viewWillLayoutSubviews R30", "R.viewDidLayoutSubviews R30",
        "C.viewWillLayoutSubviews R30", "C.viewDidLayoutSubviews R30",
        "R.viewDidAppear R7", "C.viewDidAppear R10",
      ])
    let margins = exchange.events.first { $0["params"]?["callback"] == "viewLayoutMarginsDidChange" }
    #expect(margins?["params"]?["layoutMargins"] == ["top": 47, "left": 16, "bottom": 34, "right": 16])
    let safe = exchange.events.first { $0["params"]?["callback"] == "viewSafeAreaInsetsDidChange" }
    #expect(safe?["params"]?["safeArea"] == ["top": 47, "left": 0, "bottom": 34, "right": 0])
    let view = session.call("view/get", ["view": "R.view"]).result
    #expect(view?["safeAreaInsets"] == ["top": 47, "left": 0, "bottom": 34, "right": 0])
    #expect(view?["layoutMargins"] == ["top": 47, "left": 16, "bottom": 34, "right": 16])
  }

  /// R64: without `layout` subscribed, the geometry callbacks are not sent; viewIsAppearing is.
  @Test func withoutLayoutTheGeometryCallbacksAreNotSent() {
    let session = TestSession()
    session.call("window/create", ["id": "W"])
    session.call("controller/create", ["id": "R"])
    #expect(
      session.call("window/setRoot", ["window": "W", "controller": "R"]).trace == [
        "R.loadView R1", "R.viewDidLoad R1", "R.viewWillAppear R6", "R.viewIsAppearing R69", "R.viewDidAppear R7",
      ])
  }

  /// R19, R69: an animated push on a manual clock — viewWillAppear and viewIsAppearing in the push's turn, before the
  /// incoming controller's viewWillLayoutSubviews; viewDidAppear only after clock/advance past 0.35 s.
  @Test func anAnimatedPushOnAManualClock() {
    let session = TestSession()
    session.call("events/subscribe", ["kinds": ["layout"]])
    session.call("window/create", ["id": "W"])
    session.call("controller/create", ["id": "home"])
    session.call("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "home"])
    session.call("window/setRoot", ["window": "W", "controller": "nav"])
    session.call("controller/create", ["id": "next"])
    session.call("clock/configure", ["mode": "manual"])
    let push = Self.lifecycle(
      session.call("navigation/push", ["navigation": "nav", "controller": "next", "animated": true]))
    #expect(
      push.filter { $0.hasPrefix("next.") } == [
        "next.willMove(nav) R20", "next.loadView R1", "next.viewDidLoad R1", "next.viewWillAppear R19",
        "next.viewLayoutMarginsDidChange R64", "next.viewSafeAreaInsetsDidChange R64", "next.viewIsAppearing R69",
        "next.viewWillLayoutSubviews R30", "next.viewDidLayoutSubviews R30",
      ])
    #expect(!Self.lifecycle(session.call("clock/advance", ["ms": 300])).contains("next.viewDidAppear R19"))
    #expect(
      Self.lifecycle(session.call("clock/advance", ["ms": 100])).filter { $0.hasPrefix("next.") } == [
        "next.viewDidAppear R19", "next.didMove(nav) R20",
      ])
  }

  /// R27, R69: an animated present on a manual clock — viewIsAppearing in the present's turn, viewDidAppear at the
  /// animation's end.
  @Test func anAnimatedPresentOnAManualClock() {
    let session = TestSession()
    session.call("window/create", ["id": "W"])
    session.call("controller/create", ["id": "root"])
    session.call("window/setRoot", ["window": "W", "controller": "root"])
    session.call("controller/create", ["id": "modal"])
    session.call("clock/configure", ["mode": "manual"])
    #expect(
      session.call(
        "presentation/present",
        ["presenter": "root", "controller": "modal", "animated": true, "style": "fullScreen"]
      ).trace == [
        "modal.loadView R1", "modal.viewDidLoad R1", "root.viewWillDisappear R26", "modal.viewWillAppear R27",
        "modal.viewIsAppearing R69",
      ])
    #expect(
      session.call("clock/advance", ["ms": 600]).trace.filter { $0.hasPrefix("modal.") } == [
        "modal.viewDidAppear R27"
      ])
  }

  /// R64: additionalSafeAreaInsets changed on an appeared controller — exactly one viewSafeAreaInsetsDidChange with
  /// the new value; the same value again — none.
  @Test func additionalSafeAreaInsetsTellOnce() {
    let session = tr3Session()
    session.call("window/setRoot", ["window": "W", "controller": "R"])
    let insets: JSONValue = ["top": 0, "left": 0, "bottom": 50, "right": 0]
    let changed = session.call("controller/configure", ["controller": "R", "additionalSafeAreaInsets": insets])
    let safe = changed.events.filter { $0["params"]?["callback"] == "viewSafeAreaInsetsDidChange" }
    #expect(
      safe.map(TestSession.describe) == ["R.viewSafeAreaInsetsDidChange R64", "C.viewSafeAreaInsetsDidChange R64"])
    #expect(safe.first?["params"]?["safeArea"] == ["top": 47, "left": 0, "bottom": 84, "right": 0])
    let again = session.call("controller/configure", ["controller": "R", "additionalSafeAreaInsets": insets])
    #expect(again.events.isEmpty)
  }

  /// R64: `view/configure` margins — the root view's controller is told once, the same value again tells nothing;
  /// wrong types are refused with -32602 and `data.path`, an unknown view with the unknown-object error, and a
  /// refusal changes nothing.
  @Test func viewConfigureMargins() {
    let session = tr3Session()
    session.call("window/setRoot", ["window": "W", "controller": "R"])
    let margins: JSONValue = ["top": 0, "left": 30, "bottom": 0, "right": 30]
    let set = session.call("view/configure", ["view": "R.view", "layoutMargins": margins])
    #expect(set.result == [:])
    #expect(
      Self.lifecycle(set) == [
        "R.viewLayoutMarginsDidChange R64", "R.viewWillLayoutSubviews R30", "R.viewDidLayoutSubviews R30",
      ])
    #expect(set.events.first?["params"]?["layoutMargins"] == ["top": 47, "left": 30, "bottom": 34, "right": 30])
    #expect(session.call("view/configure", ["view": "R.view", "layoutMargins": margins]).events.isEmpty)
    let before = session.snapshot()
    let wrong = session.call("view/configure", ["view": "R.view", "insetsLayoutMarginsFromSafeArea": "yes"])
    #expect(wrong.error?["code"] == -32602)
    #expect(wrong.error?["data"]?["path"] == "params.insetsLayoutMarginsFromSafeArea")
    let partial = session.call("view/configure", ["view": "R.view", "layoutMargins": ["top": 1]])
    #expect(partial.error?["code"] == -32602)
    let unknown = session.call("view/configure", ["view": "nope", "preservesSuperviewLayoutMargins": true])
    #expect(unknown.error?["code"] == session.call("view/get", ["view": "nope"]).error?["code"])
    #expect(session.snapshot() == before)
    #expect(wrong.events.isEmpty && partial.events.isEmpty && unknown.events.isEmpty)
    let off = session.call("view/configure", ["view": "R.view", "insetsLayoutMarginsFromSafeArea": false])
    #expect(off.events.first?["params"]?["layoutMargins"] == ["top": 0, "left": 30, "bottom": 0, "right": 30])
  }

  /// R64 open point `safeAreaCallbackPhase` and R69's `viewIsAppearing` switch through daemon/configure.
  @Test func theOptions() {
    let session = tr3Session()
    let options = session.call(
      "daemon/configure", ["options": ["safeAreaCallbackPhase": "insideLayout", "viewIsAppearing": false]]
    ).result?["options"]
    #expect(options?["safeAreaCallbackPhase"] == "insideLayout")
    #expect(options?["viewIsAppearing"] == false)
    session.call("window/setRoot", ["window": "W", "controller": "R"])
    let changed = session.call(
      "controller/configure",
      ["controller": "R", "additionalSafeAreaInsets": ["top": 10, "left": 0, "bottom": 0, "right": 0]])
    #expect(
      Self.lifecycle(changed).filter { $0.hasPrefix("R.") } == [
        "R.viewWillLayoutSubviews R30", "R.viewLayoutMarginsDidChange R64", "R.viewSafeAreaInsetsDidChange R64",
        "R.viewDidLayoutSubviews R30",
      ])
    let bad = session.call("daemon/configure", ["options": ["safeAreaCallbackPhase": "later"]])
    #expect(bad.error?["data"]?["path"] == "params.options.safeAreaCallbackPhase")
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// A sheet's swipe-down over the wire (R57–R59): `presentation/interactiveDismiss`, `presentation/configureDelegate`,
/// `presentation/present`'s `delegate`, `isModalInPresentation`, the `sheet.*` options, `event/delegate` of
/// `UIAdaptivePresentationControllerDelegate` and the completion `of: "interactiveDismiss"`; PC-5 and PC-6 with exact
/// orders, and the errors.
@Suite struct SheetDismissalTests {
  /// `T` (tab bar, root of `win`) with tab 0 = `N` `[A]`; A presents `M` as a pageSheet (not animated, `present`
  /// params added); viewIsAppearing off, completions subscribed (delegate calls are by default).
  private func presented(_ extra: JSONObject = [:]) -> TestSession {
    let session = TestSession()
    session.call("daemon/configure", ["options": ["viewIsAppearing": false]])
    session.call("events/subscribe", ["kinds": ["completion"]])
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "A"])
    session.call("controller/create", ["id": "N", "kind": "UINavigationController", "root": "A"])
    session.call("controller/create", ["id": "T", "kind": "UITabBarController", "controllers": ["N"]])
    session.call("controller/create", ["id": "M"])
    session.call("window/setRoot", ["window": "win", "controller": "T"])
    var present: JSONObject = ["presenter": "A", "controller": "M", "style": "pageSheet", "animated": false]
    for (key, value) in extra { present[key] = value }
    session.call("presentation/present", .object(present))
    return session
  }

  private func swipe(_ session: TestSession, _ action: String, _ extra: JSONObject = [:]) -> TestSession.Exchange {
    var params: JSONObject = ["controller": "M", "action": .string(action)]
    for (key, value) in extra { params[key] = value }
    return session.call("presentation/interactiveDismiss", .object(params))
  }

  /// Lifecycle as `TestSession.describe`, delegate calls as `object.callback → result rule`, completions as
  /// `controller.completion(of, finished)`.
  private func short(_ exchange: TestSession.Exchange) -> [String] {
    exchange.events.map { event in
      let params = event["params"] ?? .null
      switch event["method"]?.stringValue {
      case "event/delegate":
        let result = params["result"].map { " → \($0.encodedString)" } ?? ""
        #expect(params["protocol"] == "UIAdaptivePresentationControllerDelegate")
        #expect(params["args"] == [:])
        return
          "\(params["object"]?.stringValue ?? "?").\(params["callback"]?.stringValue ?? "?")\(result) \(params["rule"]?.stringValue ?? "?")"
      case "event/completion":
        return
          "\(params["controller"]?.stringValue ?? "?").completion(\(params["of"]?.stringValue ?? "?"), \(params["finished"]?.encodedString ?? "?"))"
      default:
        return TestSession.describe(event)
      }
    }
  }

  /// PC-5 (R57–R59) with `presentation/configureDelegate`: begin → ShouldDismiss (true), WillDismiss,
  /// M.viewWillDisappear; update nothing; finish (auto clock: the settle within the call) → M.viewDidDisappear,
  /// DidDismiss, the completion. A/N/T nothing; M's presentingViewController null afterwards.
  @Test func pc5CompletedSwipe() {
    let session = presented()
    #expect(session.call("presentation/configureDelegate", ["controller": "M"]).events.isEmpty)
    let begin = swipe(session, "begin")
    #expect(begin.result == [:])
    #expect(
      short(begin) == [
        "M.presentationControllerShouldDismiss → true R58", "M.presentationControllerWillDismiss R58",
        "M.viewWillDisappear R59",
      ])
    #expect(begin.events.last?["params"]?["animated"] == true)
    #expect(begin.events.last?["params"]?["isBeingDismissed"] == true)
    #expect(swipe(session, "update", ["progress": 0.6]).events.isEmpty)
    #expect(
      short(swipe(session, "finish")) == [
        "M.viewDidDisappear R59", "M.presentationControllerDidDismiss R58", "M.completion(interactiveDismiss, true)",
      ])
    #expect(session.call("controller/get", ["controller": "M"]).result?["presentingViewController"] == .null)
    #expect(session.call("controller/get", ["controller": "A"]).result?["presentedViewController"] == .null)
  }

  /// PC-5's end (R57, R58): `present`'s `delegate` installs it; a programmatic dismiss calls none of its methods and
  /// the presenter gets nothing.
  @Test func aProgrammaticDismissCallsNoDelegateMethod() {
    let session = presented(["delegate": [:]])
    #expect(
      short(session.call("presentation/dismiss", ["controller": "M", "animated": true])) == [
        "M.viewWillDisappear R27", "M.viewDidDisappear R27", "M.completion(dismiss, true)",
      ])
  }

  /// PC-6 cancelled (R59), manual clock: viewWillAppear at the cancel, viewDidAppear and the completion (finished
  /// false) after the spring back (0.5 s × 0.3 = 150 ms); no DidDismiss; M still presented.
  @Test func pc6CancelledSwipe() {
    let session = presented(["delegate": ["shouldDismiss": true]])
    session.call("clock/configure", ["mode": "manual"])
    swipe(session, "begin")
    swipe(session, "update", ["progress": 0.3])
    #expect(short(swipe(session, "cancel")) == ["M.viewWillAppear R59"])
    #expect(session.call("clock/advance", ["ms": 149]).events.isEmpty)
    #expect(
      short(session.call("clock/advance", ["ms": 1])) == [
        "M.viewDidAppear R59", "M.completion(interactiveDismiss, false)",
      ])
    #expect(session.call("presentation/get", ["controller": "M"]).result?["presentingViewController"] == "T")
  }

  /// PC-6 blocked (R58): `controller/configure isModalInPresentation` → begin says nothing; finish →
  /// DidAttemptToDismiss, then the spring back's completion; no appearance callback; M still presented.
  @Test func pc6BlockedSwipe() {
    let session = presented(["delegate": [:]])
    #expect(session.call("controller/configure", ["controller": "M", "isModalInPresentation": true]).error == nil)
    #expect(session.call("controller/get", ["controller": "M"]).result?["isModalInPresentation"] == true)
    #expect(swipe(session, "begin").events.isEmpty)
    #expect(
      short(swipe(session, "finish", ["progress": 0.8])) == [
        "M.presentationControllerDidAttemptToDismiss R58", "M.completion(interactiveDismiss, false)",
      ])
    #expect(session.call("controller/get", ["controller": "M"]).result?["appearance"] == "appeared")
    #expect(session.call("presentation/get", ["controller": "M"]).result?["style"] == "pageSheet")
  }

  /// `controller/create` takes isModalInPresentation too; `controller/get` writes it only when true.
  @Test func isModalInPresentationAtCreation() {
    let session = TestSession()
    session.call("controller/create", ["id": "X", "isModalInPresentation": true])
    session.call("controller/create", ["id": "Y"])
    #expect(session.call("controller/get", ["controller": "X"]).result?["isModalInPresentation"] == true)
    #expect(session.call("controller/get", ["controller": "Y"]).result?["isModalInPresentation"] == nil)
  }

  /// The open points as `daemon/configure` options: `sheet.dragOrder` and `sheet.releaseProgress`.
  @Test func theSheetOptions() {
    let session = presented(["delegate": [:]])
    let set = session.call(
      "daemon/configure",
      ["options": ["sheet.dragOrder": "shouldThenAppearanceThenWill", "sheet.releaseProgress": 0.9]])
    #expect(set.result?["options"]?["sheet.dragOrder"] == "shouldThenAppearanceThenWill")
    #expect(
      short(swipe(session, "begin")) == [
        "M.presentationControllerShouldDismiss → true R58", "M.viewWillDisappear R59",
        "M.presentationControllerWillDismiss R58",
      ])
    // 0.6 is short of 0.9: the sheet springs back.
    #expect(
      short(swipe(session, "finish", ["progress": 0.6])) == [
        "M.viewWillAppear R59", "M.viewDidAppear R59", "M.completion(interactiveDismiss, false)",
      ])
    let bad = session.call("daemon/configure", ["options": ["sheet.dragOrder": "sideways"]])
    #expect(bad.error?["data"]?["path"] == "params.options.sheet.dragOrder")
  }

  /// Bad input: precise errors, nothing changed, nothing emitted.
  @Test func badInputIsRefusedPrecisely() {
    let session = presented()
    let before = session.snapshot()
    func refused(_ exchange: TestSession.Exchange, code: Int, _ key: String, _ value: JSONValue) {
      #expect(exchange.error?["code"] == .int(Int64(code)))
      #expect(exchange.error?["data"]?[key] == value)
      #expect(exchange.events.isEmpty)
    }
    refused(
      session.call("presentation/interactiveDismiss", ["controller": "A", "action": "begin"]), code: -32003, "state",
      "notPresented")
    refused(swipe(session, "update", ["progress": 0.5]), code: -32003, "state", "noInteractiveDismiss")
    refused(swipe(session, "finish"), code: -32003, "state", "noInteractiveDismiss")
    refused(swipe(session, "cancel"), code: -32003, "state", "noInteractiveDismiss")
    refused(swipe(session, "fling"), code: -32602, "path", "params.action")
    refused(swipe(session, "begin", ["progress": 2]), code: -32602, "path", "params.progress")
    refused(
      session.call("presentation/interactiveDismiss", ["controller": "nobody", "action": "begin"]), code: -32000, "id",
      "nobody")
    refused(
      session.call("presentation/present", ["presenter": "A", "controller": "M", "delegate": true]), code: -32602,
      "path", "params.delegate")
    refused(
      session.call("presentation/configureDelegate", ["controller": "M", "shouldDismiss": "no"]), code: -32602, "path",
      "params.shouldDismiss")
    #expect(session.snapshot() == before)
    // Begin twice; then a full-screen presentation (not a sheet) and a sheet above M.
    swipe(session, "begin")
    refused(swipe(session, "begin"), code: -32003, "state", "interactiveDismissInProgress")
    swipe(session, "cancel")
    session.call("controller/create", ["id": "S"])
    session.call(
      "presentation/present", ["presenter": "M", "controller": "S", "style": "fullScreen", "animated": false])
    refused(swipe(session, "begin"), code: -32003, "state", "notTopmost")
    refused(
      session.call("presentation/interactiveDismiss", ["controller": "S", "action": "begin"]), code: -32003, "state",
      "notASheet")
  }
}

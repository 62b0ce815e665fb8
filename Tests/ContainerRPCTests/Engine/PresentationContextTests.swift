import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// Presentation in a context over the wire (R53–R56, R70): PC-1 to PC-4 with exact orders, `presentation/get`, the
/// presentation properties of `controller/create` / `controller/configure` / `controller/get`, and their errors.
@Suite struct PresentationContextTests {
  /// `T` (tab bar, root of `win`) with tab 0 = `N` `[A]`; `M` created; viewIsAppearing off, completions subscribed.
  private func tabNavigation(_ extra: JSONValue = [:]) -> TestSession {
    let session = TestSession()
    session.call("daemon/configure", ["options": ["viewIsAppearing": false]])
    session.call("events/subscribe", ["kinds": ["completion"]])
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "A"])
    session.call("controller/create", ["id": "N", "kind": "UINavigationController", "root": "A"])
    session.call("controller/create", ["id": "T", "kind": "UITabBarController", "controllers": ["N"]])
    var m: JSONObject = ["id": "M"]
    for (key, value) in extra.objectValue ?? [:] { m[key] = value }
    session.call("controller/create", .object(m))
    session.call("window/setRoot", ["window": "win", "controller": "T"])
    return session
  }

  private func short(_ exchange: TestSession.Exchange) -> [String] {
    exchange.events.map { event in
      if event["method"] == "event/completion" { return "completion(\(event["params"]?["of"]?.stringValue ?? ""))" }
      return TestSession.describe(event)
    }
  }

  private func frameInWindow(_ session: TestSession, _ view: String) -> JSONValue? {
    session.call("view/get", ["view": .string(view)]).result?["frameInWindow"]
  }

  /// PC-1 (R53–R55): overCurrentContext from A: only M gets callbacks, N presents, A and N read M, T nothing; M's
  /// frame is N's view's in window coordinates.
  @Test func pc1OverCurrentContext() {
    let session = tabNavigation()
    #expect(
      short(
        session.call(
          "presentation/present",
          ["presenter": "A", "controller": "M", "style": "overCurrentContext", "animated": false])) == [
          "M.loadView R1", "M.viewDidLoad R1", "M.viewWillAppear R27", "M.viewDidAppear R27", "completion(present)",
        ])
    #expect(session.call("controller/get", ["controller": "M"]).result?["presentingViewController"] == "N")
    #expect(session.call("controller/get", ["controller": "A"]).result?["presentedViewController"] == "M")
    #expect(session.call("controller/get", ["controller": "N"]).result?["presentedViewController"] == "M")
    #expect(session.call("controller/get", ["controller": "T"]).result?["presentedViewController"] == .null)
    let get = session.call("presentation/get", ["controller": "M"]).result
    #expect(get?["presentingViewController"] == "N")
    #expect(get?["presentedViewController"] == .null)
    #expect(get?["context"] == "N")
    #expect(get?["style"] == "overCurrentContext")
    #expect(get?["transitionStyle"] == "coverVertical")
    #expect(get?["frame"] != .null)
    #expect(get?["frame"] == frameInWindow(session, "N.view"))
    #expect(session.call("view/get", ["view": "M.view"]).result?["superview"] == "T.view")
    let fromA = session.call("presentation/get", ["controller": "A"]).result
    #expect(
      fromA
        == json(
          #"""
          {"context":null,"frame":null,"presentedViewController":"M","presentingViewController":null,"style":null,
           "transitionStyle":null}
          """#))
  }

  /// PC-2 (R55, R27): currentContext: N's subtree disappears parent first around M's appearance, T gets nothing;
  /// dismiss mirrors it.
  @Test func pc2CurrentContext() {
    let session = tabNavigation()
    let nFrame = frameInWindow(session, "N.view")
    #expect(
      short(
        session.call(
          "presentation/present", ["presenter": "A", "controller": "M", "style": "currentContext", "animated": false]))
        == [
          "M.loadView R1", "M.viewDidLoad R1", "N.viewWillDisappear R26", "A.viewWillDisappear R10",
          "M.viewWillAppear R27", "M.viewDidAppear R27", "N.viewDidDisappear R26", "A.viewDidDisappear R10",
          "completion(present)",
        ])
    #expect(session.call("view/get", ["view": "N.view"]).result?["window"] == .null)
    #expect(session.call("view/get", ["view": "T.view"]).result?["window"] == "win")
    #expect(session.call("presentation/get", ["controller": "M"]).result?["frame"] == nFrame)
    #expect(
      short(session.call("presentation/dismiss", ["controller": "M", "animated": false])) == [
        "M.viewWillDisappear R27", "N.viewWillAppear R26", "A.viewWillAppear R10", "N.viewDidAppear R26",
        "A.viewDidAppear R10", "M.viewDidDisappear R27", "completion(dismiss)",
      ])
    #expect(session.call("view/get", ["view": "N.view"]).result?["superview"] == "T.view")
    #expect(
      session.call("presentation/get", ["controller": "M"]).result
        == json(
          #"""
          {"context":null,"frame":null,"presentedViewController":null,"presentingViewController":null,"style":null,
           "transitionStyle":null}
          """#))
  }

  /// PC-3 (R53, R54): C2 with definesPresentationContext presents (M over C2's frame, only C2 disappears); without a
  /// definer the root R presents and R, C1, C2 get the pair.
  @Test(arguments: [true, false])
  func pc3AChildDefinesTheContext(_ defines: Bool) {
    let session = TestSession()
    session.call("daemon/configure", ["options": ["viewIsAppearing": false]])
    session.call("window/create", ["id": "win"])
    for id in ["R", "C1", "M"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("controller/create", ["id": "C2", "definesPresentationContext": .bool(defines)])
    session.call("window/setRoot", ["window": "win", "controller": "R"])
    session.call(
      "containment/embed", ["parent": "R", "child": "C1", "frame": ["x": 0, "y": 0, "width": 390, "height": 422]])
    session.call(
      "containment/embed", ["parent": "R", "child": "C2", "frame": ["x": 0, "y": 422, "width": 390, "height": 422]])
    #expect(
      session.call("controller/get", ["controller": "C2"]).result?["definesPresentationContext"] == .bool(defines))
    let trace = session.call(
      "presentation/present", ["presenter": "C2", "controller": "M", "style": "currentContext", "animated": false]
    ).trace
    let get = session.call("presentation/get", ["controller": "M"]).result
    if defines {
      #expect(
        trace == [
          "M.loadView R1", "M.viewDidLoad R1", "C2.viewWillDisappear R26", "M.viewWillAppear R27",
          "M.viewDidAppear R27", "C2.viewDidDisappear R26",
        ])
      #expect(get?["presentingViewController"] == "C2")
      #expect(get?["context"] == "C2")
      #expect(get?["frame"] == json(#"{"height":422,"width":390,"x":0,"y":422}"#))
    } else {
      #expect(
        trace == [
          "M.loadView R1", "M.viewDidLoad R1", "R.viewWillDisappear R26", "C1.viewWillDisappear R10",
          "C2.viewWillDisappear R10", "M.viewWillAppear R27", "M.viewDidAppear R27", "R.viewDidDisappear R26",
          "C1.viewDidDisappear R10", "C2.viewDidDisappear R10",
        ])
      #expect(get?["presentingViewController"] == "R")
      #expect(get?["context"] == "R")
      #expect(get?["frame"] == json(#"{"height":844,"width":390,"x":0,"y":0}"#))
    }
  }

  /// PC-4 (R56): N provides its transition style: the presentation uses crossDissolve, M keeps coverVertical;
  /// `presentation/present`'s transitionStyle sets M's own.
  @Test func pc4ProvidesPresentationContextTransitionStyle() {
    let session = tabNavigation()
    #expect(
      session.call(
        "controller/configure",
        [
          "controller": "N", "providesPresentationContextTransitionStyle": true,
          "modalTransitionStyle": "crossDissolve",
        ]
      ).result == [:])
    session.call(
      "presentation/present", ["presenter": "A", "controller": "M", "style": "currentContext", "animated": false])
    #expect(session.call("presentation/get", ["controller": "M"]).result?["transitionStyle"] == "crossDissolve")
    let m = session.call("controller/get", ["controller": "M"]).result
    #expect(m?["modalTransitionStyle"] == "coverVertical")
    #expect(m?["providesPresentationContextTransitionStyle"] == false)
    let n = session.call("controller/get", ["controller": "N"]).result
    #expect(n?["modalTransitionStyle"] == "crossDissolve")
    #expect(n?["providesPresentationContextTransitionStyle"] == true)
    session.call("presentation/dismiss", ["controller": "M", "animated": false])
    session.call(
      "presentation/present",
      [
        "presenter": "A", "controller": "M", "style": "overFullScreen", "animated": false,
        "transitionStyle": "partialCurl",
      ])
    #expect(session.call("presentation/get", ["controller": "M"]).result?["transitionStyle"] == "partialCurl")
    #expect(session.call("controller/get", ["controller": "M"]).result?["modalTransitionStyle"] == "partialCurl")
  }

  /// controller/get reports definesPresentationContext for every controller: the kinds' defaults, the daemon option
  /// for a tab bar controller, and a value given at creation.
  @Test func definesPresentationContextDefaults() {
    let session = tabNavigation(["definesPresentationContext": true])
    func defines(_ id: String) -> JSONValue? {
      session.call("controller/get", ["controller": .string(id)]).result?["definesPresentationContext"]
    }
    #expect(defines("A") == false)
    #expect(defines("N") == true)
    #expect(defines("T") == true)
    #expect(defines("M") == true)
    session.call("daemon/configure", ["options": ["tabBarDefinesPresentationContext": false]])
    #expect(defines("T") == false)
    session.call("controller/configure", ["controller": "N", "definesPresentationContext": false])
    #expect(defines("N") == false)
  }

  /// Bad input: precise -32602 errors, nothing changed or emitted.
  @Test func badInputIsRefusedPrecisely() {
    let session = tabNavigation()
    let unknown = session.call("presentation/get", ["controller": "nobody"])
    #expect(unknown.error?["code"] == -32000)
    #expect(session.call("presentation/get", [:]).error?["data"]?["path"] == "params.controller")
    let badStyle = session.call("controller/configure", ["controller": "N", "modalTransitionStyle": "spin"])
    #expect(badStyle.error?["code"] == -32602)
    #expect(badStyle.error?["data"]?["path"] == "params.modalTransitionStyle")
    #expect(badStyle.events.isEmpty)
    let badFlag = session.call("controller/create", ["id": "Z", "definesPresentationContext": "yes"])
    #expect(badFlag.error?["data"]?["path"] == "params.definesPresentationContext")
    #expect(session.call("controller/get", ["controller": "Z"]).error?["code"] == -32000)
    let badTransition = session.call(
      "presentation/present", ["presenter": "A", "controller": "M", "transitionStyle": "fade"])
    #expect(badTransition.error?["data"]?["path"] == "params.transitionStyle")
    #expect(badTransition.events.isEmpty)
    // A refused present keeps the controller's transition style.
    let refused = session.call(
      "presentation/present", ["presenter": "A", "controller": "A", "transitionStyle": "flipHorizontal"])
    #expect(refused.error?["code"] == -32001)
    #expect(session.call("controller/get", ["controller": "A"]).result?["modalTransitionStyle"] == "coverVertical")
  }
}

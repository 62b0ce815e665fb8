import ContainerJSON
import ContainerRPC
import ContainerRPCTestSupport
import Testing

/// Presentation in context and sheet dismissal (R53–R59) through the built binary and in process: the acceptance
/// scenarios PC-1 to PC-6 with their exact orders. Events are short: lifecycle as `M.viewWillAppear R27`, delegate
/// calls as `M.presentationControllerShouldDismiss → true R58`, completions as `M.completion(of, finished)`.
@Suite struct SheetsOverPipesTests {
  /// One request: a name (its id on the wire), the method, the params as JSON text.
  private typealias Call = (name: String, method: String, params: String)

  /// The scenarios' setup: `T` (tab bar, root of `win`) with tab 0 = `N` `[A]`; `M` created; viewIsAppearing off,
  /// completions subscribed (delegate calls are by default).
  private static let tabNavigation: [Call] = [
    ("options", "daemon/configure", #"{"options":{"viewIsAppearing":false}}"#),
    ("subscribe", "events/subscribe", #"{"kinds":["completion"]}"#),
    ("win", "window/create", #"{"id":"win"}"#), ("A", "controller/create", #"{"id":"A"}"#),
    ("N", "controller/create", #"{"id":"N","kind":"UINavigationController","root":"A"}"#),
    ("T", "controller/create", #"{"id":"T","kind":"UITabBarController","controllers":["N"]}"#),
    ("M", "controller/create", #"{"id":"M"}"#),
    ("root", "window/setRoot", #"{"window":"win","controller":"T"}"#),
  ]

  /// Runs `calls`; answers each request's events (those written before its response) and its response, by name.
  private static func run(_ transport: Transport, _ calls: [Call]) throws -> (
    events: [String: [String]], responses: [String: JSONValue]
  ) {
    let input =
      calls.map { call in
        #"{"jsonrpc":"2.0","id":"\#(call.name)","method":"\#(call.method)","params":\#(call.params)}"#
      }.joined(separator: "\n") + "\n"
    var events: [String: [String]] = [:]
    var responses: [String: JSONValue] = [:]
    var pending: [String] = []
    for line in try transport.exchange(input) {
      let message = json(line)
      if let id = message["id"]?.stringValue {
        responses[id] = message
        events[id] = pending
        pending = []
      } else {
        pending.append(describe(message))
      }
    }
    return (events, responses)
  }

  private static func describe(_ event: JSONValue) -> String {
    let params = event["params"] ?? .null
    switch event["method"]?.stringValue {
    case "event/delegate":
      let result = params["result"].map { " → \($0.encodedString)" } ?? ""
      return
        "\(params["object"]?.stringValue ?? "?").\(params["callback"]?.stringValue ?? "?")\(result) \(params["rule"]?.stringValue ?? "?")"
    case "event/completion":
      return
        "\(params["controller"]?.stringValue ?? "?").completion(\(params["of"]?.stringValue ?? "?"), \(params["finished"]?.encodedString ?? "?"))"
    default:
      return EventTrace.describe(event)
    }
  }

  private static func result(_ responses: [String: JSONValue], _ name: String) -> JSONValue? {
    responses[name]?["result"]
  }

  /// PC-1 (R53–R55): overCurrentContext from A inside T/N: M's load and appearance, the completion; nothing for A, N,
  /// T. N is presentingViewController; A and N read M as presentedViewController, T nothing; M's view has N's view's
  /// frame in window coordinates.
  @Test(arguments: Transport.allCases)
  func pc1OverCurrentContext(_ transport: Transport) throws {
    let (events, responses) = try Self.run(
      transport,
      Self.tabNavigation + [
        (
          "present", "presentation/present",
          #"{"presenter":"A","controller":"M","style":"overCurrentContext","animated":false}"#
        ),
        ("getM", "controller/get", #"{"controller":"M"}"#), ("getA", "controller/get", #"{"controller":"A"}"#),
        ("getN", "controller/get", #"{"controller":"N"}"#), ("getT", "controller/get", #"{"controller":"T"}"#),
        ("presentation", "presentation/get", #"{"controller":"M"}"#),
        ("nView", "view/get", #"{"view":"N.view"}"#),
      ])
    #expect(
      events["present"] == [
        "M.loadView R1", "M.viewDidLoad R1", "M.viewWillAppear R27", "M.viewDidAppear R27",
        "A.completion(present, true)",
      ])
    #expect(Self.result(responses, "getM")?["presentingViewController"] == "N")
    #expect(Self.result(responses, "getA")?["presentedViewController"] == "M")
    #expect(Self.result(responses, "getN")?["presentedViewController"] == "M")
    #expect(Self.result(responses, "getT")?["presentedViewController"] == .null)
    let presentation = Self.result(responses, "presentation")
    #expect(presentation?["context"] == "N")
    #expect(presentation?["style"] == "overCurrentContext")
    #expect(presentation?["transitionStyle"] == "coverVertical")
    #expect(presentation?["frame"] != .null)
    #expect(presentation?["frame"] == Self.result(responses, "nView")?["frameInWindow"])
  }

  /// PC-2 (R55, R27): currentContext: N then A (forwarded) disappear around M's appearance; the dismissal mirrors it;
  /// T gets nothing either way.
  @Test(arguments: Transport.allCases)
  func pc2CurrentContext(_ transport: Transport) throws {
    let (events, _) = try Self.run(
      transport,
      Self.tabNavigation + [
        (
          "present", "presentation/present",
          #"{"presenter":"A","controller":"M","style":"currentContext","animated":false}"#
        ),
        ("dismiss", "presentation/dismiss", #"{"controller":"M","animated":false}"#),
      ])
    #expect(
      events["present"] == [
        "M.loadView R1", "M.viewDidLoad R1", "N.viewWillDisappear R26", "A.viewWillDisappear R10",
        "M.viewWillAppear R27", "M.viewDidAppear R27", "N.viewDidDisappear R26", "A.viewDidDisappear R10",
        "A.completion(present, true)",
      ])
    #expect(
      events["dismiss"] == [
        "M.viewWillDisappear R27", "N.viewWillAppear R26", "A.viewWillAppear R10", "N.viewDidAppear R26",
        "A.viewDidAppear R10", "M.viewDidDisappear R27", "M.completion(dismiss, true)",
      ])
  }

  /// PC-3 (R53, R54): `R` with children C1 (top half) and C2 (bottom half). C2 defines the context: C2 presents, M
  /// takes its frame, only C2 disappears. No definer: R presents over the window, R then C1 and C2 disappear.
  @Test(arguments: Transport.allCases, [true, false])
  func pc3AChildDefinesTheContext(_ transport: Transport, _ defines: Bool) throws {
    let (events, responses) = try Self.run(
      transport,
      [
        ("options", "daemon/configure", #"{"options":{"viewIsAppearing":false}}"#),
        ("win", "window/create", #"{"id":"win"}"#), ("R", "controller/create", #"{"id":"R"}"#),
        ("C1", "controller/create", #"{"id":"C1"}"#), ("M", "controller/create", #"{"id":"M"}"#),
        ("C2", "controller/create", #"{"id":"C2","definesPresentationContext":\#(defines)}"#),
        ("root", "window/setRoot", #"{"window":"win","controller":"R"}"#),
        (
          "embed1", "containment/embed",
          #"{"parent":"R","child":"C1","frame":{"x":0,"y":0,"width":390,"height":422}}"#
        ),
        (
          "embed2", "containment/embed",
          #"{"parent":"R","child":"C2","frame":{"x":0,"y":422,"width":390,"height":422}}"#
        ),
        (
          "present", "presentation/present",
          #"{"presenter":"C2","controller":"M","style":"currentContext","animated":false}"#
        ),
        ("presentation", "presentation/get", #"{"controller":"M"}"#),
      ])
    let presentation = Self.result(responses, "presentation")
    if defines {
      #expect(
        events["present"] == [
          "M.loadView R1", "M.viewDidLoad R1", "C2.viewWillDisappear R26", "M.viewWillAppear R27",
          "M.viewDidAppear R27", "C2.viewDidDisappear R26",
        ])
      #expect(presentation?["presentingViewController"] == "C2")
      #expect(presentation?["frame"] == json(#"{"height":422,"width":390,"x":0,"y":422}"#))
    } else {
      #expect(
        events["present"] == [
          "M.loadView R1", "M.viewDidLoad R1", "R.viewWillDisappear R26", "C1.viewWillDisappear R10",
          "C2.viewWillDisappear R10", "M.viewWillAppear R27", "M.viewDidAppear R27", "R.viewDidDisappear R26",
          "C1.viewDidDisappear R10", "C2.viewDidDisappear R10",
        ])
      #expect(presentation?["presentingViewController"] == "R")
      #expect(presentation?["frame"] == json(#"{"height":844,"width":390,"x":0,"y":0}"#))
    }
  }

  /// PC-4 (R56): N provides its transition style (crossDissolve); A presents M (coverVertical) currentContext: the
  /// presentation uses crossDissolve, M's own property stays coverVertical.
  @Test(arguments: Transport.allCases)
  func pc4TheContextProvidesTheTransitionStyle(_ transport: Transport) throws {
    let (_, responses) = try Self.run(
      transport,
      Self.tabNavigation + [
        (
          "configure", "controller/configure",
          #"{"controller":"N","providesPresentationContextTransitionStyle":true,"modalTransitionStyle":"crossDissolve"}"#
        ),
        (
          "present", "presentation/present",
          #"{"presenter":"A","controller":"M","style":"currentContext","animated":false,"transitionStyle":"coverVertical"}"#
        ),
        ("presentation", "presentation/get", #"{"controller":"M"}"#),
        ("getM", "controller/get", #"{"controller":"M"}"#),
      ])
    #expect(Self.result(responses, "presentation")?["transitionStyle"] == "crossDissolve")
    #expect(Self.result(responses, "getM")?["modalTransitionStyle"] == "coverVertical")
  }

  /// PC-5 (R57–R59): a pageSheet with a delegate (`presentation/configureDelegate`) swiped down past half its height:
  /// begin → ShouldDismiss (true), WillDismiss, M.viewWillDisappear; update nothing; finish → (the settle)
  /// M.viewDidDisappear, DidDismiss, the completion. A, N, T nothing; M.presentingViewController null afterwards. Then
  /// presented again and dismissed by code: no delegate call.
  @Test(arguments: Transport.allCases)
  func pc5CompletedSwipe(_ transport: Transport) throws {
    let (events, responses) = try Self.run(
      transport,
      Self.tabNavigation + [
        (
          "present", "presentation/present",
          #"{"presenter":"A","controller":"M","style":"pageSheet","animated":false}"#
        ),
        ("delegate", "presentation/configureDelegate", #"{"controller":"M"}"#),
        ("begin", "presentation/interactiveDismiss", #"{"controller":"M","action":"begin"}"#),
        ("update", "presentation/interactiveDismiss", #"{"controller":"M","action":"update","progress":0.6}"#),
        ("finish", "presentation/interactiveDismiss", #"{"controller":"M","action":"finish"}"#),
        ("getM", "controller/get", #"{"controller":"M"}"#),
        ("again", "presentation/present", #"{"presenter":"A","controller":"M","animated":false}"#),
        ("dismiss", "presentation/dismiss", #"{"controller":"M","animated":false}"#),
      ])
    #expect(
      events["present"] == [
        "M.loadView R1", "M.viewDidLoad R1", "M.viewWillAppear R27", "M.viewDidAppear R27",
        "A.completion(present, true)",
      ])
    #expect(events["delegate"] == [])
    #expect(
      events["begin"] == [
        "M.presentationControllerShouldDismiss → true R58", "M.presentationControllerWillDismiss R58",
        "M.viewWillDisappear R59",
      ])
    #expect(events["update"] == [])
    #expect(
      events["finish"] == [
        "M.viewDidDisappear R59", "M.presentationControllerDidDismiss R58", "M.completion(interactiveDismiss, true)",
      ])
    #expect(Self.result(responses, "getM")?["presentingViewController"] == .null)
    #expect(events["dismiss"] == ["M.viewWillDisappear R27", "M.viewDidDisappear R27", "M.completion(dismiss, true)"])
  }

  /// PC-6 (R58, R59): cancelled — M.viewWillAppear, then (after the spring back) M.viewDidAppear, no DidDismiss; then
  /// blocked with `isModalInPresentation` — begin nothing, finish DidAttemptToDismiss only (and the spring back's
  /// completion); M still presented.
  @Test(arguments: Transport.allCases)
  func pc6CancelledThenBlocked(_ transport: Transport) throws {
    let (events, responses) = try Self.run(
      transport,
      Self.tabNavigation + [
        (
          "present", "presentation/present",
          #"{"presenter":"A","controller":"M","style":"pageSheet","animated":false,"delegate":{}}"#
        ),
        ("begin", "presentation/interactiveDismiss", #"{"controller":"M","action":"begin"}"#),
        ("update", "presentation/interactiveDismiss", #"{"controller":"M","action":"update","progress":0.3}"#),
        ("cancel", "presentation/interactiveDismiss", #"{"controller":"M","action":"cancel"}"#),
        ("modal", "controller/configure", #"{"controller":"M","isModalInPresentation":true}"#),
        ("begin2", "presentation/interactiveDismiss", #"{"controller":"M","action":"begin"}"#),
        ("finish2", "presentation/interactiveDismiss", #"{"controller":"M","action":"finish","progress":0.9}"#),
        ("presentation", "presentation/get", #"{"controller":"M"}"#),
      ])
    #expect(
      events["begin"] == [
        "M.presentationControllerShouldDismiss → true R58", "M.presentationControllerWillDismiss R58",
        "M.viewWillDisappear R59",
      ])
    #expect(
      events["cancel"] == ["M.viewWillAppear R59", "M.viewDidAppear R59", "M.completion(interactiveDismiss, false)"])
    #expect(events["modal"] == [])
    #expect(events["begin2"] == [])
    #expect(
      events["finish2"] == [
        "M.presentationControllerDidAttemptToDismiss R58", "M.completion(interactiveDismiss, false)",
      ])
    #expect(Self.result(responses, "presentation")?["presentingViewController"] == "T")
    #expect(Self.result(responses, "presentation")?["style"] == "pageSheet")
  }

  /// Bad input (R57–R59): a swipe on a controller not presented, on a full-screen presentation, on a sheet under
  /// another, update without begin, begin twice: -32003 with the state, nothing emitted.
  @Test(arguments: Transport.allCases)
  func refusals(_ transport: Transport) throws {
    let (events, responses) = try Self.run(
      transport,
      Self.tabNavigation + [
        ("notPresented", "presentation/interactiveDismiss", #"{"controller":"A","action":"begin"}"#),
        (
          "present", "presentation/present",
          #"{"presenter":"A","controller":"M","style":"pageSheet","animated":false}"#
        ),
        ("noBegin", "presentation/interactiveDismiss", #"{"controller":"M","action":"update","progress":0.5}"#),
        ("begin", "presentation/interactiveDismiss", #"{"controller":"M","action":"begin"}"#),
        ("twice", "presentation/interactiveDismiss", #"{"controller":"M","action":"begin"}"#),
        ("cancel", "presentation/interactiveDismiss", #"{"controller":"M","action":"cancel"}"#),
        ("S", "controller/create", #"{"id":"S"}"#),
        ("full", "presentation/present", #"{"presenter":"M","controller":"S","style":"fullScreen","animated":false}"#),
        ("under", "presentation/interactiveDismiss", #"{"controller":"M","action":"begin"}"#),
        ("notASheet", "presentation/interactiveDismiss", #"{"controller":"S","action":"begin"}"#),
      ])
    for (name, state) in [
      ("notPresented", "notPresented"), ("noBegin", "noInteractiveDismiss"), ("twice", "interactiveDismissInProgress"),
      ("under", "notTopmost"), ("notASheet", "notASheet"),
    ] {
      #expect(responses[name]?["error"]?["code"] == -32003)
      #expect(responses[name]?["error"]?["data"]?["state"] == .string(state))
      #expect(events[name] == [])
    }
  }
}

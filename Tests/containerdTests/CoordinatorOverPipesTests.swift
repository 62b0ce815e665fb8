import ContainerJSON
import ContainerRPCTestSupport
import Testing

/// The transition coordinator's acceptance scenarios through the built binary (R46–R51): TC-1..TC-6, each with its
/// exact order. Probes are registered in a batch right after the call that starts the transition, which behaves as if
/// registered in the incoming controller's viewWillAppear. Completions, coordinator and transitioning events are
/// subscribed.
@Suite struct CoordinatorOverPipesTests {
  static func request(_ id: Int, _ method: String, _ params: String) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
  }

  static func batch(_ requests: String...) -> String { "[" + requests.joined(separator: ",") + "]" }

  static let subscribe = request(
    90, "events/subscribe", #"{"kinds":["completion","coordinator","transitioning"]}"#)

  /// A window showing `nav` with `[a]` (or `[a, b]`), its delegate installed.
  static func navigationSetup(stack: [String]) -> [String] {
    [
      request(1, "window/create", #"{"id":"win"}"#), request(2, "controller/create", #"{"id":"a"}"#),
      request(3, "controller/create", #"{"id":"b"}"#),
      request(4, "controller/create", #"{"id":"nav","kind":"UINavigationController","delegate":true}"#),
      request(
        5, "navigation/setViewControllers",
        #"{"navigation":"nav","controllers":[\#(stack.map { "\"\($0)\"" }.joined(separator: ","))],"animated":false}"#
      ),
      request(6, "window/setRoot", #"{"window":"win","controller":"nav"}"#), subscribe,
    ]
  }

  /// A window showing `p`; `m` and `m2` are free.
  static let presentationSetup = [
    request(1, "window/create", #"{"id":"win"}"#), request(2, "controller/create", #"{"id":"p"}"#),
    request(3, "controller/create", #"{"id":"m"}"#), request(4, "controller/create", #"{"id":"m2"}"#),
    request(5, "window/setRoot", #"{"window":"win","controller":"p"}"#), subscribe,
  ]

  /// The events of `lines` as short strings: `b.viewWillAppear R19`, `b.didMove(nav)`, `nav.completion(push)`,
  /// `coordinator b.t1 alongsideAnimation cancelled:false`, `transitioning m.presentAnimator animateTransition`,
  /// `delegate nav.willShow(a)`, `warning: …`. Layout callbacks are left out.
  static func trace(_ lines: [String]) -> [String] {
    lines.compactMap { line -> String? in
      guard let event = try? JSONValue.parse(line), case .string(let method)? = event["method"],
        let params = event["params"]
      else { return nil }
      let rule = params["rule"]?.stringValue ?? ""
      switch method {
      case "event/lifecycle":
        guard let controller = params["controller"]?.stringValue, let callback = params["callback"]?.stringValue
        else { return nil }
        var argument = ""
        if let parent = params["parent"] { argument = parent == .null ? "(nil)" : "(\(parent.stringValue ?? ""))" }
        return "\(controller).\(callback)\(argument) \(rule)"
      case "event/completion":
        let finished = params["finished"] == .bool(false) ? ",false" : ""
        return "\(params["controller"]?.stringValue ?? "").completion(\(params["of"]?.stringValue ?? "")\(finished))"
      case "event/coordinator":
        let cancelled = params["isCancelled"] == .bool(true)
        return
          "coordinator \(params["controller"]?.stringValue ?? "").\(params["tag"]?.stringValue ?? "") "
          + "\(params["callback"]?.stringValue ?? "") cancelled:\(cancelled)"
      case "event/transitioning":
        let done = params["didComplete"].map { "(\($0 == .bool(true)))" } ?? ""
        return "transitioning \(params["object"]?.stringValue ?? "") \(params["callback"]?.stringValue ?? "")\(done)"
      case "event/delegate":
        let shown = params["args"]?["viewController"]?.stringValue ?? ""
        return "delegate \(params["object"]?.stringValue ?? "").\(params["callback"]?.stringValue ?? "")(\(shown))"
      case "event/warning":
        return "warning: \(params["message"]?.stringValue ?? "")"
      default:
        return nil
      }
    }
  }

  /// Whether `line` is a reply (or a batch's replies).
  static func isReply(_ line: String) -> Bool {
    line.hasPrefix("[") || line.hasPrefix(#"{"id":"#) || line.hasPrefix(#"{"error":"#)
  }

  /// The events between the reply to `id` (a single request's, or the batch that contains it) and the next reply:
  /// the events of the request after it.
  static func events(after id: Int, in lines: [String]) -> [String] {
    guard let index = lines.firstIndex(where: { isReply($0) && $0.contains(#""id":\#(id),"#) }) else { return [] }
    return trace(Array(lines[(index + 1)...].prefix { !isReply($0) }))
  }

  static func reply(_ id: Int, in lines: [String]) -> String? {
    lines.first { isReply($0) && $0.contains(#""id":\#(id),"#) }
  }

  static func run(_ requests: [String]) throws -> [String] {
    try Transport.binary.exchange(requests.joined(separator: "\n") + "\n")
  }

  /// TC-1 (R46–R48, R19, R20): an animated push with an alongside probe on the incoming controller; the coordinator
  /// exists from the push call (the batch's query finds it from `b`), the probe's animation runs after the will pair,
  /// its completion after didMove, before the push's completion; after the turn there is none.
  @Test func tc1AnimatedPushWithAlongsideProbe() throws {
    let lines = try Self.run(
      Self.navigationSetup(stack: ["a"]) + [
        Self.batch(
          Self.request(10, "navigation/push", #"{"navigation":"nav","controller":"b","animated":true}"#),
          Self.request(11, "transition/animateAlongside", #"{"controller":"b","tag":"t1"}"#),
          Self.request(12, "transition/coordinator", #"{"controller":"b"}"#)),
        Self.request(13, "transition/coordinator", #"{"controller":"b"}"#),
      ])
    #expect(
      Self.events(after: 90, in: lines) == [
        "b.willMove(nav) R20", "b.loadView R1", "b.viewDidLoad R1", "delegate nav.willShow(b)",
        "a.viewWillDisappear R19", "b.viewWillAppear R19", "coordinator b.t1 alongsideAnimation cancelled:false",
        "b.viewIsAppearing R69", "a.viewDidDisappear R19", "b.viewDidAppear R19", "b.didMove(nav) R20",
        "coordinator b.t1 alongsideCompletion cancelled:false", "delegate nav.didShow(b)", "nav.completion(push)",
      ])
    let batch = try #require(Self.reply(10, in: lines))
    #expect(batch.contains(#""queued":true"#))
    #expect(batch.contains(#""active":true"#) && batch.contains(#""isAnimated":true"#))
    #expect(batch.contains(#""isInteractive":false"#) && batch.contains(#""kind":"push""#))
    #expect(Self.reply(13, in: lines)?.contains(#""result":{"active":false}"#) == true)
  }

  /// TC-2 (R46, `coordinator.nonAnimatedNav` nil): a pop without animation has no coordinator; a probe is not queued
  /// and no coordinator event follows.
  @Test func tc2NonAnimatedPopHasNoCoordinator() throws {
    let lines = try Self.run(
      Self.navigationSetup(stack: ["a", "b"]) + [
        Self.batch(
          Self.request(10, "navigation/pop", #"{"navigation":"nav","animated":false}"#),
          Self.request(11, "transition/coordinator", #"{"controller":"b"}"#),
          Self.request(12, "transition/animateAlongside", #"{"controller":"a","tag":"t2"}"#))
      ])
    let batch = try #require(Self.reply(10, in: lines))
    #expect(batch.contains(#""result":{"active":false}"#))
    #expect(batch.contains(#""result":{"queued":false}"#))
    #expect(
      Self.events(after: 90, in: lines) == [
        "b.willMove(nil) R20", "a.loadView R1", "a.viewDidLoad R1", "delegate nav.willShow(a)",
        "b.viewWillDisappear R19", "a.viewWillAppear R19", "a.viewIsAppearing R69", "b.viewDidDisappear R19",
        "a.viewDidAppear R19", "b.didMove(nil) R20", "delegate nav.didShow(a)", "nav.completion(pop)",
      ])
  }

  /// The begin of TC-3 and TC-4 (R51): the delegate's willShow first, then R23's will pair; the probes registered in
  /// the batch (the alongside animation runs at once: the interactive animator started at begin, R47).
  private static func interactivePop(ending action: String) -> [String] {
    navigationSetup(stack: ["a", "b"]) + [
      batch(
        request(10, "navigation/interactivePop", #"{"navigation":"nav","action":"begin"}"#),
        request(11, "transition/animateAlongside", #"{"controller":"a","tag":"probe"}"#),
        request(12, "transition/notifyWhenInteractionChanges", #"{"controller":"a","tag":"lift"}"#),
        request(13, "transition/coordinator", #"{"controller":"b"}"#)),
      request(14, "navigation/interactivePop", #"{"navigation":"nav","action":"update","progress":0.3}"#),
      request(15, "navigation/interactivePop", #"{"navigation":"nav","action":"\#(action)"}"#),
      request(16, "controller/get", #"{"controller":"nav"}"#),
    ]
  }

  private static let interactiveBegin = [
    "delegate nav.willShow(a)", "b.willMove(nil) R20", "a.loadView R1", "a.viewDidLoad R1",
    "b.viewWillDisappear R23", "a.viewWillAppear R23", "coordinator a.probe alongsideAnimation cancelled:false",
    "a.viewIsAppearing R69",
  ]

  /// TC-3 (R50, R51, R24): cancelled — interactionChanged (cancelled, 0.3) at the cancel, then after the settle R24's
  /// reversal, the alongside completion (cancelled); no didShow, no didMove; the stack stays `[a, b]`.
  @Test func tc3InteractivePopCancelled() throws {
    let lines = try Self.run(Self.interactivePop(ending: "cancel"))
    #expect(Self.events(after: 90, in: lines) == Self.interactiveBegin)
    let begin = try #require(Self.reply(10, in: lines))
    #expect(begin.contains(#""isInteractive":true"#) && begin.contains(#""initiallyInteractive":true"#))
    #expect(begin.contains(#""registered":true"#))
    #expect(Self.events(after: 10, in: lines).isEmpty)
    #expect(
      Self.events(after: 14, in: lines) == [
        "coordinator a.lift interactionChanged cancelled:true", "a.viewWillDisappear R24", "a.viewDidDisappear R24",
        "b.viewWillAppear R24", "b.viewIsAppearing R69", "b.viewDidAppear R24",
        "coordinator a.probe alongsideCompletion cancelled:true", "nav.completion(pop,false)",
      ])
    #expect(Self.reply(16, in: lines)?.contains(#""children":["a","b"]"#) == true)
    let lift = try #require(lines.first { $0.contains(#""callback":"interactionChanged""#) })
    #expect(lift.contains(#""isInteractive":false"#) && lift.contains(#""percentComplete":0.3"#))
  }

  /// TC-4 (R51): finished — interactionChanged (not cancelled), then after the settle the did pair, b.didMove(nil),
  /// the alongside completion, the delegate's didShow and the pop's completion.
  @Test func tc4InteractivePopFinished() throws {
    let lines = try Self.run(Self.interactivePop(ending: "finish"))
    #expect(Self.events(after: 90, in: lines) == Self.interactiveBegin)
    #expect(
      Self.events(after: 14, in: lines) == [
        "coordinator a.lift interactionChanged cancelled:false", "b.viewDidDisappear R23", "a.viewDidAppear R23",
        "b.didMove(nil) R20", "coordinator a.probe alongsideCompletion cancelled:false", "delegate nav.didShow(a)",
        "nav.completion(pop)",
      ])
    #expect(Self.reply(16, in: lines)?.contains(#""children":["a"]"#) == true)
  }

  /// TC-5 (R48, R49): a manual animator on a fullScreen presentation — nothing after animateTransition until
  /// transition/complete, which delivers completeTransition, presentationTransitionDidEnd, the did pair, the
  /// completion, the alongside completion and animationEnded, in that order.
  @Test func tc5ManualAnimatorFullScreen() throws {
    let lines = try Self.run(
      Self.presentationSetup + [
        Self.request(10, "transition/setAnimator", #"{"controller":"m","kind":"present","completes":"manual"}"#),
        Self.batch(
          Self.request(
            11, "presentation/present", #"{"presenter":"p","controller":"m","style":"fullScreen","animated":true}"#),
          Self.request(12, "transition/animateAlongside", #"{"controller":"m","tag":"t5"}"#)),
        Self.request(13, "transition/coordinator", #"{"controller":"p"}"#),
        Self.request(14, "transition/complete", #"{"animator":"m.presentAnimator","didComplete":true}"#),
        Self.request(15, "transition/coordinator", #"{"controller":"m"}"#),
      ])
    #expect(Self.reply(10, in: lines)?.contains(#""animator":"m.presentAnimator""#) == true)
    #expect(
      Self.events(after: 10, in: lines) == [
        "transitioning m.presentAnimator animationController",
        "transitioning m.presentationController presentationTransitionWillBegin", "m.loadView R1",
        "m.viewDidLoad R1", "p.viewWillDisappear R26", "m.viewWillAppear R27",
        "transitioning m.presentAnimator animateTransition", "coordinator m.t5 alongsideAnimation cancelled:false",
        "m.viewIsAppearing R69",
      ])
    let waiting = try #require(Self.reply(13, in: lines))
    #expect(waiting.contains(#""awaitingCompletion":true"#) && waiting.contains(#""presentationStyle":"fullScreen""#))
    #expect(
      Self.events(after: 13, in: lines) == [
        "transitioning m.presentAnimator completeTransition(true)",
        "transitioning m.presentationController presentationTransitionDidEnd(true)", "m.viewDidAppear R27",
        "p.viewDidDisappear R26", "p.completion(present)", "coordinator m.t5 alongsideCompletion cancelled:false",
        "transitioning m.presentAnimator animationEnded(true)",
      ])
    #expect(Self.reply(15, in: lines)?.contains(#""result":{"active":false}"#) == true)
  }

  /// TC-5's custom variant (R49, R26): `.custom` with shouldRemovePresentersView false — the presentation controller
  /// is asked for, and the presenter gets nothing.
  @Test func tc5CustomStyleLeavesThePresenterAlone() throws {
    let lines = try Self.run(
      Self.presentationSetup + [
        Self.request(
          10, "transition/setAnimator",
          #"{"controller":"m","kind":"present","completes":"manual","presentationController":{"shouldRemovePresentersView":false}}"#
        ),
        Self.request(
          11, "presentation/present", #"{"presenter":"p","controller":"m","style":"custom","animated":true}"#),
        Self.request(12, "transition/complete", #"{"controller":"m","didComplete":true}"#),
      ])
    #expect(
      Self.events(after: 10, in: lines) == [
        "transitioning m.presentAnimator animationController",
        "transitioning m.presentationController presentationController",
        "transitioning m.presentationController presentationTransitionWillBegin", "m.loadView R1",
        "m.viewDidLoad R1", "m.viewWillAppear R27", "transitioning m.presentAnimator animateTransition",
        "m.viewIsAppearing R69",
      ])
    #expect(
      Self.events(after: 11, in: lines) == [
        "transitioning m.presentAnimator completeTransition(true)",
        "transitioning m.presentationController presentationTransitionDidEnd(true)", "m.viewDidAppear R27",
        "p.completion(present)", "transitioning m.presentAnimator animationEnded(true)",
      ])
  }

  /// TC-6 (R48, R28): an animator that never completes — after 5 s no did callbacks, `p` still presents `m`, one
  /// "transition never completed" warning (the option is set to 1000 ms); a second presentation from `p` only warns.
  @Test func tc6AnimatorNeverCompletes() throws {
    let lines = try Self.run(
      Self.presentationSetup + [
        Self.request(10, "clock/configure", #"{"mode":"manual"}"#),
        Self.request(11, "daemon/configure", #"{"options":{"transition.completeTimeoutMs":1000}}"#),
        Self.request(12, "transition/setAnimator", #"{"controller":"m","kind":"present","completes":"manual"}"#),
        Self.request(
          13, "presentation/present", #"{"presenter":"p","controller":"m","style":"fullScreen","animated":true}"#),
        Self.request(14, "clock/advance", #"{"ms":5000}"#),
        Self.request(15, "controller/get", #"{"controller":"p"}"#),
        Self.request(16, "presentation/present", #"{"presenter":"p","controller":"m2","animated":true}"#),
      ])
    #expect(Self.events(after: 13, in: lines) == ["warning: transition never completed"])
    #expect(Self.reply(15, in: lines)?.contains(#""presentedViewController":"m""#) == true)
    #expect(
      Self.events(after: 15, in: lines) == [
        "warning: Attempt to present <UIViewController: m2> on <UIViewController: p> which is already presenting <UIViewController: m>"
      ])
  }

  /// Refusals change nothing and emit nothing: an unknown animator (-32000), completing a finished transition
  /// (-32003), a push animator on a plain controller (-32602).
  @Test func refusalsAreAtomic() throws {
    let lines = try Self.run(
      Self.presentationSetup + [
        Self.request(10, "transition/complete", #"{"animator":"nobody","didComplete":true}"#),
        Self.request(11, "transition/complete", #"{"controller":"p","didComplete":true}"#),
        Self.request(12, "transition/setAnimator", #"{"controller":"p","kind":"push"}"#),
        Self.request(13, "transition/complete", #"{"didComplete":true}"#),
      ])
    #expect(Self.reply(10, in: lines)?.contains(#""code":-32000"#) == true)
    #expect(Self.reply(11, in: lines)?.contains(#""state":"noTransitionAwaitingCompletion""#) == true)
    #expect(Self.reply(12, in: lines)?.contains(#""code":-32602"#) == true)
    #expect(Self.reply(13, in: lines)?.contains(#""path":"params.animator""#) == true)
    for id in [90, 10, 11, 12] { #expect(Self.events(after: id, in: lines).isEmpty) }
  }

  /// R46, R50, R59 through the binary: a sheet's swipe has an interactive coordinator; cancelled, the interaction
  /// handler (cancelled, the drag's progress) runs before the reversing viewWillAppear, the alongside completion
  /// (cancelled) after the spring back's completion.
  @Test func sheetSwipeCancelledIsAnInteractiveTransition() throws {
    let lines = try Self.run(
      Self.presentationSetup + [
        Self.request(10, "presentation/present", #"{"presenter":"p","controller":"m","style":"pageSheet"}"#),
        Self.batch(
          Self.request(11, "presentation/interactiveDismiss", #"{"controller":"m","action":"begin","progress":0.25}"#),
          Self.request(12, "transition/notifyWhenInteractionChanges", #"{"controller":"m","tag":"lift"}"#),
          Self.request(13, "transition/animateAlongside", #"{"controller":"m","tag":"probe"}"#),
          Self.request(14, "transition/coordinator", #"{"controller":"p"}"#)),
        Self.request(15, "presentation/interactiveDismiss", #"{"controller":"m","action":"cancel"}"#),
      ])
    let batch = try #require(Self.reply(11, in: lines))
    #expect(batch.contains(#""registered":true"#) && batch.contains(#""queued":true"#))
    #expect(batch.contains(#""kind":"dismiss""#) && batch.contains(#""isInteractive":true"#))
    #expect(batch.contains(#""percentComplete":0.25"#))
    #expect(
      Self.events(after: 10, in: lines) == [
        "m.viewWillDisappear R59", "coordinator m.probe alongsideAnimation cancelled:false",
      ])
    #expect(
      Self.events(after: 11, in: lines).filter { !$0.contains("viewIsAppearing") } == [
        "coordinator m.lift interactionChanged cancelled:true", "m.viewWillAppear R59", "m.viewDidAppear R59",
        "m.completion(interactiveDismiss,false)", "coordinator m.probe alongsideCompletion cancelled:true",
      ])
  }

  /// R48's watchdog in auto mode: the "transition never completed" warning comes where the clock goes idle, in the
  /// presentation's turn, without running the clock ahead to the timeout (UIKit's time does not move for it); a
  /// transition completed in the same batch leaves no timer that moves the clock either.
  @Test func completeTimeoutDoesNotRunTheAutoClockAhead() throws {
    let lines = try Self.run(
      Self.presentationSetup + [
        Self.request(10, "daemon/configure", #"{"options":{"transition.completeTimeoutMs":5000}}"#),
        Self.request(11, "transition/setAnimator", #"{"controller":"m","kind":"present","completes":"manual"}"#),
        Self.request(
          12, "presentation/present", #"{"presenter":"p","controller":"m","style":"fullScreen","animated":true}"#),
        Self.request(13, "clock/now", "{}"),
        Self.request(14, "transition/complete", #"{"controller":"m","didComplete":true}"#),
        Self.request(15, "transition/setAnimator", #"{"controller":"m2","kind":"present","completes":"manual"}"#),
        Self.batch(
          Self.request(16, "presentation/present", #"{"presenter":"m","controller":"m2","animated":true}"#),
          Self.request(17, "transition/complete", #"{"controller":"m2","didComplete":true}"#)),
        Self.request(18, "clock/now", "{}"),
      ])
    #expect(Self.events(after: 11, in: lines).last == "warning: transition never completed")
    let warning = try #require(lines.first { $0.contains("transition never completed") })
    #expect(warning.contains(#""time":0"#))
    #expect(Self.reply(13, in: lines)?.contains(#""result":{"now":0}"#) == true)
    #expect(!Self.events(after: 15, in: lines).contains("warning: transition never completed"))
    #expect(Self.reply(18, in: lines)?.contains(#""result":{"now":0}"#) == true)
  }

  /// A timeout the clock cannot represent is refused (-32602 at its path), and the next request is answered.
  @Test func hugeCompleteTimeoutIsRefused() throws {
    let lines = try Self.run(
      Self.presentationSetup + [
        Self.request(10, "daemon/configure", #"{"options":{"transition.completeTimeoutMs":1e308}}"#),
        Self.request(11, "transition/setAnimator", #"{"controller":"m","kind":"present","completes":"manual"}"#),
        Self.request(12, "presentation/present", #"{"presenter":"p","controller":"m","animated":true}"#),
        Self.request(13, "daemon/ping", "{}"),
      ])
    let refused = try #require(Self.reply(10, in: lines))
    #expect(refused.contains(#""code":-32602"#))
    #expect(refused.contains(#""path":"params.options.transition.completeTimeoutMs""#))
    #expect(Self.reply(13, in: lines)?.contains(#""pong":true"#) == true)
  }

  /// R48: an animator installed again while its transition waits keeps its id; transition/complete by that id
  /// completes the waiting transition. Given both an animator and a controller of another transition, it is refused
  /// (-32003) and changes nothing.
  @Test func completeByIdAfterTheAnimatorIsReplaced() throws {
    let lines = try Self.run(
      Self.presentationSetup + [
        Self.request(10, "transition/setAnimator", #"{"controller":"m","kind":"present","completes":"manual"}"#),
        Self.request(11, "presentation/present", #"{"presenter":"p","controller":"m","animated":true}"#),
        Self.request(12, "transition/setAnimator", #"{"controller":"m","kind":"present","completes":true}"#),
        Self.request(
          13, "transition/complete", #"{"animator":"m.presentAnimator","controller":"m2","didComplete":true}"#),
        Self.request(14, "transition/complete", #"{"animator":"m.presentAnimator","didComplete":true}"#),
      ])
    let refused = try #require(Self.reply(13, in: lines))
    #expect(refused.contains(#""state":"noTransitionAwaitingCompletion""#))
    #expect(Self.events(after: 12, in: lines).isEmpty)
    #expect(Self.reply(14, in: lines)?.contains(#""result":{}"#) == true)
    #expect(
      Self.events(after: 13, in: lines) == [
        "transitioning m.presentAnimator completeTransition(true)",
        "transitioning m.presentationController presentationTransitionDidEnd(true)", "m.viewDidAppear R27",
        "p.completion(present)", "transitioning m.presentAnimator animationEnded(true)",
      ])
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// Modal presentation (R26–R28), exact orders with completions.
@Suite struct PresentationTests {
  private func shownRoot() -> TestSession {
    let session = TestSession()
    session.call("daemon/configure", ["options": ["viewIsAppearing": false]])
    session.call("events/subscribe", ["kinds": ["completion"]])
    session.call("window/create", ["id": "win"])
    for id in ["A", "M"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("window/setRoot", ["window": "win", "controller": "A"])
    return session
  }

  @discardableResult
  private func present(_ session: TestSession, style: String, animated: Bool = false) -> TestSession.Exchange {
    session.call(
      "presentation/present",
      ["presenter": "A", "controller": "M", "style": .string(style), "animated": .bool(animated)])
  }

  private func short(_ exchange: TestSession.Exchange) -> [String] { short(exchange.events) }

  private func short(_ events: [JSONValue]) -> [String] {
    events.map { event in
      if event["method"] == "event/completion" { return "completion(\(event["params"]?["of"]?.stringValue ?? ""))" }
      return TestSession.describe(event)
    }
  }

  /// R26, R27 (L-cat's log): full screen removes the presenter's view, so it gets disappear callbacks; the
  /// completion comes after the presenter's viewDidDisappear; dismiss mirrors it.
  @Test func fullScreenPresentAndDismiss() {
    let session = shownRoot()
    #expect(
      short(present(session, style: "fullScreen")) == [
        "M.loadView R1", "M.viewDidLoad R1", "A.viewWillDisappear R26", "M.viewWillAppear R27", "M.viewDidAppear R27",
        "A.viewDidDisappear R26", "completion(present)",
      ])
    #expect(session.call("view/get", ["view": "A.view"]).result?["window"] == .null)
    #expect(session.call("controller/get", ["controller": "M"]).result?["presentingViewController"] == "A")
    #expect(
      short(session.call("presentation/dismiss", ["controller": "M", "animated": false])) == [
        "M.viewWillDisappear R27", "A.viewWillAppear R26", "A.viewDidAppear R26", "M.viewDidDisappear R27",
        "completion(dismiss)",
      ])
    #expect(session.call("view/get", ["view": "A.view"]).result?["window"] == "win")
    #expect(session.call("controller/get", ["controller": "A"]).result?["presentedViewController"] == .null)
  }

  /// R26, R27: `modalPresentationStyle` is the presented controller's property (default `pageSheet`, iOS 13's
  /// `automatic`): a `presentation/present` that names no style uses it — `fullScreen` set at creation gives the
  /// presenter the disappear pair — and a style named on the call becomes the property, as app code sets it before
  /// `present`.
  @Test func thePresentedControllersModalPresentationStyleIsTheDefault() {
    let session = shownRoot()
    let style = { (id: String) in
      session.call("controller/get", ["controller": .string(id)]).result?["modalPresentationStyle"]
    }
    #expect(style("M") == "pageSheet")
    session.call("controller/configure", ["controller": "M", "modalPresentationStyle": "fullScreen"])
    #expect(style("M") == "fullScreen")
    #expect(
      short(session.call("presentation/present", ["presenter": "A", "controller": "M", "animated": false])) == [
        "M.loadView R1", "M.viewDidLoad R1", "A.viewWillDisappear R26", "M.viewWillAppear R27", "M.viewDidAppear R27",
        "A.viewDidDisappear R26", "completion(present)",
      ])
    session.call("presentation/dismiss", ["controller": "M", "animated": false])
    session.call("controller/create", ["id": "S", "modalPresentationStyle": "overFullScreen"])
    #expect(style("S") == "overFullScreen")
    #expect(
      short(
        session.call(
          "presentation/present", ["presenter": "A", "controller": "S", "style": "pageSheet", "animated": false]))
        == [
          "S.loadView R1", "S.viewDidLoad R1", "S.viewWillAppear R27", "S.viewDidAppear R27", "completion(present)",
        ])
    #expect(style("S") == "pageSheet")
  }

  /// Documentation/Protocol.md, "Errors": a refused `presentation/present` leaves the presented controller's styles as
  /// they were; a wrong style is -32602 at its path, on `presentation/present`, `controller/create` and `scene/load`
  /// alike.
  @Test func aRefusedPresentKeepsTheStyles() {
    let session = shownRoot()
    let refused = session.call(
      "presentation/present",
      ["presenter": "A", "controller": "A", "style": "fullScreen", "transitionStyle": "crossDissolve"])
    #expect(refused.error?["code"] == -32001)
    #expect(refused.events.isEmpty)
    let a = session.call("controller/get", ["controller": "A"]).result
    #expect(a?["modalPresentationStyle"] == "pageSheet")
    #expect(a?["modalTransitionStyle"] == "coverVertical")
    #expect(
      session.call("presentation/present", ["presenter": "A", "controller": "M", "style": "sheet"]).error?["data"]?[
        "path"] == "params.style")
    #expect(
      session.call("controller/create", ["id": "X", "modalPresentationStyle": 3]).error?["data"]?["path"]
        == "params.modalPresentationStyle")
    let scene = session.call(
      "scene/load", ["scene": ["controllers": [["name": "y", "modalPresentationStyle": "popover"]]]])
    #expect(scene.error?["data"]?["path"] == "params.scene.controllers[0].modalPresentationStyle")
  }

  /// R26: a page sheet keeps the presenter's view: the presenter gets nothing.
  @Test func pageSheetLeavesThePresenterAlone() {
    let session = shownRoot()
    let exchange = present(session, style: "pageSheet", animated: true)
    #expect(
      short(exchange) == [
        "M.loadView R1", "M.viewDidLoad R1", "M.viewWillAppear R27", "M.viewDidAppear R27", "completion(present)",
      ])
    #expect(exchange.events[2]["params"]?["isBeingPresented"] == true)
    #expect(exchange.events.last?["params"]?["time"] == 500)
    let dismiss = session.call("presentation/dismiss", ["controller": "A"])
    #expect(short(dismiss) == ["M.viewWillDisappear R27", "M.viewDidDisappear R27", "completion(dismiss)"])
    #expect(dismiss.events[0]["params"]?["isBeingDismissed"] == true)
    #expect(dismiss.events.last?["params"]?["controller"] == "A")
  }

  /// R28: presenting an active controller raises; presenting twice or from off screen only warns.
  @Test func misuse() {
    let session = shownRoot()
    #expect(
      session.call("presentation/present", ["presenter": "A", "controller": "A"]).error?["data"]
        == json(
          #"""
          {"exception":"NSInvalidArgumentException","reason":"Application tried to present modally an active controller <UIViewController: A>."}
          """#))
    present(session, style: "pageSheet")
    session.call("controller/create", ["id": "X"])
    let again = session.call("presentation/present", ["presenter": "A", "controller": "X"])
    #expect(
      again.trace == [
        "warning: Attempt to present <UIViewController: X> on <UIViewController: A> which is already presenting <UIViewController: M> R28"
      ])
    session.call("controller/create", ["id": "offscreen"])
    #expect(
      session.call("presentation/present", ["presenter": "offscreen", "controller": "X"]).trace == [
        "warning: Attempt to present <UIViewController: X> on <UIViewController: offscreen> whose view is not in the window hierarchy! R28"
      ])
  }

  /// R28: a dismiss while the presentation is still in progress (present and dismiss in one turn, as app code does
  /// back to back) only logs UIKit's "while a presentation or dismiss is in progress!" and changes nothing: the
  /// presentation completes and the presenter's view leaves the window as for any full-screen presentation.
  @Test func dismissDuringThePresentationOnlyWarns() {
    let session = shownRoot()
    let (events, responses) = session.batch([
      ("presentation/present", ["presenter": "A", "controller": "M", "style": "fullScreen", "animated": false]),
      ("presentation/dismiss", ["controller": "A", "animated": false]),
    ])
    #expect(responses.allSatisfy { $0["error"] == nil })
    #expect(
      short(events) == [
        "M.loadView R1", "M.viewDidLoad R1", "A.viewWillDisappear R26", "M.viewWillAppear R27",
        "warning: Attempt to dismiss from view controller <UIViewController: A> while a presentation or dismiss is in progress! R28",
        "M.viewDidAppear R27", "A.viewDidDisappear R26", "completion(present)",
      ])
    #expect(session.call("controller/get", ["controller": "A"]).result?["presentedViewController"] == "M")
    #expect(session.call("view/get", ["view": "M.view"]).result?["window"] == "win")
  }

  /// R28: the same while an animated dismissal runs (manual clock): a second dismiss and a present from the
  /// controller being dismissed only log; the first dismissal ends normally.
  @Test func presentOrDismissDuringTheDismissalOnlyWarns() {
    let session = shownRoot()
    present(session, style: "fullScreen")
    session.call("clock/configure", ["mode": "manual"])
    session.call("controller/create", ["id": "X"])
    #expect(
      short(session.call("presentation/dismiss", ["controller": "M", "animated": true])) == [
        "M.viewWillDisappear R27", "A.viewWillAppear R26",
      ])
    #expect(
      session.call("presentation/dismiss", ["controller": "A"]).trace == [
        "warning: Attempt to dismiss from view controller <UIViewController: A> while a presentation or dismiss is in progress! R28"
      ])
    #expect(
      session.call("presentation/present", ["presenter": "M", "controller": "X"]).trace == [
        "warning: Attempt to present <UIViewController: X> on <UIViewController: M> while a presentation is in progress! R28"
      ])
    #expect(
      short(session.call("clock/advance", ["ms": 500])) == [
        "A.viewDidAppear R26", "M.viewDidDisappear R27", "completion(dismiss)",
      ])
    #expect(session.call("controller/get", ["controller": "X"]).result?["presentingViewController"] == .null)
  }

  /// A-dismiss: dismissing from the bottom of a stack of presentations (A presents M full screen, M presents Y)
  /// dismisses M and Y, with no Unbalanced warning; A comes back (R26) in R27's order with the top (Y) as the
  /// outgoing controller.
  /// - Y full screen: M's view was already removed by Y's presentation, so M gets nothing.
  /// - Y over full screen: M's view is still shown under Y, so M disappears inside Y's pair: Y and M will-disappear
  ///   (top first), A appears, then M and Y did-disappear (inner first) [INF].
  @Test(arguments: [
    (
      "fullScreen",
      [
        "Y.viewWillDisappear R27", "A.viewWillAppear R26", "A.viewDidAppear R26", "Y.viewDidDisappear R27",
        "completion(dismiss)",
      ]
    ),
    (
      "overFullScreen",
      [
        "Y.viewWillDisappear R27", "M.viewWillDisappear R27", "A.viewWillAppear R26", "A.viewDidAppear R26",
        "M.viewDidDisappear R27", "Y.viewDidDisappear R27", "completion(dismiss)",
      ]
    ),
  ])
  func dismissFromTheBottomOfAStackDismissesEveryControllerAbove(_ topStyle: String, _ expected: [String]) {
    let session = shownRoot()
    present(session, style: "fullScreen")
    session.call("controller/create", ["id": "Y"])
    session.call(
      "presentation/present", ["presenter": "M", "controller": "Y", "style": .string(topStyle), "animated": false])
    #expect(short(session.call("presentation/dismiss", ["controller": "A", "animated": false])) == expected)
    for id in ["A", "M", "Y"] {
      let controller = session.call("controller/get", ["controller": .string(id)]).result
      #expect(controller?["presentedViewController"] == .null, "\(id)")
      #expect(controller?["presentingViewController"] == .null, "\(id)")
    }
    #expect(session.call("view/get", ["view": "win"]).result?["subviews"] == ["A.view"])
  }

  /// Nested: a navigation controller inside a tab inside a presented controller.
  @Test func navigationInTabInPresentedController() {
    let session = shownRoot()
    for id in ["home", "detail", "other", "other2"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "home"])
    session.call("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": ["nav", "other"]])
    let shown = session.call("presentation/present", ["presenter": "A", "controller": "tabs", "animated": false])
    #expect(
      shown.trace.filter { $0.contains("ppear") } == [
        "tabs.viewWillAppear R27", "nav.viewWillAppear R10", "home.viewWillAppear R10", "tabs.viewDidAppear R27",
        "nav.viewDidAppear R10", "home.viewDidAppear R10",
      ])
    // The getters look up the hierarchy (Apple's presentedViewController / presentingViewController documentation):
    // home, inside the presented tabs, reads tabs' presenter; A's child would read A's presentation.
    #expect(session.call("controller/get", ["controller": "home"]).result?["presentingViewController"] == "A")
    #expect(session.call("controller/get", ["controller": "home"]).result?["presentedViewController"] == .null)
    session.call("containment/embed", ["parent": "A", "child": "other2"])
    #expect(session.call("controller/get", ["controller": "other2"]).result?["presentedViewController"] == "tabs")
    let push = session.call("navigation/push", ["navigation": "nav", "controller": "detail", "animated": false])
    #expect(
      push.trace.filter { $0.contains("ppear") } == [
        "home.viewWillDisappear R19", "detail.viewWillAppear R19", "home.viewDidDisappear R19",
        "detail.viewDidAppear R19",
      ])
  }
}

import ContainerRPC
import ContainerRPCTestSupport
import Testing

/// Modal presentation (UIKIT_RULES.md R26–R28), exact orders with completions.
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

  private func short(_ exchange: TestSession.Exchange) -> [String] {
    exchange.events.map { event in
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

  /// Nested: a navigation controller inside a tab inside a presented controller.
  @Test func navigationInTabInPresentedController() {
    let session = shownRoot()
    for id in ["home", "detail", "other"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "home"])
    session.call("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": ["nav", "other"]])
    let shown = session.call("presentation/present", ["presenter": "A", "controller": "tabs", "animated": false])
    #expect(
      shown.trace.filter { $0.contains("ppear") } == [
        "tabs.viewWillAppear R27", "nav.viewWillAppear R10", "home.viewWillAppear R10", "tabs.viewDidAppear R27",
        "nav.viewDidAppear R10", "home.viewDidAppear R10",
      ])
    let push = session.call("navigation/push", ["navigation": "nav", "controller": "detail", "animated": false])
    #expect(
      push.trace.filter { $0.contains("ppear") } == [
        "home.viewWillDisappear R19", "detail.viewWillAppear R19", "home.viewDidDisappear R19",
        "detail.viewDidAppear R19",
      ])
  }
}

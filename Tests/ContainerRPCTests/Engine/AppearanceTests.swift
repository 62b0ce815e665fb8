import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// Appearance forwarding and begin/end semantics (R9–R16), exact orders.
@Suite struct AppearanceTests {
  /// A visible `parent` with forwarding off, and `child` embedded in it.
  private func manualParent() -> (TestSession, [String]) {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "parent", "forwardsAppearance": false])
    session.call("window/setRoot", ["window": "win", "controller": "parent"])
    session.call("controller/create", ["id": "child"])
    let trace = session.call("containment/embed", ["parent": "parent", "child": "child"]).trace
    return (session, trace)
  }

  /// R11: with forwarding off, a child added to a visible parent gets no appearance callbacks.
  @Test func forwardingOffGivesChildrenNothing() {
    let (_, trace) = manualParent()
    #expect(
      trace == [
        "child.willMove(parent) R4", "child.loadView R1", "child.viewDidLoad R1", "child.didMove(parent) R4",
      ])
  }

  /// R11: the container then drives the child with begin/end.
  @Test func manualBeginEndDrivesTheChild() {
    let (session, _) = manualParent()
    #expect(
      session.call("appearance/begin", ["controller": "child", "isAppearing": true]).trace == [
        "child.viewWillAppear R11", "child.viewIsAppearing R69",
      ])
    #expect(session.call("appearance/end", ["controller": "child"]).trace == ["child.viewDidAppear R13"])
    #expect(session.call("controller/get", ["controller": "child"]).result?["appearance"] == "appeared")
  }

  /// R13: callbacks tie to the final matching end.
  @Test func nestedBeginsCompleteAtTheFinalEnd() {
    let (session, _) = manualParent()
    #expect(
      session.call("appearance/begin", ["controller": "child", "isAppearing": true]).trace == [
        "child.viewWillAppear R11", "child.viewIsAppearing R69",
      ])
    #expect(session.call("appearance/begin", ["controller": "child", "isAppearing": true]).trace == [])
    #expect(session.call("appearance/end", ["controller": "child"]).trace == [])
    #expect(session.call("appearance/end", ["controller": "child"]).trace == ["child.viewDidAppear R13"])
  }

  /// R14: a second begin in the opposite direction reverses; one end completes it; no viewDidDisappear (R15).
  @Test func oppositeBeginReversesTheTransition() {
    let (session, _) = manualParent()
    session.call("appearance/begin", ["controller": "child", "isAppearing": true])
    session.call("appearance/end", ["controller": "child"])
    let trace =
      session.call("appearance/begin", ["controller": "child", "isAppearing": false, "animated": true]).trace
      + session.call("appearance/begin", ["controller": "child", "isAppearing": true]).trace
      + session.call("appearance/end", ["controller": "child"]).trace
    #expect(
      trace == [
        "child.viewWillDisappear R11", "child.viewWillAppear R14", "child.viewIsAppearing R69",
        "child.viewDidAppear R13",
      ])
  }

  /// R12: calling a callback directly warns, runs the method, and changes no state.
  @Test func callingACallbackDirectlyWarns() {
    let (session, _) = manualParent()
    let exchange = session.call("appearance/callDirectly", ["controller": "child", "callback": "viewWillDisappear"])
    #expect(exchange.trace.count == 2)
    #expect(exchange.trace.first?.hasPrefix("warning: [ViewController] Calling -viewWillDisappear: directly") == true)
    #expect(
      exchange.trace.first?.hasSuffix("UIViewControllerAlertForAppearanceCallbackMisuse to catch any direct calls. R12")
        == true)
    #expect(exchange.trace.last == "child.viewWillDisappear R12")
    #expect(session.call("controller/get", ["controller": "child"]).result?["appearance"] == "disappeared")
  }

  /// R16: an end with nothing in flight only warns.
  @Test func unbalancedEndWarns() {
    let (session, _) = manualParent()
    let exchange = session.call("appearance/end", ["controller": "child"])
    #expect(
      exchange.trace == [
        "warning: Unbalanced calls to begin/end appearance transitions for <UIViewController: child> R16"
      ])
    #expect(exchange.events.first?["params"]?["object"] == "child")
    #expect(exchange.result == [:])
  }

  /// R16 / open point: begin(true) on an appeared controller warns and calls nothing.
  @Test func beginAppearingOnAppearedControllerWarns() {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "root"])
    session.call("window/setRoot", ["window": "win", "controller": "root"])
    #expect(
      session.call("appearance/begin", ["controller": "root", "isAppearing": true]).trace == [
        "warning: Unbalanced calls to begin/end appearance transitions for <UIViewController: root> R16"
      ])
  }

  /// R9/R10: begin/end on a forwarding parent drives its children, parent first.
  @Test func beginEndOnForwardingParentDrivesChildren() {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "root"])
    session.call("controller/create", ["id": "child"])
    session.call("containment/embed", ["parent": "root", "child": "child"])
    session.call("window/setRoot", ["window": "win", "controller": "root"])
    #expect(
      session.call("appearance/begin", ["controller": "root", "isAppearing": false]).trace == [
        "root.viewWillDisappear R11", "child.viewWillDisappear R10",
      ])
    #expect(
      session.call("appearance/end", ["controller": "root"]).trace == [
        "root.viewDidDisappear R13", "child.viewDidDisappear R10",
      ])
  }

  /// R15: the state machine never calls did without will.
  @Test(
    arguments: [
      ([true, nil, nil], ["callWill", "callDid", "warn"]),
      ([false], ["warn"]),
      ([true, false, nil], ["callWill", "callWill", "callDid"]),
    ] as [([Bool?], [String])])
  func stateMachine(_ steps: [Bool?], _ expected: [String]) {
    var machine = AppearanceStateMachine()
    var actions: [String] = []
    for step in steps {
      let action = step.map { machine.begin(appearing: $0) } ?? machine.end()
      switch action {
      case .callWill: actions.append("callWill")
      case .callDid: actions.append("callDid")
      case .nothing: actions.append("nothing")
      case .warnUnbalanced: actions.append("warn")
      }
    }
    #expect(actions == expected)
  }

  @Test func unsubscribedEventsAreNotWritten() {
    let session = TestSession()
    session.call("events/unsubscribe", ["kinds": ["lifecycle"]])
    session.call("controller/create", ["id": "a"])
    #expect(session.call("controller/loadView", ["controller": "a"]).events.isEmpty)
    session.call("events/subscribe", ["kinds": ["all"]])
    session.call("controller/unloadView", ["controller": "a"])
    let events = session.call("controller/loadView", ["controller": "a"]).events
    #expect(events.map { $0["params"]?["seq"] } == [1, 2])
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// The open points of the UIKit rules (Documentation/Modelled.md, "Open points") as `daemon/configure` options:
/// defaults, and each switch's effect.
@Suite struct EngineOptionsTests {
  @Test func defaultsAreTheStatedOnes() {
    let session = TestSession()
    #expect(
      session.call("daemon/configure").result
        == json(
          #"""
          {"options":{"beginNesting":"counter","bounceSpringBeta":10,"didMoveRedelivery":"windowDriven","hidesBottomBarCountsRoot":true,"keyboardAnimationDuration":0.25,
           "coordinator.nonAnimatedNav":"nil","coordinator.nonAnimatedPresentation":"present",
           "transition.completeTimeoutMs":null,"pop.cancelReversalAt":"settleEnd",
           "navigationDuration":0.35,"pagingVelocityThreshold":300,"presentationDuration":0.5,
           "pageView.appearanceWhenNotVisible":"defer","pageView.delegateOrder":"willTransitionFirst",
           "pageView.notifyWillMoveOnAdd":false,"pageView.overlapPolicy":"refuse","pageView.prefetchLoadsViews":false,
           "pageView.staleCacheAfterAnimatedSet":true,"pageView.staleViewControllersAfterInterruptedSwipe":false,
           "safeAreaCallbackPhase":"beforeWillLayout","scrollAnimationDuration":0.3,
           "sheet.attemptTiming":"release","sheet.dragOrder":"shouldWillThenAppearance","sheet.releaseProgress":0.5,
           "sheet.releaseVelocity":1000,"scrollRectToVisibleInsideInsets":false,"tableAlwaysBounceVertical":true,
           "transitionDidBeforeCompletion":true,"transitionOrder":"fromFirst","transitionThrowsWithoutForwarding":false,
           "tabBarDefinesPresentationContext":true,"viewIsAppearing":true,
           "traits.sizeClassPolicy":"device","traits.padCompactWidthThreshold":678,"traits.handlerOrder":"handlerFirst",
           "traits.landscapeSafeArea":{"top":0,"left":47,"bottom":21,"right":47},
           "traits.styleChangeCallsDidChange":true,"resize.duration":0.3,
           "split.proposedTopColumn":"secondary","split.initialCollapseCallsDelegate":"topColumnOnly",
           "split.dropAppearanceOnDisplayModeChange":false,"split.setSecondaryPushAnimated":false,
           "split.sizeCallbackOnColumnWidth":false,"split.reportsWillChangeDisplayMode":true,
           "split.tileMinimumWidth":1000,"traits.skipFirstWillTransitionInSplitOverlay":false}}
          """#))
  }

  @Test func unknownOrMistypedOptionsAreRejected() {
    let session = TestSession()
    #expect(
      session.call("daemon/configure", ["options": ["colour": "red"]]).error?["data"]?["path"]
        == "params.options.colour")
    #expect(
      session.call("daemon/configure", ["options": ["transitionOrder": "sideways"]]).error?["data"]?["path"]
        == "params.options.transitionOrder")
  }

  private func embedTrace(_ options: JSONValue) -> [String] {
    let session = TestSession()
    session.call("daemon/configure", ["options": options])
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "parent"])
    session.call("window/setRoot", ["window": "win", "controller": "parent"])
    session.call("controller/create", ["id": "child"])
    return session.call("containment/embed", ["parent": "parent", "child": "child"]).trace
  }

  /// Durations are options: a push of 0.1 s completes at frame 6 (100 ms).
  @Test func navigationDurationIsAnOption() {
    let session = TestSession()
    session.call("daemon/configure", ["options": ["navigationDuration": 0.1]])
    session.call("events/subscribe", ["kinds": ["completion"]])
    session.call("window/create", ["id": "win"])
    for id in ["home", "next"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "home"])
    session.call("window/setRoot", ["window": "win", "controller": "nav"])
    let push = session.call("navigation/push", ["navigation": "nav", "controller": "next"])
    #expect(push.events.last?["params"]?["of"] == "push")
    #expect(push.events.last?["params"]?["time"] == 100)
  }

  @Test func withoutRedeliveryDidMoveComesOnce() {
    #expect(
      embedTrace(["didMoveRedelivery": "never", "viewIsAppearing": false]) == [
        "child.willMove(parent) R4", "child.loadView R1", "child.viewDidLoad R1", "child.viewWillAppear R6",
        "child.didMove(parent) R4", "child.viewDidAppear R7",
      ])
  }

  @Test func transitionOrderAndCompletionPlacement() {
    let session = TestSession()
    session.call(
      "daemon/configure",
      [
        "options": [
          "transitionOrder": "toFirst", "transitionDidBeforeCompletion": false,
          "viewIsAppearing": false,
        ]
      ])
    session.call("events/subscribe", ["kinds": ["completion"]])
    session.call("window/create", ["id": "win"])
    for id in ["p", "a", "b"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("window/setRoot", ["window": "win", "controller": "p"])
    session.call("containment/embed", ["parent": "p", "child": "a"])
    session.call("containment/addChild", ["parent": "p", "child": "b"])
    let trace = session.call("containment/transition", ["parent": "p", "from": "a", "to": "b"]).trace
    #expect(trace.count == 7)
    #expect(
      Array(trace.prefix(4)) == [
        "b.loadView R1", "b.viewDidLoad R1", "b.viewWillAppear R17", "a.viewWillDisappear R17",
      ])
    #expect(trace[4].contains("event/completion"))
    #expect(Array(trace.suffix(2)) == ["b.viewDidAppear R17", "a.viewDidDisappear R17"])
  }

  @Test func transitionCanBeMadeToThrowWithoutForwarding() {
    let session = TestSession()
    session.call("daemon/configure", ["options": ["transitionThrowsWithoutForwarding": true]])
    for id in ["p", "a", "b"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("controller/configure", ["controller": "p", "forwardsAppearance": false])
    session.call("containment/embed", ["parent": "p", "child": "a"])
    session.call("containment/addChild", ["parent": "p", "child": "b"])
    let exchange = session.call("containment/transition", ["parent": "p", "from": "a", "to": "b"])
    #expect(exchange.error?["data"]?["exception"] == "NSInvalidArgumentException")
  }

  @Test func withoutNestingEveryEndCompletes() {
    let session = TestSession()
    session.call("daemon/configure", ["options": ["beginNesting": "none", "viewIsAppearing": false]])
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "p", "forwardsAppearance": false])
    session.call("window/setRoot", ["window": "win", "controller": "p"])
    session.call("controller/create", ["id": "c"])
    session.call("containment/embed", ["parent": "p", "child": "c"])
    session.call("appearance/begin", ["controller": "c", "isAppearing": true])
    session.call("appearance/begin", ["controller": "c", "isAppearing": true])
    #expect(session.call("appearance/end", ["controller": "c"]).trace == ["c.viewDidAppear R13"])
  }
}

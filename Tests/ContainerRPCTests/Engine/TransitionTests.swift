import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// `containment/transition` (R17) on the virtual clock: order, timing, completion, exceptions.
@Suite struct TransitionTests {
  /// `p` visible with children `a` (embedded, shown) and `b` (added, view not loaded).
  private func container(forwards: Bool = true) -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "p", "forwardsAppearance": .bool(forwards)])
    for id in ["a", "b"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("window/setRoot", ["window": "win", "controller": "p"])
    session.call("containment/embed", ["parent": "p", "child": "a"])
    session.call("containment/addChild", ["parent": "p", "child": "b"])
    session.call("events/subscribe", ["kinds": ["completion"]])
    return session
  }

  /// Auto mode: will pair at the start (from first) with the incoming viewIsAppearing (R69), did pair and completion
  /// at the frame the animation ends.
  @Test func animatedTransitionInAutoMode() {
    let session = container()
    let exchange = session.call("containment/transition", ["parent": "p", "from": "a", "to": "b", "duration": 0.26])
    #expect(
      exchange.trace == [
        "b.loadView R1", "b.viewDidLoad R1", "a.viewWillDisappear R17", "b.viewWillAppear R17",
        "b.viewIsAppearing R69", "a.viewDidDisappear R17", "b.viewDidAppear R17",
        #"{"jsonrpc":"2.0","method":"event/completion","params":{"controller":"p","finished":true,"of":"transition","request":9,"rule":"R17","seq":22,"time":266.6666666666667}}"#,
      ])
    // 0.26 s ends between frames 15 and 16 at 60 fps: the did pair and the completion happen at frame 16.
    let frame16: JSONValue = .double(16 * 1000 / 60.0)
    let times: [JSONValue] = exchange.events.map { $0["params"]?["time"] ?? .null }
    #expect(Array(times.suffix(3)) == [frame16, frame16, frame16])
    #expect(times[4] == 0)
    #expect(exchange.events[2]["params"]?["animated"] == true)
    #expect(exchange.events[6]["params"]?["animated"] == true)
    #expect(session.call("view/get", ["view": "a.view"]).result?["superview"] == .null)
    #expect(session.call("view/get", ["view": "b.view"]).result?["superview"] == "p.view")
    #expect(session.call("clock/now").result == ["now": frame16])
  }

  /// Manual mode: nothing completes until the clock reaches the end frame.
  @Test func manualClockCompletesOnAdvance() {
    let session = container()
    session.call("clock/configure", ["mode": "manual"])
    #expect(
      session.call("containment/transition", ["parent": "p", "from": "a", "to": "b", "duration": 0.3]).trace
        .count == 5)
    #expect(session.call("clock/advance", ["ms": 299]).events.isEmpty)
    let exchange = session.call("clock/advance", ["ms": 10])
    #expect(exchange.result == ["now": 309])
    #expect(exchange.trace.prefix(2) == ["a.viewDidDisappear R17", "b.viewDidAppear R17"])
    #expect(exchange.events.last?["params"]?["time"] == 300)
    #expect(exchange.events.last?["method"] == "event/completion")
  }

  /// A duration of 0 completes at the end of the same turn, at the same time.
  @Test func zeroDurationCompletesInTheTurn() {
    let session = container()
    let exchange = session.call("containment/transition", ["parent": "p", "from": "a", "to": "b"])
    #expect(exchange.events.last?["method"] == "event/completion")
    #expect(exchange.events.allSatisfy { $0["params"]?["time"] == 0 })
    #expect(exchange.events[2]["params"]?["animated"] == false)
  }

  /// R17: both must be children of the receiver; the observed exception text.
  @Test func controllersWithoutACommonParentAreAnException() {
    let session = container()
    session.call("controller/create", ["id": "stranger"])
    let before = session.snapshot()
    let exchange = session.call("containment/transition", ["parent": "p", "from": "a", "to": "stranger"])
    #expect(
      exchange.error?["data"]
        == json(
          #"""
          {"exception":"NSInvalidArgumentException","reason":"Children view controllers <UIViewController: a> and <UIViewController: stranger> must have a common parent view controller when calling -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]"}
          """#))
    #expect(exchange.events.isEmpty)
    #expect(session.snapshot() == before)
  }

  /// With forwarding off the views move but no appearance callbacks come (open point default: no exception).
  @Test func forwardingOffMovesViewsOnly() {
    let session = container(forwards: false)
    let exchange = session.call("containment/transition", ["parent": "p", "from": "a", "to": "b", "duration": 0.1])
    #expect(exchange.trace.filter { !$0.hasPrefix("{") } == ["b.loadView R1", "b.viewDidLoad R1"])
    #expect(exchange.events.last?["method"] == "event/completion")
    #expect(session.call("view/get", ["view": "b.view"]).result?["superview"] == "p.view")
  }
}

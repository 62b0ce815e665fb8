import ContainerJSON
import ContainerProtocol
import ContainerRPCTestSupport
import ContainerTransport
import Testing

@testable import ContainerEngine
@testable import ContainerRPC

/// The engine's invariant checks themselves (`testOnly_checkInvariants`, which `TestSession` runs after every call):
/// each one reports a broken world exactly, and stays quiet for what UIKit allows. Breaking the world takes the
/// engine's internals (`@testable`), since no call can.
@Suite struct InvariantTests {
  /// `p` shown in `win`; a plain view `loose` outside any window.
  private func visibleParent() -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    for id in ["p", "c", "d"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("window/setRoot", ["window": "win", "controller": "p"])
    session.call("view/create", ["id": "loose"])
    return session
  }

  private func placement(_ session: TestSession, _ child: String) -> Engine.ContainmentPlacement? {
    let engine = session.server.engine
    guard let controller = engine.controllers[child], let parent = controller.parent, let view = controller.view
    else { return nil }
    return engine.containmentPlacement(of: view, in: parent)
  }

  /// A child's view that the engine put outside its parent's view is reported, with where it is.
  @Test func engineMisplacedChildViewIsReported() {
    let session = visibleParent()
    session.call("containment/embed", ["parent": "p", "child": "c"])
    #expect(placement(session, "c") == .inside)
    let engine = session.server.engine
    engine.move(engine.views["c.view"]!, to: engine.views["loose"]!, at: nil)
    #expect(engine.testOnly_checkInvariants() == ["c.view is outside p.view (in loose)"])
    engine.move(engine.views["c.view"]!, to: engine.views["p.view"]!, at: nil)
    #expect(engine.testOnly_checkInvariants() == [])
  }

  /// UIKit lets app code add a child's view to a view no controller owns (A-hier looks for a controller-owned
  /// superview only): not a broken invariant. Back inside through `containment/embed`, the view is checked again.
  @Test func clientMisplacedChildViewIsAllowed() {
    let session = visibleParent()
    session.call("containment/embed", ["parent": "p", "child": "c"])
    #expect(session.call("view/addSubview", ["view": "c.view", "superview": "loose"]).error == nil)
    #expect(placement(session, "c") == .exempt)
    #expect(session.server.engine.testOnly_checkInvariants() == [])
    session.call("containment/embed", ["parent": "p", "child": "c"])
    #expect(session.call("view/get", ["view": "c.view"]).result?["superview"] == "p.view")
    #expect(placement(session, "c") == .inside)
  }

  /// A client moving a view between the child's view and the parent's view (here the embed's container) is allowed
  /// too; so is a view placed before `addChild` (the child had no parent when it was placed).
  @Test func clientMovedAncestorOrEarlierPlacementIsAllowed() {
    let session = visibleParent()
    session.call("view/create", ["id": "box"])
    session.call("view/addSubview", ["view": "box", "superview": "p.view"])
    session.call("containment/embed", ["parent": "p", "child": "c", "container": "box"])
    #expect(placement(session, "c") == .inside)
    session.call("view/addSubview", ["view": "box", "superview": "loose"])
    #expect(placement(session, "c") == .exempt)
    session.call("view/addSubview", ["view": "d.view", "superview": "loose"])
    session.call("containment/addChild", ["parent": "p", "child": "d"])
    #expect(placement(session, "d") == .exempt)
    #expect(session.server.engine.testOnly_checkInvariants() == [])
  }

  /// R17: `transition(from:to:)` puts `to.view` in `from.view.superview`, so it is checked when `from.view` was, and
  /// allowed outside when a client put `from.view` there.
  @Test func transitionPlacesToViewWhereFromViewIs() {
    let session = visibleParent()
    session.call("containment/embed", ["parent": "p", "child": "c"])
    session.call("containment/addChild", ["parent": "p", "child": "d"])
    session.call("containment/transition", ["parent": "p", "from": "c", "to": "d"])
    #expect(session.call("view/get", ["view": "d.view"]).result?["superview"] == "p.view")
    #expect(placement(session, "d") == .inside)
    session.call("view/addSubview", ["view": "d.view", "superview": "loose"])
    session.call("containment/transition", ["parent": "p", "from": "d", "to": "c"])
    #expect(session.call("view/get", ["view": "c.view"]).result?["superview"] == "loose")
    #expect(placement(session, "c") == .exempt)
    #expect(session.server.engine.testOnly_checkInvariants() == [])
  }

  /// Containers' own placements (a navigation controller's shown child, R19) are checked.
  @Test func navigationControllerPlacementsAreChecked() {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "home"])
    session.call("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "home"])
    session.call("window/setRoot", ["window": "win", "controller": "nav"])
    session.call("controller/create", ["id": "a"])
    session.call("navigation/push", ["navigation": "nav", "controller": "a", "animated": false])
    #expect(placement(session, "a") == .inside)
    #expect(placement(session, "home") == .inside)  // detached once covered
    #expect(session.call("view/get", ["view": "home.view"]).result?["superview"] == .null)
  }

  /// S2.1, S2.3: a fling past the end comes to rest at the edge of the range it was released in, and the check
  /// compares against that range; an offset the physics rested at outside it is reported.
  @Test func physicsRestingOutsideTheRangeIsReported() {
    let session = ScrollPhysicsTests.fullScreenScrollView()
    session.call("scroll/fling", ["view": "list.view", "velocity": ["x": 0, "y": -20000]])
    let list = session.server.engine.views["list.view"]!
    #expect(list.scroll?.contentOffset == Point(x: 0, y: 4156))
    #expect(
      list.scroll?.physicsRest
        == PhysicsRest(offset: Point(x: 0, y: 4156), min: Point(x: 0, y: 0), max: Point(x: 0, y: 4156)))
    session.server.engine.setOffset(list, Point(x: 0, y: 4200), cause: "bounce")
    list.scroll!.physicsRest = PhysicsRest(
      offset: Point(x: 0, y: 4200), min: Point(x: 0, y: 0), max: Point(x: 0, y: 4156))
    #expect(
      session.server.engine.testOnly_checkInvariants() == ["list.view rests at (0, 4200) outside (0, 0)...(0, 4156)"])
  }

  /// S2.6: programmatic offsets are not clamped, and a range that changed after the rest (less content) leaves the
  /// offset where it was: neither is checked.
  @Test func programmaticOffsetsAndChangedRangesAreNotChecked() {
    let session = ScrollPhysicsTests.fullScreenScrollView()
    session.call("scroll/fling", ["view": "list.view", "velocity": ["x": 0, "y": -20000]])
    session.call("scroll/configure", ["view": "list.view", "contentSize": ["width": 390, "height": 1000]])
    #expect(session.call("scroll/get", ["view": "list.view"]).result?["contentOffset"] == ["x": 0, "y": 4156])
    session.call("scroll/setContentOffset", ["view": "list.view", "offset": ["x": 0, "y": 9000]])
    #expect(session.call("scroll/get", ["view": "list.view"]).result?["contentOffset"] == ["x": 0, "y": 9000])
    #expect(session.server.engine.testOnly_checkInvariants() == [])
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// The scenarios of the seed articles, as exact traces (R4–R17).
@Suite struct SeedScenarioTests {
  /// Removing a child before the parent ever appeared (as in the parent's viewDidLoad): no appearance callbacks and
  /// a single didMove(nil) (R4; R8 only applies to a visible parent).
  @Test func removeChildFromHiddenParent() {
    let session = TestSession()
    for id in ["parent", "child"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("containment/embed", ["parent": "parent", "child": "child"])
    #expect(
      session.call("containment/unembed", ["child": "child"]).trace == [
        "child.willMove(nil) R4", "child.didMove(nil) R4",
      ])
  }

  /// Seed 001: a container that returns false for forwarding drives a transition between two children by hand.
  @Test func transitionWithManualBeginEnd() {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "p", "forwardsAppearance": false])
    for id in ["a", "b"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("window/setRoot", ["window": "win", "controller": "p"])
    session.call("containment/embed", ["parent": "p", "child": "a"])
    session.call("appearance/begin", ["controller": "a", "isAppearing": true])
    session.call("appearance/end", ["controller": "a"])
    session.call("containment/addChild", ["parent": "p", "child": "b"])
    let (events, responses) = session.batch([
      ("appearance/begin", ["controller": "a", "isAppearing": false, "animated": true]),
      ("appearance/begin", ["controller": "b", "isAppearing": true, "animated": true]),
      ("containment/transition", ["parent": "p", "from": "a", "to": "b", "duration": 0.25]),
    ])
    #expect(responses.count == 3)
    #expect(
      events.map(TestSession.describe) == [
        "a.viewWillDisappear R11", "b.viewWillAppear R11", "b.loadView R1", "b.viewDidLoad R1",
        "b.viewIsAppearing R69",
      ])
    // The completion block of the container: end both transitions.
    let (after, _) = session.batch([
      ("appearance/end", ["controller": "a"]), ("appearance/end", ["controller": "b"]),
      ("containment/removeFromParent", ["child": "a"]), ("containment/didMove", ["child": "b", "parent": "p"]),
    ])
    #expect(
      after.map(TestSession.describe) == [
        "a.viewDidDisappear R13", "b.viewDidAppear R13", "a.didMove(nil) R4", "b.didMove(p) R4",
      ])
    #expect(session.call("view/get", ["view": "a.view"]).result?["superview"] == .null)
  }

  /// Nested containers three deep: forwarding runs parent first through every level, for will and for did.
  @Test func nestedContainersThreeDeep() {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    for id in ["root", "mid", "leaf"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("containment/embed", ["parent": "mid", "child": "leaf"])
    session.call("containment/embed", ["parent": "root", "child": "mid"])
    #expect(
      session.call("window/setRoot", ["window": "win", "controller": "root"]).trace == [
        "root.viewWillAppear R6", "mid.viewWillAppear R10", "leaf.viewWillAppear R10", "root.viewIsAppearing R69",
        "mid.viewIsAppearing R69", "leaf.viewIsAppearing R69", "root.viewDidAppear R7", "mid.viewDidAppear R10",
        "leaf.viewDidAppear R10",
      ])
    // Removing the middle container takes the leaf with it, parent first.
    #expect(
      session.call("containment/unembed", ["child": "mid"]).trace == [
        "mid.willMove(nil) R4", "mid.viewWillDisappear R6", "leaf.viewWillDisappear R10", "mid.didMove(nil) R4",
        "mid.viewDidDisappear R7", "mid.didMove(nil) R8", "leaf.viewDidDisappear R10",
      ])
  }

  /// Seed 001's first complaint: only the view was added, so the child has no parent and no navigationController,
  /// yet it gets appearance callbacks from its own view (R6); adding it properly afterwards is refused by nothing.
  @Test func viewOnlyChildThenProperContainment() {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    for id in ["p", "c"] { session.call("controller/create", ["id": .string(id)]) }
    session.call("window/setRoot", ["window": "win", "controller": "p"])
    session.call("view/addSubview", ["superview": "p.view", "view": "c.view"])
    #expect(session.call("controller/get", ["controller": "c"]).result?["parent"] == .null)
    #expect(session.call("containment/addChild", ["parent": "p", "child": "c"]).trace == ["c.willMove(p) R4"])
    #expect(session.call("controller/get", ["controller": "c"]).result?["appearance"] == "appeared")
  }
}

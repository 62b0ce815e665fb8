import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// `world/snapshot {root}`: the part of the world under a controller (its descendants and every view inside their
/// root views) or under a view (its subtree and the controllers whose root views are in it).
@Suite struct WorldSnapshotTests {
  /// Window `w` shows `p`, which embeds `c` and holds a plain view `x`; window `w2` shows `q`.
  private func world() -> TestSession {
    let session = TestSession()
    for (window, controller) in [("w", "p"), ("w2", "q")] {
      session.call("window/create", ["id": .string(window)])
      session.call("controller/create", ["id": .string(controller)])
      session.call("window/setRoot", ["window": .string(window), "controller": .string(controller)])
    }
    session.call("controller/create", ["id": "c"])
    session.call("containment/embed", ["parent": "p", "child": "c"])
    session.call("view/create", ["id": "x"])
    session.call("view/addSubview", ["superview": "p.view", "view": "x"])
    return session
  }

  /// The ids of the controllers and views a snapshot of `root` lists, in its order.
  private func ids(_ session: TestSession, root: String?) -> (controllers: [String], views: [String]) {
    let result = session.call("world/snapshot", root.map { ["root": .string($0)] } ?? [:]).result
    func list(_ key: String) -> [String] {
      (result?[key]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    }
    return (list("controllers"), list("views"))
  }

  @Test(arguments: [
    ("p", ["c", "p"], ["c.view", "p.view", "x"]),
    ("c", ["c"], ["c.view"]),
    ("p.view", ["c", "p"], ["c.view", "p.view", "x"]),
    ("x", [], ["x"]),
    ("w2", ["q"], ["q.view", "w2"]),
  ])
  func aRootKeepsItsPartOfTheWorld(_ root: String, _ controllers: [String], _ views: [String]) {
    let session = world()
    let listed = ids(session, root: root)
    #expect(listed.controllers.sorted() == controllers)
    #expect(listed.views.sorted() == views)
  }

  /// Without a root, everything: 3 controllers, 6 views (the two windows included).
  @Test func withoutARootEverything() {
    let listed = ids(world(), root: nil)
    #expect(listed.controllers.sorted() == ["c", "p", "q"])
    #expect(listed.views.sorted() == ["c.view", "p.view", "q.view", "w", "w2", "x"])
  }
}

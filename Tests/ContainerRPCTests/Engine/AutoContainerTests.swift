import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// Seed 000's auto container: `ATContainer+<ClassName>` instantiated in viewDidLoad.
@Suite struct AutoContainerTests {
  private func session(registering classes: [JSONValue]) -> TestSession {
    let session = TestSession()
    session.call("daemon/configure", ["options": ["viewIsAppearing": false]])
    for registered in classes { session.call("class/register", registered) }
    session.call("window/create", ["id": "win"])
    return session
  }

  /// A registered, conforming class: created in the container's viewDidLoad, addChild (willMove, R4), its view
  /// loaded by setting its autoresizing mask (R1) and added; like the seed's code, no didMove ever.
  @Test func registeredClassIsInstantiatedInViewDidLoad() {
    let session = session(registering: [["name": "MyViewController"]])
    session.call(
      "controller/create",
      ["id": "box", "kind": "AutoContainerViewController", "restorationIdentifier": "ATContainer+MyViewController"])
    #expect(
      session.call("window/setRoot", ["window": "win", "controller": "box"]).trace == [
        "box.loadView R1", "box.viewDidLoad R1", "box.MyViewController.willMove(box) R4",
        "box.MyViewController.loadView R1", "box.MyViewController.viewDidLoad R1", "box.viewWillAppear R6",
        "box.MyViewController.viewWillAppear R10", "box.viewDidAppear R7", "box.MyViewController.viewDidAppear R10",
      ])
    let child = session.call("controller/get", ["controller": "box.MyViewController"]).result
    #expect(child?["className"] == "MyViewController")
    #expect(child?["parent"] == "box")
    let view = session.call("view/get", ["view": "box.MyViewController.view"]).result
    #expect(view?["superview"] == "box.view")
    #expect(view?["autoresizingMask"] == ["flexibleWidth", "flexibleHeight"])
  }

  @Test func unregisteredClassLeavesTheContainerEmpty() {
    let session = session(registering: [])
    session.call(
      "controller/create",
      ["id": "box", "kind": "AutoContainerViewController", "restorationIdentifier": "ATContainer+Nope"])
    let exchange = session.call("controller/loadView", ["controller": "box"])
    #expect(
      exchange.trace == [
        "box.loadView R1", "box.viewDidLoad R1",
        #"warning: <AutoContainerViewController: box>: NSClassFromString(@"Nope") is nil (no class/register for it); the container stays empty seed000"#,
      ])
    #expect(session.call("controller/get", ["controller": "box"]).result?["children"] == [])
  }

  @Test func nonConformingClassLeavesTheContainerEmpty() {
    let session = session(registering: [["name": "Plain", "conformsToContainerProtocol": false]])
    session.call(
      "controller/create",
      ["id": "box", "kind": "AutoContainerViewController", "restorationIdentifier": "ATContainer+Plain"])
    #expect(
      session.call("controller/loadView", ["controller": "box"]).trace.last
        == "warning: <AutoContainerViewController: box>: Plain does not conform to ATContainerViewControllerProtocol; the container stays empty seed000"
    )
  }

  /// Without the prefix it is a plain view controller.
  @Test func otherRestorationIdentifiersDoNothing() {
    let session = session(registering: [["name": "MyViewController"]])
    session.call(
      "controller/create",
      ["id": "box", "kind": "AutoContainerViewController", "restorationIdentifier": "MyViewController"])
    #expect(
      session.call("controller/loadView", ["controller": "box"]).trace == ["box.loadView R1", "box.viewDidLoad R1"])
  }

  /// The object limit counts what the container will instantiate, and refuses before loading anything.
  @Test func objectLimitCountsTheInstantiatedChild() {
    var configuration = ServerConfiguration()
    configuration.maxObjects = 3
    let session = TestSession(configuration: configuration)
    session.call("class/register", ["name": "MyViewController"])
    session.call(
      "controller/create",
      ["id": "box", "kind": "AutoContainerViewController", "restorationIdentifier": "ATContainer+MyViewController"])
    let exchange = session.call("controller/loadView", ["controller": "box"])
    #expect(exchange.error?["code"] == -32002)
    #expect(exchange.events.isEmpty)
  }
}

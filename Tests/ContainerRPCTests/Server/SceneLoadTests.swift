import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// `scene/load`: a storyboard-like document built in one turn, or rejected whole with the path of the first error.
@Suite struct SceneLoadTests {
  /// Seed 000's storyboard pattern: an auto container embedded in a scene, shown in a window, one turn.
  static let seed000: JSONValue = json(
    #"""
    {"windows":[{"name":"win","root":{"name":"home","view":{"subviews":[{"name":"slot","frame":{"x":0,"y":100,"width":390,"height":300}}]},
      "children":[{"controller":{"name":"box","kind":"AutoContainerViewController","restorationIdentifier":"ATContainer+MyViewController"},
                   "container":"slot","frame":{"x":0,"y":0,"width":390,"height":300}}]}}]}
    """#)

  @Test func seed000StoryboardInOneTurn() {
    let session = TestSession()
    session.call("daemon/configure", ["options": ["viewIsAppearing": false]])
    session.call("class/register", ["name": "MyViewController"])
    let exchange = session.call("scene/load", ["scene": Self.seed000])
    #expect(exchange.result == ["ids": ["win": "win", "home": "home", "slot": "slot", "box": "box"]])
    #expect(
      exchange.trace == [
        "home.loadView R1", "home.viewDidLoad R1", "box.willMove(home) R4", "box.loadView R1", "box.viewDidLoad R1",
        "box.MyViewController.willMove(box) R4", "box.MyViewController.loadView R1",
        "box.MyViewController.viewDidLoad R1", "box.didMove(home) R4", "home.viewWillAppear R6",
        "box.viewWillAppear R10", "box.MyViewController.viewWillAppear R10", "home.viewDidAppear R7",
        "box.viewDidAppear R10", "box.MyViewController.viewDidAppear R10",
      ])
    #expect(session.call("view/get", ["view": "box.view"]).result?["superview"] == "slot")
    #expect(
      session.call("view/get", ["view": "box.view"]).result?["frameInWindow"]
        == ["x": 0, "y": 100, "width": 390, "height": 300])
  }

  @Test(arguments: [
    (
      #"{"windows":[{"root":{"children":[{"controller":{"kind":"UIPageViewController","pages":[{"name":"p"}],"initial":["q"]}}]}}]}"#,
      "params.scene.windows[0].root.children[0].controller.initial[0]"
    ),
    (
      #"{"controllers":[{"kind":"UIPageViewController","children":[{"controller":{}}]}]}"#,
      "params.scene.controllers[0].children"
    ),
    (#"{"controllers":[{"transitionStyle":"scroll"}]}"#, "params.scene.controllers[0].transitionStyle"),
    (#"{"controllers":[{"name":"x"},{"name":"x"}]}"#, "params.scene.controllers[1].name"),
    (
      #"{"controllers":[{"children":[{"controller":{},"container":"nowhere"}]}]}"#,
      "params.scene.controllers[0].children[0].container"
    ),
    (
      #"{"controllers":[{"view":{"subviews":[{"frame":{"x":0}}]}}]}"#,
      "params.scene.controllers[0].view.subviews[0].frame.y"
    ),
    (#"{"controllers":[{"kind":"UIViewController","tabs":[{}]}]}"#, "params.scene.controllers[0].tabs"),
    (#"{"windows":[{"colour":"red"}]}"#, "params.scene.windows[0].colour"),
    (#"{"controllers":[{"id":"taken"}]}"#, "params.scene.controllers[0].id"),
    (#"{"controllers":[{"delegate":true}]}"#, "params.scene.controllers[0].delegate"),
    (
      #"{"controllers":[{"kind":"UINavigationController","delegate":"yes"}]}"#,
      "params.scene.controllers[0].delegate"
    ),
    (#"{"controllers":[{"isModalInPresentation":1}]}"#, "params.scene.controllers[0].isModalInPresentation"),
  ])
  func invalidDocumentsAreRejectedWhole(_ scene: String, _ path: String) {
    let session = TestSession()
    session.call("controller/create", ["id": "taken"])
    let before = session.snapshot()
    let exchange = session.call("scene/load", ["scene": json(#"{"windows":[{"name":"w"}],"controllers":[]}"#)])
    #expect(exchange.result?["ids"] == ["w": "w"])
    session.call("world/reset")
    session.call("controller/create", ["id": "taken"])
    let failing = session.call("scene/load", ["scene": json(scene)])
    #expect(failing.error?["code"] == -32602)
    #expect(failing.error?["data"]?["path"] == .string(path))
    #expect(failing.events.isEmpty)
    #expect(session.snapshot() == before)
  }

  /// Navigation stacks and tabs in a scene: only what is displayed loads (R3).
  @Test func stacksAndTabs() {
    let session = TestSession()
    let exchange = session.call(
      "scene/load",
      [
        "scene": json(
          #"""
          {"windows":[{"name":"win","root":{"name":"tabs","kind":"UITabBarController","selectedIndex":1,"tabs":[
            {"name":"nav","kind":"UINavigationController","viewControllers":[{"name":"list"},{"name":"detail"}]},
            {"name":"me"}]}}]}
          """#)
      ])
    #expect(exchange.error == nil)
    #expect(session.call("controller/get", ["controller": "me"]).result?["appearance"] == "appeared")
    #expect(session.call("controller/get", ["controller": "detail"]).result?["isViewLoaded"] == false)
    #expect(session.call("controller/get", ["controller": "nav"]).result?["children"] == ["list", "detail"])
  }

  /// The presentation properties (R53–R56) in a document: set as created, reported by controller/get; a transition
  /// style UIKit does not have is refused at its path, and nothing is built.
  @Test func presentationProperties() {
    let session = TestSession()
    let exchange = session.call(
      "scene/load",
      [
        "scene": json(
          #"""
          {"windows":[{"name":"win","root":{"name":"root","children":[{"controller":{"name":"box",
            "definesPresentationContext":true,"providesPresentationContextTransitionStyle":true,
            "modalTransitionStyle":"flipHorizontal"}}]}}]}
          """#)
      ])
    #expect(exchange.error == nil)
    let box = session.call("controller/get", ["controller": "box"]).result
    #expect(box?["definesPresentationContext"] == true)
    #expect(box?["providesPresentationContextTransitionStyle"] == true)
    #expect(box?["modalTransitionStyle"] == "flipHorizontal")
    #expect(session.call("controller/get", ["controller": "root"]).result?["definesPresentationContext"] == false)
    let refused = session.call(
      "scene/load", ["scene": json(#"{"controllers":[{"name":"x","modalTransitionStyle":"spin"}]}"#)])
    #expect(refused.error?["data"]?["path"] == "params.scene.controllers[0].modalTransitionStyle")
    #expect(session.call("controller/get", ["controller": "x"]).error?["code"] == -32000)
  }

  /// A navigation controller's delegate (R51) and `isModalInPresentation` (R58) in a document: the delegate gets
  /// willShow before the push's will pair and didShow after its did pair; a sheet whose controller is modal in
  /// presentation refuses the swipe with presentationControllerDidAttemptToDismiss only.
  @Test func navigationDelegateAndModalInPresentation() {
    let session = TestSession()
    let exchange = session.call(
      "scene/load",
      [
        "scene": json(
          #"""
          {"windows":[{"name":"win","root":{"name":"nav","kind":"UINavigationController","delegate":true,
            "viewControllers":[{"name":"a"}]}}],
           "controllers":[{"name":"b"},{"name":"m","isModalInPresentation":true}]}
          """#)
      ])
    #expect(exchange.error == nil)
    #expect(session.call("controller/get", ["controller": "m"]).result?["isModalInPresentation"] == true)
    let push = session.call("navigation/push", ["navigation": "nav", "controller": "b", "animated": false])
    let delegateCalls = push.events.compactMap { event -> String? in
      guard event["method"] == "event/delegate", let params = event["params"] else { return nil }
      return "\(params["callback"]?.stringValue ?? "")(\(params["args"]?["viewController"]?.stringValue ?? ""))"
    }
    #expect(delegateCalls == ["willShow(b)", "didShow(b)"])
    let order = push.events.compactMap { event -> String? in
      let callback = event["params"]?["callback"]?.stringValue ?? ""
      return ["willShow", "didShow", "viewWillDisappear", "viewDidAppear"].contains(callback) ? callback : nil
    }
    #expect(order == ["willShow", "viewWillDisappear", "viewDidAppear", "didShow"])
    session.call(
      "presentation/present", ["presenter": "b", "controller": "m", "style": "pageSheet", "animated": false])
    session.call("presentation/configureDelegate", ["controller": "m"])
    session.call("presentation/interactiveDismiss", ["controller": "m", "action": "begin"])
    let finish = session.call(
      "presentation/interactiveDismiss", ["controller": "m", "action": "finish", "progress": 1])
    #expect(!finish.events.contains { $0["method"] == "event/lifecycle" })
    #expect(
      finish.events.compactMap { $0["method"] == "event/delegate" ? $0["params"]?["callback"]?.stringValue : nil } == [
        "presentationControllerDidAttemptToDismiss"
      ])
    // A sheet is presented by the controller covering the screen (R53, R54): the navigation controller.
    #expect(session.call("controller/get", ["controller": "m"]).result?["presentingViewController"] == "nav")
  }
}

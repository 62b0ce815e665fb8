import ContainerClient
import Testing

/// Seed 001: a custom container view controller that adds a child by hand (addChild, add its view, didMove), swaps
/// it for a second one with `transition(from:to:duration:)`, and removes it, exactly as UIKit calls back.
@Suite struct Seed001ContainerTests {
  @Test func addTransitionRemove() async throws {
    let client = try await ContainerClient.launch()
    try await client.subscribe([.completion])
    _ = try await client.call(WindowCreateParams(id: "win"))
    _ = try await client.call(ControllerCreateParams(id: "container"))
    let root = try await client.call(WindowSetRootParams(window: "win", controller: "container"))
    #expect(
      root.lifecycle(of: "container") == [
        .loadView, .viewDidLoad, .viewWillAppear(animated: false), .viewIsAppearing(animated: false),
        .viewDidAppear(animated: false),
      ])

    _ = try await client.call(ControllerCreateParams(id: "containerVC"))
    _ = try await client.call(ControllerCreateParams(id: "newVC"))

    // addChild, the child's view into the container's, didMove: one run-loop turn, as inside viewDidLoad.
    let added = try await client.batch {
      ContainmentAddChildParams(parent: "container", child: "containerVC")
      ViewSetFrameParams(view: "containerVC.view", frame: Rect(x: 0, y: 0, width: 390, height: 844))
      ViewAddSubviewParams(superview: "container.view", view: "containerVC.view")
      ContainmentDidMoveParams(child: "containerVC", parent: "container")
    }
    // The child appears during addSubview, and UIKit calls didMove a second time once it is on screen (R8).
    #expect(
      added.events.lifecycle(of: "containerVC") == [
        .willMove(parent: "container"), .loadView, .viewDidLoad, .viewWillAppear(animated: false),
        .didMove(parent: "container"), .viewIsAppearing(animated: false), .viewDidAppear(animated: false),
        .didMove(parent: "container"),
      ])

    // transition(from:to:): addChild for the new one, willMove(nil) for the old one first.
    let newAdded = try await client.call(ContainmentAddChildParams(parent: "container", child: "newVC"))
    #expect(newAdded.lifecycle(of: "newVC") == [.willMove(parent: "container")])
    let leaving = try await client.call(ContainmentWillMoveParams(child: "containerVC", parent: nil))
    #expect(leaving.lifecycle(of: "containerVC") == [.willMove(parent: nil)])

    let transition = try await client.call(
      ContainmentTransitionParams(parent: "container", from: "containerVC", to: "newVC", duration: 0.25))
    // Both at once, interleaved as UIKit does (R17): the will-pair, then the did-pair.
    #expect(
      transition.events.lifecycleLines == [
        "newVC.loadView R1", "newVC.viewDidLoad R1", "containerVC.viewWillDisappear R17",
        "newVC.viewWillAppear R17", "newVC.viewIsAppearing R69", "containerVC.viewDidDisappear R17",
        "newVC.viewDidAppear R17",
      ])
    #expect(transition.events.last?.kind == .completion(controller: "container", of: "transition", finished: true))

    // In the completion block: removeFromParent for the old one, didMove for the new one.
    let removed = try await client.call(ContainmentRemoveFromParentParams(child: "containerVC"))
    #expect(removed.lifecycle(of: "containerVC") == [.didMove(parent: nil)])
    let moved = try await client.call(ContainmentDidMoveParams(child: "newVC", parent: "container"))
    #expect(moved.lifecycle(of: "newVC") == [.didMove(parent: "container")])

    let container = try await client.call(ControllerGetParams(controller: "container")).result
    #expect(container.children == ["newVC"])

    // Taking the child out again: willMove(nil), its view leaves (disappear), removeFromParent.
    let unembedded = try await client.call(ContainmentUnembedParams(child: "newVC"))
    let expected: LifecycleTrace = [
      .willMove(parent: nil), .viewWillDisappear(animated: false), .didMove(parent: nil),
      .viewDidDisappear(animated: false), .didMove(parent: nil),
    ]
    let actual = unembedded.lifecycle(of: "newVC")
    #expect(actual == expected, "\(actual.difference(from: expected) ?? "")")
    #expect(await client.close() == 0)
  }

  /// A UIKit exception arrives as a Swift error with the exception's name and reason, and changes nothing.
  @Test func transitionWithoutACommonParentThrows() async throws {
    let client = try await ContainerClient.launch()
    _ = try await client.call(ControllerCreateParams(id: "container"))
    _ = try await client.call(ControllerCreateParams(id: "orphan"))
    let error = try await #require(throws: ContainerRPCError.self) {
      try await client.call(ContainmentTransitionParams(parent: "container", from: "orphan", to: "container"))
    }
    #expect(error.exception == "NSInvalidArgumentException")
    #expect(error.reason?.contains("must have a common parent view controller") == true)
    await client.close()
  }
}

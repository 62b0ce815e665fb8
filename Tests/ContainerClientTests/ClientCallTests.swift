import ContainerClient
import Foundation
import Testing

/// Typed calls through the built daemon: each call's result and the events of its turn (R1, R4, R6–R8, R69).
@Suite struct ClientCallTests {
  /// Setting a window's root: the root loads its view and appears (R1, R6, R69, R7); embedding a child into the
  /// visible parent gives UIKit's order with the second didMove (R4, R8). Each reply carries only its own turn.
  @Test func callsReturnTheirResultAndTheirTurnsEvents() async throws {
    let client = try await TestDaemon.launch()
    let window = try await client.call(WindowCreateParams(id: "win"))
    #expect(window.result.id == "win")
    #expect(window.events.isEmpty)
    let parent = try await client.call(ControllerCreateParams(id: "parent"))
    #expect(parent.result == (try CreatedController(result: ["id": "parent", "view": "parent.view"], method: "")))
    let shown = try await client.call(WindowSetRootParams(window: "win", controller: "parent"))
    #expect(
      shown.lifecycle(of: "parent") == [
        .loadView, .viewDidLoad, .viewWillAppear(animated: false), .viewIsAppearing(animated: false),
        .viewDidAppear(animated: false),
      ])
    #expect(shown.events.map(\.rule) == ["R1", "R1", "R6", "R69", "R7"])
    _ = try await client.call(ControllerCreateParams(id: "child"))
    let embedded = try await client.call(ContainmentEmbedParams(parent: "parent", child: "child"))
    #expect(
      embedded.lifecycle(of: "child") == [
        .willMove(parent: "parent"), .loadView, .viewDidLoad, .viewWillAppear(animated: false),
        .didMove(parent: "parent"), .viewIsAppearing(animated: false), .viewDidAppear(animated: false),
        .didMove(parent: "parent"),
      ])
    #expect(embedded.lifecycle(of: "parent").isEmpty)
    let info = try await client.call(ControllerGetParams(controller: "child")).result
    #expect(info.parent == "parent")
    #expect(info.appearance == "appeared")
    #expect(info.isViewLoaded == true)
    let view = try await client.call(ViewGetParams(view: "child.view")).result
    #expect(view.superview == "parent.view")
    #expect(await client.close() == 0)
  }

  /// A batch is one turn: seed 001's addChild, setFrame, addSubview, didMove give the child's appearance inside the
  /// turn, the R8 didMove last (R4, R6, R69, R7, R8); each call has its result.
  @Test func aBatchIsOneTurn() async throws {
    let client = try await TestDaemon.launch()
    _ = try await client.call(WindowCreateParams(id: "win"))
    _ = try await client.call(ControllerCreateParams(id: "container"))
    _ = try await client.call(WindowSetRootParams(window: "win", controller: "container"))
    _ = try await client.call(ControllerCreateParams(id: "containerVC"))
    let reply = try await client.batch {
      ContainmentAddChildParams(parent: "container", child: "containerVC")
      ViewSetFrameParams(view: "containerVC.view", frame: Rect(x: 0, y: 0, width: 390, height: 844))
      ViewAddSubviewParams(superview: "container.view", view: "containerVC.view")
      ContainmentDidMoveParams(child: "containerVC", parent: "container")
    }
    #expect(reply.results.count == 4)
    #expect(reply.results.allSatisfy { (try? $0.get()) == [:] })
    #expect(
      reply.events.lifecycleLines == [
        "containerVC.willMove(container) R4", "containerVC.loadView R1", "containerVC.viewDidLoad R1",
        "containerVC.viewWillAppear R6", "containerVC.didMove(container) R4", "containerVC.viewIsAppearing R69",
        "containerVC.viewDidAppear R7", "containerVC.didMove(container) R8",
      ])
    // Each event names the call that ran (`request`); the turn's end (R69, R7, R8) names the last one.
    #expect(reply.events(of: 0).lifecycleLines == ["containerVC.willMove(container) R4"])
    #expect(reply.events(of: 1).lifecycleLines == ["containerVC.loadView R1", "containerVC.viewDidLoad R1"])
    #expect(reply.events(of: 2).lifecycleLines == ["containerVC.viewWillAppear R6"])
    #expect(
      reply.events(of: 3).lifecycleLines == [
        "containerVC.didMove(container) R4", "containerVC.viewIsAppearing R69", "containerVC.viewDidAppear R7",
        "containerVC.didMove(container) R8",
      ])
    await client.close()
  }

  /// A batch with a failing call: the others' results and the failure's exception, in call order.
  @Test func aBatchReportsEachCallsOutcome() async throws {
    let client = try await TestDaemon.launch()
    let reply = try await client.batch {
      ControllerCreateParams(id: "a")
      ContainmentAddChildParams(parent: "a", child: "a")
      ControllerGetParams(controller: "a")
    }
    #expect(try reply.result(0, as: ControllerCreateParams()).id == "a")
    guard case .failure(let error) = reply.results[1] else {
      Issue.record("addChild of itself succeeded")
      return
    }
    #expect(error.exception == "NSInvalidArgumentException")
    #expect(try reply.result(2, as: ControllerGetParams(controller: "a")).children == [])
    await client.close()
  }

  /// A notification runs (the controller exists afterwards) and answers nothing; its events reach the event stream
  /// with `request` null, and no call's reply counts them.
  @Test func aNotificationRunsWithoutAReply() async throws {
    let client = try await TestDaemon.launch()
    let stream = await client.events()
    _ = try await client.call(WindowCreateParams(id: "w"))
    try await client.notify(ControllerCreateParams(id: "quiet"))
    try await client.notify(WindowSetRootParams(window: "w", controller: "quiet"))
    let get = try await client.call(ControllerGetParams(controller: "quiet"))
    #expect(get.result.appearance == "appeared")
    #expect(get.events.isEmpty)
    var seen: [String] = []
    for await event in stream {
      seen.append(event.description)
      #expect(event.request == .null)
      if seen.count == 5 { break }
    }
    #expect(
      seen == [
        "quiet.loadView R1", "quiet.viewDidLoad R1", "quiet.viewWillAppear R6", "quiet.viewIsAppearing R69",
        "quiet.viewDidAppear R7",
      ])
    await client.close()
  }

  /// A UIKit exception is a Swift error with the JSON-RPC code, the exception's name and reason; it changes nothing.
  @Test func anExceptionIsASwiftError() async throws {
    let client = try await TestDaemon.launch()
    _ = try await client.call(ControllerCreateParams(id: "a"))
    _ = try await client.call(ControllerCreateParams(id: "b"))
    let error = try await #require(throws: ContainerRPCError.self) {
      try await client.call(ContainmentTransitionParams(parent: "a", from: "b", to: "a"))
    }
    #expect(error.code == -32001)
    #expect(error.rpcCode == .uikitException)
    #expect(error.exception == "NSInvalidArgumentException")
    #expect(
      error.reason?.hasPrefix("Children view controllers <UIViewController: b> and <UIViewController: a>") == true)
    #expect(error.method == "containment/transition")
    #expect(error.events.isEmpty)
    // Printed once: the daemon's message is already `NSInvalidArgumentException: reason`.
    #expect(error.description == "containment/transition: \(error.message) (-32001)")
    #expect(error.message == "NSInvalidArgumentException: \(error.reason ?? "")")
    let terse = ContainerRPCError(
      code: -32001, message: "UIKit exception", data: ["exception": "NSGenericException", "reason": "why"], method: "m")
    #expect(terse.description == "m: UIKit exception (-32001) [NSGenericException: why]")
    #expect(try await client.call(ControllerGetParams(controller: "b")).result.parent == nil)
    await client.close()
  }

  /// Wrong params: -32602 with the path and what was expected, through the raw escape hatch.
  @Test func wrongParamsNameThePath() async throws {
    let client = try await TestDaemon.launch()
    let error = try await #require(throws: ContainerRPCError.self) {
      try await client.call("window/create", params: ["width": "wide"])
    }
    #expect(error.code == -32602)
    #expect(error.path == "params.width")
    #expect(error.exception == nil)
    let raw = try await client.call("daemon/ping")
    #expect(raw.result == ["pong": true])
    await client.close()
  }

  /// Subscribing adds kinds: a transition's completion block (seed 001, `event/completion`) comes in its turn.
  @Test func subscriptionsAddEventKinds() async throws {
    let client = try await TestDaemon.launch()
    try await client.subscribe([.completion])
    _ = try await client.call(WindowCreateParams(id: "w"))
    _ = try await client.call(ControllerCreateParams(id: "p"))
    _ = try await client.call(WindowSetRootParams(window: "w", controller: "p"))
    for id in ["a", "b"] {
      _ = try await client.call(ControllerCreateParams(id: id))
      _ = try await client.call(ContainmentAddChildParams(parent: "p", child: id))
    }
    _ = try await client.call(ViewAddSubviewParams(superview: "p.view", view: "a.view"))
    let reply = try await client.call(ContainmentTransitionParams(parent: "p", from: "a", to: "b", duration: 0))
    #expect(reply.events.last?.kind == .completion(controller: "p", of: "transition", finished: true))
    try await client.unsubscribe([.completion, .lifecycle])
    let quiet = try await client.call(ContainmentTransitionParams(parent: "p", from: "b", to: "a", duration: 0))
    #expect(quiet.events.isEmpty)
    await client.close()
  }

  /// The event stream sees every event in order, the same ones the replies carry.
  @Test func theEventStreamSeesEveryEvent() async throws {
    let client = try await TestDaemon.launch()
    let stream = await client.events()
    _ = try await client.call(WindowCreateParams(id: "w"))
    _ = try await client.call(ControllerCreateParams(id: "vc"))
    let reply = try await client.call(WindowSetRootParams(window: "w", controller: "vc"))
    await client.close()
    var all: [ContainerEvent] = []
    for await event in stream { all.append(event) }
    #expect(all == reply.events)
    #expect(all.map(\.seq) == [1, 2, 3, 4, 5])
    #expect(all.allSatisfy { $0.request == .int(reply.id) })
  }

  /// The daemon's stderr is kept: its log lines are there after it exits.
  @Test func stderrIsKept() async throws {
    let client = try await TestDaemon.launch(["--log-level", "debug"])
    _ = try await client.call(WindowCreateParams(id: "w"))
    let status = try await client.shutdown()
    #expect(status == 0)
    #expect(!client.stderrTail.isEmpty)
    await #expect(throws: ContainerClientError.self) { try await client.call(WindowCreateParams()) }
  }
}

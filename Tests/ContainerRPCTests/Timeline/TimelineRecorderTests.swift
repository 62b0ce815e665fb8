import ContainerJSON
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// ``TimelineRecorder`` on a running server, and scenarios run keeping their timeline (what `record --trace/--html`,
/// `trace` and `check --html` are made of).
@Suite struct TimelineRecorderTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The observer changes nothing the client reads: seed 001's and seed 003's transcripts give the same bytes with a
  /// recorder attached (its own subscription covers more kinds than the client's), and it sees every lifecycle
  /// event the client sees, with the same `request`.
  @Test(arguments: ["seed001-container", "seed003-profile-page"])
  func theObserverChangesNothingTheClientReads(_ name: String) throws {
    let input = try Self.text("clients/transcripts/\(name).jsonl")
    let plain = InMemoryConnection(handler: RPCServer()).send(input)
    let server = RPCServer()
    let recorder = TimelineRecorder(server: server)
    let watched = InMemoryConnection(handler: server).send(input)
    #expect(watched == plain)
    let expected = try Self.text("clients/transcripts/\(name).expected.jsonl")
    #expect(watched == expected)
    let clientLifecycle = watched.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
      .filter { $0["method"] == "event/lifecycle" }.map { [$0["params"]?["callback"], $0["params"]?["request"]] }
    let seen = recorder.timeline(name: name).events.filter { $0["method"] == "event/lifecycle" }
      .map { [$0["params"]?["callback"], $0["params"]?["request"]] }
    #expect(seen == clientLifecycle)
  }

  /// Seed 001 as a scenario: the timeline has every step (with its virtual times), the controllers in window `win`
  /// with their classes, and, asked for, a wireframe of the window after each step.
  @Test func seed001KeepsStepsObjectsAndWireframes() throws {
    let scenario = try #require(try Scenario.parse(Self.text("examples/seed001-container.json"), file: "s").first)
    let (outcome, timeline) = ScenarioRunner().runKeepingTimeline(scenario, file: "s", wireframes: true)
    #expect(outcome.passed)
    #expect(timeline.passed)
    #expect(timeline.steps.count == scenario.steps.count)
    #expect(timeline.windows == ["win"])
    #expect(timeline.objects.map(\.id) == ["container", "containerVC", "newVC"])
    #expect(timeline.objects.allSatisfy { $0.className == "UIViewController" && $0.window == "win" })
    let transition = try #require(timeline.steps.first { $0.methods == ["containment/transition"] })
    #expect(transition.start == 0 && transition.end == 250)
    #expect(timeline.steps.allSatisfy { $0.wireframes.count == 1 && $0.wireframes[0].svg.hasPrefix("<svg") })
    #expect(Timeline(json: timeline.json)?.json == timeline.json)  // as `check --jobs` hands it over
  }

  /// A failed expectation is kept on its step, as `check` reports it without the `step N (method): ` prefix, and the
  /// page splits it into where, expected and actual.
  @Test func failuresStayWithTheirStep() throws {
    let scenario = try #require(
      try Scenario.parse(
        #"{"name":"wrong","steps":[{"call":"window/create","params":{"id":"w"},"result":{"id":"x"}}]}"#, file: "f"
      ).first)
    let (outcome, timeline) = ScenarioRunner().runKeepingTimeline(scenario, file: "f", wireframes: false)
    #expect(outcome.failures == [#"step 1 (window/create): result.id: expected "x", got "w""#])
    #expect(timeline.steps[0].failures == [#"result.id: expected "x", got "w""#])
    #expect(!timeline.passed)
    let parts = try #require(TimelinePage.split(timeline.steps[0].failures[0]))
    #expect(parts.where == "result.id" && parts.expected == "\"x\"" && parts.actual == "\"w\"")
    #expect(TimelinePage.split(#"expected an error, got result {"pong":true}"#)?.actual == #"result {"pong":true}"#)
    #expect(TimelinePage.split("unexpected error {}") == nil)
  }

  /// The page carries its data in a script element that no `<` can close early, and needs no network.
  @Test func thePageIsSelfContained() throws {
    let event = ChromeTraceTests.lifecycle("</script><b>", "viewDidLoad", "R1", request: 1)
    let page = TimelinePage.html([Timeline(name: "<&>", events: [event])], title: "t")
    #expect(page.components(separatedBy: "</script>").count == 3)  // the data's and the script's ends only
    #expect(page.contains(#"\u003c/script>\u003cb>"#))
    #expect(!page.contains("http://") && !page.contains("https://"))
    #expect(TimelinePage.html([Timeline(name: "<&>", events: [event])], title: "t") == page)
  }
}

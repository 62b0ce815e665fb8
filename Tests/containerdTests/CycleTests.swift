import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// The cycles of issue 19 through the built binary, stdin kept open as a live client keeps it: each scenario sends its
/// set-up, the call that used to close a cycle (after which the daemon spun forever in the next walk of the tree or the
/// presentation chain), the call that used to spin, and a ping; all four kinds of reply must arrive. Before the fixes
/// the reply to the walking call and the ping never came (the read below gives up after its deadline).
@Suite struct CycleTests {
  struct Scenario: Sendable, CustomStringConvertible {
    var description: String
    /// Calls that succeed, then the refused call, then the calls after it.
    var setUp: [(String, String)]
    var refused: (String, String)
    var after: [(String, String)]
    /// The exact error reply to the refused call.
    var error: String
  }

  static func request(_ id: Int, _ method: String, _ params: String) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
  }

  static func exception(_ id: Int, _ name: String, _ reason: String) -> String {
    #"{"error":{"code":-32001,"data":{"exception":"\#(name)","reason":"\#(reason)"},"message":"\#(name): \#(reason)"},"id":\#(id),"jsonrpc":"2.0"}"#
  }

  static let scenarios: [Scenario] = [
    // Case 1 (R28): root presents c, then c presents root; the dismissal walked the loop, growing without end.
    Scenario(
      description: "presentation cycle",
      setUp: [
        ("window/create", #"{"id":"w"}"#), ("controller/create", #"{"id":"root"}"#),
        ("controller/create", #"{"id":"c"}"#), ("window/setRoot", #"{"window":"w","controller":"root"}"#),
        ("presentation/present", #"{"presenter":"root","controller":"c","animated":false}"#),
      ],
      refused: ("presentation/present", #"{"presenter":"c","controller":"root","animated":false}"#),
      after: [("presentation/dismiss", #"{"controller":"c","animated":false}"#)],
      error:
        "NSInvalidArgumentException|Application tried to present modally an active controller <UIViewController: root>."
    ),
    // Case 2: tabs.view loads and, entering the window, installs c1.view, an ancestor of v, around itself.
    Scenario(
      description: "lazily loaded tab bar view",
      setUp: [
        ("window/create", #"{"id":"w"}"#), ("controller/create", #"{"id":"c1"}"#),
        ("view/addSubview", #"{"superview":"w","view":"c1.view"}"#), ("view/create", #"{"id":"v"}"#),
        ("view/addSubview", #"{"superview":"c1.view","view":"v"}"#),
        ("controller/create", #"{"id":"tabs","kind":"UITabBarController","controllers":["c1"]}"#),
      ],
      refused: ("view/addSubview", #"{"superview":"v","view":"tabs.view"}"#),
      after: [("world/snapshot", "{}"), ("view/hitTest", #"{"window":"w","point":{"x":10,"y":10}}"#)],
      error: "NSInvalidArgumentException|Can't add a view as a subview of its own descendant"
    ),
    // Case 3: a paging container embedded into its own page: its first showing made each the other's child.
    Scenario(
      description: "paging container embedded into its own page",
      setUp: [
        ("window/create", #"{"id":"w"}"#), ("controller/create", #"{"id":"c1"}"#),
        (
          "controller/create",
          #"{"id":"p","kind":"PagingContainerViewController","header":{"height":200},"pages":["c1"]}"#
        ),
        ("window/setRoot", #"{"window":"w","controller":"c1"}"#),
      ],
      refused: ("containment/embed", #"{"parent":"c1","child":"p"}"#),
      after: [("world/snapshot", "{}")],
      error:
        "NSInvalidArgumentException|<PagingContainerViewController: p> is an ancestor of <UIViewController: c1> and cannot become its child"
    ),
    // Case 3: two paging containers, each the other's page; the first to show loaded each inside the other forever.
    Scenario(
      description: "two paging containers that are each other's page",
      setUp: [
        ("window/create", #"{"id":"w"}"#), ("controller/create", #"{"id":"c1"}"#),
        (
          "controller/create",
          #"{"id":"p1","kind":"PagingContainerViewController","header":{"height":200},"pages":["c1"]}"#
        ),
        (
          "controller/create",
          #"{"id":"p2","kind":"PagingContainerViewController","header":{"height":200},"pages":["p1"]}"#
        ),
      ],
      refused: ("paging/setPages", #"{"container":"p1","controllers":["p2"]}"#),
      after: [("window/setRoot", #"{"window":"w","controller":"p2"}"#), ("world/snapshot", "{}")],
      error:
        "NSInvalidArgumentException|child view controller <PagingContainerViewController: p2> can't be its own ancestor's child"
    ),
  ]

  /// Reads lines until the reply with id `id` (events are skipped); the replies by id, or nil on timeout.
  static func replies(from daemon: InteractiveDaemon, until id: Int) -> [Int: String]? {
    var replies: [Int: String] = [:]
    while replies[id] == nil {
      guard let line = daemon.readLine(timeout: 30) else { return nil }
      guard !line.contains(#""method":"event/"#), let value = try? JSONValue.parse(line),
        let number = value["id"]?.intValue
      else { continue }
      replies[Int(number)] = line
    }
    return replies
  }

  @Test(arguments: scenarios)
  func cycleIsRefusedAndTheDaemonKeepsAnswering(_ scenario: Scenario) throws {
    let daemon = try InteractiveDaemon()
    let calls = scenario.setUp + [scenario.refused] + scenario.after + [("daemon/ping", "{}")]
    for (index, (method, params)) in calls.enumerated() {
      try daemon.write(Self.request(index + 1, method, params) + "\n")
    }
    let refusedID = scenario.setUp.count + 1
    let replies = try #require(Self.replies(from: daemon, until: calls.count), "the daemon stopped answering")
    #expect(replies.count == calls.count)
    let parts = scenario.error.split(separator: "|").map(String.init)
    #expect(replies[refusedID] == Self.exception(refusedID, parts[0], parts[1]))
    for id in 1...calls.count where id != refusedID {
      #expect(replies[id]?.contains(#""result":"#) == true, "reply \(id): \(replies[id] ?? "none")")
    }
    #expect(replies[calls.count] == #"{"id":\#(calls.count),"jsonrpc":"2.0","result":{"pong":true}}"#)
    #expect(try daemon.close() == 0)
  }
}

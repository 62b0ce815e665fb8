import ArgumentParser
import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerTransport
import Foundation

/// `containerd record --output FILE`: serves stdin like the daemon (lines framing), answering as usual on stdout, and
/// at the end writes a scenario file whose steps are the calls it saw, with their results and lifecycle callbacks as
/// expectations (edit it down to what matters).
struct Record: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Serve stdin as usual and write the session as a scenario file for `containerd check`.",
    discussion: """
      Every request with an id becomes a step: its method and params, its result (or error code and exception) \
      and the lifecycle callbacks it caused; a batch becomes a batch step. Notifications are served but not \
      recorded. The scenario subscribes to what the session subscribed to.
      """
  )

  @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the scenario.", valueName: "file"))
  var output: String

  @Option(help: ArgumentHelp("The scenario's name.", valueName: "name"))
  var name = "recorded session"

  func run() throws {
    let server = RPCServer()
    let connection = InMemoryConnection(handler: server)
    var steps: [String] = []
    var subscribed: [JSONValue] = []
    while let line = readLine(strippingNewline: true) {
      let reply = connection.send(line + "\n")
      FileHandle.standardOutput.write(Data(reply.utf8))
      let lines = reply.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
      if let calls = (try? JSONValue.parse(line))?.arrayValue {
        // A batch: one step, one turn.
        let events = lines.filter { $0["method"] != nil }
        let responses = lines.last?.arrayValue ?? []
        var step: JSONObject = [
          "batch": .array(
            calls.map { call in
              var entry: JSONObject = ["call": call["method"] ?? .null]
              if let params = call["params"] { entry["params"] = params }
              return .object(entry)
            }),
          "results": .array(responses.map { $0["result"] ?? ["error": $0["error"] ?? .null] }),
        ]
        let lifecycle = Self.lifecycle(events)
        if !lifecycle.isEmpty { step["lifecycle"] = .array(lifecycle) }
        steps.append("    " + JSONValue.object(step).encodedString)
        continue
      }
      guard let request = try? JSONValue.parse(line), request["id"] != nil,
        let method = request["method"]?.stringValue
      else { continue }
      let response = lines.last(where: { $0["id"] != nil }) ?? .null
      let events = lines.filter { $0["id"] == nil }
      if method == "events/subscribe", response["result"] != nil, let kinds = request["params"]?["kinds"]?.arrayValue {
        subscribed += kinds
        continue
      }
      var step: JSONObject = ["call": .string(method)]
      if let params = request["params"] { step["params"] = params }
      if let result = response["result"] {
        step["result"] = result
      } else if let error = response["error"] {
        var expected: JSONObject = ["code": error["code"] ?? .null]
        if let exception = error["data"]?["exception"] { expected["exception"] = exception }
        step["error"] = .object(expected)
      }
      let lifecycle = Self.lifecycle(events)
      if !lifecycle.isEmpty { step["lifecycle"] = .array(lifecycle) }
      steps.append("    " + JSONValue.object(step).encodedString)
    }
    var header: JSONObject = ["name": .string(name)]
    if !subscribed.isEmpty { header["subscribe"] = .array(subscribed) }
    let opening = String(JSONValue.object(header).encodedString.dropLast())
    let text = opening + ",\n  \"steps\": [\n" + steps.joined(separator: ",\n") + "\n  ]\n}\n"
    try text.write(toFile: output, atomically: true, encoding: .utf8)
  }

  /// The lifecycle callbacks among `events` as trace lines, layout callbacks left out (as `check` compares them).
  private static func lifecycle(_ events: [JSONValue]) -> [JSONValue] {
    events.filter {
      $0["method"] == "event/lifecycle" && !ScenarioRunner.isLayoutCallback($0["params"]?["callback"]?.stringValue)
    }.map { .string(EventTrace.describe($0)) }
  }
}

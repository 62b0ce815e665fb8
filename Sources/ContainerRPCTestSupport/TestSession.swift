import ContainerEngine
public import ContainerJSON
import ContainerProtocol
public import ContainerRPC
public import ContainerTransport
import Testing

/// A client session against an in-process server: send calls, get back the events written before the response and
/// the response itself.
public final class TestSession {
  /// The server.
  public let server: RPCServer
  public let connection: InMemoryConnection
  private var nextID = 0
  /// Per controller, the direction of the last will callback not yet matched by its did (true = appearing).
  private var pendingWill: [String: Bool] = [:]

  public init(configuration: ServerConfiguration = ServerConfiguration()) {
    server = RPCServer(configuration: configuration)
    connection = InMemoryConnection(handler: server)
  }

  /// What one call produced.
  public struct Exchange {
    /// The notifications written before the response, in order.
    public var events: [JSONValue]
    /// The response.
    public var response: JSONValue
    /// `result`, or `nil` for an error.
    public var result: JSONValue? { response["result"] }
    /// `error`, or `nil` for a success.
    public var error: JSONValue? { response["error"] }
    /// Lifecycle and warning events as short strings: `child.viewWillAppear R6`, `warning: … R16`.
    public var trace: [String] { events.map(TestSession.describe) }
  }

  /// Sends one call.
  @discardableResult
  public func call(_ method: String, _ params: JSONValue? = nil) -> Exchange {
    nextID += 1
    var request: JSONObject = ["jsonrpc": "2.0", "id": .int(Int64(nextID)), "method": .string(method)]
    if let params { request["params"] = params }
    let output = connection.send(JSONValue.object(request).encodedString + "\n")
    var lines = output.split(separator: "\n").map { json(String($0)) }
    let response = lines.popLast() ?? .null
    check(after: method, events: lines)
    return Exchange(events: lines, response: response)
  }

  /// Checks the engine's invariants and the event stream's (no did without a will of the same direction, R15)
  /// after every call, recording an issue for each problem.
  private func check(after method: String, events: [JSONValue]) {
    for problem in server.engine.testOnly_checkInvariants() {
      Issue.record("invariant broken after \(method): \(problem)")
    }
    // Direct calls (R12) are app code's misuse, outside UIKit's own bookkeeping.
    for event in events where event["method"] == "event/lifecycle" && event["params"]?["rule"] != "R12" {
      guard let controller = event["params"]?["controller"]?.stringValue,
        let callback = event["params"]?["callback"]?.stringValue
      else { continue }
      switch callback {
      case "viewWillAppear": pendingWill[controller] = true
      case "viewWillDisappear": pendingWill[controller] = false
      case "viewDidAppear", "viewDidDisappear":
        let appearing = callback == "viewDidAppear"
        if pendingWill[controller] != appearing {
          Issue.record("\(controller).\(callback) without a matching will, after \(method)")
        }
        pendingWill[controller] = nil
      default:
        break
      }
    }
  }

  /// Sends several calls as one batch (one run-loop turn).
  public func batch(_ calls: [(String, JSONValue?)]) -> (events: [JSONValue], responses: [JSONValue]) {
    let requests: [JSONValue] = calls.map { method, params in
      nextID += 1
      var request: JSONObject = ["jsonrpc": "2.0", "id": .int(Int64(nextID)), "method": .string(method)]
      if let params { request["params"] = params }
      return .object(request)
    }
    let output = connection.send(JSONValue.array(requests).encodedString + "\n")
    var lines = output.split(separator: "\n").map { json(String($0)) }
    let responses = lines.popLast()?.arrayValue ?? []
    check(after: "batch", events: lines)
    return (lines, responses)
  }

  /// One event as a short line (see `EventTrace.describe`).
  public static func describe(_ event: JSONValue) -> String { EventTrace.describe(event) }

  /// The `world/snapshot` text, for "nothing changed" checks.
  public func snapshot() -> String {
    call("world/snapshot").result?.encodedString ?? ""
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// The server through an in-memory connection: envelope policy, params validation, daemon methods, framing of
/// replies.
@Suite struct RPCServerTests {
  private func exchange(_ input: String, server: RPCServer = RPCServer()) -> [String] {
    let connection = InMemoryConnection(handler: server)
    let output = connection.send(input) + String(decoding: connection.finish(), as: UTF8.self)
    return output.split(separator: "\n").map(String.init)
  }

  private func reply(_ request: String) -> JSONValue {
    let lines = exchange(request + "\n")
    #expect(lines.count == 1)
    return json(lines.first ?? "null")
  }

  // MARK: - Envelope

  @Test(arguments: [
    (#"1"#, "1"), (#"1.0"#, "1.0"),
    (#""a3f1c2e4-5b6d-4e7f-8a9b-0c1d2e3f4a5b""#, #""a3f1c2e4-5b6d-4e7f-8a9b-0c1d2e3f4a5b""#),
    (#"null"#, "null"), (#"-7"#, "-7"), (#""""#, #""""#),
  ])
  func idsAreEchoedWithTheirExactType(_ id: String, _ echoed: String) {
    let lines = exchange(#"{"jsonrpc":"2.0","id":\#(id),"method":"daemon/ping"}"# + "\n")
    #expect(lines == [#"{"id":\#(echoed),"jsonrpc":"2.0","result":{"pong":true}}"#])
  }

  @Test(arguments: [#"{}"#, #"[1]"#, #"true"#])
  func idsOfOtherTypesAreInvalidRequests(_ id: String) {
    let reply = reply(#"{"jsonrpc":"2.0","id":\#(id),"method":"daemon/ping"}"#)
    #expect(reply["error"]?["code"] == -32600)
    #expect(reply["id"] == .null)
  }

  @Test func paramsNullMeansNoParams() {
    #expect(reply(#"{"jsonrpc":"2.0","id":1,"method":"daemon/info","params":null}"#)["result"]?["name"] == "containerd")
    #expect(reply(#"{"jsonrpc":"2.0","id":1,"method":"daemon/info","params":[]}"#)["result"]?["name"] == "containerd")
  }

  @Test(arguments: [
    (#"{"id":1,"method":"daemon/ping"}"#, "Invalid Request: member \"jsonrpc\" must be exactly \"2.0\""),
    (
      #"{"jsonrpc":"1.0","id":1,"method":"daemon/ping"}"#, "Invalid Request: member \"jsonrpc\" must be exactly \"2.0\""
    ),
    (#"{"jsonrpc":"2.0","id":1}"#, "Invalid Request: member \"method\" is missing"),
    (
      #"{"jsonrpc":"2.0","id":1,"result":{}}"#,
      "Invalid Request: a response was received, but the daemon sends no requests"
    ),
    (
      #"{"jsonrpc":"2.0","id":1,"method":"daemon/ping","params":"x"}"#,
      "Invalid Request: member \"params\" must be an object or an array, got string"
    ),
    (#""daemon/ping""#, "Invalid Request: expected a request object, got string"),
  ])
  func invalidRequestsSayWhy(_ request: String, _ message: String) {
    let reply = reply(request)
    #expect(reply["error"]?["code"] == -32600)
    #expect(reply["error"]?["message"] == .string(message))
  }

  @Test func extraEnvelopeMembersAreIgnored() {
    #expect(reply(#"{"jsonrpc":"2.0","id":1,"method":"daemon/ping","x-trace":"abc"}"#)["result"] == ["pong": true])
  }

  // MARK: - Params

  @Test func unknownParamsAreRejectedWithTheirPath() {
    let reply = reply(#"{"jsonrpc":"2.0","id":1,"method":"daemon/info","params":{"verbose":true}}"#)
    #expect(
      reply["error"]
        == json(
          #"""
          {"code":-32602,"data":{"expected":"no such parameter","path":"params.verbose"},
           "message":"Invalid params: unknown parameter params.verbose (takes none)"}
          """#))
  }

  @Test func positionalParamsForNamedMethodsAreRejected() {
    let reply = reply(#"{"jsonrpc":"2.0","id":1,"method":"daemon/shutdown","params":[1]}"#)
    #expect(reply["error"]?["code"] == -32602)
    #expect(reply["error"]?["data"] == ["path": "params", "expected": "object"])
  }

  // MARK: - Daemon methods

  @Test func infoReportsVersionFramingLimitsAndClock() {
    var configuration = ServerConfiguration()
    configuration.readLimits = ReadLimits(maxMessageSize: 1 << 20, maxDepth: 64)
    configuration.maxObjects = 1000
    configuration.events.insert(.offset)
    let lines = exchange(
      #"{"jsonrpc":"2.0","id":1,"method":"daemon/info"}"# + "\n", server: RPCServer(configuration: configuration))
    #expect(
      lines == [
        #"{"id":1,"jsonrpc":"2.0","result":{"clock":{"fps":60,"mode":"auto","now":0},"events":["delegate","lifecycle","offset","warning"],"framing":"lines","limits":{"maxAnimationFrames":20000,"maxBatchOutput":67108864,"maxClientBacklog":16777216,"maxConstraints":5000,"maxConstraintsPerView":1000,"maxDepth":64,"maxMessageSize":1048576,"maxObjects":1000,"maxTreeDepth":1000,"maxTurnEvents":1000000},"name":"containerd","protocolVersion":1,"version":"\#(DaemonVersion.current)"}}"#
      ])
  }

  /// A batch whose output passes `maxBatchOutput` runs no further call: each remaining request is answered -32002,
  /// an invalid element -32600, a notification not at all; what ran stays done, what did not changes nothing.
  @Test func batchOutputOverTheLimitRunsNoFurtherCall() throws {
    // One rpc.discover result fits, two do not (the result grows with the method list: measured, not written down).
    let discover = TestSession().connection.send(#"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"# + "\n")
    let limit = discover.utf8.count * 3 / 2
    var configuration = ServerConfiguration()
    configuration.maxBatchOutput = limit
    let session = TestSession(configuration: configuration)
    let before = session.snapshot()
    let request = { (id: Int, method: String, params: String) in
      #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
    }
    let batch =
      "[" + request(1, "rpc.discover", "{}") + "," + request(2, "rpc.discover", "{}") + ","
      + request(3, "controller/create", #"{"id":"late"}"#) + ","
      + #"{"jsonrpc":"2.0","method":"controller/create","params":{"id":"quiet"}},{"id":5},"#
      + request(6, "daemon/ping", "{}") + "]\n"
    let lines = session.connection.send(batch).split(separator: "\n").map(String.init)
    #expect(lines.count == 1)
    let replies = try JSONValue.parse(lines[0]).arrayValue ?? []
    #expect(replies.count == 5)
    #expect(replies[0]["result"]?["methods"] != nil)
    #expect(replies[1]["result"]?["methods"] != nil)  // the call that passed the limit completes
    let refusal =
      #"{"code":-32002,"data":{"limit":"maxBatchOutput","value":\#(limit)},"message":"Limit reached: maxBatchOutput (\#(limit))"}"#
    #expect(replies[2].encodedString == #"{"error":"# + refusal + #","id":3,"jsonrpc":"2.0"}"#)
    #expect(replies[3]["error"]?["code"] == -32600)
    #expect(replies[3]["id"] == 5)
    #expect(replies[4].encodedString == #"{"error":"# + refusal + #","id":6,"jsonrpc":"2.0"}"#)
    #expect(session.snapshot() == before)  // neither "late" nor "quiet" was created
    #expect(session.call("controller/get", ["controller": "late"]).error?["code"] == -32000)
  }

  /// Events count towards the limit too (each as `eventSizeEstimate` bytes).
  @Test func batchEventsCountTowardsTheOutputLimit() throws {
    var configuration = ServerConfiguration()
    configuration.maxBatchOutput = 200
    let session = TestSession(configuration: configuration)
    _ = session.call("window/create", ["id": "win"])
    _ = session.call("controller/create", ["id": "root"])
    // Showing root emits at least loadView and viewDidLoad during the call (2 × 160 bytes): with its 37-byte response
    // that passes 200 bytes, so the next calls are refused; root still appears at the end of the turn.
    let (events, responses) = session.batch([
      ("window/setRoot", ["window": "win", "controller": "root"]),
      ("controller/create", ["id": "next"]),
      ("daemon/ping", nil),
    ])
    #expect(responses.count == 3)
    #expect(responses[0]["result"] == [:])
    #expect(responses[1]["error"]?["data"]?["limit"] == "maxBatchOutput")
    #expect(responses[2]["error"]?["data"]?["limit"] == "maxBatchOutput")
    #expect(events.map(TestSession.describe).contains { $0.contains("viewDidAppear") })
  }

  @Test func shutdownAnswersThenIgnoresTheRest() {
    let server = RPCServer()
    let lines = exchange(
      #"{"jsonrpc":"2.0","id":1,"method":"daemon/shutdown"}"# + "\n"
        + #"{"jsonrpc":"2.0","id":2,"method":"daemon/ping"}"# + "\n",
      server: server
    )
    #expect(lines == [#"{"id":1,"jsonrpc":"2.0","result":{}}"#])
    #expect(server.isShutdownRequested)
  }

  @Test func shutdownInsideABatchFinishesTheBatch() {
    let lines = exchange(
      #"[{"jsonrpc":"2.0","id":1,"method":"daemon/shutdown"},{"jsonrpc":"2.0","id":2,"method":"daemon/ping"}]"# + "\n"
        + #"{"jsonrpc":"2.0","id":3,"method":"daemon/ping"}"# + "\n"
    )
    #expect(lines == [#"[{"id":1,"jsonrpc":"2.0","result":{}},{"id":2,"jsonrpc":"2.0","result":{"pong":true}}]"#])
  }

  @Test func discoverListsEveryRegisteredMethodWithSchemas() throws {
    let document = reply(#"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"#)["result"]
    #expect(document?["openrpc"] == "1.2.6")
    let methods = try #require(document?["methods"]?.arrayValue)
    #expect(methods.compactMap { $0["name"]?.stringValue } == Methods.all.map(\.name))
    #expect(Methods.all.map(\.name) == Methods.all.map(\.name).sorted())
    let ping = try #require(methods.first { $0["name"] == "daemon/ping" })
    #expect(
      ping["result"]?["schema"]
        == json(
          #"""
          {"type":"object","properties":{"pong":{"type":"boolean"}},"additionalProperties":false,"required":["pong"]}
          """#))
  }

  // MARK: - Framing of replies

  @Test func headerRequestsGetHeaderReplies() {
    let connection = InMemoryConnection(handler: RPCServer())
    let body = #"{"jsonrpc":"2.0","id":7,"method":"daemon/info"}"#
    let output = connection.send("Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
    #expect(output.hasPrefix("Content-Length: "))
    let parts = output.components(separatedBy: "\r\n\r\n")
    #expect(parts.count == 2)
    #expect(parts[0] == "Content-Length: \(parts[1].utf8.count)")
    #expect(json(parts[1])["result"]?["framing"] == "headers")
  }

  @Test func framingIsChosenPerMessage() {
    let connection = InMemoryConnection(handler: RPCServer())
    let body = #"{"jsonrpc":"2.0","id":2,"method":"daemon/ping"}"#
    let output = connection.send(
      #"{"jsonrpc":"2.0","id":1,"method":"daemon/ping"}"# + "\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        + #"{"jsonrpc":"2.0","id":3,"method":"daemon/ping"}"# + "\n"
    )
    #expect(
      output == #"""
        {"id":1,"jsonrpc":"2.0","result":{"pong":true}}
        Content-Length: 47\#r
        \#r
        {"id":2,"jsonrpc":"2.0","result":{"pong":true}}{"id":3,"jsonrpc":"2.0","result":{"pong":true}}

        """#)
  }

  @Test func parseErrorsInHeaderFramingAreAnsweredInHeaderFraming() {
    let connection = InMemoryConnection(handler: RPCServer())
    let output = connection.send("Content-Length: 3\r\n\r\nabc")
    #expect(output.hasPrefix("Content-Length: "))
    #expect(output.contains(#""code":-32700"#))
  }

  @Test func sameInputSameBytes() {
    let input = JSONRPCInputs.assorted
    #expect(exchange(input) == exchange(input))
  }
}

/// A varied input stream for determinism checks.
enum JSONRPCInputs {
  static let assorted =
    [
      #"{"jsonrpc":"2.0","id":1,"method":"daemon/info"}"#, #"[{"jsonrpc":"2.0","id":2,"method":"rpc.discover"}]"#,
      "garbage", #"{"jsonrpc":"2.0","id":3,"method":"nope"}"#,
    ].joined(separator: "\n") + "\n"
}

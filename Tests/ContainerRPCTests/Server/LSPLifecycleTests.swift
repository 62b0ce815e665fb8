import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// The LSP lifecycle (`initialize`, `initialized`, `shutdown`, `exit`) on one in-process connection: optional for
/// JSON-RPC clients, once per connection, and after `shutdown` only `exit` is taken.
@Suite struct LSPLifecycleTests {
  /// Sends raw text and returns the lines written back.
  private func send(_ session: TestSession, _ text: String) -> [String] {
    session.connection.send(text + "\n").split(separator: "\n").map(String.init)
  }

  @Test func callsBeforeInitializeWorkAsAlways() {
    let session = TestSession()
    #expect(session.call("controller/create", ["id": "vc"]).result == ["id": "vc", "view": "vc.view"])
    #expect(session.server.lifecycle == LSPLifecycle())
  }

  @Test func initializeDescribesTheDaemon() throws {
    let session = TestSession()
    let reply = session.call("initialize", ["processId": .null, "capabilities": [:], "rootUri": .null])
    let result = try #require(reply.result)
    #expect(result["serverInfo"] == ["name": "containerd", "version": .string(DaemonVersion.current)])
    #expect(result["capabilities"]?.objectValue?.keys.sorted() == ["experimental"])
    let experimental = result["capabilities"]?["experimental"]
    #expect(experimental?["protocolVersion"] == .int(Int64(DaemonVersion.protocolVersion)))
    #expect(experimental?["methods"] == .array(Methods.all.map { .string($0.name) }))
    #expect(experimental?["methods"]?.arrayValue?.contains("controller/create") == true)
    #expect(session.server.lifecycle.isInitialized)
    // The daemon's methods work after it exactly as before.
    #expect(session.call("controller/create", ["id": "vc"]).result == ["id": "vc", "view": "vc.view"])
  }

  @Test func aSecondInitializeIsAnInvalidRequest() {
    let session = TestSession()
    #expect(session.call("initialize", [:]).error == nil)
    #expect(
      session.call("initialize", [:]).error
        == [
          "code": -32600,
          "message": "Invalid Request: initialize was already answered on this connection (LSP allows it once)",
        ])
  }

  @Test func initializedIsAcceptedSilently() {
    let session = TestSession()
    #expect(send(session, #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#) == [])
    #expect(session.call("initialized").response == json(#"{"id":1,"jsonrpc":"2.0","result":null}"#))
  }

  /// After `shutdown` (answered null), a request is -32600 and changes nothing, a notification is dropped; `exit`
  /// then closes the connection with status 0.
  @Test func afterShutdownOnlyExitIsTaken() {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    #expect(session.call("shutdown").response == json(#"{"id":2,"jsonrpc":"2.0","result":null}"#))
    let before = session.snapshot()
    let refusal =
      #"{"code":-32600,"message":"Invalid Request: the daemon is shutting down (shutdown was received); only exit is accepted"}"#
    #expect(session.call("controller/create", ["id": "vc"]).response["error"] == json(refusal))
    #expect(session.call("daemon/ping").response["error"] == json(refusal))
    #expect(session.call("initialize").response["error"] == json(refusal))
    #expect(session.call("nope/nope").response["error"] == json(refusal))
    #expect(send(session, #"{"jsonrpc":"2.0","method":"events/subscribe","params":{"kinds":["all"]}}"#) == [])
    #expect(!session.server.subscriptions.contains(.layout))
    let batch = session.batch([("controller/create", ["id": "a"]), ("daemon/ping", nil)])
    #expect(batch.events == [])
    #expect(batch.responses.map { $0["error"] } == [json(refusal), json(refusal)])
    // A message that is not a request is answered as always.
    #expect(send(session, #"{"method":"x"}"#).first?.contains("-32600") == true)
    #expect(session.snapshot() == before)
    #expect(!session.connection.isClosed)
    #expect(send(session, #"{"jsonrpc":"2.0","method":"exit"}"#) == [])
    #expect(session.server.lifecycle.exitStatus == 0)
    #expect(session.connection.isClosed)
    #expect(send(session, #"{"jsonrpc":"2.0","id":9,"method":"daemon/ping"}"#) == [])
  }

  @Test func exitWithoutShutdownHasStatusOne() {
    let session = TestSession()
    #expect(send(session, #"{"jsonrpc":"2.0","method":"exit"}"#) == [])
    #expect(session.server.lifecycle.exitStatus == 1)
    #expect(session.connection.isClosed)
  }

  /// `exit` sent with an id is answered null before the connection closes; the rest of its batch still runs, as
  /// `daemon/shutdown`'s does, and nothing after the batch is read.
  @Test func exitAsARequestIsAnsweredAndEndsTheReading() {
    let session = TestSession()
    let lines = send(
      session,
      #"[{"jsonrpc":"2.0","id":1,"method":"exit"},{"jsonrpc":"2.0","id":2,"method":"daemon/ping"}]"# + "\n"
        + #"{"jsonrpc":"2.0","id":3,"method":"daemon/ping"}"#)
    #expect(lines == [#"[{"id":1,"jsonrpc":"2.0","result":null},{"id":2,"jsonrpc":"2.0","result":{"pong":true}}]"#])
    #expect(session.server.lifecycle.exitStatus == 1)
  }

  /// `daemon/shutdown` keeps its meaning (stop reading, exit 0) and is not LSP's `shutdown`.
  @Test func daemonShutdownIsUnchanged() {
    let session = TestSession()
    #expect(session.call("daemon/shutdown").result == [:])
    #expect(session.server.isShutdownRequested)
    #expect(session.server.lifecycle.exitStatus == nil)
  }

  @Test func rpcDiscoverListsTheLifecycle() throws {
    let session = TestSession()
    let methods = try #require(session.call("rpc.discover").result?["methods"]?.arrayValue)
    let byName = Dictionary(uniqueKeysWithValues: methods.compactMap { m in m["name"]?.stringValue.map { ($0, m) } })
    for name in ["initialize", "initialized", "shutdown", "exit"] {
      #expect(byName[name]?["paramStructure"] == "either", "\(name)")
    }
    #expect(
      byName["initialize"]?["result"]?["schema"]?["required"] == ["capabilities", "serverInfo"])
  }
}

import ContainerRPCTestSupport
import Testing

/// The examples of the JSON-RPC 2.0 specification (§7), with `daemon/ping` where the spec uses its sample
/// methods, run both in process and through the built binary: same bytes out.
@Suite struct JSONRPCSpecExampleTests {
  struct Example: Sendable, CustomTestStringConvertible {
    var name: String
    var request: String
    var response: [String]
    var testDescription: String { name }
  }

  static let examples: [Example] = [
    Example(
      name: "call with positional params",
      request: #"{"jsonrpc": "2.0", "method": "daemon/ping", "params": [42, 23], "id": 1}"#,
      response: [#"{"id":1,"jsonrpc":"2.0","result":{"pong":true}}"#]
    ),
    Example(
      name: "call with named params",
      request: #"{"jsonrpc": "2.0", "method": "daemon/ping", "params": {"subtrahend": 23, "minuend": 42}, "id": 3}"#,
      response: [#"{"id":3,"jsonrpc":"2.0","result":{"pong":true}}"#]
    ),
    Example(
      name: "notification",
      request: #"{"jsonrpc": "2.0", "method": "daemon/ping", "params": [1,2,3,4,5]}"#,
      response: []
    ),
    Example(
      name: "notification of an unknown method", request: #"{"jsonrpc": "2.0", "method": "foobar"}"#, response: []),
    Example(
      name: "method not found",
      request: #"{"jsonrpc": "2.0", "method": "foobar", "id": "1"}"#,
      response: [
        #"{"error":{"code":-32601,"data":{"method":"foobar"},"message":"Method not found: foobar"},"id":"1","jsonrpc":"2.0"}"#
      ]
    ),
    Example(
      name: "invalid JSON",
      request: #"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#,
      response: [
        #"{"error":{"code":-32700,"data":{"offset":45},"message":"Parse error ('}' expected near 'params')"},"id":null,"jsonrpc":"2.0"}"#
      ]
    ),
    Example(
      name: "invalid request object",
      request: #"{"jsonrpc": "2.0", "method": 1, "params": "bar"}"#,
      response: [
        #"{"error":{"code":-32600,"message":"Invalid Request: member \"method\" must be a string, got integer"},"id":null,"jsonrpc":"2.0"}"#
      ]
    ),
    Example(
      name: "batch, invalid JSON",
      request: #"[{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},{"jsonrpc": "2.0", "method"]"#,
      response: [
        #"{"error":{"code":-32700,"data":{"offset":95},"message":"Parse error (':' expected near ']')"},"id":null,"jsonrpc":"2.0"}"#
      ]
    ),
    Example(
      name: "empty batch",
      request: "[]",
      response: [#"{"error":{"code":-32600,"message":"Invalid Request: empty batch"},"id":null,"jsonrpc":"2.0"}"#]
    ),
    Example(
      name: "invalid batch, not empty",
      request: "[1]",
      response: [
        #"[{"error":{"code":-32600,"message":"Invalid Request: expected a request object, got integer"},"id":null,"jsonrpc":"2.0"}]"#
      ]
    ),
    Example(
      name: "invalid batch",
      request: "[1,2,3]",
      response: [
        "["
          + Array(
            repeating:
              #"{"error":{"code":-32600,"message":"Invalid Request: expected a request object, got integer"},"id":null,"jsonrpc":"2.0"}"#,
            count: 3
          ).joined(separator: ",") + "]"
      ]
    ),
    Example(
      name: "mixed batch",
      request: #"""
        [{"jsonrpc": "2.0", "method": "daemon/ping", "params": [1,2,4], "id": "1"},{"jsonrpc": "2.0", "method": "daemon/ping", "params": [7]},{"jsonrpc": "2.0", "method": "daemon/ping", "params": [42,23], "id": "2"},{"foo": "boo"},{"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},{"jsonrpc": "2.0", "method": "get_data", "id": "9"}]
        """#,
      response: [
        #"[{"id":"1","jsonrpc":"2.0","result":{"pong":true}},{"id":"2","jsonrpc":"2.0","result":{"pong":true}},{"error":{"code":-32600,"message":"Invalid Request: member \"jsonrpc\" must be exactly \"2.0\""},"id":null,"jsonrpc":"2.0"},{"error":{"code":-32601,"data":{"method":"foo.get"},"message":"Method not found: foo.get"},"id":"5","jsonrpc":"2.0"},{"error":{"code":-32601,"data":{"method":"get_data"},"message":"Method not found: get_data"},"id":"9","jsonrpc":"2.0"}]"#
      ]
    ),
    Example(
      name: "batch of notifications only",
      request:
        #"[{"jsonrpc": "2.0", "method": "daemon/ping", "params": [1,2,4]},{"jsonrpc": "2.0", "method": "daemon/ping", "params": [7]}]"#,
      response: []
    ),
  ]

  @Test(arguments: Transport.allCases, examples)
  func example(_ transport: Transport, _ example: Example) throws {
    #expect(try transport.exchange(example.request + "\n") == example.response)
  }

  /// All examples in one pipeline: each answered in order, the daemon still serving after every bad one.
  @Test(arguments: Transport.allCases)
  func allExamplesInOnePipeline(_ transport: Transport) throws {
    let input =
      Self.examples.map { $0.request + "\n" }.joined() + #"{"jsonrpc":"2.0","id":"last","method":"daemon/ping"}"# + "\n"
    let expected = Self.examples.flatMap(\.response) + [#"{"id":"last","jsonrpc":"2.0","result":{"pong":true}}"#]
    #expect(try transport.exchange(input) == expected)
  }
}

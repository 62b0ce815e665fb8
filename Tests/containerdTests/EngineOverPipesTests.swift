import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// Engine behaviour through the built binary: the Documentation/Protocol.md, "Example exchange" exchange, limits,
/// determinism.
@Suite struct EngineOverPipesTests {
  static let requests = [
    #"{"jsonrpc":"2.0","id":1,"method":"window/create","params":{"id":"win"}}"#,
    #"{"jsonrpc":"2.0","id":2,"method":"controller/create","params":{"id":"parent"}}"#,
    #"{"jsonrpc":"2.0","id":3,"method":"window/setRoot","params":{"window":"win","controller":"parent"}}"#,
    #"{"jsonrpc":"2.0","id":4,"method":"controller/create","params":{"id":"child"}}"#,
    #"{"jsonrpc":"2.0","id":5,"method":"containment/embed","params":{"parent":"parent","child":"child"}}"#,
  ]

  static let expected = [
    #"{"id":1,"jsonrpc":"2.0","result":{"id":"win"}}"#,
    #"{"id":2,"jsonrpc":"2.0","result":{"id":"parent","view":"parent.view"}}"#,
    #"{"jsonrpc":"2.0","method":"event/lifecycle","params":{"callback":"loadView","controller":"parent","request":3,"rule":"R1","seq":1,"time":0}}"#,
    #"{"jsonrpc":"2.0","method":"event/lifecycle","params":{"callback":"viewDidLoad","controller":"parent","request":3,"rule":"R1","seq":2,"time":0}}"#,
    #"{"jsonrpc":"2.0","method":"event/lifecycle","params":{"animated":false,"callback":"viewWillAppear","controller":"parent","request":3,"rule":"R6","seq":3,"time":0}}"#,
    #"{"jsonrpc":"2.0","method":"event/lifecycle","params":{"animated":false,"callback":"viewIsAppearing","controller":"parent","request":3,"rule":"R69","seq":4,"time":0}}"#,
    #"{"jsonrpc":"2.0","method":"event/lifecycle","params":{"animated":false,"callback":"viewDidAppear","controller":"parent","request":3,"rule":"R7","seq":5,"time":0}}"#,
    #"{"id":3,"jsonrpc":"2.0","result":{}}"#,
    #"{"id":4,"jsonrpc":"2.0","result":{"id":"child","view":"child.view"}}"#,
    #"{"jsonrpc":"2.0","method":"event/lifecycle","params":{"callback":"willMove","controller":"child","parent":"parent","request":5,"rule":"R4","seq":6,"time":0}}"#,
    #"{"jsonrpc":"2.0","method":"event/lifecycle","params":{"callback":"loadView","controller":"child","request":5,"rule":"R1","seq":7,"time":0}}"#,
    #"{"jsonrpc":"2.0","method":"event/lifecycle","params":{"callback":"viewDidLoad","controller":"child","request":5,"rule":"R1","seq":8,"time":0}}"#,
    #"{"jsonrpc":"2.0","method":"event/lifecycle","params":{"animated":false,"callback":"viewWillAppear","controller":"child","isMovingToParent":true,"request":5,"rule":"R6","seq":9,"time":0}}"#,
    #"{"jsonrpc":"2.0","method":"event/lifecycle","params":{"callback":"didMove","controller":"child","parent":"parent","request":5,"rule":"R4","seq":10,"time":0}}"#,
    #"{"jsonrpc":"2.0","method":"event/lifecycle","params":{"animated":false,"callback":"viewIsAppearing","controller":"child","isMovingToParent":true,"request":5,"rule":"R69","seq":11,"time":0}}"#,
    #"{"jsonrpc":"2.0","method":"event/lifecycle","params":{"animated":false,"callback":"viewDidAppear","controller":"child","isMovingToParent":true,"request":5,"rule":"R7","seq":12,"time":0}}"#,
    #"{"jsonrpc":"2.0","method":"event/lifecycle","params":{"callback":"didMove","controller":"child","parent":"parent","request":5,"rule":"R8","seq":13,"time":0}}"#,
    #"{"id":5,"jsonrpc":"2.0","result":{}}"#,
  ]

  /// Documentation/Protocol.md, "Example exchange", byte for byte (plus viewIsAppearing and the R29 flag, which that
  /// example leaves out).
  @Test(arguments: Transport.allCases)
  func protocolExampleExchange(_ transport: Transport) throws {
    #expect(try transport.exchange(Self.requests.joined(separator: "\n") + "\n") == Self.expected)
  }

  /// The same exchange as one batch: one turn, events first, then one array response.
  @Test func protocolExampleAsOneBatch() throws {
    let lines = try Transport.binary.exchange("[" + Self.requests.joined(separator: ",") + "]\n")
    #expect(lines.count == 14)
    #expect(lines.last?.hasPrefix(#"[{"id":1,"#) == true)
  }

  @Test func objectLimitIsAnErrorAndServingGoesOn() throws {
    let output = try DaemonBinary.run(
      ["--max-objects", "3"],
      input: Self.requests.prefix(4).joined(separator: "\n") + "\n"
        + #"{"jsonrpc":"2.0","id":9,"method":"daemon/ping"}"# + "\n")
    #expect(output.status == 0)
    #expect(
      output.lines.contains(
        #"{"error":{"code":-32002,"data":{"limit":"maxObjects","value":3},"message":"Limit reached: maxObjects (3)"},"id":4,"jsonrpc":"2.0"}"#
      ))
    #expect(output.lines.last == #"{"id":9,"jsonrpc":"2.0","result":{"pong":true}}"#)
  }

  /// The tree depth limit at its default (Engine+TreeDepth.swift), in the debug build the tests run: a chain of
  /// embedded controllers under a window's root reaches a view 1,000 superviews deep, the next embed is refused with
  /// -32002, and the calls that recurse along the whole tree (rotation's layout, the appearance of the chain leaving
  /// and re-entering the window, hit-testing, rendering, reset) are answered. Before the limit, a 16,556-view chain
  /// crashed a release daemon in `layoutSubtree`, and a 2,041-view one a debug daemon in `world/render`.
  @Test func aTreeAtTheDepthLimitIsServedAndTheNextLevelRefused() throws {
    func request(_ id: String, _ method: String, _ params: String) -> String {
      #"{"jsonrpc":"2.0","id":"\#(id)","method":"\#(method)","params":\#(params)}"#
    }
    var lines = [
      request("w", "window/create", #"{"id":"win"}"#), request("c0", "controller/create", #"{"id":"c0"}"#),
      request("root", "window/setRoot", #"{"window":"win","controller":"c0"}"#),
    ]
    for index in 1...1000 {
      lines.append(request("c\(index)", "controller/create", #"{"id":"c\#(index)"}"#))
      lines.append(request("e\(index)", "containment/embed", #"{"parent":"c\#(index - 1)","child":"c\#(index)"}"#))
    }
    lines += [
      request("resize", "window/resize", #"{"window":"win","width":844,"height":390}"#),
      request("other", "controller/create", #"{"id":"other"}"#),
      request("away", "window/setRoot", #"{"window":"win","controller":"other"}"#),
      request("back", "window/setRoot", #"{"window":"win","controller":"c0"}"#),
      request("hit", "view/hitTest", #"{"window":"win","point":{"x":5,"y":5}}"#),
      request("render", "world/render", #"{"window":"win"}"#),
      request("reset", "world/reset", "{}"),
      request("ping", "daemon/ping", "{}"),
    ]
    let output = try DaemonBinary.run([], input: lines.joined(separator: "\n") + "\n")
    #expect(output.status == 0)
    let replies = output.lines.map(json).filter { $0["id"] != nil }
    let errors = replies.filter { $0["error"] != nil }
    #expect(
      errors == [
        json(
          #"{"error":{"code":-32002,"data":{"limit":"maxTreeDepth","value":1000},"message":"Limit reached: maxTreeDepth (1000)"},"id":"e1000","jsonrpc":"2.0"}"#
        )
      ])
    #expect(replies.first { $0["id"] == "hit" }?["result"]?["view"] == "c999.view")
    #expect(replies.last == json(#"{"id":"ping","jsonrpc":"2.0","result":{"pong":true}}"#))
  }
}

import ContainerJSON
import ContainerProtocol
import ContainerTransport
import Testing

@testable import ContainerRPC

/// The request path's fast forms against the general ones they replace: the handler table (one per registered method,
/// by index) and a single call's reply written member by member (`RPCServer.write(_:framing:to:)`) against the
/// response value encoded.
@Suite struct RequestPathTests {
  @Test func everyRegisteredMethodHasItsHandler() {
    #expect(RPCServer.handlers.count == Methods.registry.methods.count)
    for spec in Methods.registry.methods {
      #expect(RPCServer.handler(for: spec.name) != nil, "\(spec.name) has no case in RPCServer.handler(for:)")
    }
    #expect(RPCServer.handler(for: "daemon/pong") == nil)
  }

  @Test func theMissingHandlerAnswersInternalError() {
    let server = RPCServer()
    #expect(throws: RPCError.internalError("method x/y is registered but has no handler")) {
      try RPCServer.missingHandler("x/y")(server, Params())
    }
  }

  private static let ids: [JSONValue] = [1, -7, 0, 1.0, 1.5, 1e-7, "a", "", "a\"b\\\u{1}é", nil, 9_007_199_254_740_993]
  private static let results: [JSONValue] = [
    [:], ["pong": true], .null, ["id": "c1", "view": "c1.view"],
    ["frame": ["height": 600, "width": 390, "x": 0, "y": 0.1]],
    // Reals of different precisions in one message: all written with the largest.
    ["a": 0.1, "b": .double(1.0 / 3), "c": [1e300, -2.5e-300, 12_345.678_9]],
    ["s": "line\nbreak\u{2028}\"quoted\"", "n": [nil, false, [], [:]]],
    .array((0..<200).map { .int($0) }),
  ]

  @Test(arguments: [Framing.lines, .headers])
  func aSingleReplyIsTheResponseEncoded(_ framing: Framing) {
    for id in Self.ids {
      for result in Self.results + Self.ids {
        let direct = MessageWriter()
        RPCServer.write(.result(id: id, result), framing: framing, to: direct)
        let reference = MessageWriter()
        reference.send(OutgoingMessage.response(id: id, result: result), framing: framing)
        #expect(String(decoding: direct.take(), as: UTF8.self) == String(decoding: reference.take(), as: UTF8.self))
      }
      let direct = MessageWriter()
      RPCServer.write(.error(id: id, .methodNotFound("x", suggestion: nil)), framing: framing, to: direct)
      let reference = MessageWriter()
      reference.send(OutgoingMessage.response(id: id, error: .methodNotFound("x", suggestion: nil)), framing: framing)
      #expect(direct.take() == reference.take())
      let none = MessageWriter()
      RPCServer.write(.none, framing: framing, to: none)
      #expect(none.take().isEmpty)
    }
  }
}

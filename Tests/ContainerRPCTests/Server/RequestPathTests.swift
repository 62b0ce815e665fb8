import ContainerEngine
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
        RPCServer.write(.result(id: id, .value(result)), framing: framing, to: direct)
        let reference = MessageWriter()
        reference.send(OutgoingMessage.response(id: id, result: result), framing: framing)
        #expect(String(decoding: direct.take(), as: UTF8.self) == String(decoding: reference.take(), as: UTF8.self))
      }
      let direct = MessageWriter()
      RPCServer.write(.error(id: id, .methodNotFound("x", suggestion: nil)), framing: framing, to: direct)
      let reference = MessageWriter()
      reference.send(OutgoingMessage.response(id: id, error: .methodNotFound("x", suggestion: nil)), framing: framing)
      #expect(direct.take() == reference.take())
      // A batch's element: the same bytes.
      var batch = EncodedArray()
      RPCServer.Reply.result(id: id, .value(Self.results[5])).append(to: &batch)
      RPCServer.Reply.error(id: id, .methodNotFound("x", suggestion: nil)).append(to: &batch)
      RPCServer.Reply.none.append(to: &batch)
      var referenceBatch = EncodedArray()
      referenceBatch.append(OutgoingMessage.response(id: id, result: Self.results[5]))
      referenceBatch.append(OutgoingMessage.response(id: id, error: .methodNotFound("x", suggestion: nil)))
      #expect(batch.finish() == referenceBatch.finish())
      let none = MessageWriter()
      RPCServer.write(.none, framing: framing, to: none)
      #expect(none.take().isEmpty)
    }
  }

  /// `table/visibleRows`' result written member by member against the same result as a value, alone and in a reply.
  @Test func visibleRowsAreWrittenAsTheirValue() {
    var generator = SystemRandomNumberGenerator()
    for count in [0, 1, 2, 15, 40] {
      let rows = (0..<count).map { _ in
        IndexPath(
          section: Int.random(in: 0..<3, using: &generator), row: Int.random(in: 0..<10_000_000, using: &generator))
      }
      let headerSets: [[(section: Int, y: Double, height: Double)]?] = [
        nil, [], [(section: 0, y: 0, height: 28)],
        [(section: 1, y: 1234.5, height: 28), (section: 2, y: 1.0 / 3, height: 0.1)],
      ]
      for headers in headerSets {
        let value = RPCServer.visibleRows(rows: rows, headers: headers)
        var direct: [UInt8] = []
        JSONOutput.message(appendingTo: &direct) { out in
          RPCServer.writeVisibleRows(rows: rows, headers: headers, to: &out)
        }
        var reference: [UInt8] = []
        value.encode(appendingTo: &reference)
        #expect(String(decoding: direct, as: UTF8.self) == String(decoding: reference, as: UTF8.self))
        let written = MessageWriter()
        RPCServer.write(
          .result(id: 7, .written { out in RPCServer.writeVisibleRows(rows: rows, headers: headers, to: &out) }),
          framing: .lines, to: written)
        let encoded = MessageWriter()
        encoded.send(OutgoingMessage.response(id: 7, result: value), framing: .lines)
        #expect(written.take() == encoded.take())
      }
    }
  }
}

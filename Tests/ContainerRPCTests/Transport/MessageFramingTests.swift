import ContainerRPC
import ContainerRPCTestSupport
import Testing

/// The framer cuts any split of a byte stream into the same messages, in both framings.
@Suite struct MessageFramingTests {
  /// Feeds `input` in chunks of `chunkSize` bytes, then end of input; returns every output.
  private func frame(_ input: [UInt8], chunkSize: Int = .max, limits: ReadLimits = ReadLimits()) -> [MessageFramer
    .Output]
  {
    var framer = MessageFramer(limits: limits)
    var outputs: [MessageFramer.Output] = []
    var offset = 0
    while offset < input.count {
      let end = min(input.count, offset + max(1, min(chunkSize, input.count)))
      framer.append(Array(input[offset..<end]))
      while let output = framer.next() { outputs.append(output) }
      offset = end
    }
    framer.finish()
    while let output = framer.next() {
      outputs.append(output)
      if outputs.count > 10_000 {  // a framer that never drains at end of input would hang the suite
        Issue.record("framer keeps producing output after end of input")
        break
      }
    }
    return outputs
  }

  private func frame(_ input: String, chunkSize: Int = .max, limits: ReadLimits = ReadLimits()) -> [MessageFramer
    .Output]
  {
    frame(Array(input.utf8), chunkSize: chunkSize, limits: limits)
  }

  private func errorCodes(_ outputs: [MessageFramer.Output]) -> [Int] {
    outputs.compactMap { if case .error(let error, _) = $0 { return error.code.rawValue } else { return nil } }
  }

  private let mixedStream =
    "{\"id\":1}\n"
    + "Content-Length: 8\r\n\r\n{\"id\":2}"
    + "\r\n[{\"id\":3},{\"id\":4}]\r\n"
    + "content-length:8\r\ncontent-type: application/vscode-jsonrpc; charset=utf8\r\n\r\n{\"id\":5}"
    + "{\"id\":6} {\"id\":7}\n"
    + "{\n  \"id\": 8\n}\n"
    + "Content-Length: 10\n\n{\"id\":9}  "
    + "{\"id\":10}"

  private let mixedExpected: [MessageFramer.Output] = [
    .message(["id": 1], .lines), .message(["id": 2], .headers), .message([["id": 3], ["id": 4]], .lines),
    .message(["id": 5], .headers), .message(["id": 6], .lines), .message(["id": 7], .lines),
    .message(["id": 8], .lines), .message(["id": 9], .headers), .message(["id": 10], .lines),
  ]

  @Test(arguments: [1, 2, 3, 7, 16, 1000])
  func mixedFramingsSurviveAnySplit(_ chunkSize: Int) {
    #expect(frame(mixedStream, chunkSize: chunkSize) == mixedExpected)
  }

  @Test func linesAcceptCRLFAndBlankLines() {
    #expect(
      frame("\n\r\n{\"a\":1}\r\n\n  \n{\"b\":2}\r\n") == [.message(["a": 1], .lines), .message(["b": 2], .lines)])
  }

  @Test func lastLineWithoutNewlineIsReadAtEndOfInput() {
    #expect(frame("{\"a\":1}") == [.message(["a": 1], .lines)])
    #expect(frame("1") == [.message(1, .lines)])
  }

  @Test func prettyPrintedTextSpansLines() {
    let text = "{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"method\": \"daemon/ping\"\n}\n{\"id\":2}\n"
    #expect(
      frame(text, chunkSize: 5) == [
        .message(["jsonrpc": "2.0", "id": 1, "method": "daemon/ping"], .lines), .message(["id": 2], .lines),
      ])
  }

  /// A pretty-printed text with a bracket closed by the wrong kind cannot be completed by more lines: it is answered
  /// -32700 (jansson's own message) as soon as that line arrives, not at end of input, and the request after it runs.
  @Test(arguments: [1, 4, 1000])
  func mismatchedBracketInAPrettyPrintedTextIsAnsweredAtOnce(_ chunkSize: Int) {
    let input = Array("{\n\"id\":1,\"params\":[1\n}\n{\"id\":2}\n{\n".utf8)
    var framer = MessageFramer(limits: ReadLimits())
    var outputs: [MessageFramer.Output] = []
    var offset = 0
    while offset < input.count {  // no end of input: the last `{` stays open
      let end = min(input.count, offset + chunkSize)
      framer.append(Array(input[offset..<end]))
      while let output = framer.next() { outputs.append(output) }
      offset = end
    }
    #expect(outputs.count == 2)
    #expect(errorCodes(outputs) == [-32700])
    if case .error(let error, .lines) = outputs.first {
      #expect(error.message == "Parse error (']' expected near '}')")
    } else {
      Issue.record("expected a lines-framed error first, got \(outputs)")
    }
    #expect(outputs.last == .message(["id": 2], .lines))
    // Brackets inside strings and matched ones still wait for the rest.
    #expect(
      frame("{\"a\":\"}]\",\n\"b\":[{}]\n}\n", chunkSize: chunkSize) == [.message(["a": "}]", "b": [[:]]], .lines)])
  }

  @Test func textCutOffByEndOfInputIsAParseError() {
    let outputs = frame("{\"a\":1}\n{\"b\":\n")
    #expect(outputs.first == .message(["a": 1], .lines))
    #expect(errorCodes(outputs) == [-32700])
  }

  @Test func badLineIsAnErrorAndTheNextLineIsRead() {
    let outputs = frame("{\"a\":}\n{\"b\":2}\nnot json\n{\"c\":3}\n")
    #expect(outputs.count == 4)
    #expect(errorCodes(outputs) == [-32700, -32700])
    #expect(outputs[1] == .message(["b": 2], .lines))
    #expect(outputs[3] == .message(["c": 3], .lines))
  }

  @Test func nulBytesEndNothingButTheirLine() {
    let outputs = frame([0x00, 0x01, 0x0A, 0x7B, 0x22, 0x00, 0x0A] + Array("{\"b\":2}\n".utf8))
    #expect(errorCodes(outputs) == [-32700, -32700])
    #expect(outputs.last == .message(["b": 2], .lines))
  }

  @Test func invalidUTF8LineIsAnError() {
    let outputs = frame([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D, 0x0A] + Array("{\"b\":2}\n".utf8))
    #expect(errorCodes(outputs) == [-32700])
    #expect(outputs.last == .message(["b": 2], .lines))
    if case .error(let error, _) = outputs.first { #expect(error.message.contains("invalid UTF-8")) }
  }

  // MARK: - Headers

  @Test func headerNamesInAnyCaseAndOrder() {
    let input = "Content-Type: application/json; charset=UTF-8\r\nCONTENT-LENGTH:  7 \r\nX-Other: y\r\n\r\n{\"a\":1}"
    #expect(frame(input, chunkSize: 3) == [.message(["a": 1], .headers)])
  }

  @Test func otherCharsetsAreRejectedAndTheBodySkipped() {
    let outputs = frame(
      "Content-Length: 7\r\nContent-Type: application/json; charset=latin1\r\n\r\n{\"a\":1}\n{\"b\":2}\n")
    #expect(outputs.count == 2)
    #expect(errorCodes(outputs) == [-32700])
    #expect(outputs.last == .message(["b": 2], .lines))
  }

  @Test(arguments: [
    "Content-Length: abc\r\n\r\n", "Content-Length: -1\r\n\r\n", "Content-Type: x\r\n\r\n", "Content-Length 5\r\n\r\n",
  ])
  func badHeaderBlocksAreErrorsAndTheirBodyNeverRuns(_ headers: String) {
    let outputs = frame(headers + "{\"body\":1}{\"b\":2}\n")
    #expect(errorCodes(outputs) == [-32700])
    #expect(outputs.count == 2)
    #expect(outputs.last == .message(["b": 2], .lines))
  }

  /// The body of a refused header block is the JSON text that follows, dropped with no error of its own even when it
  /// is over the size limit (dropped while streaming, on one line or several); the next message is read.
  @Test(arguments: [
    "{\"pad\":\"" + String(repeating: "x", count: 2000) + "\"}\n",
    "{\n\"pad\":\"" + String(repeating: "x", count: 2000) + "\"\n}\n",
    "[\n" + String(repeating: "  1,\n", count: 500) + "  1\n]\n",
  ])
  func refusedHeaderBlockDropsItsOversizedBody(_ body: String) {
    for chunkSize in [7, 100_000] {
      let outputs = frame(
        "Content-Length: abc\r\n\r\n" + body + "{\"b\":2}\n", chunkSize: chunkSize,
        limits: ReadLimits(maxMessageSize: 100))
      #expect(errorCodes(outputs) == [-32700], "chunks of \(chunkSize)")
      #expect(outputs.count == 2, "chunks of \(chunkSize)")
      #expect(outputs.last == .message(["b": 2], .lines), "chunks of \(chunkSize)")
    }
  }

  /// A refused header block's body cut off by end of input: the header error is the only one.
  @Test func refusedHeaderBlockWithATruncatedBodyGetsOneError() {
    #expect(errorCodes(frame("{\"a\":1}\nContent-Length: abc\r\n\r\n{\"pad\":[1,")) == [-32700])
    #expect(errorCodes(frame("{\"a\":1}\nContent-Length: abc\r\n\r\n{\"pad\":[\n1,\n")) == [-32700])
  }

  @Test(arguments: [1, 7, 100_000])
  func overlongHeaderBlockIsDroppedUpToItsBlankLine(_ chunkSize: Int) {
    let input =
      "{\"a\":1}\nContent-Length: 5\r\n" + String(repeating: "X-Pad: 1\r\n", count: 1000) + "\r\n{\"body\":1}\n"
      + "{\"b\":2}\n"
    let outputs = frame(input, chunkSize: chunkSize)
    #expect(outputs.count == 3)
    #expect(outputs.first == .message(["a": 1], .lines))
    #expect(errorCodes(outputs) == [-32700])
    #expect(outputs.last == .message(["b": 2], .lines))
  }

  @Test func longPrettyPrintedTextIsReadInLinearTime() {
    // 20,000 lines; re-parsing from the start on every line took over a minute in a debug build.
    let lines = (0..<20_000).map { "  \($0)," }.joined(separator: "\n")
    let outputs = frame("[\n" + lines + "\n  -1\n]\n{\"b\":2}\n", chunkSize: 4096)
    #expect(outputs.count == 2)
    #expect(outputs.first.map { if case .message(.array(let items), _) = $0 { items.count } else { 0 } } == 20_001)
    #expect(outputs.last == .message(["b": 2], .lines))
  }

  /// A text nested 100,000 deep over 200,000 lines (its bracket bits span 1,563 words) is one message, too deep, and
  /// the next line is read; the scanner is updated in place, once per line (a copy per line made this quadratic).
  @Test func deepTextOverManyLinesIsOneMessage() {
    let depth = 100_000
    let text = String(repeating: "[\n", count: depth) + String(repeating: "]\n", count: depth)
    let outputs = frame(text + "{\"b\":2}\n", chunkSize: 65_536, limits: ReadLimits(maxMessageSize: 1 << 20))
    #expect(errorCodes(outputs) == [-32700])
    #expect(outputs.last == .message(["b": 2], .lines))
  }

  @Test func oversizedPrettyPrintedBatchRunsNoneOfItsElements() {
    let element = "  {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"daemon/ping\"}"
    let batch = "[\n" + Array(repeating: element, count: 50).joined(separator: ",\n") + "\n]\n"
    let outputs = frame(batch + "{\"b\":2}\n", chunkSize: 64, limits: ReadLimits(maxMessageSize: 500))
    #expect(errorCodes(outputs) == [-32700])
    #expect(outputs.count == 2)
    #expect(outputs.last == .message(["b": 2], .lines))
  }

  /// A pretty-printed text whose first line alone is over the limit is one message all the same: its next lines are
  /// dropped up to the line where its brackets balance (strings, escapes and brackets inside strings followed), so
  /// none of a batch's elements runs; the size counts every line, newlines included but the last line's.
  @Test(arguments: [1, 7, 100_000])
  func prettyPrintedTextWithAnOversizedFirstLineIsOneMessage(_ chunkSize: Int) {
    let first =
      #"[{"jsonrpc":"2.0","id":1,"method":"daemon/ping","params":{"pad":""#
      + String(repeating: #"x\\\"]}{["#, count: 20) + #"\\"}},"#
    let text = first + "\n" + #" {"jsonrpc":"2.0","id":2,"method":"window/create","params":{"id":"w"}}"# + "\n]\n"
    let outputs = frame(text + "{\"b\":2}\n", chunkSize: chunkSize, limits: ReadLimits(maxMessageSize: 100))
    #expect(outputs.count == 2)
    guard case .error(let error, .lines) = outputs.first else {
      Issue.record("expected an error first, got \(outputs)")
      return
    }
    #expect(error.data?["size"] == .int(Int64(text.utf8.count - 1)))
    #expect(outputs.last == .message(["b": 2], .lines))
  }

  /// A single line over the limit, brackets balanced, is one message up to its newline, as before.
  @Test(arguments: [7, 100_000])
  func oversizedLineWithBalancedBracketsEndsAtItsNewline(_ chunkSize: Int) {
    let line = #"{"pad":"["# + String(repeating: "x", count: 200) + #"\""}"#
    let outputs = frame(line + "\r\n{\"b\":2}\n", chunkSize: chunkSize, limits: ReadLimits(maxMessageSize: 100))
    #expect(outputs.count == 2)
    guard case .error(let error, .lines) = outputs.first else {
      Issue.record("expected an error first, got \(outputs)")
      return
    }
    #expect(error.data?["size"] == .int(Int64(line.utf8.count)))
    #expect(outputs.last == .message(["b": 2], .lines))
  }

  @Test func lineEndingsDoNotCountTowardsTheSize() {
    let body = "{\"a\":\"" + String(repeating: "y", count: 92) + "\"}"
    let outputs = frame(body + "\r\n" + body + "\n", limits: ReadLimits(maxMessageSize: 100))
    #expect(outputs.count == 2)
    #expect(errorCodes(outputs).isEmpty)
  }

  @Test func bodyCutOffByEndOfInputIsAnError() {
    let outputs = frame("Content-Length: 100\r\n\r\n{\"a\":1}")
    #expect(errorCodes(outputs) == [-32700])
  }

  @Test func headerBodyThatIsNotJSONIsAnError() {
    #expect(errorCodes(frame("Content-Length: 3\r\n\r\nabc")) == [-32700])
  }

  // MARK: - Limits

  @Test func oversizedLineIsDroppedWhileStreaming() {
    let limits = ReadLimits(maxMessageSize: 1000)
    var framer = MessageFramer(limits: limits)
    var outputs: [MessageFramer.Output] = []
    framer.append(Array("{\"a\":\"".utf8))
    var peak = 0
    for _ in 0..<500 {  // 500 KB of one line, 1 KB at a time
      framer.append([UInt8](repeating: UInt8(ascii: "x"), count: 1000))
      while let output = framer.next() { outputs.append(output) }
      peak = max(peak, framer.bufferedByteCount)
    }
    framer.append(Array("\"}\n{\"b\":2}\n".utf8))
    while let output = framer.next() { outputs.append(output) }
    #expect(peak <= 2000)
    #expect(outputs.count == 2)
    guard case .error(let error, .lines) = outputs.first else {
      Issue.record("expected an error first, got \(outputs)")
      return
    }
    #expect(error.code == .parseError)
    #expect(error.data?["limit"] == "maxMessageSize")
    #expect(error.data?["size"] == .int(500_008))
    #expect(outputs.last == .message(["b": 2], .lines))
  }

  @Test func oversizedHeaderBodyIsDroppedWhileStreaming() {
    var framer = MessageFramer(limits: ReadLimits(maxMessageSize: 100))
    var outputs: [MessageFramer.Output] = []
    framer.append(Array("Content-Length: 1000000\r\n\r\n".utf8))
    var peak = 0
    for _ in 0..<1000 {
      framer.append([UInt8](repeating: UInt8(ascii: " "), count: 1000))
      while let output = framer.next() { outputs.append(output) }
      peak = max(peak, framer.bufferedByteCount)
    }
    framer.append(Array("{\"b\":2}\n".utf8))
    while let output = framer.next() { outputs.append(output) }
    #expect(peak == 0)
    #expect(errorCodes(outputs) == [-32700])
    #expect(outputs.last == .message(["b": 2], .lines))
  }

  @Test func lineJustAtTheLimitIsAccepted() {
    let body = "{\"a\":\"" + String(repeating: "y", count: 92) + "\"}"  // 100 bytes
    #expect(body.utf8.count == 100)
    let outputs = frame(body + "\n" + body + "zz\n", limits: ReadLimits(maxMessageSize: 100))
    #expect(outputs.count == 2)
    #expect(outputs.first?.isMessage == true)
    #expect(errorCodes(outputs) == [-32700])
  }

  @Test func depthLimitApplies() {
    let outputs = frame("[[[1]]]\n[[1]]\n", limits: ReadLimits(maxDepth: 2))
    #expect(errorCodes(outputs) == [-32700])
    #expect(outputs.last == .message([[1]], .lines))
  }

  @Test func headerBlockWithoutEndIsBounded() {
    let outputs = frame("Content-Length: 5\r\n" + String(repeating: "X-Pad: 1\r\n", count: 2000))
    #expect(errorCodes(outputs) == [-32700])
  }
}

extension MessageFramer.Output {
  var isMessage: Bool {
    if case .message = self { return true }
    return false
  }
}

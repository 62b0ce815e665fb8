import ContainerJSON
import ContainerProtocol
import ContainerTransport
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

  /// A block with a blank line but no readable `Content-Length` is not well formed: it cannot frame a body, so it does
  /// not switch framing. Its error is framed as a line, and the text after it is read normally (no request after a bad
  /// one is lost). A first line that is not a header line (`Content-Length 5`) is a line message of its own.
  @Test(arguments: [
    ("Content-Length: abc\r\n\r\n", "Parse error: invalid Content-Length \"abc\""),
    ("Content-Length: -1\r\n\r\n", "Parse error: invalid Content-Length \"-1\""),
    ("Content-Type: x\r\n\r\n", "Parse error: header block without Content-Length"),
    ("Content-Length 5\r\n\r\n", "Parse error (invalid token near 'Content')"),
  ])
  func headerBlocksWithoutALengthAreOneLineErrorAndTheNextTextRuns(_ headers: String, _ message: String) {
    for chunkSize in [1, 3, 1000] {
      let outputs = frame(headers + "{\"body\":1}{\"b\":2}\n", chunkSize: chunkSize)
      #expect(outputs.count == 3, "chunks of \(chunkSize)")
      guard case .error(let error, .lines) = outputs.first else {
        Issue.record("expected a lines-framed error first, got \(outputs)")
        continue
      }
      #expect(error.message == message)
      #expect(Array(outputs.dropFirst()) == [.message(["body": 1], .lines), .message(["b": 2], .lines)])
    }
  }

  /// The text after a block without a length is an ordinary line message, with the size limit of any line, even when
  /// it is pretty-printed.
  @Test(arguments: [
    "{\"pad\":\"" + String(repeating: "x", count: 2000) + "\"}\n",
    "{\n\"pad\":\"" + String(repeating: "x", count: 2000) + "\"\n}\n",
    "[\n" + String(repeating: "  1,\n", count: 500) + "  1\n]\n",
  ])
  func textAfterABlockWithoutALengthIsAnOrdinaryLineMessage(_ body: String) {
    for chunkSize in [7, 100_000] {
      let outputs = frame(
        "Content-Length: abc\r\n\r\n" + body + "{\"b\":2}\n", chunkSize: chunkSize,
        limits: ReadLimits(maxMessageSize: 100))
      #expect(errorCodes(outputs) == [-32700, -32700], "chunks of \(chunkSize)")
      #expect(outputs.count == 3, "chunks of \(chunkSize)")
      if case .error(let error, .lines) = outputs.dropFirst().first {
        #expect(error.data?["limit"] == "maxMessageSize")
        #expect(error.data?["size"] == .int(Int64(body.utf8.count - 1)))
      } else {
        Issue.record("expected a size error second, got \(outputs)")
      }
      #expect(outputs.last == .message(["b": 2], .lines), "chunks of \(chunkSize)")
    }
  }

  /// A block without a length followed by a text cut off by end of input: one error each.
  @Test func blockWithoutALengthThenATruncatedText() {
    #expect(errorCodes(frame("{\"a\":1}\nContent-Length: abc\r\n\r\n{\"pad\":[1,")) == [-32700, -32700])
    #expect(errorCodes(frame("{\"a\":1}\nContent-Length: abc\r\n\r\n{\"pad\":[\n1,\n")) == [-32700, -32700])
  }

  /// A block over `maxHeaderSize` is one error framed as a line (it was never seen whole, so it is not well formed);
  /// its lines are dropped as they arrive up to its blank line, or up to a line that is not a header, which is then
  /// read normally, as is the text after the blank line.
  @Test(arguments: [1, 7, 100_000])
  func overlongHeaderBlockIsDroppedUpToItsBlankLine(_ chunkSize: Int) {
    let pad = String(repeating: "X-Pad: 1\r\n", count: 1000)
    let tooLong = RPCError.framingError("header block longer than 8192 bytes without a blank line")
    #expect(
      frame("{\"a\":1}\nContent-Length: 5\r\n" + pad + "\r\n{\"body\":1}\n{\"b\":2}\n", chunkSize: chunkSize) == [
        .message(["a": 1], .lines), .error(tooLong, .lines), .message(["body": 1], .lines), .message(["b": 2], .lines),
      ])
    #expect(
      frame("Content-Length: 5\r\n" + pad + "{\"body\":1}\n{\"b\":2}\n", chunkSize: chunkSize) == [
        .error(tooLong, .lines), .message(["body": 1], .lines), .message(["b": 2], .lines),
      ])
    // One header line longer than the block limit: dropped as it arrives.
    let longValue = "X-Pad: " + String(repeating: "y", count: 20_000) + "\r\n"
    #expect(
      frame("Content-Length: 5\r\n" + longValue + "\r\n{\"b\":2}\n", chunkSize: chunkSize) == [
        .error(tooLong, .lines), .message(["b": 2], .lines),
      ])
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

/// The resync rules (Documentation/Protocol.md, "Resync"): a bad line costs one error, and every request after it is
/// answered as soon as its line arrives, with stdin still open (no `finish()`), however reads split the stream.
@Suite struct MessageFramingResyncTests {
  private static let ping = #"{"jsonrpc":"2.0","id":2,"method":"daemon/ping"}"#
  private static let pingValue: JSONValue = ["jsonrpc": "2.0", "id": 2, "method": "daemon/ping"]

  /// Feeds `input` in chunks of `chunkSize` bytes without ending the input; returns every output.
  private func frameOpen(_ input: [UInt8], chunkSize: Int = .max, limits: ReadLimits = ReadLimits())
    -> [MessageFramer.Output]
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
    return outputs
  }

  /// The same outputs for the stream split at every chunk size given (the whole stream first).
  private func frameOpen(
    _ input: String, chunkSizes: [Int] = [1, 2, 3, 7], limits: ReadLimits = ReadLimits(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [MessageFramer.Output] {
    let bytes = Array(input.utf8)
    let whole = frameOpen(bytes, limits: limits)
    for chunkSize in chunkSizes {
      #expect(
        frameOpen(bytes, chunkSize: chunkSize, limits: limits) == whole, "chunks of \(chunkSize)",
        sourceLocation: sourceLocation)
    }
    return whole
  }

  private static func cut(offset: Int) -> MessageFramer.Output {
    .error(
      RPCError(
        code: .parseError,
        message:
          "Parse error: unexpected end of input (a new text began on the next line before this one was complete)",
        data: ["offset": .int(Int64(offset))]), .lines)
  }

  private static func parseError(_ message: String, offset: Int) -> MessageFramer.Output {
    .error(RPCError(code: .parseError, message: message, data: ["offset": .int(Int64(offset))]), .lines)
  }

  private static func tooLarge(_ size: Int, limit: Int = 64) -> MessageFramer.Output {
    .error(.messageTooLarge(size: size, limit: limit), .lines)
  }

  // MARK: - Texts left open

  /// A line that leaves `{` or `[` open ends at the next line that begins a new text (rule 1: a `{` or `[` where no
  /// value may come; rule 2: a complete array or object at column 0); the pending text is one -32700 whose offset is
  /// its size without trailing whitespace.
  @Test(arguments: [
    (#"{"jsonrpc":"2.0","id":1,"method":"daemon/ping""#, 46), ("{", 1), ("  {  ", 1), ("[", 1), ("  [1, 2,", 6),
    (#"{"a":"#, 5), (#"{"a""#, 4), (#"{"params":{"x":[1,{"y":2}"#, 25),
  ])
  func lineLeavingATextOpenCostsOneError(_ line: String, _ offset: Int) {
    #expect(frameOpen(line + "\n" + Self.ping + "\n") == [Self.cut(offset: offset), .message(Self.pingValue, .lines)])
    #expect(
      frameOpen(line + "\r\n\r\n" + Self.ping + "\r\n") == [Self.cut(offset: offset), .message(Self.pingValue, .lines)])
  }

  /// A valid request then a stray `[` on the same line: the request is answered, the `[` costs one error.
  @Test func strayBracketAfterARequest() {
    let first = #"{"jsonrpc":"2.0","id":1,"method":"daemon/ping"}"#
    #expect(
      frameOpen(first + " [\n" + Self.ping + "\n") == [
        .message(["jsonrpc": "2.0", "id": 1, "method": "daemon/ping"], .lines), Self.cut(offset: 1),
        .message(Self.pingValue, .lines),
      ])
  }

  /// Rule 2 with several requests on the new line: each is answered; a complete object followed by `,`, `]` or `}`
  /// continues the text.
  @Test func severalRequestsOnTheLineAfterAStrayBracket() {
    #expect(
      frameOpen("[\n{\"id\":1} {\"id\":2}[3]\n") == [
        Self.cut(offset: 1), .message(["id": 1], .lines), .message(["id": 2], .lines), .message([3], .lines),
      ])
    #expect(
      frameOpen("[\n{\"id\":1}]\n" + Self.ping + "\n") == [
        .message([["id": 1]], .lines), .message(Self.pingValue, .lines),
      ])
    #expect(
      frameOpen("{\"a\":\n{\"id\":1}}\n" + Self.ping + "\n") == [
        .message(["a": ["id": 1]], .lines), .message(Self.pingValue, .lines),
      ])
  }

  /// Rule 1 needs no complete line: a pretty-printed request after an open `{` is read whole.
  @Test func prettyPrintedRequestAfterAnOpenObject() {
    #expect(
      frameOpen("{\"id\":1\n{\n  \"id\": 2\n}\n") == [Self.cut(offset: 7), .message(["id": 2], .lines)])
  }

  /// What pretty-printers emit is never split: nested values indented (JSON.stringify, jq), Python's `indent=0`
  /// (`{`/`[` at column 0 only where a value is due, never a complete one-line value there), braces on lines of
  /// their own, `\r\n` and lone `\r` line ends.
  @Test(arguments: [
    "{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"params\": {\n    \"a\": [\n      1,\n      {}\n    ]\n  }\n}\n",
    "{\n\"jsonrpc\": \"2.0\",\n\"id\": 1,\n\"params\": {\n\"a\": [\n1,\n{\n\"b\": 2\n}\n]\n}\n}\n",
    "{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"params\":\n  {\n    \"a\":\n    [\n      1\n    ]\n  }\n}\n",
    "{\r\n  \"jsonrpc\": \"2.0\",\r\n  \"id\": 1\r\n}\r\n",
    "{\r  \"jsonrpc\": \"2.0\",\r  \"id\": 1\r}\r",
  ])
  func prettyPrintedTextsAreNeverSplit(_ text: String) {
    let outputs = frameOpen(text + Self.ping + "\n")
    #expect(outputs.count == 2)
    #expect(outputs.first?.isMessage == true)
    #expect(outputs.last == .message(Self.pingValue, .lines))
  }

  /// The cost of rule 2: an unindented one-line array or object at column 0 where a value is due is a new text. The
  /// last element of an unindented batch without a trailing comma is therefore a message of its own.
  @Test func unindentedLastElementIsANewText() {
    #expect(
      frameOpen("[\n{\"id\":1},\n{\"id\":2}\n]\n") == [
        Self.cut(offset: 11), .message(["id": 2], .lines),
        Self.parseError("Parse error (unexpected token near ']')", offset: 1),
      ])
  }

  /// A line end inside a string can never be continued (JSON strings hold no raw line end): the text ends there, with
  /// jansson's error, and the next line is read.
  @Test func lineEndingInsideAStringEndsTheText() {
    #expect(
      frameOpen("{\n\"a\":\"abc\n" + Self.ping + "\n") == [
        Self.parseError("Parse error (unexpected newline near '\"abc')", offset: 10), .message(Self.pingValue, .lines),
      ])
    #expect(frameOpen("{\n\"a\":\"abc\\\n" + Self.ping + "\n").last == .message(Self.pingValue, .lines))
    #expect(frameOpen("{\r\"a\":\"abc\r" + Self.ping + "\r").last == .message(Self.pingValue, .lines))
  }

  /// A token where the grammar allows none ends a continued text at its line, answered at once.
  @Test(arguments: ["{\n\"a\":1 \"b\":2\n", "[\n1 2\n", "{\n1\n", "{\n\"a\"::1\n", "[\n1,,\n"])
  func grammarErrorInAContinuedTextIsAnsweredAtOnce(_ text: String) {
    let outputs = frameOpen(text + Self.ping + "\n")
    #expect(outputs.count == 2)
    #expect(outputs.first?.isMessage == false)
    #expect(outputs.last == .message(Self.pingValue, .lines))
  }

  // MARK: - Over the size limit

  /// A text over the limit that is left open, or whose line ends inside a string, is dropped up to the line that
  /// begins a new text (the same rules), then one size error; the request after it is answered.
  @Test func oversizedOpenTextsResync() {
    let limits = ReadLimits(maxMessageSize: 64)
    let chunks = [1, 7, 100]
    let pad = String(repeating: "x", count: 100)
    #expect(
      frameOpen(#"{"pad":""# + pad + "\n" + Self.ping + "\n", chunkSizes: chunks, limits: limits) == [
        Self.tooLarge(108), .message(Self.pingValue, .lines),
      ])
    let ones = "[" + String(repeating: "1,", count: 40)
    #expect(
      frameOpen(ones + "\n" + Self.ping + "\n", chunkSizes: chunks, limits: limits) == [
        Self.tooLarge(81), .message(Self.pingValue, .lines),
      ])
    #expect(
      frameOpen(ones + "1\n  \n" + Self.ping + "\n", chunkSizes: chunks, limits: limits) == [
        Self.tooLarge(82), .message(Self.pingValue, .lines),
      ])
    // Over the limit only with its second line; the string left open on a continued line.
    #expect(
      frameOpen("{\n\"pad\":\"" + pad + "\n" + Self.ping + "\n", chunkSizes: chunks, limits: limits) == [
        Self.tooLarge(109), .message(Self.pingValue, .lines),
      ])
    #expect(
      frameOpen("[\n" + String(repeating: "  1,\n", count: 20) + Self.ping + "\n", chunkSizes: chunks, limits: limits)
        == [
          Self.tooLarge(101), .message(Self.pingValue, .lines),
        ])
    // A complete object at column 0 longer than the limit is not a new text (rule 2 looks at most at the limit's
    // worth of a line): it continues the pending `[`, which then ends at its `]`.
    let long = #"{"pad":""# + String(repeating: "x", count: 90) + #""}"#
    #expect(long.utf8.count == 100)
    #expect(
      frameOpen("[\n" + long + "\n]\n" + Self.ping + "\n", chunkSizes: chunks, limits: limits) == [
        Self.tooLarge(104), .message(Self.pingValue, .lines),
      ])
  }

  // MARK: - Header-like lines

  /// A first line that is not a header line is an ordinary line: -32700 framed as a line, and the next line is read.
  @Test(arguments: [
    ("cat", "Parse error (invalid token near 'cat')", 3), ("C", "Parse error (invalid token near 'C')", 1),
    ("Content-Length 5", "Parse error (invalid token near 'Content')", 7),
    ("c: {}", "Parse error (invalid token near 'c')", 1),
  ])
  func lineStartingWithCIsALine(_ line: String, _ message: String, _ offset: Int) {
    if line.contains(":") {  // a header line, then a line that is not a header: a broken block
      #expect(frameOpen(line + "\n" + Self.ping + "\n") == [Self.brokenBlock, .message(Self.pingValue, .lines)])
      return
    }
    #expect(
      frameOpen(line + "\n" + Self.ping + "\n") == [
        Self.parseError(message, offset: offset), .message(Self.pingValue, .lines),
      ])
    #expect(
      frameOpen(line + "\r" + Self.ping + "\r") == [
        Self.parseError(message, offset: offset), .message(Self.pingValue, .lines),
      ])
  }

  private static let brokenBlock = MessageFramer.Output.error(
    .framingError("header block ended by a line that is not a header, without a blank line"), .lines)

  /// Header lines without their blank line: the block ends at the first line that is not a header, with one error
  /// framed as a line, and that line is read normally.
  @Test(arguments: [
    "Content-Type: x\n", "content-length: 5\n", "Content-Length: 5\r\nX-Other: y\r\n", "Content-Length: 5\r",
    "CONTENT-LENGTH : 5\n",
  ])
  func headerLinesWithoutTheirBlankLineAreOneError(_ headers: String) {
    #expect(frameOpen(headers + Self.ping + "\n") == [Self.brokenBlock, .message(Self.pingValue, .lines)])
    #expect(frameOpen(headers + "  " + Self.ping + "\n") == [Self.brokenBlock, .message(Self.pingValue, .lines)])
  }

  /// A well-formed block switches framing for its message only; header lines ending in `\n`, `\r\n` or a lone `\r`.
  @Test(arguments: ["\r\n", "\n", "\r"])
  func wellFormedBlockFramesItsMessageOnly(_ end: String) {
    let body = #"{"jsonrpc":"2.0","id":1,"method":"daemon/ping"}"#
    #expect(
      frameOpen("content-length: 47" + end + "X-Y: z" + end + end + body + Self.ping + "\n") == [
        .message(["jsonrpc": "2.0", "id": 1, "method": "daemon/ping"], .headers), .message(Self.pingValue, .lines),
      ])
  }

  /// End of input inside a header block: one error, framed as a line.
  @Test func endOfInputInsideAHeaderBlock() {
    var framer = MessageFramer()
    framer.append(Array("Content-Length: 5\r\n".utf8))
    #expect(framer.next() == nil)
    framer.finish()
    #expect(framer.next() == .error(.framingError("end of input inside a header block"), .lines))
    #expect(framer.next() == nil)
  }

  // MARK: - Byte order marks and lone carriage returns

  /// A UTF-8 byte order mark is skipped before any message, however reads split it; elsewhere it is not whitespace.
  @Test func byteOrderMarksAreSkippedBetweenMessages() {
    let bom = "\u{FEFF}"
    #expect(
      frameOpen(
        bom + Self.ping + "\n" + bom + bom + " " + Self.ping + "\n" + bom + "Content-Length: 8\r\n\r\n{\"id\":3}")
        == [.message(Self.pingValue, .lines), .message(Self.pingValue, .lines), .message(["id": 3], .headers)])
    var framer = MessageFramer()
    framer.append([0xEF, 0xBB])
    #expect(framer.next() == nil)
    framer.finish()
    if case .error(let error, .lines) = framer.next() {
      #expect(error.message.hasPrefix("Parse error: invalid UTF-8"))
    } else {
      Issue.record("expected an error for a cut byte order mark")
    }
  }

  /// A lone `\r` ends a line at once: the request is answered before any later byte arrives, and a `\n` after it in
  /// the next read changes nothing.
  @Test func loneCarriageReturnEndsALine() {
    #expect(
      frameOpen(Self.ping + "\r" + Self.ping + "\r") == [
        .message(Self.pingValue, .lines), .message(Self.pingValue, .lines),
      ])
    var framer = MessageFramer()
    framer.append(Array((Self.ping + "\r").utf8))
    #expect(framer.next() == .message(Self.pingValue, .lines))
    framer.append(Array(("\n{\n  \"id\": 3\r\n}\r").utf8))
    #expect(framer.next() == .message(["id": 3], .lines))
    #expect(framer.next() == nil)
  }
}

extension MessageFramer.Output {
  var isMessage: Bool {
    if case .message = self { return true }
    return false
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// The framing's resync rules through the built binary, with stdin kept open (Documentation/Protocol.md, "Resync"):
/// after a bad line, the next request is answered as soon as it is sent, without closing stdin. Before these rules,
/// each of these requests was held until end of input (or lost), so each test waited out its deadline and failed.
///
/// No assertion is about time: a reply that does not come within the deadline is a failure, never a hang of the run.
@Suite struct StreamResyncTests {
  static func ping(_ id: Int) -> String { #"{"jsonrpc":"2.0","id":\#(id),"method":"daemon/ping"}"# }
  static func pong(_ id: Int) -> String { #"{"id":\#(id),"jsonrpc":"2.0","result":{"pong":true}}"# }
  /// A -32700 reply with `data`.
  static func parseError(_ message: String, data: String) -> String {
    #"{"error":{"code":-32700,"data":\#(data),"message":"\#(message)"},"id":null,"jsonrpc":"2.0"}"#
  }
  /// The reply to a text that a new one cut short, `offset` bytes long.
  static func cut(_ offset: Int) -> String {
    parseError(
      "Parse error: unexpected end of input (a new text began on the next line before this one was complete)",
      data: #"{"offset":\#(offset)}"#)
  }
  static let brokenBlock = parseError(
    "Parse error: header block ended by a line that is not a header, without a blank line", data: "{}")

  /// How long a reply may take before the daemon is taken as holding it back.
  static let deadline: Double = 5

  /// Writes each of `writes` in turn to a daemon whose stdin stays open, then reads `count` reply lines (`nil` for a
  /// reply that did not come in time), then closes stdin.
  private func replies(_ writes: [String], count: Int, arguments: [String] = []) throws -> [String?] {
    let daemon = try InteractiveDaemon(arguments)
    for write in writes { try daemon.write(write) }
    let lines = (0..<count).map { _ in daemon.readLine(timeout: Self.deadline) }
    _ = try daemon.close()
    return lines
  }

  // MARK: - Texts left open

  @Test(arguments: [
    (#"{"jsonrpc":"2.0","id":1,"method":"daemon/ping""#, 46), ("{", 1), ("  {  ", 1), ("[", 1),
    (#"{"params":{"x":[1"#, 17),
  ])
  func lineLeavingATextOpenCostsOneError(_ line: String, _ offset: Int) throws {
    #expect(try replies([line + "\n", Self.ping(2) + "\n"], count: 2) == [Self.cut(offset), Self.pong(2)])
  }

  @Test func strayBracketAfterARequest() throws {
    #expect(
      try replies([Self.ping(1) + " [\n", Self.ping(2) + "\n"], count: 3) == [Self.pong(1), Self.cut(1), Self.pong(2)])
  }

  /// A continued line that ends inside a string ends its text at once (a string holds no raw line end).
  @Test func lineEndingInsideAStringEndsTheText() throws {
    #expect(
      try replies(["{\n", #""a":"abc"# + "\n", Self.ping(2) + "\n"], count: 2) == [
        Self.parseError(#"Parse error (unexpected newline near '\"abc')"#, data: #"{"offset":10}"#), Self.pong(2),
      ])
  }

  /// Lines over the size limit, left open or ending inside a string, are dropped up to the line a new text begins.
  @Test(arguments: [
    (#"{"pad":""# + String(repeating: "x", count: 100), 108),
    ("[" + String(repeating: "1,", count: 40), 81),
    (#"{"pad":[1,{"a":""# + String(repeating: "y", count: 100) + #""}"#, 118),
  ])
  func oversizedLineLeftOpenCostsOneError(_ line: String, _ size: Int) throws {
    let tooLarge = Self.parseError(
      "Parse error: message of \(size) bytes exceeds the limit of 64 bytes (--max-message-size)",
      data: #"{"limit":"maxMessageSize","size":\#(size),"value":64}"#)
    #expect(
      try replies([line + "\n", Self.ping(2) + "\n"], count: 2, arguments: ["--max-message-size", "64"]) == [
        tooLarge, Self.pong(2),
      ])
  }

  // MARK: - Header-like lines

  @Test(arguments: [("cat", 3), ("C", 1)])
  func lineStartingWithCIsALine(_ line: String, _ offset: Int) throws {
    let error = Self.parseError("Parse error (invalid token near '\(line)')", data: #"{"offset":\#(offset)}"#)
    #expect(try replies([line + "\n", Self.ping(2) + "\n"], count: 2) == [error, Self.pong(2)])
  }

  /// Header lines without their blank line: one error, framed as a line, and the next request runs; a well-formed
  /// block after it still switches framing for its own message.
  @Test(arguments: ["Content-Type: x\n", "content-length: 5\n", "Content-Length: 5\r\n"])
  func headerLinesWithoutTheirBlankLineAreOneError(_ headers: String) throws {
    let daemon = try InteractiveDaemon()
    try daemon.write(headers)
    try daemon.write(Self.ping(2) + "\n")
    #expect(daemon.readLine(timeout: Self.deadline) == Self.brokenBlock)
    #expect(daemon.readLine(timeout: Self.deadline) == Self.pong(2))
    let body = Self.ping(3)
    try daemon.write("Content-Length: \(body.utf8.count)\r\n\r\n" + body)
    let framed = "Content-Length: 47\r\n\r\n" + Self.pong(3)
    #expect(daemon.read(count: framed.utf8.count, timeout: Self.deadline) == Array(framed.utf8))
    _ = try daemon.close()
  }

  // MARK: - Byte order marks and lone carriage returns

  /// A UTF-8 byte order mark before the first request (and before a later one) is skipped, even split over writes.
  @Test func byteOrderMarkIsSkipped() throws {
    let daemon = try InteractiveDaemon()
    try daemon.write("\u{FEFF}" + Self.ping(1) + "\n")
    #expect(daemon.readLine(timeout: Self.deadline) == Self.pong(1))
    try daemon.write([0xEF])
    try daemon.write([0xBB, 0xBF] + Array((Self.ping(2) + "\n").utf8))
    #expect(daemon.readLine(timeout: Self.deadline) == Self.pong(2))
    _ = try daemon.close()
  }

  /// A lone `\r` ends a line: each request is answered before the next byte is sent, and a `\n` that follows in the
  /// next write is part of the same line end (no error, no delay).
  @Test func loneCarriageReturnEndsALine() throws {
    let daemon = try InteractiveDaemon()
    try daemon.write(Self.ping(1) + "\r")
    #expect(daemon.readLine(timeout: Self.deadline) == Self.pong(1))
    try daemon.write("\n" + Self.ping(2) + "\r")
    #expect(daemon.readLine(timeout: Self.deadline) == Self.pong(2))
    try daemon.write("{\r  \"jsonrpc\": \"2.0\", \"id\": 3,\r  \"method\": \"daemon/ping\"\r}\r")
    #expect(daemon.readLine(timeout: Self.deadline) == Self.pong(3))
    try daemon.write(Self.ping(4) + "\n")
    #expect(daemon.readLine(timeout: Self.deadline) == Self.pong(4))
    _ = try daemon.close()
  }
}

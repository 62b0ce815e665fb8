import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// Limits and faults, through the built binary over real pipes: oversized messages streamed through in flat memory,
/// end of input at every awkward point, a client that stops reading, signals in the middle of a pipeline, a client
/// that goes away (Documentation/Testing.md, "Faults").
///
/// No assertion here is about time: every wait has a generous deadline so that a hung daemon fails instead of hanging
/// the run. Memory bounds are the daemon's own `VmHWM` (peak resident size) over its `VmHWM` after its first reply.
@Suite(.serialized) struct FaultTests {
  static func ping(_ id: String) -> String { #"{"jsonrpc":"2.0","id":\#(id),"method":"daemon/ping"}"# }
  static func pong(_ id: String) -> String { #"{"id":\#(id),"jsonrpc":"2.0","result":{"pong":true}}"# }
  /// A `Content-Length` frame of `body`.
  static func frame(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n" + body }
  /// The -32700 reply to a message of `size` bytes over the default 16 MiB limit.
  static func tooLarge(_ size: Int) -> String {
    #"{"error":{"code":-32700,"data":{"limit":"maxMessageSize","size":\#(size),"value":16777216},"#
      + #""message":"Parse error: message of \#(size) bytes exceeds the limit of 16777216 bytes (--max-message-size)"},"#
      + #""id":null,"jsonrpc":"2.0"}"#
  }
  /// The -32700 reply to a framing error.
  static func framingError(_ message: String) -> String {
    #"{"error":{"code":-32700,"data":{},"message":"Parse error: \#(message)"},"id":null,"jsonrpc":"2.0"}"#
  }

  static let mebibyte = 1 << 20

  // MARK: - Oversized messages stream through in flat memory

  /// A message far over the size limit, written to the daemon 1 MiB at a time (never whole in the test either).
  struct Oversized: Sendable, CustomStringConvertible {
    var description: String
    var prefix: String
    /// One 1 MiB piece of the middle, written `count` times.
    var piece: String
    var count: Int
    var suffix: String
    /// The reply to the message.
    var reply: String
  }

  static let oversized: [Oversized] = {
    let line = #"{"jsonrpc":"2.0","id":1,"method":"daemon/ping","params":{"pad":""#
    let text = "\"" + String(repeating: "a", count: 1020) + "\",\n"  // 1 KiB lines of a pretty-printed array
    func createW(_ id: Int) -> String {
      #"{"jsonrpc":"2.0","id":\#(id),"method":"window/create","params":{"id":"w"}}"# + "\n"
    }
    let batchEnd = "\"}},\n " + createW(2) + "]\n"
    return [
      // 1 GiB on one line; its size leaves out the newline.
      Oversized(
        description: "1 GiB line", prefix: line, piece: String(repeating: "a", count: mebibyte), count: 1024,
        suffix: "\"}}\n", reply: tooLarge(line.utf8.count + 1024 * mebibyte + 3) + "\n"),
      // 1 GiB of a text spread over 1 KiB lines: dropped up to the line where its brackets balance; its size counts
      // every line's newline but the last line's, as for a text held whole.
      Oversized(
        description: "1 GiB pretty-printed text", prefix: "[\n",
        piece: String(repeating: text, count: mebibyte / text.utf8.count), count: 1024, suffix: "1]\n",
        reply: tooLarge(2 + 1024 * mebibyte + 2) + "\n"),
      // A pretty-printed batch whose first line alone is 1 GiB: its other lines go with it, so its second call never
      // runs (the window/create after it would otherwise find "w" taken).
      Oversized(
        description: "1 GiB first line of a pretty-printed batch", prefix: "[" + line,
        piece: String(repeating: "a", count: mebibyte), count: 1024, suffix: batchEnd + createW(3),
        reply: tooLarge(1 + line.utf8.count + 1024 * mebibyte + batchEnd.utf8.count - 1) + "\n"
          + #"{"id":3,"jsonrpc":"2.0","result":{"id":"w"}}"# + "\n"),
      // A header block without a readable length is not well formed: one error framed as a line, and the text after
      // it is an ordinary line message, here over the limit.
      Oversized(
        description: "1 GiB line after a header block without a length",
        prefix: "Content-Length: abc\r\n\r\n{\"pad\":\"", piece: String(repeating: "a", count: mebibyte), count: 1024,
        suffix: "\"}\n",
        reply: framingError(#"invalid Content-Length \"abc\""#) + "\n" + tooLarge(10 + 1024 * mebibyte) + "\n"),
      // A body of 1 GiB declared by Content-Length: dropped as it arrives, never buffered.
      Oversized(
        description: "1 GiB Content-Length body", prefix: "Content-Length: \(1024 * mebibyte)\r\n\r\n",
        piece: String(repeating: " ", count: mebibyte), count: 1024, suffix: "",
        reply: frame(tooLarge(1024 * mebibyte))),
    ]
  }()

  /// The framer holds at most the 16 MiB limit plus one 64 KiB read of a message it is dropping; growing its array
  /// past the limit may take twice that for a moment. Measured: +16 to +32 MiB (as the allocator goes) for every
  /// case but the Content-Length body, +0.3 MiB for that one (Documentation/Testing.md, "Faults").
  static let oversizedPeakBound = 48 * mebibyte

  @Test(arguments: oversized)
  func oversizedMessageIsDroppedWhileStreamingInFlatMemory(_ message: Oversized) throws {
    let daemon = try InteractiveDaemon()
    try daemon.write(Self.ping("0") + "\n")
    #expect(daemon.readLine() == Self.pong("0"))
    let baseline = try #require(daemon.memory())

    try daemon.write(Array(message.prefix.utf8))
    let piece = Array(message.piece.utf8)
    #expect(piece.count == Self.mebibyte)
    for _ in 0..<message.count { try daemon.write(piece) }
    try daemon.write(Array((message.suffix + Self.ping(#""after""#) + "\n").utf8))

    let expected = message.reply + Self.pong(#""after""#) + "\n"
    let reply = daemon.read(count: expected.utf8.count)
    #expect(String(decoding: reply, as: UTF8.self) == expected)
    let after = try #require(daemon.memory())
    #expect(
      after.peak - baseline.peak < Self.oversizedPeakBound,
      "peak \(after.peak >> 10) KiB, \(baseline.peak >> 10) KiB after the first reply")
    let (rest, status) = try daemon.finish()
    #expect(rest.isEmpty)
    #expect(status == 0)
  }

  // MARK: - End of input at every point

  /// How stdin reaches the daemon: a regular file (`poll` always says ready) or a pipe written while it runs.
  enum Stdin: String, Sendable, CaseIterable, CustomStringConvertible {
    case file, pipe
    var description: String { rawValue }

    func run(_ input: String) throws -> (stdout: String, status: Int32?) {
      switch self {
      case .file:
        let output = try DaemonBinary.run(input: input)
        return (output.text, output.status)
      case .pipe:
        let daemon = try InteractiveDaemon()
        let (stdout, status) = try daemon.finish(Array(input.utf8))
        return (String(decoding: stdout, as: UTF8.self), status)
      }
    }
  }

  struct EndOfInput: Sendable, CustomStringConvertible {
    var description: String
    var input: String
    var output: String
  }

  static let endsOfInput: [EndOfInput] = {
    let (p1, p2, p3) = (ping("1"), ping("2"), ping("3"))
    let (r1, r2, r3) = (pong("1"), pong("2"), pong("3"))
    return [
      // A batch is one JSON text: cut off, it is one parse error, and none of its calls runs.
      EndOfInput(
        description: "batch cut off (lines)",
        input: "\(p1)\n\(p2)\n[\(p3),{\"jsonrpc\":\"2.0\",\"id\":4,\"meth",
        output: "\(r1)\n\(r2)\n"
          + #"{"error":{"code":-32700,"data":{"offset":78},"message":"Parse error: unexpected end of input (premature end of input near '\"meth')"},"id":null,"jsonrpc":"2.0"}"#
          + "\n"),
      EndOfInput(
        description: "pretty-printed batch cut off (lines)", input: "\(p1)\n[\n  \(p3),\n  \(p2)",
        output: "\(r1)\n"
          + #"{"error":{"code":-32700,"data":{"offset":102},"message":"Parse error: unexpected end of input (']' expected near end of file)"},"id":null,"jsonrpc":"2.0"}"#
          + "\n"),
      EndOfInput(
        description: "batch cut off (Content-Length)", input: frame(p1) + "Content-Length: 100\r\n\r\n[\(p3),",
        output: frame(r1) + frame(framingError("end of input after 49 of 100 body bytes"))),
      // Complete requests right before end of input, without a final newline: all answered.
      EndOfInput(
        description: "no newline after the last request", input: "\(p1)\n\(p2)\n\(p3)", output: "\(r1)\n\(r2)\n\(r3)\n"),
      EndOfInput(
        description: "requests on one line, no newline", input: p1 + p2 + " " + p3, output: "\(r1)\n\(r2)\n\(r3)\n"),
      EndOfInput(
        description: "batch with no newline", input: "\(p1)\n[\(p3),\(p2)]", output: "\(r1)\n[\(r3),\(r2)]\n"),
      EndOfInput(
        description: "Content-Length messages up to the end", input: frame(p1) + frame(p2),
        output: frame(r1) + frame(r2)),
      // Cut inside a header block, or in a body.
      EndOfInput(
        description: "inside a header line", input: frame(p1) + "Content-Length: 47\r\nContent-Ty",
        output: frame(r1) + framingError("end of input inside a header block") + "\n"),
      EndOfInput(
        description: "before the blank line", input: frame(p1) + "Content-Length: 47\r\n",
        output: frame(r1) + framingError("end of input inside a header block") + "\n"),
      EndOfInput(
        description: "inside a body", input: frame(p1) + "Content-Length: 47\r\n\r\n{\"jsonrpc\":\"2.0\",",
        output: frame(r1) + frame(framingError("end of input after 17 of 47 body bytes"))),
      EndOfInput(
        description: "inside an oversized body",
        input: frame(p1) + "Content-Length: 1073741824\r\n\r\n{\"jsonrpc\":\"2.0\",",
        output: frame(r1)
          + frame(framingError("end of input after 17 of 1073741824 body bytes (over the size limit)"))),
      // A line over the limit, still being dropped when the input ends: its size is what arrived.
      EndOfInput(
        description: "inside an oversized line", input: "\(p1)\n{\"pad\":\"" + String(repeating: "x", count: 17 << 20),
        output: "\(r1)\n" + tooLarge(8 + 17 << 20) + "\n"),
    ]
  }()

  /// Every complete request is answered, what is cut off gets one -32700 with id null, and the status is 0.
  @Test(arguments: endsOfInput, Stdin.allCases)
  func endOfInputAnswersEveryCompleteRequest(_ end: EndOfInput, _ stdin: Stdin) throws {
    let (stdout, status) = try stdin.run(end.input)
    #expect(stdout == end.output)
    #expect(status == 0)
  }

  // MARK: - A client that stops reading

  /// Requests whose replies the client does not read at first.
  struct Pipeline: Sendable, CustomStringConvertible {
    var description: String
    var method: String
    var count: Int
    var result: String
  }

  static let pipelines = [
    Pipeline(description: "200,000 pings", method: "daemon/ping", count: 200_000, result: #"{"pong":true}"#),
    // Each reply is 5.5 times its request.
    Pipeline(
      description: "100,000 daemon/info", method: "daemon/info", count: 100_000,
      result:
        #"{"clock":{"fps":60,"mode":"auto","now":0},"events":["delegate","lifecycle","warning"],"framing":"lines","limits":{"maxAnimationFrames":20000,"maxBatchOutput":67108864,"maxClientBacklog":16777216,"maxConstraints":5000,"maxConstraintsPerView":1000,"maxDepth":512,"maxMessageSize":16777216,"maxObjects":10000000,"maxTreeDepth":1000,"maxTurnEvents":1000000},"name":"containerd","protocolVersion":1,"version":"\#(DaemonVersion.current)"}"#
    ),
  ]

  /// Writes requests without reading until the daemon takes no more input for 2 s while its output pipe is not empty
  /// and it is blocked in `write(2)` (where the kernel says so), or all are written. Returns the count written.
  private static func writeUntilBlocked(_ daemon: InteractiveDaemon, _ input: [UInt8]) throws -> Int {
    var written = 0
    let deadline = Date().addingTimeInterval(InteractiveDaemon.defaultTimeout * 2)
    while written < input.count && Date() < deadline {
      let count = try daemon.writeAvailable(input[written...])
      written += count
      if count == 0 && !daemon.waitUntilWritable(timeout: 2) && daemon.unreadOutputByteCount > 0
        && daemon.isBlockedWriting != false
      {
        break
      }
    }
    return written
  }

  /// The client stops reading: the daemon blocks in `write`, stops reading requests, and its memory stays where it
  /// was; once the client reads again, every reply arrives, in order, whole.
  @Test(arguments: pipelines)
  func clientThatStopsReadingHoldsTheDaemonNotItsMemory(_ pipeline: Pipeline) throws {
    let daemon = try InteractiveDaemon()
    try daemon.write(Self.ping("0") + "\n")
    #expect(daemon.readLine() == Self.pong("0"))
    let baseline = try #require(daemon.memory())

    let ids = 1...pipeline.count
    let input = Array(
      ids.map { #"{"jsonrpc":"2.0","id":\#($0),"method":"\#(pipeline.method)"}"# + "\n" }.joined().utf8)
    let expected = Array(
      ids.map { #"{"id":\#($0),"jsonrpc":"2.0","result":\#(pipeline.result)}"# + "\n" }.joined().utf8)

    let written = try Self.writeUntilBlocked(daemon, input)
    // What the daemon read: the requests whose replies fill the output pipe, then a 64 KiB read or two whose replies
    // wait in its output buffer. Measured: 128 KiB of 10.5 MB (pings), 64 KiB of 5.2 MB (daemon/info).
    let taken = written - daemon.unreadInputByteCount
    #expect(written < input.count, "the daemon read all \(input.count) bytes without anyone reading its replies")
    #expect(
      taken < daemon.outputPipeCapacity + 512 << 10,
      "the daemon read \(taken) bytes while its output was blocked (pipe: \(daemon.outputPipeCapacity) bytes)")
    var resident: [Int] = []
    for _ in 0..<5 {
      resident.append(daemon.memory()?.resident ?? 0)
      usleep(100_000)
    }
    let blocked = try #require(daemon.memory())
    let kibibytes = (peak: blocked.peak >> 10, resident: resident.map { $0 >> 10 }, baseline: baseline.peak >> 10)
    #expect(
      blocked.peak - baseline.peak < 16 * Self.mebibyte,
      "peak \(kibibytes.peak) KiB, resident while blocked \(kibibytes.resident) KiB, \(kibibytes.baseline) KiB before")

    let output = daemon.exchange(input[written...], readingCount: expected.count)
    #expect(output.count == expected.count)
    #expect(Self.firstDifference(output, expected) == nil)
    let end = try #require(daemon.memory())
    #expect(end.peak - baseline.peak < 16 * Self.mebibyte, "peak \(end.peak >> 10) KiB at the end")
    let (rest, status) = try daemon.finish()
    #expect(rest.isEmpty)
    #expect(status == 0)
  }

  /// The first line where `output` and `expected` differ, described (the whole outputs are megabytes).
  static func firstDifference(_ output: [UInt8], _ expected: [UInt8]) -> String? {
    guard output != expected else { return nil }
    let index =
      (0..<min(output.count, expected.count)).first { output[$0] != expected[$0] }
      ?? min(output.count, expected.count)
    let start = (expected[..<min(index, expected.count)].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
    func line(_ bytes: [UInt8]) -> String {
      let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      return String(decoding: bytes[start..<min(end, start + 300)], as: UTF8.self)
    }
    let number = expected[..<start].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    return "line \(number): got \(start < output.count ? line(output) : "nothing"), expected \(line(expected))"
  }

  // MARK: - Signals and a client that goes away

  /// SIGTERM/SIGINT while the daemon is blocked writing to a client that stopped reading: it gives up what it could
  /// not write rather than wait forever, and exits 0; what the client then reads is whole replies, in order, with
  /// nothing missing before the last one.
  @Test(arguments: [SIGTERM, SIGINT])
  func signalWhileBlockedOnWriteExitsCleanlyWithWholeReplies(_ number: Int32) throws {
    let daemon = try InteractiveDaemon()
    let count = 200_000
    let input = Array((1...count).map { Self.ping("\($0)") + "\n" }.joined().utf8)
    let written = try Self.writeUntilBlocked(daemon, input)
    #expect(written < input.count)
    daemon.signal(number)
    let output = String(decoding: daemon.readToEnd(), as: UTF8.self)
    #expect(daemon.waitForExit() == 0)
    #expect(output.hasSuffix("\n"))
    let lines = output.split(separator: "\n")
    #expect(!lines.isEmpty && lines.count < count)
    #expect(lines.enumerated().allSatisfy { $1 == Self.pong("\($0 + 1)") })
  }

  /// SIGTERM/SIGINT once the daemon has read a whole batch of 20,000 calls (its stdin pipe is empty), while it is
  /// answering it or blocked writing the answer: the turn finishes, its reply array is written whole while the client
  /// reads, and the daemon exits 0 with stdin still open.
  @Test(arguments: [SIGTERM, SIGINT])
  func signalDuringABatchFinishesTheTurn(_ number: Int32) throws {
    let daemon = try InteractiveDaemon()
    let replies = try Self.sendPingBatchUntilRead(daemon)
    daemon.signal(number)
    let output = String(decoding: daemon.readToEnd(), as: UTF8.self)
    #expect(daemon.waitForExit() == 0)
    #expect(output == replies)
  }

  /// Sends a batch of 20,000 pings (1 MB) and waits until the daemon has read all of it; returns the whole reply.
  private static func sendPingBatchUntilRead(_ daemon: InteractiveDaemon) throws -> String {
    let ids = 1...20_000
    try daemon.write(Array(("[" + ids.map { ping("\($0)") }.joined(separator: ",") + "]\n").utf8))
    let deadline = Date().addingTimeInterval(InteractiveDaemon.defaultTimeout)
    while daemon.unreadInputByteCount != 0 && Date() < deadline { usleep(1000) }
    #expect(daemon.unreadInputByteCount == 0)
    return "[" + ids.map { pong("\($0)") }.joined(separator: ",") + "]\n"
  }

  /// SIGTERM/SIGINT while the daemon is answering a batch for a client that does not read: it writes what the pipe
  /// takes, waits at most a second for room, gives up the rest and exits 0. (A signal that came before the write,
  /// while the turn was being answered, used to leave it blocked in that write until the client read.)
  @Test(arguments: [SIGTERM, SIGINT])
  func signalWithAClientThatDoesNotReadEndsTheDaemon(_ number: Int32) throws {
    let daemon = try InteractiveDaemon()
    let replies = try Self.sendPingBatchUntilRead(daemon)
    daemon.signal(number)
    #expect(daemon.waitForExit() == 0)
    let output = String(decoding: daemon.readToEnd(), as: UTF8.self)
    #expect(output.hasPrefix("[" + Self.pong("1") + "," + Self.pong("2") + ","))
    #expect(output.utf8.count < replies.utf8.count)
  }

  /// A second termination signal while the first is being handled ends the daemon at once with 128 + its number:
  /// SIGINT and SIGTERM sent while it is stopped arrive together when it continues.
  @Test func secondSignalEndsTheDaemonAtOnce() throws {
    let daemon = try InteractiveDaemon()
    try daemon.write(Self.ping("1") + "\n")
    #expect(daemon.readLine() == Self.pong("1"))
    daemon.signal(SIGSTOP)
    daemon.signal(SIGINT)
    daemon.signal(SIGTERM)
    daemon.signal(SIGCONT)
    let status = daemon.waitForExit()
    #expect(status == 128 + SIGINT || status == 128 + SIGTERM)
  }

  /// A client that closes its end of stdout: the daemon's next write fails (EPIPE, not a fatal SIGPIPE) and it
  /// exits 3 (replies were lost; Overview.md, exit status) although stdin is still open. It exited 0 before.
  @Test func clientThatClosesStdoutEndsTheDaemonWithStatus3() throws {
    let daemon = try InteractiveDaemon()
    try daemon.write(Self.ping("1") + "\n")
    #expect(daemon.readLine() == Self.pong("1"))
    try daemon.closeOutput()
    try daemon.write(Self.ping("2") + "\n")
    #expect(daemon.waitForExit() == 3)
  }

  // MARK: - Depth at the limit

  /// The default depth limit is 512 levels, the request object included: 511 arrays in `params` are served, 512 are
  /// a -32700, and the next request is served.
  @Test func depthLimitOverPipes() throws {
    func nested(_ id: Int, _ depth: Int) -> String {
      #"{"jsonrpc":"2.0","id":\#(id),"method":"daemon/ping","params":"#
        + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}\n"
    }
    let daemon = try InteractiveDaemon()
    let (stdout, status) = try daemon.finish(Array((nested(1, 511) + nested(2, 512) + Self.ping("3") + "\n").utf8))
    #expect(
      String(decoding: stdout, as: UTF8.self)
        == Self.pong("1") + "\n"
        + #"{"error":{"code":-32700,"data":{},"message":"Parse error: nesting too deep (nesting depth exceeds the limit of 512)"},"id":null,"jsonrpc":"2.0"}"#
        + "\n" + Self.pong("3") + "\n")
    #expect(status == 0)
  }
}

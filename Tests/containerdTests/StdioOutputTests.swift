import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// When replies are written, how large a batch's answer may get, and which ids are echoed (Documentation/Protocol.md,
/// "When replies are written" and "Limits"), through the binary with stdin open.
@Suite struct StdioOutputTests {
  /// A deceleration may run far past the default `--max-animation-frames`, so the fling is long.
  private static let unboundedFling = ["--max-animation-frames", "100000000"]

  private static func request(_ id: Int, _ method: String, _ params: String = "{}") -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"# + "\n"
  }

  /// A daemon with no frame limit to speak of, at 1000 fps, holding a scroll view `s` in window `w` whose deceleration
  /// rate (0.99999) makes a fling glide for about 850,000 frames; the five setup replies are read.
  private static func daemonWithALongScrollView() throws -> InteractiveDaemon {
    let daemon = try InteractiveDaemon(unboundedFling)
    let setup = [
      request(1, "window/create", #"{"id":"w"}"#),
      request(2, "view/create", #"{"id":"s","kind":"UIScrollView","frame":{"x":0,"y":0,"width":390,"height":600}}"#),
      request(
        3, "scroll/configure",
        #"{"view":"s","contentSize":{"width":390,"height":1000000000},"decelerationRate":0.99999}"#),
      request(4, "view/addSubview", #"{"superview":"w","view":"s"}"#),
      request(5, "clock/configure", #"{"fps":1000}"#),
    ]
    try daemon.write(setup.joined())
    for id in 1...5 { #expect(daemon.readLine(timeout: 30)?.hasPrefix(#"{"id":\#(id),"#) == true) }
    return daemon
  }

  /// A ping and a long fling (1000 fps, rate 0.99999, and no frame limit to speak of: about 850,000 frames in one
  /// turn, seconds even in a release build) sent in one write:
  /// the ping's reply is written before the fling runs, so it is read alone, with nothing of the fling's reply behind
  /// it; the fling's reply follows. Before, both were written together once the fling had finished (seconds later, or
  /// never if it hung).
  @Test func aFinishedReplyIsWrittenBeforeALongTurn() throws {
    let daemon = try Self.daemonWithALongScrollView()

    try daemon.write(
      Self.request(10, "daemon/ping") + Self.request(11, "scroll/fling", #"{"view":"s","velocity":{"x":0,"y":-5000}}"#))
    #expect(daemon.readLine(timeout: 60) == #"{"id":10,"jsonrpc":"2.0","result":{"pong":true}}"#)
    // The fling is still running: not one byte of its reply came with the ping's.
    #expect(daemon.bufferedOutputByteCount == 0)
    #expect(daemon.unreadOutputByteCount == 0)
    #expect(
      daemon.readLine(timeout: 120)?.hasPrefix(#"{"id":11,"jsonrpc":"2.0","result":{"targetContentOffset""#) == true)
    #expect(try daemon.close() == 0)
  }

  /// The same through a batch: a batch holding a long method counts as long, so the ping before it is written first.
  @Test func aBatchHoldingALongCallIsLongToo() throws {
    let daemon = try Self.daemonWithALongScrollView()
    let fling = Self.request(11, "scroll/fling", #"{"view":"s","velocity":{"x":0,"y":-5000}}"#).dropLast()
    try daemon.write(
      Self.request(10, "daemon/ping") + "[" + #"{"jsonrpc":"2.0","method":"daemon/ping"}"# + "," + fling + "]\n")
    #expect(daemon.readLine(timeout: 60) == #"{"id":10,"jsonrpc":"2.0","result":{"pong":true}}"#)
    #expect(daemon.bufferedOutputByteCount == 0)
    #expect(daemon.unreadOutputByteCount == 0)
    #expect(
      daemon.readLine(timeout: 120)?.hasPrefix(#"[{"id":11,"jsonrpc":"2.0","result":{"targetContentOffset""#) == true)
    #expect(try daemon.close() == 0)
  }

  /// `[1,1,…]` past `--max-batch-output`: the invalid elements are answered one by one while the answer is within the
  /// limit, then all the others together by one -32002 with id `null`, last; a request with an id past the limit
  /// still gets its own -32002. Before, each of the 100,000 elements got its -32600 (a 9 MB line for 200 KB in; a
  /// 16 MiB batch answered a 1 GB line).
  @Test func invalidElementsPastTheBatchOutputLimitGetOneAnswer() throws {
    let limit = 4096
    let batch =
      "[" + Array(repeating: "1", count: 100_000).joined(separator: ",")
      + #",{"jsonrpc":"2.0","id":"late","method":"daemon/ping"},1]"# + "\n"
    let daemon = try InteractiveDaemon(["--max-batch-output", "\(limit)"])
    let output = try daemon.finish(Array(batch.utf8))
    #expect(output.status == 0)
    let text = String(decoding: output.stdout, as: UTF8.self)
    let invalid =
      #"{"error":{"code":-32600,"message":"Invalid Request: expected a request object, got integer"},"id":null,"jsonrpc":"2.0"}"#
    // The array's bytes after n answers: "[", n answers, n - 1 commas (the closing bracket counted too).
    let answered = (1...).first { $0 * (invalid.utf8.count + 1) + 1 > limit }!
    let expected =
      "[" + Array(repeating: invalid, count: answered).joined(separator: ",")
      + #",{"error":{"code":-32002,"data":{"limit":"maxBatchOutput","value":4096},"message":"Limit reached: maxBatchOutput (4096)"},"id":"late","jsonrpc":"2.0"}"#
      + #",{"error":{"code":-32002,"data":{"limit":"maxBatchOutput","value":4096},"message":"Limit reached: maxBatchOutput (4096)"},"id":null,"jsonrpc":"2.0"}"#
      + "]\n"
    #expect(text == expected)
  }

  /// A real id that underflows to zero (`1e-400`) is refused like one that overflows (`1e400`): -32700 at the end of
  /// the literal, with id `null`, and the next request is answered. Before, it came back as `0.0`. A real that is
  /// zero (`0.0`, `0e5`) is still echoed, as `0.0`.
  @Test func anIdThatUnderflowsIsAParseError() throws {
    let daemon = try InteractiveDaemon()
    try daemon.write(#"{"jsonrpc":"2.0","id":1e-400,"method":"daemon/ping"}"# + "\n")
    #expect(
      daemon.readLine()
        == #"{"error":{"code":-32700,"data":{"offset":28},"message":"Parse error: number out of range (real number underflow near '1e-400')"},"id":null,"jsonrpc":"2.0"}"#
    )
    try daemon.write(#"{"jsonrpc":"2.0","id":2,"method":"daemon/ping","params":{"x":"1e-400","y":-2.5e-330}}"# + "\n")
    #expect(
      daemon.readLine()
        == #"{"error":{"code":-32700,"data":{"offset":83},"message":"Parse error: number out of range (real number underflow near '-2.5e-330')"},"id":null,"jsonrpc":"2.0"}"#
    )
    try daemon.write(#"{"jsonrpc":"2.0","id":0e5,"method":"daemon/ping","params":[5e-324]}"# + "\n")
    #expect(daemon.readLine() == #"{"id":0.0,"jsonrpc":"2.0","result":{"pong":true}}"#)
    #expect(try daemon.close() == 0)
  }
}

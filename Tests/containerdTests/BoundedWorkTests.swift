import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// Issue 19 through the built binary, stdin kept open and every reply awaited: a turn's work and memory are bounded,
/// so a request after a heavy one is answered (and SIGTERM does not wait for minutes of frames).
@Suite struct BoundedWorkTests {
  private static func request(_ id: Int, _ method: String, _ params: String? = nil) -> String {
    let tail = params.map { #","params":\#($0)"# } ?? ""
    return #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)"\#(tail)}"# + "\n"
  }

  private static let pong = #"{"id":99,"jsonrpc":"2.0","result":{"pong":true}}"#

  /// Sets up a scroll view `s` with 1e9 points of content at the rate 0.99999 and 1000 fps; reads the four replies.
  private static func extremeScrollView(_ daemon: InteractiveDaemon) throws {
    try daemon.write(request(1, "clock/configure", #"{"fps":1000}"#))
    try daemon.write(request(2, "window/create", #"{"id":"w"}"#))
    try daemon.write(
      request(3, "view/create", #"{"id":"s","kind":"UIScrollView","frame":{"x":0,"y":0,"width":390,"height":844}}"#))
    try daemon.write(request(4, "view/addSubview", #"{"superview":"w","view":"s"}"#))
    try daemon.write(
      request(
        5, "scroll/configure",
        #"{"view":"s","contentSize":{"width":390,"height":1000000000},"decelerationRate":0.99999,"contentInsetAdjustmentBehavior":"never"}"#
      ))
    for id in 1...5 { #expect(daemon.readLine()?.hasPrefix(#"{"id":\#(id),"#) == true) }
  }

  /// The issue's fling (1000 fps, 0.99999; 1.7 million frames and 250 MB before), unsubscribed to offsets: one
  /// warning (the frame limit), its reply with the target, then a ping is answered; the clock stopped at 20,000 ms.
  @Test func anExtremeFlingIsBoundedAndThePingAfterItIsAnswered() throws {
    let daemon = try InteractiveDaemon()
    try Self.extremeScrollView(daemon)
    try daemon.write(Self.request(6, "scroll/fling", #"{"view":"s","velocity":{"x":0,"y":-100000}}"#))
    #expect(
      daemon.readLine(timeout: 60)
        == #"{"jsonrpc":"2.0","method":"event/warning","params":{"message":"containerd: the deceleration of s reached 20000 frames; it ends at its rest point","object":"s","request":6,"rule":"limit","seq":1,"time":20000}}"#
    )
    #expect(
      daemon.readLine(timeout: 60)
        == #"{"id":6,"jsonrpc":"2.0","result":{"targetContentOffset":{"x":0,"y":9999849.900329145}}}"#)
    try daemon.write(Self.request(99, "daemon/ping"))
    #expect(daemon.readLine(timeout: 60) == Self.pong)
    try daemon.write(Self.request(7, "clock/now"))
    #expect(daemon.readLine(timeout: 60) == #"{"id":7,"jsonrpc":"2.0","result":{"now":20000}}"#)
    #expect(try daemon.close() == 0)
  }

  /// Subscribed to offsets, the same fling writes exactly 20,000 offset events and one warning before its reply.
  @Test func anExtremeFlingWritesAtMostTheFrameLimit() throws {
    let daemon = try InteractiveDaemon(["--events", "offset"])
    try Self.extremeScrollView(daemon)
    try daemon.write(Self.request(6, "scroll/fling", #"{"view":"s","velocity":{"x":0,"y":-100000}}"#))
    var offsets = 0
    var warnings: [String] = []
    while let line = daemon.readLine(timeout: 60), !line.hasPrefix(#"{"id":6,"#) {
      if line.contains(#""method":"event/offset""#) { offsets += 1 }
      if line.contains(#""method":"event/warning""#) { warnings.append(line) }
    }
    #expect(offsets == 20_000)
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("the deceleration of s reached 20000 frames") == true)
    try daemon.write(Self.request(99, "daemon/ping"))
    #expect(daemon.readLine(timeout: 60) == Self.pong)
    #expect(try daemon.close() == 0)
  }

  /// `--max-animation-frames` sets the limit and `daemon/info` reports it with `maxTurnEvents`.
  @Test func theLimitsAreFlagsReportedByDaemonInfo() throws {
    let daemon = try InteractiveDaemon(["--max-animation-frames", "10", "--max-turn-events", "500"])
    try daemon.write(Self.request(1, "daemon/info"))
    let info = try #require(daemon.readLine())
    #expect(info.contains(#""maxAnimationFrames":10,"#))
    #expect(info.contains(#""maxTurnEvents":500}"#))
    try Self.extremeScrollView(daemon)
    try daemon.write(Self.request(6, "scroll/fling", #"{"view":"s","velocity":{"x":0,"y":-100000}}"#))
    #expect(daemon.readLine(timeout: 60)?.contains("the deceleration of s reached 10 frames") == true)
    #expect(daemon.readLine(timeout: 60)?.hasPrefix(#"{"id":6,"#) == true)
    try daemon.write(Self.request(7, "clock/now"))
    #expect(daemon.readLine(timeout: 60) == #"{"id":7,"jsonrpc":"2.0","result":{"now":10}}"#)
    #expect(try daemon.close() == 0)
  }

  /// A table whose rows make a content height of 1e18 is refused with -32602 (the coordinate bound), and the request
  /// after it is answered.
  @Test func aTableContentSizePastTheBoundIsRefused() throws {
    let daemon = try InteractiveDaemon()
    try daemon.write(
      Self.request(1, "view/create", #"{"id":"t","kind":"UITableView","frame":{"x":0,"y":0,"width":390,"height":600}}"#)
    )
    try daemon.write(Self.request(2, "table/register", #"{"table":"t","identifier":"c"}"#))
    #expect(daemon.readLine()?.hasPrefix(#"{"id":1,"#) == true)
    #expect(daemon.readLine()?.hasPrefix(#"{"id":2,"#) == true)
    try daemon.write(
      Self.request(
        3, "table/setData",
        #"{"table":"t","sections":[{"rowCount":1000000000,"rowHeight":1000000000,"identifier":"c"}]}"#
      ))
    let reply = try #require(daemon.readLine())
    #expect(
      reply.hasPrefix(
        #"{"error":{"code":-32602,"data":{"expected":"a content height (headers, rows and footers) of at most 1000000000","path":"params.sections"}"#
      ))
    try daemon.write(Self.request(99, "daemon/ping"))
    #expect(daemon.readLine() == Self.pong)
    #expect(try daemon.close() == 0)
  }

  /// The issue's 10,000 `width >= i` on one view (11 s before: each one rewrote every earlier row) is refused at once
  /// with -32002 `maxConstraints` (5,000 in all by default) and adds nothing; 1,001 on one view pass the per-view limit;
  /// the ping after each is answered.
  @Test func constraintsPastTheLimitsAreRefusedAtOnce() throws {
    let daemon = try InteractiveDaemon()
    try daemon.write(Self.request(1, "window/create", #"{"id":"w"}"#))
    try daemon.write(Self.request(2, "view/create", #"{"id":"v"}"#))
    for id in 1...2 { #expect(daemon.readLine()?.hasPrefix(#"{"id":\#(id),"#) == true) }
    func widths(_ count: Int) -> String {
      let items = (0..<count).map { #"{"item":"v","attribute":"width","relation":">=","constant":\#($0)}"# }
      return #"{"constraints":["# + items.joined(separator: ",") + "]}"
    }
    try daemon.write(Self.request(3, "layout/addConstraints", widths(10_000)))
    #expect(
      daemon.readLine(timeout: 60)
        == #"{"error":{"code":-32002,"data":{"limit":"maxConstraints","value":5000},"message":"Limit reached: maxConstraints (5000)"},"id":3,"jsonrpc":"2.0"}"#
    )
    try daemon.write(Self.request(4, "layout/addConstraints", widths(1_001)))
    #expect(
      daemon.readLine(timeout: 60)
        == #"{"error":{"code":-32002,"data":{"limit":"maxConstraintsPerView","value":1000},"message":"Limit reached: maxConstraintsPerView (1000)"},"id":4,"jsonrpc":"2.0"}"#
    )
    try daemon.write(Self.request(99, "daemon/ping"))
    #expect(daemon.readLine() == Self.pong)
    #expect(try daemon.close() == 0)
  }

  /// SIGTERM right after the extreme fling: the daemon finishes the turn in progress, which is bounded now, and exits 0
  /// within the deadline (before, the turn glided through 1.7 million frames first).
  @Test func sigtermDuringAnExtremeFlingEndsTheDaemon() throws {
    let daemon = try InteractiveDaemon()
    try Self.extremeScrollView(daemon)
    try daemon.write(Self.request(6, "scroll/fling", #"{"view":"s","velocity":{"x":0,"y":-100000}}"#))
    daemon.signal(SIGTERM)
    #expect(daemon.waitForExit(timeout: 60) == 0)
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// What scripts/fuzz found (Documentation/Testing.md, "Fuzzing"), minimized: the literal input, split as the reads
/// that showed the bug split it, and the exact replies. Every input is also sent whole and 1 byte at a time, which
/// must give the same replies. The fuzz target checks every property these tests check on every input it runs.
@Suite struct FuzzRegressionTests {
  /// Sends `chunks` in turn (one read each), then end of input, to a fresh server with a `maxMessageSize` limit.
  private func exchange(_ chunks: [String], maxMessageSize: Int = 64, maxHeaderSize: Int = 8192) -> [String] {
    var configuration = ServerConfiguration()
    configuration.readLimits = ReadLimits(maxMessageSize: maxMessageSize, maxHeaderSize: maxHeaderSize)
    let connection = InMemoryConnection(
      handler: RPCServer(configuration: configuration), limits: configuration.readLimits)
    var output = ""
    for chunk in chunks { output += connection.send(chunk) }
    output += String(decoding: connection.finish(), as: UTF8.self)
    return output.split(separator: "\n").map(String.init)
  }

  /// The replies to `chunks`, checked to be the same for the input whole and 1 byte at a time.
  private func replies(_ chunks: [String], maxMessageSize: Int = 64) -> [String] {
    let lines = exchange(chunks, maxMessageSize: maxMessageSize)
    let input = chunks.joined()
    #expect(exchange([input], maxMessageSize: maxMessageSize) == lines, "whole")
    #expect(exchange(input.utf8.map { String(UnicodeScalar($0)) }, maxMessageSize: maxMessageSize) == lines, "bytes")
    return lines
  }

  private static let ping = #"{"jsonrpc":"2.0","id":1,"method":"daemon/ping"}"#
  private static let pong = #"{"id":1,"jsonrpc":"2.0","result":{"pong":true}}"#

  private static func tooLarge(_ size: Int) -> String {
    #"{"error":{"code":-32700,"data":{"limit":"maxMessageSize","size":\#(size),"value":64},"#
      + #""message":"Parse error: message of \#(size) bytes exceeds the limit of 64 bytes (--max-message-size)"},"#
      + #""id":null,"jsonrpc":"2.0"}"#
  }

  /// A continued text closing more brackets than it opened and then opening one (`[`, then `]][` on the next line)
  /// made the bracket scanner record a bracket at depth −1 and trap (found within seconds of the scanner learning
  /// bracket kinds). The replies are those of the texts on the lines.
  @Test func continuedTextClosingMoreThanItOpenedThenOpening() {
    #expect(
      replies(["[\n]", "][\n" + Self.ping + "\n"]) == [
        #"{"error":{"code":-32600,"message":"Invalid Request: empty batch"},"id":null,"jsonrpc":"2.0"}"#,
        #"{"error":{"code":-32700,"data":{"offset":1},"message":"Parse error (unexpected token near ']')"},"id":null,"jsonrpc":"2.0"}"#,
        Self.pong,
      ])
  }

  /// An oversized pretty-printed text counted its last line's `\n` when the limit was passed before that line (85
  /// bytes reported as 86), and so did one passed at that line when a read ended inside it: the size depended on
  /// where the text passed the limit and on how the reads split it.
  @Test func oversizedMultiLineTextDoesNotCountItsLastLineEnding() {
    let text = "[\n" + String(repeating: "1,", count: 40) + "\n1]"  // 85 bytes
    #expect(replies([text + "\n" + Self.ping + "\n"]) == [Self.tooLarge(85), Self.pong])
    let late = "[\n" + String(repeating: "1,", count: 20) + "\n" + String(repeating: "1,", count: 15) + "1]"  // 75
    #expect(
      replies([String(late.prefix(70)), String(late.dropFirst(70)) + "\n" + Self.ping]) == [
        Self.tooLarge(75), Self.pong,
      ])
  }

  /// A `\r\n` line ending split by two reads (`\r` at the end of one, `\n` at the start of the next) was counted in
  /// the size of an oversized line (79 bytes instead of 78), and of an oversized pretty-printed text.
  @Test func oversizedTextsDoNotCountACarriageReturnReadApartFromItsNewline() {
    let line = #"{"a":""# + String(repeating: "y", count: 70) + #""}"#  // 78 bytes
    #expect(replies([line + "\r", "\n" + Self.ping + "\n"]) == [Self.tooLarge(78), Self.pong])
    let text = "[\r\n" + String(repeating: "1,", count: 40) + "\r\n1]"  // 87 bytes
    #expect(replies([text + "\r", "\n" + Self.ping + "\r\n"]) == [Self.tooLarge(87), Self.pong])
  }

  /// A header block whose blank line starts just inside the size window (its first `\n` at the window's last byte)
  /// was "longer than N bytes" when a read ended before the blank line's last bytes, and read normally when they came
  /// in the same read. The limit now counts the header lines with their line ends: a block of exactly the limit is
  /// read, one byte more is too long (framed as a line: it is not well formed), however reads split it.
  @Test func headerBlockEndingAtTheWindowsEdgeDoesNotDependOnTheSplit() {
    // maxHeaderSize 32: "Content-Length: 47\r\n" is 20 bytes, "X: bbbbbbb\r\n" 12, then the blank line.
    let headers = "Content-Length: 47\r\nX: " + String(repeating: "b", count: 7) + "\r\n\r\n"
    #expect(headers.utf8.count == 34)
    let input = headers + Self.ping
    let expected = ["Content-Length: 47\r\n\r\n" + Self.pong]  // a "\r\n" is one Character: these split at "\n" only
    for split in [31, 32, 33, 34] {
      let chunks = [String(input.prefix(split)), String(input.dropFirst(split))]
      #expect(exchange(chunks, maxHeaderSize: 32) == expected, "split at \(split)")
    }
    #expect(exchange(input.map { String($0) }, maxHeaderSize: 32) == expected, "character by character")
    // One byte more: too long, whatever the split; the text after the blank line is then an ordinary line.
    let late = "Content-Length: 47\r\nX: " + String(repeating: "b", count: 8) + "\r\n\r\n" + Self.ping
    let tooLong = exchange([late], maxHeaderSize: 32)
    #expect(
      tooLong == [
        #"{"error":{"code":-32700,"data":{},"message":"Parse error: header block longer than 32 bytes without a blank line"},"id":null,"jsonrpc":"2.0"}"#,
        Self.pong,
      ])
    #expect(exchange(late.map { String($0) }, maxHeaderSize: 32) == tooLong)
  }

  // MARK: - A refused call changes nothing (Documentation/Protocol.md, "Errors")

  private static let createTable =
    #"{"jsonrpc":"2.0","id":1,"method":"controller/create","params":{"id":"list","kind":"UITableViewController"}}"#
  private static let getTable = #"{"jsonrpc":"2.0","id":9,"method":"controller/get","params":{"controller":"list"}}"#

  /// A scroll/pan without a began on a UITableViewController's table view not loaded yet loaded the view, then was
  /// refused.
  @Test func refusedPanLeavesARootViewUnloaded() {
    let pan =
      #"{"jsonrpc":"2.0","id":2,"method":"scroll/pan","params":{"view":"list.view","phase":"changed","#
      + #""translation":{"x":0,"y":0}}}"#
    let lines = replies([[Self.createTable, pan, Self.getTable].joined(separator: "\n") + "\n"], maxMessageSize: 1024)
    #expect(lines.count == 3)
    #expect(
      lines.dropFirst().first
        == #"{"error":{"code":-32003,"data":{"id":"list.view","state":"notTracking"},"#
        + #""message":"list.view has no pan in progress (send began first)"},"id":2,"jsonrpc":"2.0"}"#)
    #expect(json(lines.last ?? "null")["result"]?["isViewLoaded"] == false)
  }

  /// A behavior/add floating a view that is not in the scroll view, named as a UITableViewController's table view
  /// not loaded yet, loaded the view, then was refused.
  @Test func refusedBehaviorLeavesARootViewUnloaded() {
    let label = #"{"jsonrpc":"2.0","id":2,"method":"view/create","params":{"id":"toast","kind":"UILabel"}}"#
    let behavior =
      #"{"jsonrpc":"2.0","id":3,"method":"behavior/add","params":{"kind":"floatOverContent","view":"toast","#
      + #""scrollView":"list.view"}}"#
    let lines = replies(
      [[Self.createTable, label, behavior, Self.getTable].joined(separator: "\n") + "\n"], maxMessageSize: 1024)
    #expect(lines.count == 4)
    #expect(
      lines.dropFirst(2).first
        == #"{"error":{"code":-32602,"data":{"expected":"a subview of list.view","path":"params.view"},"#
        + #""message":"Invalid params: floatOverContent moves a subview of the scroll view"},"id":3,"jsonrpc":"2.0"}"#)
    #expect(json(lines.last ?? "null")["result"]?["isViewLoaded"] == false)
  }

  /// A table inside a UITableViewController's table view: shown in a window, the outer one follows its adjusted inset
  /// (−47) and so moves the inner one out from under the status bar, whose own adjusted top inset is then 0. The turn
  /// used to end after one round of inset follows (inner first, in creation order, −47), leaving the inner one's move
  /// back to 0 to the next turn, where a refused call wrote it. Now scroll views follow outer first, until nothing
  /// changes (UIKit propagates the safe area top-down within one layout pass).
  @Test func nestedScrollViewsSettleWithinTheTurn() {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call("events/subscribe", ["kinds": ["offset"]])
    session.call("controller/create", ["id": "list", "kind": "UITableViewController"])
    session.call(
      "view/create", ["id": "inner", "kind": "UITableView", "frame": ["x": 0, "y": 0, "width": 390, "height": 844]])
    session.call("view/addSubview", ["superview": "list.view", "view": "inner"])
    let shown = session.call("window/setRoot", ["window": "win", "controller": "list"])
    #expect(
      shown.events.filter { $0["method"] == "event/offset" }.compactMap(\.["params"]).map { [$0["view"], $0["y"]] } == [
        ["list.view", -47]
      ])
    let before = session.snapshot()
    let refused = session.call("scroll/setContentOffset", ["viVw": "inner", "offset": ["x": 0, "y": 0]])
    #expect(refused.error?["code"] == -32602)
    #expect(refused.events.isEmpty)
    #expect(session.snapshot() == before)
    #expect(session.call("scroll/get", ["view": "inner"]).result?["contentOffset"] == ["x": 0, "y": 0])
    #expect(session.call("scroll/get", ["view": "inner"]).result?["adjustedContentInset"]?["top"] == 0)
  }

  /// paging/select on a paging container not loaded yet checked room for the container's four views only: loading it
  /// also loads its first page, and scrolling to the target loads that page. Over the object limit, the call loaded the
  /// container and its first page, then was refused (-32002) by a later check; now the whole cost (4 + 1 + 1 here) is
  /// checked first, and a call that creates nothing is never refused by the limit.
  @Test(arguments: [(7, false), (8, false), (9, true)])
  func pagingSelectChecksTheObjectLimitFirst(_ maxObjects: Int, _ fits: Bool) {
    var configuration = ServerConfiguration()
    configuration.maxObjects = maxObjects
    let session = TestSession(configuration: configuration)
    session.call("controller/create", ["id": "p1"])
    session.call("controller/create", ["id": "p2"])
    session.call(
      "controller/create",
      ["id": "pager", "kind": "PagingContainerViewController", "header": ["height": 200], "pages": ["p1", "p2"]])
    let before = session.snapshot()
    let select = session.call("paging/select", ["container": "pager", "index": 1, "animated": false])
    if fits {
      #expect(select.error == nil)
      #expect(json(session.snapshot())["views"]?.arrayValue?.count == 6)
    } else {
      #expect(select.error?["code"] == -32002)
      #expect(select.events.isEmpty)
      #expect(session.snapshot() == before)
    }
  }
}

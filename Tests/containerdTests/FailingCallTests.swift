import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// Documentation/Protocol.md, "Errors" through the built binary, stdin kept open as a live client keeps it: each reply
/// is awaited before the next request is sent. A refused call and a read write nothing but their reply and leave
/// `world/snapshot` byte-identical; auto ids never take an id the same call names
/// (Tests/ContainerRPCTests/Server/FailingCallTests.swift has the in-process cases).
@Suite struct FailingCallTests {
  /// A client of a running daemon: one request at a time, the lines written before its reply kept apart.
  final class Client {
    let daemon: InteractiveDaemon
    private var nextID = 0

    init() throws { daemon = try InteractiveDaemon() }

    /// Sends one request and reads up to its reply: the notifications before it, and the reply line (nil if none came
    /// within the deadline: a lost request).
    @discardableResult
    func call(_ method: String, _ params: String = "{}") throws -> (events: [String], reply: String?) {
      nextID += 1
      try daemon.write(#"{"jsonrpc":"2.0","id":\#(nextID),"method":"\#(method)","params":\#(params)}"# + "\n")
      var events: [String] = []
      while let line = daemon.readLine(timeout: 30) {
        let message = json(line)
        if message["method"] == nil && message["id"] == .int(Int64(nextID)) { return (events, line) }
        events.append(line)
      }
      return (events, nil)
    }

    /// The `world/snapshot` result, as written (its bytes, without the reply's id).
    func snapshot() throws -> String? {
      guard let line = try call("world/snapshot").reply, let start = line.range(of: #","result":"#) else { return nil }
      return String(line[start.upperBound...])
    }

    /// Sends a call that must fail: it is answered with `error` (the error object's text), writes no event, and the
    /// snapshot does not change.
    func expectRefused(
      _ method: String, _ params: String, error: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      let before = try snapshot()
      let (events, line) = try call(method, params)
      #expect(line == #"{"error":\#(error),"id":\#(nextID),"jsonrpc":"2.0"}"#, sourceLocation: sourceLocation)
      #expect(events == [], sourceLocation: sourceLocation)
      #expect(try snapshot() == before, sourceLocation: sourceLocation)
    }

    func finish() throws { _ = try daemon.finish() }
  }

  static let nope = #"{"code":-32000,"data":{"id":"nope"},"message":"Unknown object: nope"}"#

  /// A pinToTop header laid out by a constraint: the table entering the window moves its offset, the behaviour the
  /// header, and the constraint's layout comes in the same turn; `view/get nope` then wrote three events and moved
  /// the header.
  @Test func aRefusedReadAfterAPinnedConstrainedHeaderWritesNothing() throws {
    let client = try Client()
    try client.call("window/create", #"{"id":"w"}"#)
    try client.call("controller/create", #"{"id":"list","kind":"UITableViewController"}"#)
    try client.call("view/create", #"{"id":"h","frame":{"x":0,"y":0,"width":390,"height":50}}"#)
    try client.call("view/addSubview", #"{"superview":"list.view","view":"h"}"#)
    try client.call("behavior/add", #"{"kind":"pinToTop","view":"h","scrollView":"list.view"}"#)
    try client.call(
      "layout/addConstraints", #"{"constraints":[{"item":"h","attribute":"top","toItem":"list.view","constant":10}]}"#)
    try client.call("events/subscribe", #"{"kinds":["all"]}"#)
    try client.call("window/setRoot", #"{"window":"w","controller":"list"}"#)
    try client.expectRefused("view/get", #"{"view":"nope"}"#, error: Self.nope)
    let header = try client.call("view/get", #"{"view":"h"}"#)
    #expect(header.events == [])
    #expect(header.reply.map { json($0)["result"]?["frame"] } == ["x": 0, "y": 10, "width": 0, "height": 0])
    try client.finish()
  }

  /// A constraint on a paging page (which the pager lays out too) wrote 32 events before every later reply; now one
  /// warning, then quiet.
  @Test func aConstrainedPagingPageWarnsOnceThenStaysQuiet() throws {
    let client = try Client()
    try client.call("window/create", #"{"id":"w"}"#)
    try client.call("controller/create", #"{"id":"p1","kind":"UITableViewController"}"#)
    try client.call(
      "controller/create",
      #"{"id":"pc","kind":"PagingContainerViewController","header":{"height":200},"pages":["p1"]}"#)
    try client.call("window/setRoot", #"{"window":"w","controller":"pc"}"#)
    let added = try client.call(
      "layout/addConstraints", #"{"constraints":[{"item":"p1.view","attribute":"width","constant":100}]}"#)
    #expect(added.events.map { json($0)["method"] } == ["event/warning"])
    try client.call("events/subscribe", #"{"kinds":["all"]}"#)
    let ping = try client.call("daemon/ping")
    #expect(ping.events == [])
    #expect(ping.reply == #"{"id":7,"jsonrpc":"2.0","result":{"pong":true}}"#)
    try client.expectRefused("view/get", #"{"view":"nope"}"#, error: Self.nope)
    try client.finish()
  }

  /// In manual clock mode, a constraint that reads a subview autoresizing with it grew both by 80 points before every
  /// reply, a refused one included; now it stops at the turn that made it, and reads see the same frame.
  @Test func aSelfFeedingLayoutStopsInManualMode() throws {
    let client = try Client()
    try client.call("clock/configure", #"{"mode":"manual"}"#)
    try client.call("window/create", #"{"id":"w"}"#)
    try client.call("view/create", #"{"id":"p","frame":{"x":0,"y":0,"width":100,"height":100}}"#)
    try client.call(
      "view/create", #"{"id":"c","frame":{"x":0,"y":0,"width":100,"height":100},"autoresizingMask":["flexibleWidth"]}"#
    )
    try client.call("view/addSubview", #"{"superview":"p","view":"c"}"#)
    try client.call("view/addSubview", #"{"superview":"w","view":"p"}"#)
    try client.call(
      "layout/addConstraints",
      #"{"constraints":[{"item":"p","attribute":"width","toItem":"c","constant":10},{"item":"p","attribute":"height","constant":10}]}"#
    )
    try client.call("events/subscribe", #"{"kinds":["all"]}"#)
    try client.expectRefused("view/get", #"{"view":"nope"}"#, error: Self.nope)
    let first = try client.call("view/get", #"{"view":"p"}"#)
    let second = try client.call("view/get", #"{"view":"p"}"#)
    #expect(first.events == [] && second.events == [])
    #expect(first.reply.map { json($0)["result"]?["frame"] } == ["x": 0, "y": 0, "width": 180, "height": 10])
    #expect(second.reply.map { json($0)["result"] } == first.reply.map { json($0)["result"] })
    try client.finish()
  }

  /// `scene/load` with an unnamed controller before one named `vc1` answered -32603 and kept the first one; now both
  /// are built, the unnamed one (built first) as vc2.
  @Test func aSceneWithAnUnnamedControllerBeforeVC1() throws {
    let client = try Client()
    let loaded = try client.call("scene/load", #"{"scene":{"controllers":[{},{"id":"vc1"}]}}"#)
    #expect(loaded.reply == #"{"id":1,"jsonrpc":"2.0","result":{"ids":{"vc1":"vc1"}}}"#)
    let snapshot = try client.snapshot().map {
      json(String($0.dropLast()))["controllers"]?.arrayValue?.map { $0["id"] }
    }
    #expect(snapshot == ["vc2", "vc1"])  // in creation order
    try client.finish()
  }

  /// An unnamed constraint before `{"id":"c1"}` answered ["c1","c1"]; a duplicate name is refused whole.
  @Test func constraintIDsOfOneCall() throws {
    let client = try Client()
    try client.call("window/create", #"{"id":"w"}"#)
    let added = try client.call(
      "layout/addConstraints",
      #"{"constraints":[{"item":"w","attribute":"width","constant":5},{"id":"c1","item":"w","attribute":"height","constant":5}]}"#
    )
    #expect(added.reply == #"{"id":2,"jsonrpc":"2.0","result":{"ids":["c2","c1"]}}"#)
    try client.expectRefused(
      "layout/addConstraints",
      #"{"constraints":[{"id":"k","item":"w","attribute":"width"},{"id":"k","item":"w","attribute":"height"}]}"#,
      error:
        #"{"code":-32602,"data":{"expected":"an id not in use","path":"params.constraints[1].id"},"#
        + #""message":"Invalid params: id k is already in use"}"#)
    try client.finish()
  }

  /// A scene whose table passes the coordinate bound: refused whole with -32602 (it was -32603 "failed after
  /// validation", leaving the window and the table controller built), and the daemon goes on answering.
  @Test func aSceneWithATablePastTheBoundBuildsNothing() throws {
    let client = try Client()
    try client.expectRefused(
      "scene/load",
      #"{"scene":{"windows":[{"name":"w","root":{"kind":"UITableViewController","name":"t","table":{"register":["cell"],"#
        + #""sections":[{"identifier":"cell","rowCount":1000000000,"rowHeight":44}]}}}]}}"#,
      error:
        #"{"code":-32602,"data":{"expected":"a content height (headers, rows and footers) of at most 1000000000","#
        + #""path":"params.scene.windows[0].root.table.sections"},"#
        + #""message":"Invalid params: the sections add up to a content height of 44000000000.0, past 1e9 points"}"#)
    #expect(try client.call("daemon/ping").reply == #"{"id":4,"jsonrpc":"2.0","result":{"pong":true}}"#)
    try client.finish()
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// The LSP lifecycle through the built binary: exit codes over pipes, requests after `shutdown` refused, and every
/// reply written before the process ends; over `serve --listen`, `exit` closes one connection only.
@Suite struct LSPLifecycleBinaryTests {
  /// One LSP-framed message.
  private func framed(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n\(body)" }

  /// The bodies of LSP-framed output, in order.
  private func bodies(_ output: String) -> [String] {
    var bodies: [String] = []
    var rest = Substring(output)
    while let range = rest.range(of: "\r\n\r\n") {
      let header = rest[..<range.lowerBound]
      guard let length = Int(header.dropFirst("Content-Length: ".count)) else { break }
      let body = rest[range.upperBound...].utf8.prefix(length)
      bodies.append(String(decoding: body, as: UTF8.self))
      rest = Substring(String(decoding: rest[range.upperBound...].utf8.dropFirst(length), as: UTF8.self))
    }
    return bodies
  }

  private let refusal =
    #"{"error":{"code":-32600,"message":"Invalid Request: the daemon is shutting down (shutdown was received); only exit is accepted"},"id":5,"jsonrpc":"2.0"}"#

  /// An editor's session: initialize, initialized, a daemon call with its events, shutdown, a refused call, exit:
  /// status 0, and every reply and event on stdout, in order, nothing after `exit` read.
  @Test func anEditorsSessionExitsZero() throws {
    let input = [
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}"#,
      #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"window/create","params":{"id":"w"}}"#,
      #"{"jsonrpc":"2.0","id":3,"method":"controller/create","params":{"id":"vc"}}"#,
      #"{"jsonrpc":"2.0","id":4,"method":"shutdown"}"#,
      #"{"jsonrpc":"2.0","id":5,"method":"window/setRoot","params":{"window":"w","controller":"vc"}}"#,
      #"{"jsonrpc":"2.0","method":"events/subscribe","params":{"kinds":["all"]}}"#,
      #"{"jsonrpc":"2.0","method":"exit"}"#,
      #"{"jsonrpc":"2.0","id":6,"method":"daemon/ping"}"#,
    ].map(framed).joined()
    let output = try DaemonBinary.run([], input: input)
    #expect(output.status == 0)
    let replies = bodies(output.text)
    #expect(replies.count == 5)
    let initialize = json(replies[0])
    #expect(initialize["result"]?["serverInfo"]?["name"] == "containerd")
    #expect(initialize["result"]?["capabilities"]?["experimental"]?["protocolVersion"] == 1)
    #expect(
      Array(replies.dropFirst()) == [
        #"{"id":2,"jsonrpc":"2.0","result":{"id":"w"}}"#,
        #"{"id":3,"jsonrpc":"2.0","result":{"id":"vc","view":"vc.view"}}"#,
        #"{"id":4,"jsonrpc":"2.0","result":null}"#,
        refusal,
      ])
  }

  /// `exit` without `shutdown`: status 1, after the replies before it were written.
  @Test func exitWithoutShutdownExitsOne() throws {
    let input =
      [
        #"{"jsonrpc":"2.0","id":1,"method":"controller/create","params":{"id":"vc"}}"#,
        #"{"jsonrpc":"2.0","method":"exit"}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"daemon/ping"}"#,
      ].joined(separator: "\n") + "\n"
    let output = try DaemonBinary.run([], input: input)
    #expect(output.status == 1)
    #expect(output.lines == [#"{"id":1,"jsonrpc":"2.0","result":{"id":"vc","view":"vc.view"}}"#])
  }

  /// End of input after `shutdown` and without `exit`: status 0, as at any end of input. `--pretty stderr` keeps the
  /// exit status of `exit`.
  @Test func endOfInputAfterShutdownExitsZeroAndPrettyKeepsTheStatus() throws {
    let shutdown = #"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"# + "\n"
    let ended = try DaemonBinary.run([], input: shutdown)
    #expect(ended.status == 0)
    #expect(ended.lines == [#"{"id":1,"jsonrpc":"2.0","result":null}"#])
    let pretty = try DaemonBinary.run(["--pretty", "stderr"], input: #"{"jsonrpc":"2.0","method":"exit"}"# + "\n")
    #expect(pretty.status == 1)
    let last = try DaemonBinary.run([], input: shutdown + #"{"jsonrpc":"2.0","method":"exit"}"#)  // no newline
    #expect(last.status == 0)
  }

  /// Interactively, the process ends at `exit` while its stdin is still open.
  @Test func exitEndsTheProcessWithInputStillOpen() throws {
    let daemon = try InteractiveDaemon()
    try daemon.write(#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"# + "\n")
    #expect(daemon.readLine() == #"{"id":1,"jsonrpc":"2.0","result":null}"#)
    try daemon.write(#"{"jsonrpc":"2.0","method":"exit"}"# + "\n")
    #expect(daemon.waitForExit(timeout: 20) == 0)
  }

  /// `serve --listen`: `exit` closes the connection that sent it; the daemon, its world and its other clients go on.
  @Test func exitOverTheSocketClosesThatConnectionOnly() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("world.sock").path
    let served = try InteractiveDaemon(["serve", "--listen", "unix:\(path)"])
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: path) && Date() < deadline { usleep(10_000) }

    let editor = try SocketClient(path: path)
    let other = try SocketClient(path: path)
    try editor.send(#"{"jsonrpc":"2.0","id":1,"method":"controller/create","params":{"id":"vc"}}"# + "\n")
    #expect(editor.readLine() == #"{"id":1,"jsonrpc":"2.0","result":{"id":"vc","view":"vc.view"}}"#)
    try editor.send(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"# + "\n")
    #expect(editor.readLine() == #"{"id":2,"jsonrpc":"2.0","result":null}"#)
    // The other client is not shut down.
    try other.send(#"{"jsonrpc":"2.0","id":1,"method":"controller/get","params":{"controller":"vc"}}"# + "\n")
    #expect(other.readLine()?.contains(#""id":"vc""#) == true)
    try editor.send(#"{"jsonrpc":"2.0","method":"exit"}"# + "\n")
    #expect(editor.readToEnd(timeout: 10))
    editor.close()
    try other.send(#"{"jsonrpc":"2.0","id":2,"method":"daemon/ping"}"# + "\n")
    #expect(other.readLine() == #"{"id":2,"jsonrpc":"2.0","result":{"pong":true}}"#)
    try other.send(#"{"jsonrpc":"2.0","id":3,"method":"daemon/shutdown"}"# + "\n")
    #expect(other.readLine() == #"{"id":3,"jsonrpc":"2.0","result":{}}"#)
    other.close()
    #expect(try served.close() == 0)
  }

  /// An editor whose server is `connect unix:PATH`: `exit` closes the connection, and `connect` ends with LSP's status
  /// (0 after shutdown, 1 without), with input still open, not the 3 of a broken connection.
  @Test(arguments: [(true, Int32(0)), (false, Int32(1))])
  func connectEndsWithLSPsStatus(_ shutDown: Bool, _ status: Int32) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("world.sock").path
    let served = try InteractiveDaemon(["serve", "--listen", "unix:\(path)"])
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: path) && Date() < deadline { usleep(10_000) }

    let editor = try InteractiveDaemon(["connect", "unix:\(path)"])
    try editor.write(framed(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#))
    if shutDown { try editor.write(framed(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)) }
    try editor.write(framed(#"{"jsonrpc":"2.0","method":"exit"}"#))
    let replies = bodies(String(decoding: editor.readToEnd(), as: UTF8.self))
    #expect(replies.count == (shutDown ? 2 : 1))
    #expect(editor.waitForExit(timeout: 20) == status)
    let other = try SocketClient(path: path)
    try other.send(#"{"jsonrpc":"2.0","id":3,"method":"daemon/shutdown"}"# + "\n")
    #expect(other.readLine() == #"{"id":3,"jsonrpc":"2.0","result":{}}"#)
    other.close()
    #expect(try served.close() == 0)
  }
}

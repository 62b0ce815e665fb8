import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// `containerd record` through the built binary: it never loses a session (signals, framing), and refuses an output
/// path it could not write before it reads anything (Documentation/Scenarios.md, "Recording").
@Suite struct RecordTests {
  /// The README's embed example: a window, a visible parent, a child embedded in it.
  static let requests = [
    #"{"jsonrpc":"2.0","id":1,"method":"window/create","params":{"id":"win"}}"#,
    #"{"jsonrpc":"2.0","id":2,"method":"controller/create","params":{"id":"parent"}}"#,
    #"{"jsonrpc":"2.0","id":3,"method":"window/setRoot","params":{"window":"win","controller":"parent"}}"#,
    #"{"jsonrpc":"2.0","id":4,"method":"controller/create","params":{"id":"child"}}"#,
    #"{"jsonrpc":"2.0","id":5,"method":"containment/embed","params":{"parent":"parent","child":"child"}}"#,
  ]

  /// The scenario `record` writes for `requests` (named "embed"), whatever the framing.
  static let embedScenario = """
    {"name":"embed",
      "steps": [
        {"call":"window/create","params":{"id":"win"},"result":{"id":"win"}},
        {"call":"controller/create","params":{"id":"parent"},"result":{"id":"parent","view":"parent.view"}},
        {"call":"window/setRoot","lifecycle":["parent.loadView R1","parent.viewDidLoad R1","parent.viewWillAppear R6","parent.viewIsAppearing R69","parent.viewDidAppear R7"],"params":{"controller":"parent","window":"win"},"result":{}},
        {"call":"controller/create","params":{"id":"child"},"result":{"id":"child","view":"child.view"}},
        {"call":"containment/embed","lifecycle":["child.willMove(parent) R4","child.loadView R1","child.viewDidLoad R1","child.viewWillAppear R6","child.didMove(parent) R4","child.viewIsAppearing R69","child.viewDidAppear R7","child.didMove(parent) R8"],"params":{"child":"child","parent":"parent"},"result":{}}
      ]
    }

    """

  static func frame(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n" + body }

  /// The bodies of `text` read as LSP frames only (`Content-Length: N`, a blank line, N bytes), or nil if it is not.
  static func frames(_ text: String) -> [String]? {
    var rest = Substring(text).utf8[...]
    var bodies: [String] = []
    let prefix = Array("Content-Length: ".utf8)
    while !rest.isEmpty {
      guard rest.starts(with: prefix), let end = rest.firstIndex(of: UInt8(ascii: "\r")),
        let length = Int(
          String(decoding: rest[rest.index(rest.startIndex, offsetBy: prefix.count)..<end], as: UTF8.self))
      else { return nil }
      let separator = Array("\r\n\r\n".utf8)
      guard rest[end...].starts(with: separator) else { return nil }
      let start = rest.index(end, offsetBy: separator.count)
      guard rest.distance(from: start, to: rest.endIndex) >= length else { return nil }
      let stop = rest.index(start, offsetBy: length)
      bodies.append(String(decoding: rest[start..<stop], as: UTF8.self))
      rest = rest[stop...]
    }
    return bodies
  }

  private func temporaryDirectory() throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.path
  }

  /// SIGINT or SIGTERM with stdin still open: the turn in progress is answered, the scenario written, the exit status
  /// 0, and `check` passes the scenario.
  @Test(arguments: [SIGINT, SIGTERM])
  func aSignalWritesTheScenario(_ number: Int32) throws {
    let path = try temporaryDirectory() + "/session.json"
    let daemon = try InteractiveDaemon(["record", "--name", "embed", "-o", path])
    try daemon.write(Self.requests.joined(separator: "\n") + "\n")
    var lines: [String] = []
    while let line = daemon.readLine(), !line.hasPrefix(#"{"id":5,"#) { lines.append(line) }
    #expect(lines.count == 4 + 13, "\(lines)")  // four replies before the last, thirteen lifecycle events
    #expect(!FileManager.default.fileExists(atPath: path))  // written when the session ends, not before
    let (status, reason) = daemon.signalAndWait(number)
    #expect(reason == .exit)
    #expect(status == 0)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.embedScenario)
    let checked = try DaemonBinary.run(["check", path], input: "")
    #expect(checked.status == 0)
    #expect(checked.lines == ["PASS \(path): embed (5 steps)", "1 passed, 0 failed"])
  }

  /// A signal before any request: an empty scenario (no steps), still written, still exit status 0.
  @Test func aSignalBeforeAnyRequestWritesAnEmptyScenario() throws {
    let path = try temporaryDirectory() + "/empty.json"
    let daemon = try InteractiveDaemon(["record", "-o", path])
    try daemon.write(#"{"jsonrpc":"2.0","method":"daemon/ping"}"# + "\n")  // a notification: served, not a step
    try daemon.write(#"{"jsonrpc":"2.0","id":1,"method":"daemon/ping"}"# + "\n")
    #expect(daemon.readLine() == #"{"id":1,"jsonrpc":"2.0","result":{"pong":true}}"#)
    let (status, _) = daemon.signalAndWait(SIGINT)
    #expect(status == 0)
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == "{\"name\":\"recorded session\",\n  \"steps\": [\n    {\"call\":\"daemon/ping\",\"result\":{\"pong\":true}}\n  ]\n}\n"
    )
  }

  /// Where the scenario cannot go, `record` says so and exits 2 before it reads or answers anything (and leaves a
  /// read-only file as it was).
  @Test(arguments: ["missing-directory/session.json", "", "read-only.json", "missing-directory/"])
  func anUnwritableOutputIsRefusedAtStart(_ name: String) throws {
    let directory = try temporaryDirectory()
    let readOnly = directory + "/read-only.json"
    try "keep me\n".write(toFile: readOnly, atomically: true, encoding: .utf8)
    chmod(readOnly, 0o444)
    let path = directory + "/" + name  // "" names the directory itself
    let output = try DaemonBinary.run(["record", "-o", path], input: Self.requests.joined(separator: "\n") + "\n")
    #expect(output.status == 2)
    #expect(output.stdout.isEmpty)
    let reason =
      switch name {
      case "": "it is a directory (give a file path)"
      case "read-only.json": "the file is read-only"
      case "missing-directory/": "no such directory"
      default: "the directory \(directory)/missing-directory does not exist"
      }
    #expect(output.errorText == "containerd record: cannot write the scenario to \(path): \(reason)\n")
    #expect(try String(contentsOfFile: readOnly, encoding: .utf8) == "keep me\n")
  }

  /// An existing writable file is replaced whole; a new file in the current directory (a bare name) works.
  @Test func aWritableFileIsReplaced() throws {
    let directory = try temporaryDirectory()
    let path = directory + "/old.json"
    try "old\n".write(toFile: path, atomically: true, encoding: .utf8)
    let output = try DaemonBinary.run(
      ["record", "--name", "embed", "-o", path], input: Self.requests.joined(separator: "\n") + "\n")
    #expect(output.status == 0)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.embedScenario)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["old.json"])  // no temporary left
  }

  /// LSP-framed input (an editor's session, with its handshake and its end) is answered in that framing and recorded
  /// as the same scenario as the lines session; the handshake is not a step; `exit` ends the session with LSP's
  /// status (0 after `shutdown`, 1 without), the scenario written either way.
  @Test func lspFramedInputIsRecorded() throws {
    let directory = try temporaryDirectory()
    let initialize = #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#
    let initialized = #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#
    let shutdown = #"{"jsonrpc":"2.0","id":6,"method":"shutdown"}"#
    let exit = #"{"jsonrpc":"2.0","method":"exit"}"#
    let later = #"{"jsonrpc":"2.0","id":7,"method":"daemon/ping"}"#
    let framed = ([initialize, initialized] + Self.requests + [shutdown, exit, later]).map(Self.frame).joined()
    let output = try DaemonBinary.run(["record", "--name", "embed", "-o", directory + "/lsp.json"], input: framed)
    #expect(output.status == 0)
    let bodies = try #require(Self.frames(output.text), "not all LSP frames: \(output.text)")
    // The handshake's reply, five replies, thirteen lifecycle events, shutdown's reply; nothing after exit.
    #expect(bodies.count == 1 + 5 + 13 + 1)
    #expect(bodies.last == #"{"id":6,"jsonrpc":"2.0","result":null}"#)
    #expect(bodies.contains(#"{"id":5,"jsonrpc":"2.0","result":{}}"#))
    #expect(try String(contentsOfFile: directory + "/lsp.json", encoding: .utf8) == Self.embedScenario)

    let abrupt = ([initialize] + Self.requests + [exit]).map(Self.frame).joined()
    let ended = try DaemonBinary.run(["record", "--name", "embed", "-o", directory + "/abrupt.json"], input: abrupt)
    #expect(ended.status == 1)  // exit without shutdown
    #expect(try String(contentsOfFile: directory + "/abrupt.json", encoding: .utf8) == Self.embedScenario)

    // Mixed: each message answered in its own framing, the scenario the same.
    let mixed =
      Self.requests.enumerated().map { index, request in index.isMultiple(of: 2) ? Self.frame(request) : request + "\n"
      }
      .joined()
    let both = try DaemonBinary.run(["record", "--name", "embed", "-o", directory + "/mixed.json"], input: mixed)
    #expect(both.status == 0)
    #expect(both.text.hasPrefix(Self.frame(#"{"id":1,"jsonrpc":"2.0","result":{"id":"win"}}"#)))
    #expect(both.text.contains(#"{"id":4,"jsonrpc":"2.0","result":{"id":"child","view":"child.view"}}"# + "\n"))
    #expect(both.text.hasSuffix(Self.frame(#"{"id":5,"jsonrpc":"2.0","result":{}}"#)))
    #expect(try String(contentsOfFile: directory + "/mixed.json", encoding: .utf8) == Self.embedScenario)
  }

  /// A pretty-printed request (a text over several lines) is recorded as one step, as the daemon serves it.
  @Test func prettyPrintedInputIsRecorded() throws {
    let directory = try temporaryDirectory()
    let pretty =
      Self.requests.map { request in
        request.replacingOccurrences(of: ",", with: ",\n  ")
      }.joined(separator: "\n") + "\n"
    let output = try DaemonBinary.run(["record", "--name", "embed", "-o", directory + "/pretty.json"], input: pretty)
    #expect(output.status == 0)
    #expect(output.lines.last == #"{"id":5,"jsonrpc":"2.0","result":{}}"#)
    #expect(try String(contentsOfFile: directory + "/pretty.json", encoding: .utf8) == Self.embedScenario)
  }

  /// `daemon/shutdown` ends the session like end of input: replies flushed, scenario written, exit 0.
  @Test func shutdownWritesTheScenario() throws {
    let path = try temporaryDirectory() + "/shutdown.json"
    let input =
      (Self.requests + [
        #"{"jsonrpc":"2.0","id":6,"method":"daemon/shutdown"}"#, #"{"jsonrpc":"2.0","id":7,"method":"daemon/ping"}"#,
      ]).joined(separator: "\n") + "\n"
    let daemon = try InteractiveDaemon(["record", "--name", "embed", "-o", path])
    let (stdout, status) = try daemon.finish(Array(input.utf8))
    #expect(status == 0)
    #expect(String(decoding: stdout, as: UTF8.self).hasSuffix(#"{"id":6,"jsonrpc":"2.0","result":{}}"# + "\n"))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains(#"{"call":"daemon/shutdown","result":{}}"#))
    #expect(!text.contains(#""call":"daemon/ping""#))  // after the shutdown: not read
  }
}

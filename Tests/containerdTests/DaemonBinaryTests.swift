import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// The built `containerd` binary as a user runs it: flags, exit codes, stdout hygiene, limits, interactivity.
@Suite struct DaemonBinaryTests {
  private let ping = #"{"jsonrpc":"2.0","id":"after","method":"daemon/ping"}"# + "\n"
  private let pong = #"{"id":"after","jsonrpc":"2.0","result":{"pong":true}}"#

  // MARK: - Command line

  @Test func helpDescribesTheFlags() throws {
    let output = try DaemonBinary.run(["serve", "--help"], input: "")
    #expect(output.status == 0)
    for flag in ["--events", "--log-level", "--max-message-size", "--max-depth", "--max-objects", "--max-tree-depth"] {
      #expect(output.text.contains(flag), "help lacks \(flag)")
    }
    let root = try DaemonBinary.run(["--help"], input: "")
    #expect(root.status == 0)
    for word in ["serve (default)", "check", "record", "--version"] {
      #expect(root.text.contains(word), "help lacks \(word)")
    }
  }

  /// `--pretty stdout`: aligned text instead of protocol; `--pretty stderr`: the same text on stderr, the protocol
  /// unchanged on stdout.
  @Test func prettyOutput() throws {
    let input =
      [
        #"{"jsonrpc":"2.0","id":1,"method":"window/create","params":{"id":"win"}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"controller/create","params":{"id":"vc"}}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"window/setRoot","params":{"window":"win","controller":"vc"}}"#,
        #"{"jsonrpc":"2.0","id":4,"method":"controller/get","params":{"controller":"nope"}}"#,
      ].joined(separator: "\n") + "\n"
    let expected = [
      "←    1              {\"id\":\"win\"}", "←    2              {\"id\":\"vc\",\"view\":\"vc.view\"}",
      "     1         0ms  vc.loadView R1", "     2         0ms  vc.viewDidLoad R1",
      "     3         0ms  vc.viewWillAppear R6",
      "     4         0ms  vc.viewIsAppearing R69", "     5         0ms  vc.viewDidAppear R7", "←    3              {}",
      "←    4              error -32000 Unknown object: nope {\"id\":\"nope\"}",
    ]
    let text = try DaemonBinary.run(["--pretty", "stdout"], input: input)
    #expect(text.status == 0)
    #expect(text.lines == expected)
    let both = try DaemonBinary.run(["--pretty", "stderr"], input: input)
    let plain = try DaemonBinary.run([], input: input)
    #expect(both.lines == plain.lines)
    #expect(both.errorText.split(separator: "\n").map(String.init) == expected)
  }

  /// A batch's replies are encoded one by one, each real with the precision it needs (0.1 stays 0.1 next to
  /// 0.30000000000000004 in another reply), and `--pretty stderr` leaves those bytes as they are.
  @Test func batchRepliesKeepTheirOwnPrecisionWithOrWithoutPretty() throws {
    let input =
      [
        #"{"jsonrpc":"2.0","id":1,"method":"view/create","params":{"id":"a","frame":{"x":0.1,"y":0,"width":1,"height":1}}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"view/create","params":{"id":"b","frame":{"x":0.30000000000000004,"y":0,"width":1,"height":1}}}"#,
        #"[{"jsonrpc":"2.0","id":3,"method":"view/get","params":{"view":"a"}},{"jsonrpc":"2.0","id":4,"method":"view/get","params":{"view":"b"}}]"#,
      ].joined(separator: "\n") + "\n"
    let plain = try DaemonBinary.run([], input: input)
    let pretty = try DaemonBinary.run(["--pretty", "stderr"], input: input)
    #expect(plain.lines == pretty.lines)
    let batch = try #require(plain.lines.last)
    #expect(batch.contains(#""x":0.1,"#))
    #expect(batch.contains(#""x":0.30000000000000004,"#))
  }

  /// SIGTERM and SIGINT: the daemon answers what it read, then exits 0 (not killed by the signal), stdin still open.
  @Test(arguments: [SIGTERM, SIGINT])
  func terminationSignalsExitCleanly(_ number: Int32) throws {
    let daemon = try InteractiveDaemon()
    try daemon.write(#"{"jsonrpc":"2.0","id":1,"method":"daemon/ping"}"# + "\n")
    #expect(daemon.readLine() == #"{"id":1,"jsonrpc":"2.0","result":{"pong":true}}"#)
    let (status, reason) = daemon.signalAndWait(number)
    #expect(reason == .exit)
    #expect(status == 0)
  }

  /// `--version` names the program, its version and the protocol version (what daemon/info reports), so a script can
  /// tell this daemon from another program named containerd.
  @Test func versionPrintsTheVersion() throws {
    let output = try DaemonBinary.run(["--version"], input: "")
    #expect(output.status == 0)
    #expect(output.text == "containerd \(DaemonVersion.current) (protocol \(DaemonVersion.protocolVersion))\n")
    let info = try DaemonBinary.run([], input: #"{"jsonrpc":"2.0","id":1,"method":"daemon/info"}"# + "\n")
    let result = json(info.lines.first ?? "null")["result"]
    #expect(
      output.text == "\(result?["name"]?.stringValue ?? "?") \(result?["version"]?.stringValue ?? "?") "
        + "(protocol \(result?["protocolVersion"]?.intValue ?? 0))\n")
  }

  @Test(arguments: [
    ["--max-depth", "0"], ["--max-depth", "5000"], ["--events", "sideways"], ["--log-level", "loud"],
    ["--max-message-size", "12Q"], ["--max-batch-output", "10"], ["--max-tree-depth", "0"],
    ["--max-tree-depth", "2049"], ["--bogus"],
  ])
  func badFlagsAreUsageErrors(_ arguments: [String]) throws {
    let output = try DaemonBinary.run(arguments, input: ping)
    #expect(output.status == 64)
    #expect(output.stdout.isEmpty)
    #expect(!output.errorText.isEmpty)
  }

  @Test func flagsReachDaemonInfo() throws {
    let output = try DaemonBinary.run(
      [
        "--max-message-size", "2M", "--max-depth", "100", "--max-objects", "5000", "--max-batch-output", "1M",
        "--max-tree-depth", "40", "--events", "offset,scroll", "--max-animation-frames", "300", "--max-turn-events",
        "7000", "--max-constraints", "50", "--max-constraints-per-view", "5", "--max-client-backlog", "64K",
      ],
      input: #"{"jsonrpc":"2.0","id":1,"method":"daemon/info"}"# + "\n"
    )
    let info = json(output.lines.first ?? "null")["result"]
    #expect(
      info?["limits"] == [
        "maxMessageSize": 2_097_152, "maxDepth": 100, "maxObjects": 5000, "maxBatchOutput": 1_048_576,
        "maxTreeDepth": 40, "maxAnimationFrames": 300, "maxTurnEvents": 7000, "maxConstraints": 50,
        "maxConstraintsPerView": 5, "maxClientBacklog": 65536,
      ])
    #expect(info?["events"] == ["delegate", "lifecycle", "offset", "scroll", "warning"])
  }

  /// The README's first shell example, byte for byte.
  @Test func readmeExample() throws {
    let output = try DaemonBinary.run(
      input: [
        #"{"jsonrpc":"2.0","id":1,"method":"daemon/ping"}"#, #"{"jsonrpc":"2.0","id":2,"method":"daemon/info"}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"window/create","params":{"width":"wide"}}"#, "not json",
      ].joined(separator: "\n") + "\n")
    let readme = try String(
      contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md").path, encoding: .utf8)
    for line in output.lines {
      #expect(readme.contains(line), "README lacks \(line)")
    }
    #expect(output.lines.count == 4)
  }

  // MARK: - Lifecycle and stdout

  @Test func endOfInputExitsZeroAfterAnsweringEverything() throws {
    let input = String(repeating: ping, count: 1000)
    let output = try DaemonBinary.run(input: input)
    #expect(output.status == 0)
    #expect(output.lines == Array(repeating: pong, count: 1000))
  }

  @Test func shutdownExitsZeroAndIgnoresLaterInput() throws {
    let output = try DaemonBinary.run(input: #"{"jsonrpc":"2.0","id":1,"method":"daemon/shutdown"}"# + "\n" + ping)
    #expect(output.status == 0)
    #expect(output.lines == [#"{"id":1,"jsonrpc":"2.0","result":{}}"#])
  }

  @Test func logsGoToStderrAndStdoutCarriesProtocolOnly() throws {
    let output = try DaemonBinary.run(["--log-level", "trace"], input: ping + "nonsense\n" + ping)
    #expect(output.status == 0)
    #expect(output.errorText.contains("serving on stdio"))
    #expect(output.lines.count == 3)
    for line in output.lines {
      #expect(json(line)["jsonrpc"] == "2.0")
    }
  }

  @Test func emptyInputExitsZeroSilently() throws {
    let output = try DaemonBinary.run(input: "")
    #expect(output.status == 0)
    #expect(output.stdout.isEmpty)
  }

  @Test func interactiveRequestsAreAnsweredAtOnce() throws {
    let daemon = try InteractiveDaemon()
    for index in 1...3 {
      try daemon.write(#"{"jsonrpc":"2.0","id":\#(index),"method":"daemon/ping"}"# + "\n")
      #expect(daemon.readLine() == #"{"id":\#(index),"jsonrpc":"2.0","result":{"pong":true}}"#)
    }
    try daemon.write("{\"jsonrpc\":\"2.0\",\n\"id\":9,\n")
    try daemon.write("\"method\":\"daemon/ping\"}\n")
    #expect(daemon.readLine() == #"{"id":9,"jsonrpc":"2.0","result":{"pong":true}}"#)
    #expect(try daemon.close() == 0)
  }

  @Test func headerFramingOverPipes() throws {
    let body = #"{"jsonrpc":"2.0","id":1,"method":"daemon/ping"}"#
    let output = try DaemonBinary.run(
      input:
        "Content-Length: \(body.utf8.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf8\r\n\r\n\(body)")
    #expect(output.text == "Content-Length: 47\r\n\r\n" + #"{"id":1,"jsonrpc":"2.0","result":{"pong":true}}"#)
  }

  // MARK: - Malformed input

  @Test func hundredMebibyteLineIsRejectedAndServingGoesOn() throws {
    var input = Array(#"{"jsonrpc":"2.0","id":1,"method":"daemon/ping","params":{"pad":""#.utf8)
    input += [UInt8](repeating: UInt8(ascii: "a"), count: 100 << 20)
    input += Array("\"}}\n".utf8) + Array(ping.utf8)
    let output = try DaemonBinary.run(input: input)
    #expect(output.status == 0)
    #expect(output.lines.count == 2)
    let error = json(output.lines.first ?? "null")
    #expect(error["id"] == .null)
    #expect(error["error"]?["code"] == -32700)
    #expect(error["error"]?["data"]?["limit"] == "maxMessageSize")
    #expect(error["error"]?["data"]?["size"] == .int(Int64(input.count - ping.utf8.count - 1)))  // without its newline
    #expect(output.lines.last == pong)
  }

  @Test func hundredThousandDeepArrayIsRejectedAndServingGoesOn() throws {
    let input = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n" + ping
    let output = try DaemonBinary.run(input: input)
    #expect(output.status == 0)
    #expect(output.lines.count == 2)
    #expect(json(output.lines.first ?? "null")["error"]?["code"] == -32700)
    #expect(output.lines.first?.contains("nesting too deep") == true)
    #expect(output.lines.last == pong)
  }

  @Test func invalidUTF8IsRejectedAndServingGoesOn() throws {
    let input =
      Array(#"{"jsonrpc":"2.0","id":1,"method":"daemon/p"#.utf8) + [0xC3, 0x28] + Array("ing\"}\n".utf8)
      + Array(ping.utf8)
    let output = try DaemonBinary.run(input: input)
    #expect(output.lines.count == 2)
    #expect(json(output.lines.first ?? "null")["error"]?["code"] == -32700)
    #expect(output.lines.first?.contains("invalid UTF-8") == true)
    #expect(output.lines.last == pong)
  }

  @Test(arguments: [
    "\u{0}\u{1}\u{2}\n", "}\n", "]]]\n", "{\"jsonrpc\":\"2.0\",\"id\":1e400,\"method\":\"daemon/ping\"}\n",
    "{\"jsonrpc\":\"2.0\",\"id\":99999999999999999999,\"method\":\"daemon/ping\"}\n",
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"method\":\"daemon/ping\"}\n", "{\"a\":\"\u{0}\"}\n",
  ])
  func garbageGetsAParseErrorAndServingGoesOn(_ garbage: String) throws {
    let output = try DaemonBinary.run(input: garbage + ping)
    #expect(output.status == 0)
    #expect(output.lines.count == 2)
    #expect(json(output.lines.first ?? "null")["error"]?["code"] == -32700)
    #expect(output.lines.last == pong)
  }

  @Test func truncatedMessageAtEndOfInputIsReported() throws {
    let output = try DaemonBinary.run(input: ping + #"{"jsonrpc":"2.0","id":2,"#)
    #expect(output.status == 0)
    #expect(output.lines.first == pong)
    #expect(json(output.lines.last ?? "null")["error"]?["code"] == -32700)
  }

  @Test func smallSizeLimitFromTheCommandLine() throws {
    let output = try DaemonBinary.run(
      ["--max-message-size", "64"],
      input: #"{"jsonrpc":"2.0","id":1,"method":"daemon/ping","params":{"padding":"xxxxxxxxxxxxxxxxxxx"}}"# + "\n"
        + ping)
    #expect(output.lines.count == 2)
    #expect(json(output.lines.first ?? "null")["error"]?["data"]?["value"] == 64)
    #expect(output.lines.last == pong)
  }
}

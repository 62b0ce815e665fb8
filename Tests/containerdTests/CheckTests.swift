import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// `containerd check` and `containerd record` through the built binary (Documentation/Scenarios.md).
@Suite struct CheckTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  private func temporary(_ name: String, _ text: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// Every shipped example (one per seed article, and a table fling) passes: CI runs them all here.
  @Test func theExamplesPass() throws {
    let examples = try FileManager.default.contentsOfDirectory(
      atPath: Self.root.appendingPathComponent("examples").path
    )
    .filter { $0.hasSuffix(".json") }.sorted().map { Self.root.appendingPathComponent("examples/\($0)").path }
    #expect(examples.count >= 7)
    let output = try DaemonBinary.run(["check"] + examples, input: "")
    #expect(output.status == 0, "\(output.text)")
    #expect(output.lines.last == "\(examples.count) passed, 0 failed")
    #expect(output.lines.filter { $0.hasPrefix("PASS ") }.count == examples.count)
  }

  /// A failing expectation is named with its step and what differed; the exit status is 1; the JUnit report has the
  /// failure.
  @Test func failuresAreReported() throws {
    let file = try temporary(
      "fail.json",
      #"""
      {"name": "wrong expectations", "steps": [
        {"call": "window/create", "params": {"id": "w"}, "result": {"id": "x"}},
        {"call": "controller/create", "params": {"id": "vc"}},
        {"call": "window/setRoot", "params": {"window": "w", "controller": "vc"},
         "lifecycle": ["vc.viewWillAppear R6"]},
        {"call": "daemon/ping", "error": {"code": -32601}},
        {"call": "clock/advance", "params": {"ms": 10}, "result": {"now": 10.4}, "tolerance": 0.5}
      ]}
      """#)
    let report = file + ".xml"
    let output = try DaemonBinary.run(["check", "--junit", report, file], input: "")
    #expect(output.status == 1)
    #expect(
      output.lines == [
        "FAIL \(file): wrong expectations", #"  step 1 (window/create): result.id: expected "x", got "w""#,
        #"  step 3 (window/setRoot): lifecycle: expected ["vc.viewWillAppear R6"], got ["vc.loadView R1", "vc.viewDidLoad R1", "vc.viewWillAppear R6", "vc.viewIsAppearing R69", "vc.viewDidAppear R7"]"#,
        #"  step 4 (daemon/ping): expected an error, got result {"pong":true}"#, "0 passed, 1 failed",
      ])
    let xml = try String(contentsOfFile: report, encoding: .utf8)
    #expect(xml.contains(#"<testsuites name="containerd check" tests="1" failures="1">"#))
    #expect(
      xml.contains(#"<failure message="step 1 (window/create): result.id: expected &quot;x&quot;, got &quot;w&quot;">"#)
    )
  }

  /// A passing scenario, for the exit-status and configuration tests.
  static let passing = #"{"name": "ping", "steps": [{"call": "daemon/ping", "result": {"pong": true}}]}"#
  /// A failing one.
  static let failing = #"{"name": "no pong", "steps": [{"call": "daemon/ping", "result": {"pong": false}}]}"#

  /// Exit status 0 when all passed, 1 when one failed.
  @Test func exitStatusZeroOrOne() throws {
    let good = try temporary("good.json", Self.passing)
    let bad = try temporary("bad.json", Self.failing)
    let passed = try DaemonBinary.run(["check", good], input: "")
    #expect(passed.status == 0)
    #expect(passed.lines == ["PASS \(good): ping (1 steps)", "1 passed, 0 failed"])
    let failed = try DaemonBinary.run(["check", good, bad], input: "")
    #expect(failed.status == 1)
    #expect(
      failed.lines == [
        "PASS \(good): ping (1 steps)", "FAIL \(bad): no pong",
        "  step 1 (daemon/ping): result.pong: expected false, got true", "1 passed, 1 failed",
      ])
    #expect(failed.errorText.isEmpty)
  }

  /// Each configuration error is exit status 2 (never 1, which means a scenario failed), with its message on stderr,
  /// found before anything runs: stdout stays empty even next to a failing file.
  @Test(arguments: [
    "missing", "not UTF-8", "not JSON", "not a scenario", "empty directory", "junit in a missing directory",
    "junit is a directory", "junit is read-only",
  ])
  func configurationErrorsExitTwo(_ problem: String) throws {
    let failing = try temporary("failing.json", Self.failing)
    let directory = URL(fileURLWithPath: failing).deletingLastPathComponent().path
    var arguments = ["check", failing]
    let expected: String
    switch problem {
    case "missing":
      arguments.append(directory + "/missing.json")
      expected = "cannot read \(directory)/missing.json: No such file or directory"
    case "not UTF-8":
      let path = directory + "/latin1.json"
      try Data([0x7B, 0x22, 0xE9, 0x22, 0x7D]).write(to: URL(fileURLWithPath: path))
      arguments.append(path)
      expected = "cannot read \(path): it is not UTF-8 text"
    case "not JSON":
      let path = try temporary("session.jsonl", #"{"jsonrpc":"2.0","id":1,"method":"daemon/ping"}"# + "\n{}\n")
      arguments.append(path)
      expected = "\(path): $: not JSON at byte"
    case "not a scenario":
      let path = try temporary("bad.json", #"{"steps": [{"call": "daemon/ping", "expect": {}}]}"#)
      arguments.append(path)
      expected = "\(path): $.steps[0].expect: unknown member"
    case "empty directory":
      let empty = directory + "/empty"
      try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
      try "not a scenario".write(toFile: empty + "/notes.txt", atomically: true, encoding: .utf8)
      arguments.append(empty)
      expected = "the directory \(empty) holds no *.json scenario files"
    case "junit in a missing directory":
      arguments += ["--junit", directory + "/reports/junit.xml"]
      expected =
        "cannot write the JUnit report to \(directory)/reports/junit.xml: the directory \(directory)/reports does not exist"
    case "junit is a directory":
      arguments += ["--junit", directory]
      expected = "cannot write the JUnit report to \(directory): it is a directory (give a file path)"
    default:
      let report = try temporary("report.xml", "old report\n")
      chmod(report, 0o444)
      arguments += ["--junit", report]
      expected = "cannot write the JUnit report to \(report): the file is read-only"
    }
    let output = try DaemonBinary.run(arguments, input: "")
    #expect(output.status == 2)
    #expect(output.stdout.isEmpty, "\(output.text)")
    let lines = output.errorText.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(lines)")
    #expect(lines.first?.hasPrefix("containerd check: " + expected) == true, "\(lines)")
    #expect(lines.last == "containerd check: nothing was run (exit status 2: a configuration error)")
  }

  /// Every configuration error is reported, not just the first.
  @Test func everyConfigurationErrorIsReported() throws {
    let output = try DaemonBinary.run(["check", "/nonexistent/a.json", "/nonexistent/b.json"], input: "")
    #expect(output.status == 2)
    #expect(
      output.errorText == """
        containerd check: cannot read /nonexistent/a.json: No such file or directory
        containerd check: cannot read /nonexistent/b.json: No such file or directory
        containerd check: nothing was run (exit status 2: a configuration error)

        """)
  }

  /// A report that stdout cannot take (a full disk: /dev/full) ends the check with its reason and exit 3, as `serve`
  /// and `trace` do, instead of a crash.
  @Test func aStdoutThatCannotBeWrittenIsExitThree() throws {
    let run = try DaemonBinary.runToAFullDisk([
      "check", Self.root.appendingPathComponent("examples/seed001-container.json").path,
    ])
    #expect(run.exited)
    #expect(run.status == 3)
    #expect(run.errorText == "containerd check: cannot write the report to stdout: No space left on device\n")
  }

  /// `check DIR` runs the `*.json` files directly inside, sorted by name: not those in subdirectories, not hidden
  /// ones, not other files.
  @Test func aDirectoryRunsItsScenarioFiles() throws {
    let first = try temporary("b.json", Self.passing)
    let directory = URL(fileURLWithPath: first).deletingLastPathComponent().path
    try Self.failing.write(toFile: directory + "/a.json", atomically: true, encoding: .utf8)
    try Self.failing.write(toFile: directory + "/.hidden.json", atomically: true, encoding: .utf8)
    try "not a scenario".write(toFile: directory + "/notes.txt", atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: true)
    try Self.failing.write(toFile: directory + "/sub/c.json", atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: directory + "/d.json", withIntermediateDirectories: true)
    let output = try DaemonBinary.run(["check", "--quiet", directory], input: "")
    #expect(output.status == 1)
    #expect(
      output.lines == [
        "FAIL \(directory)/a.json: no pong", "  step 1 (daemon/ping): result.pong: expected false, got true",
        "1 passed, 1 failed",
      ])
    let slash = try DaemonBinary.run(["check", directory + "/"], input: "")
    #expect(slash.lines.first == "FAIL \(directory)/a.json: no pong")
    #expect(slash.lines.dropLast().last == "PASS \(directory)/b.json: ping (1 steps)")

    let examples = try DaemonBinary.run(["check", Self.root.appendingPathComponent("examples").path], input: "")
    #expect(examples.status == 0)
    #expect(examples.lines.count >= 8)
  }

  /// `check -` reads one scenario document from stdin; it can stand among files.
  @Test func dashReadsStandardInput() throws {
    let output = try DaemonBinary.run(["check", "-"], input: Self.passing)
    #expect(output.status == 0)
    #expect(output.lines == ["PASS (stdin): ping (1 steps)", "1 passed, 0 failed"])
    let file = try temporary("good.json", Self.passing)
    let mixed = try DaemonBinary.run(["check", file, "-"], input: Self.failing)
    #expect(mixed.status == 1)
    #expect(mixed.lines.prefix(2) == ["PASS \(file): ping (1 steps)", "FAIL (stdin): no pong"])
    let bad = try DaemonBinary.run(["check", "-"], input: "not json")
    #expect(bad.status == 2)
    #expect(bad.errorText.hasPrefix("containerd check: (stdin): $: not JSON"))
    let twice = try DaemonBinary.run(["check", "-", "-"], input: Self.passing)
    #expect(twice.status == 64)
  }

  /// `--jobs 2` runs the files in child processes and prints the same bytes as `--jobs 1`, in file order; the JUnit
  /// reports differ only in their times.
  @Test func jobsGiveTheSameOutput() throws {
    let failing = try temporary("z-failing.json", Self.failing)
    let directory = URL(fileURLWithPath: failing).deletingLastPathComponent().path
    let examples = Self.root.appendingPathComponent("examples").path
    let arguments = [examples, failing, "-", examples + "/seed001-container.json"]
    let one = try DaemonBinary.run(["check", "--junit", directory + "/one.xml"] + arguments, input: Self.passing)
    let two = try DaemonBinary.run(
      ["check", "--jobs", "2", "--junit", directory + "/two.xml"] + arguments, input: Self.passing)
    let four = try DaemonBinary.run(["check", "-j", "4", "--quiet"] + arguments, input: Self.passing)
    let oneQuiet = try DaemonBinary.run(["check", "--quiet"] + arguments, input: Self.passing)
    #expect(one.status == 1)
    #expect(two.status == 1)
    #expect(one.stdout == two.stdout)
    #expect(four.stdout == oneQuiet.stdout)
    #expect(four.status == 1)
    #expect(one.lines.contains("PASS (stdin): ping (1 steps)"))
    #expect(one.lines.last?.hasSuffix("passed, 1 failed") == true)
    func untimed(_ path: String) throws -> String {
      try String(contentsOfFile: path, encoding: .utf8).replacing(/time="[^"]*"/, with: "time=\"\"")
    }
    #expect(try untimed(directory + "/one.xml") == untimed(directory + "/two.xml"))
    #expect(try untimed(directory + "/two.xml").contains(#"<testsuites name="containerd check""#))

    let usage = try DaemonBinary.run(["check", "--jobs", "0", failing], input: "")
    #expect(usage.status == 64)
  }

  /// `record` serves the session like the daemon and writes it as a scenario that `check` then passes.
  @Test func recordThenCheck() throws {
    let input = try String(
      contentsOf: Self.root.appendingPathComponent("clients/transcripts/seed001-swipe-back.jsonl"), encoding: .utf8)
    let expected = try String(
      contentsOf: Self.root.appendingPathComponent("clients/transcripts/seed001-swipe-back.expected.jsonl"),
      encoding: .utf8)
    let scenario = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString).json")
      .path
    let recorded = try DaemonBinary.run(["record", "--name", "swipe back", "-o", scenario], input: input)
    #expect(recorded.status == 0)
    #expect(recorded.lines == expected.split(separator: "\n").map(String.init))
    let checked = try DaemonBinary.run(["check", scenario], input: "")
    #expect(checked.lines == ["PASS \(scenario): swipe back (12 steps)", "1 passed, 0 failed"])
  }

  /// A recorded session passes its own check whatever it held: a batch with a refused call (its `results` expect the
  /// error), a batch holding a notification (no `results`: the notification was never answered, and `check` sends
  /// it as a request), and an LSP session whose requests after `shutdown` were refused by the connection, not the
  /// world (no steps).
  @Test func recordedBatchesAndLSPShutdownPassTheirCheck() throws {
    let frame = { (body: String) in "Content-Length: \(body.utf8.count)\r\n\r\n" + body }
    let input = [
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"window/create","params":{"id":"w"}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"controller/create","params":{"id":"p"}}"#,
      #"[{"jsonrpc":"2.0","id":3,"method":"controller/create","params":{"id":"c"}},"#
        + #"{"jsonrpc":"2.0","method":"window/setRoot","params":{"window":"w","controller":"p"}}]"#,
      #"[{"jsonrpc":"2.0","id":4,"method":"controller/create","params":{"id":"d"}},"#
        + #"{"jsonrpc":"2.0","id":5,"method":"controller/get","params":{"controller":"zz"}}]"#,
      #"{"jsonrpc":"2.0","id":6,"method":"shutdown"}"#,
      #"{"jsonrpc":"2.0","id":7,"method":"daemon/ping"}"#,
      #"[{"jsonrpc":"2.0","id":8,"method":"controller/create","params":{"id":"e"}}]"#,
      #"{"jsonrpc":"2.0","method":"exit"}"#,
    ].map(frame).joined()
    let scenario = try temporary("session.json", "")
    let recorded = try DaemonBinary.run(["record", "--name", "session", "-o", scenario], input: input)
    #expect(recorded.status == 0)
    let text = try String(contentsOfFile: scenario, encoding: .utf8)
    let steps = text.split(separator: "\n").filter { $0.hasPrefix("    {") }
    #expect(steps.count == 4)  // window, controller, the two batches; nothing after shutdown
    #expect(!text.contains("daemon/ping") && !text.contains(#""id":"e""#))
    #expect(steps[2].contains(#""lifecycle":["p.loadView R1""#) && !steps[2].contains("results"))
    #expect(steps[3].contains(#""results":[{"id":"d","view":"d.view"},{"error":{"code":-32000"#))
    let checked = try DaemonBinary.run(["check", scenario], input: "")
    #expect(checked.lines == ["PASS \(scenario): session (4 steps)", "1 passed, 0 failed"])
  }
}

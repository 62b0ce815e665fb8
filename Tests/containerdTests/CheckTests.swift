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

  /// A file that is not a scenario is exit status 2 with the path of the problem.
  @Test func unreadableFiles() throws {
    let file = try temporary("bad.json", #"{"steps": [{"call": "daemon/ping", "expect": {}}]}"#)
    let output = try DaemonBinary.run(["check", file, "/nonexistent.json"], input: "")
    #expect(output.status == 2)
    #expect(output.lines.first?.hasPrefix("ERROR \(file): $.steps[0].expect: unknown member") == true)
    #expect(output.lines.last == "0 passed, 0 failed")
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
}

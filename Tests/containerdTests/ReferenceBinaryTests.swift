import ContainerJSON
import ContainerRPC
import ContainerRPCTestSupport
import Foundation
import Testing

/// The method reference through the built binary: `containerd reference` prints the committed
/// Documentation/Reference.md, and `rpc.discover` over stdio answers the in-process document byte for byte (the
/// examples run the same inside the binary as in the tests). The OpenRPC meta-schema check of that document is
/// clients/python/tests/test_openrpc.py.
@Suite struct ReferenceBinaryTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test func referenceSubcommandPrintsTheCommittedFile() throws {
    let output = try DaemonBinary.run(["reference"], input: "")
    #expect(output.status == 0)
    let committed = try String(
      contentsOf: Self.root.appendingPathComponent("Documentation/Reference.md"), encoding: .utf8)
    #expect(output.text == committed, "Documentation/Reference.md is stale: \(ReferenceMarkdown.regenerate)")
  }

  /// A stdout that cannot take the page (a full disk: /dev/full) is exit 3 with the reason, not a crash.
  @Test func referenceToAFullDiskSaysSo() throws {
    let run = try DaemonBinary.runToAFullDisk(["reference"])
    #expect(run.exited)
    #expect(run.status == 3)
    #expect(run.errorText == "containerd reference: cannot write to stdout: No space left on device\n")
  }

  @Test func discoverOverStdioIsTheInProcessDocument() throws {
    let output = try DaemonBinary.run(input: #"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"# + "\n")
    let reply = try JSONValue.parse(try #require(output.lines.first))
    #expect(reply["result"]?.encodedString == RPCServer.discoverDocument.encodedString)
    // Twice in one process: the same bytes (the examples ran once).
    let twice = try DaemonBinary.run(
      input: #"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"# + "\n"
        + #"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"# + "\n")
    #expect(twice.lines.count == 2 && twice.lines[0] == twice.lines[1])
    #expect(twice.lines[0] == output.lines[0])
  }
}

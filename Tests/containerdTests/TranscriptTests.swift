import ContainerJSON
import ContainerRPCTestSupport
import Foundation
import Testing

/// Replays `clients/transcripts/*.jsonl` and expects `*.expected.jsonl` byte for byte, in process and through the
/// binary.
@Suite struct TranscriptTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("clients/transcripts")

  static var names: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") }.map { String($0.dropLast(6)) }
      .sorted()
  }

  @Test func thereAreTranscripts() {
    #expect(!Self.names.isEmpty)
  }

  @Test(arguments: Transport.allCases)
  func transcriptsReplayExactly(_ transport: Transport) throws {
    for name in Self.names {
      let input = try String(contentsOf: Self.directory.appendingPathComponent("\(name).jsonl"), encoding: .utf8)
      let expected = try String(
        contentsOf: Self.directory.appendingPathComponent("\(name).expected.jsonl"), encoding: .utf8)
      let lines = try transport.exchange(input)
      #expect(lines == expected.split(separator: "\n").map(String.init), "\(name) over \(transport)")
    }
  }
}

/// Every line the daemon wrote in a transcript is what jansson writes for the value jansson reads from it.
@Suite struct TranscriptEncodingTests {
  @Test func everyExpectedLineReencodesToItsOwnBytesThroughBothEncoders() throws {
    var lines = 0
    for name in TranscriptTests.names {
      let expected = try String(
        contentsOf: TranscriptTests.directory.appendingPathComponent("\(name).expected.jsonl"), encoding: .utf8)
      for line in expected.split(separator: "\n") {
        let value = try JSONValue.parse(String(line))
        var own: [UInt8] = []
        value.encode(appendingTo: &own)
        var jansson: [UInt8] = []
        value.encodeThroughJansson(appendingTo: &jansson)
        #expect(own == Array(line.utf8), "\(name): \(line)")
        #expect(jansson == own, "\(name): \(line)")
        lines += 1
      }
    }
    #expect(lines > 800)
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// The stream property (`StreamProperty`, Documentation/Testing.md "Stream property and stream fuzz"): garbage of every
/// framing kind before valid requests, sent to the built binary with stdin open; each valid request must be answered
/// before the next piece is sent, the output must be well-formed framed JSON-RPC, and the daemon must keep running.
@Suite struct StreamPropertyTests {
  /// Three seeds of four pieces of one kind; the first failure is reported.
  private func checkKind(_ kind: GarbageKind, _ mode: StreamMode) {
    var failure: StreamFailure?
    for seed in UInt64(1)...3 where failure == nil {
      failure = StreamProperty.check(mode: mode, seed: seed, count: 4, kinds: [kind])
    }
    if let failure { Issue.record(Comment(rawValue: failure.description)) }
  }

  @Test(arguments: GarbageKind.kinds(for: .lines))
  func linesGarbageOfOneKind(_ kind: GarbageKind) {
    checkKind(kind, .lines)
  }

  @Test(arguments: GarbageKind.kinds(for: .headers))
  func headersGarbageOfOneKind(_ kind: GarbageKind) {
    checkKind(kind, .headers)
  }

  /// Every kind, at random, 40 pieces per seed; a failure is shrunk to the piece (or pieces) it
  /// needs.
  @Test(arguments: [StreamMode.lines, .headers], UInt64(1)...4)
  func mixedGarbage(_ mode: StreamMode, _ seed: UInt64) {
    let failure = StreamProperty.check(mode: mode, seed: seed, count: 40, kinds: GarbageKind.kinds(for: mode))
    if let failure { Issue.record(Comment(rawValue: StreamProperty.shrink(failure).description)) }
  }

  /// The same with every piece written in chunks of 1 to 16 bytes (1 to 1,024 through long garbage), with pauses, so
  /// the daemon's reads split line ends, header blocks and bodies anywhere.
  @Test(arguments: [StreamMode.lines, .headers], UInt64(5)...6)
  func mixedGarbageInSmallWrites(_ mode: StreamMode, _ seed: UInt64) {
    let failure = StreamProperty.check(
      mode: mode, seed: seed, count: 40, kinds: GarbageKind.kinds(for: mode), splitting: true)
    if let failure { Issue.record(Comment(rawValue: StreamProperty.shrink(failure).description)) }
  }

  /// The socket: a passive client that never reads is attached while the active client sends 300 pieces (about
  /// 300 KB of lifecycle events queued for the passive client, past the ~200 KB where it used to block the daemon),
  /// garbage of every kind.
  @Test func socketWithAPassiveClient() {
    let failure = StreamProperty.check(mode: .socket, seed: 1, count: 300, kinds: GarbageKind.kinds(for: .socket))
    if let failure { Issue.record(Comment(rawValue: StreamProperty.shrink(failure).description)) }
  }

  /// The same garbage through the socket without a passive client: each connection is framed as stdio is.
  @Test(arguments: UInt64(1)...2)
  func socketMixedGarbage(_ seed: UInt64) {
    let failure = StreamProperty.check(
      mode: .socket, seed: seed, count: 40, kinds: GarbageKind.kinds(for: .socket), passive: false)
    if let failure { Issue.record(Comment(rawValue: StreamProperty.shrink(failure).description)) }
  }

  /// A seed names the same bytes every time, and 400 pieces of a seed cover every kind of the mode (only the first
  /// piece may be `leadingBOM`); split pieces are written whole, in chunks of at least a byte.
  @Test(arguments: StreamMode.allCases)
  func generatorIsDeterministicAndCoversEveryKind(_ mode: StreamMode) {
    let first = StreamGenerator.pieces(mode: mode, seed: 7, count: 400)
    let second = StreamGenerator.pieces(mode: mode, seed: 7, count: 400)
    #expect(first.map(\.bytes) == second.map(\.bytes))
    #expect(first.map(\.bytes) != StreamGenerator.pieces(mode: mode, seed: 8, count: 400).map(\.bytes))
    let expected = Set(GarbageKind.kinds(for: mode)).subtracting([.leadingBOM])
    #expect(Set(first.map(\.kind)).subtracting([.leadingBOM]) == expected)
    #expect(first.dropFirst().allSatisfy { $0.kind != .leadingBOM })
    let ids = first.flatMap(\.ids)
    #expect(ids == Array(1...ids.count))
    #expect(first.allSatisfy { $0.chunks.isEmpty })
    let split = StreamGenerator.pieces(mode: mode, seed: 7, count: 400, splitting: true)
    #expect(split.allSatisfy { $0.chunks.reduce(0, +) == $0.bytes.count && $0.chunks.allSatisfy { $0 >= 1 } })
    #expect(split.map(\.chunks.count).reduce(0, +) > 2 * split.count)
  }

  /// The output reader takes both framings whole or split anywhere, and refuses what is not framed JSON.
  @Test func outputReaderFramesAndRefuses() throws {
    let pong = #"{"id":1,"jsonrpc":"2.0","result":{"pong":true}}"#
    let stream = Array(("Content-Length: 47\r\n\r\n" + pong + pong + "\n").utf8)
    for split in 0...stream.count {
      var reader = StreamOutputReader()
      reader.allowsHeaders = true
      reader.append(Array(stream[..<split]))
      var framings: [Framing] = []
      while let message = try reader.next() { framings.append(message.framing) }
      reader.append(Array(stream[split...]))
      while let message = try reader.next() { framings.append(message.framing) }
      #expect(framings == [.headers, .lines], "split at \(split)")
      #expect(reader.pendingByteCount == 0)
    }
    for bad in [
      "Content-Length: 47\r\n\r\n" + pong, "x\n", "{\"a\":\n", "Content-Type: 1\r\n\r\n", "Content-Length: 2\n\n{}",
    ] {
      var reader = StreamOutputReader()
      reader.allowsHeaders = bad.hasPrefix("Content-Type") || bad.hasPrefix("Content-Length: 2")
      reader.append(Array(bad.utf8))
      #expect(throws: StreamOutputReader.Malformed.self, "\(bad)") { _ = try reader.next() }
    }
  }

  // MARK: - Stream fuzz (scripts/stream-fuzz)

  private static var environment: [String: String] { ProcessInfo.processInfo.environment }

  /// The stream fuzz: seeds one after another, rotating through the modes, for `CONTAINERD_STREAM_FUZZ_SECONDS`
  /// (only run when that is set). Prints executions and every failure with its shrunk reproducer (saved under
  /// `CONTAINERD_STREAM_FUZZ_ARTIFACTS`); fails on any failure.
  @Test(.enabled(if: environment["CONTAINERD_STREAM_FUZZ_SECONDS"] != nil))
  func streamFuzz() throws {
    let seconds = Double(Self.environment["CONTAINERD_STREAM_FUZZ_SECONDS"] ?? "") ?? 30
    let firstSeed =
      UInt64(Self.environment["CONTAINERD_STREAM_FUZZ_SEED"] ?? "") ?? UInt64(Date().timeIntervalSince1970)
    let modes = (Self.environment["CONTAINERD_STREAM_FUZZ_MODES"] ?? "lines,headers,socket")
      .split(separator: ",").compactMap { StreamMode(rawValue: String($0)) }
    let artifacts = Self.environment["CONTAINERD_STREAM_FUZZ_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
    if let artifacts { try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true) }
    try #require(!modes.isEmpty, "CONTAINERD_STREAM_FUZZ_MODES names no mode (lines, headers, socket)")

    let start = Date()
    var lastReport = start
    var executions = 0
    var pieces = 0
    var failures: [StreamFailure] = []
    var seed = firstSeed
    print(
      "stream-fuzz: \(Int(seconds)) s, modes \(modes.map(\.rawValue).joined(separator: ",")), first seed \(firstSeed)")
    while Date().timeIntervalSince(start) < seconds {
      let mode = modes[executions % modes.count]
      let kinds = GarbageKind.kinds(for: mode)
      // A socket execution queues about 1 KB of events per piece for the passive client: 150 pieces pass the ~100 KB
      // at which it blocked the daemon before clients had their own output queues.
      let count = mode == .socket ? 150 : 50
      executions += 1
      // Every other round of modes writes its pieces in small chunks with pauses (reads split anywhere).
      let splitting = (executions / modes.count) % 2 == 1
      if let failure = StreamProperty.check(mode: mode, seed: seed, count: count, kinds: kinds, splitting: splitting) {
        pieces += failure.index
        let shrunk = StreamProperty.shrink(failure)
        failures.append(shrunk)
        print("stream-fuzz: FAILURE \(failures.count)\(splitting ? " (pieces written in chunks)" : "")\n\(shrunk)")
        if let artifacts {
          let file = artifacts.appendingPathComponent("\(mode)-\(seed).bin")
          try Data((shrunk.minimal ?? shrunk.pieces).flatMap(\.bytes)).write(to: file)
          print("stream-fuzz: reproducer bytes in \(file.path)")
        }
      } else {
        pieces += count
      }
      seed &+= 1
      if Date().timeIntervalSince(lastReport) >= 10 {
        lastReport = Date()
        print(
          "stream-fuzz: \(Int(lastReport.timeIntervalSince(start))) s: \(executions) executions, \(pieces) pieces, \(failures.count) failures"
        )
      }
    }
    print(
      "stream-fuzz: done: \(executions) executions (seeds \(firstSeed)...\(seed &- 1)), \(pieces) pieces, "
        + "\(failures.count) failures")
    for failure in failures { Issue.record(Comment(rawValue: failure.description)) }
  }
}

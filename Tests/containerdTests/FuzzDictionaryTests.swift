import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerTransport
import Foundation
import Testing

/// `Fuzz/jsonrpc.dict` (libFuzzer's dictionary for scripts/fuzz) names every method, so the fuzzer can reach each
/// one; regenerate it with `scripts/fuzz-corpus --dict` when this fails.
@Suite struct FuzzDictionaryTests {
  static let dictionary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/jsonrpc.dict")

  @Test func everyMethodIsInTheDictionary() throws {
    let entries = Set(try String(contentsOf: Self.dictionary, encoding: .utf8).split(separator: "\n").map(String.init))
    let missing = Methods.all.map(\.name).filter { !entries.contains(#""\"\#($0)\"""#) }
    #expect(missing.isEmpty, "not in Fuzz/jsonrpc.dict: \(missing)")
  }
}

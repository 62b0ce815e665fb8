import ContainerJSON
import Testing

/// A stream's string cache (`JSONStringCache`): a document read through the cache is, byte for byte, the document read
/// without it, whatever was read before (slots shared by different strings, canonically equal strings of different
/// bytes, NUL, the length limit).
@Suite struct JSONStringCacheTests {
  private func bytes(_ value: JSONValue) -> [UInt8] {
    var bytes: [UInt8] = []
    value.encode(appendingTo: &bytes)
    return bytes
  }

  @Test func aCachedReadIsThePlainRead() throws {
    var generator = SystemRandomNumberGenerator()
    // jansson takes NUL in values only.
    let alphabet = Array("abcXYZ09_/.é\u{301}\"\\€😀")
    var texts: [String] = [
      #"{"jsonrpc":"2.0","id":1,"method":"controller/create","params":{"id":"c1"}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"containment/embed","params":{"parent":"root","child":"c1"}}"#,
      // Canonically equal, different bytes: each keeps its own.
      #"{"é":"é","e\u0301":"e\u0301"}"#, #"["e\u0301","é","e\u0301"]"#,
      #"{"ab":"a\u0000b","a":"a"}"#, #"["a\u0000b","ab","a\u0000b"]"#,
      // 32 bytes (kept) and 33 (not).
      "[\"\(String(repeating: "k", count: 32))\",\"\(String(repeating: "k", count: 33))\"]",
    ]
    for _ in 0..<400 {
      let keys = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
        String((0..<Int.random(in: 0...34, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
      }
      var object = JSONObject()
      for (index, key) in keys.enumerated() { object[key] = .string(keys[(index + 1) % keys.count] + "\u{0}" + key) }
      texts.append(JSONValue.object(object).encodedString)
    }
    var cache = JSONStringCache()
    for _ in 0..<2 {
      for text in texts {
        let utf8 = Array(text.utf8)
        let plain = try utf8.withUnsafeBytes { raw in try JSONValue.parse(raw) }
        let cached = try utf8.withUnsafeBytes { raw in try JSONValue.parse(raw, strings: &cache) }
        #expect(bytes(cached) == bytes(plain), "\(text)")
        let prefix = try utf8.withUnsafeBytes { raw in try JSONValue.parsePrefix(raw, strings: &cache) }
        #expect(bytes(prefix.value) == bytes(plain))
        #expect(prefix.length == utf8.count)
      }
    }
  }
}

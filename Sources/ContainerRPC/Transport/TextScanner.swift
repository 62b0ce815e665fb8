#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tracks the bracket depth of a JSON text across lines, outside strings, so a continued text is parsed again only
/// when it may be complete.
///
/// Inside strings it jumps from one `"` or `\` to the next with `memchr`, so a long string (the usual bulk of an
/// oversized message) costs about what `memchr` costs, even in a debug build.
struct TextScanner: Sendable, Equatable {
  private var depth = 0
  private var inString = false
  private var escaped = false
  private var sawNUL = false

  /// Scans `buffer[range]`.
  mutating func scan(_ buffer: [UInt8], _ range: Range<Int>) {
    guard !range.isEmpty else { return }
    buffer.withUnsafeBytes { raw in
      let base = raw.baseAddress!
      if !sawNUL && memchr(base + range.lowerBound, 0, range.count) != nil { sawNUL = true }
      var index = range.lowerBound
      let end = range.upperBound
      var quote = -1  // the first `"` at or after `index` (or `end`), once looked up, while `index <= quote`
      while index < end {
        if inString {
          if escaped {
            escaped = false
            index += 1
            continue
          }
          if quote < index { quote = Self.find(UInt8(ascii: "\""), in: base, from: index, to: end) ?? end }
          if let backslash = Self.find(UInt8(ascii: "\\"), in: base, from: index, to: quote) {
            escaped = true
            index = backslash + 1
          } else if quote < end {
            inString = false
            index = quote + 1
          } else {
            index = end
          }
        } else {
          switch raw[index] {
          case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
          case UInt8(ascii: "\""): inString = true
          default: break
          }
          index += 1
        }
      }
    }
  }

  private static func find(_ byte: UInt8, in base: UnsafeRawPointer, from start: Int, to end: Int) -> Int? {
    guard start < end, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
    return UnsafeRawPointer(found) - base
  }

  /// Whether the text scanned so far may be a complete value (brackets balanced outside a string), or holds a NUL.
  var mayBeComplete: Bool { sawNUL || (!inString && depth <= 0) }
}

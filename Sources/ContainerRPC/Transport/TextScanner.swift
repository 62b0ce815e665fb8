#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tracks the bracket depth of a JSON text across lines, outside strings, so a continued text is parsed again only
/// when it may be complete: when its brackets balance, or as soon as a bracket closes the wrong kind (`[1` then `}`),
/// which no later line can repair, so the typo is answered at once (with jansson's own error) rather than holding up
/// every request after it until end of input.
///
/// Inside strings it jumps from one `"` or `\` to the next with `memchr`, so a long string (the usual bulk of an
/// oversized message) costs about what `memchr` costs, even in a debug build.
struct TextScanner: Sendable, Equatable {
  private var depth = 0
  /// One bit per open bracket, by depth: set for `[`, clear for `{`.
  private var openedArrays: [UInt64] = []
  private var mismatched = false
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
          case UInt8(ascii: "{"), UInt8(ascii: "["):
            // Below 0 (more closed than opened: already broken, and complete as far as lines go) nothing is kept.
            if depth >= 0 { setOpened(isArray: raw[index] == UInt8(ascii: "["), at: depth) }
            depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if depth >= 0 && openedArray(at: depth) != (raw[index] == UInt8(ascii: "]")) { mismatched = true }
          case UInt8(ascii: "\""): inString = true
          default: break
          }
          index += 1
        }
      }
    }
  }

  private mutating func setOpened(isArray: Bool, at level: Int) {
    let word = level >> 6
    while openedArrays.count <= word { openedArrays.append(0) }
    let bit: UInt64 = 1 << UInt64(level & 63)
    if isArray { openedArrays[word] |= bit } else { openedArrays[word] &= ~bit }
  }

  private func openedArray(at level: Int) -> Bool {
    openedArrays[level >> 6] & (1 << UInt64(level & 63)) != 0
  }

  private static func find(_ byte: UInt8, in base: UnsafeRawPointer, from start: Int, to end: Int) -> Int? {
    guard start < end, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
    return UnsafeRawPointer(found) - base
  }

  /// Whether the text scanned so far may be a complete value (brackets balanced outside a string), or cannot be
  /// completed by more lines (a NUL, a mismatched closing bracket): either way it is time to parse it.
  var mayBeComplete: Bool { sawNUL || mismatched || (!inString && depth <= 0) }
}

/// Tracks the bracket depth of a JSON text across lines, outside strings, so a continued text is parsed again only
/// when it may be complete.
struct TextScanner: Sendable, Equatable {
  private var depth = 0
  private var inString = false
  private var escaped = false
  private var sawNUL = false

  /// Scans `buffer[range]`.
  mutating func scan(_ buffer: [UInt8], _ range: Range<Int>) {
    for index in range {
      let byte = buffer[index]
      if byte == 0 { sawNUL = true }
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
        case UInt8(ascii: "\""): inString = true
        default: break
        }
      }
    }
  }

  /// Whether the text scanned so far may be a complete value (brackets balanced outside a string), or holds a NUL.
  var mayBeComplete: Bool { sawNUL || (!inString && depth <= 0) }
}

import ContainerJSON
import ContainerProtocol

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Follows a JSON text across lines, outside strings, so a continued text is parsed again only when it may be
/// complete: when its top-level value ends, or as soon as it is broken, which no later line can repair, so the typo
/// is answered at once (with jansson's own error) rather than holding up every request after it
/// (Documentation/Protocol.md, "Resync"). Broken means:
/// - a bracket closes the wrong kind (`[1` then `}`), or a token comes where the grammar allows none (`{"a":1 "b"`,
///   `[1 2`, `{1`): the scanner tracks what the grammar expects next (a value, a key, a colon, a comma or a closing
///   bracket), but not what scalars spell (jansson checks those);
/// - a line end (`\n` or `\r`) inside a string: JSON strings cannot hold a raw line end, so a line that ends inside a
///   string can never be continued;
/// - a NUL byte (jansson reads one as an end).
///
/// Inside strings it jumps from one `"`, `\`, `\n` or `\r` to the next with `memchr`, so a long string (the usual bulk
/// of an oversized message) costs about what `memchr` costs, even in a debug build.
struct TextScanner: Sendable, Equatable {
  /// What the grammar allows next, outside strings.
  private enum Expect: Sendable, Equatable {
    /// A value (at the start, after `:`, after `,` in an array).
    case value
    /// A value or `]` (after `[`).
    case valueOrClose
    /// A key or `}` (after `{`).
    case keyOrClose
    /// A key (after `,` in an object).
    case key
    /// `:` (after a key).
    case colon
    /// `,` or a closing bracket (after a value).
    case afterValue
  }

  private var depth = 0
  /// One bit per open bracket, by depth: set for `[`, clear for `{`.
  private var openedArrays: [UInt64] = []
  private var expect = Expect.value
  /// Inside a scalar (number, `true`, `false`, `null`): its letters, digits and signs continue it.
  private var inScalar = false
  private var inString = false
  /// The string being read is an object key.
  private var stringIsKey = false
  private var escaped = false
  private var broken = false
  /// The top-level value has ended: what follows is another text, not looked at.
  private var ended = false
  private var sawNUL = false
  /// Where the top-level value ended (the index after its last byte), once `ended`.
  private var valueEnd = 0
  /// Space, tab, `\r` and `\n` bytes after the last other byte scanned.
  private(set) var trailingWhitespace = 0

  /// Scans `buffer[range]`.
  mutating func scan(_ buffer: [UInt8], _ range: Range<Int>) {
    guard !range.isEmpty, !ended, !broken else { return }
    buffer.withUnsafeBytes { raw in
      let base = raw.baseAddress!
      if !sawNUL && memchr(base + range.lowerBound, 0, range.count) != nil { sawNUL = true }
      var index = range.lowerBound
      let end = range.upperBound
      var stop = -1  // the first `"` (or line end, or `end`) at or after `index`, once looked up, while `index <= stop`
      while index < end {
        if inString {
          trailingWhitespace = 0
          if escaped {
            escaped = false
            if raw[index] == 0x0A || raw[index] == 0x0D {
              broken = true
              return
            }
            index += 1
            continue
          }
          if stop < index {
            stop = Self.find(UInt8(ascii: "\""), in: base, from: index, to: end) ?? end
            stop = Self.find(0x0A, in: base, from: index, to: stop) ?? stop
            stop = Self.find(0x0D, in: base, from: index, to: stop) ?? stop
          }
          if let backslash = Self.find(UInt8(ascii: "\\"), in: base, from: index, to: stop) {
            escaped = true
            index = backslash + 1
          } else if stop < end && raw[stop] == UInt8(ascii: "\"") {
            inString = false
            expect = stringIsKey ? .colon : .afterValue
            endValueIfTopLevel()
            index = stop + 1
            if ended {
              valueEnd = index
              return
            }
          } else if stop < end {  // a line end inside the string
            broken = true
            return
          } else {
            index = end
          }
          continue
        }
        let byte = raw[index]
        index += 1
        if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
          trailingWhitespace += 1
          if inScalar {
            inScalar = false
            endValueIfTopLevel()
          }
        } else {
          trailingWhitespace = 0
          if inScalar && Self.isScalarByte(byte) { continue }
          if inScalar {
            inScalar = false
            endValueIfTopLevel()
          }
          if !ended { take(byte) }
        }
        if broken { return }
        if ended {
          valueEnd = index
          return
        }
      }
    }
  }

  /// Follows one byte outside strings and scalars.
  private mutating func take(_ byte: UInt8) {
    let takesValue = expect == .value || expect == .valueOrClose
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard takesValue else { return breakText() }
      let isArray = byte == UInt8(ascii: "[")
      setOpened(isArray: isArray, at: depth)
      depth += 1
      expect = isArray ? .valueOrClose : .keyOrClose
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      let isArray = byte == UInt8(ascii: "]")
      guard depth > 0, openedArray(at: depth - 1) == isArray,
        expect == .afterValue || expect == (isArray ? .valueOrClose : .keyOrClose)
      else { return breakText() }
      depth -= 1
      expect = .afterValue
      endValueIfTopLevel()
    case UInt8(ascii: ","):
      guard expect == .afterValue, depth > 0 else { return breakText() }
      expect = openedArray(at: depth - 1) ? .value : .key
    case UInt8(ascii: ":"):
      guard expect == .colon else { return breakText() }
      expect = .value
    case UInt8(ascii: "\""):
      if takesValue {
        stringIsKey = false
      } else if expect == .key || expect == .keyOrClose {
        stringIsKey = true
      } else {
        return breakText()
      }
      inString = true
    default:
      guard takesValue, Self.isScalarByte(byte) else { return breakText() }
      inScalar = true
      expect = .afterValue
    }
  }

  private mutating func breakText() { broken = true }

  private mutating func endValueIfTopLevel() {
    if depth == 0 && expect == .afterValue { ended = true }
  }

  private static func isScalarByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
      return true
    default: return false
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

  /// Whether the text scanned so far may be a complete value (its top-level value ended), or cannot be completed by
  /// more lines (broken, a NUL): either way it is time to parse it.
  var mayBeComplete: Bool { sawNUL || broken || ended }

  /// Whether no later byte can repair the text (jansson must then answer an error, never "premature end").
  var isBroken: Bool { sawNUL || broken }

  /// Whether a `{` or `[` may come next: the text expects a value there (at its start, after `[`, `,` in an array,
  /// or `:`).
  var takesValue: Bool { !mayBeComplete && !inString && !inScalar && (expect == .value || expect == .valueOrClose) }

  /// Whether `buffer[range]` (a line, without its line end) begins with a complete array or object, unbroken, followed
  /// by nothing but spaces and tabs, or by another text: anything but `,`, `]` or `}` after it (two values in a row
  /// never continue a valid text).
  static func beginsWithCompleteText(_ buffer: [UInt8], _ range: Range<Int>) -> Bool {
    var scanner = TextScanner()
    scanner.scan(buffer, range)
    guard scanner.ended, !scanner.isBroken, scanner.valueEnd <= range.upperBound else { return false }
    var index = scanner.valueEnd
    while index < range.upperBound && (buffer[index] == 0x20 || buffer[index] == 0x09) { index += 1 }
    guard index < range.upperBound else { return true }
    let next = buffer[index]
    return next != UInt8(ascii: ",") && next != UInt8(ascii: "]") && next != UInt8(ascii: "}")
  }
}

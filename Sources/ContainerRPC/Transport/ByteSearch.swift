#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The searches `MessageFramer` runs over its buffer (`memchr`: fast even in debug builds, which tests run).
extension [UInt8] {
  /// The index of the first `\n` at or after `start`.
  func newline(from start: Int) -> Int? {
    guard start < count else { return nil }
    return withUnsafeBytes { raw -> Int? in
      guard let base = raw.baseAddress, let found = memchr(base + start, 0x0A, raw.count - start) else { return nil }
      return UnsafeRawPointer(found) - base
    }
  }

  /// Whether `range` holds a NUL byte (jansson reads one as an end, so its "premature end" may come from it).
  func containsNUL(_ range: Range<Int>) -> Bool {
    withUnsafeBytes { raw in
      guard let base = raw.baseAddress, !range.isEmpty else { return false }
      return memchr(base + range.lowerBound, 0, range.count) != nil
    }
  }

  /// The size of a line message in `range`: its text without the line's `\n` or `\r\n`.
  func textSize(_ range: Range<Int>) -> Int {
    var end = range.upperBound
    if end > range.lowerBound && self[end - 1] == UInt8(ascii: "\n") { end -= 1 }
    if end > range.lowerBound && self[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return end - range.lowerBound
  }

  /// The end of the header lines starting at `start` and the start of the body, if a blank line (`\n\n` or `\n\r\n`)
  /// starts before `limit`.
  func blankLine(from start: Int, before limit: Int) -> (end: Int, bodyStart: Int)? {
    var index = start
    while index < limit, let newline = newline(from: index), newline < limit {
      if newline + 1 < count && self[newline + 1] == UInt8(ascii: "\n") { return (newline, newline + 2) }
      if newline + 2 < count && self[newline + 1] == UInt8(ascii: "\r") && self[newline + 2] == UInt8(ascii: "\n") {
        return (newline, newline + 3)
      }
      index = newline + 1
    }
    return nil
  }
}

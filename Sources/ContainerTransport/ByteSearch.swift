import ContainerJSON
import ContainerProtocol

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

  /// The index of the first line end (`\n` or `\r`) at or after `start`.
  func lineEnd(from start: Int) -> Int? {
    let newline = newline(from: start)
    return carriageReturn(from: start, before: newline ?? count) ?? newline
  }

  /// The index of the first `\r` in `start..<end`.
  func carriageReturn(from start: Int, before end: Int) -> Int? {
    guard start < end else { return nil }
    return withUnsafeBytes { raw -> Int? in
      guard let base = raw.baseAddress, let found = memchr(base + start, 0x0D, end - start) else { return nil }
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

  /// The size of a line message in `range`: its text without the line's end (`\n` or `\r`).
  func textSize(_ range: Range<Int>) -> Int {
    var end = range.upperBound
    if end > range.lowerBound && (self[end - 1] == 0x0A || self[end - 1] == 0x0D) { end -= 1 }
    return end - range.lowerBound
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The short strings a reader of one stream saw last, by their bytes: a request repeats the same keys (`jsonrpc`,
/// `method`, `params`, the params' names), version and method names message after message, and each is then made from
/// jansson's bytes once, not once per message (`String(decoding:)` checks the UTF-8 again, and a name over 15 bytes is
/// a heap allocation of its own).
///
/// A direct-mapped table keyed by a hash of the bytes; a string is given back only when its bytes are exactly those
/// read, so a value read through the cache is the value read without it. One cache per reader (a `MessageFramer`):
/// it is a value, mutated in place.
public struct JSONStringCache: Sendable {
  /// The strings, by `slot`; empty until the first string is read.
  private var strings: [String] = []
  /// Each slot's string's hash and length (0: an empty slot), compared before its bytes.
  private var keys: [UInt64] = []
  /// Each slot's string's bytes, `maxLength` per slot.
  private var bytes: [UInt8] = []

  /// The number of slots (a power of two).
  static let slotCount = 256
  /// The longest string kept, in bytes: keys, names and ids are short; a long string is rarely read twice.
  static let maxLength = 32

  public init() {}

  /// The string of the `count` bytes at `pointer` (valid UTF-8: jansson checked it).
  mutating func string(_ pointer: UnsafePointer<UInt8>, count: Int) -> String {
    guard count <= Self.maxLength else { return Self.make(pointer, count: count) }
    if strings.isEmpty {
      strings = Array(repeating: "", count: Self.slotCount)
      keys = Array(repeating: 0, count: Self.slotCount)
      bytes = Array(repeating: 0, count: Self.slotCount * Self.maxLength)
    }
    var hash: UInt32 = 2_166_136_261
    for index in 0..<count { hash = (hash ^ UInt32(pointer[index])) &* 16_777_619 }
    let slot = Int(truncatingIfNeeded: hash ^ (hash >> 16)) & (Self.slotCount - 1)
    let key = UInt64(hash) << 32 | UInt64(count)
    let offset = slot * Self.maxLength
    let isCached =
      keys.withUnsafeBufferPointer { $0[slot] == key }
      && bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + offset, pointer, count) == 0 }
    if isCached { return strings[slot] }
    let made = Self.make(pointer, count: count)
    strings[slot] = made
    keys.withUnsafeMutableBufferPointer { $0[slot] = key }
    bytes.withUnsafeMutableBufferPointer { (($0.baseAddress! + offset)).update(from: pointer, count: count) }
    return made
  }

  static func make(_ pointer: UnsafePointer<UInt8>, count: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }
}

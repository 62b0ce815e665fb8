import CJansson

// MARK: - Encoding

extension JSONValue {
  /// Appends the compact, key-sorted encoding of this value to `bytes`.
  ///
  /// The bytes are exactly what jansson 2.14's `json_dumpb` writes for the same value with `JSON_COMPACT |
  /// JSON_SORT_KEYS | JSON_ENCODE_ANY` (the daemon's wire format since its first version), written straight from the
  /// value into `bytes`: no `json_t` is built, no key is sorted or hashed, nothing is allocated beyond `bytes`' own
  /// growth. `encodeThroughJansson(appendingTo:)` is that reference, and tests hold the two equal on every transcript
  /// and on random values.
  ///
  /// - Objects: members in bytewise key order (`JSONObject` keeps them so; an object read from the wire out of order is
  ///   sorted here), `{"a":1,"b":2}` with no space.
  /// - Strings: jansson's escapes: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, other bytes below 0x20 as `\u00XX`
  ///   (upper-case hex); everything else, `/` and non-ASCII included, as its UTF-8 bytes.
  /// - Integers: decimal. Reals: jansson's `%.Ng` form (`0.5`, `1e-5`, `2.0`), and NaN and infinities, which JSON
  ///   cannot carry, as `null`.
  /// - Real precision: jansson takes one precision per dump, so all reals of one message are written with the precision
  ///   the most demanding of them needs (its shortest round-trip digit count); `%g` drops trailing zeros, so a real
  ///   alone in a message, or next to reals needing no more digits, gets its shortest form (`0.1`, `390.5`), while
  ///   `0.1` next to `0.30000000000000004` prints as `0.10000000000000001`. Each real is first written with its own
  ///   shortest precision; a message whose reals need different precisions (rare: most reals the daemon writes are
  ///   whole numbers, written as integers) is written a second time with the largest.
  public func encode(appendingTo bytes: inout [UInt8]) {
    JSONOutput.message(appendingTo: &bytes) { $0.value(self) }
  }

  /// The compact, key-sorted encoding as a string.
  public var encodedString: String {
    var bytes: [UInt8] = []
    encode(appendingTo: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// The precision of the reals of one message (`JSONValue.encode(appendingTo:)`).
struct RealPrecision {
  /// The precision every real is written with (0: each with its own shortest).
  let forced: Int
  /// The largest and smallest precision the reals written so far needed.
  private(set) var largest = 0
  private var smallest = Int.max

  init(forced: Int = 0) { self.forced = forced }

  /// Whether the reals needed different precisions, so the message must be written again with `largest`.
  var isMixed: Bool { forced == 0 && largest != 0 && smallest != largest }

  /// The precision to write `value` with.
  mutating func precision(for value: Double, shortest: ShortestDigits) -> Int {
    if forced > 0 { return forced }
    let digits = JSONValue.significantDigits(shortest)
    largest = max(largest, digits)
    smallest = min(smallest, digits)
    return digits
  }
}

/// The bytes of the message being written: a stack buffer for the usual message, moved to the heap (doubling) when
/// one outgrows it. Written through its pointer, with no per-byte bounds or uniqueness check of an `Array`.
struct OutputBytes {
  private(set) var base: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int
  private var onHeap = false

  init(stack: UnsafeMutableRawBufferPointer) {
    base = stack.baseAddress!.assumingMemoryBound(to: UInt8.self)
    capacity = stack.count
  }

  /// The bytes written.
  var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  /// Forgets what was written (the buffer stays).
  mutating func removeAll() { count = 0 }

  /// Gives the heap buffer back, if the message needed one.
  mutating func release() {
    if onHeap { base.deallocate() }
    onHeap = false
    capacity = 0
    count = 0
  }

  /// Makes room for `extra` more bytes.
  @inline(__always)
  mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  private mutating func grow(to needed: Int) {
    let newCapacity = max(needed, capacity * 2, 4096)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    if onHeap { base.deallocate() }
    base = newBase
    capacity = newCapacity
    onHeap = true
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  /// Counts in `count` bytes the caller wrote into the room it reserved.
  @inline(__always)
  mutating func advance(by count: Int) { self.count += count }

  /// Appends a byte the caller has already made room for.
  @inline(__always)
  mutating func appendReserved(_ byte: UInt8) {
    base[count] = byte
    count += 1
  }

  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    reserve(bytes.count)
    if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
    count += bytes.count
  }

  @inline(__always)
  mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }
}

/// The daemon's JSON encoder: values straight into bytes, in jansson's compact sorted form.
enum JSONWriter {
  static func write(_ value: JSONValue, to bytes: inout OutputBytes, reals: inout RealPrecision) {
    switch value {
    case .null:
      bytes.append("null")
    case .bool(let bool):
      bytes.append(bool ? "true" : "false")
    case .int(let int):
      writeInteger(int, to: &bytes)
    case .double(let double):
      writeReal(double, to: &bytes, reals: &reals)
    case .string(let string):
      writeString(string, to: &bytes)
    case .array(let elements):
      bytes.append(UInt8(ascii: "["))
      // Elements read in place through the buffer (no copy, retain and release of each).
      elements.withUnsafeBufferPointer { elements in
        for index in elements.indices {
          if index > 0 { bytes.append(UInt8(ascii: ",")) }
          write(elements[index], to: &bytes, reals: &reals)
        }
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      members.withMembersInKeyOrder { members in
        for index in members.indices {
          if index > 0 { bytes.append(UInt8(ascii: ",")) }
          writeString(members[index].key, to: &bytes)
          bytes.append(UInt8(ascii: ":"))
          write(members[index].value, to: &bytes, reals: &reals)
        }
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// An integer in decimal (jansson's `%lld`).
  static func writeInteger(_ value: Int64, to bytes: inout OutputBytes) {
    bytes.reserve(20)
    if value >= 0, value < 10 {
      bytes.appendReserved(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
      return
    }
    if value < 0 { bytes.appendReserved(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits = 1
    var bound: UInt64 = 10
    while digits < 20, magnitude >= bound {
      digits += 1
      bound = bound &* 10
    }
    // Digits right to left into the room reserved, then counted in.
    let end = bytes.base + bytes.count + digits
    var cursor = end
    repeat {
      cursor -= 1
      cursor.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
    bytes.advance(by: digits)
  }

  /// A real in jansson's form (`cjansson_format_real`), or `null` when JSON cannot carry it.
  static func writeReal(_ value: Double, to bytes: inout OutputBytes, reals: inout RealPrecision) {
    guard value.isFinite else {
      bytes.append("null")
      return
    }
    let shortest = ShortestDigits(value)
    let precision = reals.precision(for: value, shortest: shortest)
    bytes.reserve(40)
    if writeShortReal(value, shortest, precision: precision, to: &bytes) { return }
    if writeRoundedReal(value, precision: precision, estimate: shortest.decimalExponent, to: &bytes) { return }
    let length = (bytes.base + bytes.count).withMemoryRebound(to: CChar.self, capacity: 40) {
      Int(cjansson_format_real($0, 40, value, Int32(precision)))
    }
    bytes.advance(by: length)
  }

  /// `%.{precision}g` in jansson's form, from Swift's shortest round-trip digits instead of printf (whose formatting of
  /// 17-digit reals was most of a fling's output time).
  ///
  /// Exact where it answers. Swift's shortest form S of `value` reads back as `value` and, of the shortest forms, is the
  /// one closest to it. printf rounds the exact binary value to `precision` digits, and that is S (padded with zeros,
  /// which `%g` drops) when:
  /// - `precision` is at most 15: a decimal of at most 15 significant digits (DBL_DIG) comes back unchanged from the
  ///   double nearest to it rounded to that many digits;
  /// - or S has exactly `precision` (16 or 17) digits: the decimal of that many digits nearest to `value` lies within
  ///   its rounding interval (symmetric, except at a power of two, left to printf), so it is a shortest form, the closest
  ///   one, S. A tie between two such decimals cannot happen: it needs an exact expansion of `precision` + 1 digits
  ///   ending in 5, which a double with a fraction has only with a spacing finer than that digit (so S would not be
  ///   that short), and an integer only below 2^53 (at most 16 digits, so `precision` at most 15).
  /// - or `value` is a whole number below 2^53 (zero included): its exact decimal expansion is its at most 16 integer
  ///   digits, which is S, and what printf writes at a precision of 16 or 17.
  /// What is left is printf's choice of form: an exponent when it is below -4 or at least the precision, else fixed;
  /// jansson then adds ".0" to a real with neither point nor exponent and writes the exponent without "+" or leading
  /// zeros. Returns false (nothing written) otherwise, and the caller falls back on printf.
  private static func writeShortReal(
    _ value: Double, _ shortest: ShortestDigits, precision: Int, to bytes: inout OutputBytes
  ) -> Bool {
    let count = shortest.count
    guard shortest.isValid, count <= precision,
      precision <= 15 || (count == precision && value.significandBitPattern != 0)
        || (value.magnitude < 0x1p53 && value == value.rounded(.towardZero))
    else { return false }
    if value.sign == .minus { bytes.appendReserved(UInt8(ascii: "-")) }
    guard count > 0 else {
      // Zero: "%.Ng" gives "0", jansson adds ".0".
      bytes.append("0.0")
      return true
    }
    shortest.withDigits { digits in
      writeDigits(digits, decimalExponent: shortest.decimalExponent, precision: precision, to: &bytes)
    }
    return true
  }

  /// `%.{precision}g` of `value` for a precision of 16 or 17 that Swift's shortest digits do not give (a 16-digit
  /// offset next to a 17-digit time), rounded exactly as printf rounds: `value` is `significand × 2^exponent` with a
  /// 53-bit significand, so `value × 10^k` for the `k` that leaves `precision` digits before the point is a 128-bit
  /// integer product shifted right, and the bits shifted out round it half to even. `estimate` is the power of ten of
  /// the first digit of the shortest form; the rounded value's may be one less (the shortest form rounded up to a
  /// power of ten) or one more (the rounding carries). For magnitudes from 10^-5 to 10^16, where every `k` keeps the
  /// product below 2^127; false (nothing written) elsewhere, and the caller falls back on printf.
  private static func writeRoundedReal(
    _ value: Double, precision: Int, estimate: Int, to bytes: inout OutputBytes
  ) -> Bool {
    let magnitude = value.magnitude
    guard precision == 16 || precision == 17, magnitude >= 1e-5, magnitude < 1e16 else { return false }
    let significand = UInt128(magnitude.significandBitPattern | (1 << 52))
    let binaryExponent = Int(magnitude.exponent) - 52
    let lowest = powerOfTen(precision - 1)
    var decimalExponent = estimate
    for _ in 0..<2 {
      let scale = precision - 1 - decimalExponent
      guard scale >= 0, scale <= 22 else { return false }
      var scaled = significand * powerOfTen(scale)
      if binaryExponent >= 0 {
        scaled <<= UInt128(binaryExponent)
      } else {
        let shift = UInt128(-binaryExponent)
        let remainder = scaled & ((1 << shift) - 1)
        let half = UInt128(1) << (shift - 1)
        scaled >>= shift
        if remainder > half || (remainder == half && scaled & 1 == 1) { scaled += 1 }
      }
      if scaled < lowest {
        decimalExponent -= 1
        continue
      }
      if scaled >= lowest * 10 {
        // Only a carry gets here: the rounded value is exactly 10^precision.
        scaled /= 10
        decimalExponent += 1
      }
      var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
      withUnsafeMutableBytes(of: &digits) { buffer in
        var rest = scaled
        for index in stride(from: precision - 1, through: 0, by: -1) {
          buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
          rest /= 10
        }
        var count = precision
        while count > 1, buffer[count - 1] == UInt8(ascii: "0") { count -= 1 }
        if value.sign == .minus { bytes.appendReserved(UInt8(ascii: "-")) }
        writeDigits(
          UnsafeRawBufferPointer(rebasing: buffer.prefix(count)), decimalExponent: decimalExponent,
          precision: precision, to: &bytes)
      }
      return true
    }
    return false
  }

  /// 10^`exponent`, `exponent` from 0 to 22.
  private static func powerOfTen(_ exponent: Int) -> UInt128 {
    var result: UInt128 = 1
    for _ in 0..<exponent { result *= 10 }
    return result
  }

  /// Significant `digits` (no trailing zeros; the first not zero) whose first is at the power of ten
  /// `decimalExponent`, in `%.{precision}g`'s form as jansson writes it: an exponent when `decimalExponent` is below
  /// -4 or at least the precision, else fixed; ".0" after a real with neither point nor exponent; the exponent without
  /// "+" or leading zeros.
  private static func writeDigits(
    _ digits: UnsafeRawBufferPointer, decimalExponent: Int, precision: Int, to bytes: inout OutputBytes
  ) {
    let count = digits.count
    if decimalExponent < -4 || decimalExponent >= precision {
      bytes.appendReserved(digits[0])
      if count > 1 {
        bytes.appendReserved(UInt8(ascii: "."))
        for index in 1..<count { bytes.appendReserved(digits[index]) }
      }
      bytes.appendReserved(UInt8(ascii: "e"))
      if decimalExponent < 0 { bytes.appendReserved(UInt8(ascii: "-")) }
      writeInteger(Int64(decimalExponent.magnitude), to: &bytes)
    } else if decimalExponent >= 0 {
      for index in 0...decimalExponent { bytes.appendReserved(index < count ? digits[index] : UInt8(ascii: "0")) }
      bytes.appendReserved(UInt8(ascii: "."))
      if count > decimalExponent + 1 {
        for index in (decimalExponent + 1)..<count { bytes.appendReserved(digits[index]) }
      } else {
        bytes.appendReserved(UInt8(ascii: "0"))
      }
    } else {
      bytes.appendReserved(UInt8(ascii: "0"))
      bytes.appendReserved(UInt8(ascii: "."))
      for _ in 0..<(-decimalExponent - 1) { bytes.appendReserved(UInt8(ascii: "0")) }
      for index in 0..<count { bytes.appendReserved(digits[index]) }
    }
  }

  /// A string between quotes with jansson's escapes.
  static func writeString(_ string: String, to bytes: inout OutputBytes) {
    var string = string
    string.withUTF8 { utf8 in
      // Room for the quotes and the text as it is; escapes make more as they come.
      bytes.reserve(utf8.count + 2)
      bytes.appendReserved(UInt8(ascii: "\""))
      var runStart = 0
      var index = 0
      let count = utf8.count
      while index < count {
        let byte = utf8[index]
        if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
          index += 1
          continue
        }
        if runStart < index { bytes.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
        appendEscape(byte, to: &bytes)
        index += 1
        runStart = index
      }
      if runStart < count { bytes.append(UnsafeBufferPointer(rebasing: utf8[runStart..<count])) }
      bytes.append(UInt8(ascii: "\""))
    }
  }

  private static func appendEscape(_ byte: UInt8, to bytes: inout OutputBytes) {
    bytes.reserve(6)
    bytes.appendReserved(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.appendReserved(byte)
    case 0x08: bytes.appendReserved(UInt8(ascii: "b"))
    case 0x0C: bytes.appendReserved(UInt8(ascii: "f"))
    case 0x0A: bytes.appendReserved(UInt8(ascii: "n"))
    case 0x0D: bytes.appendReserved(UInt8(ascii: "r"))
    case 0x09: bytes.appendReserved(UInt8(ascii: "t"))
    default:
      let hex: StaticString = "0123456789ABCDEF"
      bytes.appendReserved(UInt8(ascii: "u"))
      bytes.appendReserved(UInt8(ascii: "0"))
      bytes.appendReserved(UInt8(ascii: "0"))
      bytes.appendReserved(hex.utf8Start[Int(byte >> 4)])
      bytes.appendReserved(hex.utf8Start[Int(byte & 0x0F)])
    }
  }
}

/// The significant digits of a double's shortest round-trip form (Swift's `description`), read without making a
/// `String`: `Double.write(to:)` hands its digits to a `TextOutputStream` as one buffer of ASCII bytes, which this type
/// parses in place. A 17-digit offset's `description` is too long for a small string, so each real written used to
/// allocate twice (once for its precision, once for its digits).
struct ShortestDigits: TextOutputStream {
  /// The significant digits, without leading or trailing zeros ("390.5": `3905`; 0: none), as ASCII bytes.
  private var storage: (UInt64, UInt64, UInt64) = (0, 0, 0)
  /// How many digits `storage` holds.
  private(set) var count = 0
  /// The power of ten of the first digit ("390.5": 2, "0.001": -3).
  private(set) var decimalExponent = 0
  /// False when the form was not the expected digits, point and exponent (never for a finite double).
  private(set) var isValid = false
  /// Whether a form was written (a second one makes the digits invalid).
  private var written = false

  /// The shortest form of `value`'s magnitude.
  init(_ value: Double) {
    value.magnitude.write(to: &self)
  }

  /// The digits (`count` ASCII bytes).
  func withDigits<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    withUnsafeBytes(of: storage) { body(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
  }

  mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
    parse(UnsafeRawBufferPointer(buffer))
  }

  mutating func write(_ string: String) {
    var string = string
    string.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
  }

  /// Reads "390.5", "0.001", "1e-05", "1.2345e+20" (one call: `Double.write(to:)` writes its form at once).
  private mutating func parse(_ text: UnsafeRawBufferPointer) {
    guard !written else { return isValid = false }
    written = true
    var count = 0
    var integerDigits = 0  // significant digits before the point
    var zerosAfterPoint = 0  // zeros between the point and the first significant digit ("0.001": 2)
    var pointSeen = false
    var exponent = 0
    var exponentSign = 1
    var inExponent = false
    let parsed = withUnsafeMutableBytes(of: &storage) { digits -> Bool in
      for byte in text {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
          if inExponent {
            exponent = exponent &* 10 &+ Int(byte &- UInt8(ascii: "0"))
          } else if count == 0 && byte == UInt8(ascii: "0") {
            if pointSeen { zerosAfterPoint += 1 }
          } else {
            guard count < digits.count else { return false }
            digits[count] = byte
            count += 1
            if !pointSeen { integerDigits += 1 }
          }
        case UInt8(ascii: "."): pointSeen = true
        case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
        case UInt8(ascii: "-") where inExponent: exponentSign = -1
        case UInt8(ascii: "+") where inExponent: continue
        default: return false
        }
      }
      while count > 0, digits[count - 1] == UInt8(ascii: "0") { count -= 1 }
      return true
    }
    self.count = count
    decimalExponent = (integerDigits > 0 ? integerDigits - 1 : -(zerosAfterPoint + 1)) + exponentSign * exponent
    isValid = parsed
  }
}

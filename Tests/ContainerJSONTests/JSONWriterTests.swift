import ContainerJSON
import Testing

/// The daemon's own encoder against jansson's: the same bytes for every value (`JSONValue.encode(appendingTo:)` and
/// `encodeThroughJansson(appendingTo:)`).
@Suite struct JSONWriterTests {
  private func both(_ value: JSONValue) -> (own: String, jansson: String) {
    var own: [UInt8] = []
    value.encode(appendingTo: &own)
    var jansson: [UInt8] = []
    value.encodeThroughJansson(appendingTo: &jansson)
    return (String(decoding: own, as: UTF8.self), String(decoding: jansson, as: UTF8.self))
  }

  @Test func everyControlByteAndEscapeMatchesJansson() {
    var text = ""
    for scalar in 0..<0x80 { text.unicodeScalars.append(Unicode.Scalar(UInt8(scalar))) }
    text += "/é😀\u{2028}\u{FEFF}"
    let (own, jansson) = both(.string(text))
    #expect(own == jansson)
    #expect(own.hasPrefix(#""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000B\f\r\u000E"#))
    #expect(own.contains(##" !\"#$%&'()*+,-./0"##))
    #expect(own.contains(#"[\\]^_`a"#))
    #expect(own.hasSuffix("~\u{7F}/é😀\u{2028}\u{FEFF}\""))
  }

  @Test(arguments: [Int64.min, -1_000_000_007, -10, -9, -1, 0, 1, 9, 10, 99, 100, 1_234_567_890, Int64.max])
  func integersMatchJansson(_ value: Int64) {
    let (own, jansson) = both(.int(value))
    #expect(own == jansson)
    #expect(own == String(value))
  }

  @Test(arguments: [
    0.1, 0.5, -0.0, 1.0, 2.5, 390.5, 1e-5, 1e-4, 0.0001234, 1e15, 1e16, 1e17, 1e20, 1e21, 1.2345e20, 5e-324,
    1.7976931348623157e308, -2.2250738585072014e-308, 1.0 / 3.0, 123456.789, 1e15 + 0.5, 9_007_199_254_740_993,
    0.30000000000000004, 100.0, 1e300, 6.02214076e23,
  ])
  func realsMatchJansson(_ value: Double) {
    let (own, jansson) = both(.double(value))
    #expect(own == jansson)
    #expect(own.contains(".") || own.contains("e"), "a real reads back as a real: \(own)")
    #expect(Double(own) == value)
  }

  /// Reals of every magnitude and digit count, alone (their own precision) and forced to every precision from 1 to 17
  /// (a message's largest), written as printf would.
  @Test(arguments: 1...4)
  func randomRealsAtEveryPrecisionMatchJansson(_ seed: UInt64) {
    var random = SplitMix(seed: seed)
    for _ in 0..<3000 {
      let value: Double
      switch random.below(5) {
      case 0: value = Double(bitPattern: random.next())
      case 1: value = Double(Int64(bitPattern: random.next()) >> Int64(random.below(60))) / 1000
      case 2: value = Double(random.below(1_000_000)) * pow10(random.below(40) - 20)
      case 3: value = -Double(random.below(100_000)) / 60
      default: value = Double(random.below(10_000)) / Double(1 + random.below(999))
      }
      guard value.isFinite, value.rounded(.towardZero) != value || abs(value) > 1e15 else { continue }
      let alone = both(.double(value))
      #expect(alone.own == alone.jansson, "\(value)")
      // Next to a real needing `digits` digits, this one is written with the larger precision.
      for digits in [1, 2, 5, 8, 12, 15, 16, 17] {
        let neighbour = digits == 17 ? 0.1 + 0.2 : (digits == 16 ? 1.0 / 3.0 : 1.0 + pow10(1 - digits))
        let pair = both(.array([.double(value), .double(neighbour)]))
        #expect(pair.own == pair.jansson, "\(value) next to \(neighbour)")
      }
    }
  }

  /// Full-precision reals as scrolling physics makes them (offsets, velocities, times), alone and in pairs.
  @Test func fullPrecisionRealsMatchJansson() {
    var random = SplitMix(seed: 26)
    for _ in 0..<20_000 {
      let offset = Double(random.next() >> 11) / Double(1 << 53) * 10_000 - 500
      let time = Double(random.below(100_000)) / 60
      for value in [offset, time, offset * time, 1 / (offset + 0.5)] {
        let alone = both(.double(value))
        #expect(alone.own == alone.jansson, "\(value)")
        if alone.own != alone.jansson { return }
      }
      let pair = both(["x": .double(offset), "y": .double(time)])
      #expect(pair.own == pair.jansson)
    }
    // Powers of two (an asymmetric rounding interval) are left to printf and still match.
    for exponent in -1074...1023 {
      let value = Double(sign: .plus, exponent: exponent, significand: 1)
      let alone = both(.double(value))
      #expect(alone.own == alone.jansson, "2^\(exponent)")
    }
  }

  /// Reals written at a precision of 16 or 17 that their shortest digits do not give (a 16-digit offset next to a
  /// 17-digit time) are rounded exactly, as printf rounds: around every power of ten from 10^-6 to 10^17 (where the
  /// rounding moves the first digit), and scrolling offsets of every digit count.
  @Test func realsRoundedToSixteenOrSeventeenDigitsMatchJansson() {
    let neighbours = [0.1 + 0.2, 1.0 / 3.0]
    var values: [Double] = []
    for exponent in -6...17 {
      var value = pow10(exponent)
      for _ in 0..<4 { value = value.nextDown }
      for _ in 0..<8 {
        values.append(value)
        values.append(value * 0.5)
        value = value.nextUp
      }
    }
    var random = SplitMix(seed: 1626)
    for _ in 0..<20_000 {
      let digits = 1 + random.below(16)
      values.append(
        (Double(random.next() >> 11) / Double(1 << 53) * pow10(digits)).rounded() / pow10(random.below(digits)))
    }
    for value in values {
      for neighbour in neighbours {
        let pair = both(.array([.double(value), .double(-value), .double(neighbour)]))
        #expect(pair.own == pair.jansson, "\(value) next to \(neighbour)")
        if pair.own != pair.jansson { return }
      }
    }
  }

  private func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<abs(exponent) { result *= 10 }
    return exponent < 0 ? 1 / result : result
  }

  @Test func nonFiniteRealsAreNullAsJanssonsAre() {
    for value in [Double.nan, .infinity, -.infinity] {
      let (own, jansson) = both(.array([.double(value), .int(1)]))
      #expect(own == jansson)
      #expect(own == "[null,1]")
    }
  }

  @Test func realsOfMixedPrecisionShareTheLargest() {
    let value: JSONValue = ["a": 0.1, "b": 0.30000000000000004, "c": 390.5, "d": [0.25, 1e-5]]
    let (own, jansson) = both(value)
    #expect(own == jansson)
    #expect(own == #"{"a":0.10000000000000001,"b":0.30000000000000004,"c":390.5,"d":[0.25,1.0000000000000001e-5]}"#)
    let exact: JSONValue = [0.5, 390.5, 0.25]
    #expect(both(exact).own == "[0.5,390.5,0.25]")
  }

  @Test func objectsReadFromTheWireOutOfOrderAreSorted() throws {
    let value = try JSONValue.parse(#"{"b":1,"a":{"z":[],"y":{}},"":"x","\u0001":null,"é":true,"B":false}"#)
    let (own, jansson) = both(value)
    #expect(own == jansson)
    #expect(own == #"{"":"x","\u0001":null,"B":false,"a":{"y":{},"z":[]},"b":1,"é":true}"#)
  }

  @Test func scalarsAtTheTopLevelMatchJansson() {
    for value: JSONValue in [nil, true, false, "", "x", [], [:], [[[]]]] {
      let (own, jansson) = both(value)
      #expect(own == jansson)
    }
  }

  @Test(arguments: 1...8)
  func randomValuesMatchJansson(_ seed: UInt64) {
    var random = SplitMix(seed: seed)
    for _ in 0..<400 {
      let value = random.value(depth: 0)
      let (own, jansson) = both(value)
      #expect(own == jansson)
      if own != jansson { return }
    }
  }

  @Test func largeValuesEncodeWhole() {
    let big = JSONValue.array((0..<5000).map { .string("row \($0) \u{1}") })
    let (own, jansson) = both(big)
    #expect(own == jansson)
    #expect(own.utf8.count > 40_000)
  }
}

/// A small deterministic generator of JSON values (SplitMix64).
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  mutating func string() -> String {
    let alphabet: [Unicode.Scalar] = [
      "a", "b", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é",
      "😀", "\u{2028}", "_", "0", ".",
    ]
    var text = ""
    for _ in 0..<below(9) { text.unicodeScalars.append(alphabet[below(alphabet.count)]) }
    return text
  }

  mutating func real() -> Double {
    switch below(6) {
    case 0: return Double(below(2000)) / 8
    case 1: return Double(Int64(bitPattern: next() >> 12)) / 1000
    case 2: return Double(bitPattern: next())
    case 3: return Double(below(100_000)) * 1e-7
    case 4: return Double(below(1000)) * 1e18
    default: return Double(below(1000)) / 3
    }
  }

  mutating func value(depth: Int) -> JSONValue {
    switch below(depth > 3 ? 5 : 7) {
    case 0: return .null
    case 1: return .bool(below(2) == 0)
    case 2: return .int(Int64(bitPattern: next()) >> Int64(below(64)))
    case 3: return .double(real())
    case 4: return .string(string())
    case 5: return .array((0..<below(5)).map { _ in value(depth: depth + 1) })
    default:
      var object = JSONObject()
      for _ in 0..<below(5) { object[string()] = value(depth: depth + 1) }
      return .object(object)
    }
  }
}

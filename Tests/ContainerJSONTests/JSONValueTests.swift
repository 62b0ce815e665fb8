import ContainerJSON
import Testing

/// The jansson boundary: what parses, what is rejected, and the exact bytes of encoding.
@Suite struct JSONValueTests {
  private func parse(_ bytes: [UInt8], maxDepth: Int = 512) -> Result<JSONValue, JSONParseError> {
    bytes.withUnsafeBytes { raw in Result { () throws(JSONParseError) in try JSONValue.parse(raw, maxDepth: maxDepth) }
    }
  }

  private func parse(_ text: String, maxDepth: Int = 512) -> Result<JSONValue, JSONParseError> {
    parse(Array(text.utf8), maxDepth: maxDepth)
  }

  private func errorKind(_ text: String, maxDepth: Int = 512) -> JSONParseError.Kind? {
    if case .failure(let error) = parse(text, maxDepth: maxDepth) { return error.kind }
    return nil
  }

  // MARK: - Parsing

  @Test func integersAndRealsStayDistinct() throws {
    #expect(try JSONValue.parse("1") == .int(1))
    #expect(try JSONValue.parse("1.0") == .double(1))
    #expect(try JSONValue.parse("1e2") == .double(100))
    #expect(try JSONValue.parse("-0") == .int(0))
    #expect(try JSONValue.parse("-9223372036854775808") == .int(.min))
    #expect(try JSONValue.parse("9223372036854775807") == .int(.max))
  }

  @Test(arguments: ["9223372036854775808", "-9223372036854775809", "123456789012345678901234567890", "1e400", "-1e400"])
  func numbersOutOfRangeAreErrorsNotWrapped(_ text: String) {
    #expect(errorKind(text) == .numericOverflow)
    #expect(errorKind(#"{"id":\#(text)}"#) == .numericOverflow)
  }

  @Test func stringsKeepNULAndNonBMPCharacters() throws {
    let value = try JSONValue.parse(#"["a\u0000b", "\ud83d\ude00", "😀", "\u00e9"]"#)
    #expect(value == .array([.string("a\u{0}b"), .string("😀"), .string("😀"), .string("é")]))
    #expect(value.arrayValue?[0].stringValue?.utf8.count == 3)
    #expect(value.encodedString == "[\"a\\u0000b\",\"😀\",\"😀\",\"é\"]")
  }

  /// jansson 2.14 refuses NUL in object keys (values may hold NUL); the whole message is a parse error.
  @Test func objectKeysWithNULAreRejected() {
    #expect(errorKind(#"{"a\u0000b":1}"#) == .syntax)
  }

  @Test(
    arguments: [
      [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
      [0x22, 0xF8, 0x88, 0x80, 0x80, 0x80, 0x22],
      [0x7B, 0x22, 0x61, 0xC0, 0xAF, 0x22, 0x3A, 0x31, 0x7D],
    ] as [[UInt8]])
  func invalidUTF8IsRejected(_ bytes: [UInt8]) {
    guard case .failure(let error) = parse(bytes) else {
      Issue.record("accepted invalid UTF-8 \(bytes)")
      return
    }
    #expect(error.kind == .invalidUTF8)
  }

  @Test func loneSurrogateEscapesAreRejected() {
    #expect(errorKind(#""\ud800""#) != nil)
  }

  @Test func duplicateKeysAreRejected() {
    #expect(errorKind(#"{"id":1,"id":2}"#) == .duplicateKey)
  }

  @Test func depthLimitCountsArraysAndObjects() {
    let deep512 = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    let deep513 = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    #expect(errorKind(deep512) == nil)
    #expect(errorKind(deep513) == .tooDeep)
    #expect(errorKind(#"{"a":{"b":[1]}}"#, maxDepth: 2) == .tooDeep)
    #expect(errorKind(#"{"a":{"b":1}}"#, maxDepth: 2) == nil)
  }

  /// Past jansson's own 2048 levels the error still names the configured limit, as below them.
  @Test(arguments: [(513, 512), (3000, 512), (2049, 2048), (100_000, 16)])
  func depthErrorsNameTheConfiguredLimit(_ depth: Int, _ limit: Int) throws {
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let error = try #require(throws: JSONParseError.self) { try JSONValue.parse(text, maxDepth: limit) }
    #expect(error.kind == .tooDeep)
    #expect(error.message == "nesting depth exceeds the limit of \(limit)")
    #expect(error.offset == nil)
  }

  @Test func hundredThousandDeepArrayFailsCleanly() {
    let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(errorKind(text) == .tooDeep)
    #expect(errorKind(String(repeating: "[", count: 100_000)) == .tooDeep)
  }

  @Test(arguments: ["", " ", "{", "[1,", #"{"a""#, #""abc"#])
  func truncatedTextIsPrematureEnd(_ text: String) {
    #expect(errorKind(text) == .prematureEnd)
  }

  @Test(arguments: ["xx", "{a:1}", "[1,]", "01", "{\"a\":1}}", "nul", "'a'", "NaN", "Infinity"])
  func syntaxErrors(_ text: String) {
    let kind = errorKind(text)
    #expect(kind == .syntax || kind == .prematureEnd)
    #expect(kind != nil)
  }

  @Test func errorsCarryAnOffsetAndJanssonsText() {
    guard case .failure(let error) = parse(#"{"a":1,}"#) else {
      Issue.record("accepted trailing comma")
      return
    }
    #expect(error.offset == 8)
    #expect(error.message.contains("string or '}' expected"))
  }

  @Test func prefixParsingReportsTheLengthUsed() throws {
    let bytes = Array(#"{"a":1}{"b":2}"#.utf8)
    let (value, length) = try bytes.withUnsafeBytes { raw in try JSONValue.parsePrefix(raw) }
    #expect(value == .object(["a": .int(1)]))
    #expect(length == 7)
  }

  // MARK: - Encoding

  @Test func encodingIsCompactWithSortedKeys() {
    let value: JSONValue = ["zeta": 1, "alpha": [true, false, nil], "mid": ["b": "x", "a": 2.5]]
    #expect(value.encodedString == #"{"alpha":[true,false,null],"mid":{"a":2.5,"b":"x"},"zeta":1}"#)
  }

  @Test func encodingIsDeterministicAcrossInsertionOrders() {
    var first = JSONObject()
    var second = JSONObject()
    let keys = (0..<200).map { "k\($0)" }
    for key in keys { first[key] = .string(key) }
    for key in keys.reversed() { second[key] = .string(key) }
    #expect(JSONValue.object(first).encodedString == JSONValue.object(second).encodedString)
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    // Members added in code are kept in bytewise key order, whatever order they were added in.
    #expect(first.keys == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    #expect(first.keys == second.keys)
  }

  /// An object read from the wire keeps its document order (`keys`) and is written sorted; keys compare by UTF-8
  /// bytes, a shorter prefix first, as jansson's `JSON_SORT_KEYS` orders them (not by Unicode canonical order, under
  /// which the precomposed and decomposed é would be equal).
  @Test func parsedObjectsKeepDocumentOrderAndEncodeSorted() throws {
    let text = #"{"b":1,"é":2,"e\u0301":3,"a":{"y":1,"x":2},"ab":4,"B":5}"#
    guard case .object(let members) = try JSONValue.parse(text) else { return #expect(Bool(false)) }
    #expect(members.keys == ["b", "é", "e\u{301}", "a", "ab", "B"])
    #expect(
      try JSONValue.parse(text).encodedString == #"{"B":5,"a":{"x":2,"y":1},"ab":4,"b":1,"é":3,"é":2}"#)
  }

  @Test func objectMembersCanBeReplacedAndRemoved() {
    var object: JSONObject = ["a": 1, "b": 2]
    object["a"] = 3
    object["b"] = nil
    object["c"] = "x"
    #expect(object == ["c": "x", "a": 3])
    #expect(object.count == 2)
    #expect(JSONValue.object(object).encodedString == #"{"a":3,"c":"x"}"#)
  }

  /// A message up to 1 KiB is dumped into a stack buffer, a larger one in a second pass straight into the output:
  /// both are appended whole after what the output already holds.
  @Test(arguments: [1023, 1024, 1025, 4096, 4097])
  func messagesAroundTheStackBufferEncodeWhole(size: Int) {
    let text = String(repeating: "x", count: size - 2)
    var bytes: [UInt8] = Array("prefix".utf8)
    JSONValue.string(text).encode(appendingTo: &bytes)
    #expect(bytes.count == 6 + size)
    #expect(String(decoding: bytes, as: UTF8.self) == "prefix\"" + text + "\"")
  }

  @Test func largeMessagesEncodeWhole() throws {
    let big = JSONValue.array((0..<5000).map { .string("item \($0)") })
    let text = big.encodedString
    #expect(text.utf8.count > 4096)
    #expect(try JSONValue.parse(text) == big)
  }

  @Test(arguments: [
    (0.1, "0.1"), (1.5, "1.5"), (390.0, "390.0"), (-2.25, "-2.25"), (1e20, "1e20"), (1e-7, "1e-7"),
    (123.456, "123.456"), (0.30000000000000004, "0.30000000000000004"), (5e-324, "5e-324"),
    (1.7976931348623157e308, "1.7976931348623157e308"), (2.0 / 3.0, "0.6666666666666666"), (1.5e300, "1.5e300"),
    (123456789012345678.0, "1.2345678901234568e17"), (4096.5, "4096.5"),
  ])
  func realAloneUsesItsShortestExactForm(_ value: Double, _ expected: String) {
    #expect(JSONValue.double(value).encodedString == expected)
  }

  @Test func realsRoundTripExactly() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      let value = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF | (generator.next() & (1 << 63)))
      let encoded = JSONValue.array([.double(value), .double(0.1)]).encodedString
      #expect(try JSONValue.parse(encoded) == .array([.double(value), .double(0.1)]), "\(value) -> \(encoded)")
    }
  }

  /// A real alone is written with no more significant digits than its shortest round-trip form (Swift's
  /// `description`) has, or than its integer part is wide, and reads back exactly: over whole numbers, decimals and
  /// arbitrary bit patterns (a fixed-seed generator, so a failure repeats).
  @Test func realAloneIsExactAndShortest() throws {
    func significant(_ text: Substring) -> Int {
      let mantissa = text.prefix { $0 != "e" && $0 != "E" }.filter(\.isNumber)
      let trimmed = mantissa.drop { $0 == "0" }.reversed().drop { $0 == "0" }
      return trimmed.count
    }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state
    }
    var values: [Double] = [0, 1, 9, 10, 99, 100, 999_999_999_999_999, 1e15, 1e16, 0.5, 390.5, 1e-5, 4.9e-324]
    for index in 0..<20_000 {
      switch index % 3 {
      case 0: values.append(Double(Int64(bitPattern: next()) % 10_000_000_000) / 1000)
      case 1: values.append(Double(Int64(bitPattern: next()) % 1_000_000_000_000_000))
      default: values.append(Double(bitPattern: next() & 0x7FEF_FFFF_FFFF_FFFF | (next() & (1 << 63))))
      }
    }
    for value in values {
      let encoded = JSONValue.double(value).encodedString
      #expect(try JSONValue.parse(encoded) == .double(value), "\(value) -> \(encoded)")
      let shortest = Substring(value.magnitude.description)
      let integerWidth = value.magnitude < 1e17 ? String(UInt64(value.magnitude)).count : 0
      #expect(
        significant(Substring(encoded)) <= max(1, significant(shortest), integerWidth), "\(value) -> \(encoded)")
    }
  }

  /// One precision per message (a jansson limit): the most demanding real sets it; all still read back exactly.
  @Test func realsInOneMessageSharePrecision() {
    #expect(
      JSONValue.array([.double(0.1), .double(0.30000000000000004)]).encodedString
        == "[0.10000000000000001,0.30000000000000004]")
    #expect(JSONValue.array([.double(0.1), .double(2.5)]).encodedString == "[0.1,2.5]")
  }

  @Test func nonFiniteRealsBecomeNull() {
    #expect(JSONValue.array([.double(.nan), .double(.infinity)]).encodedString == "[null,null]")
  }

  @Test func geometryNumbersPreferIntegers() {
    #expect(JSONValue.number(390).encodedString == "390")
    #expect(JSONValue.number(-0.5).encodedString == "-0.5")
    #expect(JSONValue.number(1e300) == .double(1e300))
  }

  @Test func parseThenEncodeIsStable() throws {
    let text = #"{"a":[1,2.5,"x",null,true,{"b":{}}],"c":-7,"d":[]}"#
    let once = try JSONValue.parse(text).encodedString
    #expect(once == text)
    #expect(try JSONValue.parse(once).encodedString == once)
  }
}

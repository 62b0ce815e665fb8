import CJansson

/// A NUL byte that stays valid for the life of the process, for empty buffers whose base address is nil.
nonisolated(unsafe) private let emptyCString: UnsafePointer<CChar> = {
  let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
  pointer.pointee = 0
  return UnsafePointer(pointer)
}()

/// The jansson boundary: parsing bytes into `JSONValue` and encoding `JSONValue` into bytes.
///
/// This file and its neighbours in `JSON/` are the only code that touches `json_t`. Every `json_t` made here is
/// converted and released before the function returns.
extension JSONValue {
  // jansson's decoding flags. Strings may hold NUL (read with `json_string_length`); any value may be
  // top-level (a bare `1` is then an invalid request, not a parse error); duplicate keys are rejected so
  // that `{"id":1,"id":2}` cannot mean two different things to two readers.
  private static let decodeFlags = Int(JSON_DECODE_ANY | JSON_ALLOW_NUL | JSON_REJECT_DUPLICATES)

  /// Parses exactly one JSON text (surrounding whitespace allowed).
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text.
  ///   - maxDepth: the deepest nesting of arrays and objects accepted; `[[1]]` has depth 2.
  /// - Throws: `JSONParseError` for anything that is not exactly one valid JSON text within the limits.
  public static func parse(_ bytes: UnsafeRawBufferPointer, maxDepth: Int = 512) throws(JSONParseError) -> JSONValue {
    var strings = JSONStringCache()
    return try parse(bytes, maxDepth: maxDepth, flags: decodeFlags, strings: &strings).value
  }

  /// Parses exactly one JSON text, taking its short strings from `strings` when they were read before (a stream's
  /// reader keeps one cache for all its messages).
  public static func parse(
    _ bytes: UnsafeRawBufferPointer, maxDepth: Int = 512, strings: inout JSONStringCache
  ) throws(JSONParseError) -> JSONValue {
    try parse(bytes, maxDepth: maxDepth, flags: decodeFlags, strings: &strings).value
  }

  /// Parses exactly one JSON text from a string (a convenience for tests and literals).
  public static func parse(_ text: String, maxDepth: Int = 512) throws(JSONParseError) -> JSONValue {
    var text = text
    let result = text.withUTF8 { utf8 in
      Result { () throws(JSONParseError) in try parse(UnsafeRawBufferPointer(utf8), maxDepth: maxDepth) }
    }
    return try result.get()
  }

  /// Parses the first JSON text in `bytes` and reports how many bytes it used.
  ///
  /// Used by the line framing to split concatenated or pretty-printed texts. Error kind `.prematureEnd` means
  /// the text is incomplete and more bytes may complete it.
  public static func parsePrefix(
    _ bytes: UnsafeRawBufferPointer,
    maxDepth: Int = 512
  ) throws(JSONParseError) -> (value: JSONValue, length: Int) {
    var strings = JSONStringCache()
    return try parsePrefix(bytes, maxDepth: maxDepth, strings: &strings)
  }

  /// `parsePrefix(_:maxDepth:)`, taking short strings from `strings` (see `parse(_:maxDepth:strings:)`).
  public static func parsePrefix(
    _ bytes: UnsafeRawBufferPointer,
    maxDepth: Int = 512,
    strings: inout JSONStringCache
  ) throws(JSONParseError) -> (value: JSONValue, length: Int) {
    try parse(bytes, maxDepth: maxDepth, flags: decodeFlags | Int(JSON_DISABLE_EOF_CHECK), strings: &strings)
  }

  private static func parse(
    _ bytes: UnsafeRawBufferPointer,
    maxDepth: Int,
    flags: Int,
    strings: inout JSONStringCache
  ) throws(JSONParseError) -> (value: JSONValue, length: Int) {
    var error = json_error_t()
    let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
    guard let json = json_loadb(base ?? emptyCString, bytes.count, flags, &error) else {
      // jansson stops at its own 2048 levels, which is at or past `maxDepth` (at most 2048): report the configured
      // limit, as the daemon's own check does, whichever of the two caught the text.
      if cjansson_error_code(&error) == json_error_stack_overflow { throw JSONParseError.tooDeep(maxDepth) }
      throw JSONParseError(jansson: error)
    }
    defer { cjansson_decref(json) }
    var sawZeroReal = false
    let value = try JSONValue(json, depth: 0, maxDepth: maxDepth, sawZeroReal: &sawZeroReal, strings: &strings)
    let length = Int(error.position)
    // jansson rejects a real that overflows (`1e400`) but reads one that underflows (`1e-400`) as 0.0: an id would
    // come back as `0.0`, and any tiny value would silently become zero. Such a text is refused the same way. Only
    // a text holding a zero real is scanned again, so the common case costs nothing.
    // (Without JSON_DISABLE_EOF_CHECK the text is the whole buffer, and jansson leaves the position at 0.)
    let text = flags & Int(JSON_DISABLE_EOF_CHECK) != 0 ? UnsafeRawBufferPointer(rebasing: bytes.prefix(length)) : bytes
    if sawZeroReal, let underflow = Self.firstUnderflow(text) {
      throw underflow
    }
    return (value, length)
  }

  /// The first real literal of `text` with a nonzero digit that reads as zero (below the smallest subnormal double),
  /// as a `.numericOverflow` error at the end of the literal (where jansson reports an overflow); nil if none.
  static func firstUnderflow(_ text: UnsafeRawBufferPointer) -> JSONParseError? {
    var index = 0
    var inString = false
    while index < text.count {
      let byte = text[index]
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 2
          continue
        }
        if byte == UInt8(ascii: "\"") { inString = false }
        index += 1
        continue
      }
      if byte == UInt8(ascii: "\"") {
        inString = true
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
        index += 1
        continue
      }
      let start = index
      var isReal = false
      var nonzeroMantissa = false
      var inExponent = false
      while index < text.count {
        let character = text[index]
        switch character {
        case UInt8(ascii: "1")...UInt8(ascii: "9"): if !inExponent { nonzeroMantissa = true }
        case UInt8(ascii: "0"), UInt8(ascii: "-"), UInt8(ascii: "+"): break
        case UInt8(ascii: "."): isReal = true
        case UInt8(ascii: "e"), UInt8(ascii: "E"):
          isReal = true
          inExponent = true
        default: break
        }
        guard
          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(character) || character == UInt8(ascii: "-")
            || character == UInt8(ascii: "+") || character == UInt8(ascii: ".") || character == UInt8(ascii: "e")
            || character == UInt8(ascii: "E")
        else { break }
        index += 1
      }
      guard isReal && nonzeroMantissa else { continue }
      let literal = String(decoding: text[start..<index], as: UTF8.self)
      if let value = Double(literal), value == 0 {
        return JSONParseError(
          kind: .numericOverflow, message: "real number underflow near '\(literal)'", offset: index)
      }
    }
    return nil
  }

  /// Converts a borrowed `json_t` recursively; `sawZeroReal` is set when a real is zero (see `firstUnderflow`).
  private init(
    _ json: UnsafeMutablePointer<json_t>, depth: Int, maxDepth: Int, sawZeroReal: inout Bool,
    strings: inout JSONStringCache
  ) throws(JSONParseError) {
    switch cjansson_typeof(json) {
    case JSON_NULL:
      self = .null
    case JSON_TRUE:
      self = .bool(true)
    case JSON_FALSE:
      self = .bool(false)
    case JSON_INTEGER:
      self = .int(Int64(json_integer_value(json)))
    case JSON_REAL:
      let real = json_real_value(json)
      if real == 0 { sawZeroReal = true }
      self = .double(real)
    case JSON_STRING:
      self = .string(Self.string(json_string_value(json), count: json_string_length(json), strings: &strings))
    case JSON_ARRAY:
      guard depth < maxDepth else { throw JSONParseError.tooDeep(maxDepth) }
      let count = json_array_size(json)
      var elements: [JSONValue] = []
      elements.reserveCapacity(count)
      for index in 0..<count {
        elements.append(
          try JSONValue(
            json_array_get(json, index), depth: depth + 1, maxDepth: maxDepth, sawZeroReal: &sawZeroReal,
            strings: &strings))
      }
      self = .array(elements)
    default:  // JSON_OBJECT
      guard depth < maxDepth else { throw JSONParseError.tooDeep(maxDepth) }
      var members = JSONObject()
      members.reserveCapacity(json_object_size(json))
      var iterator = json_object_iter(json)
      while let current = iterator {
        let key = Self.string(
          json_object_iter_key(current), count: json_object_iter_key_len(current), strings: &strings)
        members.appendNew(
          key,
          try JSONValue(
            json_object_iter_value(current), depth: depth + 1, maxDepth: maxDepth, sawZeroReal: &sawZeroReal,
            strings: &strings))
        iterator = json_object_iter_next(json, current)
      }
      self = .object(members)
    }
  }

  private static func string(_ pointer: UnsafePointer<CChar>?, count: Int, strings: inout JSONStringCache) -> String {
    guard let pointer, count > 0 else { return "" }
    // jansson has already validated the UTF-8; decoding cannot repair anything here.
    return pointer.withMemoryRebound(to: UInt8.self, capacity: count) { strings.string($0, count: count) }
  }
}

// MARK: - Encoding through jansson (the reference)

extension JSONValue {
  /// Appends the encoding jansson's `json_dumpb` gives this value (`JSON_COMPACT | JSON_ENCODE_ANY`, members handed to
  /// jansson in bytewise key order, which is what `JSON_SORT_KEYS` writes, and all reals of the value with the precision
  /// the most demanding of them needs).
  ///
  /// The daemon's own encoder (`encode(appendingTo:)`, JSONValue+Encoding.swift) writes the same bytes without building
  /// `json_t`s; this is the reference tests compare it with, and what it was until then.
  package func encodeThroughJansson(appendingTo bytes: inout [UInt8]) {
    var precision = 0
    guard let json = makeJansson(precision: &precision) else { return }
    defer { cjansson_decref(json) }
    var flags = Int(JSON_COMPACT | JSON_ENCODE_ANY)
    if precision > 0 { flags |= cjansson_real_precision(Int32(precision)) }
    // One pass into a stack buffer for a small value; a second pass straight into `bytes` for a larger one (json_dumpb
    // reports the size it needs).
    let needed = withUnsafeTemporaryAllocation(byteCount: 1024, alignment: 8) {
      scratch -> Int in
      let size = json_dumpb(json, scratch.baseAddress?.assumingMemoryBound(to: CChar.self), scratch.count, flags)
      guard size <= scratch.count else { return size }
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[0..<size]))
      return 0
    }
    guard needed > 0 else { return }
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(0, count: needed))
    bytes.withUnsafeMutableBytes { raw in
      _ = json_dumpb(json, (raw.baseAddress! + start).assumingMemoryBound(to: CChar.self), needed, flags)
    }
  }

  /// Builds a new `json_t` (owned by the caller), raising `precision` to what each real needs.
  private func makeJansson(precision: inout Int) -> UnsafeMutablePointer<json_t>? {
    switch self {
    case .null:
      return json_null()
    case .bool(let bool):
      return cjansson_boolean(bool ? 1 : 0)
    case .int(let int):
      return json_integer(json_int_t(int))
    case .double(let double):
      guard double.isFinite else { return json_null() }
      precision = max(precision, Self.significantDigits(double))
      return json_real(double)
    case .string(let string):
      var string = string
      return string.withUTF8 { utf8 in
        utf8.withMemoryRebound(to: CChar.self) { json_stringn_nocheck($0.baseAddress ?? emptyCString, $0.count) }
      }
    case .array(let elements):
      guard let array = json_array() else { return nil }
      for element in elements {
        if let item = element.makeJansson(precision: &precision) {
          json_array_append_new(array, item)
        }
      }
      return array
    case .object(let members):
      guard let object = json_object() else { return nil }
      for (key, member) in members.membersInKeyOrder {
        guard let item = member.makeJansson(precision: &precision) else { continue }
        var key = key
        key.withUTF8 { utf8 in
          utf8.withMemoryRebound(to: CChar.self) {
            _ = json_object_setn_new_nocheck(object, $0.baseAddress ?? emptyCString, $0.count, item)
          }
        }
      }
      return object
    }
  }

  /// The number of significant digits `%.Ng` needs to print `value` so that it reads back exactly.
  ///
  /// Swift's `description` is the shortest round-trip form; its digit count (without leading or trailing zeros)
  /// is the precision, raised to the integer-part width so that `390.5`-like values never switch to exponents.
  static func significantDigits(_ value: Double) -> Int {
    let magnitude = value.magnitude
    // Whole numbers below 10^15 (frames, offsets, sizes: most reals the daemon writes) need their digit count.
    if magnitude < 1e15, magnitude == magnitude.rounded(.towardZero) {
      var digits = 1
      var bound = 10.0
      while magnitude >= bound {
        digits += 1
        bound *= 10
      }
      return digits
    }
    return significantDigits(ShortestDigits(value))
  }

  /// `significantDigits` from the shortest form's digits: the digit count (from the first non-zero digit through the
  /// last), raised to the integer-part width below 10^17 (`%g` switches to exponents at 17 digits anyway).
  static func significantDigits(_ shortest: ShortestDigits) -> Int {
    guard shortest.isValid else { return 17 }
    let exponent = shortest.decimalExponent
    let width = exponent >= 0 && exponent < 17 ? exponent + 1 : 0
    return min(17, max(1, shortest.count, width))
  }
}

// MARK: - Errors

extension JSONParseError {
  /// The error for nesting deeper than `limit`.
  static func tooDeep(_ limit: Int) -> JSONParseError {
    JSONParseError(kind: .tooDeep, message: "nesting depth exceeds the limit of \(limit)", offset: nil)
  }

  /// Translates jansson's error report.
  init(jansson error: json_error_t) {
    var error = error
    let text = withUnsafeBytes(of: &error.text) { raw -> String in
      let chars = raw.bindMemory(to: UInt8.self)
      let length = chars.firstIndex(of: 0) ?? chars.count
      return String(decoding: chars[..<length], as: UTF8.self)
    }
    let kind: Kind
    switch cjansson_error_code(&error) {
    case json_error_premature_end_of_input: kind = .prematureEnd
    case json_error_invalid_utf8: kind = .invalidUTF8
    case json_error_stack_overflow: kind = .tooDeep
    case json_error_numeric_overflow: kind = .numericOverflow
    case json_error_duplicate_key: kind = .duplicateKey
    default: kind = .syntax
    }
    self.init(kind: kind, message: text, offset: error.position >= 0 ? Int(error.position) : nil)
  }
}

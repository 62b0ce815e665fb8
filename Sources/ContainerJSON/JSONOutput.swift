/// Writes one JSON message member by member straight into an output buffer, for the daemon's most frequent messages
/// (events), with no `JSONValue` built for them.
///
/// The caller writes members in bytewise key order (the order `JSONObject` keeps and jansson's `JSON_SORT_KEYS`
/// writes), so the bytes are exactly what `JSONValue.encode(appendingTo:)` writes for the same value; the daemon's tests
/// compare the two for every kind of event. Reals follow the same one-precision-per-message rule: when a message's
/// reals need different precisions, `message(appendingTo:_:)` writes it a second time with the largest.
public struct JSONOutput {
  /// The message's bytes (on the stack unless it is large), appended to the caller's buffer once it is whole.
  fileprivate var bytes: OutputBytes
  fileprivate var reals: RealPrecision
  /// Whether the next key or array element needs a comma before it.
  private var needsComma = false

  private init(bytes: OutputBytes, reals: RealPrecision) {
    self.bytes = bytes
    self.reals = reals
  }

  /// The bytes a message is written into on the stack before it needs the heap. 1 KiB is the most
  /// `withUnsafeTemporaryAllocation` puts on the stack on Linux (a larger buffer comes from the heap every time); an
  /// event or a reply is rarely larger.
  static let stackBufferSize = 1024

  /// Appends the message `body` writes to `bytes`.
  ///
  /// `body` may run twice (see the type's note on reals): it must write the same members each time.
  public static func message(appendingTo bytes: inout [UInt8], _ body: (inout JSONOutput) -> Void) {
    withUnsafeTemporaryAllocation(byteCount: stackBufferSize, alignment: 8) { stack in
      var output = JSONOutput(bytes: OutputBytes(stack: stack), reals: RealPrecision())
      body(&output)
      if output.reals.isMixed {
        output.bytes.removeAll()
        output.needsComma = false
        output.reals = RealPrecision(forced: output.reals.largest)
        body(&output)
      }
      bytes.append(contentsOf: output.bytes.written)
      output.bytes.release()
    }
  }

  // MARK: - Structure

  /// Opens an object (as a value: after a key, as an array element, or at the top).
  public mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  /// Closes the innermost object.
  public mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  /// Opens an array.
  public mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  /// Closes the innermost array.
  public mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// Writes a member's key; its value comes next. `key` is plain ASCII with nothing to escape, and comes after the
  /// object's previous key in bytewise order.
  public mutating func key(_ key: StaticString) {
    separate()
    let length = key.utf8CodeUnitCount
    bytes.reserve(length + 3)
    bytes.appendReserved(UInt8(ascii: "\""))
    (bytes.base + bytes.count).update(from: key.utf8Start, count: length)
    bytes.advance(by: length)
    bytes.appendReserved(UInt8(ascii: "\""))
    bytes.appendReserved(UInt8(ascii: ":"))
    needsComma = false
  }

  // MARK: - Values

  /// A string value.
  public mutating func string(_ value: String) {
    separate()
    JSONWriter.writeString(value, to: &bytes)
    needsComma = true
  }

  /// A string value known at compile time to need no escape.
  public mutating func string(_ value: StaticString) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    bytes.append(value)
    bytes.append(UInt8(ascii: "\""))
    needsComma = true
  }

  /// An integer value.
  public mutating func int(_ value: Int) {
    separate()
    JSONWriter.writeInteger(Int64(value), to: &bytes)
    needsComma = true
  }

  /// A boolean value.
  public mutating func bool(_ value: Bool) {
    separate()
    bytes.append(value ? "true" : "false")
    needsComma = true
  }

  /// A number for geometry and time, as `JSONValue.number` writes it: an integer when it is one, else a real.
  public mutating func number(_ value: Double) {
    separate()
    if value.rounded(.towardZero) == value, abs(value) <= 9_007_199_254_740_992 {
      JSONWriter.writeInteger(Int64(value), to: &bytes)
    } else {
      JSONWriter.writeReal(value, to: &bytes, reals: &reals)
    }
    needsComma = true
  }

  /// Any value, encoded as `JSONValue.encode(appendingTo:)` does (its reals share this message's precision).
  public mutating func value(_ value: JSONValue) {
    separate()
    JSONWriter.write(value, to: &bytes, reals: &reals)
    needsComma = true
  }

  @inline(__always)
  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }
}

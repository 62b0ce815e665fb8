/// A JSON value, as the rest of the daemon sees it.
///
/// This closed enum is the only JSON representation outside `JSON/`: jansson's `json_t` is converted into a
/// `JSONValue` at the boundary and freed at once (see `JSONValue+Jansson.swift`). Integers and reals stay
/// distinct, so an id sent as `1` is echoed as `1` and one sent as `1.0` as `1.0`.
public enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer that fits in 64 bits; larger integers are rejected by the parser, never wrapped.
  case int(Int64)
  /// A real (a number written with a fraction or an exponent).
  case double(Double)
  /// A string; it may contain NUL characters and any Unicode scalar.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object. Keys are unique (the parser rejects duplicates); encoding sorts them.
  case object(JSONObject)
}

// MARK: - Accessors

extension JSONValue {
  /// The members of an object, or `nil` for any other value.
  public var objectValue: JSONObject? {
    if case .object(let members) = self { return members }
    return nil
  }

  /// The elements of an array, or `nil` for any other value.
  public var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The string, or `nil` for any other value.
  public var stringValue: String? {
    if case .string(let string) = self { return string }
    return nil
  }

  /// The boolean, or `nil` for any other value.
  public var boolValue: Bool? {
    if case .bool(let bool) = self { return bool }
    return nil
  }

  /// The value as an integer: an `.int`, or a `.double` with no fractional part that fits in 64 bits.
  public var intValue: Int64? {
    switch self {
    case .int(let int): return int
    case .double(let double):
      guard double.rounded(.towardZero) == double, abs(double) < 9.2e18 else { return nil }
      return Int64(double)
    default: return nil
    }
  }

  /// The value as a double: any number.
  public var doubleValue: Double? {
    switch self {
    case .int(let int): return Double(int)
    case .double(let double): return double
    default: return nil
    }
  }

  /// Whether this is `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The member `key` of an object; `nil` when absent or when this is not an object.
  public subscript(key: String) -> JSONValue? {
    objectValue?[key]
  }

  /// The JSON type name used in error messages and schemas (`"object"`, `"integer"`, …).
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "boolean"
    case .int: return "integer"
    case .double: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }

  /// A number for geometry and time: integral values within ±2^53 are written as integers, others as reals.
  ///
  /// UIKit's `CGFloat` has no integer/real distinction; writing `390` rather than `390.0` keeps transcripts
  /// readable while staying exact.
  public static func number(_ value: Double) -> JSONValue {
    if value.rounded(.towardZero) == value, abs(value) <= 9_007_199_254_740_992 {
      return .int(Int64(value))
    }
    return .double(value)
  }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int64) { self = .int(value) }
  public init(floatLiteral value: Double) { self = .double(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    var object = JSONObject()
    object.reserveCapacity(elements.count)
    for (key, value) in elements { object[key] = value }
    self = .object(object)
  }
}

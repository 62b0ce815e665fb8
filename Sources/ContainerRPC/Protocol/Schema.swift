/// The shape of a parameter or result, declared once per method in `Methods.swift`.
///
/// The same declaration validates incoming params (`validate(_:path:)`, error -32602 with `data.path`) and is
/// written as JSON Schema into the `rpc.discover` OpenRPC document (`jsonSchema`), so the two cannot disagree.
public indirect enum Schema: Sendable {
  /// Any JSON value.
  case any
  /// `true` or `false`.
  case boolean
  /// An integer (a real with no fraction is accepted too), optionally bounded.
  case integer(minimum: Int64? = nil, maximum: Int64? = nil)
  /// Any number, optionally bounded.
  case number(minimum: Double? = nil, maximum: Double? = nil)
  /// A string.
  case string
  /// One of the given strings.
  case enumeration([String])
  /// An array whose elements all match the schema.
  case array(Schema)
  /// An object with the given fields; other keys are rejected unless `additional` is true.
  case object([Field], additional: Bool = false)
  /// An object with any keys, each value matching the schema.
  case map(Schema)
  /// The schema, or `null`.
  case nullable(Schema)
  /// The first of the schemas that matches.
  case oneOf([Schema])

  /// A named member of an object schema.
  public struct Field: Sendable {
    public var name: String
    public var schema: Schema
    public var required: Bool
    public var defaultValue: JSONValue?
    public var summary: String

    public init(
      _ name: String, _ schema: Schema, required: Bool = false, default defaultValue: JSONValue? = nil,
      _ summary: String = ""
    ) {
      self.name = name
      self.schema = schema
      self.required = required
      self.defaultValue = defaultValue
      self.summary = summary
    }
  }
}

// MARK: - Common shapes (PROTOCOL.md §2)

extension Schema {
  /// An object id.
  public static let id = Schema.string
  /// A coordinate in points: |value| ≤ 1e9, so that sums and products of geometry stay finite (no ∞ or NaN can reach
  /// the engine or the wire).
  public static let coordinate = Schema.number(minimum: -1e9, maximum: 1e9)
  /// A length in points: 0…1e9.
  public static let length = Schema.number(minimum: 0, maximum: 1e9)
  /// `{x, y, width, height}`.
  public static let rect = Schema.object([
    Field("x", .coordinate, required: true), Field("y", .coordinate, required: true),
    Field("width", .coordinate, required: true), Field("height", .coordinate, required: true),
  ])
  /// `{x, y}`.
  public static let point = Schema.object([
    Field("x", .coordinate, required: true), Field("y", .coordinate, required: true),
  ])
  /// `{width, height}`.
  public static let size = Schema.object([
    Field("width", .coordinate, required: true), Field("height", .coordinate, required: true),
  ])
  /// `{top, left, bottom, right}`.
  public static let insets = Schema.object([
    Field("top", .coordinate, required: true), Field("left", .coordinate, required: true),
    Field("bottom", .coordinate, required: true), Field("right", .coordinate, required: true),
  ])
}

// MARK: - Validation

extension Schema {
  /// What a value must be, as said in error messages and `data.expected`.
  public var expected: String {
    switch self {
    case .any: return "any value"
    case .boolean: return "boolean"
    case .integer(let minimum, let maximum):
      switch (minimum, maximum) {
      case (let low?, let high?): return "integer in \(low)...\(high)"
      case (let low?, nil): return "integer >= \(low)"
      case (nil, let high?): return "integer <= \(high)"
      case (nil, nil): return "integer"
      }
    case .number(let minimum, let maximum):
      switch (minimum, maximum) {
      case (let low?, let high?): return "number in \(Self.format(low))...\(Self.format(high))"
      case (let low?, nil): return "number >= \(Self.format(low))"
      case (nil, let high?): return "number <= \(Self.format(high))"
      case (nil, nil): return "number"
      }
    case .string: return "string"
    case .enumeration(let cases): return "one of " + cases.map { "\"\($0)\"" }.joined(separator: ", ")
    case .array(let element): return "array of \(element.expected)"
    case .object, .map: return "object"
    case .nullable(let wrapped): return "\(wrapped.expected) or null"
    case .oneOf(let schemas): return schemas.map(\.expected).joined(separator: " or ")
    }
  }

  private static func format(_ number: Double) -> String {
    number.rounded(.towardZero) == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
  }

  /// Checks `value` and returns it with the defaults of absent optional fields filled in.
  ///
  /// - Parameter path: where `value` sits in the request, e.g. `params` or `params.frame`.
  /// - Throws: -32602 naming the first offending path and what was expected there.
  public func validate(_ value: JSONValue, path: String) throws(RPCError) -> JSONValue {
    func mismatch() -> RPCError {
      .invalidParams(path: path, expected: expected, message: "\(path) must be \(expected), got \(value.typeName)")
    }
    switch self {
    case .any:
      return value
    case .boolean:
      guard case .bool = value else { throw mismatch() }
      return value
    case .integer(let minimum, let maximum):
      guard let int = value.intValue else { throw mismatch() }
      if let minimum, int < minimum { throw outOfRange(value, path: path) }
      if let maximum, int > maximum { throw outOfRange(value, path: path) }
      return .int(int)
    case .number(let minimum, let maximum):
      guard let double = value.doubleValue else { throw mismatch() }
      if let minimum, double < minimum { throw outOfRange(value, path: path) }
      if let maximum, double > maximum { throw outOfRange(value, path: path) }
      return value
    case .string:
      guard case .string = value else { throw mismatch() }
      return value
    case .enumeration(let cases):
      guard case .string(let string) = value else { throw mismatch() }
      guard cases.contains(string) else {
        throw RPCError.invalidParams(
          path: path, expected: expected, message: "\(path) must be \(expected), got \"\(string)\"")
      }
      return value
    case .array(let element):
      guard case .array(let elements) = value else { throw mismatch() }
      var validated: [JSONValue] = []
      validated.reserveCapacity(elements.count)
      for (index, item) in elements.enumerated() {
        validated.append(try element.validate(item, path: "\(path)[\(index)]"))
      }
      return .array(validated)
    case .object(let fields, let additional):
      guard case .object(var members) = value else { throw mismatch() }
      try Self.validate(&members, fields: fields, additional: additional, path: path)
      return .object(members)
    case .map(let valueSchema):
      guard case .object(var members) = value else { throw mismatch() }
      for key in members.keys.sorted() {
        members[key] = try valueSchema.validate(members[key]!, path: "\(path).\(key)")
      }
      return .object(members)
    case .nullable(let wrapped):
      if value.isNull { return value }
      do { return try wrapped.validate(value, path: path) } catch {
        throw error.code == .invalidParams && error.data?["path"] == .string(path) ? mismatch() : error
      }
    case .oneOf(let schemas):
      for schema in schemas {
        if let validated = try? schema.validate(value, path: path) { return validated }
      }
      throw mismatch()
    }
  }

  /// Validates the members of an object against `fields`, in a deterministic order: unknown keys (sorted) first,
  /// then fields in declaration order; fills defaults.
  static func validate(
    _ members: inout JSONObject,
    fields: [Field],
    additional: Bool,
    path: String
  ) throws(RPCError) {
    // Sorting only when there is an unknown key keeps the common case free of it; the smallest one is reported.
    if !additional, let key = members.keys.filter({ key in !fields.contains { $0.name == key } }).min() {
      let known = fields.map(\.name).joined(separator: ", ")
      throw RPCError.invalidParams(
        path: "\(path).\(key)",
        expected: "no such parameter",
        message: "unknown parameter \(path).\(key)" + (known.isEmpty ? " (takes none)" : " (known: \(known))")
      )
    }
    for field in fields {
      let fieldPath = "\(path).\(field.name)"
      if let member = members[field.name] {
        members[field.name] = try field.schema.validate(member, path: fieldPath)
      } else if field.required {
        throw RPCError.invalidParams(
          path: fieldPath,
          expected: field.schema.expected,
          message: "missing required parameter \(fieldPath) (\(field.schema.expected))"
        )
      } else if let defaultValue = field.defaultValue {
        members[field.name] = defaultValue
      }
    }
  }

  private func outOfRange(_ value: JSONValue, path: String) -> RPCError {
    var text: [UInt8] = []
    value.encode(appendingTo: &text)
    return .invalidParams(
      path: path,
      expected: expected,
      message: "\(path) must be \(expected), got \(String(decoding: text, as: UTF8.self))"
    )
  }
}

// MARK: - JSON Schema

extension Schema {
  /// This schema as JSON Schema (draft 7 vocabulary, as OpenRPC 1.x uses).
  public var jsonSchema: JSONValue {
    switch self {
    case .any:
      return [:]
    case .boolean:
      return ["type": "boolean"]
    case .integer(let minimum, let maximum):
      var schema: JSONObject = ["type": "integer"]
      if let minimum { schema["minimum"] = .int(minimum) }
      if let maximum { schema["maximum"] = .int(maximum) }
      return .object(schema)
    case .number(let minimum, let maximum):
      var schema: JSONObject = ["type": "number"]
      if let minimum { schema["minimum"] = .number(minimum) }
      if let maximum { schema["maximum"] = .number(maximum) }
      return .object(schema)
    case .string:
      return ["type": "string"]
    case .enumeration(let cases):
      return ["type": "string", "enum": .array(cases.map { .string($0) })]
    case .array(let element):
      return ["type": "array", "items": element.jsonSchema]
    case .object(let fields, let additional):
      var properties: JSONObject = [:]
      for field in fields { properties[field.name] = field.jsonSchemaProperty }
      var schema: JSONObject = [
        "type": "object", "properties": .object(properties), "additionalProperties": .bool(additional),
      ]
      let required = fields.filter(\.required).map { JSONValue.string($0.name) }
      if !required.isEmpty { schema["required"] = .array(required) }
      return .object(schema)
    case .map(let valueSchema):
      return ["type": "object", "additionalProperties": valueSchema.jsonSchema]
    case .nullable(let wrapped):
      return ["anyOf": [wrapped.jsonSchema, ["type": "null"]]]
    case .oneOf(let schemas):
      return ["anyOf": .array(schemas.map(\.jsonSchema))]
    }
  }
}

extension Schema.Field {
  /// The field's schema with its default and description attached.
  var jsonSchemaProperty: JSONValue {
    var schema = schema.jsonSchema.objectValue ?? [:]
    if let defaultValue { schema["default"] = defaultValue }
    if !summary.isEmpty { schema["description"] = .string(summary) }
    return .object(schema)
  }
}

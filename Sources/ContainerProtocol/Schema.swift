import ContainerEngine
public import ContainerJSON

/// The shape of a parameter or result, declared once per method in `Methods.swift`.
///
/// The same declaration validates incoming params (`validate(_:path:)`, error -32602 with `data.path`) and is
/// written as JSON Schema into the `rpc.discover` OpenRPC document (`jsonSchema`), so the two cannot disagree.
public indirect enum Schema: Sendable {
  /// Any JSON value.
  case any
  /// `null` only (the result of a method that answers nothing, such as LSP's `shutdown`).
  case null
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

// MARK: - Common shapes (Documentation/Protocol.md, "Objects and ids")

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
    case .null: return "null"
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
      case (let low?, let high?): return "number in \(low.compactDescription)...\(high.compactDescription)"
      case (let low?, nil): return "number >= \(low.compactDescription)"
      case (nil, let high?): return "number <= \(high.compactDescription)"
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

  /// Checks `value` and returns it with the defaults of absent optional fields filled in.
  ///
  /// - Parameter path: where `value` sits in the request, e.g. `params` or `params.frame`.
  /// - Throws: -32602 naming the first offending path and what was expected there.
  public func validate(_ value: JSONValue, path: String) throws(RPCError) -> JSONValue {
    do { return try check(value) ?? value } catch { throw error.rpcError(root: path) }
  }

  /// Validates the members of an object against `fields`, in a deterministic order: unknown keys first (the smallest
  /// is reported), then fields in declaration order; fills defaults.
  static func validate(
    _ members: inout JSONObject,
    fields: [Field],
    additional: Bool,
    path: String
  ) throws(RPCError) {
    do { _ = try check(&members, fields: fields, additional: additional) } catch { throw error.rpcError(root: path) }
  }

  /// Checks `value`; returns what to keep in its place, or nil when that is `value` itself (the common case, so a
  /// valid request is not copied). A failure names its place relative to `value`; only the outermost caller makes
  /// the path text, so validating a valid request builds no strings.
  func check(_ value: JSONValue) throws(SchemaFailure) -> JSONValue? {
    func mismatch() -> SchemaFailure { SchemaFailure(expected: expected, problem: .mustBe(got: value.typeName)) }
    switch self {
    case .any:
      return nil
    case .null:
      guard value.isNull else { throw mismatch() }
      return nil
    case .boolean:
      guard case .bool = value else { throw mismatch() }
      return nil
    case .integer(let minimum, let maximum):
      guard let int = value.intValue else { throw mismatch() }
      if let minimum, int < minimum { throw outOfRange(value) }
      if let maximum, int > maximum { throw outOfRange(value) }
      if case .int = value { return nil }
      return .int(int)
    case .number(let minimum, let maximum):
      guard let double = value.doubleValue else { throw mismatch() }
      if let minimum, double < minimum { throw outOfRange(value) }
      if let maximum, double > maximum { throw outOfRange(value) }
      return nil
    case .string:
      guard case .string = value else { throw mismatch() }
      return nil
    case .enumeration(let cases):
      guard case .string(let string) = value else { throw mismatch() }
      guard cases.contains(string) else {
        throw SchemaFailure(expected: expected, problem: .mustBe(got: "\"\(string)\""))
      }
      return nil
    case .array(let element):
      guard case .array(let elements) = value else { throw mismatch() }
      var validated: [JSONValue]?
      for (index, item) in elements.enumerated() {
        do {
          if let replacement = try element.check(item) {
            if validated == nil { validated = elements }
            validated![index] = replacement
          }
        } catch { throw error.inside(.index(index)) }
      }
      return validated.map { .array($0) }
    case .object(let fields, let additional):
      guard case .object(var members) = value else { throw mismatch() }
      return try Self.check(&members, fields: fields, additional: additional) ? .object(members) : nil
    case .map(let valueSchema):
      guard case .object(var members) = value else { throw mismatch() }
      var changed = false
      for key in members.keys.sorted() {
        do {
          if let replacement = try valueSchema.check(members[key]!) {
            members[key] = replacement
            changed = true
          }
        } catch { throw error.inside(.key(key)) }
      }
      return changed ? .object(members) : nil
    case .nullable(let wrapped):
      if value.isNull { return nil }
      do { return try wrapped.check(value) } catch {
        // Failing at this very value (not below it) is failing "X or null".
        throw error.steps.isEmpty ? mismatch() : error
      }
    case .oneOf(let schemas):
      for schema in schemas {
        do { return try schema.check(value) } catch { continue }
      }
      throw mismatch()
    }
  }

  /// `check` for an object's members; true when a member was replaced or a default filled in.
  static func check(_ members: inout JSONObject, fields: [Field], additional: Bool) throws(SchemaFailure) -> Bool {
    // Each member is matched with its field once (the only name comparisons); the fields are then checked in
    // declaration order, so the first failing field is the one reported, as before, whatever the members' order.
    // Each field's state: absent, present, or absent with a default to fill in (after the checks, all at once, so that
    // the members grow once).
    let absent: UInt8 = 0
    let present: UInt8 = 1
    let defaulted: UInt8 = 2
    let outcome = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(fields.count, 1)) {
      state -> Result<Bool, SchemaFailure> in
      state.initialize(repeating: absent)
      var unknown: String?
      for (key, _) in members {
        if let index = fields.firstIndex(where: { $0.name == key }) {
          state[index] = present
        } else if !additional, unknown.map({ key < $0 }) ?? true {
          unknown = key
        }
      }
      if let unknown {
        let known = fields.map(\.name).joined(separator: ", ")
        let suggestion = NearestName.suggestion(for: unknown, among: fields.lazy.map(\.name))
        return .failure(
          SchemaFailure(
            steps: [.key(unknown)], expected: "no such parameter",
            problem: .unknownParameter(known: known, suggestion: suggestion)))
      }
      var changed = false
      var defaults = 0
      for index in fields.indices {
        // Only the fields given, required or with a default are looked at further (most are none of these).
        guard state[index] == present || fields[index].required || fields[index].defaultValue != nil else { continue }
        let field = fields[index]
        if state[index] == present, let member = members[field.name] {
          do throws(SchemaFailure) {
            if let replacement = try field.schema.check(member) {
              members[field.name] = replacement
              changed = true
            }
          } catch { return .failure(error.inside(.key(field.name))) }
        } else if field.required {
          return .failure(
            SchemaFailure(steps: [.key(field.name)], expected: field.schema.expected, problem: .missingParameter))
        } else if field.defaultValue != nil {
          state[index] = defaulted
          defaults += 1
        }
      }
      if defaults > 0 {
        // In declaration order, as they were found.
        members.reserveCapacity(members.count + defaults)
        for index in fields.indices where state[index] == defaulted {
          if let defaultValue = fields[index].defaultValue { members.insertNew(fields[index].name, defaultValue) }
        }
        changed = true
      }
      return .success(changed)
    }
    return try outcome.get()
  }

  private func outOfRange(_ value: JSONValue) -> SchemaFailure {
    var text: [UInt8] = []
    value.encode(appendingTo: &text)
    return SchemaFailure(expected: expected, problem: .mustBe(got: String(decoding: text, as: UTF8.self)))
  }
}

/// Why a value failed its schema, and where, relative to the value `Schema.check` was given: made into the -32602
/// error (`data.path`, e.g. `params.frame.width`, and the message) only by the outermost caller.
struct SchemaFailure: Error {
  /// One step down from a value: an object member or an array element.
  enum Step {
    case key(String)
    case index(Int)
  }

  /// What the message says.
  enum Problem {
    /// "PATH must be EXPECTED, got GOT".
    case mustBe(got: String)
    /// "unknown parameter PATH (known: …)", or "unknown parameter PATH; did you mean NAME? (known: …)" when one
    /// known name is near (`NearestName`).
    case unknownParameter(known: String, suggestion: String?)
    /// "missing required parameter PATH (EXPECTED)".
    case missingParameter
  }

  /// From the failing value up, innermost first (appended while the failure goes up).
  var steps: [Step] = []
  var expected: String
  var problem: Problem

  /// The same failure, one step further from its value.
  func inside(_ step: Step) -> SchemaFailure {
    var failure = self
    failure.steps.append(step)
    return failure
  }

  /// The -32602 error, with the path written from `root` (e.g. `params`).
  func rpcError(root: String) -> RPCError {
    var path = root
    for step in steps.reversed() {
      switch step {
      case .key(let key): path += ".\(key)"
      case .index(let index): path += "[\(index)]"
      }
    }
    switch problem {
    case .mustBe(let got):
      return .invalidParams(path: path, expected: expected, message: "\(path) must be \(expected), got \(got)")
    case .unknownParameter(let known, let suggestion):
      return .invalidParams(
        path: path, expected: expected,
        message: "unknown parameter \(path)" + (suggestion.map { "; did you mean \($0)?" } ?? "")
          + (known.isEmpty ? " (takes none)" : " (known: \(known))"),
        suggestion: suggestion)
    case .missingParameter:
      return .invalidParams(
        path: path, expected: expected, message: "missing required parameter \(path) (\(expected))")
    }
  }
}

// MARK: - JSON Schema

extension Schema {
  /// This schema as JSON Schema (draft 7 vocabulary, as OpenRPC 1.x uses).
  public var jsonSchema: JSONValue {
    switch self {
    case .any:
      return [:]
    case .null:
      return ["type": "null"]
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

import ContainerJSON
import ContainerProtocol
import Testing

/// Each method's typed params (`MethodParams`) read exactly the names its `MethodSpec` declares, so the spec and the
/// struct cannot drift: a maximal example of the spec (every field, nested ones too) is validated, then decoded with a
/// log of the names read; a minimal one (required fields only) decodes as well.
@Suite struct MethodParamsTests {
  /// The methods that declare fields, in `Methods.all` order.
  static let methodsWithFields: [String] = Methods.all.compactMap { spec in
    guard case .fields(let fields) = spec.params, !fields.isEmpty else { return nil }
    return spec.name
  }

  @Test func everyMethodWithFieldsHasTypedParams() {
    #expect(Methods.paramsTypes.map { $0.method } == Self.methodsWithFields)
  }

  @Test(arguments: methodsWithFields)
  func typedParamsReadExactlyTheSpecsNames(_ method: String) throws {
    let (type, fields) = try #require(Self.typed(method))
    let log = ParamsLog()
    _ = try Self.decode(type, fields, Self.object(fields, maximal: true), log: log)
    #expect(log.names.sorted() == Self.names(fields).sorted())
  }

  @Test(arguments: methodsWithFields)
  func requiredFieldsAloneDecode(_ method: String) throws {
    let (type, fields) = try #require(Self.typed(method))
    let log = ParamsLog()
    _ = try Self.decode(type, fields, Self.object(fields, maximal: false), log: log)
    #expect(Set(log.names).isSubset(of: Self.names(fields)))
  }

  /// Every string an enumeration of a spec accepts decodes (into the engine's enum where there is one).
  @Test(arguments: methodsWithFields)
  func everyEnumerationValueDecodes(_ method: String) throws {
    let (type, fields) = try #require(Self.typed(method))
    for (path, cases) in Self.enumerations(fields) {
      for name in cases {
        var example = Self.object(fields, maximal: true)
        Self.set(&example, path: path[...], to: .string(name))
        #expect(throws: Never.self, "\(method) params.\(path.joined(separator: ".")) = \(name)") {
          _ = try Self.decode(type, fields, example, log: nil)
        }
      }
    }
  }

  @Test func anotherMethodsParamsAreADaemonBug() throws {
    let params = try Methods.registry.validate(
      Call(id: 1, method: "navigation/pop", params: ["navigation": "nav"]))
    #expect(throws: RPCError.internalError("navigation/pop was decoded as the params of navigation/popToRoot")) {
      _ = try params.decode(NavigationPopToRootParams.self)
    }
    #expect(try params.decode(NavigationPopParams.self).animated == true)  // the spec's default
  }

  @Test func aNameTheSpecDoesNotDeclareIsADaemonBug() throws {
    let params = try Methods.registry.validate(Call(id: 1, method: "view/get", params: ["view": "v"]))
    #expect(
      throws: RPCError.internalError("handler read params.frame, which the method's spec does not declare")
    ) {
      let _: String? = try params.optional("frame")
    }
    #expect(
      throws: RPCError.internalError(
        "handler expected params.view to be a boolean; the method's spec and handler disagree")
    ) {
      let _: Bool = try params.value("view")
    }
  }

  static let sharedShapes: [[String]] = [Schema.rect, .point, .size, .insets].map { shape in
    guard case .object(let fields, _) = shape else { return [] }
    return fields.map(\.name)
  }

  // MARK: - Examples from the spec

  static func typed(_ method: String) -> ((any MethodParams.Type), [Schema.Field])? {
    guard let type = Methods.paramsTypes.first(where: { $0.method == method }),
      case .fields(let fields)? = Methods.registry.spec(method)?.params
    else { return nil }
    return (type, fields)
  }

  /// Validates `members` as the daemon does, then decodes them (recording into `log`).
  static func decode(
    _ type: any MethodParams.Type, _ fields: [Schema.Field], _ members: JSONObject, log: ParamsLog?
  ) throws -> any MethodParams {
    let validated = try Methods.registry.validate(Call(id: 1, method: type.method, params: .object(members)))
    return try type.init(Params(validated.members, method: type.method, fields: fields, log: log))
  }

  /// Every name a maximal example holds: `name`, `object.name`, `array[].name`; the shared shapes (`Schema.rect`,
  /// `.point`, `.size`, `.insets`) are read whole, as the engine's geometry (`ParamGeometryTests` in ContainerRPCTests,
  /// which may name the engine's types).
  static func names(_ fields: [Schema.Field], prefix: String = "") -> [String] {
    fields.flatMap { field -> [String] in
      var nested: [String] = []
      switch unwrapped(field.schema) {
      case (.object(let inner, _), let isArray) where !sharedShapes.contains(inner.map(\.name)):
        nested = names(inner, prefix: prefix + field.name + (isArray ? "[]." : "."))
      default: break
      }
      return [prefix + field.name] + nested
    }
  }

  /// The enumerations among `fields` (nested ones too), by their path of field names.
  static func enumerations(_ fields: [Schema.Field]) -> [([String], [String])] {
    fields.flatMap { field -> [([String], [String])] in
      switch unwrapped(field.schema) {
      case (.enumeration(let cases), _): return [([field.name], cases)]
      case (.oneOf(let schemas), _):
        return schemas.compactMap { schema in
          if case .enumeration(let cases) = schema { return ([field.name], cases) }
          return nil
        }
      case (.object(let inner, _), _): return enumerations(inner).map { ([field.name] + $0.0, $0.1) }
      default: return []
      }
    }
  }

  /// The schema under arrays and `nullable`, and whether an array was on the way.
  static func unwrapped(_ schema: Schema) -> (Schema, Bool) {
    switch schema {
    case .array(let element): return (unwrapped(element).0, true)
    case .nullable(let wrapped): return unwrapped(wrapped)
    default: return (schema, false)
    }
  }

  /// An object with every field (`maximal`) or only the required ones.
  static func object(_ fields: [Schema.Field], maximal: Bool) -> JSONObject {
    var members = JSONObject()
    for field in fields where maximal || field.required {
      members[field.name] = value(field.schema, maximal: maximal)
    }
    return members
  }

  /// A valid value of `schema`; arrays hold one element when `maximal`, none otherwise.
  static func value(_ schema: Schema, maximal: Bool) -> JSONValue {
    switch schema {
    case .any: return "any"
    case .null: return .null
    case .boolean: return true
    case .integer(let minimum, _): return .int(minimum ?? 1)
    case .number(let minimum, _): return .number(minimum ?? 1)
    case .string: return "s"
    case .enumeration(let cases): return .string(cases[0])
    case .array(let element): return maximal ? [value(element, maximal: true)] : []
    case .object(let fields, _): return .object(object(fields, maximal: maximal))
    case .map: return [:]
    case .nullable(let wrapped): return value(wrapped, maximal: maximal)
    case .oneOf(let schemas): return value(schemas[0], maximal: maximal)
    }
  }

  /// Sets the member at `path` (through objects and the one element of arrays) to `value`.
  static func set(_ members: inout JSONObject, path: ArraySlice<String>, to value: JSONValue) {
    guard let name = path.first else { return }
    if path.count == 1 {
      // An enumeration's value, or the one element of an array of them.
      if case .array? = members[name] { members[name] = [value] } else { members[name] = value }
      return
    }
    switch members[name] {
    case .object(var inner)?:
      set(&inner, path: path.dropFirst(), to: value)
      members[name] = .object(inner)
    case .array(var elements)?:
      guard case .object(var inner)? = elements.first else { return }
      set(&inner, path: path.dropFirst(), to: value)
      elements[0] = .object(inner)
      members[name] = .array(elements)
    default: return
    }
  }
}

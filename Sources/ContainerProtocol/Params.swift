public import ContainerJSON

/// Validated named params: the request's members with defaults filled in (`MethodRegistry.validate`), read once by the
/// method's typed params (`MethodParams`).
///
/// Accessors assume validation against the method's `MethodSpec` already happened, so they read only names the spec
/// declares and values of the declared type. A name the spec does not declare, or a value the accessor cannot read as
/// the type asked for, is a daemon bug (the spec and the typed params disagree) and is reported as -32603, never a
/// crash (an undeclared name that is absent is reported by debug builds and the drift test's recording; a release
/// build reads it as absent). Defaults are the spec's, filled in by validation: a field with a default is read as a required value and is
/// never given a second default in Swift.
public struct Params {
  /// The members, defaults included.
  public var members: JSONObject {
    didSet { keyBits = Self.keyBits(of: members) }
  }
  /// One bit per member (`keyBit(_:)`): a name whose bit is clear is absent, known without a search. Most names a
  /// method's typed params read are absent (`controller/create` reads about fifty, of which a request gives a few).
  private var keyBits: UInt64
  /// The method whose spec validated these params (nil: params built by hand).
  package let method: String?
  /// The fields the spec declares here (nil: params built by hand; any name is read).
  package let fields: [Schema.Field]?
  /// Where these members sit under `params`: "" at the top, `options.` or `constraints[].` for nested objects.
  package let prefix: String
  /// The names read, with their prefix, when recording (the drift test of `MethodParams`); nil in the daemon.
  package let log: ParamsLog?

  public init(_ members: JSONObject = [:]) {
    self.init(members, method: nil, fields: nil)
  }

  package init(
    _ members: JSONObject, method: String?, fields: [Schema.Field]?, prefix: String = "", log: ParamsLog? = nil
  ) {
    self.members = members
    self.keyBits = Self.keyBits(of: members)
    self.method = method
    self.fields = fields
    self.prefix = prefix
    self.log = log
  }

  /// The member `name`, or `nil` when absent or `null`.
  public subscript(name: String) -> JSONValue? {
    guard mayHave(name), let value = members[name], !value.isNull else { return nil }
    return value
  }

  /// The bit of a member named `key` in `keyBits`: by its length in bytes, which the compiler knows for a name written
  /// as a literal (the typed params' reads), so the test of an absent name is a constant mask.
  @inline(__always)
  static func keyBit(_ key: String) -> UInt64 {
    1 &<< UInt64(truncatingIfNeeded: key.utf8.count & 63)
  }

  static func keyBits(of members: JSONObject) -> UInt64 {
    var bits: UInt64 = 0
    for (key, _) in members { bits |= keyBit(key) }
    return bits
  }

  /// False when no member is named `name` (true: one may be).
  @inline(__always)
  func mayHave(_ name: String) -> Bool { keyBits & Self.keyBit(name) != 0 }

  /// The method's typed params, read from these params once.
  ///
  /// - Throws: -32603 when `T` is another method's params (the dispatch line and the struct disagree), or when `T`
  ///   reads a name or type its spec does not declare.
  package func decode<T: MethodParams>(_ type: T.Type = T.self) throws(RPCError) -> T {
    if let method, method != T.method {
      throw RPCError.internalError("\(method) was decoded as the params of \(T.method)")
    }
    return try T(self)
  }

  // MARK: - Typed accessors

  /// The member `name` as a `T`, or nil when absent or `null` (an optional field without a default).
  @inline(__always)
  package func optional<T: ParamValue>(_ name: String) throws(RPCError) -> T? {
    #if !DEBUG
      // Most names read are absent: a release daemon tells them inline, from `keyBits` alone (debug builds and the
      // drift test's recording go on to check that the name is declared).
      if log == nil, !mayHave(name) { return nil }
    #endif
    return try member(name)
  }

  /// `optional(_:)` past its inline test.
  private func member<T: ParamValue>(_ name: String) throws(RPCError) -> T? {
    log?.names.append(prefix + name)
    guard mayHave(name), let value = members[name], !value.isNull else {
      // An assertion: debug builds (every test) and the drift test's recording check it; a release daemon does not
      // scan the spec's fields for each absent name (fifty of them for `controller/create`: most of its decoding time).
      #if DEBUG
        let check = true
      #else
        let check = log != nil
      #endif
      if check, let fields, !fields.contains(where: { $0.name == name }) {
        throw RPCError.internalError(
          "handler read params.\(prefix)\(name), which the method's spec does not declare")
      }
      return nil
    }
    guard let converted = T(param: value) else { throw Self.specMismatch(prefix + name, T.expected) }
    return converted
  }

  /// Whether the member `name` is given as `null` (an option whose null means "none", unlike an absent member).
  package func isNull(_ name: String) -> Bool { mayHave(name) && members[name]?.isNull == true }

  /// The member `name` as a `T`: a required field, or one with a default (filled in by validation).
  package func value<T: ParamValue>(_ name: String) throws(RPCError) -> T {
    guard let value: T = try optional(name) else { throw Self.specMismatch(prefix + name, T.expected) }
    return value
  }

  /// The object member `name` as params of their own, read by the names of its object schema: a required field or
  /// one with a default.
  package func object(_ name: String) throws(RPCError) -> Params {
    guard let object = try optionalObject(name) else { throw Self.specMismatch(prefix + name, JSONObject.expected) }
    return object
  }

  /// The object member `name` as params of their own, or nil when absent.
  package func optionalObject(_ name: String) throws(RPCError) -> Params? {
    guard let members: JSONObject = try optional(name) else { return nil }
    return Params(members, method: method, fields: nestedFields(name), prefix: prefix + name + ".", log: log)
  }

  /// The array member `name` of objects, each as params of their own: a required field.
  package func objects(_ name: String) throws(RPCError) -> [Params] {
    guard let objects = try optionalObjects(name) else {
      throw Self.specMismatch(prefix + name, [JSONObject].expected)
    }
    return objects
  }

  /// The array member `name` of objects, each as params of their own, or nil when absent.
  package func optionalObjects(_ name: String) throws(RPCError) -> [Params]? {
    guard let elements: [JSONObject] = try optional(name) else { return nil }
    let fields = nestedFields(name)
    let prefix = prefix + name + "[]."
    return elements.map { Params($0, method: method, fields: fields, prefix: prefix, log: log) }
  }

  /// The fields of the object schema of field `name` (itself or its elements), nil when unknown.
  private func nestedFields(_ name: String) -> [Schema.Field]? {
    var schema = fields?.first(where: { $0.name == name })?.schema
    while let current = schema {
      switch current {
      case .object(let fields, _): return fields
      case .array(let element), .nullable(let element): schema = element
      default: schema = nil
      }
    }
    return nil
  }

  // MARK: - Untyped accessors (the handlers that still take `Params`)

  /// A required string member.
  public func string(_ name: String) throws(RPCError) -> String { try value(name) }

  /// A required number member.
  public func double(_ name: String) throws(RPCError) -> Double { try value(name) }

  /// A required integer member.
  public func int(_ name: String) throws(RPCError) -> Int64 { try value(name) }

  /// A required boolean member.
  public func bool(_ name: String) throws(RPCError) -> Bool { try value(name) }

  static func specMismatch(_ name: String, _ type: String) -> RPCError {
    .internalError("handler expected params.\(name) to be a \(type); the method's spec and handler disagree")
  }
}

/// The names a method's typed params read (`Params.log`), for the test that keeps them equal to the spec's fields.
package final class ParamsLog {
  /// Each name read, with its prefix (`options.transitionOrder`, `constraints[].item`), in reading order.
  package var names: [String] = []

  package init() {}
}

/// A method's params, read once from its validated `Params` by the names its `MethodSpec` declares.
///
/// Every method that declares fields has one (listed in `Methods.paramsTypes`); a test reads a maximal and a minimal
/// example of each spec through it and checks that it reads exactly the spec's names, so the two cannot drift.
package protocol MethodParams: Sendable {
  /// The method whose spec declares the names `init` reads.
  static var method: String { get }

  /// Reads the validated params (-32603 only for a disagreement with the spec: a daemon bug).
  init(_ params: Params) throws(RPCError)
}

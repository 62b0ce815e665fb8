import ContainerEngine
public import ContainerJSON

/// One method of the wire protocol: its name, its params and its result, declared once.
public struct MethodSpec: Sendable {
  /// How a method takes params.
  public enum ParamsShape: Sendable {
    /// Anything (or nothing) is accepted and ignored: `daemon/ping`.
    case any
    /// Named params (an object) with these fields; absent or `null` params count as `{}`.
    case fields([Schema.Field])
  }

  /// The method name, `noun/verb` (Documentation/Protocol.md, "Methods").
  public var name: String
  /// One line for `rpc.discover` and the docs.
  public var summary: String
  /// The params.
  public var params: ParamsShape
  /// The result's schema, for `rpc.discover`.
  public var result: Schema
  /// A few sentences for `rpc.discover` and Documentation/Reference.md (from `Methods.docs`).
  public var description = ""
  /// The errors besides -32602 (from `Methods.docs`; `allErrors` adds -32602).
  public var errors: [MethodError] = []
  /// Whether one call may run long (its work grows with the world, the frames of an animation or a document, not
  /// with its own reply): the connection writes the replies already queued before running it, so a finished reply
  /// never waits behind it (Documentation/Protocol.md, "When replies are written"). Set from
  /// `Methods.mayTakeLong`.
  public var mayTakeLong = false

  public init(_ name: String, _ summary: String, params: ParamsShape = .fields([]), result: Schema = .object([])) {
    self.name = name
    self.summary = summary
    self.params = params
    self.result = result
  }
}

/// The table of methods: validation of params and the `rpc.discover` document both come from it.
public struct MethodRegistry: Sendable {
  /// The methods in declaration (alphabetical) order.
  public let methods: [MethodSpec]
  /// The methods by name (`index(of:)`), and what each request needs of its method, by index.
  private let table: MethodTable

  public init(_ methods: [MethodSpec]) {
    self.methods = methods
    self.table = MethodTable(methods)
  }

  /// The position of `name` in `methods`, if registered (the first, should a name be declared twice).
  ///
  /// Each request's method is looked up once, here: a hash of the name's bytes into a small open-addressing table,
  /// then one byte comparison, where a `[String: MethodSpec]` hashed the name with SipHash and copied the spec out.
  public func index(of name: String) -> Int? { table.index(of: name) }

  /// The spec of `name`, if registered.
  public func spec(_ name: String) -> MethodSpec? { index(of: name).map { methods[$0] } }

  /// `MethodSpec.mayTakeLong` of the method at `index`.
  public func mayTakeLong(at index: Int) -> Bool { table.mayTakeLong[index] }

  /// Looks the call's method up and validates its params.
  ///
  /// - Throws: -32601 for an unknown method (with the nearest registered name, if one is near); -32602 for params
  ///   that do not match the spec (an unknown one with the nearest declared name, if one is near).
  public func validate(_ call: Call) throws(RPCError) -> Params {
    try validate(call, method: index(of: call.method))
  }

  /// Validates the call's params against the method at `index` (`index(of: call.method)`, looked up by the caller);
  /// nil: the method is not registered.
  ///
  /// - Throws: as `validate(_:)`.
  public func validate(_ call: Call, method index: Int?) throws(RPCError) -> Params {
    guard let index else {
      throw RPCError.methodNotFound(
        call.method, suggestion: NearestName.suggestion(for: call.method, among: methods.lazy.map(\.name)))
    }
    guard let fields = table.fields[index] else {
      return Params(call.params?.objectValue ?? [:])
    }
    var members: JSONObject
    switch call.params {
    case nil: members = [:]
    case .object(let object)?: members = object
    case .array(let elements)? where elements.isEmpty: members = [:]
    case let other?:
      throw RPCError.invalidParams(
        path: "params",
        expected: "object",
        message: "\(call.method) takes named params (an object), got \(other.typeName)"
      )
    }
    try Schema.validate(&members, fields: fields, additional: false, path: "params")
    return Params(members, method: methods[index].name, fields: fields)
  }

  /// The OpenRPC 1.x document describing every method (`rpc.discover`), without examples (OpenRPCDocument.swift;
  /// the server adds the recorded examples).
  public func openRPCDocument(version: String) -> JSONValue {
    openRPCDocument(version: version, examples: [:])
  }
}

extension MethodSpec.ParamsShape {
  var isAny: Bool {
    if case .any = self { return true }
    return false
  }
}

/// What a request needs of its method, by the method's index in `MethodRegistry.methods`, and the index by name.
///
/// A class, so that copying the registry (or a `MethodSpec` out of it) is not part of any request.
final class MethodTable: Sendable {
  /// The fields of each method's named params; nil for `.any`.
  let fields: [[Schema.Field]?]
  /// `MethodSpec.mayTakeLong` of each method.
  let mayTakeLong: [Bool]
  /// The names' UTF-8 bytes, one after the other; method `i` is `nameBytes[nameStarts[i]..<nameStarts[i + 1]]`.
  private let nameBytes: [UInt8]
  private let nameStarts: [Int]
  /// Open addressing on `hash(name)`: a method's index + 1, 0 for an empty slot; a power of two at least four times
  /// the number of methods, so a probe rarely goes past its first slot.
  private let slots: [Int32]

  init(_ methods: [MethodSpec]) {
    fields = methods.map { spec in
      if case .fields(let fields) = spec.params { return fields }
      return nil
    }
    mayTakeLong = methods.map(\.mayTakeLong)
    var bytes: [UInt8] = []
    var starts = [0]
    for spec in methods {
      bytes.append(contentsOf: spec.name.utf8)
      starts.append(bytes.count)
    }
    nameBytes = bytes
    nameStarts = starts
    var size = 16
    while size < methods.count * 4 { size <<= 1 }
    var slots = [Int32](repeating: 0, count: size)
    for index in methods.indices {
      let name = bytes[starts[index]..<starts[index + 1]]
      var slot = name.withUnsafeBufferPointer { Self.hash($0) } & (size - 1)
      var isDuplicate = false
      while slots[slot] != 0 {
        let other = Int(slots[slot]) - 1
        if bytes[starts[other]..<starts[other + 1]].elementsEqual(name) { isDuplicate = true }
        slot = (slot + 1) & (size - 1)
      }
      if !isDuplicate { slots[slot] = Int32(index + 1) }
    }
    self.slots = slots
  }

  /// The index of the method `name`, or nil.
  func index(of name: String) -> Int? {
    if let found = name.utf8.withContiguousStorageIfAvailable({ index(of: $0) }) { return found }
    return Array(name.utf8).withUnsafeBufferPointer { index(of: $0) }
  }

  private func index(of name: UnsafeBufferPointer<UInt8>) -> Int? {
    let mask = slots.count - 1
    var slot = Self.hash(name) & mask
    return nameBytes.withUnsafeBufferPointer { bytes in
      while true {
        let entry = Int(slots[slot])
        if entry == 0 { return nil }
        let start = nameStarts[entry - 1]
        let end = nameStarts[entry]
        if end - start == name.count, Self.equal(bytes.baseAddress! + start, name) { return entry - 1 }
        slot = (slot + 1) & mask
      }
    }
  }

  /// Whether the bytes at `stored` are those of `name` (as many).
  private static func equal(_ stored: UnsafePointer<UInt8>, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = name.baseAddress else { return true }
    // Eight bytes at a time, then the tail.
    var index = 0
    while index + 8 <= name.count {
      let left = UnsafeRawPointer(stored + index).loadUnaligned(as: UInt64.self)
      let right = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      if left != right { return false }
      index += 8
    }
    while index < name.count {
      if stored[index] != base[index] { return false }
      index += 1
    }
    return true
  }

  /// FNV-1a over the bytes.
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return Int(hash)
  }
}

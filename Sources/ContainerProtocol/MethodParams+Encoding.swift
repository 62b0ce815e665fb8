import ContainerEngine
public import ContainerJSON

/// A method's typed params that a client can build with a memberwise initializer and send: `encoded` is the `params`
/// member of the request, written with the wire's names.
///
/// Encoding is the inverse of the decoding the daemon does (`MethodParams.init(_:)`): `encoded`, validated against
/// the method's spec and decoded again, gives params that encode to the same value (`MethodParamsEncodingTests`
/// checks this for every conforming type). Optional members that are `nil` are left out, so the daemon's defaults
/// apply; members with a default in the spec are always written.
public protocol EncodableMethodParams: Sendable {
  /// The method these params belong to (`window/create`).
  static var method: String { get }
  /// The params as the request's `params` object.
  var encoded: JSONValue { get }
}

/// A value that has a wire form as a param: the inverse of `ParamValue`.
package protocol EncodableParamValue {
  /// The value as the wire writes it.
  var paramJSON: JSONValue { get }
}

extension String: EncodableParamValue { package var paramJSON: JSONValue { .string(self) } }
extension Double: EncodableParamValue { package var paramJSON: JSONValue { .number(self) } }
extension Int: EncodableParamValue { package var paramJSON: JSONValue { .int(Int64(self)) } }
extension Bool: EncodableParamValue { package var paramJSON: JSONValue { .bool(self) } }
extension JSONValue: EncodableParamValue { package var paramJSON: JSONValue { self } }

extension Array: EncodableParamValue where Element: EncodableParamValue {
  package var paramJSON: JSONValue { .array(map(\.paramJSON)) }
}

extension EncodableParamValue where Self: RawRepresentable, RawValue == String {
  package var paramJSON: JSONValue { .string(rawValue) }
}

extension ControllerKind: EncodableParamValue {}
extension ModalPresentationStyle: EncodableParamValue {}
extension ModalTransitionStyle: EncodableParamValue {}
extension ViewKind: EncodableParamValue {}
extension EventKind: EncodableParamValue {}

extension Rect: EncodableParamValue {
  package var paramJSON: JSONValue {
    ["x": .number(x), "y": .number(y), "width": .number(width), "height": .number(height)]
  }
}

extension Point: EncodableParamValue {
  package var paramJSON: JSONValue { ["x": .number(x), "y": .number(y)] }
}

extension Size: EncodableParamValue {
  package var paramJSON: JSONValue { ["width": .number(width), "height": .number(height)] }
}

extension Insets: EncodableParamValue {
  package var paramJSON: JSONValue {
    ["top": .number(top), "left": .number(left), "bottom": .number(bottom), "right": .number(right)]
  }
}

/// Builds a `params` object member by member, leaving out `nil` optionals.
package struct ParamsBuilder {
  package private(set) var members = JSONObject()

  package init() {}

  /// Writes `value` under `name`, or nothing when it is `nil`.
  package mutating func set(_ name: String, _ value: (any EncodableParamValue)?) {
    guard let value else { return }
    members[name] = value.paramJSON
  }

  /// Writes `null` under `name` when `value` is `nil` (a required member whose `null` means none).
  package mutating func setOrNull(_ name: String, _ value: (any EncodableParamValue)?) {
    members[name] = value?.paramJSON ?? .null
  }

  /// The members as a JSON object.
  package var json: JSONValue { .object(members) }
}

extension ParamsBuilder {
  /// A builder already holding `pairs`, `nil` values left out.
  package init(_ pairs: KeyValuePairs<String, (any EncodableParamValue)?>) {
    self.init()
    for (name, value) in pairs { set(name, value) }
  }
}

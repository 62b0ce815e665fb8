package import ContainerEngine
package import ContainerJSON

/// A type a validated param is read as (`Params.value(_:)`, `Params.optional(_:)`): the wire value, already checked
/// against its schema, converted into the engine's vocabulary or a plain Swift value.
package protocol ParamValue {
  /// The value as `Self`, or nil when it is not one (after validation: a spec and typed params that disagree).
  init?(param value: JSONValue)
  /// What the value must be, for the -32603 message of a disagreement.
  static var expected: String { get }
}

extension String: ParamValue {
  package init?(param value: JSONValue) {
    guard let string = value.stringValue else { return nil }
    self = string
  }
  package static var expected: String { "string" }
}

extension Double: ParamValue {
  package init?(param value: JSONValue) {
    guard let double = value.doubleValue else { return nil }
    self = double
  }
  package static var expected: String { "number" }
}

extension Int64: ParamValue {
  package init?(param value: JSONValue) {
    guard let int = value.intValue else { return nil }
    self = int
  }
  package static var expected: String { "integer" }
}

extension Int: ParamValue {
  package init?(param value: JSONValue) {
    guard let int = value.intValue else { return nil }
    self = Int(clamping: int)
  }
  package static var expected: String { "integer" }
}

extension Bool: ParamValue {
  package init?(param value: JSONValue) {
    guard let bool = value.boolValue else { return nil }
    self = bool
  }
  package static var expected: String { "boolean" }
}

extension JSONValue: ParamValue {
  /// Any value (a field of schema `.any`).
  package init?(param value: JSONValue) { self = value }
  package static var expected: String { "any value" }
}

extension JSONObject: ParamValue {
  package init?(param value: JSONValue) {
    guard let members = value.objectValue else { return nil }
    self = members
  }
  package static var expected: String { "object" }
}

extension Array: ParamValue where Element: ParamValue {
  package init?(param value: JSONValue) {
    guard let elements = value.arrayValue else { return nil }
    var converted: [Element] = []
    converted.reserveCapacity(elements.count)
    for element in elements {
      guard let element = Element(param: element) else { return nil }
      converted.append(element)
    }
    self = converted
  }
  package static var expected: String { "array of \(Element.expected)" }
}

extension Optional: ParamValue where Wrapped: ParamValue {
  /// An element of `.nullable` schema inside an array: `null` is `nil` (a member that is `null` counts as absent).
  package init?(param value: JSONValue) {
    if value.isNull {
      self = .none
    } else {
      guard let wrapped = Wrapped(param: value) else { return nil }
      self = .some(wrapped)
    }
  }
  package static var expected: String { "\(Wrapped.expected) or null" }
}

// MARK: - Enumerations: the wire's spellings are the raw values

extension ParamValue where Self: RawRepresentable, RawValue == String {
  package init?(param value: JSONValue) {
    guard let name = value.stringValue else { return nil }
    self.init(rawValue: name)
  }
  package static var expected: String { "one of \(Self.self)'s names" }
}

extension ControllerKind: ParamValue {}
extension LifecycleCallback: ParamValue {}
extension ModalPresentationStyle: ParamValue {}
extension ModalTransitionStyle: ParamValue {}
extension Engine.PageViewState.TransitionStyle: ParamValue {}
extension Engine.PageViewState.NavigationOrientation: ParamValue {}
extension Engine.PageViewState.SpineLocation: ParamValue {}
extension Engine.PageViewState.Direction: ParamValue {}
extension Engine.CoordinatorBehavior.Presence: ParamValue {}
extension Engine.CoordinatorBehavior.CancelReversal: ParamValue {}
extension ViewKind: ParamValue {}
extension VirtualClock.Mode: ParamValue {}
extension Engine.BehaviorKind: ParamValue {}
extension Engine.LayoutAttribute: ParamValue {}
extension Engine.PagingState.HeaderFormula: ParamValue {}
extension Engine.PagingState.PageSwitchOffset: ParamValue {}
extension ContentInsetAdjustmentBehavior: ParamValue {}
extension TableStyle: ParamValue {}
extension DequeueMode: ParamValue {}
extension EngineOptions.TransitionOrder: ParamValue {}
extension EngineOptions.DidMoveRedelivery: ParamValue {}
extension EngineOptions.BeginNesting: ParamValue {}
extension EngineOptions.SafeAreaCallbackPhase: ParamValue {}

extension LayoutRelation: ParamValue {
  /// `==`, `<=` or `>=` (NSLayoutConstraint.Relation).
  package init?(param value: JSONValue) {
    switch value.stringValue {
    case "==": self = .equal
    case "<=": self = .lessOrEqual
    case ">=": self = .greaterOrEqual
    default: return nil
    }
  }
  package static var expected: String { "one of \"==\", \"<=\", \">=\"" }
}

extension ScrollState.DecelerationRate: ParamValue {
  /// UIKit's named rates by name (`normal`, `fast`), any other as a number.
  package init?(param value: JSONValue) {
    switch value {
    case .string(let name): self.init(named: name)
    default:
      guard let rate = value.doubleValue else { return nil }
      self = .custom(rate)
    }
  }
  package static var expected: String { "\"normal\", \"fast\" or a number" }
}

// MARK: - Geometry: the shared shapes of `Schema` (Documentation/Protocol.md, "Objects and ids")

extension Rect: ParamValue {
  /// `{x, y, width, height}` (`Schema.rect`).
  package init?(param value: JSONValue) {
    guard let x = value["x"]?.doubleValue, let y = value["y"]?.doubleValue,
      let width = value["width"]?.doubleValue, let height = value["height"]?.doubleValue
    else { return nil }
    self.init(x: x, y: y, width: width, height: height)
  }
  package static var expected: String { "rect" }
}

extension Insets: ParamValue {
  /// `{top, left, bottom, right}` (`Schema.insets`).
  package init?(param value: JSONValue) {
    guard let top = value["top"]?.doubleValue, let left = value["left"]?.doubleValue,
      let bottom = value["bottom"]?.doubleValue, let right = value["right"]?.doubleValue
    else { return nil }
    self.init(top: top, left: left, bottom: bottom, right: right)
  }
  package static var expected: String { "insets" }
}

extension Point: ParamValue {
  /// `{x, y}` (`Schema.point`).
  package init?(param value: JSONValue) {
    guard let x = value["x"]?.doubleValue, let y = value["y"]?.doubleValue else { return nil }
    self.init(x: x, y: y)
  }
  package static var expected: String { "point" }
}

extension Size: ParamValue {
  /// `{width, height}` (`Schema.size`).
  package init?(param value: JSONValue) {
    guard let width = value["width"]?.doubleValue, let height = value["height"]?.doubleValue else { return nil }
    self.init(width: width, height: height)
  }
  package static var expected: String { "size" }
}

extension ExtendedEdges: ParamValue {
  /// `edgesForExtendedLayout` (R68): `"all"`, or a list of `"top"` / `"bottom"` (`[]`: none).
  package init?(param value: JSONValue) {
    if value.stringValue == "all" {
      self = .all
      return
    }
    guard let items = value.arrayValue else { return nil }
    var edges: ExtendedEdges = []
    for item in items {
      switch item.stringValue {
      case "top": edges.insert(.top)
      case "bottom": edges.insert(.bottom)
      default: return nil
      }
    }
    self = edges
  }
  package static var expected: String { "\"all\" or an array of \"top\", \"bottom\"" }
}

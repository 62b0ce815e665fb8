public import ContainerJSON
public import ContainerProtocol

// MARK: - Traits and size classes as typed requests (R60–R67)

/// A trait collection as the wire writes it (`window/configure`, `controller/setTraitOverrides`, `controller/get`).
public struct TraitsInfo: TypedResult, Equatable {
  public var json: JSONValue
  /// `compact` or `regular`.
  public var horizontalSizeClass: String
  public var verticalSizeClass: String
  /// `light` or `dark`.
  public var userInterfaceStyle: String
  public var displayScale: Double
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    json = result
    let traits = result["traits"] ?? result
    horizontalSizeClass = try Self.require(
      traits["horizontalSizeClass"]?.stringValue, "traits.horizontalSizeClass", in: result, method: method)
    verticalSizeClass = try Self.require(
      traits["verticalSizeClass"]?.stringValue, "traits.verticalSizeClass", in: result, method: method)
    userInterfaceStyle = try Self.require(
      traits["userInterfaceStyle"]?.stringValue, "traits.userInterfaceStyle", in: result, method: method)
    displayScale = try Self.require(
      traits["displayScale"]?.doubleValue, "traits.displayScale", in: result, method: method)
  }
  /// `wC hR`.
  public var sizeClasses: String {
    "w\(horizontalSizeClass == "regular" ? "R" : "C") h\(verticalSizeClass == "regular" ? "R" : "C")"
  }
}

/// `traits/register`'s `{id}`: the registration `traits/unregister` takes.
public struct TraitRegistrationID: TypedResult, Equatable {
  public var json: JSONValue
  public var id: String
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    json = result
    id = try Self.require(result["id"]?.stringValue, "id", in: result, method: method)
  }
}

extension WindowConfigureParams: ContainerRequest { public typealias Response = TraitsInfo }
extension WindowResizeParams: ContainerRequest { public typealias Response = EmptyResult }
extension ControllerSetTraitOverridesParams: ContainerRequest { public typealias Response = TraitsInfo }
extension TraitsRegisterParams: ContainerRequest { public typealias Response = TraitRegistrationID }
extension TraitsUnregisterParams: ContainerRequest { public typealias Response = EmptyResult }

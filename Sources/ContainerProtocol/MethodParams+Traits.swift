package import ContainerEngine
package import ContainerJSON

// The typed params of the trait methods (`Methods.traitMethods`) and the `traits.*` / `resize.*` options.

/// `controller/setTraitOverrides`.
public struct ControllerSetTraitOverridesParams: MethodParams {
  public static let method = "controller/setTraitOverrides"
  package var controller: String
  /// The members given, in the wire's order (a nil value removes that override).
  package var changes: [TraitOverrides.Change]

  package init(_ params: Params) throws(RPCError) {
    controller = try params.value("controller")
    let traits = try params.object("traits")
    changes = []
    if traits.members["horizontalSizeClass"] != nil {
      changes.append(.horizontalSizeClass(try traits.optional("horizontalSizeClass")))
    }
    if traits.members["verticalSizeClass"] != nil {
      changes.append(.verticalSizeClass(try traits.optional("verticalSizeClass")))
    }
    if traits.members["userInterfaceStyle"] != nil {
      changes.append(.userInterfaceStyle(try traits.optional("userInterfaceStyle")))
    }
  }
}

/// `traits/register`.
public struct TraitsRegisterParams: MethodParams {
  public static let method = "traits/register"
  package var controller: String?
  package var view: String?
  package var traits: [TraitName]

  package init(_ params: Params) throws(RPCError) {
    controller = try params.optional("controller")
    view = try params.optional("view")
    traits = try params.value("traits")
  }
}

/// `traits/unregister`.
public struct TraitsUnregisterParams: MethodParams {
  public static let method = "traits/unregister"
  package var id: String

  package init(_ params: Params) throws(RPCError) {
    id = try params.value("id")
  }
}

/// `window/configure`.
public struct WindowConfigureParams: MethodParams {
  public static let method = "window/configure"
  package var window: String
  package var idiom: UserInterfaceIdiom?
  package var sizeClassPolicy: Engine.TraitsBehavior.SizeClassPolicy?
  package var userInterfaceStyle: UserInterfaceStyle?
  package var displayScale: Double?

  package init(_ params: Params) throws(RPCError) {
    window = try params.value("window")
    idiom = try params.optional("idiom")
    sizeClassPolicy = try params.optional("sizeClassPolicy")
    userInterfaceStyle = try params.optional("userInterfaceStyle")
    displayScale = try params.optional("displayScale")
  }
}

extension TraitOverrides {
  /// `window/resize`'s `traits`: the size classes (and style) it gives.
  init(_ params: Params) throws(RPCError) {
    self.init(
      horizontalSizeClass: try params.optional("horizontalSizeClass"),
      verticalSizeClass: try params.optional("verticalSizeClass"),
      userInterfaceStyle: try params.optional("userInterfaceStyle"))
  }
}

/// The `traits.*` and `resize.*` members of `daemon/configure`'s `options`, each optional.
package struct TraitEngineOptions {
  package var sizeClassPolicy: Engine.TraitsBehavior.SizeClassPolicy?
  package var padCompactWidthThreshold: Double?
  package var handlerOrder: Engine.TraitsBehavior.HandlerOrder?
  package var landscapeSafeArea: Insets?
  package var styleChangeCallsDidChange: Bool?
  package var resizeDuration: Double?

  package init() {}

  init(_ given: Params) throws(RPCError) {
    sizeClassPolicy = try given.optional("traits.sizeClassPolicy")
    padCompactWidthThreshold = try given.optional("traits.padCompactWidthThreshold")
    handlerOrder = try given.optional("traits.handlerOrder")
    landscapeSafeArea = try given.optional("traits.landscapeSafeArea")
    styleChangeCallsDidChange = try given.optional("traits.styleChangeCallsDidChange")
    resizeDuration = try given.optional("resize.duration")
  }

  /// Sets the given ones.
  package func apply(to behavior: inout Engine.TraitsBehavior) {
    if let value = sizeClassPolicy { behavior.sizeClassPolicy = value }
    if let value = padCompactWidthThreshold { behavior.padCompactWidthThreshold = value }
    if let value = handlerOrder { behavior.handlerOrder = value }
    if let value = landscapeSafeArea { behavior.landscapeSafeArea = value }
    if let value = styleChangeCallsDidChange { behavior.styleChangeCallsDidChange = value }
    if let value = resizeDuration { behavior.resizeDuration = value }
  }

  /// Every option's current value, by its wire name.
  package static func values(_ behavior: Engine.TraitsBehavior) -> [(String, JSONValue)] {
    [
      ("traits.sizeClassPolicy", .string(behavior.sizeClassPolicy.rawValue)),
      ("traits.padCompactWidthThreshold", .number(behavior.padCompactWidthThreshold)),
      ("traits.handlerOrder", .string(behavior.handlerOrder.rawValue)),
      ("traits.landscapeSafeArea", behavior.landscapeSafeArea.paramJSON),
      ("traits.styleChangeCallsDidChange", .bool(behavior.styleChangeCallsDidChange)),
      ("resize.duration", .number(behavior.resizeDuration)),
    ]
  }
}

extension SizeClass: ParamValue, EncodableParamValue {}
extension UserInterfaceStyle: ParamValue, EncodableParamValue {}
extension UserInterfaceIdiom: ParamValue, EncodableParamValue {}
extension TraitName: ParamValue, EncodableParamValue {}
extension Engine.TraitsBehavior.SizeClassPolicy: ParamValue {}
extension Engine.TraitsBehavior.HandlerOrder: ParamValue {}

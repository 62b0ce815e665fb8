import ContainerEngine
import ContainerJSON
import ContainerProtocol

/// Traits and size classes (R60–R67): `window/configure`, `controller/setTraitOverrides`, `traits/*`.
extension RPCServer {
  /// A trait collection as the wire writes it.
  static func json(_ traits: TraitCollection) -> JSONValue {
    [
      "horizontalSizeClass": .string(traits.horizontalSizeClass.rawValue),
      "verticalSizeClass": .string(traits.verticalSizeClass.rawValue),
      "userInterfaceStyle": .string(traits.userInterfaceStyle.rawValue),
      "displayScale": .number(traits.displayScale),
    ]
  }

  /// Overrides as the wire writes them (only the ones set).
  static func json(_ overrides: TraitOverrides) -> JSONValue {
    var members = JSONObject()
    if let value = overrides.horizontalSizeClass { members["horizontalSizeClass"] = .string(value.rawValue) }
    if let value = overrides.verticalSizeClass { members["verticalSizeClass"] = .string(value.rawValue) }
    if let value = overrides.userInterfaceStyle { members["userInterfaceStyle"] = .string(value.rawValue) }
    return .object(members)
  }

  func windowConfigure(_ params: WindowConfigureParams) throws(RPCError) -> JSONValue {
    let window = try window(params.window)
    let traits = try engineCall { () throws(EngineError) in
      try engine.configureWindow(
        window, idiom: params.idiom, sizeClassPolicy: params.sizeClassPolicy,
        userInterfaceStyle: params.userInterfaceStyle, displayScale: params.displayScale)
    }
    return ["traits": Self.json(traits)]
  }

  func controllerSetTraitOverrides(_ params: ControllerSetTraitOverridesParams) throws(RPCError) -> JSONValue {
    let controller = try controller(params.controller, at: "controller")
    engine.setTraitOverrides(controller, params.changes)
    return ["traits": Self.json(engine.traitCollection(of: controller))]
  }

  func traitsRegister(_ params: TraitsRegisterParams) throws(RPCError) -> JSONValue {
    switch (params.controller, params.view) {
    case (nil, nil), (.some, .some):
      throw RPCError.invalidParams(
        path: "params.controller", expected: "a controller or a view, not both",
        message: "traits/register takes one of controller and view")
    default: break
    }
    guard !params.traits.isEmpty else {
      throw RPCError.invalidParams(
        path: "params.traits", expected: "at least one trait", message: "traits/register needs a trait to observe")
    }
    let controller = try optionalController(params.controller, at: "controller")
    let view = try params.view.map { (id) throws(RPCError) in try existingView(id, at: "view") }
    let registration = engine.registerForTraitChanges(controller: controller, view: view, traits: params.traits)
    return ["id": .string(registration.id)]
  }

  func traitsUnregister(_ params: TraitsUnregisterParams) throws(RPCError) -> JSONValue {
    try engineCall { () throws(EngineError) in try engine.unregisterForTraitChanges(params.id) }
    return [:]
  }
}

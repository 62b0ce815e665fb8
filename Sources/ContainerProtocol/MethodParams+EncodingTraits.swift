public import ContainerEngine
public import ContainerJSON

// MARK: - The trait methods as a client builds them (R60–R67)

extension WindowConfigureParams: EncodableMethodParams {
  /// The window's device, policy, style and scale; nil members are left as they are.
  public init(
    window: String, idiom: UserInterfaceIdiom? = nil, sizeClassPolicy: Engine.TraitsBehavior.SizeClassPolicy? = nil,
    userInterfaceStyle: UserInterfaceStyle? = nil, displayScale: Double? = nil
  ) {
    self.window = window
    self.idiom = idiom
    self.sizeClassPolicy = sizeClassPolicy
    self.userInterfaceStyle = userInterfaceStyle
    self.displayScale = displayScale
  }

  public var encoded: JSONValue {
    ParamsBuilder([
      "window": window, "idiom": idiom, "sizeClassPolicy": sizeClassPolicy?.rawValue,
      "userInterfaceStyle": userInterfaceStyle, "displayScale": displayScale,
    ]).json
  }
}

extension WindowResizeParams: EncodableMethodParams {
  /// A rotation or size change (R60–R66): animated unless told, `traits` replacing R65's size classes.
  public init(
    window: String, width: Double, height: Double, safeArea: Insets? = nil, animated: Bool = true,
    duration: Double? = nil, traits: TraitOverrides? = nil
  ) {
    self.window = window
    self.width = width
    self.height = height
    self.safeArea = safeArea
    self.animated = animated
    self.duration = duration
    self.traits = traits
  }

  public var encoded: JSONValue {
    var builder = ParamsBuilder([
      "window": window, "width": width, "height": height, "safeArea": safeArea, "animated": animated,
      "duration": duration,
    ])
    if let traits {
      builder.set(
        "traits",
        ParamsBuilder([
          "horizontalSizeClass": traits.horizontalSizeClass, "verticalSizeClass": traits.verticalSizeClass,
          "userInterfaceStyle": traits.userInterfaceStyle,
        ]).json)
    }
    return builder.json
  }
}

extension ControllerSetTraitOverridesParams: EncodableMethodParams {
  /// Merges `changes` into the controller's overrides (R67); a change to nil removes that override.
  public init(controller: String, changes: [TraitOverrides.Change]) {
    self.controller = controller
    self.changes = changes
  }

  public var encoded: JSONValue {
    var traits = ParamsBuilder()
    for change in changes {
      switch change {
      case .horizontalSizeClass(let value): traits.setOrNull("horizontalSizeClass", value)
      case .verticalSizeClass(let value): traits.setOrNull("verticalSizeClass", value)
      case .userInterfaceStyle(let value): traits.setOrNull("userInterfaceStyle", value)
      }
    }
    return ParamsBuilder(["controller": controller, "traits": traits.json]).json
  }
}

extension TraitsRegisterParams: EncodableMethodParams {
  /// `registerForTraitChanges(traits, handler:)` on a controller or a view (R63).
  public init(controller: String? = nil, view: String? = nil, traits: [TraitName]) {
    self.controller = controller
    self.view = view
    self.traits = traits
  }

  public var encoded: JSONValue {
    ParamsBuilder(["controller": controller, "view": view, "traits": traits]).json
  }
}

extension TraitsUnregisterParams: EncodableMethodParams {
  /// `unregisterForTraitChanges(_:)`.
  public init(id: String) { self.id = id }

  public var encoded: JSONValue { ParamsBuilder(["id": id]).json }
}

import ContainerEngine
import ContainerJSON

/// Traits and size classes (R60–R67): the `traits/*` methods, `window/configure`, `controller/setTraitOverrides`, the
/// shapes they share and the `traits.*` / `resize.*` engine options of `daemon/configure`.
extension Methods {
  /// A trait collection as the wire writes it (results, `event/lifecycle`'s `traits` and `previous`).
  static let traitsResult = Schema.object([
    .init("horizontalSizeClass", .enumeration(SizeClass.allCases.map(\.rawValue)), required: true),
    .init("verticalSizeClass", .enumeration(SizeClass.allCases.map(\.rawValue)), required: true),
    .init("userInterfaceStyle", .enumeration(UserInterfaceStyle.allCases.map(\.rawValue)), required: true),
    .init("displayScale", .number(minimum: 1), required: true),
  ])

  /// Size classes (and a style) given explicitly: `window/resize`'s `traits`, `controller/setTraitOverrides`'s
  /// (where null removes an override).
  static func traitsParam(nullRemoves: Bool) -> Schema {
    func member(_ schema: Schema) -> Schema { nullRemoves ? .nullable(schema) : schema }
    return .object([
      .init("horizontalSizeClass", member(.enumeration(SizeClass.allCases.map(\.rawValue)))),
      .init("verticalSizeClass", member(.enumeration(SizeClass.allCases.map(\.rawValue)))),
      .init("userInterfaceStyle", member(.enumeration(UserInterfaceStyle.allCases.map(\.rawValue)))),
    ])
  }

  static let idioms = UserInterfaceIdiom.allCases.map(\.rawValue)
  static let sizeClassPolicies = Engine.TraitsBehavior.SizeClassPolicy.allCases.map(\.rawValue)

  /// The `traits.*` and `resize.*` options (R60–R67's open points).
  static let traitEngineOptions: [Schema.Field] = [
    .init(
      "traits.sizeClassPolicy", .enumeration(sizeClassPolicies),
      "device: Apple's table (Plus/Max phones regular width in landscape); compactPhones: every phone compact (R65)"),
    .init(
      "traits.padCompactWidthThreshold", .number(minimum: 0, maximum: 100_000),
      "a pad window narrower than this many points is compact width (R65)"),
    .init(
      "traits.handlerOrder", .enumeration(Engine.TraitsBehavior.HandlerOrder.allCases.map(\.rawValue)),
      "registered handlers before or after traitCollectionDidChange (R63)"),
    .init(
      "traits.landscapeSafeArea", .insets, "the safe area of a landscape phone window when window/resize gives none"),
    .init(
      "traits.styleChangeCallsDidChange", .boolean,
      "a userInterfaceStyle change alone calls traitCollectionDidChange (false: only registered handlers)"),
    .init("resize.duration", .number(minimum: 0, maximum: 60), "an animated window/resize's seconds (R66)"),
  ]

  static let traitMethods: [MethodSpec] = [
    MethodSpec(
      "controller/setTraitOverrides",
      "traitOverrides: merges size classes or a style into the controller's overrides (null removes one); it and its "
        + "descendants get the trait update for what changed, and its children no size-class callbacks from a "
        + "change the overrides hide (R67).",
      params: .fields([
        .init("controller", .id, required: true),
        .init("traits", traitsParam(nullRemoves: true), required: true, "the overrides to set (null: remove)"),
      ]),
      result: .object([.init("traits", traitsResult, required: true, "the controller's traits now")])),
    MethodSpec(
      "traits/register",
      "registerForTraitChanges(traits, handler:) on a controller or a view: no call now; a traitChangeHandler "
        + "lifecycle event when one of the traits changes (R63).",
      params: .fields([
        .init("controller", .id, "the registering controller; or"), .init("view", .id, "the registering view"),
        .init(
          "traits", .array(.enumeration(TraitName.allCases.map(\.rawValue))), required: true,
          "the traits the handler is for (at least one)"),
      ]),
      result: .object([.init("id", .string, required: true, "the registration, for traits/unregister")])),
    MethodSpec(
      "traits/unregister", "unregisterForTraitChanges(_:): the handler runs no more.",
      params: .fields([.init("id", .string, required: true, "traits/register's answer")])),
    MethodSpec(
      "window/configure",
      "The window's device idiom, size-class policy, interface style and display scale; what changes is told as a "
        + "trait change (R60–R65). Answers the window's traits.",
      params: .fields([
        .init("window", .id, required: true), .init("idiom", .enumeration(idioms)),
        .init("sizeClassPolicy", .enumeration(sizeClassPolicies), "this window's (default: traits.sizeClassPolicy)"),
        .init("userInterfaceStyle", .enumeration(UserInterfaceStyle.allCases.map(\.rawValue))),
        .init("displayScale", .number(minimum: 1, maximum: 4)),
      ]),
      result: .object([.init("traits", traitsResult, required: true)])),
  ]
}

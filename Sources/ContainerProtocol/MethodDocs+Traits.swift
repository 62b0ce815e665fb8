/// The descriptions and errors of the trait methods (R60–R67).
extension Methods {
  static let traitDocs: [String: MethodDoc] = [
    "controller/setTraitOverrides": MethodDoc(
      "traitOverrides (setOverrideTraitCollection(_:forChild:) in a container): merges the given size classes and "
        + "style into the controller's overrides, a null value removing one. The overrides apply to the controller "
        + "and everything below it (R67); each of them whose traits changed gets the trait update at once, parent "
        + "first (registered handlers, then traitCollectionDidChange with the previous traits, R63), and the "
        + "controller's view lays out again. A later size change its overrides hide tells it nothing but "
        + "viewWillTransition(to:) (R61, R67). Answers the controller's traits.",
      errors: [.unknown("controller"), .params("a trait value UIKit has not (path params.traits.<name>)")]),
    "traits/register": MethodDoc(
      "registerForTraitChanges(_:handler:) on a controller or a view (give one): nothing is called now (no initial "
        + "delivery) and a controller's view is not loaded. When one of the traits changes for the object, a "
        + "traitChangeHandler lifecycle event (layout kind) with the registration id and the previous traits, "
        + "right before the controller's traitCollectionDidChange (traits.handlerOrder, R63); a view's handler runs "
        + "after the callbacks of the controller whose view holds it.",
      errors: [
        .unknown("controller or view"),
        .params("neither or both of controller and view, no trait, or a trait UIKit has not"),
      ]),
    "traits/unregister": MethodDoc(
      "unregisterForTraitChanges(_:): the registration's handler runs no more.",
      errors: [.params("no registration has this id (path params.id)")]),
    "window/configure": MethodDoc(
      "The window's device: idiom phone or pad (R65's size-class table differs), its own size-class policy, "
        + "userInterfaceStyle (light, dark) and displayScale. Its controllers are told what changes: "
        + "willTransition(to:) where a size class changes, then the trait update (handlers, traitCollectionDidChange; "
        + "a style change alone calls traitCollectionDidChange unless traits.styleChangeCallsDidChange is false). "
        + "Answers the window's traits.",
      errors: [.unknown("window"), .params("window is not a UIWindow, or an idiom or style UIKit has not")]),
  ]
}

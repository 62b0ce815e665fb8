import ContainerEngine
import ContainerJSON
import ContainerProtocol

/// A scene's trait members (R65, R67): a window's `idiom` and `userInterfaceStyle`, a controller's `traitOverrides`.
extension SceneDocument {
  static func readTraits(_ members: JSONObject, _ path: String, into window: inout Window) throws(RPCError) {
    window.idiom =
      try uikitEnum(members, "idiom", path, as: UserInterfaceIdiom.self, named: "UIUserInterfaceIdiom") ?? .phone
    window.userInterfaceStyle = try uikitEnum(
      members, "userInterfaceStyle", path, as: UserInterfaceStyle.self, named: "UIUserInterfaceStyle")
  }

  /// `{horizontalSizeClass?, verticalSizeClass?, userInterfaceStyle?}`, each member checked at its path.
  static func traitOverrides(_ value: JSONValue?, _ path: String) throws(RPCError) -> TraitOverrides? {
    guard let value else { return nil }
    let members = try object(
      value, path, allowed: ["horizontalSizeClass", "verticalSizeClass", "userInterfaceStyle"])
    return TraitOverrides(
      horizontalSizeClass: try uikitEnum(
        members, "horizontalSizeClass", path, as: SizeClass.self, named: "UIUserInterfaceSizeClass"),
      verticalSizeClass: try uikitEnum(
        members, "verticalSizeClass", path, as: SizeClass.self, named: "UIUserInterfaceSizeClass"),
      userInterfaceStyle: try uikitEnum(
        members, "userInterfaceStyle", path, as: UserInterfaceStyle.self, named: "UIUserInterfaceStyle"))
  }
}

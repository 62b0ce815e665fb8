import ContainerEngine
import ContainerJSON
import ContainerProtocol

/// A `UIPageViewController` in a `scene/load` document (R31–R38): its members, validated as the rest of the document.
extension SceneDocument {
  /// The members only a UIPageViewController takes (besides `pages`).
  static let pageViewKeys = [
    "transitionStyle", "navigationOrientation", "spineLocation", "isDoubleSided", "interPageSpacing", "delegate",
    "initial",
  ]

  /// A UIPageViewController's members (R31–R38): its options as `controller/create` takes them, `pages` (controllers:
  /// the data source's list), `initial` (names or ids among `pages`; default the first page, or the first two of a
  /// double-sided curl). R32's rules are checked here: a mid spine needs `isDoubleSided`, `initial` the required
  /// count; a page view's children are its pages, so `children` is refused.
  static func pageView(_ members: JSONObject, _ path: String, into node: inout ControllerNode)
    throws(RPCError)
  {
    var options = Engine.PageViewOptions()
    options.transitionStyle =
      try uikitEnum(
        members, "transitionStyle", path, as: Engine.PageViewState.TransitionStyle.self,
        named: "UIPageViewController.TransitionStyle") ?? .scroll
    options.navigationOrientation =
      try uikitEnum(
        members, "navigationOrientation", path, as: Engine.PageViewState.NavigationOrientation.self,
        named: "UIPageViewController.NavigationOrientation") ?? .horizontal
    options.spineLocation = try uikitEnum(
      members, "spineLocation", path, as: Engine.PageViewState.SpineLocation.self,
      named: "UIPageViewController.SpineLocation")
    options.isDoubleSided = try bool(members["isDoubleSided"], "\(path).isDoubleSided") ?? false
    options.interPageSpacing = try number(members["interPageSpacing"], "\(path).interPageSpacing") ?? 0
    options.delegate = try bool(members["delegate"], "\(path).delegate") ?? true
    let curl = options.transitionStyle == .pageCurl
    if curl && options.spineLocation == Engine.PageViewState.SpineLocation.none {
      throw RPCError.invalidParams(
        path: "\(path).spineLocation", expected: "min, mid or max for pageCurl",
        message: "a pageCurl page view controller needs a spine")
    }
    if curl && options.spineLocation == .mid && !options.isDoubleSided {
      throw RPCError.invalidParams(
        path: "\(path).isDoubleSided", expected: "true with a mid spine",
        message: "isDoubleSided must be YES for UIPageViewControllerSpineLocationMid (R32)")
    }
    if members["children"] != nil {
      throw RPCError.invalidParams(
        path: "\(path).children", expected: "no children for UIPageViewController",
        message: "a page view controller's children are its pages (R31)")
    }
    for (index, item) in (try array(members["pages"], "\(path).pages")).enumerated() {
      node.pages.append(try controller(item, "\(path).pages[\(index)]"))
    }
    let required = curl && options.isDoubleSided ? 2 : 1
    var initial: [String] = []
    if let given = members["initial"] {
      for (index, item) in (try array(given, "\(path).initial")).enumerated() {
        let itemPath = "\(path).initial[\(index)]"
        guard let label = try string(item, itemPath) else { continue }
        guard node.pages.contains(where: { $0.name == label || $0.id == label }) else {
          throw RPCError.invalidParams(
            path: itemPath, expected: "the name or id of one of \(path).pages",
            message: "\(label) is not one of this page view controller's pages")
        }
        initial.append(label)
      }
      if initial.count != required {
        throw RPCError.invalidParams(
          path: "\(path).initial", expected: "\(required) page\(required == 1 ? "" : "s")",
          message:
            "The number of view controllers provided (\(initial.count)) doesn't match the number required (\(required)) for the requested transition"
        )
      }
    } else if node.pages.count >= required {
      initial = node.pages.prefix(required).compactMap { $0.name ?? $0.id }
    }
    node.pageView = options
    node.initialPages = initial
  }
}

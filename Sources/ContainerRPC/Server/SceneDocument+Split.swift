import ContainerEngine
import ContainerJSON
import ContainerProtocol

/// A `UISplitViewController` in a `scene/load` document (R39–R45): its options as `controller/create` takes them and
/// its columns as controller objects, validated as the rest of the document.
extension SceneDocument {
  /// The members only a UISplitViewController takes (its `delegate` is an object or a boolean).
  static let splitKeys = ["style", "columns", "preferredDisplayMode", "preferredSplitBehavior", "presentsWithGesture"]

  /// A UISplitViewController's members: `style`, `columns` (`primary`, `supplementary`, `secondary`, `compact`: each a
  /// controller object, built before the split view controller, which wraps them as `controller/create` does, R39),
  /// `preferredDisplayMode`, `preferredSplitBehavior`, `presentsWithGesture`, `delegate` (`true`, or an object with
  /// `topColumnForCollapsing` / `displayModeForExpanding`). Refused here: an unknown column, the supplementary column
  /// of a doubleColumn split view controller, a column of the wrong kind (a tab bar controller for the primary or
  /// supplementary column, a split view controller anywhere, R39), `children` (its children are its columns).
  static func split(_ members: JSONObject, _ path: String, into node: inout ControllerNode) throws(RPCError) {
    var options = Engine.SplitOptions()
    options.style =
      try uikitEnum(members, "style", path, as: Engine.SplitViewState.Style.self, named: "UISplitViewController.Style")
      ?? .doubleColumn
    options.preferredDisplayMode =
      try uikitEnum(
        members, "preferredDisplayMode", path, as: Engine.SplitViewState.DisplayMode.self,
        named: "UISplitViewController.DisplayMode") ?? .automatic
    options.preferredSplitBehavior =
      try uikitEnum(
        members, "preferredSplitBehavior", path, as: Engine.SplitViewState.SplitBehavior.self,
        named: "UISplitViewController.SplitBehavior") ?? .automatic
    options.presentsWithGesture = try bool(members["presentsWithGesture"], "\(path).presentsWithGesture") ?? true
    if let delegate = members["delegate"] {
      options.delegate = try splitDelegate(delegate, "\(path).delegate")
    }
    if members["children"] != nil {
      throw RPCError.invalidParams(
        path: "\(path).children", expected: "no children for UISplitViewController",
        message: "a split view controller's children are its columns (R39)")
    }
    if let columns = members["columns"] {
      let allowed = Engine.SplitViewState.Column.allCases.map(\.rawValue)
      let given = try object(columns, "\(path).columns", allowed: allowed)
      for column in Engine.SplitViewState.Column.allCases {
        guard let value = given[column.rawValue] else { continue }
        let columnPath = "\(path).columns.\(column.rawValue)"
        if column == .supplementary && options.style == .doubleColumn {
          throw RPCError.invalidParams(
            path: columnPath, expected: "primary, secondary or compact for a doubleColumn split view controller",
            message: "a doubleColumn split view controller has no supplementary column")
        }
        let child = try controller(value, columnPath)
        if child.kind == .tabBarController && (column == .primary || column == .supplementary) {
          throw RPCError.invalidParams(
            path: "\(columnPath).kind", expected: "not a UITabBarController for the \(column.rawValue) column",
            message: "You can't assign a UITabBarController to the primary or supplementary columns. (R39)")
        }
        if child.kind == .splitViewController {
          throw RPCError.invalidParams(
            path: "\(columnPath).kind", expected: "not a UISplitViewController",
            message: "a split view controller cannot be a column of a split view controller (R39)")
        }
        node.pages.append(child)
        node.splitColumns.append(column)
      }
    }
    node.split = options
  }

  /// `delegate`: `true` answers the proposed values, `false` is none, an object names other answers.
  private static func splitDelegate(_ value: JSONValue, _ path: String) throws(RPCError) -> Engine.SplitViewState
    .Delegate?
  {
    if let flag = value.boolValue { return flag ? Engine.SplitViewState.Delegate() : nil }
    let members = try object(value, path, allowed: ["topColumnForCollapsing", "displayModeForExpanding"])
    var answers = Engine.SplitViewState.Delegate()
    if let top = try string(members["topColumnForCollapsing"], "\(path).topColumnForCollapsing"), top != "proposed" {
      guard let column = Engine.SplitViewState.Column(rawValue: top) else {
        throw RPCError.invalidParams(
          path: "\(path).topColumnForCollapsing", expected: "a column or proposed",
          message: "\(top) is not a UISplitViewController.Column")
      }
      answers.topColumnForCollapsing = column
    }
    if let mode = try string(members["displayModeForExpanding"], "\(path).displayModeForExpanding"),
      mode != "proposed"
    {
      guard let displayMode = Engine.SplitViewState.DisplayMode(rawValue: mode) else {
        throw RPCError.invalidParams(
          path: "\(path).displayModeForExpanding", expected: "a display mode or proposed",
          message: "\(mode) is not a UISplitViewController.DisplayMode")
      }
      answers.displayModeForExpanding = displayMode
    }
    return answers
  }
}

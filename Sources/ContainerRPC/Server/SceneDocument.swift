import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `scene/load` documents: a storyboard-like description of windows, controllers (nested, of every kind) and views,
/// validated whole before anything is built (see Documentation/Scenes.md).
///
/// Lives in the server because it reads JSON; it builds through the engine's public API only, and which option goes
/// with which kind of controller is the engine's rule (`ControllerOption`).
struct SceneDocument {
  /// A view to create inside a controller's root view or another view.
  struct ViewNode {
    var name: String?
    var id: String?
    var kind: ViewKind
    var frame: Rect?
    var autoresizingMask: [String]
    var text: String?
    var subviews: [ViewNode]
  }

  /// A controller and what it holds.
  struct ControllerNode {
    var name: String?
    var id: String?
    var kind: ControllerKind
    var className: String?
    var title: String?
    var restorationIdentifier: String?
    var forwardsAppearance: Bool
    var viewKind: ViewKind?
    var viewFrame: Rect?
    var subviews: [ViewNode]
    /// Embedded children: `(child, container view name or id, frame)`.
    var children: [(ControllerNode, String?, Rect?)]
    /// UINavigationController stack (first is the root) or UITabBarController tabs.
    var stack: [ControllerNode]
    var selectedIndex: Int?
    /// The table of a UITableViewController (or its `tableView`): identifiers to register and `table/setData`'s data.
    var table: TableContent?
    /// A page's scroll view (name or id of a view in its view), YSM's childScrollView.
    var scrollView: String?
    /// PagingContainerViewController: header, options and pages.
    var paging: Paging?
    var pages: [ControllerNode] = []
    /// The presentation properties (R53–R56; nil: as created).
    var definesPresentationContext: Bool? = nil
    var providesPresentationContextTransitionStyle: Bool? = nil
    var modalPresentationStyle: ModalPresentationStyle? = nil
    var modalTransitionStyle: ModalTransitionStyle? = nil
    /// `isModalInPresentation` (R58; nil: as created).
    var isModalInPresentation: Bool? = nil
    /// UINavigationController: a delegate that gets willShow / didShow (R51; nil: none).
    var navigationDelegate: Bool? = nil
    /// UIPageViewController: its options (`pages` are this node's `pages`, its data source's list) and the names or
    /// ids of the pages shown first (R31–R38).
    var pageView: Engine.PageViewOptions? = nil
    var initialPages: [String] = []
    /// `traitOverrides` (R67; nil: none).
    var traitOverrides: TraitOverrides? = nil
    /// UISplitViewController: its options (R39–R45); its columns' controllers are this node's `pages`, their columns
    /// in `splitColumns`, in the same order.
    var split: Engine.SplitOptions? = nil
    var splitColumns: [Engine.SplitViewState.Column] = []
  }

  struct TableContent {
    var register: [String]
    var data: Engine.TableData
    var models: [[JSONValue]?]
  }

  struct Paging {
    var height: Double
    var titleBarHeight: Double
    var hangingHeight: Double
    var formula: Engine.PagingState.HeaderFormula
    var switchOffset: Engine.PagingState.PageSwitchOffset
    var shortListInset: Bool
  }

  struct Window {
    var name: String?
    var id: String?
    var width: Double
    var height: Double
    var safeArea: Insets?
    var root: ControllerNode?
    /// R65: the device (`window/create`'s `idiom`) and `userInterfaceStyle`.
    var idiom = UserInterfaceIdiom.phone
    var userInterfaceStyle: UserInterfaceStyle? = nil
  }

  var windows: [Window] = []
  var controllers: [ControllerNode] = []

  /// The document's key for a container's list: `tabs` where the kind takes tabs, else `viewControllers`.
  static func stackKey(of kind: ControllerKind) -> String {
    ControllerOption.tabs.applies(to: kind) ? "tabs" : "viewControllers"
  }

  // MARK: - Parsing (structure, with the path of the first error)

  init(_ value: JSONValue, path: String) throws(RPCError) {
    let members = try Self.object(value, path, allowed: ["windows", "controllers"])
    for (index, item) in (try Self.array(members["windows"], "\(path).windows")).enumerated() {
      windows.append(try Self.window(item, "\(path).windows[\(index)]"))
    }
    for (index, item) in (try Self.array(members["controllers"], "\(path).controllers")).enumerated() {
      controllers.append(try Self.controller(item, "\(path).controllers[\(index)]"))
    }
  }

  private static func window(_ value: JSONValue, _ path: String) throws(RPCError) -> Window {
    let members = try object(
      value, path, allowed: ["name", "id", "width", "height", "safeArea", "root", "idiom", "userInterfaceStyle"])
    var window = Window(
      name: try string(members["name"], "\(path).name"), id: try string(members["id"], "\(path).id"),
      width: try number(members["width"], "\(path).width") ?? Engine.defaultWindowFrame.width,
      height: try number(members["height"], "\(path).height") ?? Engine.defaultWindowFrame.height,
      safeArea: try members["safeArea"].map { (value) throws(RPCError) in
        guard let insets = RPCServer.insets(try Schema.insets.validate(value, path: "\(path).safeArea")) else {
          throw RPCError.invalidParams(path: "\(path).safeArea", expected: "insets", message: "bad insets")
        }
        return insets
      },
      root: try members["root"].map { (value) throws(RPCError) in try controller(value, "\(path).root") })
    try readTraits(members, path, into: &window)
    return window
  }

  static func controller(_ value: JSONValue, _ path: String) throws(RPCError) -> ControllerNode {
    let members = try object(
      value, path,
      allowed: [
        "name", "id", "kind", "className", "title", "restorationIdentifier", "forwardsAppearance", "view", "children",
        "viewControllers", "tabs", "selectedIndex", "table", "scrollView", "header", "pages", "headerFormula",
        "pageSwitchOffset", "shortListInset", "definesPresentationContext",
        "providesPresentationContextTransitionStyle", "modalPresentationStyle", "modalTransitionStyle",
        "isModalInPresentation", "traitOverrides",
      ] + pageViewKeys + splitKeys)
    let kindName = try string(members["kind"], "\(path).kind") ?? ControllerKind.viewController.rawValue
    let sceneKinds = ControllerKind.allCases
    guard let kind = ControllerKind(rawValue: kindName), sceneKinds.contains(kind) else {
      throw RPCError.invalidParams(
        path: "\(path).kind", expected: "one of " + sceneKinds.map(\.rawValue).joined(separator: ", "),
        message: "\(path).kind: \(kindName) is not a controller kind the daemon models")
    }
    var node = ControllerNode(
      name: try string(members["name"], "\(path).name"), id: try string(members["id"], "\(path).id"), kind: kind,
      className: try string(members["className"], "\(path).className"),
      title: try string(members["title"], "\(path).title"),
      restorationIdentifier: try string(members["restorationIdentifier"], "\(path).restorationIdentifier"),
      forwardsAppearance: try bool(members["forwardsAppearance"], "\(path).forwardsAppearance") ?? true,
      viewKind: nil, viewFrame: nil, subviews: [], children: [], stack: [], selectedIndex: nil)
    node.scrollView = try string(members["scrollView"], "\(path).scrollView")
    node.definesPresentationContext = try bool(
      members["definesPresentationContext"], "\(path).definesPresentationContext")
    node.providesPresentationContextTransitionStyle = try bool(
      members["providesPresentationContextTransitionStyle"], "\(path).providesPresentationContextTransitionStyle")
    node.modalPresentationStyle = try uikitEnum(
      members, "modalPresentationStyle", path, as: ModalPresentationStyle.self, named: "UIModalPresentationStyle")
    node.modalTransitionStyle = try uikitEnum(
      members, "modalTransitionStyle", path, as: ModalTransitionStyle.self, named: "UIModalTransitionStyle")
    node.isModalInPresentation = try bool(members["isModalInPresentation"], "\(path).isModalInPresentation")
    node.traitOverrides = try traitOverrides(members["traitOverrides"], "\(path).traitOverrides")
    if let table = members["table"] {
      guard ControllerOption.tableView.applies(to: kind) else {
        throw RPCError.invalidParams(
          path: "\(path).table", expected: "no table for \(kindName)",
          message: "table applies to \(ControllerOption.tableView.kind.rawValue)")
      }
      node.table = try tableContent(table, "\(path).table")
    }
    let pagingKeys: [(String, ControllerOption)] = [
      ("header", .pagingHeader), ("pages", .pages), ("headerFormula", .headerFormula),
      ("pageSwitchOffset", .pageSwitchOffset), ("shortListInset", .shortListInset),
    ]
    if kind == .splitViewController {
      try split(members, path, into: &node)
    } else if let key = splitKeys.first(where: { members[$0] != nil }) {
      throw RPCError.invalidParams(
        path: "\(path).\(key)", expected: "no \(key) for \(kindName)",
        message: "\(key) applies to \(ControllerKind.splitViewController.rawValue)")
    }
    if kind == .pageViewController {
      try pageView(members, path, into: &node)
    } else if kind == .navigationController, members["delegate"] != nil {
      // A navigation controller's delegate (R51): the one page view member a navigation controller shares.
      node.navigationDelegate = try bool(members["delegate"], "\(path).delegate")
    }
    if kind != .pageViewController,
      let key = pageViewKeys.first(where: {
        members[$0] != nil && !((kind == .navigationController || kind == .splitViewController) && $0 == "delegate")
      })
    {
      throw RPCError.invalidParams(
        path: "\(path).\(key)", expected: "no \(key) for \(kindName)",
        message: "\(key) applies to \(ControllerKind.pageViewController.rawValue)"
          + (key == "delegate" ? " and \(ControllerKind.navigationController.rawValue)" : ""))
    }
    if kind == .pageViewController || kind == .splitViewController {
      // Its pages (a split view controller's columns) are parsed above.
    } else if ControllerOption.pagingHeader.applies(to: kind) {
      node.paging = try paging(members, path)
      for (index, item) in (try array(members["pages"], "\(path).pages")).enumerated() {
        node.pages.append(try controller(item, "\(path).pages[\(index)]"))
      }
    } else if case let (key, option)? = pagingKeys.first(where: { members[$0.0] != nil && !$0.1.applies(to: kind) }) {
      throw RPCError.invalidParams(
        path: "\(path).\(key)", expected: "no \(key) for \(kindName)",
        message: "\(key) applies to \(option.kind.rawValue)")
    }
    if let view = members["view"] {
      let viewMembers = try object(view, "\(path).view", allowed: ["kind", "frame", "subviews"])
      node.viewKind = try viewKind(viewMembers["kind"], "\(path).view.kind")
      node.viewFrame = try rect(viewMembers["frame"], "\(path).view.frame")
      for (index, item) in (try array(viewMembers["subviews"], "\(path).view.subviews")).enumerated() {
        node.subviews.append(try self.view(item, "\(path).view.subviews[\(index)]"))
      }
    }
    for (index, item) in (try array(members["children"], "\(path).children")).enumerated() {
      let itemPath = "\(path).children[\(index)]"
      let child = try object(item, itemPath, allowed: ["controller", "container", "frame"])
      guard let childValue = child["controller"] else {
        throw RPCError.invalidParams(
          path: "\(itemPath).controller", expected: "object", message: "missing \(itemPath).controller")
      }
      node.children.append(
        (
          try controller(childValue, "\(itemPath).controller"), try string(child["container"], "\(itemPath).container"),
          try rect(child["frame"], "\(itemPath).frame")
        ))
    }
    let stackKey = stackKey(of: kind)
    for key in ["viewControllers", "tabs"] where members[key] != nil && key != stackKey {
      throw RPCError.invalidParams(
        path: "\(path).\(key)", expected: "no \(key) for \(kindName)",
        message: "\(path).\(key) does not apply to \(kindName)")
    }
    let stackOption: ControllerOption = stackKey == "tabs" ? .tabs : .navigationStack
    if members[stackKey] != nil && !stackOption.applies(to: kind) {
      throw RPCError.invalidParams(
        path: "\(path).\(stackKey)", expected: "no \(stackKey) for \(kindName)",
        message: "\(path).\(stackKey) does not apply to \(kindName)")
    }
    for (index, item) in (try array(members[stackKey], "\(path).\(stackKey)")).enumerated() {
      node.stack.append(try controller(item, "\(path).\(stackKey)[\(index)]"))
    }
    if let index = members["selectedIndex"] {
      guard ControllerOption.selectedIndex.applies(to: kind), let value = index.intValue, value >= 0,
        value < max(1, node.stack.count)
      else {
        throw RPCError.invalidParams(
          path: "\(path).selectedIndex", expected: "a tab index", message: "\(path).selectedIndex is not a tab index")
      }
      node.selectedIndex = Int(value)
    }
    return node
  }

  private static func view(_ value: JSONValue, _ path: String) throws(RPCError) -> ViewNode {
    let members = try object(
      value, path, allowed: ["name", "id", "kind", "frame", "autoresizingMask", "text", "subviews"])
    var node = ViewNode(
      name: try string(members["name"], "\(path).name"), id: try string(members["id"], "\(path).id"),
      kind: try viewKind(members["kind"], "\(path).kind") ?? .UIView,
      frame: try rect(members["frame"], "\(path).frame"),
      autoresizingMask: [], text: try string(members["text"], "\(path).text"), subviews: [])
    if let mask = members["autoresizingMask"] {
      let schema = Schema.array(
        .enumeration([
          "flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin", "flexibleTopMargin", "flexibleHeight",
          "flexibleBottomMargin",
        ]))
      node.autoresizingMask =
        (try schema.validate(mask, path: "\(path).autoresizingMask")).arrayValue?.compactMap(
          \.stringValue) ?? []
    }
    for (index, item) in (try array(members["subviews"], "\(path).subviews")).enumerated() {
      node.subviews.append(try view(item, "\(path).subviews[\(index)]"))
    }
    return node
  }

  // MARK: - Typed member helpers

  static func object(_ value: JSONValue, _ path: String, allowed: [String]) throws(RPCError) -> JSONObject {
    guard case .object(let members) = value else {
      throw RPCError.invalidParams(path: path, expected: "object", message: "\(path) must be an object")
    }
    for key in members.keys.sorted() where !allowed.contains(key) {
      throw RPCError.invalidParams(
        path: "\(path).\(key)", expected: "no such member",
        message: "unknown member \(path).\(key) (known: \(allowed.joined(separator: ", ")))")
    }
    return members
  }

  static func array(_ value: JSONValue?, _ path: String) throws(RPCError) -> [JSONValue] {
    guard let value else { return [] }
    guard case .array(let items) = value else {
      throw RPCError.invalidParams(path: path, expected: "array", message: "\(path) must be an array")
    }
    return items
  }

  static func string(_ value: JSONValue?, _ path: String) throws(RPCError) -> String? {
    guard let value else { return nil }
    guard case .string(let string) = value, !string.isEmpty else {
      throw RPCError.invalidParams(
        path: path, expected: "non-empty string", message: "\(path) must be a non-empty string")
    }
    return string
  }

  static func number(_ value: JSONValue?, _ path: String) throws(RPCError) -> Double? {
    guard let value else { return nil }
    return try Schema.length.validate(value, path: path).doubleValue
  }

  static func bool(_ value: JSONValue?, _ path: String) throws(RPCError) -> Bool? {
    guard let value else { return nil }
    guard let bool = value.boolValue else {
      throw RPCError.invalidParams(path: path, expected: "boolean", message: "\(path) must be a boolean")
    }
    return bool
  }

  /// A member naming a case of one of UIKit's enumerations (`modalPresentationStyle`, `modalTransitionStyle`).
  static func uikitEnum<Value: RawRepresentable & CaseIterable>(
    _ members: JSONObject, _ name: String, _ path: String, as type: Value.Type, named typeName: String
  ) throws(RPCError) -> Value? where Value.RawValue == String {
    guard let raw = try string(members[name], "\(path).\(name)") else { return nil }
    guard let value = Value(rawValue: raw) else {
      throw RPCError.invalidParams(
        path: "\(path).\(name)", expected: "one of " + Value.allCases.map(\.rawValue).joined(separator: ", "),
        message: "\(path).\(name): \(raw) is not a \(typeName)")
    }
    return value
  }

  static func rect(_ value: JSONValue?, _ path: String) throws(RPCError) -> Rect? {
    guard let value else { return nil }
    return RPCServer.rect(try Schema.rect.validate(value, path: path))
  }

  private static func viewKind(_ value: JSONValue?, _ path: String) throws(RPCError) -> ViewKind? {
    guard let name = try string(value, path) else { return nil }
    guard let kind = ViewKind(rawValue: name), ![.UIWindow, .UINavigationBar, .UIToolbar, .UITabBar].contains(kind)
    else {
      throw RPCError.invalidParams(
        path: path, expected: "a view kind (not UIWindow)", message: "\(path): \(name) is not a view kind")
    }
    return kind
  }
}

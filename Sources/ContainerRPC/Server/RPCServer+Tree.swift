import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `world/*`, `window/*`, `controller/*`, `view/*` and `clock/*`: objects and the view tree.
extension RPCServer {
  // MARK: - Decoding helpers

  static func rect(_ value: JSONValue?) -> Rect? {
    guard let value, let x = value["x"]?.doubleValue, let y = value["y"]?.doubleValue,
      let width = value["width"]?.doubleValue, let height = value["height"]?.doubleValue
    else { return nil }
    return Rect(x: x, y: y, width: width, height: height)
  }

  static func insets(_ value: JSONValue?) -> Insets? {
    guard let value, let top = value["top"]?.doubleValue, let left = value["left"]?.doubleValue,
      let bottom = value["bottom"]?.doubleValue, let right = value["right"]?.doubleValue
    else { return nil }
    return Insets(top: top, left: left, bottom: bottom, right: right)
  }

  static func json(_ rect: Rect) -> JSONValue {
    ["height": .number(rect.height), "width": .number(rect.width), "x": .number(rect.x), "y": .number(rect.y)]
  }

  static func json(_ insets: Insets) -> JSONValue {
    [
      "top": .number(insets.top), "left": .number(insets.left), "bottom": .number(insets.bottom),
      "right": .number(insets.right),
    ]
  }

  /// Runs the lookup of an id the parameter at `path` gives. An id that names nothing is -32000 `{id}`; one that names
  /// an object of another kind than `expected` (a view where a controller goes, a constraint where a view goes) is a
  /// mistyped parameter, -32602 `{path, expected}` (PROTOCOL.md §6), as a wrong kind of the right family (a UIView
  /// where a UITableView goes) is in every method.
  func lookUp<T>(path: String, expected: String, _ body: () throws(EngineError) -> T) throws(RPCError) -> T {
    do {
      return try body()
    } catch {
      guard let message = engine.wrongKindMessage(error) else { throw RPCError(error) }
      throw RPCError.invalidParams(path: path, expected: expected, message: message)
    }
  }

  /// The controller `params.<name>` names (`expected`: the kind the call takes, for a wrong-kind refusal).
  func controller(_ params: Params, _ name: String, expected: String = "a UIViewController") throws(RPCError)
    -> ControllerNode
  {
    let id = try params.string(name)
    return try lookUp(path: "params.\(name)", expected: expected) { () throws(EngineError) in try engine.controller(id)
    }
  }

  func optionalController(_ params: Params, _ name: String) throws(RPCError) -> ControllerNode? {
    guard params[name] != nil else { return nil }
    return try controller(params, name)
  }

  /// The view `params.<name>` names, not loaded (`expected`: the kind the call takes, for a wrong-kind refusal).
  func viewRef(_ params: Params, _ name: String, expected: String = "a UIView") throws(RPCError) -> Engine.ViewRef {
    let id = try params.string(name)
    return try lookUp(path: "params.\(name)", expected: expected) { () throws(EngineError) in try engine.viewRef(id) }
  }

  /// The existing view `params.<name>` names (calls that never load a view).
  func existingView(_ params: Params, _ name: String, expected: String = "a UIView") throws(RPCError) -> ViewNode {
    let id = try params.string(name)
    return try lookUp(path: "params.\(name)", expected: expected) { () throws(EngineError) in
      try engine.existingView(id)
    }
  }

  /// Scroll views: the kind `scroll/*`, `behavior/add` and the paging container take.
  static let scrollViewKinds = "a UIScrollView or UITableView"

  // MARK: - World

  func worldReset() -> JSONValue {
    engine.reset()
    tableModels.removeAll()
    nextSeq = 0
    return [:]
  }

  func worldSnapshot(_ params: Params) throws(RPCError) -> JSONValue {
    var controllers = engine.allControllers
    var views = engine.allViews
    // Filtered through sets, so that a snapshot of a large world stays linear in its objects (each controller used to
    // be looked for among all the kept views, quadratic for a view root).
    if let root = params["root"]?.stringValue {
      if let controller = try? engine.controller(root) {
        controllers = controllers.filter { $0.hasAncestor(controller) }
        let rootViews = Set(controllers.compactMap { $0.view.map(ObjectIdentifier.init) })
        views = views.filter { view in
          var current: ViewNode? = view
          while let candidate = current {
            if rootViews.contains(ObjectIdentifier(candidate)) { return true }
            current = candidate.superview
          }
          return false
        }
      } else {
        let view = try existingView(params, "root", expected: "a UIViewController or UIView")
        views = views.filter { $0.isDescendant(of: view) }
        let kept = Set(views.map(ObjectIdentifier.init))
        controllers = controllers.filter { controller in
          controller.view.map { kept.contains(ObjectIdentifier($0)) } ?? false
        }
      }
    }
    return [
      "clock": [
        "now": .number(engine.clock.now), "mode": .string(engine.clock.mode.rawValue),
        "fps": .int(Int64(engine.clock.fps)),
      ],
      "windows": .array(views.filter { $0.kind == .UIWindow }.map { .string($0.id) }),
      "controllers": .array(controllers.map(describe)),
      "views": .array(views.map(describe)),
    ]
  }

  // MARK: - Windows

  func windowCreate(_ params: Params) throws(RPCError) -> JSONValue {
    let width = try params.double("width")
    let height = try params.double("height")
    let window = try engineCall { () throws(EngineError) in
      try engine.createWindow(
        id: params["id"]?.stringValue, width: width, height: height, safeArea: Self.insets(params["safeArea"]))
    }
    return ["id": .string(window.id)]
  }

  func windowSetRoot(_ params: Params) throws(RPCError) -> JSONValue {
    let window = try window(params)
    let controller = try controller(params, "controller")
    try engineCall { () throws(EngineError) in try engine.setRoot(of: window, to: controller) }
    return [:]
  }

  // MARK: - Controllers

  func controllerCreate(_ params: Params) throws(RPCError) -> JSONValue {
    let kind = try ControllerKind(wireName: try params.string("kind"), at: "params.kind")
    let viewKind = params["view"]?["kind"]?.stringValue.flatMap(ViewKind.init(rawValue:))
    let root = try optionalController(params, "root")
    let tabs = params["controllers"] == nil ? nil : try controllers(params, "controllers")
    if tabs != nil && kind != .tabBarController {
      throw RPCError.invalidParams(
        path: "params.controllers", expected: "no controllers for \(kind.rawValue)",
        message: "controllers applies to UITabBarController only")
    }
    if let tabs, let index = params["selectedIndex"]?.intValue, index >= tabs.count {
      throw RPCError.invalidParams(
        path: "params.selectedIndex", expected: "an index below \(tabs.count)", message: "selectedIndex out of range")
    }
    let pages = params["pages"] == nil ? nil : try controllers(params, "pages")
    if kind == .pagingContainer {
      guard params["header"] != nil else {
        throw RPCError.invalidParams(
          path: "params.header", expected: "{height, titleBarHeight?, hangingHeight?}",
          message: "a PagingContainerViewController needs a header")
      }
      var seen = Set<String>()
      for page in pages ?? [] {
        guard seen.insert(page.id).inserted else {
          throw RPCError.invalidParams(
            path: "params.pages", expected: "distinct controllers", message: "\(page.id) is listed twice")
        }
        guard page.parent == nil else {
          throw RPCError.invalidParams(
            path: "params.pages", expected: "controllers without a parent", message: "\(page.id) already has a parent")
        }
        let name = "<\(params["className"]?.stringValue ?? kind.rawValue): \(params["id"]?.stringValue ?? "new")>"
        try engineCall { () throws(EngineError) in try engine.checkNotWindowRoot(page, joining: name) }
      }
    } else {
      for name in ["header", "pages", "headerFormula", "pageSwitchOffset", "shortListInset"] where params[name] != nil {
        throw RPCError.invalidParams(
          path: "params.\(name)", expected: "no \(name) for \(kind.rawValue)",
          message: "\(name) applies to PagingContainerViewController only")
      }
    }
    if root != nil && kind != .navigationController {
      throw RPCError.invalidParams(
        path: "params.root", expected: "no root for \(kind.rawValue)",
        message: "root applies to UINavigationController only")
    }
    let tableView = try params["tableView"].map { _ throws(RPCError) in
      try viewRef(params, "tableView", expected: "a UITableView")
    }
    if let tableView, kind != .tableViewController || tableView.existing?.kind != .UITableView {
      throw RPCError.invalidParams(
        path: "params.tableView", expected: "a UITableView for a UITableViewController",
        message: kind != .tableViewController
          ? "tableView applies to UITableViewController only" : "not a UITableView")
    }
    if kind == .tableViewController, tableView == nil, let viewKind, viewKind != .UITableView {
      throw RPCError.invalidParams(
        path: "params.tableView", expected: "a UITableView id when view.kind is not UITableView",
        message: "UITableViewController loaded the view but didn't get a UITableView")
    }
    if let root, root.parent != nil || root.kind == .navigationController {
      throw RPCError.invalidParams(
        path: "params.root", expected: "a controller without a parent that is not a navigation controller",
        message: "\(root.id) cannot be a root view controller here")
    }
    if let root {
      // init(rootViewController:) pushes the root, so a window's root raises here as in addChild.
      let name =
        "<\(params["className"]?.stringValue ?? "UINavigationController"): \(params["id"]?.stringValue ?? "new")>"
      try engineCall { () throws(EngineError) in try engine.checkNotWindowRoot(root, joining: name) }
    }
    if let tabs {
      let name = "<\(params["className"]?.stringValue ?? "UITabBarController"): \(params["id"]?.stringValue ?? "new")>"
      try engineCall { () throws(EngineError) in try engine.checkTabs(tabs, for: name) }
    }
    if let pages {
      // A controller is the page of one container at most (Engine+Paging.swift), checked before anything is created.
      let name =
        "<\(params["className"]?.stringValue ?? "PagingContainerViewController"): \(params["id"]?.stringValue ?? "new")>"
      try engineCall { () throws(EngineError) in
        try engine.checkPagesNotListedElsewhere(pages, joiningNewContainer: name)
      }
    }
    try engineCall { () throws(EngineError) in
      // Where the new container will put them: a stack's or tab's view right under its view, a page under its pager.
      try engine.checkTreeDepth(joiningNewContainer: root.map { [$0] } ?? [], levels: 1)
      try engine.checkTreeDepth(joiningNewContainer: tabs ?? [], levels: 1)
      try engine.checkTreeDepth(joiningNewContainer: pages ?? [], levels: 2)
    }
    let controller = try engineCall { () throws(EngineError) in
      try engine.createController(
        id: params["id"]?.stringValue, kind: kind, className: params["className"]?.stringValue,
        title: params["title"]?.stringValue, restorationIdentifier: params["restorationIdentifier"]?.stringValue,
        forwardsAppearance: params["forwardsAppearance"]?.boolValue ?? true, viewKind: viewKind)
    }
    if let table = tableView?.existing {
      try engineCall { () throws(EngineError) in try engine.setManagedTable(controller, table) }
    }
    if let clears = params["clearsSelectionOnViewWillAppear"]?.boolValue {
      engine.setClearsSelectionOnViewWillAppear(controller, clears)
    }
    if let scrollView = params["scrollView"]?.stringValue { engine.setChildScrollView(controller, scrollView) }
    if let insets = Self.insets(params["additionalSafeAreaInsets"]) {
      engine.setAdditionalSafeAreaInsets(controller, insets)
    }
    if kind == .pagingContainer, let header = params["header"] {
      try engineCall { () throws(EngineError) in
        try engine.configurePaging(
          controller, headerHeight: header["height"]?.doubleValue ?? 0,
          titleBarHeight: header["titleBarHeight"]?.doubleValue ?? 44,
          hangingHeight: header["hangingHeight"]?.doubleValue ?? 0,
          formula: params["headerFormula"]?.stringValue.flatMap(Engine.PagingState.HeaderFormula.init(rawValue:))
            ?? .absolute,
          switchOffset: params["pageSwitchOffset"]?.stringValue.flatMap(
            Engine.PagingState.PageSwitchOffset.init(rawValue:)) ?? .forced,
          shortListInset: params["shortListInset"]?.boolValue ?? true, pages: pages ?? [])
      }
    }
    if let root {
      // init(rootViewController:) pushes the root: willMove(nav) now, didMove(nav) after it first appears (R20).
      try engineCall { () throws(EngineError) in try engine.push(root, on: controller, animated: false) }
    }
    if let tabs {
      try engineCall { () throws(EngineError) in
        try engine.setTabs(tabs, of: controller)
        if let index = params["selectedIndex"]?.intValue { try engine.selectTab(tabs[Int(index)], in: controller) }
      }
    }
    return ["id": .string(controller.id), "view": .string("\(controller.id).view")]
  }

  func controllerGet(_ params: Params) throws(RPCError) -> JSONValue {
    describe(try controller(params, "controller"))
  }

  func controllerConfigure(_ params: Params) throws(RPCError) -> JSONValue {
    let controller = try controller(params, "controller")
    if let forwards = params["forwardsAppearance"]?.boolValue { engine.setForwardsAppearance(controller, forwards) }
    if let title = params["title"]?.stringValue { engine.setTitle(controller, title) }
    if let clears = params["clearsSelectionOnViewWillAppear"]?.boolValue {
      engine.setClearsSelectionOnViewWillAppear(controller, clears)
    }
    if let insets = Self.insets(params["additionalSafeAreaInsets"]) {
      engine.setAdditionalSafeAreaInsets(controller, insets)
    }
    return [:]
  }

  func controllerLoadView(_ params: Params) throws(RPCError) -> JSONValue {
    let controller = try controller(params, "controller")
    let view = try engineCall { () throws(EngineError) in try engine.loadView(controller) }
    return ["view": .string(view.id)]
  }

  func controllerUnloadView(_ params: Params) throws(RPCError) -> JSONValue {
    let controller = try controller(params, "controller")
    try engineCall { () throws(EngineError) in try engine.unloadView(controller) }
    return [:]
  }

  func controllerDestroy(_ params: Params) throws(RPCError) -> JSONValue {
    let controller = try controller(params, "controller")
    try engineCall { () throws(EngineError) in try engine.destroy(controller) }
    return [:]
  }

  func describe(_ controller: ControllerNode) -> JSONValue {
    [
      "id": .string(controller.id), "kind": .string(controller.kind.rawValue),
      "className": controller.className.map { .string($0) } ?? .null,
      "title": controller.title.map { .string($0) } ?? .null,
      "restorationIdentifier": controller.restorationIdentifier.map { .string($0) } ?? .null,
      "forwardsAppearance": .bool(controller.forwardsAppearance),
      "parent": controller.parent.map { .string($0.id) } ?? .null,
      "children": .array(controller.children.map { .string($0.id) }),
      "isViewLoaded": .bool(controller.view != nil),
      "view": controller.view.map { .string($0.id) } ?? .null,
      "appearance": .string(controller.appearance.state.rawValue),
      "presentedViewController": controller.presentedInHierarchy.map { .string($0.id) } ?? .null,
      "presentingViewController": controller.presentingInHierarchy.map { .string($0.id) } ?? .null,
      "navigationController": controller.navigationController.map { .string($0.id) } ?? .null,
      "tabBarController": controller.tabBarController.map { .string($0.id) } ?? .null,
      "isMovingToParent": .bool(controller.isMovingToParent),
      "isMovingFromParent": .bool(controller.isMovingFromParent),
      "isBeingPresented": .bool(controller.isBeingPresented), "isBeingDismissed": .bool(controller.isBeingDismissed),
      "additionalSafeAreaInsets": Self.json(controller.additionalSafeAreaInsets),
    ]
  }

  // MARK: - Views

  func viewCreate(_ params: Params) throws(RPCError) -> JSONValue {
    let kind = ViewKind(rawValue: try params.string("kind")) ?? .UIView
    let mask = (params["autoresizingMask"]?.arrayValue ?? []).compactMap(\.stringValue)
    let view = try engineCall { () throws(EngineError) in
      try engine.createView(
        id: params["id"]?.stringValue, kind: kind, frame: Self.rect(params["frame"]), autoresizingMask: mask,
        text: params["text"]?.stringValue)
    }
    return ["id": .string(view.id)]
  }

  func viewGet(_ params: Params) throws(RPCError) -> JSONValue {
    return describe(try existingView(params, "view"))
  }

  func viewAddSubview(_ params: Params) throws(RPCError) -> JSONValue {
    let superview = try viewRef(params, "superview")
    let view = try viewRef(params, "view")
    let index = params["index"]?.intValue.map { Int(clamping: $0) }
    try engineCall { () throws(EngineError) in try engine.addSubview(view, to: superview, at: index) }
    return [:]
  }

  func viewRemoveFromSuperview(_ params: Params) throws(RPCError) -> JSONValue {
    engine.removeFromSuperview(try viewRef(params, "view"))
    return [:]
  }

  func viewBringSubviewToFront(_ params: Params) throws(RPCError) -> JSONValue {
    engine.bringSubviewToFront(try viewRef(params, "view"))
    return [:]
  }

  func viewSetFrame(_ params: Params) throws(RPCError) -> JSONValue {
    let view = try viewRef(params, "view")
    guard let frame = Self.rect(params["frame"]) else { throw RPCError.internalError("frame did not decode") }
    try engineCall { () throws(EngineError) in try engine.setFrame(view, frame) }
    return [:]
  }

  func describe(_ view: ViewNode) -> JSONValue {
    var members: JSONObject = [
      "id": .string(view.id), "kind": .string(view.kind.rawValue), "frame": Self.json(view.frame),
      "bounds": Self.json(
        Rect(
          x: view.scroll?.contentOffset.x ?? 0, y: view.scroll?.contentOffset.y ?? 0, width: view.frame.width,
          height: view.frame.height)),
      "superview": view.superview.map { .string($0.id) } ?? .null,
      "subviews": .array(view.subviews.map { .string($0.id) }),
      "window": view.window.map { .string($0.id) } ?? .null,
      "frameInWindow": view.frameInWindow.map(Self.json) ?? .null,
      "controller": view.owner.map { .string($0.id) } ?? .null,
    ]
    if let text = view.text { members["text"] = .string(text) }
    if view.isHidden { members["isHidden"] = true }
    if view.clipsToBounds { members["clipsToBounds"] = true }
    if !view.autoresizingMask.isEmpty {
      members["autoresizingMask"] = .array(view.autoresizingMask.map { .string($0) })
    }
    if view.kind == .UIWindow {
      members["safeArea"] = Self.json(view.safeArea)
      members["rootViewController"] = view.rootViewController.map { .string($0.id) } ?? .null
    }
    return .object(members)
  }

  // MARK: - Classes

  func classRegister(_ params: Params) throws(RPCError) -> JSONValue {
    let name = try params.string("name")
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
      throw RPCError.invalidParams(
        path: "params.name", expected: "an Objective-C class name", message: "\(name) is not a class name")
    }
    engine.register(
      RegisteredClass(
        name: name, kind: try params.value("kind", as: ControllerKind.self),
        viewKind: params["view"]?["kind"]?.stringValue.flatMap(ViewKind.init(rawValue:)) ?? .UIView,
        conformsToContainerProtocol: try params.bool("conformsToContainerProtocol")))
    return [:]
  }

  // MARK: - Clock

  func clockConfigure(_ params: Params) throws(RPCError) -> JSONValue {
    if let mode = params["mode"]?.stringValue.flatMap(VirtualClock.Mode.init(rawValue:)) { engine.clock.mode = mode }
    if let fps = params["fps"]?.intValue { engine.clock.fps = Int(fps) }
    return [:]
  }

  func clockAdvance(_ params: Params) throws(RPCError) -> JSONValue {
    let ms = try params.double("ms")
    // Virtual time stays below 1e15 ms (about 31,700 years), so frame numbers always fit in Int64.
    guard engine.clock.now + ms <= VirtualClock.maxTime else {
      throw RPCError.invalidParams(
        path: "params.ms", expected: "number <= \(Int64(VirtualClock.maxTime - engine.clock.now))",
        message: "the clock would pass 1e15 ms")
    }
    engine.advanceClock(by: ms)
    return ["now": .number(engine.clock.now)]
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `world/*`, `window/*`, `controller/*`, `view/*` and `clock/*`: objects and the view tree.
extension RPCServer {
  // MARK: - Decoding helpers

  /// `{x, y, width, height}` as a `Rect` (`Rect(param:)`); kept for the scene reader.
  static func rect(_ value: JSONValue?) -> Rect? { value.flatMap(Rect.init(param:)) }

  /// `{top, left, bottom, right}` as `Insets` (`Insets(param:)`); kept for the scene reader and `scroll/configure`.
  static func insets(_ value: JSONValue?) -> Insets? { value.flatMap(Insets.init(param:)) }

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

  /// The controller `id`, given by `params.<name>` (`expected`: the kind the call takes, for a wrong-kind refusal).
  func controller(_ id: String, at name: String, expected: String = "a UIViewController") throws(RPCError)
    -> ControllerNode
  {
    try lookUp(path: "params.\(name)", expected: expected) { () throws(EngineError) in try engine.controller(id) }
  }

  /// The controller `id`, if given, by `params.<name>`.
  func optionalController(_ id: String?, at name: String) throws(RPCError) -> ControllerNode? {
    guard let id else { return nil }
    return try controller(id, at: name)
  }

  /// The controllers `ids`, given by the array `params.<name>`.
  func controllers(_ ids: [String], at name: String) throws(RPCError) -> [ControllerNode] {
    var found: [ControllerNode] = []
    found.reserveCapacity(ids.count)
    for (index, id) in ids.enumerated() {
      found.append(
        try lookUp(path: "params.\(name)[\(index)]", expected: "a UIViewController") { () throws(EngineError) in
          try engine.controller(id)
        })
    }
    return found
  }

  /// The view `id`, given by `params.<name>`, not loaded (`expected`: the kind the call takes, for a wrong-kind
  /// refusal).
  func viewRef(_ id: String, at name: String, expected: String = "a UIView") throws(RPCError) -> Engine.ViewRef {
    try lookUp(path: "params.\(name)", expected: expected) { () throws(EngineError) in try engine.viewRef(id) }
  }

  /// The existing view `id`, given by `params.<name>` (calls that never load a view).
  func existingView(_ id: String, at name: String, expected: String = "a UIView") throws(RPCError) -> ViewNode {
    try lookUp(path: "params.\(name)", expected: expected) { () throws(EngineError) in try engine.existingView(id) }
  }

  /// The window `id`, given by `params.window`.
  func window(_ id: String) throws(RPCError) -> ViewNode {
    try existingView(id, at: "window", expected: "a UIWindow")
  }

  // The same lookups by name, for the handlers that still take `Params` (`controller/create`, `world/snapshot`,
  // `scroll/configure`).

  func controller(_ params: Params, _ name: String, expected: String = "a UIViewController") throws(RPCError)
    -> ControllerNode
  {
    try controller(try params.string(name), at: name, expected: expected)
  }

  func optionalController(_ params: Params, _ name: String) throws(RPCError) -> ControllerNode? {
    guard params[name] != nil else { return nil }
    return try controller(params, name)
  }

  func controllers(_ params: Params, _ name: String) throws(RPCError) -> [ControllerNode] {
    try controllers((params[name]?.arrayValue ?? []).compactMap(\.stringValue), at: name)
  }

  func viewRef(_ params: Params, _ name: String, expected: String = "a UIView") throws(RPCError) -> Engine.ViewRef {
    try viewRef(try params.string(name), at: name, expected: expected)
  }

  func existingView(_ params: Params, _ name: String, expected: String = "a UIView") throws(RPCError) -> ViewNode {
    try existingView(try params.string(name), at: name, expected: expected)
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

  // MARK: - Windows

  func windowCreate(_ params: WindowCreateParams) throws(RPCError) -> JSONValue {
    let window = try engineCall { () throws(EngineError) in
      try engine.createWindow(id: params.id, width: params.width, height: params.height, safeArea: params.safeArea)
    }
    return ["id": .string(window.id)]
  }

  func windowSetRoot(_ params: WindowSetRootParams) throws(RPCError) -> JSONValue {
    let window = try window(params.window)
    let controller = try controller(params.controller, at: "controller")
    try engineCall { () throws(EngineError) in try engine.setRoot(of: window, to: controller) }
    return [:]
  }

  // MARK: - Controllers

  func controllerGet(_ params: ControllerGetParams) throws(RPCError) -> JSONValue {
    describe(try controller(params.controller, at: "controller"))
  }

  func controllerConfigure(_ params: ControllerConfigureParams) throws(RPCError) -> JSONValue {
    let controller = try controller(params.controller, at: "controller")
    if let forwards = params.forwardsAppearance { engine.setForwardsAppearance(controller, forwards) }
    if let title = params.title { engine.setTitle(controller, title) }
    if let clears = params.clearsSelectionOnViewWillAppear {
      engine.setClearsSelectionOnViewWillAppear(controller, clears)
    }
    if let insets = params.additionalSafeAreaInsets { engine.setAdditionalSafeAreaInsets(controller, insets) }
    return [:]
  }

  func controllerLoadView(_ params: ControllerLoadViewParams) throws(RPCError) -> JSONValue {
    let controller = try controller(params.controller, at: "controller")
    let view = try engineCall { () throws(EngineError) in try engine.loadView(controller) }
    return ["view": .string(view.id)]
  }

  func controllerUnloadView(_ params: ControllerUnloadViewParams) throws(RPCError) -> JSONValue {
    let controller = try controller(params.controller, at: "controller")
    try engineCall { () throws(EngineError) in try engine.unloadView(controller) }
    return [:]
  }

  func controllerDestroy(_ params: ControllerDestroyParams) throws(RPCError) -> JSONValue {
    let controller = try controller(params.controller, at: "controller")
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

  func viewCreate(_ params: ViewCreateParams) throws(RPCError) -> JSONValue {
    let view = try engineCall { () throws(EngineError) in
      try engine.createView(
        id: params.id, kind: params.kind, frame: params.frame, autoresizingMask: params.autoresizingMask ?? [],
        text: params.text)
    }
    return ["id": .string(view.id)]
  }

  func viewGet(_ params: ViewGetParams) throws(RPCError) -> JSONValue {
    return describe(try existingView(params.view, at: "view"))
  }

  func viewAddSubview(_ params: ViewAddSubviewParams) throws(RPCError) -> JSONValue {
    let superview = try viewRef(params.superview, at: "superview")
    let view = try viewRef(params.view, at: "view")
    try engineCall { () throws(EngineError) in try engine.addSubview(view, to: superview, at: params.index) }
    return [:]
  }

  func viewRemoveFromSuperview(_ params: ViewRemoveFromSuperviewParams) throws(RPCError) -> JSONValue {
    engine.removeFromSuperview(try viewRef(params.view, at: "view"))
    return [:]
  }

  func viewBringSubviewToFront(_ params: ViewBringSubviewToFrontParams) throws(RPCError) -> JSONValue {
    engine.bringSubviewToFront(try viewRef(params.view, at: "view"))
    return [:]
  }

  func viewSetFrame(_ params: ViewSetFrameParams) throws(RPCError) -> JSONValue {
    let view = try viewRef(params.view, at: "view")
    try engineCall { () throws(EngineError) in try engine.setFrame(view, params.frame) }
    return [:]
  }

  func describe(_ view: ViewNode) -> JSONValue {
    var members: JSONObject = [
      "id": .string(view.id), "kind": .string(view.kind.rawValue), "frame": Self.json(view.frame),
      "bounds": Self.json(view.bounds),
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

  func classRegister(_ params: ClassRegisterParams) throws(RPCError) -> JSONValue {
    let name = params.name
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
      throw RPCError.invalidParams(
        path: "params.name", expected: "an Objective-C class name", message: "\(name) is not a class name")
    }
    engine.register(
      RegisteredClass(
        name: name, kind: params.kind, viewKind: params.viewKind ?? .UIView,
        conformsToContainerProtocol: params.conformsToContainerProtocol))
    return [:]
  }

  // MARK: - Clock

  func clockConfigure(_ params: ClockConfigureParams) throws(RPCError) -> JSONValue {
    if let mode = params.mode { engine.clock.mode = mode }
    if let fps = params.fps { engine.clock.fps = fps }
    return [:]
  }

  func clockAdvance(_ params: ClockAdvanceParams) throws(RPCError) -> JSONValue {
    let ms = params.ms
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

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

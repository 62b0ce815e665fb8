import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `world/*`, `window/*`, `controller/*`, `view/*` and `clock/*`: objects and the view tree.
extension RPCServer {
  // MARK: - Encoding helpers

  static func json(_ rect: Rect) -> JSONValue {
    var object = JSONObject(minimumCapacity: 4)
    object.appendInKeyOrder("height", .number(rect.height))
    object.appendInKeyOrder("width", .number(rect.width))
    object.appendInKeyOrder("x", .number(rect.x))
    object.appendInKeyOrder("y", .number(rect.y))
    return .object(object)
  }

  static func json(_ insets: Insets) -> JSONValue {
    var object = JSONObject(minimumCapacity: 4)
    object.appendInKeyOrder("bottom", .number(insets.bottom))
    object.appendInKeyOrder("left", .number(insets.left))
    object.appendInKeyOrder("right", .number(insets.right))
    object.appendInKeyOrder("top", .number(insets.top))
    return .object(object)
  }

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
      try engine.createWindow(
        id: params.id, width: params.width, height: params.height, safeArea: params.safeArea, idiom: params.idiom)
    }
    if params.userInterfaceStyle != nil || params.displayScale != nil {
      // A window without a root: nothing to tell.
      try engineCall { () throws(EngineError) in
        try engine.configureWindow(
          window, idiom: nil, sizeClassPolicy: nil, userInterfaceStyle: params.userInterfaceStyle,
          displayScale: params.displayScale)
      }
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
    // The bar settings are checked before anything changes (a refusal is atomic), set last.
    try engineCall { () throws(EngineError) in try engine.checkBarSettings(params.bars, for: controller.kind) }
    // R51: a navigation controller's delegate; refused (before anything changes) for another kind.
    if let delegate = params.delegate {
      try engineCall(paths: [.navigation: "params.delegate"]) { () throws(EngineError) in
        try engine.setNavigationDelegate(controller, installed: delegate)
      }
    }
    if let forwards = params.forwardsAppearance { engine.setForwardsAppearance(controller, forwards) }
    if let title = params.title { engine.setTitle(controller, title) }
    if let clears = params.clearsSelectionOnViewWillAppear {
      engine.setClearsSelectionOnViewWillAppear(controller, clears)
    }
    if let insets = params.additionalSafeAreaInsets { engine.setAdditionalSafeAreaInsets(controller, insets) }
    try engineCall { () throws(EngineError) in try engine.configureBars(controller, params.bars) }
    if let defines = params.definesPresentationContext { engine.setDefinesPresentationContext(controller, defines) }
    if let provides = params.providesPresentationContextTransitionStyle {
      engine.setProvidesPresentationContextTransitionStyle(controller, provides)
    }
    if let style = params.modalPresentationStyle { engine.setModalPresentationStyle(controller, style) }
    if let style = params.modalTransitionStyle { engine.setModalTransitionStyle(controller, style) }
    if let modal = params.isModalInPresentation { engine.setModalInPresentation(controller, modal) }
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
    var object: JSONObject = [
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
      "definesPresentationContext": .bool(engine.definesPresentationContext(controller)),
      "providesPresentationContextTransitionStyle": .bool(controller.providesPresentationContextTransitionStyle),
      "modalPresentationStyle": .string(controller.modalPresentationStyle.rawValue),
      "modalTransitionStyle": .string(controller.modalTransitionStyle.rawValue),
    ]
    // R58: written when set.
    if controller.isModalInPresentation { object["isModalInPresentation"] = true }
    // R68: the bars' settings, on the kinds that have them.
    if controller.kind == .navigationController {
      object["navigationBarHidden"] = .bool(controller.isNavigationBarHidden)
      object["toolbarHidden"] = .bool(controller.isToolbarHidden)
    } else if controller.kind == .tabBarController {
      object["tabBarHidden"] = .bool(controller.isTabBarHidden)
      // Documentation/Protocol.md, "Bars (R68)": the selection, also one made while the tab bar controller is off
      // screen (R25, R71); null without tabs.
      object["selectedIndex"] = engine.selectedTabIndex(of: controller).map { .int(Int64($0)) } ?? .null
      object["selectedViewController"] = engine.selectedTab(of: controller).map { .string($0.id) } ?? .null
    }
    if let pageView = controller.pageView { object["pageView"] = describePageView(pageView) }
    if let split = controller.split { object["split"] = .object(describeSplit(split)) }
    // R65, R67: the controller's traits, and its overrides when it has any.
    object["traits"] = Self.json(engine.traitCollection(of: controller))
    if !controller.traitOverrides.isEmpty { object["traitOverrides"] = Self.json(controller.traitOverrides) }
    return .object(object)
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
    let ref = try viewRef(params.view, at: "view")
    try engineCall { () throws(EngineError) in try engine.removeFromSuperview(ref) }
    return [:]
  }

  func viewBringSubviewToFront(_ params: ViewBringSubviewToFrontParams) throws(RPCError) -> JSONValue {
    let ref = try viewRef(params.view, at: "view")
    try engineCall { () throws(EngineError) in try engine.bringSubviewToFront(ref) }
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
      // R64, R68: what UIKit reports for the view now (zero safe area outside a window).
      "safeAreaInsets": Self.json(engine.safeAreaInsets(of: view)),
      "layoutMargins": Self.json(engine.layoutMargins(of: view)),
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
      // R65: the window's device and traits.
      members["idiom"] = .string(engine.idiom(ofWindow: view).rawValue)
      members["traits"] = Self.json(engine.traitCollection(ofWindow: view))
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

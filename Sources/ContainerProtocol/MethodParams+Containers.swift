public import ContainerEngine
public import ContainerJSON

// The typed params of `navigation/*`, `paging/*`, `presentation/*`, `tab/*`, `window/*` and `world/*`
// (`Methods.controllerMethods`), in the same order.

// MARK: - navigation/*

/// `navigation/interactivePop`.
package struct NavigationInteractivePopParams: MethodParams {
  package static let method = "navigation/interactivePop"

  /// The phase of the swipe-back gesture (R23, R24).
  package enum Action: String, ParamValue {
    case begin, update, finish, cancel
  }

  package var navigation: String
  package var action: Action
  /// 0...1.
  package var progress: Double?

  package init(_ params: Params) throws(RPCError) {
    navigation = try params.value("navigation")
    action = try params.value("action")
    progress = try params.optional("progress")
  }
}

/// `navigation/pop`.
public struct NavigationPopParams: MethodParams {
  public static let method = "navigation/pop"
  package var navigation: String
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    navigation = try params.value("navigation")
    animated = try params.value("animated")
  }
}

/// `navigation/popTo`.
package struct NavigationPopToParams: MethodParams {
  package static let method = "navigation/popTo"
  package var navigation: String
  package var controller: String
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    navigation = try params.value("navigation")
    controller = try params.value("controller")
    animated = try params.value("animated")
  }
}

/// `navigation/popToRoot`.
package struct NavigationPopToRootParams: MethodParams {
  package static let method = "navigation/popToRoot"
  package var navigation: String
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    navigation = try params.value("navigation")
    animated = try params.value("animated")
  }
}

/// `navigation/push`.
public struct NavigationPushParams: MethodParams {
  public static let method = "navigation/push"
  package var navigation: String
  package var controller: String
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    navigation = try params.value("navigation")
    controller = try params.value("controller")
    animated = try params.value("animated")
  }
}

/// `navigation/setNavigationBarHidden` (R68).
package struct NavigationSetNavigationBarHiddenParams: MethodParams {
  package static let method = "navigation/setNavigationBarHidden"
  package var navigation: String
  package var hidden: Bool
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    navigation = try params.value("navigation")
    hidden = try params.value("hidden")
    animated = try params.value("animated")
  }
}

/// `navigation/setToolbarHidden` (R68).
package struct NavigationSetToolbarHiddenParams: MethodParams {
  package static let method = "navigation/setToolbarHidden"
  package var navigation: String
  package var hidden: Bool
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    navigation = try params.value("navigation")
    hidden = try params.value("hidden")
    animated = try params.value("animated")
  }
}

/// `navigation/setViewControllers`.
package struct NavigationSetViewControllersParams: MethodParams {
  package static let method = "navigation/setViewControllers"
  package var navigation: String
  package var controllers: [String]
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    navigation = try params.value("navigation")
    controllers = try params.value("controllers")
    animated = try params.value("animated")
  }
}

// MARK: - paging/*

/// `paging/get`.
public struct PagingGetParams: MethodParams {
  public static let method = "paging/get"
  package var container: String

  package init(_ params: Params) throws(RPCError) {
    container = try params.value("container")
  }
}

/// `paging/select`.
public struct PagingSelectParams: MethodParams {
  public static let method = "paging/select"
  package var container: String
  package var index: Int
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    container = try params.value("container")
    index = try params.value("index")
    animated = try params.value("animated")
  }
}

/// `paging/setPages`.
package struct PagingSetPagesParams: MethodParams {
  package static let method = "paging/setPages"
  package var container: String
  package var controllers: [String]

  package init(_ params: Params) throws(RPCError) {
    container = try params.value("container")
    controllers = try params.value("controllers")
  }
}

// MARK: - presentation/*

/// `presentation/dismiss`.
public struct PresentationDismissParams: MethodParams {
  public static let method = "presentation/dismiss"
  package var controller: String
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    controller = try params.value("controller")
    animated = try params.value("animated")
  }
}

/// `presentation/get`.
public struct PresentationGetParams: MethodParams {
  public static let method = "presentation/get"
  package var controller: String

  package init(_ params: Params) throws(RPCError) {
    controller = try params.value("controller")
  }
}

/// `presentation/present`.
public struct PresentationPresentParams: MethodParams {
  public static let method = "presentation/present"
  package var presenter: String
  package var controller: String
  /// The presented controller's `modalPresentationStyle`, set before it is presented (nil: as it is).
  package var style: ModalPresentationStyle?
  package var animated: Bool
  /// The presented controller's `modalTransitionStyle`, set before it is presented (nil: as it is).
  package var transitionStyle: ModalTransitionStyle?
  /// The adaptive delegate installed before it is presented (R58; nil: as it is).
  package var delegate: Engine.AdaptiveDelegate?

  package init(_ params: Params) throws(RPCError) {
    presenter = try params.value("presenter")
    controller = try params.value("controller")
    style = try params.optional("style")
    animated = try params.value("animated")
    transitionStyle = try params.optional("transitionStyle")
    delegate = try Self.adaptiveDelegate(params)
  }
}

// MARK: - tab/*

/// `tab/select`: `index`, or else `controller`.
public struct TabSelectParams: MethodParams {
  public static let method = "tab/select"
  package var tabBar: String
  package var index: Int?
  package var controller: String?

  package init(_ params: Params) throws(RPCError) {
    tabBar = try params.value("tabBar")
    index = try params.optional("index")
    controller = try params.optional("controller")
  }
}

/// `tab/setViewControllers`.
package struct TabSetViewControllersParams: MethodParams {
  package static let method = "tab/setViewControllers"
  package var tabBar: String
  package var controllers: [String]

  package init(_ params: Params) throws(RPCError) {
    tabBar = try params.value("tabBar")
    controllers = try params.value("controllers")
  }
}

// MARK: - window/*

/// `window/create`.
public struct WindowCreateParams: MethodParams {
  public static let method = "window/create"
  package var id: String?
  package var width: Double
  package var height: Double
  /// nil: the engine's default safe area.
  package var safeArea: Insets?
  package var idiom = UserInterfaceIdiom.phone
  package var userInterfaceStyle: UserInterfaceStyle?
  package var displayScale: Double?

  package init(_ params: Params) throws(RPCError) {
    id = try params.optional("id")
    width = try params.value("width")
    height = try params.value("height")
    safeArea = try params.optional("safeArea")
    idiom = try params.value("idiom")
    userInterfaceStyle = try params.optional("userInterfaceStyle")
    displayScale = try params.optional("displayScale")
  }
}

/// `window/resize`.
public struct WindowResizeParams: MethodParams {
  public static let method = "window/resize"
  package var window: String
  package var width: Double
  package var height: Double
  /// nil: an iPhone's for the new orientation.
  package var safeArea: Insets?
  package var animated: Bool
  /// nil: `resize.duration`.
  package var duration: Double?
  /// nil: R65's table.
  package var traits: TraitOverrides?

  package init(_ params: Params) throws(RPCError) {
    window = try params.value("window")
    width = try params.value("width")
    height = try params.value("height")
    safeArea = try params.optional("safeArea")
    animated = try params.value("animated")
    duration = try params.optional("duration")
    traits = try params.optionalObject("traits").map { (given) throws(RPCError) in try TraitOverrides(given) }
  }
}

/// `window/setRoot`.
public struct WindowSetRootParams: MethodParams {
  public static let method = "window/setRoot"
  package var window: String
  package var controller: String

  package init(_ params: Params) throws(RPCError) {
    window = try params.value("window")
    controller = try params.value("controller")
  }
}

// MARK: - world/*

/// `world/render`.
package struct WorldRenderParams: MethodParams {
  package static let method = "world/render"

  /// The wireframe's format.
  package enum Format: String, ParamValue {
    case svg
  }

  package var window: String
  package var format: Format
  /// Where views' labels go: `auto` (at a free spot in the window, else a callout), `callouts`, `none`.
  package var labels: Wireframe.LabelMode
  /// Whether the legend is drawn.
  package var legend: Bool

  package init(_ params: Params) throws(RPCError) {
    window = try params.value("window")
    format = try params.value("format")
    labels = try params.value("labels")
    legend = try params.value("legend")
  }
}

extension Wireframe.LabelMode: ParamValue {}

/// `world/snapshot`.
package struct WorldSnapshotParams: MethodParams {
  package static let method = "world/snapshot"
  /// A controller or view; nil: the whole world.
  package var root: String?

  package init(_ params: Params) throws(RPCError) {
    root = try params.optional("root")
  }
}

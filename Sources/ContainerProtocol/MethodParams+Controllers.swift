public import ContainerEngine
public import ContainerJSON

// The typed params of the controller-side methods (`Methods.controllerMethods`), in the same order. Each reads the
// names its spec declares, once; fields with a default in the spec are read as values (validation filled them in).

// MARK: - appearance/*

/// `appearance/begin`.
public struct AppearanceBeginParams: MethodParams {
  public static let method = "appearance/begin"
  package var controller: String
  package var isAppearing: Bool
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    controller = try params.value("controller")
    isAppearing = try params.value("isAppearing")
    animated = try params.value("animated")
  }
}

/// `appearance/callDirectly`.
package struct AppearanceCallDirectlyParams: MethodParams {
  package static let method = "appearance/callDirectly"
  package var controller: String
  /// One of `LifecycleCallback.appearance`.
  package var callback: LifecycleCallback
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    controller = try params.value("controller")
    callback = try params.value("callback")
    animated = try params.value("animated")
  }
}

/// `appearance/end`.
public struct AppearanceEndParams: MethodParams {
  public static let method = "appearance/end"
  package var controller: String

  package init(_ params: Params) throws(RPCError) {
    controller = try params.value("controller")
  }
}

// MARK: - behavior/*, class/*, clock/*

/// `behavior/add`.
package struct BehaviorAddParams: MethodParams {
  package static let method = "behavior/add"
  package var id: String?
  package var kind: Engine.BehaviorKind
  package var view: String
  package var scrollView: String
  package var offset: Double
  package var factor: Double
  package var minY: Double?
  package var maxY: Double?

  package init(_ params: Params) throws(RPCError) {
    id = try params.optional("id")
    kind = try params.value("kind")
    view = try params.value("view")
    scrollView = try params.value("scrollView")
    offset = try params.value("offset")
    factor = try params.value("factor")
    minY = try params.optional("minY")
    maxY = try params.optional("maxY")
  }
}

/// `behavior/remove`.
package struct BehaviorRemoveParams: MethodParams {
  package static let method = "behavior/remove"
  package var id: String

  package init(_ params: Params) throws(RPCError) {
    id = try params.value("id")
  }
}

/// `class/register`.
package struct ClassRegisterParams: MethodParams {
  package static let method = "class/register"
  package var name: String
  package var kind: ControllerKind
  /// `view.kind`.
  package var viewKind: ViewKind?
  package var conformsToContainerProtocol: Bool

  package init(_ params: Params) throws(RPCError) {
    name = try params.value("name")
    kind = try params.value("kind")
    viewKind = try params.optionalObject("view")?.optional("kind")
    conformsToContainerProtocol = try params.value("conformsToContainerProtocol")
  }
}

/// `clock/advance`.
public struct ClockAdvanceParams: MethodParams {
  public static let method = "clock/advance"
  package var ms: Double

  package init(_ params: Params) throws(RPCError) {
    ms = try params.value("ms")
  }
}

/// `clock/configure`.
package struct ClockConfigureParams: MethodParams {
  package static let method = "clock/configure"
  package var mode: VirtualClock.Mode?
  package var fps: Int?

  package init(_ params: Params) throws(RPCError) {
    mode = try params.optional("mode")
    fps = try params.optional("fps")
  }
}

// MARK: - containment/*

/// `containment/addChild`.
public struct ContainmentAddChildParams: MethodParams {
  public static let method = "containment/addChild"
  package var parent: String
  package var child: String

  package init(_ params: Params) throws(RPCError) {
    parent = try params.value("parent")
    child = try params.value("child")
  }
}

/// `containment/didMove`.
public struct ContainmentDidMoveParams: MethodParams {
  public static let method = "containment/didMove"
  package var child: String
  /// Required, `null` for none.
  package var parent: String?

  package init(_ params: Params) throws(RPCError) {
    child = try params.value("child")
    parent = try params.optional("parent")
  }
}

/// `containment/embed`.
public struct ContainmentEmbedParams: MethodParams {
  public static let method = "containment/embed"
  package var parent: String
  package var child: String
  /// A view; nil: the parent's view.
  package var container: String?
  package var frame: Rect?

  package init(_ params: Params) throws(RPCError) {
    parent = try params.value("parent")
    child = try params.value("child")
    container = try params.optional("container")
    frame = try params.optional("frame")
  }
}

/// `containment/removeFromParent`.
public struct ContainmentRemoveFromParentParams: MethodParams {
  public static let method = "containment/removeFromParent"
  package var child: String

  package init(_ params: Params) throws(RPCError) {
    child = try params.value("child")
  }
}

/// `containment/transition`.
public struct ContainmentTransitionParams: MethodParams {
  public static let method = "containment/transition"
  package var parent: String
  package var from: String
  package var to: String
  package var duration: Double
  /// UIView.AnimationOptions: accepted and ignored.
  package var options: JSONValue?

  package init(_ params: Params) throws(RPCError) {
    parent = try params.value("parent")
    from = try params.value("from")
    to = try params.value("to")
    duration = try params.value("duration")
    options = try params.optional("options")
  }
}

/// `containment/unembed`.
public struct ContainmentUnembedParams: MethodParams {
  public static let method = "containment/unembed"
  package var child: String

  package init(_ params: Params) throws(RPCError) {
    child = try params.value("child")
  }
}

/// `containment/willMove`.
public struct ContainmentWillMoveParams: MethodParams {
  public static let method = "containment/willMove"
  package var child: String
  /// Required, `null` for none.
  package var parent: String?

  package init(_ params: Params) throws(RPCError) {
    child = try params.value("child")
    parent = try params.optional("parent")
  }
}

// MARK: - controller/*

/// `controller/configure`: absent options keep their value.
package struct ControllerConfigureParams: MethodParams {
  package static let method = "controller/configure"
  package var controller: String
  package var forwardsAppearance: Bool?
  package var title: String?
  package var clearsSelectionOnViewWillAppear: Bool?
  package var additionalSafeAreaInsets: Insets?
  /// R68's bar settings.
  package var bars: Engine.BarSettings
  /// R53–R56.
  package var definesPresentationContext: Bool?
  package var providesPresentationContextTransitionStyle: Bool?
  package var modalPresentationStyle: ModalPresentationStyle?
  package var modalTransitionStyle: ModalTransitionStyle?
  /// R58.
  package var isModalInPresentation: Bool?
  /// UINavigationController: a delegate is installed (R51).
  package var delegate: Bool?

  package init(_ params: Params) throws(RPCError) {
    bars = try Engine.BarSettings(params)
    controller = try params.value("controller")
    forwardsAppearance = try params.optional("forwardsAppearance")
    title = try params.optional("title")
    clearsSelectionOnViewWillAppear = try params.optional("clearsSelectionOnViewWillAppear")
    additionalSafeAreaInsets = try params.optional("additionalSafeAreaInsets")
    definesPresentationContext = try params.optional("definesPresentationContext")
    providesPresentationContextTransitionStyle = try params.optional("providesPresentationContextTransitionStyle")
    modalPresentationStyle = try params.optional("modalPresentationStyle")
    modalTransitionStyle = try params.optional("modalTransitionStyle")
    isModalInPresentation = try params.optional("isModalInPresentation")
    delegate = try params.optional("delegate")
  }
}

/// `controller/create`: the params as the engine's `ControllerSpec` (which option goes with which kind is the
/// engine's, `Engine.makeController`).
public struct ControllerCreateParams: MethodParams {
  public static let method = "controller/create"
  package var spec: ControllerSpec

  package init(_ params: Params) throws(RPCError) {
    spec = ControllerSpec(kind: try params.value("kind"), id: try params.optional("id"))
    spec.tableView = try params.optional("tableView")
    spec.clearsSelectionOnViewWillAppear = try params.optional("clearsSelectionOnViewWillAppear")
    spec.scrollView = try params.optional("scrollView")
    spec.pagingHeader = try params.optionalObject("header").map { header throws(RPCError) in
      ControllerSpec.PagingHeader(
        height: try header.value("height"), titleBarHeight: try header.value("titleBarHeight"),
        hangingHeight: try header.value("hangingHeight"))
    }
    let pages: [String]? = try params.optional("pages")
    spec.pageView = try Engine.PageViewOptions(params, kind: spec.kind)
    spec.split = try Engine.SplitOptions(params, kind: spec.kind)
    if spec.kind == .navigationController, let given: JSONValue = try params.optional("delegate") {
      spec.navigationDelegate = given.boolValue
    }
    // A page view controller's `pages` is its data source's list (R36); a paging container's, its pages.
    if spec.kind == .pageViewController { spec.pageView?.pages = pages } else { spec.pages = pages }
    spec.headerFormula = try params.optional("headerFormula")
    spec.pageSwitchOffset = try params.optional("pageSwitchOffset")
    spec.shortListInset = try params.optional("shortListInset")
    spec.root = try params.optional("root")
    spec.tabs = try params.optional("controllers")
    spec.selectedIndex = try params.optional("selectedIndex")
    spec.className = try params.optional("className")
    spec.title = try params.optional("title")
    spec.restorationIdentifier = try params.optional("restorationIdentifier")
    spec.forwardsAppearance = try params.value("forwardsAppearance")
    spec.additionalSafeAreaInsets = try params.optional("additionalSafeAreaInsets")
    spec.definesPresentationContext = try params.optional("definesPresentationContext")
    spec.providesPresentationContextTransitionStyle = try params.optional("providesPresentationContextTransitionStyle")
    spec.modalPresentationStyle = try params.optional("modalPresentationStyle")
    spec.modalTransitionStyle = try params.optional("modalTransitionStyle")
    spec.isModalInPresentation = try params.optional("isModalInPresentation")
    spec.viewKind = try params.optionalObject("view")?.optional("kind")
    spec.bars = try Engine.BarSettings(params)
  }
}

extension Engine.BarSettings {
  /// The bar settings of `controller/create` and `controller/configure` (R68, `Methods.barFields`).
  init(_ params: Params) throws(RPCError) {
    self.init()
    navigationBarHidden = try params.optional("navigationBarHidden")
    prefersLargeTitles = try params.optional("prefersLargeTitles")
    toolbarHidden = try params.optional("toolbarHidden")
    navigationBarTranslucent = try params.optional("navigationBarTranslucent")
    tabBarHidden = try params.optional("tabBarHidden")
    tabBarTranslucent = try params.optional("tabBarTranslucent")
    hidesBottomBarWhenPushed = try params.optional("hidesBottomBarWhenPushed")
    edgesForExtendedLayout = try params.optional("edgesForExtendedLayout")
    extendedLayoutIncludesOpaqueBars = try params.optional("extendedLayoutIncludesOpaqueBars")
  }
}

/// `controller/destroy`.
public struct ControllerDestroyParams: MethodParams {
  public static let method = "controller/destroy"
  package var controller: String

  package init(_ params: Params) throws(RPCError) {
    controller = try params.value("controller")
  }
}

/// `controller/get`.
public struct ControllerGetParams: MethodParams {
  public static let method = "controller/get"
  package var controller: String

  package init(_ params: Params) throws(RPCError) {
    controller = try params.value("controller")
  }
}

/// `controller/loadView`.
package struct ControllerLoadViewParams: MethodParams {
  package static let method = "controller/loadView"
  package var controller: String

  package init(_ params: Params) throws(RPCError) {
    controller = try params.value("controller")
  }
}

/// `controller/unloadView`.
package struct ControllerUnloadViewParams: MethodParams {
  package static let method = "controller/unloadView"
  package var controller: String

  package init(_ params: Params) throws(RPCError) {
    controller = try params.value("controller")
  }
}

// MARK: - events/*

/// `events/subscribe`.
public struct EventsSubscribeParams: MethodParams {
  public static let method = "events/subscribe"
  /// `kinds`, with `all` spelled out.
  package var kinds: Set<EventKind>
  package var objects: [String]?

  package init(_ params: Params) throws(RPCError) {
    kinds = try EventKind.selection(params.value("kinds"))
    objects = try params.optional("objects")
  }
}

/// `events/unsubscribe`.
public struct EventsUnsubscribeParams: MethodParams {
  public static let method = "events/unsubscribe"
  /// `kinds`, with `all` spelled out.
  package var kinds: Set<EventKind>

  package init(_ params: Params) throws(RPCError) {
    kinds = try EventKind.selection(params.value("kinds"))
  }
}

extension EventKind {
  /// The kinds a subscription names: event kinds, or `all` for every kind.
  static func selection(_ names: [String]) -> Set<EventKind> {
    var kinds = Set<EventKind>()
    for name in names {
      if name == "all" {
        kinds.formUnion(EventKind.allCases)
      } else if let kind = EventKind(rawValue: name) {
        kinds.insert(kind)
      }
    }
    return kinds
  }
}

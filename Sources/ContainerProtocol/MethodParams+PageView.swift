public import ContainerEngine
import ContainerJSON

// MARK: - pageView/*

/// `pageView/get`.
public struct PageViewGetParams: MethodParams {
  public static let method = "pageView/get"
  package var pageView: String

  package init(_ params: Params) throws(RPCError) {
    pageView = try params.value("pageView")
  }
}

/// `pageView/setPages`.
public struct PageViewSetPagesParams: MethodParams {
  public static let method = "pageView/setPages"
  package var pageView: String
  /// nil: no data source.
  package var pages: [String]?

  package init(_ params: Params) throws(RPCError) {
    pageView = try params.value("pageView")
    pages = try params.optional("pages")
  }
}

/// `pageView/setViewControllers`.
public struct PageViewSetViewControllersParams: MethodParams {
  public static let method = "pageView/setViewControllers"
  package var pageView: String
  package var controllers: [String]
  package var direction: Engine.PageViewState.Direction
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    pageView = try params.value("pageView")
    controllers = try params.value("controllers")
    direction = try params.value("direction")
    animated = try params.value("animated")
  }
}

/// `pageView/swipe`.
public struct PageViewSwipeParams: MethodParams {
  public static let method = "pageView/swipe"
  public enum Action: String, Sendable, ParamValue, CaseIterable { case begin, update, finish, cancel }
  package var pageView: String
  package var action: Action
  package var direction: Engine.PageViewState.Direction?
  package var progress: Double?
  package var velocity: Double?

  package init(_ params: Params) throws(RPCError) {
    pageView = try params.value("pageView")
    action = try params.value("action")
    direction = try params.optional("direction")
    progress = try params.optional("progress")
    velocity = try params.optional("velocity")
  }
}

extension Engine.PageViewOptions {
  /// `controller/create`'s page view options (`Methods.pageViewCreateFields`, and `pages`); nil when none is given
  /// and the kind is not UIPageViewController.
  init?(_ params: Params, kind: ControllerKind) throws(RPCError) {
    self.init()
    var given = kind == .pageViewController
    if let style: Engine.PageViewState.TransitionStyle = try params.optional("transitionStyle") {
      transitionStyle = style
      given = true
    }
    if let orientation: Engine.PageViewState.NavigationOrientation = try params.optional("navigationOrientation") {
      navigationOrientation = orientation
      given = true
    }
    if let spine: Engine.PageViewState.SpineLocation = try params.optional("spineLocation") {
      spineLocation = spine
      given = true
    }
    if let doubleSided: Bool = try params.optional("isDoubleSided") {
      isDoubleSided = doubleSided
      given = true
    }
    if let spacing: Double = try params.optional("interPageSpacing") {
      interPageSpacing = spacing
      given = true
    }
    // A navigation controller's `delegate` is its own (R51, `ControllerSpec.navigationDelegate`).
    if kind != .navigationController, kind != .splitViewController,
      let value: JSONValue = try params.optional("delegate"), case .bool(let hasDelegate) = value
    {
      delegate = hasDelegate
      given = true
    }
    if let ids: [String] = try params.optional("initial") {
      initial = ids
      given = true
    }
    guard given else { return nil }
  }
}

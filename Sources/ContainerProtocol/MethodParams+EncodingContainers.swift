public import ContainerEngine
public import ContainerJSON

// Memberwise initializers and `encoded` for the container, presentation and window params a client sends
// (`EncodableMethodParams`). Defaults of the initializers are the spec's (`Methods.controllerMethods`).

extension NavigationPushParams: EncodableMethodParams {
  /// `pushViewController(_:animated:)`.
  public init(navigation: String, controller: String, animated: Bool = true) {
    self.navigation = navigation
    self.controller = controller
    self.animated = animated
  }

  public var encoded: JSONValue {
    ParamsBuilder(["navigation": navigation, "controller": controller, "animated": animated]).json
  }
}

extension NavigationPopParams: EncodableMethodParams {
  /// `popViewController(animated:)`.
  public init(navigation: String, animated: Bool = true) {
    self.navigation = navigation
    self.animated = animated
  }

  public var encoded: JSONValue { ParamsBuilder(["navigation": navigation, "animated": animated]).json }
}

extension PagingGetParams: EncodableMethodParams {
  /// The state of a paging container: its header frame, selected index and pages.
  public init(container: String) { self.container = container }

  public var encoded: JSONValue { ParamsBuilder(["container": container]).json }
}

extension PagingSelectParams: EncodableMethodParams {
  /// A title tap: selects page `index`.
  public init(container: String, index: Int, animated: Bool = true) {
    self.container = container
    self.index = index
    self.animated = animated
  }

  public var encoded: JSONValue {
    ParamsBuilder(["container": container, "index": index, "animated": animated]).json
  }
}

extension PresentationPresentParams: EncodableMethodParams {
  /// `presenter.present(controller, animated:)`; `style` and `transitionStyle` set the presented controller's.
  public init(
    presenter: String, controller: String, style: ModalPresentationStyle? = nil, animated: Bool = true,
    transitionStyle: ModalTransitionStyle? = nil
  ) {
    self.presenter = presenter
    self.controller = controller
    self.style = style
    self.animated = animated
    self.transitionStyle = transitionStyle
  }

  public var encoded: JSONValue {
    ParamsBuilder([
      "presenter": presenter, "controller": controller, "style": style, "animated": animated,
      "transitionStyle": transitionStyle,
    ]).json
  }
}

extension PresentationDismissParams: EncodableMethodParams {
  /// `controller.dismiss(animated:)`.
  public init(controller: String, animated: Bool = true) {
    self.controller = controller
    self.animated = animated
  }

  public var encoded: JSONValue { ParamsBuilder(["controller": controller, "animated": animated]).json }
}

extension PresentationGetParams: EncodableMethodParams {
  /// What `controller` presents and is presented by.
  public init(controller: String) { self.controller = controller }

  public var encoded: JSONValue { ParamsBuilder(["controller": controller]).json }
}

extension TabSelectParams: EncodableMethodParams {
  /// Selects a tab by `index` or by `controller`.
  public init(tabBar: String, index: Int? = nil, controller: String? = nil) {
    self.tabBar = tabBar
    self.index = index
    self.controller = controller
  }

  public var encoded: JSONValue { ParamsBuilder(["tabBar": tabBar, "index": index, "controller": controller]).json }
}

extension WindowCreateParams: EncodableMethodParams {
  /// A window, 390×844 unless given; `safeArea` nil: an iPhone's (a pad's for `idiom` pad).
  public init(
    id: String? = nil, width: Double = 390, height: Double = 844, safeArea: Insets? = nil,
    idiom: UserInterfaceIdiom = .phone, userInterfaceStyle: UserInterfaceStyle? = nil, displayScale: Double? = nil
  ) {
    self.id = id
    self.width = width
    self.height = height
    self.safeArea = safeArea
    self.idiom = idiom
    self.userInterfaceStyle = userInterfaceStyle
    self.displayScale = displayScale
  }

  public var encoded: JSONValue {
    ParamsBuilder([
      "id": id, "width": width, "height": height, "safeArea": safeArea, "idiom": idiom,
      "userInterfaceStyle": userInterfaceStyle, "displayScale": displayScale,
    ]).json
  }
}

extension WindowSetRootParams: EncodableMethodParams {
  /// `window.rootViewController = controller`.
  public init(window: String, controller: String) {
    self.window = window
    self.controller = controller
  }

  public var encoded: JSONValue { ParamsBuilder(["window": window, "controller": controller]).json }
}

extension PageViewGetParams: EncodableMethodParams {
  /// A page view controller's pages, cache and transition (R31–R38).
  public init(pageView: String) { self.pageView = pageView }

  public var encoded: JSONValue { ParamsBuilder(["pageView": pageView]).json }
}

extension PageViewSetPagesParams: EncodableMethodParams {
  /// The data source's ordered list (nil: no data source, gestures disabled, R36).
  public init(pageView: String, pages: [String]?) {
    self.pageView = pageView
    self.pages = pages
  }

  public var encoded: JSONValue {
    var builder = ParamsBuilder(["pageView": pageView])
    builder.setOrNull("pages", pages)
    return builder.json
  }
}

extension PageViewSetViewControllersParams: EncodableMethodParams {
  /// `setViewControllers(_:direction:animated:completion:)` (R31–R38).
  public init(
    pageView: String, controllers: [String], direction: Engine.PageViewState.Direction = .forward,
    animated: Bool = false
  ) {
    self.pageView = pageView
    self.controllers = controllers
    self.direction = direction
    self.animated = animated
  }

  public var encoded: JSONValue {
    ParamsBuilder([
      "pageView": pageView, "controllers": controllers, "direction": direction.rawValue, "animated": animated,
    ]).json
  }
}

extension PageViewSwipeParams: EncodableMethodParams {
  /// One step of an interactive swipe (R34–R36): `begin` with a direction, `update` with a progress, `finish`,
  /// `cancel`.
  public init(
    pageView: String, action: Action, direction: Engine.PageViewState.Direction? = nil, progress: Double? = nil,
    velocity: Double? = nil
  ) {
    self.pageView = pageView
    self.action = action
    self.direction = direction
    self.progress = progress
    self.velocity = velocity
  }

  public var encoded: JSONValue {
    var builder = ParamsBuilder(["pageView": pageView, "action": action.rawValue])
    if let direction { builder.set("direction", direction.rawValue) }
    if let progress { builder.set("progress", progress) }
    if let velocity { builder.set("velocity", velocity) }
    return builder.json
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `pageView/*`: UIPageViewController (R31–R38).
extension RPCServer {
  /// The page view controller `params.pageView` names.
  func pageViewController(_ id: String) throws(RPCError) -> ControllerNode {
    let found = try controller(id, at: "pageView", expected: "a UIPageViewController")
    guard found.pageView != nil else {
      throw RPCError.invalidParams(
        path: "params.pageView", expected: "a UIPageViewController",
        message: Engine.describeKind(found.id, found.kind.rawValue, expected: "a UIPageViewController"))
    }
    return found
  }

  func pageViewGet(_ params: PageViewGetParams) throws(RPCError) -> JSONValue {
    let pageView = try pageViewController(params.pageView)
    guard let state = pageView.pageView else { return [:] }
    var cache: JSONObject = [:]
    for (name, neighbour) in [("before", state.before), ("after", state.after)] {
      if case .known(let page) = neighbour { cache[name] = page.map { .string($0.id) } ?? .null }
    }
    return [
      "viewControllers": .array(state.reportedViewControllers.map { .string($0.id) }),
      "children": .array(pageView.children.map { .string($0.id) }), "cache": .object(cache),
      "isTransitioning": .bool(state.isTransitioning),
      "pending": state.pending.map { .string($0.id) } ?? .null,
      "transitionStyle": .string(state.transitionStyle.rawValue),
      "navigationOrientation": .string(state.navigationOrientation.rawValue),
      "spineLocation": .string(state.spineLocation.rawValue), "isDoubleSided": .bool(state.isDoubleSided),
      "interPageSpacing": .number(state.interPageSpacing),
      "pages": state.pages.map { pages in .array(pages.map { .string($0.id) }) } ?? .null,
    ]
  }

  /// A page view controller as `controller/get` and `world/snapshot` add it (R31–R38): the pages shown
  /// (`viewControllers`), the data source's list, its style and spine, and whether a transition is in flight.
  func describePageView(_ state: Engine.PageViewState) -> JSONValue {
    [
      "viewControllers": .array(state.reportedViewControllers.map { .string($0.id) }),
      "pages": state.pages.map { pages in .array(pages.map { .string($0.id) }) } ?? .null,
      "transitionStyle": .string(state.transitionStyle.rawValue),
      "spineLocation": .string(state.spineLocation.rawValue), "isDoubleSided": .bool(state.isDoubleSided),
      "isTransitioning": .bool(state.isTransitioning),
    ]
  }

  func pageViewSetPages(_ params: PageViewSetPagesParams) throws(RPCError) -> JSONValue {
    let pageView = try pageViewController(params.pageView)
    let pages = try params.pages.map { (ids) throws(RPCError) in try controllers(ids, at: "pages") }
    try engineCall { () throws(EngineError) in try engine.setDataSourcePages(pages, of: pageView) }
    return [:]
  }

  func pageViewSwipe(_ params: PageViewSwipeParams) throws(RPCError) -> JSONValue {
    let pageView = try pageViewController(params.pageView)
    switch params.action {
    case .begin:
      let pending = try engineCall { () throws(EngineError) in
        try engine.beginSwipe(pageView, direction: params.direction ?? .forward)
      }
      return ["pending": pending.map { .string($0.id) } ?? .null]
    case .update:
      try engineCall { () throws(EngineError) in try engine.updateSwipe(pageView, progress: params.progress) }
    case .finish:
      try engineCall { () throws(EngineError) in try engine.finishSwipe(pageView) }
    case .cancel:
      try engineCall { () throws(EngineError) in try engine.cancelSwipe(pageView) }
    }
    return [:]
  }

  func pageViewSetViewControllers(_ params: PageViewSetViewControllersParams) throws(RPCError) -> JSONValue {
    let pageView = try pageViewController(params.pageView)
    let pages = try controllers(params.controllers, at: "controllers")
    try engineCall { () throws(EngineError) in
      try engine.setViewControllers(pages, of: pageView, direction: params.direction, animated: params.animated)
    }
    return [:]
  }
}

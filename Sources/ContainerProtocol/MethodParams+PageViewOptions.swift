package import ContainerEngine
package import ContainerJSON

/// The `pageView.*` engine options of `daemon/configure` (R31–R38's open points): their schema, their typed params and
/// their current values. `Methods.engineOptions` and `DaemonConfigureParams.Options` include them.
extension Methods {
  static let pageViewEngineOptions: [Schema.Field] = [
    .init(
      "pageView.prefetchLoadsViews", .boolean,
      "a page the data source returns ahead of time loads its view at once (R31)"),
    .init("pageView.notifyWillMoveOnAdd", .boolean, "a page joining a page view controller gets willMove (R33)"),
    .init(
      "pageView.appearanceWhenNotVisible",
      .enumeration(Engine.PageViewBehavior.AppearanceWhenNotVisible.allCases.map(\.rawValue)),
      "page callbacks of a set while the page view controller is off screen: defer or immediate (R33)"),
    .init(
      "pageView.delegateOrder", .enumeration(Engine.PageViewBehavior.DelegateOrder.allCases.map(\.rawValue)),
      "willTransitionTo before or after a swipe's will pair (R36)"),
    .init(
      "pageView.staleCacheAfterAnimatedSet", .boolean,
      "an animated set keeps the page left cached as the new page's neighbour (R37)"),
    .init(
      "pageView.staleViewControllersAfterInterruptedSwipe", .boolean,
      "viewControllers keeps the old page after a swipe that caught a settling page (R37)"),
    .init(
      "pageView.overlapPolicy", .enumeration(Engine.PageViewBehavior.OverlapPolicy.allCases.map(\.rawValue)),
      "a set or swipe during a page transition: refuse (-32003), queue (sets) or raise (-32001) (R38)"),
  ]
}

/// The `pageView.*` members of `daemon/configure`'s `options`, each optional.
package struct PageViewEngineOptions {
  package var prefetchLoadsViews: Bool?
  package var notifyWillMoveOnAdd: Bool?
  package var appearanceWhenNotVisible: Engine.PageViewBehavior.AppearanceWhenNotVisible?
  package var delegateOrder: Engine.PageViewBehavior.DelegateOrder?
  package var staleCacheAfterAnimatedSet: Bool?
  package var staleViewControllersAfterInterruptedSwipe: Bool?
  package var overlapPolicy: Engine.PageViewBehavior.OverlapPolicy?

  package init() {}

  init(_ given: Params) throws(RPCError) {
    prefetchLoadsViews = try given.optional("pageView.prefetchLoadsViews")
    notifyWillMoveOnAdd = try given.optional("pageView.notifyWillMoveOnAdd")
    appearanceWhenNotVisible = try given.optional("pageView.appearanceWhenNotVisible")
    delegateOrder = try given.optional("pageView.delegateOrder")
    staleCacheAfterAnimatedSet = try given.optional("pageView.staleCacheAfterAnimatedSet")
    staleViewControllersAfterInterruptedSwipe = try given.optional("pageView.staleViewControllersAfterInterruptedSwipe")
    overlapPolicy = try given.optional("pageView.overlapPolicy")
  }

  /// Sets the given ones.
  package func apply(to behavior: inout Engine.PageViewBehavior) {
    if let value = prefetchLoadsViews { behavior.prefetchLoadsViews = value }
    if let value = notifyWillMoveOnAdd { behavior.notifyWillMoveOnAdd = value }
    if let value = appearanceWhenNotVisible { behavior.appearanceWhenNotVisible = value }
    if let value = delegateOrder { behavior.delegateOrder = value }
    if let value = staleCacheAfterAnimatedSet { behavior.staleCacheAfterAnimatedSet = value }
    if let value = staleViewControllersAfterInterruptedSwipe {
      behavior.staleViewControllersAfterInterruptedSwipe = value
    }
    if let value = overlapPolicy { behavior.overlapPolicy = value }
  }

  /// Every `pageView.*` option's current value, by its wire name.
  package static func values(_ behavior: Engine.PageViewBehavior) -> [(String, JSONValue)] {
    [
      ("pageView.prefetchLoadsViews", .bool(behavior.prefetchLoadsViews)),
      ("pageView.notifyWillMoveOnAdd", .bool(behavior.notifyWillMoveOnAdd)),
      ("pageView.appearanceWhenNotVisible", .string(behavior.appearanceWhenNotVisible.rawValue)),
      ("pageView.delegateOrder", .string(behavior.delegateOrder.rawValue)),
      ("pageView.staleCacheAfterAnimatedSet", .bool(behavior.staleCacheAfterAnimatedSet)),
      (
        "pageView.staleViewControllersAfterInterruptedSwipe",
        .bool(behavior.staleViewControllersAfterInterruptedSwipe)
      ),
      ("pageView.overlapPolicy", .string(behavior.overlapPolicy.rawValue)),
    ]
  }
}

extension Engine.PageViewBehavior.AppearanceWhenNotVisible: ParamValue {}
extension Engine.PageViewBehavior.DelegateOrder: ParamValue {}
extension Engine.PageViewBehavior.OverlapPolicy: ParamValue {}

import ContainerEngine
import ContainerJSON

/// `pageView/*`: UIPageViewController (R31–R38). `Methods.controllerMethods` includes them.
extension Methods {
  /// The `controller/create` options a UIPageViewController takes (R31–R38); `pages` is shared with the paging
  /// container (for a page view controller: its data source's ordered list).
  static let pageViewCreateFields: [Schema.Field] = [
    .init(
      "transitionStyle", .enumeration(Engine.PageViewState.TransitionStyle.allCases.map(\.rawValue)),
      "UIPageViewController: scroll or pageCurl (scroll)"),
    .init(
      "navigationOrientation", .enumeration(Engine.PageViewState.NavigationOrientation.allCases.map(\.rawValue)),
      "UIPageViewController (horizontal)"),
    .init(
      "spineLocation", .enumeration(["min", "mid", "max"]),
      "UIPageViewController, pageCurl only (min); mid needs isDoubleSided (R32); on a scroll page view it is "
        + "ignored with a warning event (its spineLocation is none)"),
    .init("isDoubleSided", .boolean, "UIPageViewController: two pages per turn for a curl (false, R32)"),
    .init("interPageSpacing", .length, "UIPageViewController, scroll only: points between pages (0)"),
    .init(
      "delegate", .oneOf([.boolean, splitDelegateSchema]),
      "UIPageViewController: a delegate is installed (true, R36); UINavigationController: one that gets "
        + "willShow/didShow (false, R51); UISplitViewController: an object, what the delegate answers (none: no "
        + "delegate, R41, R42)"),
    .init(
      "initial", .array(.id),
      "UIPageViewController: a non-animated setViewControllers at creation (no completion event, R33)"),
  ]

  /// The `pageView/*` methods.
  static let pageViewMethods: [MethodSpec] = [
    MethodSpec(
      "pageView/get",
      "viewControllers, children, the cached neighbours, whether a page transition is in flight (R31, R37).",
      params: .fields([.init("pageView", .id, required: true)]),
      result: .object([
        .init("viewControllers", .array(.string), required: true),
        .init("children", .array(.string), required: true),
        .init(
          "cache",
          .object([
            .init("before", .nullable(.string), "cached neighbour before the page (null: none); absent: not cached"),
            .init("after", .nullable(.string), "cached neighbour after the page (null: none); absent: not cached"),
          ]), required: true),
        .init("isTransitioning", .boolean, required: true),
        .init("pending", .nullable(.string), required: true),
        .init("transitionStyle", .string, required: true),
        .init("navigationOrientation", .string, required: true),
        .init("spineLocation", .string, required: true),
        .init("isDoubleSided", .boolean, required: true),
        .init("interPageSpacing", .number(), required: true),
        .init("pages", .nullable(.array(.string)), required: true),
      ])),
    MethodSpec(
      "pageView/setPages",
      "Replaces the data source's ordered list (null: no data source); the cached neighbours stay (R37).",
      params: .fields([
        .init("pageView", .id, required: true), .init("pages", .nullable(.array(.id)), required: true),
      ])),
    MethodSpec(
      "pageView/setViewControllers",
      "setViewControllers(_:direction:animated:completion:) (R31–R35, R37); completion as event/completion.",
      params: .fields([
        .init("pageView", .id, required: true), .init("controllers", .array(.id), required: true),
        .init(
          "direction", .enumeration(Engine.PageViewState.Direction.allCases.map(\.rawValue)), default: "forward"),
        .init("animated", .boolean, default: false),
      ])),
    MethodSpec(
      "pageView/swipe",
      "An interactive page turn, like navigation/interactivePop: begin, update, finish or cancel (R34–R37).",
      params: .fields([
        .init("pageView", .id, required: true),
        .init("action", .enumeration(["begin", "update", "finish", "cancel"]), required: true),
        .init(
          "direction", .enumeration(Engine.PageViewState.Direction.allCases.map(\.rawValue)),
          "begin: forward (the next page; the default) or reverse (the previous page)"),
        .init(
          "progress", .number(minimum: 0, maximum: 1),
          "update: how far the page has turned, 0...1 (absent: as before; the other actions ignore it)"),
        .init("velocity", .number(), "accepted and ignored (the settle takes the rest of the turn's duration)"),
      ]),
      result: .object([
        .init("pending", .nullable(.string), "begin: the page being revealed, null when there is none")
      ])),
  ]
}

import ContainerEngine
import ContainerJSON

/// The controller-side engine methods of Documentation/Protocol.md, "Methods": appearance, behaviours, classes, the
/// clock, containment, controllers, events, navigation, paging, presentation, tabs, windows and the world.
/// `Methods.all` sorts them together with ``viewMethods`` and the daemon's methods.
extension Methods {
  /// The summary of `additionalSafeAreaInsets` on `controller/create` and `controller/configure`.
  static let additionalSafeAreaInsetsSummary =
    "UIViewController.additionalSafeAreaInsets, added to the root view's safe area (default zero)"

  /// The bar settings of `controller/create` and `controller/configure` (R68): which kind takes which is the engine's
  /// (`Engine.checkBarSettings`).
  static let barFields: [Schema.Field] = [
    .init("navigationBarHidden", .boolean, "UINavigationController: isNavigationBarHidden (false)"),
    .init("prefersLargeTitles", .boolean, "UINavigationController: a 96 pt navigation bar (false)"),
    .init("toolbarHidden", .boolean, "UINavigationController: isToolbarHidden (true)"),
    .init("navigationBarTranslucent", .boolean, "UINavigationController: navigationBar.isTranslucent (true)"),
    .init("tabBarHidden", .boolean, "UITabBarController: tabBar.isHidden (false)"),
    .init("tabBarTranslucent", .boolean, "UITabBarController: tabBar.isTranslucent (true)"),
    .init("hidesBottomBarWhenPushed", .boolean, "hides the toolbar and an enclosing tab bar while pushed (false)"),
    .init(
      "edgesForExtendedLayout", .oneOf([.enumeration(["all"]), .array(.enumeration(["top", "bottom"]))]),
      "the edges the view extends under bars (all)"),
    .init("extendedLayoutIncludesOpaqueBars", .boolean, "extends under opaque bars too (false)"),
  ]
  /// The wire's names of `UIModalPresentationStyle`.
  static let presentationStyles = ModalPresentationStyle.allCases.map(\.rawValue)
  /// The wire's names of `UIModalTransitionStyle`.
  static let transitionStyles = ModalTransitionStyle.allCases.map(\.rawValue)

  /// The presentation properties of `controller/create` and `controller/configure` (R53–R56).
  static let presentationFields: [Schema.Field] = [
    .init(
      "definesPresentationContext", .boolean,
      "R53: presents currentContext/overCurrentContext presentations from below (default: true for "
        + "UINavigationController, the tabBarDefinesPresentationContext option for UITabBarController, else false)"),
    .init(
      "providesPresentationContextTransitionStyle", .boolean,
      "R56: its modalTransitionStyle replaces the presented controller's in its context (default false)"),
    .init(
      "modalPresentationStyle", .enumeration(presentationStyles),
      "the style presentation/present uses when it names none (default pageSheet, iOS 13's automatic)"),
    .init("modalTransitionStyle", .enumeration(transitionStyles), "default coverVertical"),
    .init(
      "isModalInPresentation", .boolean,
      "R58: refuses the swipe-down of the sheet it presents as (presentationControllerDidAttemptToDismiss; false)"),
  ]

  static let controllerMethods: [MethodSpec] = [
    MethodSpec(
      "appearance/begin", "beginAppearanceTransition(_:animated:) (R11, R13, R14, R16).",
      params: .fields([
        .init("controller", .id, required: true), .init("isAppearing", .boolean, required: true),
        .init("animated", .boolean, default: false),
      ])),
    MethodSpec(
      "appearance/callDirectly",
      "Calls viewWillAppear/viewDidAppear/viewWillDisappear/viewDidDisappear directly, as app code must not (R12).",
      params: .fields([
        .init("controller", .id, required: true),
        .init(
          "callback", .enumeration(["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]),
          required: true),
        .init("animated", .boolean, default: false),
      ])),
    MethodSpec(
      "appearance/end", "endAppearanceTransition() (R13, R16).",
      params: .fields([.init("controller", .id, required: true)])),
    MethodSpec(
      "behavior/add",
      "A reaction run synchronously inside scrollViewDidScroll: pinToTop, floatOverContent, followOffset.",
      params: .fields([
        .init("id", .id),
        .init("kind", .enumeration(["pinToTop", "floatOverContent", "followOffset"]), required: true),
        .init("view", .id, required: true), .init("scrollView", .id, required: true),
        .init("offset", .coordinate, default: 0, "pinToTop: y = contentOffset.y + offset"),
        .init("factor", .number(minimum: -1000, maximum: 1000), default: 1, "followOffset: y = y0 − factor·Δoffset"),
        .init("minY", .coordinate), .init("maxY", .coordinate),
      ]),
      result: .object([.init("id", .string, required: true)])),
    MethodSpec(
      "behavior/remove", "Removes a behaviour.", params: .fields([.init("id", .id, required: true)])),
    MethodSpec(
      "class/register", "Declares a view controller subclass, for the auto container's NSClassFromString (seed 000).",
      params: .fields([
        .init("name", .string, required: true),
        .init(
          "kind", .enumeration(["UIViewController", "UINavigationController", "UITabBarController"]),
          default: "UIViewController"),
        .init("view", .object([.init("kind", .enumeration(viewKinds))])),
        .init("conformsToContainerProtocol", .boolean, default: true),
      ])),
    MethodSpec(
      "clock/advance", "Advances the virtual clock by ms (manual mode drives animations with it).",
      params: .fields([.init("ms", .number(minimum: 0, maximum: 1e15), required: true)]),
      result: .object([.init("now", .number(), required: true)])),
    MethodSpec(
      "clock/configure", "Clock mode (auto or manual) and frame rate.",
      params: .fields([
        .init("mode", .enumeration(["auto", "manual"])), .init("fps", .integer(minimum: 1, maximum: 1000)),
      ])),
    MethodSpec("clock/now", "The virtual time in ms.", result: .object([.init("now", .number(), required: true)])),
    MethodSpec(
      "containment/addChild", "parent.addChild(child): willMove(toParent:) automatically (R4, R5).",
      params: .fields([.init("parent", .id, required: true), .init("child", .id, required: true)])),
    MethodSpec(
      "containment/didMove", "child.didMove(toParent:), the container's own call (R4).",
      params: .fields([.init("child", .id, required: true), .init("parent", .nullable(.id), required: true)])),
    MethodSpec(
      "containment/embed", "addChild, container.addSubview(child.view), didMove — one turn (R4, R6, R7, R8).",
      params: .fields([
        .init("parent", .id, required: true), .init("child", .id, required: true),
        .init("container", .id, "a view; default parent.view"), .init("frame", .rect),
      ])),
    MethodSpec(
      "containment/removeFromParent", "child.removeFromParent(): didMove(toParent: nil) automatically (R4).",
      params: .fields([.init("child", .id, required: true)])),
    MethodSpec(
      "containment/transition",
      "transition(from:to:duration:options:animations:completion:) (R17); completion as event/completion.",
      params: .fields([
        .init("parent", .id, required: true), .init("from", .id, required: true), .init("to", .id, required: true),
        .init("duration", .number(minimum: 0, maximum: 3600), default: 0),
        .init("options", .any, "UIView.AnimationOptions; accepted and ignored (no visual effect is modelled)"),
      ])),
    MethodSpec(
      "containment/unembed",
      "willMove(toParent: nil), view.removeFromSuperview(), removeFromParent (R4, R6, R7, R8); a never-loaded view loads (R72).",
      params: .fields([.init("child", .id, required: true)])),
    MethodSpec(
      "containment/willMove", "child.willMove(toParent:), the container's own call (R4).",
      params: .fields([.init("child", .id, required: true), .init("parent", .nullable(.id), required: true)])),
    MethodSpec(
      "controller/configure",
      "Sets forwardsAppearance (shouldAutomaticallyForwardAppearanceMethods), title, additionalSafeAreaInsets, bars, "
        + "the presentation properties (R53–R56).",
      params: .fields(
        [
          .init("controller", .id, required: true), .init("forwardsAppearance", .boolean), .init("title", .string),
          .init("clearsSelectionOnViewWillAppear", .boolean, "UITableViewController"),
          .init("additionalSafeAreaInsets", .insets, additionalSafeAreaInsetsSummary),
          .init("delegate", .boolean, "UINavigationController: a delegate is installed (willShow/didShow, R51)"),
        ] + barFields + presentationFields)),
    MethodSpec(
      "controller/create", "A view controller; its view is not loaded until named (R1).",
      params: .fields(
        [
          .init("id", .id),
          .init(
            "kind",
            .enumeration([
              "UIViewController", "UINavigationController", "UITabBarController", "UITableViewController",
              "AutoContainerViewController", "PagingContainerViewController", "UIPageViewController",
              "UISplitViewController",
            ]),
            default: "UIViewController"),
          .init("tableView", .id, "UITableViewController: an overridden tableView (a UITableView), seed 002"),
          .init("clearsSelectionOnViewWillAppear", .boolean, "UITableViewController (default true)"),
          .init("scrollView", .id, "a page's scroll view when its root view is not one (YSM's childScrollView)"),
          .init(
            "header",
            .object([
              .init("height", .length, required: true),
              .init("titleBarHeight", .length, default: .number(ControllerSpec.PagingHeader.defaultTitleBarHeight)),
              .init("hangingHeight", .length, default: 0),
            ]), "PagingContainerViewController: header height H = height + titleBarHeight"),
          .init(
            "pages", .nullable(.array(.id)),
            "PagingContainerViewController: the page controllers; UIPageViewController: the data source's ordered "
              + "list (null: no data source, R36)"),
          .init("headerFormula", .enumeration(["absolute", "delta"]), "PagingContainerViewController (absolute)"),
          .init("pageSwitchOffset", .enumeration(["forced", "keepDeeper"]), "PagingContainerViewController (forced)"),
          .init("shortListInset", .boolean, "PagingContainerViewController: short lists can pin the header (true)"),
          .init("root", .id, "UINavigationController: the root view controller"),
          .init("controllers", .array(.id), "UITabBarController: the tabs"),
          .init("selectedIndex", .integer(minimum: 0), "UITabBarController: the selected tab"),
          .init("className", .string), .init("title", .string), .init("restorationIdentifier", .string),
          .init("forwardsAppearance", .boolean, default: true),
          .init("additionalSafeAreaInsets", .insets, additionalSafeAreaInsetsSummary),
          .init("view", .object([.init("kind", .enumeration(viewKinds))])),
        ] + barFields + presentationFields + pageViewCreateFields + splitCreateFields),
      result: .object([.init("id", .string, required: true), .init("view", .string, required: true)])),
    MethodSpec(
      "controller/destroy", "Forgets a controller; refused while it is in a hierarchy.",
      params: .fields([.init("controller", .id, required: true)])),
    MethodSpec(
      "controller/get",
      "State of a controller; never loads its view. A tab bar controller adds selectedIndex and selectedViewController "
        + "(null without tabs); a page view controller adds pageView (pages shown, data source, style, spine); a split view controller adds split "
        + "(columns, display mode, isCollapsed).",
      params: .fields([.init("controller", .id, required: true)]), result: .controllerState),
    MethodSpec(
      "controller/loadView", "The same as reading controller.view (R1, R3).",
      params: .fields([.init("controller", .id, required: true)]),
      result: .object([.init("view", .string, required: true)])),
    MethodSpec(
      "controller/unloadView", "controller.view = nil (R2); refused while the view is in a hierarchy.",
      params: .fields([.init("controller", .id, required: true)])),
    MethodSpec(
      "events/subscribe", "Adds event kinds (and optionally limits events to some objects).",
      params: .fields([
        .init("kinds", .array(.enumeration(EventKind.allCases.map(\.rawValue) + ["all"])), required: true),
        .init("objects", .array(.id)),
      ])),
    MethodSpec(
      "events/unsubscribe", "Removes event kinds.",
      params: .fields([
        .init("kinds", .array(.enumeration(EventKind.allCases.map(\.rawValue) + ["all"])), required: true)
      ])),
    MethodSpec(
      "navigation/interactivePop",
      "The swipe-back gesture: begin, update (progress 0...1), finish or cancel (R23, R24).",
      params: .fields([
        .init("navigation", .id, required: true),
        .init("action", .enumeration(["begin", "update", "finish", "cancel"]), required: true),
        .init("progress", .number(minimum: 0, maximum: 1)),
      ])),
    MethodSpec(
      "navigation/pop", "popViewController(animated:) (R18–R20); popped is null at the root.",
      params: .fields([.init("navigation", .id, required: true), .init("animated", .boolean, default: true)]),
      result: .object([.init("popped", .nullable(.string), required: true)])),
    MethodSpec(
      "navigation/popTo", "popToViewController(_:animated:) (R18–R20, R22).",
      params: .fields([
        .init("navigation", .id, required: true), .init("controller", .id, required: true),
        .init("animated", .boolean, default: true),
      ]),
      result: .object([.init("popped", .array(.string), required: true)])),
    MethodSpec(
      "navigation/popToRoot", "popToRootViewController(animated:) (R18–R20).",
      params: .fields([.init("navigation", .id, required: true), .init("animated", .boolean, default: true)]),
      result: .object([.init("popped", .array(.string), required: true)])),
    MethodSpec(
      "navigation/push", "pushViewController(_:animated:) (R18–R20, R22).",
      params: .fields([
        .init("navigation", .id, required: true), .init("controller", .id, required: true),
        .init("animated", .boolean, default: true),
      ])),
    MethodSpec(
      "navigation/setNavigationBarHidden",
      "setNavigationBarHidden(_:animated:): the children's safe area follows at the turn's end (R68).",
      params: .fields([
        .init("navigation", .id, required: true), .init("hidden", .boolean, required: true),
        .init("animated", .boolean, default: false),
      ])),
    MethodSpec(
      "navigation/setToolbarHidden",
      "setToolbarHidden(_:animated:): the children's safe area follows at the turn's end (R68).",
      params: .fields([
        .init("navigation", .id, required: true), .init("hidden", .boolean, required: true),
        .init("animated", .boolean, default: false),
      ])),
    MethodSpec(
      "navigation/setViewControllers", "setViewControllers(_:animated:) (R18, R21).",
      params: .fields([
        .init("navigation", .id, required: true), .init("controllers", .array(.id), required: true),
        .init("animated", .boolean, default: false),
      ])),
    MethodSpec(
      "paging/get", "The selected index, the header's frame (container coordinates) and the pages.",
      params: .fields([.init("container", .id, required: true)]), result: .pagingState),
    MethodSpec(
      "paging/select", "A title tap: index set at once, the pager scrolls there (animated at constant velocity).",
      params: .fields([
        .init("container", .id, required: true), .init("index", .integer(minimum: 0), required: true),
        .init("animated", .boolean, default: true),
      ])),
    MethodSpec(
      "paging/setPages", "Replaces the pages; removed ones leave (willMove(nil), removeFromParent).",
      params: .fields([.init("container", .id, required: true), .init("controllers", .array(.id), required: true)])),
    MethodSpec(
      "presentation/dismiss", "dismiss(animated:) (R27); completion as event/completion.",
      params: .fields([.init("controller", .id, required: true), .init("animated", .boolean, default: true)])),
    MethodSpec(
      "presentation/get",
      "Who presents the controller and what it presents (UIKit's getters), and the presentation showing it: the "
        + "context controller, style, transition style and frame in window coordinates (R53–R56).",
      params: .fields([.init("controller", .id, required: true)]),
      result: .object([
        .init("presentingViewController", .nullable(.string), required: true),
        .init("presentedViewController", .nullable(.string), required: true),
        .init("context", .nullable(.string), required: true), .init("style", .nullable(.string), required: true),
        .init("transitionStyle", .nullable(.string), required: true), .init("frame", .nullable(.rect), required: true),
      ])),
    MethodSpec(
      "presentation/present",
      "present(_:animated:) (R26–R28); currentContext/overCurrentContext from the nearest context (R53–R56, R70); "
        + "completion as event/completion.",
      params: .fields([
        .init("presenter", .id, required: true), .init("controller", .id, required: true),
        .init(
          "style", .enumeration(presentationStyles),
          "sets the presented controller's modalPresentationStyle (default: the one it has, pageSheet unless set)"),
        .init("animated", .boolean, default: true),
        .init(
          "transitionStyle", .enumeration(transitionStyles), "sets the presented controller's modalTransitionStyle"),
        adaptiveDelegateField,
      ])),
    MethodSpec(
      "tab/select", "selectedIndex = index, or selectedViewController = controller (R25).",
      params: .fields([
        .init("tabBar", .id, required: true), .init("index", .integer(minimum: 0)), .init("controller", .id),
      ])),
    MethodSpec(
      "tab/setViewControllers",
      "viewControllers = controllers (R3: only the selected tab loads; R71: the selection is kept, else the same index, else the first).",
      params: .fields([.init("tabBar", .id, required: true), .init("controllers", .array(.id), required: true)])),
    MethodSpec(
      "window/create", "A window, 390×844 with safe area 47/34 unless given.",
      params: .fields([
        .init("id", .id), .init("width", .length, default: .number(Engine.defaultWindowFrame.width)),
        .init("height", .length, default: .number(Engine.defaultWindowFrame.height)), .init("safeArea", .insets),
        .init(
          "idiom", .enumeration(idioms), default: "phone", "the device: R65's size-class table (pad: 24/20 safe area)"),
        .init("userInterfaceStyle", .enumeration(UserInterfaceStyle.allCases.map(\.rawValue))),
        .init("displayScale", .number(minimum: 1, maximum: 4), "default: 3 on a phone, 2 on a pad"),
      ]),
      result: .object([.init("id", .string, required: true)])),
    MethodSpec(
      "window/resize",
      "A rotation or size change: viewWillTransition(to:) down the controller tree, new safe area, layout (R30).",
      params: .fields([
        .init("window", .id, required: true), .init("width", .length, required: true),
        .init("height", .length, required: true),
        .init("safeArea", .insets, "default: an iPhone's, portrait 47/34, landscape 47 left/right and 21 bottom"),
        .init("animated", .boolean, default: true, "a transition coordinator animates the change (R66)"),
        .init("duration", .number(minimum: 0, maximum: 60), "seconds (default: resize.duration)"),
        .init("traits", traitsParam(nullRemoves: false), "size classes instead of R65's table, until the next resize"),
      ])),
    MethodSpec(
      "window/setRoot", "window.rootViewController = controller; makeKeyAndVisible() (R1, R6, R7).",
      params: .fields([.init("window", .id, required: true), .init("controller", .id, required: true)])),
    MethodSpec(
      "world/render",
      "A readable wireframe of a window as SVG: labels that never overprint, bars, safe area, keyboard, a legend.",
      params: .fields([
        .init("window", .id, required: true), .init("format", .enumeration(["svg"]), default: "svg"),
        .init(
          "labels", .enumeration(Wireframe.LabelMode.allCases.map(\.rawValue)), default: "auto",
          "auto: each view's label at a free spot in the window, else in a side column with a leader line; "
            + "callouts: all in the side column; none"),
        .init("legend", .boolean, default: true, "the controllers' colours and the marks, right of the window"),
      ]),
      result: .object([.init("format", .string, required: true), .init("svg", .string, required: true)])),
    MethodSpec("world/reset", "All objects gone, clock 0; subscriptions kept."),
    MethodSpec(
      "world/snapshot", "The whole world (or the subtree of root), deterministic.",
      params: .fields([.init("root", .id)]), result: .worldSnapshot),
  ]
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import Testing

/// The params a client builds (`EncodableMethodParams`) round-trip through the daemon's own decoding: `encoded` is
/// accepted by the method's spec, and the params decoded from it encode to the same value. The initializers'
/// defaults are the spec's: params built from the required members alone encode to what validation makes of those
/// members.
@Suite struct MethodParamsEncodingTests {
  typealias Sample = any EncodableMethodParams & MethodParams

  /// Every type that conforms, each with all its members set (ones a default would not give).
  static let maximal: [Sample] = [
    AppearanceBeginParams(controller: "c", isAppearing: false, animated: true),
    AppearanceEndParams(controller: "c"),
    ClockAdvanceParams(ms: 16.5),
    ContainmentAddChildParams(parent: "p", child: "c"),
    ContainmentDidMoveParams(child: "c", parent: "p"),
    ContainmentDidMoveParams(child: "c", parent: nil),
    ContainmentWillMoveParams(child: "c", parent: "p"),
    ContainmentWillMoveParams(child: "c", parent: nil),
    ContainmentEmbedParams(
      parent: "p", child: "c", container: "p.view", frame: Rect(x: 1, y: 2, width: 3.5, height: 4)),
    ContainmentRemoveFromParentParams(child: "c"),
    ContainmentUnembedParams(child: "c"),
    ContainmentTransitionParams(parent: "p", from: "a", to: "b", duration: 0.25, options: ["curve": "easeIn"]),
    ControllerCreateParams(
      id: "nav", kind: .navigationController, className: "MyNav", title: "Home", forwardsAppearance: false,
      root: "list"),
    ControllerCreateParams(id: "tabs", kind: .tabBarController, controllers: ["a", "b"]),
    ControllerCreateParams(
      spec: {
        var spec = ControllerSpec(kind: .pagingContainer, id: "profile")
        spec.pages = ["menu", "list"]
        spec.pagingHeader = .init(height: 200, titleBarHeight: 44, hangingHeight: 64)
        spec.modalPresentationStyle = .overCurrentContext
        spec.modalTransitionStyle = .crossDissolve
        spec.definesPresentationContext = true
        spec.additionalSafeAreaInsets = Insets(top: 1, left: 2, bottom: 3, right: 4)
        return spec
      }()),
    ControllerCreateParams(
      spec: {
        var spec = ControllerSpec(kind: .viewController, id: "grid")
        spec.viewKind = .UIScrollView
        spec.scrollView = "grid.view"
        spec.restorationIdentifier = "Grid"
        spec.providesPresentationContextTransitionStyle = true
        return spec
      }()),
    ControllerCreateParams(
      spec: {
        var spec = ControllerSpec(kind: .tableViewController, id: "list")
        spec.tableView = "list.view"
        spec.clearsSelectionOnViewWillAppear = false
        return spec
      }()),
    ControllerCreateParams(id: "tabs2", kind: .tabBarController, controllers: ["a"]),
    ControllerDestroyParams(controller: "c"),
    ControllerGetParams(controller: "c"),
    ControllerSetTraitOverridesParams(
      controller: "c", changes: [.horizontalSizeClass(.regular), .verticalSizeClass(nil), .userInterfaceStyle(.dark)]),
    TraitsRegisterParams(controller: "c", traits: [.horizontalSizeClass, .userInterfaceStyle]),
    TraitsRegisterParams(view: "c.view", traits: [.verticalSizeClass]),
    TraitsUnregisterParams(id: "c.traitRegistration1"),
    WindowConfigureParams(
      window: "w", idiom: .pad, sizeClassPolicy: .compactPhones, userInterfaceStyle: .dark, displayScale: 2),
    WindowResizeParams(
      window: "w", width: 844, height: 390, safeArea: Insets(top: 0, left: 47, bottom: 21, right: 47),
      animated: false, duration: 0.5, traits: TraitOverrides(horizontalSizeClass: .regular)),
    WindowCreateParams(id: "pad", width: 1180, height: 820, idiom: .pad, userInterfaceStyle: .dark, displayScale: 2),
    EventsSubscribeParams(kinds: [.lifecycle, .scroll, .completion], objects: ["a", "b"]),
    EventsUnsubscribeParams(kinds: [.warning]),
    NavigationPushParams(navigation: "nav", controller: "detail", animated: false),
    NavigationPopParams(navigation: "nav", animated: false),
    PageViewGetParams(pageView: "pvc"),
    SplitGetParams(split: "svc"),
    SplitViewControllerParams(split: "svc", column: .secondary),
    SplitSetViewControllerParams(split: "svc", column: .primary, controller: "p"),
    SplitSetViewControllerParams(split: "svc", column: .secondary, controller: nil),
    SplitShowParams(split: "svc", column: .primary, animated: false),
    SplitHideParams(split: "svc", column: .supplementary, animated: true),
    SplitShowDetailParams(split: "svc", controller: "d", sender: "cell", animated: false),
    SplitShowViewControllerParams(split: "svc", controller: "d", sender: "cell", animated: true),
    PageViewSetPagesParams(pageView: "pvc", pages: ["a", "b"]),
    PageViewSetViewControllersParams(pageView: "pvc", controllers: ["b"], direction: .reverse, animated: true),
    PageViewSwipeParams(pageView: "pvc", action: .begin, direction: .reverse, progress: 0.5, velocity: 300),
    PagingGetParams(container: "profile"),
    PagingSelectParams(container: "profile", index: 2, animated: false),
    PresentationPresentParams(
      presenter: "a", controller: "b", style: .formSheet, animated: false, transitionStyle: .flipHorizontal),
    PresentationDismissParams(controller: "b", animated: false),
    PresentationGetParams(controller: "b"),
    PresentationInteractiveDismissParams(controller: "m", action: .update, progress: 0.6, velocity: 1200),
    TransitionAnimateAlongsideParams(controller: "b", tag: "probe", view: "b.view"),
    TransitionCompleteParams(animator: "m.presentAnimator", didComplete: false),
    TransitionCompleteParams(controller: "m", didComplete: true),
    TransitionCoordinatorParams(controller: "b"),
    TransitionNotifyWhenInteractionChangesParams(controller: "b", tag: "lift"),
    TransitionSetAnimatorParams(
      controller: "m", kind: .present, duration: 0.5, completes: .manual, interactive: true,
      presentationController: .init(
        shouldRemovePresentersView: true, frame: Rect(x: 0, y: 100, width: 390, height: 744))),
    TransitionSetAnimatorParams(controller: "nav", kind: .push, completes: .after(true)),
    TransitionSetAnimatorParams(controller: "nav", kind: .pop, completes: .after(false), interactive: true),
    TransitionUpdateInteractiveParams(animator: "nav.pushAnimator", action: .update, percentComplete: 0.4),
    TransitionUpdateInteractiveParams(animator: "nav.pushAnimator", action: .cancel),
    TabSelectParams(tabBar: "tabs", index: 1),
    TabSelectParams(tabBar: "tabs", controller: "a"),
    WindowCreateParams(id: "w", width: 844, height: 390, safeArea: Insets(top: 0, left: 47, bottom: 21, right: 47)),
    WindowSetRootParams(window: "w", controller: "c"),
    SceneLoadParams(scene: ["windows": [["name": "win", "root": ["name": "vc"]]]]),
    ScrollFlingParams(view: "s", velocity: Point(x: 0, y: -1500.5)),
    ScrollGetParams(view: "s"),
    ScrollPanParams(view: "s", phase: "ended", translation: Point(x: -240, y: 0), velocity: Point(x: -800, y: 0)),
    TableGetParams(table: "t"),
    ViewAddSubviewParams(superview: "a", view: "b", index: 0),
    ViewCreateParams(
      id: "label", kind: .UILabel, frame: Rect(x: 0, y: 0, width: 10, height: 10),
      autoresizingMask: ["flexibleWidth"], text: "Hi"),
    ViewGetParams(view: "v"),
    ViewSetFrameParams(view: "v", frame: Rect(x: 0, y: 0, width: 390, height: 844)),
  ]

  /// The methods covered: each type is a method's params listed in `Methods.paramsTypes`.
  @Test func everyEncodableTypeIsAMethodsParams() {
    let methods = Set(Methods.paramsTypes.map { $0.method })
    for sample in Self.maximal {
      #expect(methods.contains(type(of: sample).method))
    }
    #expect(Set(Self.maximal.map { type(of: $0).method }).count == 57)
  }

  @Test(arguments: 0..<maximal.count)
  func encodedRoundTripsThroughTheDaemonsDecoding(_ index: Int) throws {
    let sample = Self.maximal[index]
    let decoded = try Self.roundTrip(sample)
    #expect(decoded == sample.encoded)
  }

  /// Built from the required members alone, next to those members as the daemon reads them (its defaults filled in).
  static let minimal: [(Sample, JSONValue)] = [
    (AppearanceBeginParams(controller: "c", isAppearing: true), ["controller": "c", "isAppearing": true]),
    (ContainmentTransitionParams(parent: "p", from: "a", to: "b"), ["parent": "p", "from": "a", "to": "b"]),
    (ControllerCreateParams(), [:]),
    (ControllerCreateParams(id: "vc"), ["id": "vc"]),
    (NavigationPushParams(navigation: "n", controller: "c"), ["navigation": "n", "controller": "c"]),
    (NavigationPopParams(navigation: "n"), ["navigation": "n"]),
    (PagingSelectParams(container: "p", index: 1), ["container": "p", "index": 1]),
    (PageViewSetPagesParams(pageView: "p", pages: nil), ["pageView": "p", "pages": nil]),
    (PageViewSetViewControllersParams(pageView: "p", controllers: ["a"]), ["pageView": "p", "controllers": ["a"]]),
    (PageViewSwipeParams(pageView: "p", action: .finish), ["pageView": "p", "action": "finish"]),
    (PresentationPresentParams(presenter: "a", controller: "b"), ["presenter": "a", "controller": "b"]),
    (PresentationDismissParams(controller: "b"), ["controller": "b"]),
    (
      PresentationInteractiveDismissParams(controller: "m", action: .begin),
      ["controller": "m", "action": "begin"]
    ),
    (TransitionSetAnimatorParams(controller: "m", kind: .dismiss), ["controller": "m", "kind": "dismiss"]),
    (WindowCreateParams(), [:]),
    (ScrollPanParams(view: "s", phase: "began"), ["view": "s", "phase": "began"]),
    (ViewCreateParams(), [:]),
    (ContainmentDidMoveParams(child: "c", parent: nil), ["child": "c", "parent": nil]),
  ]

  @Test(arguments: 0..<minimal.count)
  func initializerDefaultsAreTheSpecs(_ index: Int) throws {
    let (sample, members) = Self.minimal[index]
    let method = type(of: sample).method
    let validated = try Methods.registry.validate(Call(id: 1, method: method, params: members))
    let fromWire = try Self.reencode(type(of: sample), validated)
    #expect(sample.encoded == fromWire, "\(method)")
  }

  /// `encoded`, validated by the spec, decoded by the daemon's typed params, encoded again.
  static func roundTrip(_ sample: Sample) throws -> JSONValue {
    let method = type(of: sample).method
    let validated = try Methods.registry.validate(Call(id: 1, method: method, params: sample.encoded))
    return try reencode(type(of: sample), validated)
  }

  static func reencode(_ type: any (EncodableMethodParams & MethodParams).Type, _ params: Params) throws -> JSONValue {
    try type.init(params).encoded
  }
}

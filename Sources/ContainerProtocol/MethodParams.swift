package import ContainerEngine
import ContainerJSON

/// The typed params of every method that declares fields, in the order of `Methods.all`.
///
/// The server's dispatch switch decodes each call's `Params` into its method's type once (`Params.decode`); the
/// `MethodParamsTests` read every spec's maximal and minimal example through the type listed here.
extension Methods {
  package static let paramsTypes: [any MethodParams.Type] = [
    AppearanceBeginParams.self, AppearanceCallDirectlyParams.self, AppearanceEndParams.self, BehaviorAddParams.self,
    BehaviorRemoveParams.self, ClassRegisterParams.self, ClockAdvanceParams.self, ClockConfigureParams.self,
    ContainmentAddChildParams.self, ContainmentDidMoveParams.self, ContainmentEmbedParams.self,
    ContainmentRemoveFromParentParams.self, ContainmentTransitionParams.self, ContainmentUnembedParams.self,
    ContainmentWillMoveParams.self, ControllerConfigureParams.self, ControllerCreateParams.self,
    ControllerDestroyParams.self, ControllerGetParams.self, ControllerLoadViewParams.self,
    ControllerSetTraitOverridesParams.self,
    ControllerUnloadViewParams.self, DaemonConfigureParams.self, EventsSubscribeParams.self,
    EventsUnsubscribeParams.self, KeyboardHideParams.self, KeyboardShowParams.self, LayoutAddConstraintsParams.self,
    LayoutLayoutIfNeededParams.self, LayoutRemoveConstraintsParams.self, NavigationInteractivePopParams.self,
    NavigationPopParams.self, NavigationPopToParams.self, NavigationPopToRootParams.self, NavigationPushParams.self,
    NavigationSetNavigationBarHiddenParams.self, NavigationSetToolbarHiddenParams.self,
    NavigationSetViewControllersParams.self, PageViewGetParams.self, PageViewSetPagesParams.self,
    PageViewSetViewControllersParams.self, PageViewSwipeParams.self, PagingGetParams.self, PagingSelectParams.self,
    PagingSetPagesParams.self,
    PresentationConfigureDelegateParams.self, PresentationDismissParams.self, PresentationGetParams.self,
    PresentationInteractiveDismissParams.self, PresentationPresentParams.self, SceneLoadParams.self,
    ScrollConfigureParams.self,
    ScrollFlingParams.self, ScrollGetParams.self, ScrollPanParams.self, ScrollRectToVisibleParams.self,
    ScrollSetContentOffsetParams.self, SplitGetParams.self, SplitHideParams.self, SplitSetViewControllerParams.self,
    SplitShowParams.self, SplitShowDetailParams.self, SplitShowViewControllerParams.self,
    SplitViewControllerParams.self, TabSelectParams.self, TabSetViewControllersParams.self, TableGetParams.self,
    TableRectForRowParams.self, TableRegisterParams.self, TableScrollToRowParams.self, TableSelectParams.self,
    TableSetDataParams.self, TableVisibleRowsParams.self, TraitsRegisterParams.self, TraitsUnregisterParams.self,
    TransitionAnimateAlongsideParams.self,
    TransitionCompleteParams.self, TransitionCoordinatorParams.self, TransitionNotifyWhenInteractionChangesParams.self,
    TransitionSetAnimatorParams.self, TransitionUpdateInteractiveParams.self, ViewAddSubviewParams.self,
    ViewBringSubviewToFrontParams.self, ViewConfigureParams.self, ViewCreateParams.self, ViewFocusParams.self,
    ViewGetParams.self, ViewHitTestParams.self, ViewRemoveFromSuperviewParams.self, ViewSetFrameParams.self,
    WindowConfigureParams.self, WindowCreateParams.self, WindowResizeParams.self, WindowSetRootParams.self,
    WorldRenderParams.self,
    WorldSnapshotParams.self,
  ]
}

// MARK: - daemon/*

/// `daemon/configure`: the engine options to set; absent ones keep their value.
package struct DaemonConfigureParams: MethodParams {
  package static let method = "daemon/configure"

  /// `options`: each member optional (`EngineOptions` documents them).
  package struct Options {
    package var transitionOrder: EngineOptions.TransitionOrder?
    package var transitionDidBeforeCompletion: Bool?
    package var transitionThrowsWithoutForwarding: Bool?
    package var didMoveRedelivery: EngineOptions.DidMoveRedelivery?
    package var beginNesting: EngineOptions.BeginNesting?
    package var viewIsAppearing: Bool?
    package var safeAreaCallbackPhase: EngineOptions.SafeAreaCallbackPhase?
    package var navigationDuration: Double?
    package var presentationDuration: Double?
    package var scrollAnimationDuration: Double?
    package var keyboardAnimationDuration: Double?
    package var tableAlwaysBounceVertical: Bool?
    package var scrollRectToVisibleInsideInsets: Bool?
    package var pagingVelocityThreshold: Double?
    package var bounceSpringBeta: Double?
    package var hidesBottomBarCountsRoot: Bool?
    package var tabBarDefinesPresentationContext: Bool?
    /// The `pageView.*` options (R31–R38).
    package var pageView = PageViewEngineOptions()
    /// The transition coordinator's open points (R46–R51); `completeTimeoutMs` is `.some(nil)` when given as null.
    package var coordinatorNonAnimatedNav: Engine.CoordinatorBehavior.Presence?
    package var coordinatorNonAnimatedPresentation: Engine.CoordinatorBehavior.Presence?
    package var transitionCompleteTimeoutMs: Double??
    package var popCancelReversalAt: Engine.CoordinatorBehavior.CancelReversal?
    /// The `traits.*` and `resize.*` options (R60–R67).
    package var traits = TraitEngineOptions()
    /// The `split.*` options (R40–R45).
    package var split = SplitEngineOptions()
  }

  package var options: Options
  /// The `sheet.*` options (R58, R59).
  package var sheet = SheetOptions()

  package init(_ params: Params) throws(RPCError) {
    let given = try params.object("options")
    sheet = try SheetOptions(given)
    options = Options(
      transitionOrder: try given.optional("transitionOrder"),
      transitionDidBeforeCompletion: try given.optional("transitionDidBeforeCompletion"),
      transitionThrowsWithoutForwarding: try given.optional("transitionThrowsWithoutForwarding"),
      didMoveRedelivery: try given.optional("didMoveRedelivery"), beginNesting: try given.optional("beginNesting"),
      viewIsAppearing: try given.optional("viewIsAppearing"),
      safeAreaCallbackPhase: try given.optional("safeAreaCallbackPhase"),
      navigationDuration: try given.optional("navigationDuration"),
      presentationDuration: try given.optional("presentationDuration"),
      scrollAnimationDuration: try given.optional("scrollAnimationDuration"),
      keyboardAnimationDuration: try given.optional("keyboardAnimationDuration"),
      tableAlwaysBounceVertical: try given.optional("tableAlwaysBounceVertical"),
      scrollRectToVisibleInsideInsets: try given.optional("scrollRectToVisibleInsideInsets"),
      pagingVelocityThreshold: try given.optional("pagingVelocityThreshold"),
      bounceSpringBeta: try given.optional("bounceSpringBeta"),
      hidesBottomBarCountsRoot: try given.optional("hidesBottomBarCountsRoot"),
      tabBarDefinesPresentationContext: try given.optional("tabBarDefinesPresentationContext"),
      coordinatorNonAnimatedNav: try given.optional("coordinator.nonAnimatedNav"),
      coordinatorNonAnimatedPresentation: try given.optional("coordinator.nonAnimatedPresentation"),
      transitionCompleteTimeoutMs: given.isNull("transition.completeTimeoutMs")
        ? .some(nil) : try given.optional("transition.completeTimeoutMs").map { .some($0) },
      popCancelReversalAt: try given.optional("pop.cancelReversalAt"))
    options.pageView = try PageViewEngineOptions(given)
    options.traits = try TraitEngineOptions(given)
    options.split = try SplitEngineOptions(given)
  }
}

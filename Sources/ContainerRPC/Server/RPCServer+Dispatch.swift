import ContainerEngine
import ContainerJSON
import ContainerProtocol

/// The dispatch: each method's handler, by the index of the method in the registry (`RPCServer.handlers`), built
/// once from the one `switch` over the methods' names (`handler(for:)`).
extension RPCServer {
  /// A method's handler: decodes the call's params into the method's typed params once (`Params.decode`; the handler's
  /// parameter type names them) and runs the handler.
  typealias Handler = @Sendable (RPCServer, Params) throws(RPCError) -> CallResult

  /// The handler of each method of `Methods.registry`, by the method's index: a request runs its handler by the index
  /// its method was looked up at (`MethodRegistry.index(of:)`), once, rather than comparing its name with a hundred
  /// names in a `switch`. A method registered without a handler answers -32603.
  static let handlers: [Handler] = Methods.registry.methods.map { spec in
    handler(for: spec.name) ?? missingHandler(spec.name)
  }

  /// The handler of a method registered without a case in `handler(for:)`: -32603.
  static func missingHandler(_ method: String) -> Handler {
    return { server, params throws(RPCError) in
      throw RPCError.internalError("method \(method) is registered but has no handler")
    }
  }

  /// The one dispatch switch, run once per method to build `handlers`: every method of `Methods.all` has a case.
  static func handler(for method: String) -> Handler? {
    switch method {
    case "appearance/begin":
      return { server, params throws(RPCError) in .value(try server.appearanceBegin(params.decode())) }
    case "appearance/callDirectly":
      return { server, params throws(RPCError) in .value(try server.appearanceCallDirectly(params.decode())) }
    case "appearance/end":
      return { server, params throws(RPCError) in .value(try server.appearanceEnd(params.decode())) }
    case "behavior/add": return { server, params throws(RPCError) in .value(try server.behaviorAdd(params.decode())) }
    case "behavior/remove":
      return { server, params throws(RPCError) in .value(try server.behaviorRemove(params.decode())) }
    case "class/register":
      return { server, params throws(RPCError) in .value(try server.classRegister(params.decode())) }
    case "clock/advance": return { server, params throws(RPCError) in .value(try server.clockAdvance(params.decode())) }
    case "clock/configure":
      return { server, params throws(RPCError) in .value(try server.clockConfigure(params.decode())) }
    case "clock/now": return { server, _ throws(RPCError) in .value(["now": .number(server.engine.clock.now)]) }
    case "containment/addChild":
      return { server, params throws(RPCError) in .value(try server.containmentAddChild(params.decode())) }
    case "containment/didMove":
      return { server, params throws(RPCError) in .value(try server.containmentDidMove(params.decode())) }
    case "containment/embed":
      return { server, params throws(RPCError) in .value(try server.containmentEmbed(params.decode())) }
    case "containment/removeFromParent":
      return { server, params throws(RPCError) in .value(try server.containmentRemoveFromParent(params.decode())) }
    case "containment/transition":
      return { server, params throws(RPCError) in .value(try server.containmentTransition(params.decode())) }
    case "containment/unembed":
      return { server, params throws(RPCError) in .value(try server.containmentUnembed(params.decode())) }
    case "containment/willMove":
      return { server, params throws(RPCError) in .value(try server.containmentWillMove(params.decode())) }
    case "controller/configure":
      return { server, params throws(RPCError) in .value(try server.controllerConfigure(params.decode())) }
    case "controller/create":
      return { server, params throws(RPCError) in .value(try server.controllerCreate(params.decode())) }
    case "controller/destroy":
      return { server, params throws(RPCError) in .value(try server.controllerDestroy(params.decode())) }
    case "controller/get":
      return { server, params throws(RPCError) in .value(try server.controllerGet(params.decode())) }
    case "controller/loadView":
      return { server, params throws(RPCError) in .value(try server.controllerLoadView(params.decode())) }
    case "controller/unloadView":
      return { server, params throws(RPCError) in .value(try server.controllerUnloadView(params.decode())) }
    case "controller/setTraitOverrides":
      return { server, params throws(RPCError) in .value(try server.controllerSetTraitOverrides(params.decode())) }
    case "daemon/configure":
      return { server, params throws(RPCError) in .value(server.daemonConfigure(try params.decode())) }
    case "daemon/info": return { server, _ throws(RPCError) in .value(server.daemonInfo()) }
    case "daemon/ping": return { server, _ throws(RPCError) in .value(["pong": true]) }
    case "daemon/shutdown": return { server, _ throws(RPCError) in .value(server.daemonShutdown()) }
    case "events/subscribe":
      return { server, params throws(RPCError) in .value(server.eventsSubscribe(try params.decode())) }
    case "events/unsubscribe":
      return { server, params throws(RPCError) in .value(server.eventsUnsubscribe(try params.decode())) }
    case "exit": return { server, _ throws(RPCError) in .value(server.lspExit()) }
    case "initialize": return { server, _ throws(RPCError) in .value(try server.lspInitialize()) }
    case "initialized": return { server, _ throws(RPCError) in .value(.null) }
    case "keyboard/hide": return { server, params throws(RPCError) in .value(try server.keyboardHide(params.decode())) }
    case "keyboard/show": return { server, params throws(RPCError) in .value(try server.keyboardShow(params.decode())) }
    case "layout/addConstraints":
      return { server, params throws(RPCError) in .value(try server.layoutAddConstraints(params.decode())) }
    case "layout/layoutIfNeeded":
      return { server, params throws(RPCError) in .value(try server.layoutLayoutIfNeeded(params.decode())) }
    case "layout/removeConstraints":
      return { server, params throws(RPCError) in .value(try server.layoutRemoveConstraints(params.decode())) }
    case "navigation/interactivePop":
      return { server, params throws(RPCError) in .value(try server.navigationInteractivePop(params.decode())) }
    case "navigation/pop":
      return { server, params throws(RPCError) in .value(try server.navigationPop(params.decode())) }
    case "navigation/popTo":
      return { server, params throws(RPCError) in .value(try server.navigationPopTo(params.decode())) }
    case "navigation/popToRoot":
      return { server, params throws(RPCError) in .value(try server.navigationPopToRoot(params.decode())) }
    case "navigation/push":
      return { server, params throws(RPCError) in .value(try server.navigationPush(params.decode())) }
    case "navigation/setNavigationBarHidden":
      return { server, params throws(RPCError) in .value(try server.navigationSetNavigationBarHidden(params.decode())) }
    case "navigation/setToolbarHidden":
      return { server, params throws(RPCError) in .value(try server.navigationSetToolbarHidden(params.decode())) }
    case "navigation/setViewControllers":
      return { server, params throws(RPCError) in .value(try server.navigationSetViewControllers(params.decode())) }
    case "paging/get": return { server, params throws(RPCError) in .value(try server.pagingGet(params.decode())) }
    case "paging/select": return { server, params throws(RPCError) in .value(try server.pagingSelect(params.decode())) }
    case "paging/setPages":
      return { server, params throws(RPCError) in .value(try server.pagingSetPages(params.decode())) }
    case "pageView/get": return { server, params throws(RPCError) in .value(try server.pageViewGet(params.decode())) }
    case "pageView/setPages":
      return { server, params throws(RPCError) in .value(try server.pageViewSetPages(params.decode())) }
    case "pageView/setViewControllers":
      return { server, params throws(RPCError) in .value(try server.pageViewSetViewControllers(params.decode())) }
    case "pageView/swipe":
      return { server, params throws(RPCError) in .value(try server.pageViewSwipe(params.decode())) }
    case "split/get": return { server, params throws(RPCError) in .value(try server.splitGet(params.decode())) }
    case "split/hide": return { server, params throws(RPCError) in .value(try server.splitHide(params.decode())) }
    case "split/setViewController":
      return { server, params throws(RPCError) in .value(try server.splitSetViewController(params.decode())) }
    case "split/show": return { server, params throws(RPCError) in .value(try server.splitShow(params.decode())) }
    case "split/showDetail":
      return { server, params throws(RPCError) in .value(try server.splitShowDetail(params.decode())) }
    case "split/showViewController":
      return { server, params throws(RPCError) in .value(try server.splitShowViewController(params.decode())) }
    case "split/viewController":
      return { server, params throws(RPCError) in .value(try server.splitViewController(params.decode())) }
    case "presentation/configureDelegate":
      return { server, params throws(RPCError) in .value(try server.presentationConfigureDelegate(params.decode())) }
    case "presentation/dismiss":
      return { server, params throws(RPCError) in .value(try server.presentationDismiss(params.decode())) }
    case "presentation/get":
      return { server, params throws(RPCError) in .value(try server.presentationGet(params.decode())) }
    case "presentation/interactiveDismiss":
      return { server, params throws(RPCError) in .value(try server.presentationInteractiveDismiss(params.decode())) }
    case "presentation/present":
      return { server, params throws(RPCError) in .value(try server.presentationPresent(params.decode())) }
    case "rpc.discover": return { server, _ throws(RPCError) in .value(server.discover()) }
    case "scene/load": return { server, params throws(RPCError) in .value(try server.sceneLoad(params.decode())) }
    case "scroll/configure":
      return { server, params throws(RPCError) in .value(try server.scrollConfigure(params.decode())) }
    case "scroll/fling": return { server, params throws(RPCError) in .value(try server.scrollFling(params.decode())) }
    case "scroll/get": return { server, params throws(RPCError) in .value(try server.scrollGet(params.decode())) }
    case "scroll/pan": return { server, params throws(RPCError) in .value(try server.scrollPan(params.decode())) }
    case "scroll/scrollRectToVisible":
      return { server, params throws(RPCError) in .value(try server.scrollRectToVisible(params.decode())) }
    case "scroll/setContentOffset":
      return { server, params throws(RPCError) in .value(try server.scrollSetContentOffset(params.decode())) }
    case "shutdown": return { server, _ throws(RPCError) in .value(server.lspShutdown()) }
    case "tab/select": return { server, params throws(RPCError) in .value(try server.tabSelect(params.decode())) }
    case "tab/setViewControllers":
      return { server, params throws(RPCError) in .value(try server.tabSetViewControllers(params.decode())) }
    case "traits/register":
      return { server, params throws(RPCError) in .value(try server.traitsRegister(params.decode())) }
    case "traits/unregister":
      return { server, params throws(RPCError) in .value(try server.traitsUnregister(params.decode())) }
    case "transition/animateAlongside":
      return { server, params throws(RPCError) in .value(try server.transitionAnimateAlongside(params.decode())) }
    case "transition/complete":
      return { server, params throws(RPCError) in .value(try server.transitionComplete(params.decode())) }
    case "transition/coordinator":
      return { server, params throws(RPCError) in .value(try server.transitionCoordinator(params.decode())) }
    case "transition/notifyWhenInteractionChanges":
      return { server, params throws(RPCError) in
        .value(try server.transitionNotifyWhenInteractionChanges(params.decode()))
      }
    case "transition/setAnimator":
      return { server, params throws(RPCError) in .value(try server.transitionSetAnimator(params.decode())) }
    case "transition/updateInteractive":
      return { server, params throws(RPCError) in .value(try server.transitionUpdateInteractive(params.decode())) }
    case "table/get": return { server, params throws(RPCError) in .value(try server.tableGet(params.decode())) }
    case "table/rectForRow":
      return { server, params throws(RPCError) in .value(try server.tableRectForRow(params.decode())) }
    case "table/register":
      return { server, params throws(RPCError) in .value(try server.tableRegister(params.decode())) }
    case "table/scrollToRow":
      return { server, params throws(RPCError) in .value(try server.tableScrollToRow(params.decode())) }
    case "table/select": return { server, params throws(RPCError) in .value(try server.tableSelect(params.decode())) }
    case "table/setData": return { server, params throws(RPCError) in .value(try server.tableSetData(params.decode())) }
    case "table/visibleRows": return { server, params throws(RPCError) in try server.tableVisibleRows(params.decode()) }
    case "view/addSubview":
      return { server, params throws(RPCError) in .value(try server.viewAddSubview(params.decode())) }
    case "view/bringSubviewToFront":
      return { server, params throws(RPCError) in .value(try server.viewBringSubviewToFront(params.decode())) }
    case "view/configure":
      return { server, params throws(RPCError) in .value(try server.viewConfigure(params.decode())) }
    case "view/create": return { server, params throws(RPCError) in .value(try server.viewCreate(params.decode())) }
    case "view/focus": return { server, params throws(RPCError) in .value(try server.viewFocus(params.decode())) }
    case "view/get": return { server, params throws(RPCError) in .value(try server.viewGet(params.decode())) }
    case "view/hitTest": return { server, params throws(RPCError) in .value(try server.viewHitTest(params.decode())) }
    case "view/removeFromSuperview":
      return { server, params throws(RPCError) in .value(try server.viewRemoveFromSuperview(params.decode())) }
    case "view/setFrame": return { server, params throws(RPCError) in .value(try server.viewSetFrame(params.decode())) }
    case "window/configure":
      return { server, params throws(RPCError) in .value(try server.windowConfigure(params.decode())) }
    case "window/create": return { server, params throws(RPCError) in .value(try server.windowCreate(params.decode())) }
    case "window/resize": return { server, params throws(RPCError) in .value(try server.windowResize(params.decode())) }
    case "window/setRoot":
      return { server, params throws(RPCError) in .value(try server.windowSetRoot(params.decode())) }
    case "world/render": return { server, params throws(RPCError) in .value(try server.worldRender(params.decode())) }
    case "world/reset": return { server, _ throws(RPCError) in .value(server.worldReset()) }
    case "world/snapshot":
      return { server, params throws(RPCError) in .value(try server.worldSnapshot(params.decode())) }
    default: return nil
    }
  }
}

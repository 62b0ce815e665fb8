import ContainerJSON

/// The docs of the controller-side methods (see `Methods.docs`).
extension Methods {
  /// -32000 for the usual controller id.
  private static let noController = MethodError.unknown("controller")

  static let controllerDocs: [String: MethodDoc] = [
    "appearance/begin": MethodDoc(
      "A custom container's beginAppearanceTransition(_:animated:): calls viewWillAppear or viewWillDisappear on "
        + "the controller and, where forwarding applies, its children (R11, R14). A second begin in the same "
        + "direction nests (R13, the beginNesting option); a begin in the other direction reverses the transition "
        + "(R16 warns when unbalanced). It does not load the controller's view: one never loaded gets the "
        + "callbacks all the same, and its view stays unloaded (as in the example).",
      errors: [noController]),
    "appearance/callDirectly": MethodDoc(
      "Calls viewWillAppear, viewDidAppear, viewWillDisappear or viewDidDisappear directly, as app code must not "
        + "(R12): the callback runs (its event carries rule R12) but the appearance state does not change and "
        + "nothing is forwarded to children.",
      errors: [noController]),
    "appearance/end": MethodDoc(
      "A custom container's endAppearanceTransition(): completes the transition begun with appearance/begin, "
        + "calling viewDidAppear or viewDidDisappear (R13, R16). Without a transition in progress it changes "
        + "nothing and writes the warning UIKit logs (Unbalanced calls to begin/end appearance transitions, R16).",
      errors: [noController]),
    "behavior/add": MethodDoc(
      "Adds a reaction that runs synchronously inside the scroll view's scrollViewDidScroll, as app code moves views "
        + "there: pinToTop keeps a view at contentOffset.y + offset, floatOverContent keeps it in place over the "
        + "content, followOffset moves it by factor times the offset's change, clamped to minY…maxY. Answers the "
        + "behaviour's id.",
      errors: [
        .params("view or scrollView names an object of another kind; the id is in use"),
        .unknown("view or scrollView"), .objectLimit,
      ]),
    "behavior/remove": MethodDoc(
      "Removes a behaviour added with behavior/add; the view stays where it is.",
      errors: [.unknown("id")]),
    "class/register": MethodDoc(
      "Declares a view controller subclass by name, as NSClassFromString would find it: an "
        + "AutoContainerViewController instantiates the class named in its restorationIdentifier when its view "
        + "loads (seed 000). kind chooses the superclass, view the kind of its root view; registering a name again "
        + "replaces its declaration.",
      errors: [.params("the name is not a class name (letters, digits and _)")]),
    "clock/advance": MethodDoc(
      "Advances the virtual clock by ms, running every animation frame that falls in the interval: navigation and "
        + "presentation transitions, scroll animations, decelerations, bounces, the keyboard. Their callbacks and "
        + "completions are written in this turn. Answers the new time.",
      errors: [.limit("maxAnimationFrames or maxTurnEvents: the interval would run too many frames or events")]),
    "clock/configure": MethodDoc(
      "Sets the clock's mode and frame rate. In auto mode (the default) an animation runs to its end within the call "
        + "that starts it; in manual mode it waits for clock/advance, so a test can look at the middle of a "
        + "transition. fps sets the frame step of animations."),
    "clock/now": MethodDoc("Answers the virtual time in ms. It changes nothing."),
    "containment/addChild": MethodDoc(
      "parent.addChild(child): calls willMove(toParent: parent) on the child automatically (R4, R5); the child's "
        + "view is not added, and didMove is the container's own call (containment/didMove). A child that has "
        + "another parent is removed from it first, as UIKit does.",
      errors: [.unknown("parent or child"), .uikit("the child is the parent itself"), .depthLimit]),
    "containment/didMove": MethodDoc(
      "child.didMove(toParent:), the call a container makes after adding a child's view (R4); parent null is the "
        + "call removeFromParent makes itself. Called by the app, it runs as given: nothing checks that it "
        + "matches the parent.",
      errors: [.unknown("child or parent")]),
    "containment/embed": MethodDoc(
      "The usual three steps of a custom container in one turn: addChild (willMove, R4), "
        + "container.addSubview(child.view) (loading the child's view, R1; appearance callbacks if the container is "
        + "in a window, R6, R7) and didMove (R8). container defaults to the parent's root view; frame sets the "
        + "child view's frame first.",
      errors: [
        .unknown("parent, child or container"),
        .uikit("the child is the parent itself, or container is not in the parent's view hierarchy"), .depthLimit,
      ]),
    "containment/removeFromParent": MethodDoc(
      "child.removeFromParent(): calls didMove(toParent: nil) automatically (R4). The child's view stays where it "
        + "is; willMove(toParent: nil) is the container's own call (containment/willMove).",
      errors: [.unknown("child")]),
    "containment/transition": MethodDoc(
      "transition(from:to:duration:options:animations:completion:) (R17): both controllers must be children of "
        + "parent; to's view is added and from's removed, with appearance callbacks in the order the "
        + "transitionOrder option chooses. The completion is written as event/completion (of transition) when the "
        + "duration has passed on the virtual clock.",
      errors: [
        .unknown("parent, from or to"),
        .uikit(
          "from or to is not a child of parent, or the parent does not forward appearance and the "
            + "transitionThrowsWithoutForwarding option is set"),
      ]),
    "containment/unembed": MethodDoc(
      "The three steps of removing a child in one turn: willMove(toParent: nil), view.removeFromSuperview() "
        + "(disappearance callbacks if it was in a window, R6, R7) and removeFromParent (didMove(nil), R4, R8). A "
        + "child whose view never loaded loads it, as reading child.view does (R72).",
      errors: [.unknown("child")]),
    "containment/willMove": MethodDoc(
      "child.willMove(toParent:), the call a container makes before removing a child (R4); addChild makes the "
        + "non-nil one itself. Called by the app, it runs as given.",
      errors: [.unknown("child or parent")]),
    "controller/configure": MethodDoc(
      "Sets properties of an existing controller: shouldAutomaticallyForwardAppearanceMethods (forwardsAppearance), "
        + "title, clearsSelectionOnViewWillAppear, additionalSafeAreaInsets (the safe area follows at the turn's "
        + "end, R64), the bar settings of navigation and tab bar controllers (R68) and the presentation properties "
        + "(R53–R56). Only the params given change; all are checked before any changes.",
      errors: [.params("a bar setting the controller's kind does not have"), noController]),
    "controller/create": MethodDoc(
      "Creates a view controller of a kind: a plain UIViewController, a UINavigationController (with root), a "
        + "UITabBarController (with controllers), a UITableViewController, or one of the seeds' containers. Its "
        + "view is not loaded until something reads it (R1): answers the controller's id and the id its view will "
        + "have. A navigation or tab bar controller adds its children at once, as UIKit's initialisers do.",
      errors: [
        .params("the id is in use, a param does not apply to the kind, or root already has a parent"),
        .unknown("root, controllers, pages, tableView or scrollView"), .objectLimit,
        .state("a page of a UIPageViewController's initial is a child of another controller (hasParent)"),
      ]),
    "controller/destroy": MethodDoc(
      "Forgets a controller and its view tree, as releasing the last reference would. Refused while it is in a "
        + "hierarchy: it must have no parent, no children and no presentation, and not be a window's root.",
      errors: [
        noController,
        .state("the controller or its view is still in a hierarchy (a parent, children, a presentation, a superview)"),
      ]),
    "controller/get": MethodDoc(
      "The state of a controller as UIKit's getters read it: kind, parent and children, whether its view is loaded "
        + "(it never loads it: R1), the appearance state, the R29 flags, the presentation and bar properties, and "
        + "for a tab bar controller the selection (null without tabs).",
      errors: [noController]),
    "controller/loadView": MethodDoc(
      "Reads controller.view: a view not loaded yet loads (loadView, viewDidLoad, R1; R3 for a tab bar "
        + "controller's tabs); a loaded one answers at once with no callback. Answers the view's id.",
      errors: [noController]),
    "controller/unloadView": MethodDoc(
      "controller.view = nil (R2): the view tree is discarded and reloads when next read. Refused while the view is "
        + "in a window or a superview.",
      errors: [noController, .state("the view is in a hierarchy")]),
    "navigation/interactivePop": MethodDoc(
      "The swipe-back gesture, one phase per call: begin starts popping the top controller (its viewWillDisappear "
        + "and the one below's viewWillAppear, R23), update moves the progress (0…1), finish completes the pop and "
        + "cancel reverses it, with the appearance callbacks of the reversal (R24).",
      errors: [
        .params("the navigation controller is of another kind"), .unknown("navigation"),
        .state("begin with nothing to pop, a gesture already in progress, or update/finish/cancel without one"),
      ]),
    "navigation/pop": MethodDoc(
      "popViewController(animated:): the top controller leaves the stack with its disappearance callbacks and "
        + "willMove/didMove(nil) (R18–R20); the one below appears. Animated, the callbacks finish when the clock "
        + "passes navigationDuration. At the root nothing pops and popped is null.",
      errors: [.params("navigation is not a UINavigationController"), .unknown("navigation")]),
    "navigation/popTo": MethodDoc(
      "popToViewController(_:animated:): pops every controller above controller (R18–R20, R22); only the top one "
        + "gets appearance callbacks. Answers the popped ids in stack order, lowest first, as UIKit returns them.",
      errors: [
        .params("navigation is not a UINavigationController"), .unknown("navigation or controller"),
        .uikit("controller is not in the stack"),
      ]),
    "navigation/popToRoot": MethodDoc(
      "popToRootViewController(animated:): pops every controller above the root (R18–R20). Answers the popped ids "
        + "(empty at the root).",
      errors: [.params("navigation is not a UINavigationController"), .unknown("navigation")]),
    "navigation/push": MethodDoc(
      "pushViewController(_:animated:): the controller becomes a child (willMove, R4), its view loads (R1) and "
        + "appears while the previous top disappears (R18–R20); didMove comes when the transition ends (R22). "
        + "Animated, the transition takes navigationDuration on the virtual clock.",
      errors: [
        .params("navigation is not a UINavigationController"), .unknown("navigation or controller"),
        .uikit("the controller is already in a stack or a navigation controller is pushed"), .depthLimit,
      ]),
    "navigation/setNavigationBarHidden": MethodDoc(
      "setNavigationBarHidden(_:animated:): shows or hides the navigation bar; the children's safe area follows at "
        + "the turn's end (R68, with viewSafeAreaInsetsDidChange, R64).",
      errors: [.params("navigation is not a UINavigationController"), .unknown("navigation")]),
    "navigation/setToolbarHidden": MethodDoc(
      "setToolbarHidden(_:animated:): shows or hides the toolbar; the children's safe area follows at the turn's "
        + "end (R68).",
      errors: [.params("navigation is not a UINavigationController"), .unknown("navigation")]),
    "navigation/setViewControllers": MethodDoc(
      "setViewControllers(_:animated:): replaces the whole stack (R18, R21): controllers that leave get "
        + "willMove/didMove(nil), new ones become children, and only the old and new top controllers get "
        + "appearance callbacks.",
      errors: [
        .params("navigation is not a UINavigationController"), .unknown("navigation or controllers"),
        .uikit("a controller is listed twice, or is a navigation controller"), .depthLimit,
      ]),
    "paging/get": MethodDoc(
      "The state of a PagingContainerViewController (seed 003): the selected index, the header's frame in the "
        + "container's coordinates, and each page with whether it is loaded and its scroll view's offset.",
      errors: [.params("container is not a PagingContainerViewController"), .unknown("container")]),
    "paging/select": MethodDoc(
      "A tap on a title: the index is set at once and the pager scrolls to the page, animated at constant "
        + "velocity; the page appears and the previous one disappears, and the header keeps its place over the "
        + "new page's list.",
      errors: [
        .params("container is not a PagingContainerViewController, or index is past the pages"),
        .unknown("container"),
      ]),
    "paging/setPages": MethodDoc(
      "Replaces the pages of a PagingContainerViewController: pages that leave get willMove(nil) and "
        + "removeFromParent, new ones become children; the selection is kept where it can be.",
      errors: [
        .params("container is not a PagingContainerViewController, or a page is listed twice"),
        .unknown("container or controllers"),
      ]),
    "presentation/dismiss": MethodDoc(
      "dismiss(animated:) (R27): called on the presented controller or on its presenter, it dismisses the "
        + "presentation (and any above it) with the disappearance callbacks, and the presenter reappears unless the "
        + "style kept it on screen (R26). The completion is written as event/completion (of dismiss).",
      errors: [noController]),
    "presentation/get": MethodDoc(
      "Who presents the controller and what it presents, as UIKit's getters answer, and the presentation that "
        + "shows it: the controller that provides its context (R53), the style and transition style it uses (R55, "
        + "R56) and its frame in window coordinates. It changes nothing.",
      errors: [noController]),
    "presentation/present": MethodDoc(
      "present(_:animated:) (R26–R28): the controller's view loads and appears over the presenter's; fullScreen "
        + "hides the presenter (its disappearance callbacks), the sheet styles keep it. currentContext and "
        + "overCurrentContext present from the nearest controller that defines a context (R53–R56, R70). The "
        + "completion is written as event/completion (of present).",
      errors: [
        .unknown("presenter or controller"),
        .uikit("the controller is already presented or has a parent, or presents itself"),
      ]),
    "tab/select": MethodDoc(
      "Sets selectedIndex (index) or selectedViewController (controller): the new tab's view loads (R3) and "
        + "appears while the old one disappears (R25). Off screen, only the selection changes (R71). With a tab "
        + "animator installed (transition/setAnimator kind tab) the switch is animated and has a transition "
        + "coordinator: the did pair comes when the animator completes (R46, R48).",
      errors: [
        .params("tabBar is not a UITabBarController, or neither index nor controller is given"),
        .unknown("tabBar or controller"), .uikit("index is past the tabs, or controller is not one of them"),
        .state("a switch a custom animator runs is still in flight (transitionInFlight)"),
      ]),
    "tab/setViewControllers": MethodDoc(
      "viewControllers = controllers: tabs that leave are removed, new ones become children; only the selected tab "
        + "loads (R3). The selection is kept if its controller stays, else the same index, else the first (R71).",
      errors: [
        .params("tabBar is not a UITabBarController"), .unknown("tabBar or controllers"),
        .uikit("a controller is listed twice"), .depthLimit,
      ]),
    "window/create": MethodDoc(
      "Creates a UIWindow, 390×844 points with a 47 pt top and 34 pt bottom safe area (an iPhone in portrait) "
        + "unless given. It has no root view controller until window/setRoot.",
      errors: [.params("the id is in use"), .objectLimit]),
    "window/resize": MethodDoc(
      "A rotation or a size change: viewWillTransition(to:) down the controller tree (R30), the new safe area "
        + "(viewSafeAreaInsetsDidChange, R64) and a layout pass at the turn's end. Without safeArea, an iPhone's "
        + "for the orientation.",
      errors: [.unknown("window")]),
    "window/setRoot": MethodDoc(
      "window.rootViewController = controller; makeKeyAndVisible(): the controller's view loads (R1) and appears "
        + "with its forwarded children (R6, R7); a previous root disappears.",
      errors: [.unknown("window or controller"), .uikit("the controller has a parent (a hierarchy inconsistency)")]),
    "world/render": MethodDoc(
      "A wireframe of a window as SVG, to read like a view debugger: every view's frame at its scroll offset, "
        + "clipped by its superviews and tinted with the colour of the controller that owns it; a label per view at "
        + "a free spot (or, with no free spot, in a side column with a leader line), never overprinting another; "
        + "the status bar and the containers' bars, the safe area (dashed), the keyboard, scroll indicators, table "
        + "cells and the first responder (outlined); and a legend of controllers and marks. labels: \"callouts\" "
        + "puts every label in the side column, \"none\" draws none; legend: false leaves the legend out. For "
        + "looking at, not for comparing: world/snapshot is the state.",
      errors: [.unknown("window")]),
    "world/reset": MethodDoc(
      "Removes every window, controller, view and constraint and sets the clock back to 0, without callbacks; the "
        + "events' seq starts again at 1. Subscriptions and engine options are kept."),
    "world/snapshot": MethodDoc(
      "The whole world, deterministic (sorted by id): the clock, the windows, every controller as controller/get "
        + "describes it and every view as view/get does; with root, only the subtree of that controller or view. "
        + "It never loads a view.",
      errors: [.unknown("root")]),
  ]
}

/// The descriptions and errors of `transition/*` (the transition coordinator and custom animators, R46–R52).
extension Methods {
  static let transitionDocs: [String: MethodDoc] = [
    "transition/animateAlongside": MethodDoc(
      "transitionCoordinator?.animate(alongsideTransition:completion:) as the controller calls it, with probe "
        + "blocks the client names by tag (R47). Without a coordinator (no transition in flight for the controller "
        + "or its ancestors, R46; a push or pop without animation has none) it answers queued false and nothing "
        + "follows. Registered before the animator started (in the batch of the call that starts a push, whose will "
        + "callbacks come at the turn's end), the animation block runs as event/coordinator alongsideAnimation right "
        + "after the will callbacks (and a custom animator's animateTransition); registered later, at once. The "
        + "completion block runs at the end, after the did callbacks and the container's bookkeeping (didMove, the "
        + "present/dismiss completion), before a custom animator's animationEnded (R48), with isCancelled true for "
        + "a cancelled interactive pop (R51).",
      errors: [.unknown("controller or view")]),
    "transition/complete": MethodDoc(
      "completeTransition(_:) from a manual animator (transition/setAnimator completes \"manual\"), found by its id "
        + "(an animator installed again during its transition keeps the id) or by a controller of the transition "
        + "(both: they must name the same transition): the animator's completeTransition, the presentation controller's "
        + "presentationTransitionDidEnd, the did callbacks, the completion, the alongside completions and "
        + "animationEnded follow in the call (R48, R49). didComplete false cancels the transition, which rolls back "
        + "with R52's begin-twice reversal: the controller that was appearing gets viewWillDisappear and "
        + "viewDidDisappear, the one that was disappearing viewWillAppear and viewDidAppear; a cancelled presentation "
        + "leaves nothing presented, a cancelled dismissal leaves the presentation in place, a cancelled push, pop "
        + "or setViewControllers puts viewControllers back as they were (no didMove, no didShow), a cancelled tab "
        + "switch selects the old tab again; the completion says finished false, and the alongside completions see "
        + "isCancelled true only when an interaction was cancelled (transition/updateInteractive cancel, an "
        + "interactive pop's cancel), false otherwise (R50). A stack change queued during the transition starts "
        + "after animationEnded. Completed after its container left the window (window/setRoot), the transition "
        + "sends nothing off screen: the outgoing controller gets the viewDidDisappear it was waiting for (R6/R7).",
      errors: [
        .params("neither animator nor controller is given"),
        .unknown("animator or controller"),
        .state("no transition of theirs is waiting for completeTransition (noTransitionAwaitingCompletion)"),
      ]),
    "transition/coordinator": MethodDoc(
      "The controller's transitionCoordinator: the coordinator of the transition the controller or one of its "
        + "ancestors is in (R46), from the call that starts an animated push or pop, a presentation or dismissal, "
        + "a tab switch with a custom animator, an interactive pop's begin or an allowed sheet swipe's begin until the "
        + "transition ends; "
        + "{active:false} otherwise. It changes nothing.",
      errors: [.unknown("controller")]),
    "transition/notifyWhenInteractionChanges": MethodDoc(
      "transitionCoordinator?.notifyWhenInteractionChanges(_:) as the controller calls it (R50): registered true "
        + "when a coordinator exists. The handler runs (event/coordinator interactionChanged) only for an "
        + "interactive transition (an interactive pop, a sheet swipe, an interactive animator's transition), when the finger lifts: before the reversing will callbacks of a cancel, with "
        + "isCancelled, isInteractive false and percentComplete; never for a non-interactive transition.",
      errors: [.unknown("controller")]),
    "transition/setAnimator": MethodDoc(
      "Installs a custom animator (UIViewControllerAnimatedTransitioning) where UIKit asks for one: on the "
        + "presented controller (its transitioning delegate) for present and dismiss, on the navigation controller "
        + "(its delegate) for push and pop, on the tab bar controller for tab switches; it replaces one installed "
        + "before (a transition already running keeps the one it started with) and answers its id, "
        + "<controller>.<kind>Animator. Its transitions run for duration and then call "
        + "completeTransition(completes); completes \"manual\" waits for transition/complete, and until then nothing "
        + "after animateTransition happens (R48: no did callbacks, no completion; the transition.completeTimeoutMs "
        + "option warns). A presentation with one asks animationController, for the custom style "
        + "presentationController, and calls presentationTransitionWillBegin before the will callbacks (R49); a "
        + "custom presentation removes the presenter's view only when presentationController "
        + "shouldRemovePresentersView is true, and otherwise the presenter gets no callbacks. completes false "
        + "cancels the transition, which rolls back (R52, see transition/complete). interactive true makes it a "
        + "percent-driven interactive transition (R50): the delegate is asked interactionController after "
        + "animationController, the transition starts with startInteractiveTransition before animateTransition, "
        + "the coordinator is interactive from the start, and nothing ends until transition/updateInteractive "
        + "finishes or cancels it; an interactive pop animator is the one navigation/interactivePop uses (its "
        + "finish completes as completes says, its cancel with false).",
      errors: [
        .unknown("controller"),
        .params(
          "a push or pop animator on a controller that is not a UINavigationController, a tab animator on one that "
            + "is not a UITabBarController, presentationController for push, pop or tab"),
      ]),
    "transition/updateInteractive": MethodDoc(
      "Drives the transition an interactive animator (transition/setAnimator interactive true) runs, as its "
        + "UIPercentDrivenInteractiveTransition: update sets the coordinator's percentComplete (no callbacks); "
        + "finish runs the notifyWhenInteractionChanges handlers (isCancelled false, R50), then the animation runs "
        + "the rest of its duration and the animator completes as its completes says (manual: on "
        + "transition/complete); cancel runs the handlers (isCancelled true) before any reversing will callback, "
        + "then after the animation back (duration x percentComplete) the animator calls completeTransition(false) "
        + "and the transition rolls back (R52, see transition/complete). percentComplete given with finish or "
        + "cancel is where the finger lifted.",
      errors: [
        .params("update without percentComplete"),
        .unknown("animator"),
        .state(
          "the animator runs no transition (noTransition), or its transition is not waiting for the interaction: "
            + "not interactive, finished or cancelled already, or an interactive pop, which "
            + "navigation/interactivePop drives (notInteractive)"),
      ]),
  ]
}

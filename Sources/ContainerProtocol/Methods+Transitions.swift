import ContainerEngine
import ContainerJSON

/// `transition/*`: the transition coordinator and custom animators (R46–R52). `Methods.all` includes them.
extension Methods {
  /// The transition coordinator's `daemon/configure` options (R46–R51).
  static let coordinatorOptions: [Schema.Field] = [
    .init(
      "coordinator.nonAnimatedNav", .enumeration(Engine.CoordinatorBehavior.Presence.allCases.map(\.rawValue)),
      "a push or pop without animation has a coordinator (present) or none (nil, R46)"),
    .init(
      "coordinator.nonAnimatedPresentation",
      .enumeration(Engine.CoordinatorBehavior.Presence.allCases.map(\.rawValue)),
      "a presentation or dismissal without animation has a coordinator (present, R46) or none (nil)"),
    .init(
      "transition.completeTimeoutMs", .nullable(.number(minimum: 0, maximum: 1e15)),
      "warn \"transition never completed\" after this many ms of a manual animator not completing (null: never, R48); "
        + "in auto mode the warning never runs the clock ahead: it comes when the clock goes idle, if not before"),
    .init(
      "pop.cancelReversalAt", .enumeration(Engine.CoordinatorBehavior.CancelReversal.allCases.map(\.rawValue)),
      "a cancelled interactive pop's reversal callbacks at the settle's end or at the cancel (R51)"),
  ]

  /// The `transition/*` methods.
  static let transitionMethods: [MethodSpec] = [
    MethodSpec(
      "transition/animateAlongside",
      "transitionCoordinator?.animate(alongsideTransition:completion:) as the controller calls it (R47).",
      params: .fields([
        .init("controller", .id, required: true, "the controller that registers the blocks"),
        .init("tag", .string, required: true, "the client's name for the blocks, in their event/coordinator"),
        .init("view", .id, "accepted and ignored (the view the animation is about)"),
      ]),
      result: .object([
        .init("queued", .boolean, required: true, "false without a coordinator (no transition in flight)")
      ])),
    MethodSpec(
      "transition/complete",
      "completeTransition(_:) from a manual animator (R48): the did callbacks follow.",
      params: .fields([
        .init("animator", .id, "the animator (transition/setAnimator's answer); or"),
        .init("controller", .id, "a controller of the transition"),
        .init("didComplete", .boolean, required: true, "false cancels: the transition rolls back (R52)"),
      ])),
    MethodSpec(
      "transition/coordinator",
      "The controller's transitionCoordinator (found through its ancestors, R46), or {active:false}.",
      params: .fields([.init("controller", .id, required: true)]),
      result: .object([
        .init("active", .boolean, required: true, "whether a transition is in flight for the controller"),
        .init("kind", .enumeration(TransitionCoordinator.Kind.allCases.map(\.rawValue)), "what started it"),
        .init("isAnimated", .boolean), .init("isInteractive", .boolean),
        .init("initiallyInteractive", .boolean), .init("isCancelled", .boolean),
        .init("isInterruptible", .boolean),
        .init(
          "presentationStyle", .enumeration(["none"] + ModalPresentationStyle.allCases.map(\.rawValue)),
          "the presentation's style; none for navigation and tab switches"),
        .init("transitionDuration", .number(minimum: 0), "seconds"),
        .init("percentComplete", .number(minimum: 0, maximum: 1)),
        .init("from", .nullable(.string), "viewController(forKey: .from)"),
        .init("to", .nullable(.string), "viewController(forKey: .to)"),
        .init("animator", .nullable(.string), "the custom animator, null for UIKit's own"),
        .init("awaitingCompletion", .boolean, "a manual animator has not called completeTransition yet"),
        .init(
          "awaitingInteraction", .boolean,
          "an interactive animator's transition waits for transition/updateInteractive finish or cancel"),
      ])),
    MethodSpec(
      "transition/notifyWhenInteractionChanges",
      "transitionCoordinator?.notifyWhenInteractionChanges(_:) as the controller calls it (R50).",
      params: .fields([
        .init("controller", .id, required: true, "the controller that registers the handler"),
        .init("tag", .string, required: true, "the client's name for the handler, in its event/coordinator"),
      ]),
      result: .object([
        .init("registered", .boolean, required: true, "false without a coordinator (no transition in flight)")
      ])),
    MethodSpec(
      "transition/setAnimator",
      "Installs a custom animator where UIKit asks for one (R48, R49); answers its id.",
      params: .fields([
        .init(
          "controller", .id, required: true,
          "the presented controller (present, dismiss), the navigation controller (push, pop), the tab bar "
            + "controller (tab)"),
        .init(
          "kind",
          .enumeration(TransitionCoordinator.Kind.allCases.filter { $0 != .resize && $0 != .column }.map(\.rawValue)),
          required: true),
        .init("duration", .number(minimum: 0, maximum: 60), default: 0.3, "transitionDuration(using:), seconds"),
        .init(
          "completes", .oneOf([.boolean, .enumeration(["manual"])]), default: true,
          "completeTransition's argument at the end of duration, or manual: only on transition/complete"),
        .init(
          "interactive", .boolean, default: false,
          "a percent-driven interaction controller drives it: transition/updateInteractive (a pop: "
            + "navigation/interactivePop)"),
        .init(
          "presentationController",
          .object([
            .init(
              "shouldRemovePresentersView", .boolean, default: false,
              "custom style: the presenter's view leaves and it gets disappear callbacks"),
            .init("frame", .rect, "frameOfPresentedViewInContainerView (accepted, reported)"),
          ]), "a UIPresentationController for a custom presentation"),
      ]),
      result: .object([
        .init("animator", .string, required: true, "the animator's id: <controller>.<kind>Animator")
      ])),
    MethodSpec(
      "transition/updateInteractive",
      "Drives an interactive animator's transition (UIPercentDrivenInteractiveTransition update/finish/cancel, R50).",
      params: .fields([
        .init("animator", .id, required: true, "the interactive animator (transition/setAnimator's answer)"),
        .init("action", .enumeration(Engine.InteractiveAction.allCases.map(\.rawValue)), required: true),
        .init(
          "percentComplete", .number(minimum: 0, maximum: 1),
          "the transition's progress (required for update; finish and cancel: where it stops)"),
      ])),
  ]
}

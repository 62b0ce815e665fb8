import ContainerEngine
public import ContainerJSON

/// One notification the daemon sends (`event/*`): its name, the subscription kind that selects it, what causes it and
/// its params. `rpc.discover` lists them under `x-events` (OpenRPC describes methods only; a specification extension
/// holds the notifications) and Documentation/Reference.md under "Events". The server writes them in
/// RPCServer+Events.swift; a test checks every event of every example against these schemas.
public struct EventSpec: Sendable {
  public var name: String
  /// The subscription kinds that select it (`events/subscribe`): `event/lifecycle` has two.
  public var kinds: [EventKind]
  public var summary: String
  public var description: String
  /// The params the event itself carries; `Events.common` (request, rule, seq, time) are added to each.
  public var fields: [Schema.Field]

  public init(
    _ name: String, kinds: [EventKind], _ summary: String, description: String, fields: [Schema.Field]
  ) {
    self.name = name
    self.kinds = kinds
    self.summary = summary
    self.description = description
    self.fields = fields
  }

  /// The params' schema: its own fields and the common ones.
  public var params: Schema { .object(fields + Events.common) }
}

/// Every notification the daemon sends.
public enum Events {
  /// The members every event carries (RPCServer.deliver writes them).
  public static let common: [Schema.Field] = [
    .init(
      "request", .oneOf([.string, .integer(), .null]), required: true,
      "the id of the request whose turn caused the event (null: a notification's, or another client's)"),
    .init("rule", .string, "the rule that produced it (R-number or another rule id), when one does"),
    .init(
      "seq", .integer(minimum: 1), required: true,
      "numbers this connection's events from 1, without gaps (world/reset starts again)"),
    .init("time", .number(minimum: 0), required: true, "the virtual clock, in ms"),
  ]

  static let point = Schema.object([
    .init("x", .number(), required: true), .init("y", .number(), required: true),
  ])

  /// The events, by name.
  public static let all: [EventSpec] = [
    EventSpec(
      "event/completion", kinds: [.completion],
      "A completion block ran.",
      description:
        "The completion of a call that takes one: containment/transition's (of transition, R17), "
        + "presentation/present's and presentation/dismiss's (of present, dismiss), and the end of an interactive "
        + "pop (of pop: finished true when it completed, R23, false when it was cancelled, R24), and "
        + "pageView/setViewControllers's (of setViewControllers, finished true, R33–R35), and the end of a sheet "
        + "swipe's settle (of interactiveDismiss on the presented controller: finished true when the sheet went, "
        + "R58, R59), and the end of a navigation controller's transition (of push for a push or setViewControllers, of "
        + "pop, R18), of window/resize's animation (of resize, R66) and of split/show's and split/hide's display-mode "
        + "change (of showColumn, hideColumn on the split view controller, R43); a transition a custom animator "
        + "cancelled runs its completion with finished false (R52). "
        + "With an animation "
        + "it runs when the clock reaches the animation's end, in the turn that advanced it.",
      fields: [
        .init("controller", .string, required: true, "the controller the call was made on"),
        .init(
          "of",
          .enumeration([
            "transition", "present", "dismiss", "push", "pop", "setViewControllers", "interactiveDismiss", "resize",
            "showColumn", "hideColumn",
          ]),
          required: true,
          "the call whose completion ran"),
        .init("finished", .boolean, required: true, "UIKit's finished argument"),
      ]),
    EventSpec(
      "event/coordinator", kinds: [.coordinator],
      "A transition coordinator ran a block a controller registered (R47, R50).",
      description:
        "The blocks of transition/animateAlongside (alongsideAnimation when the animator starts, or at once if it "
        + "started already; alongsideCompletion at the end, after the did callbacks and the container's "
        + "bookkeeping, R47, R48) and transition/notifyWhenInteractionChanges (interactionChanged when an "
        + "interactive transition's finger lifts, before the reversing will calls of a cancel, R50), with the "
        + "coordinator's state as the block reads it.",
      fields: [
        .init("controller", .string, required: true, "the controller that registered the block"),
        .init("tag", .string, required: true, "the client's name for it"),
        .init(
          "callback", .enumeration(EngineEvent.CoordinatorCallback.allCases.map(\.rawValue)), required: true),
        .init("isCancelled", .boolean, required: true),
        .init("isInteractive", .boolean, required: true),
        .init("percentComplete", .number(minimum: 0, maximum: 1), required: true),
      ]),
    EventSpec(
      "event/delegate", kinds: [.delegate],
      "A data source or delegate method UIKit called (subscribed by default).",
      description:
        "A page view controller's data source (UIPageViewControllerDataSource: viewControllerBefore, "
        + "viewControllerAfter, with the page asked about in args and the answer in result) and delegate "
        + "(UIPageViewControllerDelegate: willTransitionTo with the pending pages, didFinishAnimating with finished, "
        + "previous and completed), called for gesture-driven turns only (R36), in UIKit's order among the "
        + "lifecycle events. A sheet's adaptive presentation delegate (UIAdaptivePresentationControllerDelegate, "
        + "object: the presented controller, no args): presentationControllerShouldDismiss (its answer in result), "
        + "presentationControllerWillDismiss, presentationControllerDidDismiss and "
        + "presentationControllerDidAttemptToDismiss, for swipes only (R58); a navigation controller's delegate "
        + "(UINavigationControllerDelegate: willShow and didShow with viewController and animated, when "
        + "controller/create or controller/configure installed one with delegate true; an interactive pop gets "
        + "willShow at its begin, didShow only when it finishes, R51); a split view controller's delegate "
        + "(UISplitViewControllerDelegate, when controller/create gave delegate: topColumnForCollapsing and "
        + "displayModeForExpanding with proposed and the answer in result, willShowColumn and willHideColumn with "
        + "column, didCollapse, didExpand, willChangeToDisplayMode with displayMode, showDetail with viewController "
        + "and result false; R41–R45).",
      fields: [
        .init(
          "object", .string, required: true,
          "the controller whose data source or delegate it is (the presented controller for the adaptive delegate)"),
        .init(
          "protocol",
          .enumeration([
            "UIPageViewControllerDataSource", "UIPageViewControllerDelegate",
            "UIAdaptivePresentationControllerDelegate", "UINavigationControllerDelegate",
            "UISplitViewControllerDelegate",
          ]), required: true),
        .init(
          "callback",
          .enumeration([
            "viewControllerBefore", "viewControllerAfter", "willTransitionTo", "didFinishAnimating",
            "presentationControllerShouldDismiss", "presentationControllerWillDismiss",
            "presentationControllerDidDismiss", "presentationControllerDidAttemptToDismiss", "willShow", "didShow",
            "topColumnForCollapsing", "displayModeForExpanding", "willShowColumn", "willHideColumn", "didCollapse",
            "didExpand", "willChangeToDisplayMode", "showDetail",
          ]), required: true),
        .init("args", .any, required: true, "the arguments by name (controller ids, lists of them, flags)"),
        .init(
          "result", .oneOf([.nullable(.string), .boolean]),
          "what the method returned: a controller id, or null for none; presentationControllerShouldDismiss's flag"),
      ]),
    EventSpec(
      "event/layout", kinds: [.layout],
      "A view's frame changed.",
      description:
        "Written when layout (Auto Layout, autoresizing, a container's own layout, a safe-area change) gives a view "
        + "a new frame, after the turn's layout pass. Subscribed with the layout kind, which also brings the layout "
        + "callbacks of event/lifecycle.",
      fields: [
        .init("view", .string, required: true), .init("frame", .rect, required: true, "the new frame"),
      ]),
    EventSpec(
      "event/lifecycle", kinds: [.lifecycle, .layout],
      "A UIViewController callback.",
      description:
        "Every callback UIKit makes on a view controller, in UIKit's order: loadView and viewDidLoad (R1), "
        + "willMove/didMove (R4, R8), the appearance callbacks (R6–R16, R69 viewIsAppearing), "
        + "viewWillTransition(to:) (R30). The layout callbacks (viewWillLayoutSubviews, viewDidLayoutSubviews, and "
        + "R64's viewSafeAreaInsetsDidChange and viewLayoutMarginsDidChange) come with the layout kind only. Inside "
        + "appearance callbacks the R29 flags are written when true.",
      fields: [
        .init("controller", .string, required: true),
        .init("callback", .enumeration(LifecycleCallback.allCases.map(\.rawValue)), required: true),
        .init("animated", .boolean, "the animated argument of appearance callbacks"),
        .init("parent", .nullable(.string), "willMove/didMove: the parent argument"),
        .init("isMovingToParent", .boolean, "R29, written when true"),
        .init("isMovingFromParent", .boolean, "R29, written when true"),
        .init("isBeingPresented", .boolean, "R29, written when true"),
        .init("isBeingDismissed", .boolean, "R29, written when true"),
        .init("size", .size, "viewWillTransition(to:): the new size"),
        .init("safeArea", .insets, "viewSafeAreaInsetsDidChange: the new safe area (R64)"),
        .init("layoutMargins", .insets, "viewLayoutMarginsDidChange: the new margins (R64)"),
        .init(
          "traits", Methods.traitsResult,
          "willTransitionToTraitCollection: the traits to come; traitCollectionDidChange, traitChangeHandler: the "
            + "traits now (R60–R63)"),
        .init("previous", Methods.traitsResult, "traitCollectionDidChange, traitChangeHandler: the traits before"),
        .init("registration", .string, "traitChangeHandler: the registration (traits/register's id, R63)"),
        .init("view", .string, "traitChangeHandler: the registering view, for a view's registration"),
      ]),
    EventSpec(
      "event/offset", kinds: [.offset],
      "A scroll view's contentOffset changed.",
      description:
        "Every change of contentOffset, with its cause: programmatic (setContentOffset, scrollRectToVisible, a "
        + "table's scrollToRow without animation), animation (one per frame of an animated scroll), drag (a pan), "
        + "deceleration and bounce (frames after a release), inset (an inset adjustment), keyboard (keyboard "
        + "avoidance) or container (a paging container keeping its pages in step).",
      fields: [
        .init("view", .string, required: true), .init("x", .number(), required: true),
        .init("y", .number(), required: true),
        .init(
          "cause",
          .enumeration([
            "programmatic", "animation", "drag", "deceleration", "bounce", "inset", "keyboard", "container",
          ]), required: true, "what changed it"),
      ]),
    EventSpec(
      "event/scroll", kinds: [.scroll],
      "A UIScrollViewDelegate callback.",
      description:
        "The delegate's callbacks around a drag, a deceleration and a scrolling animation: willBeginDragging, "
        + "willEndDragging (with velocity and targetContentOffset), didEndDragging (with willDecelerate), "
        + "willBeginDecelerating, didEndDecelerating and didEndScrollingAnimation. Offsets themselves are "
        + "event/offset.",
      fields: [
        .init("view", .string, required: true),
        .init("callback", .enumeration(ScrollCallback.allCases.map(\.rawValue)), required: true),
        .init("velocity", point, "willEndDragging: the velocity, in points per ms as UIKit gives it"),
        .init("targetContentOffset", point, "willEndDragging: where the deceleration will end"),
        .init("willDecelerate", .boolean, "didEndDragging"),
      ]),
    EventSpec(
      "event/table", kinds: [.table],
      "A UITableViewDataSource or UITableViewDelegate callback.",
      description:
        "tableView(_:cellForRowAt:) as a row comes into view (cellForRow, with the reuse identifier, whether the "
        + "cell was reused and the cell's number), tableView(_:didEndDisplaying:forRowAt:) as it leaves "
        + "(didEndDisplaying), and tableView(_:didSelectRowAt:) for a tap (didSelectRow).",
      fields: [
        .init("table", .string, required: true),
        .init("callback", .enumeration(TableCallback.allCases.map(\.rawValue)), required: true),
        .init("section", .integer(minimum: 0), required: true), .init("row", .integer(minimum: 0), required: true),
        .init("identifier", .string, "the reuse identifier"),
        .init("reused", .boolean, "cellForRow: the cell came from the reuse queue"),
        .init("cell", .integer(minimum: 0), "numbers the cell object, so reuse can be followed"),
      ]),
    EventSpec(
      "event/transitioning", kinds: [.transitioning],
      "UIKit called a custom animator or presentation controller (R48, R49).",
      description:
        "With an animator installed by transition/setAnimator: the transitioning delegate's animationController "
        + "(and presentationController for a custom presentation), presentationTransitionWillBegin / "
        + "dismissalTransitionWillBegin, then after the will callbacks animateTransition; at the end "
        + "completeTransition(didComplete), presentationTransitionDidEnd / dismissalTransitionDidEnd, and after the "
        + "completion and the alongside completions animationEnded (R48, R49).",
      fields: [
        .init("object", .string, required: true, "the animator's id, or <controller>.presentationController"),
        .init(
          "callback", .enumeration(EngineEvent.TransitioningCallback.allCases.map(\.rawValue)), required: true),
        .init("didComplete", .boolean, "the argument of the calls that take one"),
      ]),
    EventSpec(
      "event/warning", kinds: [.warning],
      "What UIKit would log to the console.",
      description:
        "A misuse UIKit tolerates but logs: unbalanced appearance calls (R16), appearance methods called directly "
        + "(R12), a presentation from a controller already presenting, … The message is UIKit's where UIKit has one.",
      fields: [
        .init("message", .string, required: true), .init("object", .string, "the object it is about"),
      ]),
  ]
}

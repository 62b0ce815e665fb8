public import ContainerEngine
public import ContainerJSON

// MARK: - transition/* and presentation/interactiveDismiss as a client builds them (R46–R51, R57–R59)

extension TransitionCoordinatorParams: EncodableMethodParams {
  /// `controller.transitionCoordinator` (R46).
  public init(controller: String) { self.controller = controller }

  public var encoded: JSONValue { ParamsBuilder(["controller": controller]).json }
}

extension TransitionAnimateAlongsideParams: EncodableMethodParams {
  /// `transitionCoordinator?.animate(alongsideTransition:completion:)`, its blocks named `tag` (R47).
  public init(controller: String, tag: String, view: String? = nil) {
    self.controller = controller
    self.tag = tag
    self.view = view
  }

  public var encoded: JSONValue { ParamsBuilder(["controller": controller, "tag": tag, "view": view]).json }
}

extension TransitionNotifyWhenInteractionChangesParams: EncodableMethodParams {
  /// `transitionCoordinator?.notifyWhenInteractionChanges(_:)`, the handler named `tag` (R50).
  public init(controller: String, tag: String) {
    self.controller = controller
    self.tag = tag
  }

  public var encoded: JSONValue { ParamsBuilder(["controller": controller, "tag": tag]).json }
}

extension TransitionSetAnimatorParams: EncodableMethodParams {
  /// A custom animator where UIKit asks for one (R48, R49): on the presented controller for `present`/`dismiss`,
  /// the navigation controller for `push`/`pop`, the tab bar controller for `tab`.
  public init(
    controller: String, kind: TransitionCoordinator.Kind, duration: Double = 0.3,
    completes: TransitionAnimator.Completion = .after(true), interactive: Bool = false,
    presentationController: TransitionAnimator.PresentationControllerSettings? = nil
  ) {
    self.controller = controller
    self.kind = kind
    self.duration = duration
    self.completes = completes
    self.interactive = interactive
    self.presentationController = presentationController
  }

  public var encoded: JSONValue {
    var builder = ParamsBuilder([
      "controller": controller, "kind": kind, "duration": duration, "completes": completes,
      "interactive": interactive,
    ])
    if let presentationController {
      builder.set(
        "presentationController",
        ParamsBuilder([
          "shouldRemovePresentersView": presentationController.shouldRemovePresentersView,
          "frame": presentationController.frame,
        ]).json)
    }
    return builder.json
  }
}

extension TransitionCompleteParams: EncodableMethodParams {
  /// `completeTransition(didComplete)` from a manual animator, named by its id (R48).
  public init(animator: String, didComplete: Bool) {
    self.animator = animator
    self.controller = nil
    self.didComplete = didComplete
  }

  /// `completeTransition(didComplete)` for the transition `controller` takes part in (R48).
  public init(controller: String, didComplete: Bool) {
    self.animator = nil
    self.controller = controller
    self.didComplete = didComplete
  }

  public var encoded: JSONValue {
    ParamsBuilder(["animator": animator, "controller": controller, "didComplete": didComplete]).json
  }
}

extension TransitionUpdateInteractiveParams: EncodableMethodParams {
  /// One step of an interactive animator's transition (R50): `update` to a percentComplete, `finish`, `cancel`.
  public init(animator: String, action: Engine.InteractiveAction, percentComplete: Double? = nil) {
    self.animator = animator
    self.action = action
    self.percentComplete = percentComplete
  }

  public var encoded: JSONValue {
    ParamsBuilder(["animator": animator, "action": action.rawValue, "percentComplete": percentComplete]).json
  }
}

extension PresentationInteractiveDismissParams: EncodableMethodParams {
  /// One step of a swipe down on a sheet (R57–R59): `begin`, `update` with a progress, `finish`, `cancel`.
  public init(controller: String, action: Action, progress: Double? = nil, velocity: Double? = nil) {
    self.controller = controller
    self.action = action
    self.progress = progress
    self.velocity = velocity
  }

  public var encoded: JSONValue {
    ParamsBuilder([
      "controller": controller, "action": action.rawValue, "progress": progress, "velocity": velocity,
    ]).json
  }
}

extension TransitionCoordinator.Kind: EncodableParamValue {}

extension TransitionAnimator.Completion: EncodableParamValue {
  /// `true`/`false` or `"manual"`.
  package var paramJSON: JSONValue {
    switch self {
    case .after(let didComplete): .bool(didComplete)
    case .manual: .string("manual")
    }
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol

/// `transition/*`: the transition coordinator and custom animators (R46–R52).
extension RPCServer {
  func transitionCoordinator(_ params: TransitionCoordinatorParams) throws(RPCError) -> JSONValue {
    let controller = try controller(params.controller, at: "controller")
    guard let coordinator = engine.transitionCoordinator(of: controller) else { return ["active": false] }
    return [
      "active": true, "kind": .string(coordinator.kind.rawValue), "isAnimated": .bool(coordinator.isAnimated),
      "isInteractive": .bool(coordinator.isInteractive),
      "initiallyInteractive": .bool(coordinator.initiallyInteractive),
      "isCancelled": .bool(coordinator.isCancelled), "isInterruptible": .bool(coordinator.isInterruptible),
      "presentationStyle": .string(coordinator.presentationStyle?.rawValue ?? "none"),
      "transitionDuration": .number(coordinator.transitionDuration),
      "percentComplete": .number(coordinator.percentComplete),
      "from": coordinator.from.map { .string($0.id) } ?? .null, "to": coordinator.to.map { .string($0.id) } ?? .null,
      "animator": coordinator.animator.map { .string($0.id) } ?? .null,
      "awaitingCompletion": .bool(coordinator.isAwaitingCompletion),
      "awaitingInteraction": .bool(coordinator.isAwaitingInteraction),
    ]
  }

  func transitionAnimateAlongside(_ params: TransitionAnimateAlongsideParams) throws(RPCError) -> JSONValue {
    let controller = try controller(params.controller, at: "controller")
    if let view = params.view { _ = try viewRef(view, at: "view") }
    return ["queued": .bool(engine.animateAlongside(controller, tag: params.tag))]
  }

  func transitionNotifyWhenInteractionChanges(_ params: TransitionNotifyWhenInteractionChangesParams)
    throws(RPCError) -> JSONValue
  {
    let controller = try controller(params.controller, at: "controller")
    return ["registered": .bool(engine.notifyWhenInteractionChanges(controller, tag: params.tag))]
  }

  func transitionSetAnimator(_ params: TransitionSetAnimatorParams) throws(RPCError) -> JSONValue {
    let controller = try controller(params.controller, at: "controller")
    let animator = try engineCall { () throws(EngineError) in
      try engine.setAnimator(
        on: controller, kind: params.kind, duration: params.duration, completion: params.completes,
        interactive: params.interactive, presentationController: params.presentationController)
    }
    return ["animator": .string(animator.id)]
  }

  func transitionComplete(_ params: TransitionCompleteParams) throws(RPCError) -> JSONValue {
    guard params.animator != nil || params.controller != nil else {
      throw RPCError.invalidParams(
        path: "params.animator", expected: "an animator id (or a controller)",
        message: "transition/complete needs animator or controller")
    }
    var animator: TransitionAnimator?
    if let id = params.animator {
      animator = try engineCall { () throws(EngineError) in
        guard let found = engine.animator(id: id) else { throw .unknownObject(id) }
        return found
      }
    }
    let controller = try optionalController(params.controller, at: "controller")
    try engineCall { () throws(EngineError) in
      try engine.completeTransition(animator: animator, controller: controller, didComplete: params.didComplete)
    }
    return [:]
  }

  func transitionUpdateInteractive(_ params: TransitionUpdateInteractiveParams) throws(RPCError) -> JSONValue {
    if params.action == .update && params.percentComplete == nil {
      throw RPCError.invalidParams(
        path: "params.percentComplete", expected: "a number in 0...1",
        message: "transition/updateInteractive update needs percentComplete")
    }
    // An id that names nothing is -32000; one that names a controller or view, -32602 at params.animator.
    let animator = try lookUp(path: "params.animator", expected: "a transition animator") {
      () throws(EngineError) in
      guard let found = engine.animator(id: params.animator) else { throw .unknownObject(params.animator) }
      return found
    }
    try engineCall { () throws(EngineError) in
      try engine.updateInteractiveTransition(
        animator: animator, action: params.action, percentComplete: params.percentComplete)
    }
    return [:]
  }
}

package import ContainerEngine
package import ContainerJSON

// MARK: - transition/*

/// `transition/animateAlongside`.
public struct TransitionAnimateAlongsideParams: MethodParams {
  public static let method = "transition/animateAlongside"
  package var controller: String
  package var tag: String
  package var view: String?

  package init(_ params: Params) throws(RPCError) {
    controller = try params.value("controller")
    tag = try params.value("tag")
    view = try params.optional("view")
  }
}

/// `transition/complete`.
public struct TransitionCompleteParams: MethodParams {
  public static let method = "transition/complete"
  package var animator: String?
  package var controller: String?
  package var didComplete: Bool

  package init(_ params: Params) throws(RPCError) {
    animator = try params.optional("animator")
    controller = try params.optional("controller")
    didComplete = try params.value("didComplete")
  }
}

/// `transition/coordinator`.
public struct TransitionCoordinatorParams: MethodParams {
  public static let method = "transition/coordinator"
  package var controller: String

  package init(_ params: Params) throws(RPCError) {
    controller = try params.value("controller")
  }
}

/// `transition/notifyWhenInteractionChanges`.
public struct TransitionNotifyWhenInteractionChangesParams: MethodParams {
  public static let method = "transition/notifyWhenInteractionChanges"
  package var controller: String
  package var tag: String

  package init(_ params: Params) throws(RPCError) {
    controller = try params.value("controller")
    tag = try params.value("tag")
  }
}

/// `transition/setAnimator`.
public struct TransitionSetAnimatorParams: MethodParams {
  public static let method = "transition/setAnimator"
  package var controller: String
  package var kind: TransitionCoordinator.Kind
  package var duration: Double
  package var completes: TransitionAnimator.Completion
  package var interactive: Bool
  package var presentationController: TransitionAnimator.PresentationControllerSettings?

  package init(_ params: Params) throws(RPCError) {
    controller = try params.value("controller")
    kind = try params.value("kind")
    duration = try params.value("duration")
    completes = try params.value("completes")
    interactive = try params.value("interactive")
    presentationController = try params.optionalObject("presentationController").map {
      (object) throws(RPCError) in
      TransitionAnimator.PresentationControllerSettings(
        shouldRemovePresentersView: try object.value("shouldRemovePresentersView"), frame: try object.optional("frame"))
    }
  }
}

/// `transition/updateInteractive`.
public struct TransitionUpdateInteractiveParams: MethodParams {
  public static let method = "transition/updateInteractive"
  package var animator: String
  package var action: Engine.InteractiveAction
  package var percentComplete: Double?

  package init(_ params: Params) throws(RPCError) {
    animator = try params.value("animator")
    action = try params.value("action")
    percentComplete = try params.optional("percentComplete")
  }
}

extension TransitionCoordinator.Kind: ParamValue {}

extension Engine.InteractiveAction: ParamValue {}

extension TransitionAnimator.Completion: ParamValue {
  /// `true` / `false` / `"manual"`.
  package init?(param value: JSONValue) {
    if let flag = value.boolValue {
      self = .after(flag)
    } else if value.stringValue == "manual" {
      self = .manual
    } else {
      return nil
    }
  }
  package static var expected: String { "boolean or \"manual\"" }
}

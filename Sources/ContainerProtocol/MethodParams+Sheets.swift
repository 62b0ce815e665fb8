package import ContainerEngine
import ContainerJSON

// MARK: - presentation/interactiveDismiss, presentation/configureDelegate (R57–R59)

/// `presentation/interactiveDismiss`.
public struct PresentationInteractiveDismissParams: MethodParams {
  public static let method = "presentation/interactiveDismiss"
  public enum Action: String, Sendable, ParamValue, CaseIterable { case begin, update, finish, cancel }
  package var controller: String
  package var action: Action
  package var progress: Double?
  package var velocity: Double?

  package init(_ params: Params) throws(RPCError) {
    controller = try params.value("controller")
    action = try params.value("action")
    progress = try params.optional("progress")
    velocity = try params.optional("velocity")
  }
}

/// `presentation/configureDelegate`.
package struct PresentationConfigureDelegateParams: MethodParams {
  package static let method = "presentation/configureDelegate"
  package var controller: String
  /// nil: the delegate is removed.
  package var delegate: Engine.AdaptiveDelegate?

  package init(_ params: Params) throws(RPCError) {
    controller = try params.value("controller")
    let shouldDismiss: Bool = try params.value("shouldDismiss")
    let remove: Bool = try params.value("remove")
    delegate = remove ? nil : Engine.AdaptiveDelegate(shouldDismiss: shouldDismiss)
  }
}

extension PresentationPresentParams {
  /// `delegate`: the adaptive delegate installed on the presented controller before it is presented (R58).
  static func adaptiveDelegate(_ params: Params) throws(RPCError) -> Engine.AdaptiveDelegate? {
    try params.optionalObject("delegate").map { (delegate) throws(RPCError) in
      Engine.AdaptiveDelegate(shouldDismiss: try delegate.value("shouldDismiss"))
    }
  }
}

/// `daemon/configure`'s `sheet.*` options (R58, R59); absent ones keep their value.
package struct SheetOptions {
  package var dragOrder: Engine.SheetBehavior.DragOrder?
  package var attemptTiming: Engine.SheetBehavior.AttemptTiming?
  package var releaseProgress: Double?
  package var releaseVelocity: Double?

  init() {}

  init(_ given: Params) throws(RPCError) {
    dragOrder = try given.optional("sheet.dragOrder")
    attemptTiming = try given.optional("sheet.attemptTiming")
    releaseProgress = try given.optional("sheet.releaseProgress")
    releaseVelocity = try given.optional("sheet.releaseVelocity")
  }
}

extension Engine.SheetBehavior.DragOrder: ParamValue {}
extension Engine.SheetBehavior.AttemptTiming: ParamValue {}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// Sheet dismissal by swipe (R57–R59): `presentation/interactiveDismiss`, `presentation/configureDelegate` and the
/// `sheet.*` options of `daemon/configure`.
extension RPCServer {
  func presentationInteractiveDismiss(_ params: PresentationInteractiveDismissParams) throws(RPCError) -> JSONValue {
    let sheet = try controller(params.controller, at: "controller")
    try engineCall { () throws(EngineError) in
      switch params.action {
      case .begin: try engine.beginInteractiveDismiss(sheet, progress: params.progress, velocity: params.velocity)
      case .update: try engine.updateInteractiveDismiss(sheet, progress: params.progress, velocity: params.velocity)
      case .finish: try engine.finishInteractiveDismiss(sheet, progress: params.progress, velocity: params.velocity)
      case .cancel:
        try engine.cancelInteractiveDismiss(sheet, progress: params.progress, velocity: params.velocity)
      }
    }
    return [:]
  }

  func presentationConfigureDelegate(_ params: PresentationConfigureDelegateParams) throws(RPCError) -> JSONValue {
    engine.setAdaptiveDelegate(try controller(params.controller, at: "controller"), params.delegate)
    return [:]
  }

  /// `daemon/configure`: the `sheet.*` options given, set on `options`.
  static func apply(_ given: SheetOptions, to options: inout EngineOptions) {
    if let value = given.dragOrder { options.sheet.dragOrder = value }
    if let value = given.attemptTiming { options.sheet.attemptTiming = value }
    if let value = given.releaseProgress { options.sheet.releaseProgress = value }
    if let value = given.releaseVelocity { options.sheet.releaseVelocity = value }
  }

  /// `daemon/configure`'s answer for the `sheet.*` options.
  static func describeSheetOptions(_ options: EngineOptions) -> JSONObject {
    [
      "sheet.dragOrder": .string(options.sheet.dragOrder.rawValue),
      "sheet.attemptTiming": .string(options.sheet.attemptTiming.rawValue),
      "sheet.releaseProgress": .number(options.sheet.releaseProgress),
      "sheet.releaseVelocity": .number(options.sheet.releaseVelocity),
    ]
  }
}

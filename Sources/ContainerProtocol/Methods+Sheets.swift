import ContainerEngine
import ContainerJSON

/// Sheet dismissal by swipe (R57–R59): `presentation/interactiveDismiss`, `presentation/configureDelegate`, the
/// `delegate` of `presentation/present` and the `sheet.*` engine options. `Methods.controllerMethods` and
/// `Methods.engineOptions` include them.
extension Methods {
  /// `daemon/configure`'s options for R58/R59's open points.
  static let sheetOptions: [Schema.Field] = [
    .init(
      "sheet.dragOrder", .enumeration(Engine.SheetBehavior.DragOrder.allCases.map(\.rawValue)),
      "R59: presentationControllerWillDismiss before or after the sheet's viewWillDisappear at a swipe's start"),
    .init(
      "sheet.attemptTiming", .enumeration(Engine.SheetBehavior.AttemptTiming.allCases.map(\.rawValue)),
      "R58: a refused swipe's presentationControllerDidAttemptToDismiss when the finger lifts or when it starts"),
    .init(
      "sheet.releaseProgress", .number(minimum: 0, maximum: 1),
      "R58: a release at or past this fraction of the sheet's height dismisses"),
    .init("sheet.releaseVelocity", .number(minimum: 0), "R58: a release at or above this downward pt/s dismisses"),
  ]

  /// `presentation/present`'s `delegate`.
  static let adaptiveDelegateField = Schema.Field(
    "delegate", .object([.init("shouldDismiss", .boolean, default: true)]),
    "installs an adaptive presentation delegate on the presented controller (R58); shouldDismiss is what its "
      + "presentationControllerShouldDismiss answers")

  static let sheetMethods: [MethodSpec] = [
    MethodSpec(
      "presentation/configureDelegate",
      "Installs, changes or removes the adaptive presentation delegate (UIAdaptivePresentationControllerDelegate) of "
        + "the controller's presentation controller (R58).",
      params: .fields([
        .init("controller", .id, required: true),
        .init("shouldDismiss", .boolean, default: true, "what presentationControllerShouldDismiss answers"),
        .init("remove", .boolean, default: false, "removes the delegate"),
      ])),
    MethodSpec(
      "presentation/interactiveDismiss",
      "A swipe down on a pageSheet or formSheet, like navigation/interactivePop: begin, update, finish or cancel "
        + "(R57–R59); the settle's end as event/completion (of interactiveDismiss).",
      params: .fields([
        .init("controller", .id, required: true),
        .init("action", .enumeration(["begin", "update", "finish", "cancel"]), required: true),
        .init("progress", .number(minimum: 0, maximum: 1), "how far down, as a fraction of the sheet's height"),
        .init("velocity", .number(), "the finger's downward speed in pt/s"),
      ])),
  ]
}

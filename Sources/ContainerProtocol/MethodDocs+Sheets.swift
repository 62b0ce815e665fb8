/// The descriptions and errors of the sheet swipe methods (R57–R59).
extension Methods {
  static let sheetDocs: [String: MethodDoc] = [
    "presentation/configureDelegate": MethodDoc(
      "Sets presentationController.delegate (UIAdaptivePresentationControllerDelegate, R58) of the presentation "
        + "showing the controller (for a controller inside a presented one, the presented controller's), or of the "
        + "controller itself before it is presented; shouldDismiss is what its presentationControllerShouldDismiss "
        + "answers; remove takes it away. The delegate hears about swipes only: its calls are event/delegate with "
        + "the presented controller as object. presentation/present's delegate parameter does the same.",
      errors: [MethodError.unknown("controller")]),
    "presentation/interactiveDismiss": MethodDoc(
      "A finger dragging a pageSheet or formSheet down (R57–R59). begin: unless the controller is "
        + "isModalInPresentation, the delegate's presentationControllerShouldDismiss; allowed, "
        + "presentationControllerWillDismiss and the sheet's viewWillDisappear(true) (the order is the sheet.dragOrder "
        + "option). update: progress (fraction of the sheet's height) and velocity (pt/s downward), no callbacks. "
        + "finish: the finger lifts; past half the height or at 1000 pt/s or more (the sheet.release* options) the "
        + "sheet goes: after the settle, viewDidDisappear(true), presentationControllerDidDismiss and the completion "
        + "(of interactiveDismiss, finished true); otherwise it springs back as for cancel. cancel: the sheet's "
        + "viewWillAppear(true) now, viewDidAppear(true) after the spring back, the completion with finished false. "
        + "A refused swipe (isModalInPresentation, or shouldDismiss false) gets "
        + "presentationControllerDidAttemptToDismiss when the finger lifts (sheet.attemptTiming), no appearance "
        + "callback, and stays presented. The presenter gets nothing (R57); a presentation/dismiss by code calls no "
        + "delegate method.",
      errors: [
        MethodError.unknown("controller"),
        .state(
          "begin on a controller that is not presented (notPresented), not a sheet (notASheet), has a presentation "
            + "above it (notTopmost), is being presented or dismissed or still settling (transitioning), is off "
            + "screen (notVisible) or is being dragged already (interactiveDismissInProgress); update, finish or "
            + "cancel with no drag in progress (noInteractiveDismiss)"),
      ]),
  ]
}

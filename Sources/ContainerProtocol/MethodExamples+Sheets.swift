/// The examples of the sheet swipe methods (R57–R59).
extension Methods {
  /// A window showing `root`, which presents `sheet` as a page sheet with an adaptive delegate.
  static let sheetSetup = [
    Setup.window, Setup.controller("root"), Setup.controller("sheet"), Setup.root("root"),
    ExampleCall(
      "presentation/present",
      #"{"presenter":"root","controller":"sheet","style":"pageSheet","animated":false,"delegate":{}}"#),
  ]

  static let sheetExamples: [String: MethodExample] = [
    "presentation/configureDelegate": MethodExample(
      "A delegate that refuses the swipe (R58)", setup: sheetSetup,
      params: #"{"controller":"sheet","shouldDismiss":false}"#),
    "presentation/interactiveDismiss": MethodExample(
      "Start dragging the sheet down (ShouldDismiss, WillDismiss, viewWillDisappear; R58, R59)", setup: sheetSetup,
      params: #"{"controller":"sheet","action":"begin"}"#),
  ]
}

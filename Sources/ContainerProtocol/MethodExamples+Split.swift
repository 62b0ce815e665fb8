/// The examples of `split/*` (UISplitViewController, R39–R45).
extension Methods {
  /// An iPad window in portrait showing a double-column split view controller `svc` with `p` and `s`.
  static let splitSetup = [
    ExampleCall("window/create", #"{"id":"w","width":820,"height":1180,"idiom":"pad"}"#), Setup.controller("p"),
    Setup.controller("s"),
    Setup.controller(
      "svc", #","kind":"UISplitViewController","columns":{"primary":"p","secondary":"s"},"delegate":{}"#),
    Setup.root("svc"), ExampleCall("events/subscribe", #"{"kinds":["completion"]}"#),
  ]

  static let splitExamples: [String: MethodExample] = [
    "split/get": MethodExample("An iPad split view in portrait", setup: splitSetup, params: #"{"split":"svc"}"#),
    "split/viewController": MethodExample(
      "The secondary column's controller and wrapper (R39)", setup: splitSetup,
      params: #"{"split":"svc","column":"secondary"}"#),
    "split/setViewController": MethodExample(
      "A plain controller for the secondary column is pushed onto its wrapper (R44)",
      setup: splitSetup + [Setup.controller("x")], params: #"{"split":"svc","column":"secondary","controller":"x"}"#),
    "split/show": MethodExample(
      "Show the primary column over the secondary (R43)", setup: splitSetup,
      params: #"{"split":"svc","column":"primary"}"#),
    "split/hide": MethodExample(
      "Hiding the secondary column is ignored (R43)", setup: splitSetup,
      params: #"{"split":"svc","column":"secondary"}"#),
    "split/showDetail": MethodExample(
      "Show a detail: the secondary navigation controller pushes it (R45)",
      setup: splitSetup + [Setup.controller("d")], params: #"{"split":"svc","controller":"d","animated":false}"#),
    "split/showViewController": MethodExample(
      "show(_:sender:): the primary navigation controller pushes it (R45)",
      setup: splitSetup + [Setup.controller("d")], params: #"{"split":"svc","controller":"d","animated":false}"#),
  ]
}

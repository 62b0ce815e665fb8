/// The examples of the trait methods (R60–R67).
extension Methods {
  /// A window showing `root`, with the layout kind (where the trait callbacks are) subscribed.
  static let traitSetup = Setup.shown + [ExampleCall("events/subscribe", #"{"kinds":["layout"]}"#)]

  static let traitExamples: [String: MethodExample] = [
    "controller/setTraitOverrides": MethodExample(
      "Pin the root's size classes to regular width (R67)", setup: traitSetup,
      params: #"{"controller":"root","traits":{"horizontalSizeClass":"regular"}}"#),
    "traits/register": MethodExample(
      "A handler for the horizontal size class (R63)", setup: Setup.shown,
      params: #"{"controller":"root","traits":["horizontalSizeClass"]}"#),
    "traits/unregister": MethodExample(
      "Remove a registration",
      setup: Setup.shown + [
        ExampleCall("traits/register", #"{"controller":"root","traits":["verticalSizeClass"]}"#)
      ], params: #"{"id":"root.traitRegistration1"}"#),
    "window/configure": MethodExample(
      "Dark mode (R63's delivery, no size callbacks)", setup: traitSetup,
      params: #"{"window":"w","userInterfaceStyle":"dark"}"#),
  ]
}

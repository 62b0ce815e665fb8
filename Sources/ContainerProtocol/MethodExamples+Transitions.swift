/// The examples of `transition/*` (the transition coordinator and custom animators, R46–R52).
extension Methods {
  /// A window showing `nav` with `[home]`, its delegate installed, a manual clock, `detail` pushed with animation
  /// (its transition in flight), coordinator and transitioning events subscribed.
  static let pushInFlight = [
    Setup.window, Setup.controller("home"), Setup.controller("detail"),
    Setup.controller("nav", #","kind":"UINavigationController","root":"home","delegate":true"#), Setup.root("nav"),
    ExampleCall("events/subscribe", #"{"kinds":["completion","coordinator","transitioning"]}"#),
    ExampleCall("clock/configure", #"{"mode":"manual"}"#),
    ExampleCall("navigation/push", #"{"navigation":"nav","controller":"detail","animated":true}"#),
  ]

  /// A window showing `presenter`; `sheet` waits with a manual present animator; events subscribed.
  static let manualPresentation = [
    Setup.window, Setup.controller("presenter"), Setup.controller("sheet"), Setup.root("presenter"),
    ExampleCall("events/subscribe", #"{"kinds":["completion","coordinator","transitioning"]}"#),
    ExampleCall("transition/setAnimator", #"{"controller":"sheet","kind":"present","completes":"manual"}"#),
    ExampleCall(
      "presentation/present", #"{"presenter":"presenter","controller":"sheet","style":"fullScreen","animated":true}"#),
  ]

  /// A window showing `nav` with `[home]`; `detail` pushed with an interactive push animator (waiting for the
  /// interaction); events subscribed.
  static let interactivePush = [
    Setup.window, Setup.controller("home"), Setup.controller("detail"),
    Setup.controller("nav", #","kind":"UINavigationController","root":"home""#), Setup.root("nav"),
    ExampleCall("events/subscribe", #"{"kinds":["lifecycle","completion","coordinator","transitioning"]}"#),
    ExampleCall("transition/setAnimator", #"{"controller":"nav","kind":"push","interactive":true}"#),
    ExampleCall("navigation/push", #"{"navigation":"nav","controller":"detail","animated":true}"#),
  ]

  static let transitionExamples: [String: MethodExample] = [
    "transition/animateAlongside": MethodExample(
      "Register a probe during an animated push (its animation runs at once: the animator started, R47)",
      setup: pushInFlight, params: #"{"controller":"detail","tag":"probe"}"#),
    "transition/complete": MethodExample(
      "A manual animator completes a presentation (R48, R49)", setup: manualPresentation,
      params: #"{"animator":"sheet.presentAnimator","didComplete":true}"#),
    "transition/coordinator": MethodExample(
      "The coordinator of an animated push, found from the pushed controller (R46)", setup: pushInFlight,
      params: #"{"controller":"detail"}"#),
    "transition/notifyWhenInteractionChanges": MethodExample(
      "Register an interaction handler during an animated push (it never runs: the push is not interactive, R50)",
      setup: pushInFlight, params: #"{"controller":"home","tag":"lift"}"#),
    "transition/setAnimator": MethodExample(
      "A custom presentation animator that waits for transition/complete (R48)",
      setup: Setup.shown + [Setup.controller("sheet")],
      params: #"{"controller":"sheet","kind":"present","completes":"manual"}"#),
    "transition/updateInteractive": MethodExample(
      "Cancel an interactive push at 40%: the push rolls back (R50, R52)", setup: interactivePush,
      params: #"{"animator":"nav.pushAnimator","action":"cancel","percentComplete":0.4}"#),
  ]
}

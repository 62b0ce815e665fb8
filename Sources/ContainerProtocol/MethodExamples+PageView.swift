/// The examples of `pageView/*` (UIPageViewController, R31–R38).
extension Methods {
  /// A window showing a scroll page view controller `pages` with data source `[a, b, c]`, showing `a`.
  static let pageViewSetup = [
    Setup.window, Setup.controller("a"), Setup.controller("b"), Setup.controller("c"),
    Setup.controller("pages", #","kind":"UIPageViewController","pages":["a","b","c"],"initial":["a"]"#),
    Setup.root("pages"), ExampleCall("events/subscribe", #"{"kinds":["completion"]}"#),
  ]

  static let pageViewExamples: [String: MethodExample] = [
    "pageView/get": MethodExample(
      "A page view controller after an animated set (the page left is cached, R37)",
      setup: pageViewSetup + [
        ExampleCall("pageView/setViewControllers", #"{"pageView":"pages","controllers":["c"],"animated":true}"#)
      ], params: #"{"pageView":"pages"}"#),
    "pageView/setPages": MethodExample(
      "Remove the data source (no swipes)", setup: pageViewSetup, params: #"{"pageView":"pages","pages":null}"#),
    "pageView/swipe": MethodExample(
      "Begin a swipe to the next page (the data source is asked, R36)", setup: pageViewSetup,
      params: #"{"pageView":"pages","action":"begin","direction":"forward"}"#),
    "pageView/setViewControllers": MethodExample(
      "Show the second page without animation (R33)", setup: pageViewSetup,
      params: #"{"pageView":"pages","controllers":["b"]}"#),
  ]
}

/// The descriptions and errors of `split/*` (UISplitViewController, iOS 14 column style, R39–R45).
extension Methods {
  static let splitDocs: [String: MethodDoc] = [
    "split/get": MethodDoc(
      "The split view controller's state: isCollapsed (R42: it flips only after the collapse's or expansion's "
        + "delegate calls), the display mode and split behaviour in force, its style, each column's controller and "
        + "wrapper (R39), the columns on screen (R40) and its children (the wrappers, in column order).",
      errors: [.params("split is not a UISplitViewController"), .unknown("split")]),
    "split/viewController": MethodDoc(
      "viewController(for:): the controller set for the column, not the navigation controller wrapping it (R39), "
        + "and that wrapper (null: none).",
      errors: [
        .params("split is not a UISplitViewController, or the supplementary column of a doubleColumn one"),
        .unknown("split"),
      ]),
    "split/setViewController": MethodDoc(
      "setViewController(_:for:) (R39): a controller that is not a navigation controller is wrapped in a new one "
        + "(<split>-<column>), except for the compact column; the column's previous child leaves (willMove(nil), "
        + "its disappearance when on screen, didMove(nil)); the new one joins (willMove, its appearance when its "
        + "column is on screen, didMove), the split view controller driving the appearance (R40; one pair each, no "
        + "R8 re-delivery). R44: a plain controller for the secondary column while it has a wrapper is pushed onto "
        + "it (R19; animated per split.setSecondaryPushAnimated); set null first to replace the wrapper. Collapsed "
        + "into one stack, a column whose controllers are on that stack (the primary's always) takes the new "
        + "controller when the split view controller expands (split/get lists it under pending; viewController "
        + "answers it at once; R42); another column is replaced at once, off screen. Answers the column's wrapper.",
      errors: [
        .unknown("split or controller"),
        .params(
          "split is not a UISplitViewController; the supplementary column of a doubleColumn one; the controller "
            + "has another parent, or, collapsed, is another column's (path params.controller)"),
        .uikit(
          "a UITabBarController for the primary or supplementary column, a split view controller as a column, an "
            + "ancestor (NSInvalidArgumentException, R39)"),
      ]),
    "split/show": MethodDoc(
      "show(_:) a column (R43). Collapsed into one stack: pushes the column (and any intervening one) when it is not "
        + "in the stack, pops the covering columns when it is, nothing when it is on top. Expanded: ignored when the "
        + "column is on screen; the secondary column hides the columns over it; otherwise the nearest display mode "
        + "showing it: willChangeToDisplayMode, willShowColumn (event/delegate), the column's viewWillAppear now, "
        + "viewDidAppear and event/completion {of: showColumn} after split's animation. Answers ignored.",
      errors: [
        .params("split is not a UISplitViewController; the compact column (path params.column)"), .unknown("split"),
      ]),
    "split/hide": MethodDoc(
      "hide(_:) a column (R43). Collapsed: ignored for the primary column or a column not on top, else popped. "
        + "Expanded: ignored for the secondary column and a column not on screen; otherwise the nearest display mode "
        + "without it (willHideColumn, the disappearance callbacks, event/completion {of: hideColumn}).",
      errors: [
        .params("split is not a UISplitViewController; the compact column (path params.column)"), .unknown("split"),
      ]),
    "split/showDetail": MethodDoc(
      "showDetailViewController(_:sender:) (R45): the delegate's showDetail is asked (event/delegate, it does not "
        + "show it); collapsed into one stack the navigation controller pushes the controller (pushed); collapsed "
        + "with a compact column it is presented (presented); expanded the secondary column's navigation "
        + "controller pushes it (pushed), or without one it becomes the secondary column (installed).",
      errors: [
        .unknown("split or controller"), .params("split is not a UISplitViewController"),
        .uikit("the push's or presentation's refusals"),
      ]),
    "split/showViewController": MethodDoc(
      "show(_:sender:) on the split view controller (R45): collapsed as split/showDetail; expanded the primary "
        + "column's navigation controller pushes it (pushed), or it becomes the primary column (installed).",
      errors: [
        .unknown("split or controller"), .params("split is not a UISplitViewController"),
        .uikit("the push's or presentation's refusals"),
      ]),
  ]
}

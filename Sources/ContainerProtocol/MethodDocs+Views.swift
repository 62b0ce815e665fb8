import ContainerJSON

/// The docs of the view-side methods (see `Methods.docs`).
extension Methods {
  /// -32602 and -32000 for a scroll view param.
  private static let scrollViewErrors: [MethodError] = [
    .params("view is not a UIScrollView or UITableView"), .unknown("view"),
  ]
  /// -32602 and -32000 for a table param.
  private static let tableErrors: [MethodError] = [.params("table is not a UITableView"), .unknown("table")]

  static let viewDocs: [String: MethodDoc] = [
    "keyboard/hide": MethodDoc(
      "The keyboard leaves the window; UITableViewControllers that avoided it get their bottom inset back, and "
        + "their offsets follow. Animated over keyboardAnimationDuration.",
      errors: [.unknown("window")]),
    "keyboard/show": MethodDoc(
      "The keyboard covers the window's bottom height points: a UITableViewController's table adds the covered "
        + "part to its bottom inset and keeps the first responder's row visible, as UIKit's keyboard avoidance "
        + "does. Animated over keyboardAnimationDuration.",
      errors: [.unknown("window")]),
    "layout/addConstraints": MethodDoc(
      "NSLayoutConstraint.activate: each constraint relates an anchor of a view (or of <view>.safeAreaLayoutGuide) "
        + "to another's or to a constant; the views are laid out by a Cassowary solver at the turn's end (R30), "
        + "with event/layout for each frame that changes. Answers the constraints' ids, to remove them later.",
      errors: [
        .params("an item is not a view or a layout guide"), .unknown("an item or toItem"),
        .uikit("the items have no common ancestor, or the attributes do not pair (an x anchor with a y anchor)"),
        .limit("maxConstraints or maxConstraintsPerView"), .objectLimit,
      ]),
    "layout/layoutIfNeeded": MethodDoc(
      "view.layoutIfNeeded(): lays out now the views of its subtree that need it (R30), with "
        + "viewWillLayoutSubviews/viewDidLayoutSubviews on their controllers. Answers the views whose constraints "
        + "leave their frame ambiguous.",
      errors: [.unknown("view")]),
    "layout/removeConstraints": MethodDoc(
      "NSLayoutConstraint.deactivate: removes constraints by id; the views are laid out again at the turn's end.",
      errors: [.unknown("ids")]),
    "scene/load": MethodDoc(
      "Builds a whole scene in one turn from one document: windows, controllers of every kind (nested), views, "
        + "frames, constraints, tables and embeddings, with the callbacks UIKit would make building it in that "
        + "order. Answers the ids it made, by the document's names. Documentation/Scenes.md describes the "
        + "document; nothing is built if any part is refused.",
      errors: [
        .params("the document does not match its schema (data.path points into it)"),
        .unknown("an id the document refers to"), .uikit("a step UIKit would refuse"), .objectLimit, .depthLimit,
      ]),
    "scroll/configure": MethodDoc(
      "Sets UIScrollView properties: contentSize, contentInset, bounces, alwaysBounceVertical/Horizontal, "
        + "isPagingEnabled, decelerationRate and contentInsetAdjustmentBehavior. The adjusted inset and a clamped "
        + "offset follow; only the params given change.",
      errors: scrollViewErrors),
    "scroll/fling": MethodDoc(
      "A whole flick in one call: a pan that begins and is released at once at velocity (the finger's, pt/s): "
        + "willBeginDragging, willEndDragging with UIKit's target offset, didEndDragging, then the deceleration "
        + "(or paging snap, or bounce) frame by frame on the virtual clock. Answers the target offset.",
      errors: scrollViewErrors + [.limit("maxAnimationFrames: the deceleration would run too many frames")]),
    "scroll/get": MethodDoc(
      "The scroll view's state: contentOffset, contentSize, contentInset, adjustedContentInset (with the safe "
        + "area), isTracking, isDragging and isDecelerating. It changes nothing.",
      errors: scrollViewErrors),
    "scroll/pan": MethodDoc(
      "One phase of a pan gesture, translation cumulative since began (the finger's, pt): began starts a drag, "
        + "changed moves the content (with rubber-banding past the edges), ended releases it at velocity and "
        + "decelerates as scroll/fling does, cancelled ends it without deceleration. Answers the offset after the "
        + "phase.",
      errors: scrollViewErrors + [.state("changed, ended or cancelled without a pan in progress")]),
    "scroll/scrollRectToVisible": MethodDoc(
      "scrollRectToVisible(_:animated:): scrolls the least that brings rect (content coordinates) into view, to the "
        + "nearest edge; nothing if it is visible already. Animated at constant velocity.",
      errors: scrollViewErrors),
    "scroll/setContentOffset": MethodDoc(
      "setContentOffset(_:animated:): sets the offset as given, not clamped; animated, it moves at constant "
        + "velocity over scrollAnimationDuration (0.3 s) and ends with didEndScrollingAnimation.",
      errors: scrollViewErrors),
    "table/get": MethodDoc(
      "The table's data shape and state: style, registered identifiers, sections and rows, contentSize, the "
        + "selection, the displayed cells and how many cells were made (reuse keeps it low).",
      errors: tableErrors),
    "table/rectForRow": MethodDoc(
      "rectForRow(at:): the row's rectangle in the table's content coordinates. It changes nothing.",
      errors: tableErrors + [.uikit("the index path is past the table's rows")]),
    "table/register": MethodDoc(
      "register(_:forCellReuseIdentifier:): with the forIndexPath dequeue, a row of an unregistered identifier is "
        + "UIKit's exception.",
      errors: tableErrors),
    "table/scrollToRow": MethodDoc(
      "scrollToRow(at:at:animated:): scrolls the row to the top, middle or bottom, or (none) the least that shows "
        + "it, clamped to the content; rows coming into view get cellForRow, rows leaving didEndDisplaying.",
      errors: tableErrors + [.uikit("the index path is past the table's rows")]),
    "table/select": MethodDoc(
      "A tap on a row: the row becomes the selection and tableView(_:didSelectRowAt:) is written as event/table. "
        + "Answers the row's model as table/setData gave it.",
      errors: tableErrors + [.params("the index path is past the table's rows")]),
    "table/setData": MethodDoc(
      "The data source's answers, then reloadData: each section gives rows (identifier, height, model), or heights "
        + "with identifiers, or a rowCount of rowHeight. The visible rows are asked for cells (cellForRow, with "
        + "reuse); header, footer and table header heights shape the content. Answers the contentSize.",
      errors: tableErrors + [
        .uikit("forIndexPath dequeue of an identifier that is not registered (UIKit's exception)")
      ]),
    "table/visibleRows": MethodDoc(
      "indexPathsForVisibleRows, and the section headers in view with their y (sticky in a plain table); with rect, "
        + "indexPathsForRows(in:) for that rectangle in content coordinates.",
      errors: tableErrors),
    "view/addSubview": MethodDoc(
      "superview.addSubview(view), or insertSubview(_:at:) with index: the view moves from its old superview. "
        + "Entering or leaving a window makes the controllers of the views moved appear or disappear (R6, R7); a "
        + "controller's root view named loads first (R1).",
      errors: [
        .unknown("superview or view"), .uikit("the view is the superview or one of its ancestors (A-hier)"),
        .depthLimit,
      ]),
    "view/bringSubviewToFront": MethodDoc(
      "superview.bringSubviewToFront(view): the view becomes its superview's last subview (drawn and hit-tested "
        + "first). A controller's root view named loads first (R72).",
      errors: [.unknown("view")]),
    "view/configure": MethodDoc(
      "Sets isHidden and clipsToBounds (which hit testing and the wireframe honour), and the layout margins: "
        + "layoutMargins, insetsLayoutMarginsFromSafeArea, preservesSuperviewLayoutMargins. A margin change lays the "
        + "view out and its controller hears viewLayoutMarginsDidChange (R64).",
      errors: [.unknown("view")]),
    "view/create": MethodDoc(
      "Creates a view of a kind (UIView, UIScrollView, UITableView, UILabel, UITextField) with an optional frame, "
        + "autoresizing mask and text. It is in no hierarchy until view/addSubview. Windows come from window/create.",
      errors: [.params("the id is in use"), .objectLimit]),
    "view/focus": MethodDoc(
      "becomeFirstResponder(): true for a UITextField in a window, which then becomes the window's first responder "
        + "(keyboard avoidance keeps it visible); false for anything else.",
      errors: [.unknown("view")]),
    "view/get": MethodDoc(
      "The state of a view: kind, frame and bounds, superview and subviews, window and frame in it, the controller "
        + "it belongs to, safe area and margins (R64, R68). It never loads a controller's view: a root view not "
        + "loaded is refused.",
      errors: [.unknown("view"), .state("the view is a controller's root view not loaded yet")]),
    "view/hitTest": MethodDoc(
      "window.hitTest(point): the frontmost view under a point in window coordinates, skipping hidden views and "
        + "honouring clipsToBounds and scroll offsets; null when nothing is there.",
      errors: [.unknown("window")]),
    "view/removeFromSuperview": MethodDoc(
      "view.removeFromSuperview(): leaving a window makes the controllers of the views removed disappear (R6, R7). "
        + "A controller's root view named loads first (R72).",
      errors: [.unknown("view")]),
    "view/setFrame": MethodDoc(
      "view.frame = frame: subviews with an autoresizing mask follow, and the view's controller is laid out at "
        + "the turn's end (viewWillLayoutSubviews, viewDidLayoutSubviews).",
      errors: [.unknown("view")]),
  ]
}

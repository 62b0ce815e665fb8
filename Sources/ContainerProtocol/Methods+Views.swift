import ContainerEngine
import ContainerJSON

/// The view-side engine methods of Documentation/Protocol.md, "Methods": Auto Layout, scenes, scroll views, the
/// keyboard, tables and views.
extension Methods {
  /// `NSLayoutConstraint.Attribute`s the engine lays out (checked against the engine's list by a test).
  static let layoutAttributes = [
    "left", "right", "top", "bottom", "leading", "trailing", "width", "height", "centerX", "centerY",
  ]
  /// View kinds a client may create (Documentation/Protocol.md, "Objects and ids"; windows come from `window/create`).
  static let viewKinds = ["UIView", "UIScrollView", "UITableView", "UILabel", "UITextField"]

  static let viewMethods: [MethodSpec] = [
    MethodSpec(
      "layout/addConstraints",
      "NSLayoutConstraint.activate: anchors of views or <view>.safeAreaLayoutGuide, solved by Cassowary.",
      params: .fields([
        .init(
          "constraints",
          .array(
            .object([
              .init("id", .id), .init("item", .id, required: true),
              .init("attribute", .enumeration(layoutAttributes), required: true),
              .init("relation", .enumeration(["==", "<=", ">="]), default: "=="), .init("toItem", .id),
              .init("toAttribute", .enumeration(layoutAttributes)),
              .init("multiplier", .number(minimum: -1e6, maximum: 1e6), default: 1),
              .init("constant", .coordinate, default: 0),
              .init("priority", .number(minimum: 1, maximum: 1000), default: 1000),
            ])),
          required: true)
      ]),
      result: .object([.init("ids", .array(.string), required: true)])),
    MethodSpec(
      "layout/layoutIfNeeded",
      "view.layoutIfNeeded(): lays out the views in its subtree that need it now (R30); reports ambiguous views.",
      params: .fields([.init("view", .id, required: true)]),
      result: .object([.init("ambiguous", .array(.string), required: true)])),
    MethodSpec(
      "layout/removeConstraints", "NSLayoutConstraint.deactivate.",
      params: .fields([.init("ids", .array(.id), required: true)])),
    MethodSpec(
      "scene/load",
      "Builds windows, controllers (of every kind, nested), views, frames and embeddings in one turn (Documentation/Scenes.md).",
      params: .fields([.init("scene", .object([], additional: true), required: true)]),
      result: .object([.init("ids", .map(.string), required: true)])),
    MethodSpec(
      "scroll/configure", "UIScrollView properties (S2.4).",
      params: .fields([
        .init("view", .id, required: true), .init("contentSize", .size), .init("contentInset", .insets),
        .init("bounces", .boolean), .init("alwaysBounceVertical", .boolean), .init("alwaysBounceHorizontal", .boolean),
        .init("isPagingEnabled", .boolean),
        .init(
          "decelerationRate", .oneOf([.enumeration(["normal", "fast"]), .number(minimum: 0.5, maximum: 0.99999)])),
        .init("contentInsetAdjustmentBehavior", .enumeration(["automatic", "scrollableAxes", "never", "always"])),
      ])),
    MethodSpec(
      "scroll/fling", "A pan that begins and is released at once at velocity (pt/s, the finger's), full drag sequence.",
      params: .fields([.init("view", .id, required: true), .init("velocity", .point, required: true)]),
      result: .object([.init("targetContentOffset", .point, required: true)])),
    MethodSpec(
      "scroll/get",
      "contentOffset, contentSize, contentInset, adjustedContentInset, isTracking, isDragging, isDecelerating.",
      params: .fields([.init("view", .id, required: true)]), result: .scrollState),
    MethodSpec(
      "scroll/pan", "A pan gesture phase; translation is cumulative since began (the finger's, pt).",
      params: .fields([
        .init("view", .id, required: true),
        .init("phase", .enumeration(["began", "changed", "ended", "cancelled"]), required: true),
        .init("translation", .point, default: ["x": 0, "y": 0]), .init("velocity", .point, default: ["x": 0, "y": 0]),
      ]),
      result: .object([.init("contentOffset", .point, required: true)])),
    MethodSpec(
      "scroll/scrollRectToVisible", "scrollRectToVisible(_:animated:): nearest edge, nothing if visible (S2.6).",
      params: .fields([
        .init("view", .id, required: true), .init("rect", .rect, required: true),
        .init("animated", .boolean, default: false),
      ])),
    MethodSpec(
      "scroll/setContentOffset",
      "setContentOffset(_:animated:): not clamped; animated at constant velocity over 0.3 s (S2.6).",
      params: .fields([
        .init("view", .id, required: true), .init("offset", .point, required: true),
        .init("animated", .boolean, default: false),
      ])),
    MethodSpec(
      "keyboard/hide", "The keyboard leaves; tables adjusted for it get their inset back (S2.8).",
      params: .fields([.init("window", .id, required: true), .init("animated", .boolean, default: true)])),
    MethodSpec(
      "keyboard/show",
      "The keyboard covers the window's bottom height points; UITableViewControllers avoid it (S2.8).",
      params: .fields([
        .init("window", .id, required: true), .init("height", .number(minimum: 0, maximum: 100_000), required: true),
        .init("animated", .boolean, default: true),
      ])),
    MethodSpec(
      "table/get", "The table's data shape, registrations, selection and displayed cells (S2.8).",
      params: .fields([.init("table", .id, required: true)]), result: .tableState),
    MethodSpec(
      "table/rectForRow", "rectForRow(at:), in the table's content coordinates (S2.8).",
      params: .fields([
        .init("table", .id, required: true), .init("section", .integer(minimum: 0), required: true),
        .init("row", .integer(minimum: 0), required: true),
      ]),
      result: .object([.init("rect", .rect, required: true)])),
    MethodSpec(
      "table/register", "register(_:forCellReuseIdentifier:).",
      params: .fields([.init("table", .id, required: true), .init("identifier", .string, required: true)])),
    MethodSpec(
      "table/scrollToRow", "scrollToRow(at:at:animated:), clamped to the range (S2.8).",
      params: .fields([
        .init("table", .id, required: true), .init("section", .integer(minimum: 0), required: true),
        .init("row", .integer(minimum: 0), required: true),
        .init("position", .enumeration(["top", "middle", "bottom", "none"]), default: "none"),
        .init("animated", .boolean, default: false),
      ])),
    MethodSpec(
      "table/select", "A tap on a row: selection, tableView(_:didSelectRowAt:); returns the row's model.",
      params: .fields([
        .init("table", .id, required: true), .init("section", .integer(minimum: 0), required: true),
        .init("row", .integer(minimum: 0), required: true),
      ]),
      result: .object([.init("model", .any, required: true, "the row's model as table/setData gave it, or null")])),
    MethodSpec(
      "table/setData",
      "The data source's answers, then reloadData; each section has rows, heights or rowCount (S2.8).",
      params: .fields([
        .init("table", .id, required: true),
        .init(
          "sections",
          .array(
            .object([
              .init("headerHeight", .length), .init("footerHeight", .length),
              .init(
                "rows",
                .array(
                  .object([
                    .init("identifier", .nullable(.string)), .init("height", .length, required: true),
                    .init("model", .any),
                  ]))),
              .init("heights", .array(.length), "listed heights, with identifier or identifiers"),
              .init("identifiers", .array(.nullable(.string))),
              .init("rowCount", .integer(minimum: 0, maximum: 1_000_000_000), "uniform rows, with rowHeight"),
              .init("rowHeight", .length), .init("identifier", .nullable(.string)),
            ])),
          required: true),
        .init("style", .enumeration(TableStyle.allCases.map(\.rawValue))),
        .init(
          "dequeue", .enumeration(DequeueMode.allCases.map(\.rawValue)), default: "forIndexPath",
          "forIndexPath: UIKit's exception for an unregistered identifier; withIdentifier: seed 004's data source"),
        .init("tableHeaderHeight", .length), .init("tableFooterHeight", .length),
        .init("sectionHeaderTopPadding", .length),
      ]),
      result: .object([.init("contentSize", .size, required: true)])),
    MethodSpec(
      "table/visibleRows",
      "indexPathsForVisibleRows and the section headers in view with their sticky y; with rect, indexPathsForRows(in:).",
      params: .fields([
        .init("table", .id, required: true), .init("rect", .rect, "content coordinates: only the rows it intersects"),
      ]),
      result: .object([
        .init("rows", .array(.indexPath), required: true),
        .init(
          "headers",
          .array(
            .object([
              .init("section", .integer(minimum: 0), required: true), .init("y", .number(), required: true),
              .init("height", .number(), required: true),
            ])), "without rect: the section headers in view, y in content coordinates (sticky in plain tables)"),
      ])),
    MethodSpec(
      "view/focus", "becomeFirstResponder(): true for a UITextField in a window (S2.8, keyboard avoidance).",
      params: .fields([.init("view", .id, required: true)]),
      result: .object([.init("isFirstResponder", .boolean, required: true)])),
    MethodSpec(
      "view/addSubview", "superview.addSubview(view) or insertSubview(_:at:) (R1, R6, R7, A-hier).",
      params: .fields([
        .init("superview", .id, required: true), .init("view", .id, required: true),
        .init("index", .integer(minimum: 0)),
      ])),
    MethodSpec(
      "view/bringSubviewToFront", "superview.bringSubviewToFront(view); a named root view loads first (R72).",
      params: .fields([.init("view", .id, required: true)])),
    MethodSpec(
      "view/configure",
      "view.isHidden, view.clipsToBounds (hit testing, rendering); layoutMargins, insetsLayoutMarginsFromSafeArea, "
        + "preservesSuperviewLayoutMargins (R64: a change lays the view out; its controller hears of new margins).",
      params: .fields([
        .init("view", .id, required: true), .init("isHidden", .boolean), .init("clipsToBounds", .boolean),
        .init(
          "layoutMargins", .insets,
          "UIView.layoutMargins as set (default 8 each side; a root view's floor is "
            + "the system minimum)"),
        .init("insetsLayoutMarginsFromSafeArea", .boolean, "margins measured from the safe area (default true)"),
        .init("preservesSuperviewLayoutMargins", .boolean, "margins at least the superview's (default false)"),
      ])),
    MethodSpec(
      "view/create", "A view (not a window).",
      params: .fields([
        .init("id", .id),
        .init(
          "kind", .enumeration(viewKinds),
          default: "UIView"),
        .init("frame", .rect),
        .init(
          "autoresizingMask",
          .array(
            .enumeration([
              "flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin", "flexibleTopMargin", "flexibleHeight",
              "flexibleBottomMargin",
            ]))),
        .init("text", .string),
      ]),
      result: .object([.init("id", .string, required: true)])),
    MethodSpec(
      "view/get", "State of a view; never loads a controller's view.",
      params: .fields([.init("view", .id, required: true)]), result: .viewState),
    MethodSpec(
      "view/hitTest", "window.hitTest(point): the frontmost view under a point in window coordinates, or null.",
      params: .fields([.init("window", .id, required: true), .init("point", .point, required: true)]),
      result: .object([.init("view", .nullable(.string), required: true)])),
    MethodSpec(
      "view/removeFromSuperview", "view.removeFromSuperview() (R6, R7); a named root view loads first (R72).",
      params: .fields([.init("view", .id, required: true)])),
    MethodSpec(
      "view/setFrame", "view.frame = frame.",
      params: .fields([.init("view", .id, required: true), .init("frame", .rect, required: true)])),
  ]
}

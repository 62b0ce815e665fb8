import ContainerEngine
import ContainerJSON

/// `split/*`: UISplitViewController, iOS 14 column style (R39–R45). `Methods.all` includes them.
extension Methods {
  static let splitColumnNames = Engine.SplitViewState.Column.allCases.map(\.rawValue)
  static let splitDisplayModes = Engine.SplitViewState.DisplayMode.allCases.map(\.rawValue)

  /// The `controller/create` options a UISplitViewController takes (R39–R45); its `delegate` is an object (the
  /// shared `delegate` field takes one).
  static let splitCreateFields: [Schema.Field] = [
    .init(
      "style", .enumeration(Engine.SplitViewState.Style.allCases.map(\.rawValue)),
      "UISplitViewController: doubleColumn or tripleColumn (doubleColumn)"),
    .init(
      "columns",
      .object([
        .init("primary", .id), .init("supplementary", .id, "tripleColumn only"), .init("secondary", .id),
        .init("compact", .id, "shown alone when collapsed, not wrapped (R39, R40)"),
      ]),
      "UISplitViewController: the columns' controllers; a plain controller is wrapped in a navigation controller "
        + "<split>-<column> (R39)"),
    .init(
      "preferredDisplayMode", .enumeration(splitDisplayModes), "UISplitViewController (automatic, R40)"),
    .init(
      "preferredSplitBehavior", .enumeration(Engine.SplitViewState.SplitBehavior.allCases.map(\.rawValue)),
      "UISplitViewController (automatic: tile from split.tileMinimumWidth in landscape, else overlay)"),
    .init(
      "presentsWithGesture", .boolean,
      "UISplitViewController (true; reported by split/get with the display mode button it shows, no gesture is run)"),
  ]

  /// The delegate a split view controller's `delegate` option installs: what it answers (absent: the proposed value).
  static let splitDelegateSchema = Schema.object([
    .init(
      "topColumnForCollapsing", .enumeration(splitColumnNames + ["proposed"]),
      "the top column when collapsing (proposed: the proposed one, R41)"),
    .init(
      "displayModeForExpanding", .enumeration(splitDisplayModes + ["proposed"]),
      "the display mode when expanding (proposed or automatic: the proposed one, R42)"),
  ])

  /// A split view controller's state as `split/get` (without children), `controller/get` and `world/snapshot` give it.
  static let splitState = Schema.object([
    .init("isCollapsed", .boolean, required: true), .init("displayMode", .string, required: true),
    .init("splitBehavior", .string, required: true), .init("style", .string, required: true),
    .init(
      "columns", .map(.object([.init("controller", .string), .init("wrapper", .nullable(.string))])), required: true),
    .init("visibleColumns", .array(.string), required: true),
  ])

  private static let splitColumnField = Schema.Field(
    "column", .enumeration(splitColumnNames), required: true)

  /// The `split/*` methods.
  static let splitMethods: [MethodSpec] = [
    MethodSpec(
      "split/get", "isCollapsed, the display mode and behaviour, the columns and the children (R39–R42).",
      params: .fields([.init("split", .id, required: true)]),
      result: .object([
        .init("isCollapsed", .boolean, required: true), .init("displayMode", .string, required: true),
        .init("splitBehavior", .string, required: true), .init("style", .string, required: true),
        .init(
          "columns", .map(.object([.init("controller", .string), .init("wrapper", .nullable(.string))])), required: true
        ),
        .init("visibleColumns", .array(.string), required: true),
        .init("children", .array(.string), required: true),
        .init(
          "presentsWithGesture", .boolean, required: true,
          "whether the display-mode gesture is installed (interactive in column style)"),
        .init(
          "displayModeButtonVisible", .boolean, required: true,
          "the display mode button's automatic visibility: shown while expanded unless presentsWithGesture is false"),
        .init(
          "pending", .map(.nullable(.string)),
          "columns set while collapsed into one stack, installed when it expands (null: emptied; R42)"),
      ])),
    MethodSpec(
      "split/viewController", "viewController(for:): the column's controller and its wrapper (R39).",
      params: .fields([.init("split", .id, required: true), splitColumnField]),
      result: .object([
        .init("controller", .nullable(.string), required: true), .init("wrapper", .nullable(.string), required: true),
      ])),
    MethodSpec(
      "split/setViewController", "setViewController(_:for:) (R39, R44); null empties the column.",
      params: .fields([
        .init("split", .id, required: true), splitColumnField,
        .init("controller", .nullable(.id), required: true),
      ]),
      result: .object([.init("wrapper", .nullable(.string), required: true)])),
    MethodSpec(
      "split/show", "show(_:) a column (R43); completion event showColumn.",
      params: .fields([
        .init("split", .id, required: true), splitColumnField, .init("animated", .boolean, default: true),
      ]),
      result: .object([.init("ignored", .boolean, required: true)])),
    MethodSpec(
      "split/hide", "hide(_:) a column (R43); completion event hideColumn.",
      params: .fields([
        .init("split", .id, required: true), splitColumnField, .init("animated", .boolean, default: true),
      ]),
      result: .object([.init("ignored", .boolean, required: true)])),
    MethodSpec(
      "split/showDetail", "showDetailViewController(_:sender:) (R45).",
      params: .fields([
        .init("split", .id, required: true), .init("controller", .id, required: true),
        .init("sender", .string, "accepted and ignored"), .init("animated", .boolean, default: true),
      ]),
      result: .object([.init("how", .enumeration(["installed", "pushed", "presented"]), required: true)])),
    MethodSpec(
      "split/showViewController", "show(_:sender:) on the split view controller (R45).",
      params: .fields([
        .init("split", .id, required: true), .init("controller", .id, required: true),
        .init("sender", .string, "accepted and ignored"), .init("animated", .boolean, default: true),
      ]),
      result: .object([.init("how", .enumeration(["installed", "pushed", "presented"]), required: true)])),
  ]
}

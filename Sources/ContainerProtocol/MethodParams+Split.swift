public import ContainerEngine
package import ContainerJSON

// MARK: - split/*

/// `split/get`.
public struct SplitGetParams: MethodParams {
  public static let method = "split/get"
  package var split: String

  package init(_ params: Params) throws(RPCError) {
    split = try params.value("split")
  }
}

/// `split/viewController`.
public struct SplitViewControllerParams: MethodParams {
  public static let method = "split/viewController"
  package var split: String
  package var column: Engine.SplitViewState.Column

  package init(_ params: Params) throws(RPCError) {
    split = try params.value("split")
    column = try params.value("column")
  }
}

/// `split/setViewController`.
public struct SplitSetViewControllerParams: MethodParams {
  public static let method = "split/setViewController"
  package var split: String
  package var column: Engine.SplitViewState.Column
  /// nil: empties the column.
  package var controller: String?

  package init(_ params: Params) throws(RPCError) {
    split = try params.value("split")
    column = try params.value("column")
    controller = try params.optional("controller")
  }
}

/// `split/show`.
public struct SplitShowParams: MethodParams {
  public static let method = "split/show"
  package var split: String
  package var column: Engine.SplitViewState.Column
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    split = try params.value("split")
    column = try params.value("column")
    animated = try params.value("animated")
  }
}

/// `split/hide`.
public struct SplitHideParams: MethodParams {
  public static let method = "split/hide"
  package var split: String
  package var column: Engine.SplitViewState.Column
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    split = try params.value("split")
    column = try params.value("column")
    animated = try params.value("animated")
  }
}

/// `split/showDetail`.
public struct SplitShowDetailParams: MethodParams {
  public static let method = "split/showDetail"
  package var split: String
  package var controller: String
  package var sender: String?
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    split = try params.value("split")
    controller = try params.value("controller")
    sender = try params.optional("sender")
    animated = try params.value("animated")
  }
}

/// `split/showViewController`.
public struct SplitShowViewControllerParams: MethodParams {
  public static let method = "split/showViewController"
  package var split: String
  package var controller: String
  package var sender: String?
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    split = try params.value("split")
    controller = try params.value("controller")
    sender = try params.optional("sender")
    animated = try params.value("animated")
  }
}

extension Engine.SplitOptions {
  /// `controller/create`'s split options (`Methods.splitCreateFields` and the object form of `delegate`); nil when
  /// none is given and the kind is not UISplitViewController.
  init?(_ params: Params, kind: ControllerKind) throws(RPCError) {
    self.init()
    var given = kind == .splitViewController
    if let style: Engine.SplitViewState.Style = try params.optional("style") {
      self.style = style
      given = true
    }
    if let columns = try params.optionalObject("columns") {
      for column in Engine.SplitViewState.Column.allCases {
        if let id: String = try columns.optional(column.rawValue) { self.columns[column] = id }
      }
      given = true
    }
    if let mode: Engine.SplitViewState.DisplayMode = try params.optional("preferredDisplayMode") {
      preferredDisplayMode = mode
      given = true
    }
    if let behavior: Engine.SplitViewState.SplitBehavior = try params.optional("preferredSplitBehavior") {
      preferredSplitBehavior = behavior
      given = true
    }
    if let gesture: Bool = try params.optional("presentsWithGesture") {
      presentsWithGesture = gesture
      given = true
    }
    if kind == .splitViewController, let given: JSONValue = try params.optional("delegate") {
      // `true`: a delegate answering the proposed values; `false`: none.
      let delegate = given.objectValue ?? [:]
      var answers = Engine.SplitViewState.Delegate()
      if let top = delegate["topColumnForCollapsing"]?.stringValue, top != "proposed" {
        answers.topColumnForCollapsing = Engine.SplitViewState.Column(rawValue: top)
      }
      if let mode = delegate["displayModeForExpanding"]?.stringValue, mode != "proposed" {
        answers.displayModeForExpanding = Engine.SplitViewState.DisplayMode(rawValue: mode)
      }
      if given != .bool(false) { self.delegate = answers }
    }
    guard given else { return nil }
  }
}

extension Engine.SplitViewState.Column: ParamValue {}
extension Engine.SplitViewState.Style: ParamValue {}
extension Engine.SplitViewState.DisplayMode: ParamValue {}
extension Engine.SplitViewState.SplitBehavior: ParamValue {}
extension Engine.SplitBehaviorOptions.InitialCollapseCalls: ParamValue {}

/// The `split.*` engine options of `daemon/configure` (R40–R45's open points).
extension Methods {
  static let splitEngineOptions: [Schema.Field] = [
    .init(
      "split.proposedTopColumn", .enumeration(["primary", "supplementary", "secondary"]),
      "the top column proposed to topColumnForCollapsing (R41)"),
    .init(
      "split.initialCollapseCallsDelegate",
      .enumeration(Engine.SplitBehaviorOptions.InitialCollapseCalls.allCases.map(\.rawValue)),
      "the delegate calls of the collapse when joining a compact window: topColumnOnly, all or none (R41)"),
    .init(
      "split.dropAppearanceOnDisplayModeChange", .boolean,
      "a column shown by a display-mode change gets no appearance callbacks (R40's reported bug)"),
    .init(
      "split.setSecondaryPushAnimated", .boolean,
      "R44's push of a plain controller onto the secondary column's navigation controller is animated"),
    .init(
      "split.sizeCallbackOnColumnWidth", .boolean,
      "a column-width change sends viewWillTransitionToSize to the columns (R45; recorded only)"),
    .init(
      "split.reportsWillChangeDisplayMode", .boolean,
      "willChangeToDisplayMode is reported before willShowColumn/willHideColumn (R42's open point)"),
    .init(
      "split.tileMinimumWidth", .length, "the landscape width from which an automatic behaviour tiles (1000, R40)"),
    .init(
      "traits.skipFirstWillTransitionInSplitOverlay", .boolean,
      "a split view controller in overlay behaviour and its columns get no willTransitionToTraitCollection on its "
        + "first size-class change (R62's reported bug; false)"),
  ]
}

/// The `split.*` members of `daemon/configure`'s `options`, each optional.
package struct SplitEngineOptions {
  package var proposedTopColumn: Engine.SplitViewState.Column?
  package var initialCollapseCallsDelegate: Engine.SplitBehaviorOptions.InitialCollapseCalls?
  package var dropAppearanceOnDisplayModeChange: Bool?
  package var setSecondaryPushAnimated: Bool?
  package var sizeCallbackOnColumnWidth: Bool?
  package var reportsWillChangeDisplayMode: Bool?
  package var tileMinimumWidth: Double?
  package var skipFirstWillTransitionInSplitOverlay: Bool?

  package init() {}

  init(_ given: Params) throws(RPCError) {
    proposedTopColumn = try given.optional("split.proposedTopColumn")
    initialCollapseCallsDelegate = try given.optional("split.initialCollapseCallsDelegate")
    dropAppearanceOnDisplayModeChange = try given.optional("split.dropAppearanceOnDisplayModeChange")
    setSecondaryPushAnimated = try given.optional("split.setSecondaryPushAnimated")
    sizeCallbackOnColumnWidth = try given.optional("split.sizeCallbackOnColumnWidth")
    reportsWillChangeDisplayMode = try given.optional("split.reportsWillChangeDisplayMode")
    tileMinimumWidth = try given.optional("split.tileMinimumWidth")
    skipFirstWillTransitionInSplitOverlay = try given.optional("traits.skipFirstWillTransitionInSplitOverlay")
  }

  /// Sets the given ones.
  package func apply(to behavior: inout Engine.SplitBehaviorOptions) {
    if let value = proposedTopColumn { behavior.proposedTopColumn = value }
    if let value = initialCollapseCallsDelegate { behavior.initialCollapseCallsDelegate = value }
    if let value = dropAppearanceOnDisplayModeChange { behavior.dropAppearanceOnDisplayModeChange = value }
    if let value = setSecondaryPushAnimated { behavior.setSecondaryPushAnimated = value }
    if let value = sizeCallbackOnColumnWidth { behavior.sizeCallbackOnColumnWidth = value }
    if let value = reportsWillChangeDisplayMode { behavior.reportsWillChangeDisplayMode = value }
    if let value = tileMinimumWidth { behavior.tileMinimumWidth = value }
    if let value = skipFirstWillTransitionInSplitOverlay { behavior.skipFirstWillTransitionInOverlay = value }
  }

  /// Every `split.*` option's current value, by its wire name.
  package static func values(_ behavior: Engine.SplitBehaviorOptions) -> [(String, JSONValue)] {
    [
      ("split.proposedTopColumn", .string(behavior.proposedTopColumn.rawValue)),
      ("split.initialCollapseCallsDelegate", .string(behavior.initialCollapseCallsDelegate.rawValue)),
      ("split.dropAppearanceOnDisplayModeChange", .bool(behavior.dropAppearanceOnDisplayModeChange)),
      ("split.setSecondaryPushAnimated", .bool(behavior.setSecondaryPushAnimated)),
      ("split.sizeCallbackOnColumnWidth", .bool(behavior.sizeCallbackOnColumnWidth)),
      ("split.reportsWillChangeDisplayMode", .bool(behavior.reportsWillChangeDisplayMode)),
      ("split.tileMinimumWidth", .number(behavior.tileMinimumWidth)),
      ("traits.skipFirstWillTransitionInSplitOverlay", .bool(behavior.skipFirstWillTransitionInOverlay)),
    ]
  }
}

public import ContainerEngine
public import ContainerJSON

// MARK: - split/* as encodable params (the Swift client's typed requests)

extension Engine.SplitViewState.Column: EncodableParamValue {}

extension Engine.SplitOptions {
  /// A UISplitViewController's `controller/create` options, all written (decoding fills in the same defaults).
  func encode(into builder: inout ParamsBuilder) {
    builder.set("style", style.rawValue)
    var members = JSONObject()
    for column in Engine.SplitViewState.Column.allCases {
      if let id = columns[column] { members[column.rawValue] = .string(id) }
    }
    builder.set("columns", JSONValue.object(members))
    builder.set("preferredDisplayMode", preferredDisplayMode.rawValue)
    builder.set("preferredSplitBehavior", preferredSplitBehavior.rawValue)
    builder.set("presentsWithGesture", presentsWithGesture)
    if let delegate {
      var answers = JSONObject()
      if let top = delegate.topColumnForCollapsing { answers["topColumnForCollapsing"] = .string(top.rawValue) }
      if let mode = delegate.displayModeForExpanding { answers["displayModeForExpanding"] = .string(mode.rawValue) }
      builder.set("delegate", JSONValue.object(answers))
    }
  }
}

extension SplitGetParams: EncodableMethodParams {
  /// A split view controller's state (R39–R42).
  public init(split: String) { self.split = split }

  public var encoded: JSONValue { ParamsBuilder(["split": split]).json }
}

extension SplitViewControllerParams: EncodableMethodParams {
  /// `viewController(for:)` and the column's wrapper (R39).
  public init(split: String, column: Engine.SplitViewState.Column) {
    self.split = split
    self.column = column
  }

  public var encoded: JSONValue { ParamsBuilder(["split": split, "column": column]).json }
}

extension SplitSetViewControllerParams: EncodableMethodParams {
  /// `setViewController(_:for:)` (R39, R44); nil empties the column.
  public init(split: String, column: Engine.SplitViewState.Column, controller: String?) {
    self.split = split
    self.column = column
    self.controller = controller
  }

  public var encoded: JSONValue {
    var builder = ParamsBuilder(["split": split, "column": column])
    builder.setOrNull("controller", controller)
    return builder.json
  }
}

extension SplitShowParams: EncodableMethodParams {
  /// `show(_:)` a column (R43).
  public init(split: String, column: Engine.SplitViewState.Column, animated: Bool = true) {
    self.split = split
    self.column = column
    self.animated = animated
  }

  public var encoded: JSONValue { ParamsBuilder(["split": split, "column": column, "animated": animated]).json }
}

extension SplitHideParams: EncodableMethodParams {
  /// `hide(_:)` a column (R43).
  public init(split: String, column: Engine.SplitViewState.Column, animated: Bool = true) {
    self.split = split
    self.column = column
    self.animated = animated
  }

  public var encoded: JSONValue { ParamsBuilder(["split": split, "column": column, "animated": animated]).json }
}

extension SplitShowDetailParams: EncodableMethodParams {
  /// `showDetailViewController(_:sender:)` (R45).
  public init(split: String, controller: String, sender: String? = nil, animated: Bool = true) {
    self.split = split
    self.controller = controller
    self.sender = sender
    self.animated = animated
  }

  public var encoded: JSONValue {
    ParamsBuilder(["split": split, "controller": controller, "sender": sender, "animated": animated]).json
  }
}

extension SplitShowViewControllerParams: EncodableMethodParams {
  /// `show(_:sender:)` on the split view controller (R45).
  public init(split: String, controller: String, sender: String? = nil, animated: Bool = true) {
    self.split = split
    self.controller = controller
    self.sender = sender
    self.animated = animated
  }

  public var encoded: JSONValue {
    ParamsBuilder(["split": split, "controller": controller, "sender": sender, "animated": animated]).json
  }
}

public import ContainerJSON
public import ContainerProtocol

// MARK: - The split view controller as typed requests (R39–R45)

/// `split/get`'s answer.
public struct SplitInfo: TypedResult, Equatable {
  public var json: JSONValue
  public var isCollapsed: Bool
  public var displayMode: String
  public var splitBehavior: String
  /// The columns on screen, in column order (R40).
  public var visibleColumns: [String]
  /// The split view controller's children: the wrappers (or the controllers set as-is), in column order.
  public var children: [String]
  /// `presentsWithGesture` (reported only; the engine runs no display-mode gesture).
  public var presentsWithGesture: Bool
  /// The display mode button's automatic visibility: shown while expanded unless `presentsWithGesture` is false.
  public var displayModeButtonVisible: Bool
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    json = result
    isCollapsed = try Self.require(result["isCollapsed"]?.boolValue, "isCollapsed", in: result, method: method)
    displayMode = try Self.require(result["displayMode"]?.stringValue, "displayMode", in: result, method: method)
    splitBehavior = try Self.require(
      result["splitBehavior"]?.stringValue, "splitBehavior", in: result, method: method)
    visibleColumns = (result["visibleColumns"]?.arrayValue ?? []).compactMap(\.stringValue)
    children = (result["children"]?.arrayValue ?? []).compactMap(\.stringValue)
    presentsWithGesture = result["presentsWithGesture"]?.boolValue ?? true
    displayModeButtonVisible = result["displayModeButtonVisible"]?.boolValue ?? false
  }
  /// The controller set for `column` while collapsed, installed when the split view controller expands (`.some(nil)`:
  /// the column will be emptied; nil: nothing pending).
  public func pending(_ column: String) -> String?? {
    guard let value = json["pending"]?[column] else { return nil }
    return .some(value.stringValue)
  }
  /// The controller set for `column` (nil: none).
  public func controller(_ column: String) -> String? { json["columns"]?[column]?["controller"]?.stringValue }
  /// The navigation controller wrapping `column`'s controller (nil: none).
  public func wrapper(_ column: String) -> String? { json["columns"]?[column]?["wrapper"]?.stringValue }
}

/// `split/viewController`'s and `split/setViewController`'s answers: a column's controller (when asked) and wrapper.
public struct SplitColumnInfo: TypedResult, Equatable {
  public var json: JSONValue
  public var controller: String?
  public var wrapper: String?
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    _ = try Self.require(result.objectValue, "an object", in: result, method: method)
    json = result
    controller = result["controller"]?.stringValue
    wrapper = result["wrapper"]?.stringValue
  }
}

/// `split/show`'s and `split/hide`'s `{ignored}` (R43).
public struct SplitShowResult: TypedResult, Equatable {
  public var json: JSONValue
  public var ignored: Bool
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    json = result
    ignored = try Self.require(result["ignored"]?.boolValue, "ignored", in: result, method: method)
  }
}

/// `split/showDetail`'s and `split/showViewController`'s `{how}`: installed, pushed or presented (R45).
public struct SplitShowDetailResult: TypedResult, Equatable {
  public var json: JSONValue
  public var how: String
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    json = result
    how = try Self.require(result["how"]?.stringValue, "how", in: result, method: method)
  }
}

extension SplitGetParams: ContainerRequest { public typealias Response = SplitInfo }
extension SplitViewControllerParams: ContainerRequest { public typealias Response = SplitColumnInfo }
extension SplitSetViewControllerParams: ContainerRequest { public typealias Response = SplitColumnInfo }
extension SplitShowParams: ContainerRequest { public typealias Response = SplitShowResult }
extension SplitHideParams: ContainerRequest { public typealias Response = SplitShowResult }
extension SplitShowDetailParams: ContainerRequest { public typealias Response = SplitShowDetailResult }
extension SplitShowViewControllerParams: ContainerRequest { public typealias Response = SplitShowDetailResult }

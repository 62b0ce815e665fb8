public import ContainerEngine
public import ContainerJSON
public import ContainerProtocol

/// A call the client can send: a method, its params, and how to read its result.
///
/// The protocol layer's params types (`ControllerCreateParams`, `ContainmentAddChildParams`, …) are requests with
/// typed results; `RawRequest` sends any method with params as JSON and answers the result as JSON.
public protocol ContainerRequest: Sendable {
  /// What the result is read as.
  associatedtype Response: Sendable
  /// The JSON-RPC method.
  var wireMethod: String { get }
  /// The `params` member (nil: none).
  var wireParams: JSONValue? { get }
  /// Reads the result.
  func response(from result: JSONValue) throws(ContainerClientError) -> Response
}

extension ContainerRequest where Self: EncodableMethodParams {
  public var wireMethod: String { Self.method }
  public var wireParams: JSONValue? { encoded }
}

extension ContainerRequest where Response == JSONValue {
  public func response(from result: JSONValue) throws(ContainerClientError) -> JSONValue { result }
}

extension ContainerRequest where Response: TypedResult {
  public func response(from result: JSONValue) throws(ContainerClientError) -> Response {
    try Response(result: result, method: wireMethod)
  }
}

/// Any method, params and result as JSON: the escape hatch for methods without a typed request.
public struct RawRequest: ContainerRequest {
  public typealias Response = JSONValue
  public var wireMethod: String
  public var wireParams: JSONValue?

  public init(_ method: String, params: JSONValue? = nil) {
    wireMethod = method
    wireParams = params
  }
}

// MARK: - Typed results

/// A result read from the daemon's JSON; `json` keeps it whole for members the typed accessors leave out.
public protocol TypedResult: Sendable {
  /// The result, whole.
  var json: JSONValue { get }
  /// Reads `result`, checking the members the type needs.
  init(result: JSONValue, method: String) throws(ContainerClientError)
}

extension TypedResult {
  static func require<T>(
    _ value: T?, _ what: String, in result: JSONValue, method: String
  ) throws(ContainerClientError) -> T {
    guard let value else { throw .unexpectedResult(method: method, expected: what, got: result) }
    return value
  }
}

/// `{}`: a call that answers nothing but success.
public struct EmptyResult: TypedResult, Equatable {
  public var json: JSONValue
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    _ = try Self.require(result.objectValue, "an object", in: result, method: method)
    json = result
  }
}

/// `{id}`: an object made (`window/create`, `view/create`).
public struct CreatedObject: TypedResult, Equatable {
  public var json: JSONValue
  /// The new object's id.
  public var id: String
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    json = result
    id = try Self.require(result["id"]?.stringValue, "id", in: result, method: method)
  }
}

/// `controller/create`'s `{id, view}`.
public struct CreatedController: TypedResult, Equatable {
  public var json: JSONValue
  /// The controller's id.
  public var id: String
  /// Its view's id (made when the view loads: `<id>.view`).
  public var view: String?
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    json = result
    id = try Self.require(result["id"]?.stringValue, "id", in: result, method: method)
    view = result["view"]?.stringValue
  }
}

/// A result read by member name: `controller/get`, `view/get`, `scroll/get`, `table/get`, `presentation/get`,
/// `paging/get` answer objects whose members depend on the object's kind; the common ones have accessors.
public protocol ObjectResult: TypedResult {}

extension ObjectResult {
  /// The member `name`, or nil.
  public subscript(name: String) -> JSONValue? { json[name] }
}

/// `controller/get`: a controller's state.
public struct ControllerInfo: ObjectResult, Equatable {
  public var json: JSONValue
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    _ = try Self.require(result.objectValue, "an object", in: result, method: method)
    json = result
  }
  /// The controller's class (`UIViewController`, `UINavigationController`, …).
  public var kind: String? { json["kind"]?.stringValue }
  /// `appeared`, `appearing`, `disappearing` or `disappeared`.
  public var appearance: String? { json["appearance"]?.stringValue }
  /// The parent controller's id.
  public var parent: String? { json["parent"]?.stringValue }
  /// The child controllers' ids, in order.
  public var children: [String] { json["children"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
  /// `isViewLoaded`.
  public var isViewLoaded: Bool? { json["isViewLoaded"]?.boolValue }
  /// `shouldAutomaticallyForwardAppearanceMethods`.
  public var forwardsAppearance: Bool? { json["forwardsAppearance"]?.boolValue }
}

/// `view/get`: a view's state.
public struct ViewInfo: ObjectResult, Equatable {
  public var json: JSONValue
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    _ = try Self.require(result.objectValue, "an object", in: result, method: method)
    json = result
  }
  /// The view's frame in its superview.
  public var frame: Rect? { json["frame"].flatMap(Rect.init(param:)) }
  /// The superview's id.
  public var superview: String? { json["superview"]?.stringValue }
  /// The subviews' ids, back to front.
  public var subviews: [String] { json["subviews"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
}

/// `scroll/get`: a scroll view's state.
public struct ScrollViewInfo: ObjectResult, Equatable {
  public var json: JSONValue
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    _ = try Self.require(result.objectValue, "an object", in: result, method: method)
    json = result
  }
  public var contentOffset: Point? { json["contentOffset"].flatMap(Point.init(param:)) }
  public var contentSize: Size? { json["contentSize"].flatMap(Size.init(param:)) }
  public var contentInset: Insets? { json["contentInset"].flatMap(Insets.init(param:)) }
  public var adjustedContentInset: Insets? { json["adjustedContentInset"].flatMap(Insets.init(param:)) }
  public var isDragging: Bool? { json["isDragging"]?.boolValue }
  public var isDecelerating: Bool? { json["isDecelerating"]?.boolValue }
  public var isTracking: Bool? { json["isTracking"]?.boolValue }
}

/// `table/get`: a table view's state.
public struct TableInfo: ObjectResult, Equatable {
  public var json: JSONValue
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    _ = try Self.require(result.objectValue, "an object", in: result, method: method)
    json = result
  }
}

/// `presentation/get`: what a controller presents and is presented by.
public struct PresentationInfo: ObjectResult, Equatable {
  public var json: JSONValue
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    _ = try Self.require(result.objectValue, "an object", in: result, method: method)
    json = result
  }
  public var presentingViewController: String? { json["presentingViewController"]?.stringValue }
  public var presentedViewController: String? { json["presentedViewController"]?.stringValue }
  /// The presentation context's controller (R53), when one was used.
  public var context: String? { json["context"]?.stringValue }
  public var style: String? { json["style"]?.stringValue }
  public var transitionStyle: String? { json["transitionStyle"]?.stringValue }
  public var frame: Rect? { json["frame"].flatMap(Rect.init(param:)) }
}

/// `paging/get`: a paging container's header and pages.
public struct PagingInfo: ObjectResult, Equatable {
  /// One page.
  public struct Page: Sendable, Equatable {
    public var controller: String
    public var scrollView: String?
    public var contentOffset: Point?
    public var loaded: Bool
  }

  public var json: JSONValue
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    _ = try Self.require(result.objectValue, "an object", in: result, method: method)
    json = result
  }
  /// The selected page.
  public var index: Int? { json["index"]?.intValue.map { Int($0) } }
  /// The header's frame (its `y` goes negative as the header scrolls up).
  public var headerFrame: Rect? { json["headerFrame"].flatMap(Rect.init(param:)) }
  /// The pages, in order.
  public var pages: [Page] {
    (json["pages"]?.arrayValue ?? []).compactMap { page in
      guard let controller = page["controller"]?.stringValue else { return nil }
      return Page(
        controller: controller, scrollView: page["scrollView"]?.stringValue,
        contentOffset: page["contentOffset"].flatMap(Point.init(param:)), loaded: page["loaded"]?.boolValue ?? false)
    }
  }
}

/// `pageView/get`: a page view controller's pages, cache and transition (R31–R38).
public struct PageViewInfo: ObjectResult, Equatable {
  public var json: JSONValue
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    _ = try Self.require(result.objectValue, "an object", in: result, method: method)
    json = result
  }
  /// `viewControllers`: the pages shown.
  public var viewControllers: [String] { (json["viewControllers"]?.arrayValue ?? []).compactMap(\.stringValue) }
  /// Its children (R31: the pages shown, plus the page a transition brings in).
  public var children: [String] { (json["children"]?.arrayValue ?? []).compactMap(\.stringValue) }
  /// Whether a page transition is in flight.
  public var isTransitioning: Bool { json["isTransitioning"]?.boolValue ?? false }
  /// The page being revealed, if any.
  public var pending: String? { json["pending"]?.stringValue }
  /// The data source's ordered list (nil: no data source).
  public var pages: [String]? { json["pages"]?.arrayValue?.compactMap(\.stringValue) }
}

/// `pageView/swipe`'s answer: `{pending}` on begin (the page revealed, nil for none), `{}` otherwise.
public struct PageViewSwipeResult: TypedResult, Equatable {
  public var json: JSONValue
  /// The page the swipe reveals (begin only).
  public var pending: String?
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    _ = try Self.require(result.objectValue, "an object", in: result, method: method)
    json = result
    pending = result["pending"]?.stringValue
  }
}

/// `scene/load`'s `{ids}`: each name of the document mapped to its object's id.
public struct SceneIDs: TypedResult, Equatable {
  public var json: JSONValue
  public var ids: [String: String]
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    json = result
    let members = try Self.require(result["ids"]?.objectValue, "ids", in: result, method: method)
    var ids: [String: String] = [:]
    for (name, value) in members { ids[name] = value.stringValue }
    self.ids = ids
  }
}

/// A result holding a content offset: `scroll/fling` (`targetContentOffset`), `scroll/pan` (`contentOffset`).
public struct OffsetResult: TypedResult, Equatable {
  public var json: JSONValue
  /// `targetContentOffset` of a fling, `contentOffset` of a pan.
  public var offset: Point
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    json = result
    offset = try Self.require(
      (result["targetContentOffset"] ?? result["contentOffset"]).flatMap(Point.init(param:)), "a content offset",
      in: result, method: method)
  }
}

/// `daemon/info`: who the daemon is.
public struct DaemonInfo: TypedResult, Equatable {
  public var json: JSONValue
  /// `containerd`.
  public var name: String
  /// The daemon's version.
  public var version: String
  /// The wire protocol's version (`DaemonInfoRequest.supportedProtocolVersion` for this client).
  public var protocolVersion: Int
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    json = result
    name = try Self.require(result["name"]?.stringValue, "name", in: result, method: method)
    version = result["version"]?.stringValue ?? ""
    protocolVersion = Int(
      try Self.require(result["protocolVersion"]?.intValue, "protocolVersion", in: result, method: method))
  }
}

/// `daemon/info`.
public struct DaemonInfoRequest: ContainerRequest {
  public typealias Response = DaemonInfo
  /// The daemon's name in `daemon/info`.
  public static let daemonName = "containerd"
  /// The protocol version this client speaks.
  public static let supportedProtocolVersion = 1
  public var wireMethod: String { "daemon/info" }
  public var wireParams: JSONValue? { nil }
  public init() {}
}

// MARK: - The protocol layer's params as requests

extension AppearanceBeginParams: ContainerRequest { public typealias Response = EmptyResult }
extension AppearanceEndParams: ContainerRequest { public typealias Response = EmptyResult }
extension ClockAdvanceParams: ContainerRequest { public typealias Response = JSONValue }
extension ContainmentAddChildParams: ContainerRequest { public typealias Response = EmptyResult }
extension ContainmentDidMoveParams: ContainerRequest { public typealias Response = EmptyResult }
extension ContainmentWillMoveParams: ContainerRequest { public typealias Response = EmptyResult }
extension ContainmentEmbedParams: ContainerRequest { public typealias Response = EmptyResult }
extension ContainmentRemoveFromParentParams: ContainerRequest { public typealias Response = EmptyResult }
extension ContainmentUnembedParams: ContainerRequest { public typealias Response = EmptyResult }
extension ContainmentTransitionParams: ContainerRequest { public typealias Response = EmptyResult }
extension ControllerCreateParams: ContainerRequest { public typealias Response = CreatedController }
extension ControllerDestroyParams: ContainerRequest { public typealias Response = EmptyResult }
extension ControllerGetParams: ContainerRequest { public typealias Response = ControllerInfo }
extension EventsSubscribeParams: ContainerRequest { public typealias Response = EmptyResult }
extension EventsUnsubscribeParams: ContainerRequest { public typealias Response = EmptyResult }
extension NavigationPushParams: ContainerRequest { public typealias Response = EmptyResult }
extension NavigationPopParams: ContainerRequest { public typealias Response = JSONValue }
extension PageViewGetParams: ContainerRequest { public typealias Response = PageViewInfo }
extension PageViewSetPagesParams: ContainerRequest { public typealias Response = EmptyResult }
extension PageViewSetViewControllersParams: ContainerRequest { public typealias Response = EmptyResult }
extension PageViewSwipeParams: ContainerRequest { public typealias Response = PageViewSwipeResult }
extension PagingGetParams: ContainerRequest { public typealias Response = PagingInfo }
extension PagingSelectParams: ContainerRequest { public typealias Response = EmptyResult }
extension PresentationPresentParams: ContainerRequest { public typealias Response = EmptyResult }
extension PresentationDismissParams: ContainerRequest { public typealias Response = EmptyResult }
extension PresentationGetParams: ContainerRequest { public typealias Response = PresentationInfo }
extension TabSelectParams: ContainerRequest { public typealias Response = EmptyResult }
extension WindowCreateParams: ContainerRequest { public typealias Response = CreatedObject }
extension WindowSetRootParams: ContainerRequest { public typealias Response = EmptyResult }
extension SceneLoadParams: ContainerRequest { public typealias Response = SceneIDs }
extension ScrollFlingParams: ContainerRequest { public typealias Response = OffsetResult }
extension ScrollGetParams: ContainerRequest { public typealias Response = ScrollViewInfo }
extension ScrollPanParams: ContainerRequest { public typealias Response = OffsetResult }
extension TableGetParams: ContainerRequest { public typealias Response = TableInfo }
extension ViewAddSubviewParams: ContainerRequest { public typealias Response = EmptyResult }
extension ViewCreateParams: ContainerRequest { public typealias Response = CreatedObject }
extension ViewGetParams: ContainerRequest { public typealias Response = ViewInfo }
extension ViewSetFrameParams: ContainerRequest { public typealias Response = EmptyResult }

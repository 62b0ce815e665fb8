public import ContainerJSON
public import ContainerProtocol

// MARK: - transition/* and presentation/interactiveDismiss as typed requests (R46–R51, R57–R59)

/// `transition/coordinator`: the controller's transition coordinator (R46), or `active == false` outside a
/// transition.
public struct TransitionCoordinatorInfo: ObjectResult, Equatable {
  public var json: JSONValue
  /// Whether a transition is in flight for the controller (found through its ancestors, R46).
  public var active: Bool
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    _ = try Self.require(result.objectValue, "an object", in: result, method: method)
    active = try Self.require(result["active"]?.boolValue, "active", in: result, method: method)
    json = result
  }
  /// What started the transition (`push`, `pop`, `present`, `dismiss`, `tab`).
  public var kind: String? { json["kind"]?.stringValue }
  public var isAnimated: Bool? { json["isAnimated"]?.boolValue }
  public var isInteractive: Bool? { json["isInteractive"]?.boolValue }
  public var initiallyInteractive: Bool? { json["initiallyInteractive"]?.boolValue }
  /// True only for a cancelled interactive transition (R50).
  public var isCancelled: Bool? { json["isCancelled"]?.boolValue }
  /// Seconds.
  public var transitionDuration: Double? { json["transitionDuration"]?.doubleValue }
  public var percentComplete: Double? { json["percentComplete"]?.doubleValue }
  /// `viewController(forKey: .from)`'s id.
  public var from: String? { json["from"]?.stringValue }
  /// `viewController(forKey: .to)`'s id.
  public var to: String? { json["to"]?.stringValue }
  /// The custom animator's id, nil for UIKit's own.
  public var animator: String? { json["animator"]?.stringValue }
  /// A manual animator has not called completeTransition yet (R48).
  public var awaitingCompletion: Bool? { json["awaitingCompletion"]?.boolValue }
  /// An interactive animator's transition waits for `transition/updateInteractive` finish or cancel (R50).
  public var awaitingInteraction: Bool? { json["awaitingInteraction"]?.boolValue }
}

/// `transition/animateAlongside`'s `{queued}`: false without a coordinator (R47).
public struct AlongsideQueued: TypedResult, Equatable {
  public var json: JSONValue
  public var queued: Bool
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    json = result
    queued = try Self.require(result["queued"]?.boolValue, "queued", in: result, method: method)
  }
}

/// `transition/notifyWhenInteractionChanges`'s `{registered}`: false without a coordinator (R50).
public struct InteractionHandlerRegistered: TypedResult, Equatable {
  public var json: JSONValue
  public var registered: Bool
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    json = result
    registered = try Self.require(result["registered"]?.boolValue, "registered", in: result, method: method)
  }
}

/// `transition/setAnimator`'s `{animator}`: the id `transition/complete` takes.
public struct InstalledAnimator: TypedResult, Equatable {
  public var json: JSONValue
  public var animator: String
  public init(result: JSONValue, method: String) throws(ContainerClientError) {
    json = result
    animator = try Self.require(result["animator"]?.stringValue, "animator", in: result, method: method)
  }
}

extension TransitionCoordinatorParams: ContainerRequest { public typealias Response = TransitionCoordinatorInfo }
extension TransitionAnimateAlongsideParams: ContainerRequest { public typealias Response = AlongsideQueued }
extension TransitionNotifyWhenInteractionChangesParams: ContainerRequest {
  public typealias Response = InteractionHandlerRegistered
}
extension TransitionSetAnimatorParams: ContainerRequest { public typealias Response = InstalledAnimator }
extension TransitionCompleteParams: ContainerRequest { public typealias Response = EmptyResult }
extension TransitionUpdateInteractiveParams: ContainerRequest { public typealias Response = EmptyResult }
extension PresentationInteractiveDismissParams: ContainerRequest { public typealias Response = EmptyResult }

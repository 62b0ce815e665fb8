public import ContainerJSON

/// A call's typed result and the events of its turn.
public struct Reply<Result: Sendable>: Sendable {
  /// The request's id (the `request` of its events).
  public var id: Int64
  /// The result.
  public var result: Result
  /// The events of the call's turn, in order.
  public var events: [ContainerEvent]

  /// The lifecycle callbacks of `controller` in this turn.
  public func lifecycle(of controller: String) -> LifecycleTrace { events.lifecycle(of: controller) }
}

/// A batch's results, call by call, and the events of its turn.
public struct BatchReply: Sendable {
  /// The calls' ids, in order.
  public var ids: [Int64]
  /// The calls' methods, in order.
  public var methods: [String]
  /// Each call's result or error, in order.
  public var results: [Result<JSONValue, ContainerRPCError>]
  /// All events of the turn, in order.
  public var events: [ContainerEvent]

  /// The events produced by call `index` (needs a daemon that writes `request`; else empty).
  public func events(of index: Int) -> [ContainerEvent] {
    events.filter { $0.request?.intValue == ids[index] }
  }

  /// Call `index`'s result, read as `request`'s typed result; throws its error.
  public func result<Request: ContainerRequest>(_ index: Int, as request: Request) throws -> Request.Response {
    try request.response(from: results[index].get())
  }
}

/// Builds a batch's calls from statements, one call each.
@resultBuilder
public enum BatchBuilder {
  public static func buildExpression(_ call: any ContainerRequest) -> [any ContainerRequest] { [call] }
  public static func buildExpression(_ calls: [any ContainerRequest]) -> [any ContainerRequest] { calls }
  public static func buildBlock(_ parts: [any ContainerRequest]...) -> [any ContainerRequest] {
    parts.flatMap { $0 }
  }
  public static func buildOptional(_ part: [any ContainerRequest]?) -> [any ContainerRequest] { part ?? [] }
  public static func buildEither(first part: [any ContainerRequest]) -> [any ContainerRequest] { part }
  public static func buildEither(second part: [any ContainerRequest]) -> [any ContainerRequest] { part }
  public static func buildArray(_ parts: [[any ContainerRequest]]) -> [any ContainerRequest] { parts.flatMap { $0 } }
}

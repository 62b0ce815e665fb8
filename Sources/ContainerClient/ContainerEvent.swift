public import ContainerEngine
public import ContainerJSON

/// One event notification from the daemon (`event/lifecycle`, `event/scroll`, …), typed.
///
/// `kind` holds what the event says in Swift terms; `params` keeps the notification's params whole for anything the
/// typed form leaves out (R29's `isMovingToParent` flags, a geometry callback's new value, …).
public struct ContainerEvent: Sendable, Equatable, CustomStringConvertible {
  /// What happened.
  public enum Kind: Sendable, Equatable {
    /// A `UIViewController` callback on `controller` (`event/lifecycle`).
    case lifecycle(controller: String, Lifecycle)
    /// A view's frame changed in a layout pass (`event/layout`).
    case layout(view: String, frame: Rect)
    /// A `UIScrollViewDelegate` callback (`event/scroll`): `willBeginDragging`, `didEndDecelerating`, ….
    case scroll(view: String, callback: String)
    /// A scroll view's contentOffset changed on a frame (`event/offset`), with its cause (`drag`, `deceleration`, …).
    case offset(view: String, x: Double, y: Double, cause: String)
    /// A table data source or delegate callback (`event/table`): `cellForRow`, `didEndDisplaying`, ….
    case table(table: String, callback: String, section: Int, row: Int)
    /// A completion block ran (`event/completion`): `of` names the call (`transition`, `present`, …).
    case completion(controller: String, of: String, finished: Bool)
    /// A data source or delegate call (`event/delegate`): a page view controller's `viewControllerBefore`,
    /// `willTransitionTo`, `didFinishAnimating` (R36), … on `object`, with its arguments and its answer when it has
    /// one.
    case delegate(object: String, protocol: String, callback: String, args: JSONObject, result: JSONValue?)
    /// A UIKit console warning (`event/warning`).
    case warning(message: String, object: String?)
    /// A transition coordinator ran a block `controller` registered under `tag` (`event/coordinator`, R47, R50):
    /// `alongsideAnimation`, `alongsideCompletion` or `interactionChanged`.
    case coordinator(controller: String, tag: String, callback: String, isCancelled: Bool)
    /// UIKit called a custom animator or presentation controller (`event/transitioning`, R48, R49).
    case transitioning(object: String, callback: String, didComplete: Bool?)
    /// A notification this client does not type (its method is in `method`).
    case other
  }

  /// The notification's method (`event/lifecycle`).
  public var method: String
  /// The notification's params, whole.
  public var params: JSONObject
  /// What the event says, typed.
  public var kind: Kind

  /// The rule that produced the event (`R4`), when it names one.
  public var rule: String? { params["rule"]?.stringValue }
  /// The connection's event counter.
  public var seq: Int? { params["seq"]?.intValue.map { Int($0) } }
  /// The virtual clock, in ms.
  public var time: Double? { params["time"]?.doubleValue }
  /// The id of the request in whose turn the event was produced, when the daemon says (`null`: a notification's or
  /// another client's turn; absent: a daemon that does not write it, where the client attributes events by order).
  public var request: JSONValue? { params["request"] }

  /// The controller of a lifecycle event.
  public var controller: String? {
    if case .lifecycle(let controller, _) = kind { return controller }
    return nil
  }

  /// The callback of a lifecycle event.
  public var lifecycle: Lifecycle? {
    if case .lifecycle(_, let callback) = kind { return callback }
    return nil
  }

  /// Reads a notification; nil for a message that is not one.
  public init?(notification message: JSONValue) {
    guard let method = message["method"]?.stringValue, message["id"] == nil else { return nil }
    self.init(method: method, params: message["params"]?.objectValue ?? [:])
  }

  /// An event from its method and params.
  public init(method: String, params: JSONObject) {
    self.method = method
    self.params = params
    kind = Self.kind(method: method, params: params)
  }

  private static func kind(method: String, params: JSONObject) -> Kind {
    func string(_ name: String) -> String? { params[name]?.stringValue }
    switch method {
    case "event/lifecycle":
      guard let controller = string("controller"), let callback = Lifecycle(params: params) else { return .other }
      return .lifecycle(controller: controller, callback)
    case "event/layout":
      guard let view = string("view"), let frame = params["frame"].flatMap(Rect.init(param:)) else { return .other }
      return .layout(view: view, frame: frame)
    case "event/scroll":
      guard let view = string("view"), let callback = string("callback") else { return .other }
      return .scroll(view: view, callback: callback)
    case "event/offset":
      guard let view = string("view"), let x = params["x"]?.doubleValue, let y = params["y"]?.doubleValue else {
        return .other
      }
      return .offset(view: view, x: x, y: y, cause: string("cause") ?? "")
    case "event/table":
      guard let table = string("table"), let callback = string("callback"), let section = params["section"]?.intValue,
        let row = params["row"]?.intValue
      else { return .other }
      return .table(table: table, callback: callback, section: Int(section), row: Int(row))
    case "event/completion":
      guard let controller = string("controller"), let of = string("of") else { return .other }
      return .completion(controller: controller, of: of, finished: params["finished"]?.boolValue ?? true)
    case "event/delegate":
      guard let object = string("object"), let callback = string("callback") else { return .other }
      return .delegate(
        object: object, protocol: string("protocol") ?? "", callback: callback,
        args: params["args"]?.objectValue ?? [:],
        result: params["result"])
    case "event/warning":
      return .warning(message: string("message") ?? "", object: string("object"))
    case "event/coordinator":
      guard let controller = string("controller"), let tag = string("tag"), let callback = string("callback") else {
        return .other
      }
      return .coordinator(
        controller: controller, tag: tag, callback: callback, isCancelled: params["isCancelled"]?.boolValue ?? false)
    case "event/transitioning":
      guard let object = string("object"), let callback = string("callback") else { return .other }
      return .transitioning(object: object, callback: callback, didComplete: params["didComplete"]?.boolValue)
    default:
      return .other
    }
  }

  /// The event in the scenario files' short form: `child.willMove(parent) R4`, `child.viewWillAppear R6`.
  public var description: String {
    switch kind {
    case .lifecycle(let controller, let callback):
      return "\(controller).\(callback.shortName)" + (rule.map { " \($0)" } ?? "")
    default:
      return "\(method) \(JSONValue.object(params).encodedString)"
    }
  }
}

extension Sequence where Element == ContainerEvent {
  /// The lifecycle callbacks of `controller`, in order.
  public func lifecycle(of controller: String) -> LifecycleTrace {
    LifecycleTrace(compactMap { $0.controller == controller ? $0.lifecycle : nil })
  }

  /// Every lifecycle event in the scenario files' short form (`containerVC.willMove(container) R4`), in order.
  public var lifecycleLines: [String] {
    filter { $0.lifecycle != nil }.map(\.description)
  }

  /// The data source and delegate calls (`event/delegate`) in a short form, in order:
  /// `pvc.viewControllerAfter(a) → b`, `pvc.willTransitionTo([b])`, `pvc.didFinishAnimating([a], completed: true)`.
  public var delegateLines: [String] {
    compactMap { event -> String? in
      guard case .delegate(let object, _, let callback, let args, let result) = event.kind else { return nil }
      func ids(_ value: JSONValue?) -> String {
        "[" + (value?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ", ") + "]"
      }
      switch callback {
      case "willTransitionTo": return "\(object).willTransitionTo(\(ids(args["pending"])))"
      case "didFinishAnimating":
        return
          "\(object).didFinishAnimating(\(ids(args["previous"])), completed: \(args["completed"]?.boolValue ?? false))"
      default:
        let argument = args["viewController"]?.stringValue ?? ""
        let answer = result.map { $0 == .null ? " → nil" : " → \($0.stringValue ?? $0.encodedString)" } ?? ""
        return "\(object).\(callback)(\(argument))\(answer)"
      }
    }
  }

  /// The warnings' messages, in order.
  public var warnings: [String] {
    compactMap {
      if case .warning(let message, _) = $0.kind { return message }
      return nil
    }
  }
}

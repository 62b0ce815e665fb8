import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// The lookups of the ids a request gives, each naming its param in `data.path` when it fails, and the wire's geometry
/// for the readers that still take JSON.
extension RPCServer {
  /// `{x, y, width, height}` as a `Rect` (`Rect(param:)`); kept for the scene reader.
  static func rect(_ value: JSONValue?) -> Rect? { value.flatMap(Rect.init(param:)) }

  /// `{top, left, bottom, right}` as `Insets` (`Insets(param:)`); kept for the scene reader, `controller/create`
  /// and `scroll/configure`.
  static func insets(_ value: JSONValue?) -> Insets? { value.flatMap(Insets.init(param:)) }

  /// Runs the lookup of an id the parameter at `path` gives. An id that names nothing is -32000 `{id}`; one that names
  /// an object of another kind than `expected` (a view where a controller goes, a constraint where a view goes) is a
  /// mistyped parameter, -32602 `{path, expected}` (Documentation/Protocol.md, "Errors"), as a wrong kind of the right
  /// family (a UIView where a UITableView goes) is in every method. The path is made only for a refusal (a lookup that
  /// succeeds builds no string).
  func lookUp<T>(
    path: @autoclosure () -> String, expected: String, _ body: () throws(EngineError) -> T
  ) throws(RPCError) -> T {
    do {
      return try body()
    } catch {
      guard let message = engine.wrongKindMessage(error, expected: expected) else { throw RPCError(error) }
      throw RPCError.invalidParams(path: path(), expected: expected, message: message)
    }
  }

  /// The controller `id`, given by `params.<name>` (`expected`: the kind the call takes, for a wrong-kind refusal).
  func controller(_ id: String, at name: String, expected: String = "a UIViewController") throws(RPCError)
    -> ControllerNode
  {
    try lookUp(path: "params.\(name)", expected: expected) { () throws(EngineError) in try engine.controller(id) }
  }

  /// The controller `id`, if given, by `params.<name>`.
  func optionalController(_ id: String?, at name: String) throws(RPCError) -> ControllerNode? {
    guard let id else { return nil }
    return try controller(id, at: name)
  }

  /// The controllers `ids`, given by the array `params.<name>`.
  func controllers(_ ids: [String], at name: String) throws(RPCError) -> [ControllerNode] {
    var found: [ControllerNode] = []
    found.reserveCapacity(ids.count)
    for (index, id) in ids.enumerated() {
      found.append(
        try lookUp(path: "params.\(name)[\(index)]", expected: "a UIViewController") { () throws(EngineError) in
          try engine.controller(id)
        })
    }
    return found
  }

  /// The view `id`, given by `params.<name>`, not loaded (`expected`: the kind the call takes, for a wrong-kind
  /// refusal).
  func viewRef(_ id: String, at name: String, expected: String = "a UIView") throws(RPCError) -> Engine.ViewRef {
    try lookUp(path: "params.\(name)", expected: expected) { () throws(EngineError) in try engine.viewRef(id) }
  }

  /// The existing view `id`, given by `params.<name>` (calls that never load a view).
  func existingView(_ id: String, at name: String, expected: String = "a UIView") throws(RPCError) -> ViewNode {
    try lookUp(path: "params.\(name)", expected: expected) { () throws(EngineError) in try engine.existingView(id) }
  }

  /// The window `id`, given by `params.window`.
  func window(_ id: String) throws(RPCError) -> ViewNode {
    try existingView(id, at: "window", expected: "a UIWindow")
  }

  /// Scroll views: the kind `scroll/*`, `behavior/add` and the paging container take.
  static let scrollViewKinds = "a UIScrollView or UITableView"
}

public import ContainerJSON

/// What a method does beyond its one-line summary: the description and the errors that `rpc.discover` and
/// Documentation/Reference.md publish. Declared per method in `Methods.docs` (MethodDocs+*.swift), merged into the
/// `MethodSpec` by `Methods.all`.
public struct MethodDoc: Sendable {
  /// A few sentences: what the call does in UIKit terms and the rules it applies.
  public var description: String
  /// The errors the method can answer with besides the -32602 every method with named params has (an entry with code
  /// -32602 replaces that one).
  public var errors: [MethodError]

  public init(_ description: String, errors: [MethodError] = []) {
    self.description = description
    self.errors = errors
  }
}

/// One error a method can answer with, and when: an OpenRPC error object (`code`, `message`).
public struct MethodError: Sendable, Equatable {
  public var code: RPCErrorCode
  /// When the method answers it, in a sentence without the code's name.
  public var when: String

  public init(_ code: RPCErrorCode, _ when: String) {
    self.code = code
    self.when = when
  }

  /// -32602, for params the schema refuses (`data.path`, `data.expected`), and `more`.
  public static func params(_ more: String? = nil) -> MethodError {
    MethodError(.invalidParams, "a parameter is missing, unknown or of the wrong type" + (more.map { "; " + $0 } ?? ""))
  }
  /// -32000: an id in one of `names` names no object (`data.id`).
  public static func unknown(_ names: String) -> MethodError {
    MethodError(.unknownObject, "\(names) names no object")
  }
  /// -32001: UIKit would raise (`data.exception`, `data.reason`).
  public static func uikit(_ when: String) -> MethodError { MethodError(.uikitException, when) }
  /// -32002: a limit of the daemon is reached (`data.limit`, `data.value`).
  public static func limit(_ when: String) -> MethodError { MethodError(.limitReached, when) }
  /// -32002 for `maxObjects`, the error of every call that creates an object.
  public static let objectLimit = MethodError.limit("maxObjects: creating the object would pass --max-objects")
  /// -32002 for `maxTreeDepth`, the error of every call that deepens a tree.
  public static let depthLimit = MethodError.limit("maxTreeDepth: the tree would pass --max-tree-depth")
  /// -32003: the object's state forbids the call (`data.id`, `data.state`).
  public static func state(_ when: String) -> MethodError { MethodError(.invalidState, when) }

  /// The code's name, as error messages begin.
  public var codeName: String {
    switch code {
    case .parseError: return "Parse error"
    case .invalidRequest: return "Invalid Request"
    case .methodNotFound: return "Method not found"
    case .invalidParams: return "Invalid params"
    case .internalError: return "Internal error"
    case .unknownObject: return "Unknown object"
    case .uikitException: return "UIKit exception"
    case .limitReached: return "Limit reached"
    case .invalidState: return "Invalid state"
    default: return "Error"
    }
  }

  /// The OpenRPC error object: `{code, message}`, the message naming the code and saying when.
  public var json: JSONValue {
    ["code": .int(Int64(code.rawValue)), "message": .string("\(codeName): \(when)")]
  }
}

extension MethodSpec {
  /// The errors this method can answer with, by code (-32602 first, then -32000 upwards): a method with named
  /// params answers -32602 for params its schema refuses, unless its doc says more.
  public var allErrors: [MethodError] {
    var errors = errors
    if case .fields = params, !errors.contains(where: { $0.code == .invalidParams }) {
      errors.insert(.params(), at: 0)
    }
    return errors.enumerated().sorted { left, right in
      let (a, b) = (left.element.code.rawValue, right.element.code.rawValue)
      // -32602 before the daemon's own codes (-32000 …), which go up from -32000; stable within a code.
      func rank(_ code: Int) -> Int { code <= -32100 ? -100_000 + code : -code }
      return rank(a) != rank(b) ? rank(a) < rank(b) : left.offset < right.offset
    }.map(\.element)
  }
}

extension Methods {
  /// What a param of a common name means, for the params whose declaration says nothing (the `rpc.discover`
  /// document and Reference.md show it as the param's description).
  static let paramSummaries: [String: String] = [
    "animated": "UIKit's animated: argument; animated changes run on the virtual clock",
    "child": "a view controller's id: the child",
    "container": "a PagingContainerViewController's id",
    "controller": "a view controller's id",
    "controllers": "view controllers' ids, in order",
    "frame": "a frame in the superview's coordinates",
    "id": "the new object's id (default: one the daemon assigns)",
    "ids": "the objects' ids",
    "index": "a zero-based index",
    "navigation": "a UINavigationController's id",
    "parent": "a view controller's id: the parent",
    "row": "the row, in its section",
    "section": "the section",
    "scrollView": "a UIScrollView's or UITableView's id",
    "tabBar": "a UITabBarController's id",
    "table": "a UITableView's id",
    "view": "a view's id (a controller's root view is <controller>.view)",
    "window": "a window's id",
  ]
}

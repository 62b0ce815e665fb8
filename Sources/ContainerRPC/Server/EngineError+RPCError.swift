import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// The one place engine errors become wire errors (STYLE.md §13).
extension RPCError {
  init(_ error: EngineError) {
    switch error {
    case .unknownObject(let id):
      self = .unknownObject(id)
    case .idInUse(let id, let path):
      self = .invalidParams(path: path, expected: "an id not in use", message: "id \(id) is already in use")
    case .uikitException(let exception, let reason):
      self = .uikitException(exception, reason: reason)
    case .invalidState(let id, let state, let message):
      self = .invalidState(id, state: state, message: message)
    case .objectLimit(let limit):
      self = .limitReached("maxObjects", value: limit)
    case .treeDepthLimit(let limit):
      self = .limitReached("maxTreeDepth", value: limit)
    case .limit(let name, let value):
      self = .limitReached(name, value: value)
    case .unsupported(let path, let expected, let message):
      self = .invalidParams(path: path, expected: expected, message: message)
    }
  }
}

/// Runs an engine call, mapping its error.
func engineCall<T>(_ body: () throws(EngineError) -> T) throws(RPCError) -> T {
  do {
    return try body()
  } catch {
    throw RPCError(error)
  }
}

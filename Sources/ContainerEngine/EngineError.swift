/// Why the engine refused a call. The server maps it to a wire error in exactly one place (Server/).
///
/// Every case is raised before anything changes: a refused call leaves the world as it was and emits nothing.
public enum EngineError: Error, Sendable, Equatable {
  /// No window, controller or view has this id.
  case unknownObject(String)
  /// An object with this id exists already (or the id is a view a paging container makes, `Engine.derivedViewSuffixes`);
  /// `path` is the parameter that gave it.
  case idInUse(String, path: String = "params.id")
  /// UIKit would raise `exception` (e.g. `NSInvalidArgumentException`) with `reason`.
  case uikitException(exception: String, reason: String)
  /// The object's state forbids the call (e.g. destroying a controller that is still in a hierarchy).
  case invalidState(id: String, state: String, message: String)
  /// Creating the object would pass the `--max-objects` limit.
  case objectLimit(Int)
  /// The call would put a view or controller deeper than the `--max-tree-depth` limit (Engine+TreeDepth.swift).
  case treeDepthLimit(Int)
  /// The call would pass another limit of the engine's work: `name` (`maxConstraints`, `maxConstraintsPerView`) is
  /// the limit's name on the wire and `value` its setting.
  case limit(name: String, value: Int)
  /// The call names a kind or option the engine does not model.
  case unsupported(path: String, expected: String, message: String)
}

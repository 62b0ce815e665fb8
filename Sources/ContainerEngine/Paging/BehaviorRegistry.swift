/// Offset behaviours (`behavior/add`) by id, in order, with their own ids (`b1`, …: behaviours are not in the objects'
/// namespace).
///
/// Its storage is private: `Engine+Behaviors.swift` adds, runs and removes through these methods.
struct BehaviorRegistry {
  private var behaviors: [String: Engine.Behavior] = [:]
  private var order: [String] = []
  /// The last number given to an auto id.
  private var lastNumber = 0

  /// The behaviour `id`.
  func behavior(_ id: String) -> Engine.Behavior? { behaviors[id] }
  /// Every behaviour, in order of addition.
  var all: [Engine.Behavior] { order.compactMap { behaviors[$0] } }

  /// The next free `b<n>`.
  mutating func nextID() -> String {
    var next = lastNumber
    repeat { next += 1 } while behaviors["b\(next)"] != nil
    lastNumber = next
    return "b\(next)"
  }

  /// Adds a behaviour, last in order.
  mutating func add(_ behavior: Engine.Behavior) {
    behaviors[behavior.id] = behavior
    order.append(behavior.id)
  }

  /// Takes the behaviour `id` out.
  mutating func remove(_ id: String) -> Engine.Behavior? {
    guard let behavior = behaviors.removeValue(forKey: id) else { return nil }
    order.removeAll { $0 == id }
    return behavior
  }

  /// `world/reset`: no behaviour, ids from `b1` again.
  mutating func reset() {
    behaviors.removeAll()
    order.removeAll()
    lastNumber = 0
  }
}

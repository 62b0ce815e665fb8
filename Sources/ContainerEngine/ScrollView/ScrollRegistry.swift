/// The scroll and table views the scroll layout pass visits, and the contentOffset observers (KVO) that run inside
/// every offset set.
///
/// Its storage is private: views are added when they are made (`Engine+Objects.swift`, a paging container's pager)
/// and observers through `Engine.observeOffset` and `removeOffsetObserver`.
struct ScrollRegistry {
  /// Every scroll and table view, in creation order, for the layout pass (entries whose view is gone are pruned
  /// there).
  private(set) var views: [ViewNode] = []
  /// contentOffset observers per scroll view, in order of registration.
  private var observers: [ObjectIdentifier: [OffsetObserver]] = [:]
  /// Offset notifications running, nested (observers that set offsets themselves).
  private(set) var observerDepth = 0

  var isEmpty: Bool { views.isEmpty }
  mutating func add(_ view: ViewNode) { views.append(view) }
  /// Drops the views the world no longer has (`all`), keeping the order.
  mutating func pruneGoneViews(keeping all: [String: ViewNode]) {
    views.removeAll { all[$0.id] !== $0 }
  }

  /// `view`'s observers, in order of registration.
  func observers(of view: ViewNode) -> [OffsetObserver]? { observers[ObjectIdentifier(view)] }
  mutating func addObserver(_ observer: OffsetObserver, of view: ViewNode) {
    observers[ObjectIdentifier(view), default: []].append(observer)
  }
  mutating func removeObserver(_ token: Int) {
    for key in observers.keys { observers[key]!.removeAll { $0.token == token } }
  }

  /// An offset notification starts, nested in those running.
  mutating func enterNotification() { observerDepth += 1 }
  mutating func leaveNotification() { observerDepth -= 1 }

  /// `world/reset`: no scroll view, no observer.
  mutating func reset() {
    views.removeAll()
    observers.removeAll()
  }
}

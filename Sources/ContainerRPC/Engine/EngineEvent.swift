/// A callback UIKit would make, a completion, or a console warning, in the order they happen.
public struct EngineEvent: Sendable, Equatable {
  /// What happened.
  public enum Kind: Sendable, Equatable {
    /// A `UIViewController` callback (`loadView`, `viewWillAppear`, `didMove`, …).
    case lifecycle(
      controller: String, callback: String, animated: Bool?, parent: Parent?, flags: MovingFlags, size: Size? = nil)
    /// A view's frame changed (`event/layout`).
    case layout(view: String, frame: Rect)
    /// A completion block ran (`of`: `transition`, `present`, …).
    case completion(controller: String, of: String, finished: Bool)
    /// What UIKit would log to the console.
    case warning(message: String, object: String?)
    /// A scroll view's contentOffset changed (`event/offset`).
    case offset(view: String, x: Double, y: Double, cause: String)
    /// A UIScrollViewDelegate callback (`event/scroll`).
    case scroll(
      view: String, callback: String, velocity: Point? = nil, target: Point? = nil, willDecelerate: Bool? = nil)
    /// A UITableViewDataSource / UITableViewDelegate callback (`event/table`); `cell` numbers the cell object.
    case table(
      table: String, callback: String, section: Int, row: Int, identifier: String?, reused: Bool?, cell: Int?)
  }

  /// The `parent` argument of willMove/didMove: a controller id or nil.
  public struct Parent: Sendable, Equatable {
    public var id: String?
  }

  /// The R29 flags as they read inside the callback.
  public struct MovingFlags: Sendable, Equatable {
    public var isMovingToParent = false
    public var isMovingFromParent = false
    public var isBeingPresented = false
    public var isBeingDismissed = false
    public static let none = MovingFlags()
  }

  /// What happened.
  public var kind: Kind
  /// The UIKIT_RULES.md rule that produced it (e.g. `"R8"`).
  public var rule: String
  /// Virtual time, in milliseconds.
  public var time: Double
}

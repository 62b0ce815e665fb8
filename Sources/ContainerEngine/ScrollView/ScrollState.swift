/// A point (`CGPoint`).
public struct Point: Sendable, Equatable {
  public var x: Double, y: Double
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// A size (`CGSize`).
public struct Size: Sendable, Equatable {
  public var width: Double, height: Double
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// `UIScrollView.ContentInsetAdjustmentBehavior`.
public enum ContentInsetAdjustmentBehavior: String, Sendable, CaseIterable {
  case automatic, scrollableAxes, never, always
}

/// The state of a `UIScrollView` (S2.4–S2.7).
public struct ScrollState: Sendable, Equatable {
  public var contentOffset = Point(x: 0, y: 0)
  public var contentSize = Size(width: 0, height: 0)
  public var contentInset = Insets.zero
  public var bounces = true
  public var alwaysBounceVertical = false
  public var alwaysBounceHorizontal = false
  public var isPagingEnabled = false
  /// Per millisecond (`DecelerationRate`): 0.998 normal, 0.99 fast.
  public var decelerationRate = DecelerationRate.normal.perMillisecond
  public var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic
  public var isTracking = false
  public var isDragging = false
  public var isDecelerating = false
  /// Identifies the running scroll animation; a new one cancels the old.
  var animationToken = 0
  /// adjustedContentInset at the last layout pass (nil: never laid out in a window).
  var lastAdjustedInset: Insets?
  /// The safe-area part of adjustedContentInset at the last layout pass (nil: never laid out in a window); only its
  /// changes move the offset (S2.4).
  var lastSafeAreaAdjustment: Insets?
  /// contentOffset when the current pan began.
  var panStart = Point(x: 0, y: 0)
  /// The virtual time (ms) of the pan's last `began` or `changed`.
  var lastPanTime = 0.0
  /// Where the last release came to rest (after deceleration, bounce or a paging snap) and the range it used, for the
  /// invariant that scrolling physics rests within the range (`testOnly_checkInvariants`). Only those offsets are
  /// checked: programmatic ones are not clamped (S2.6, S1.4).
  var physicsRest: PhysicsRest?

  public init() {}
}

/// A resting offset that scrolling physics reached, with the range (S2.4) it was computed in.
struct PhysicsRest: Equatable {
  let offset: Point
  let min: Point
  let max: Point
}

/// A contentOffset observer: `handler(engine, view, cause)` runs inside every set (S2.7, S5.4).
struct OffsetObserver {
  let token: Int
  let handler: (Engine, ViewNode, String) -> Void
}

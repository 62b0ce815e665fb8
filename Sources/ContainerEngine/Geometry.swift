/// A rectangle in points (`CGRect`), exact doubles.
public struct Rect: Sendable, Equatable {
  public var x: Double, y: Double, width: Double, height: Double
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
}

/// Insets in points (`UIEdgeInsets`).
public struct Insets: Sendable, Equatable {
  public var top: Double, left: Double, bottom: Double, right: Double
  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
  public static let zero = Insets(top: 0, left: 0, bottom: 0, right: 0)
}

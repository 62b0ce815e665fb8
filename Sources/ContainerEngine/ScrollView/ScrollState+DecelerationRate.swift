extension ScrollState {
  /// `UIScrollView.DecelerationRate`: the fraction of its velocity a glide keeps each millisecond (S2.1,
  /// d in x(t) = x0 + v0·(d^(1000t) − 1)/(1000·ln d)).
  public enum DecelerationRate: Sendable, Equatable {
    /// `.normal`, UIKit's default: 0.998.
    case normal
    /// `.fast`: 0.99.
    case fast
    /// `UIScrollView.DecelerationRate(rawValue:)`, any other rate.
    case custom(Double)

    /// UIKit's constant by its name (`normal`, `fast`), nil for another name.
    public init?(named name: String) {
      switch name {
      case "normal": self = .normal
      case "fast": self = .fast
      default: return nil
      }
    }

    /// The rate per millisecond.
    public var perMillisecond: Double {
      switch self {
      case .normal: return 0.998
      case .fast: return 0.99
      case .custom(let rate): return rate
      }
    }
  }
}

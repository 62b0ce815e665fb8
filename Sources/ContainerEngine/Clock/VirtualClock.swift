/// The engine's virtual clock (Documentation/Protocol.md, "Time, run loop and animation"): milliseconds from 0 and a
/// frame rate.
///
/// Frames fall at exactly `n × 1000 / fps` ms, computed from `n` rather than accumulated, so that the same input
/// always lands on the same instants.
public struct VirtualClock: Sendable, Equatable {
  /// How animated work advances.
  public enum Mode: String, Sendable, CaseIterable {
    /// Animations and decelerations run to completion at the end of each turn.
    case auto
    /// They advance only with `clock/advance`.
    case manual
  }

  /// The current mode (`auto` by default).
  public var mode: Mode = .auto
  /// Frames per second (60 by default).
  public var fps: Int = 60
  /// Virtual time in milliseconds.
  public private(set) var now: Double = 0

  public init() {}

  /// The instant of frame `n`.
  /// The latest virtual time, in ms (`clock/advance` refuses to pass it).
  public static let maxTime = 1e15

  public func time(ofFrame n: Int64) -> Double {
    Double(n) * 1000 / Double(fps)
  }

  /// Moves the clock forward to `time` (never backwards).
  public mutating func advance(to time: Double) {
    now = max(now, time)
  }

  /// Back to 0 (`world/reset`); mode and fps are kept.
  public mutating func reset() {
    now = 0
  }
}

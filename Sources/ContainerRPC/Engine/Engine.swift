/// The headless UIKit world: windows, controllers, views and the virtual clock.
///
/// A pure model: no JSON and no I/O. The server calls it inside run-loop turns (`beginTurn()` / `endTurn()`).
public final class Engine {
  /// The virtual clock.
  public var clock = VirtualClock()

  public init() {}

  /// Starts a run-loop turn: one request or one batch of app code (PROTOCOL.md §3).
  public func beginTurn() {}

  /// Ends the turn: the place for deferred work (the commit's callbacks, pending layout, animations in auto mode).
  public func endTurn() {}
}

/// The engine's limits (the daemon's `--max-*` flags): how much one world, one turn or one call may hold or do. Read by
/// the checks that refuse a call before it changes anything, and by the loops they bound; set by the server
/// (`daemon/configure`, the flags) through `Engine`'s public properties of the same names.
struct EngineLimits {
  /// The most objects alive at once (`--max-objects`, `Engine.checkCapacity(adding:)`).
  var maxObjects: Int
  /// Rows a table displays at once, at most: past it a layout shows the first ones and warns (a guard against a huge
  /// frame over tiny rows, which would hang UIKit too). The fuzz target lowers it, so that inputs reach the limit
  /// without each taking seconds.
  var maxDisplayedRows = Engine.defaultMaxDisplayedRows
  /// The most superviews above a view, and parents above a controller (`--max-tree-depth`, Engine+TreeDepth.swift).
  var maxTreeDepth: Int
  /// The most events one turn holds (`--max-turn-events`): past it the turn's further events are dropped, and one
  /// warning (rule `limit`) says so, so a turn's memory stays bounded whatever its animations do.
  var maxTurnEvents = Engine.defaultMaxTurnEvents
  /// The most frames one deceleration (or bounce, or paging settle) runs (`--max-animation-frames`): at its last frame
  /// it ends at its rest point, the target `willEndDragging` reported, with a warning (rule `limit`). Near a rate of 1
  /// the physics glides for minutes (0.99999 loses 1% of its speed a second: 1151 s from 100,000 pt/s down to 1 pt/s,
  /// 1.15 million frames at 1000 fps); at the normal rate the longest fling the wire allows (1e9 pt/s) takes 10.4 s,
  /// 10,352 frames at 1000 fps, under the default.
  var maxAnimationFrames = Engine.defaultMaxAnimationFrames
  /// The most active constraints (`--max-constraints`). Cassowary's tableau grows superlinearly with some shapes
  /// (a chain of N views, each tied to the one before, keeps rows of up to N symbols: 5,000 take 1.6 s and 400 MB,
  /// 10,000 9 s and 1.4 GB, 20,000 65 s and 5.5 GB in a release build), so
  /// `layout/addConstraints` past it is refused with -32002 before any change.
  var maxConstraints = Engine.defaultMaxConstraints
  /// The most active constraints whose first item is one view (`--max-constraints-per-view`): every one of them on
  /// the same variable shares one parametric symbol, and each addition rewrites all the rows before it (10,000
  /// `width >= i` on one view took 11 s).
  var maxConstraintsPerView = Engine.defaultMaxConstraintsPerView
}

extension Engine {
  /// The default of `maxTreeDepth`: far deeper than real hierarchies, far from the depth at which the daemon's
  /// recursion would exhaust an 8 MiB stack in a debug build (Documentation/Protocol.md, "Limits").
  public static let defaultMaxTreeDepth = 1_000
  /// The default of `maxDisplayedRows`.
  public static let defaultMaxDisplayedRows = 10_000
  /// The default of `maxTurnEvents`.
  public static let defaultMaxTurnEvents = 1_000_000
  /// The default of `maxAnimationFrames`: 20,000 frames (333 s at 60 fps, 20 s at 1000 fps).
  public static let defaultMaxAnimationFrames = 20_000
  /// The default of `maxConstraints`.
  public static let defaultMaxConstraints = 5000
  /// The default of `maxConstraintsPerView`.
  public static let defaultMaxConstraintsPerView = 1000

  /// The most objects alive at once (`--max-objects`; `EngineLimits`).
  public var maxObjects: Int {
    get { limits.maxObjects }
    set { limits.maxObjects = newValue }
  }
  /// Rows a table displays at once, at most (`EngineLimits`).
  public var maxDisplayedRows: Int {
    get { limits.maxDisplayedRows }
    set { limits.maxDisplayedRows = newValue }
  }
  /// The most superviews above a view, and parents above a controller (`--max-tree-depth`; `EngineLimits`).
  public var maxTreeDepth: Int {
    get { limits.maxTreeDepth }
    set { limits.maxTreeDepth = newValue }
  }
  /// The most events one turn holds (`--max-turn-events`; `EngineLimits`).
  public var maxTurnEvents: Int {
    get { limits.maxTurnEvents }
    set { limits.maxTurnEvents = newValue }
  }
  /// The most frames one deceleration, bounce or paging settle runs (`--max-animation-frames`; `EngineLimits`).
  public var maxAnimationFrames: Int {
    get { limits.maxAnimationFrames }
    set { limits.maxAnimationFrames = newValue }
  }
  /// The most active constraints (`--max-constraints`; `EngineLimits`).
  public var maxConstraints: Int {
    get { limits.maxConstraints }
    set { limits.maxConstraints = newValue }
  }
  /// The most active constraints whose first item is one view (`--max-constraints-per-view`; `EngineLimits`).
  public var maxConstraintsPerView: Int {
    get { limits.maxConstraintsPerView }
    set { limits.maxConstraintsPerView = newValue }
  }
}

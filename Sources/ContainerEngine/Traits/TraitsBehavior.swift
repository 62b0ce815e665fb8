extension Engine {
  /// The open points of traits and size changes (R60–R67), `daemon/configure`'s `traits.*` and `resize.*` options.
  public struct TraitsBehavior: Sendable, Equatable {
    /// How a window's size maps onto size classes (R65).
    public enum SizeClassPolicy: String, Sendable, CaseIterable {
      /// Apple's device table (default): a phone is regular width only in landscape with a short side of at least
      /// 414 pt (the Plus and Max models); a pad is regular both ways unless its window is narrower than
      /// `padCompactWidthThreshold` (split view, slide over).
      case device
      /// Every phone is compact width, Plus and Max models included (a pad as `device`).
      case compactPhones
    }

    /// Which runs first for one controller when its traits change (R63).
    public enum HandlerOrder: String, Sendable, CaseIterable {
      /// The `registerForTraitChanges` handlers, then `traitCollectionDidChange` (default).
      case handlerFirst
      /// `traitCollectionDidChange`, then the handlers.
      case legacyFirst
    }

    /// `traits.sizeClassPolicy` (default `device`).
    public var sizeClassPolicy = SizeClassPolicy.device
    /// `traits.padCompactWidthThreshold`: a pad window narrower than this many points is compact width (default
    /// 678, R65 [INF from Apple's tables]).
    public var padCompactWidthThreshold = 678.0
    /// `traits.handlerOrder` (default `handlerFirst`, R63 [INF]).
    public var handlerOrder = HandlerOrder.handlerFirst
    /// `traits.landscapeSafeArea`: the safe area a landscape phone window gets when `window/resize` gives none
    /// (default top 0, left 47, bottom 21, right 47: a notched iPhone's [INF]).
    public var landscapeSafeArea = Insets(top: 0, left: 47, bottom: 21, right: 47)
    /// `traits.styleChangeCallsDidChange`: whether a change of `userInterfaceStyle` alone (dark mode) calls
    /// `traitCollectionDidChange` (default true: the same delivery as a size-class change, without the size callbacks;
    /// false: only the registered handlers run).
    public var styleChangeCallsDidChange = true
    /// `resize.duration`: the seconds of an animated `window/resize` when it gives none (R66, default 0.3 [UNK]).
    public var resizeDuration = 0.3
    public init() {}
  }
}

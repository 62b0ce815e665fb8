extension Engine {
  /// The transition coordinator's open points (R46–R51), `daemon/configure`'s `coordinator.*`, `transition.*` and
  /// `pop.*` options.
  public struct CoordinatorBehavior: Sendable, Equatable {
    /// Whether a transition without animation has a coordinator.
    public enum Presence: String, Sendable, CaseIterable {
      /// None: `transitionCoordinator` is nil.
      case `nil`
      /// One with `isAnimated` false.
      case present
    }

    /// When a cancelled interactive pop's four reversal callbacks come (R51).
    public enum CancelReversal: String, Sendable, CaseIterable {
      /// At the end of the settle animation, inside `completeTransition(false)` (default).
      case settleEnd
      /// At the cancel, right after the interaction-changed handlers, before the settle animation.
      case cancel
    }

    /// `coordinator.nonAnimatedNav` (R46, L-rt19): a push or pop without animation has no coordinator (default nil).
    public var nonAnimatedNav = Presence.nil
    /// `coordinator.nonAnimatedPresentation` (R46 [INF]): a presentation or dismissal without animation still has
    /// one, with `isAnimated` false (default present).
    public var nonAnimatedPresentation = Presence.present
    /// `transition.completeTimeoutMs` (R48): after this many ms of a transition a manual animator has not completed,
    /// one warning "transition never completed" (default nil: no warning).
    public var completeTimeoutMs: Double? = nil
    /// `pop.cancelReversalAt` (R51, default settleEnd).
    public var cancelReversalAt = CancelReversal.settleEnd
    public init() {}
  }
}

/// Animated work on the virtual clock (PROTOCOL.md §3): each animation completes at the first frame at or after its
/// end; in `auto` mode the end of a turn runs them all, in `manual` mode `clock/advance` does.
extension Engine {
  /// Something that completes at a frame.
  struct PendingAnimation {
    /// Order of scheduling (ties at the same frame complete in this order).
    let serial: Int
    /// The frame time at which it completes, in ms.
    let endTime: Double
    /// Runs at completion.
    let complete: (Engine) -> Void
  }

  /// Schedules `complete` to run `duration` seconds from now, at the first frame at or after that instant.
  func schedule(after duration: Double, _ complete: @escaping (Engine) -> Void) {
    let end = clock.now + duration * 1000
    // The first frame n with n × 1000 / fps >= end (computed, never accumulated; a hair of tolerance absorbs the
    // rounding of `end` itself).
    let frame = (end * Double(clock.fps) / 1000 - 1e-9).rounded(.up)
    let endTime = max(clock.now, clock.time(ofFrame: Int64(max(0, frame))))
    animations.append(PendingAnimation(serial: nextSerial(), endTime: endTime, complete: complete))
  }

  /// Completes every animation due at or before `time`, in order, moving the clock to each one's frame.
  func runAnimations(through time: Double) {
    while let next = animations.indices.min(by: {
      (animations[$0].endTime, animations[$0].serial) < (animations[$1].endTime, animations[$1].serial)
    }), animations[next].endTime <= time {
      let animation = animations.remove(at: next)
      clock.advance(to: animation.endTime)
      animation.complete(self)
      runLayoutPass()
      layoutScrollViews()
      settleWindowDrivenTransitions()
    }
  }

  /// `clock/advance`: moves virtual time forward by `ms`, completing what falls due (manual mode).
  public func advanceClock(by ms: Double) {
    let target = clock.now + ms
    runAnimations(through: target)
    clock.advance(to: target)
  }

  /// Whether animations are waiting for the clock.
  public var hasPendingAnimations: Bool { !animations.isEmpty }
}

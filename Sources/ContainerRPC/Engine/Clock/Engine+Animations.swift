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

  /// The frame grid (PROTOCOL.md §3: "frames fall at exactly n × 1000 / fps ms"): the number of the first frame
  /// strictly after now, where motion that starts now is first shown, whether it starts on a frame or between two.
  var nextFrameNumber: Int64 {
    // A hair of tolerance: now may be a frame's instant computed as n × 1000 / fps.
    Int64((clock.now * Double(clock.fps) / 1000 + 1e-9).rounded(.down)) + 1
  }

  /// Schedules one step of a motion sampled at frames (SCROLL_RULES.md §2.1, PROTOCOL.md §3) at frame `n` of the grid,
  /// not relative to the motion's start: a motion started between frames is first shown at the next frame, with the
  /// time elapsed since it started (a relative `schedule(after: 1/fps)` rounds up to the frame after that one).
  func schedule(atFrame n: Int64, _ complete: @escaping (Engine) -> Void) {
    let endTime = max(clock.now, clock.time(ofFrame: n))
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
      settleLayout()
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

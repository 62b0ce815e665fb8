/// Animated work on the virtual clock (Documentation/Protocol.md, "Time, run loop and animation"): each animation
/// completes at the first frame at or after its end; in `auto` mode the end of a turn runs them all, in `manual` mode
/// `clock/advance` does.
extension Engine {
  /// Something that completes at a frame.
  struct PendingAnimation {
    /// Order of scheduling (ties at the same frame complete in this order).
    let serial: Int
    /// The frame time at which it completes, in ms.
    let endTime: Double
    /// Runs at completion.
    let complete: (Engine) -> Void
    /// A diagnostic timer (R48's `transition.completeTimeoutMs`), not an animation: in `auto` mode it never runs the
    /// clock past the last animation (UIKit's time does not move for it); see `runAnimations(through:)`.
    var isWatchdog = false
  }

  /// Schedules `complete` to run `duration` seconds from now, at the first frame at or after that instant.
  func schedule(after duration: Double, watchdog: Bool = false, _ complete: @escaping (Engine) -> Void) {
    let end = clock.now + duration * 1000
    // The first frame n with n × 1000 / fps >= end (computed, never accumulated; a hair of tolerance absorbs the
    // rounding of `end` itself).
    let frame = (end * Double(clock.fps) / 1000 - 1e-9).rounded(.up)
    let endTime = max(clock.now, clock.time(ofFrame: Int64(max(0, frame))))
    animations.insert(
      PendingAnimation(serial: nextSerial(), endTime: endTime, complete: complete, isWatchdog: watchdog))
  }

  /// The frame grid (Documentation/Protocol.md, "Time, run loop and animation": "frames fall at exactly n × 1000 / fps
  /// ms"): the number of the first frame strictly after now, where motion that starts now is first shown, whether it
  /// starts on a frame or between two.
  var nextFrameNumber: Int64 {
    // A hair of tolerance: now may be a frame's instant computed as n × 1000 / fps.
    Int64((clock.now * Double(clock.fps) / 1000 + 1e-9).rounded(.down)) + 1
  }

  /// Schedules one step of a motion sampled at frames (S2.1, Documentation/Protocol.md, "Time, run loop and animation")
  /// at frame `n` of the grid, not relative to the motion's start: a motion started between frames is first shown at
  /// the next frame, with the time elapsed since it started (a relative `schedule(after: 1/fps)` rounds up to the frame
  /// after that one).
  func schedule(atFrame n: Int64, _ complete: @escaping (Engine) -> Void) {
    let endTime = max(clock.now, clock.time(ofFrame: n))
    animations.insert(PendingAnimation(serial: nextSerial(), endTime: endTime, complete: complete))
  }

  /// Completes every animation due at or before `time`, in order, moving the clock to each one's frame.
  func runAnimations(through time: Double) {
    // A heap ordered by (endTime, serial): a 60-second scroll animation at 1000 fps schedules 60,000 frames at once,
    // which a scan for the minimum made quadratic.
    while let next = animations.first, next.endTime <= time {
      let animation = animations.removeFirst()
      // In auto mode a watchdog with nothing but watchdogs after it fires where the clock went idle (R48: "when the
      // clock is idle and a transition is pending"), without moving it: only animations move the auto clock.
      if !(animation.isWatchdog && time == .infinity && animations.count == animations.watchdogCount) {
        clock.advance(to: animation.endTime)
      }
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

/// The pending animations as a binary min-heap on (endTime, serial): the earliest first, ties in scheduling order.
struct AnimationQueue {
  private var heap: [Engine.PendingAnimation] = []
  /// How many of them are watchdogs.
  private(set) var watchdogCount = 0

  var isEmpty: Bool { heap.isEmpty }
  var count: Int { heap.count }
  /// The next to complete.
  var first: Engine.PendingAnimation? { heap.first }

  private static func precedes(_ a: Engine.PendingAnimation, _ b: Engine.PendingAnimation) -> Bool {
    (a.endTime, a.serial) < (b.endTime, b.serial)
  }

  mutating func insert(_ animation: Engine.PendingAnimation) {
    if animation.isWatchdog { watchdogCount += 1 }
    heap.append(animation)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard Self.precedes(heap[child], heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  /// Removes and returns the next to complete (the queue must not be empty).
  mutating func removeFirst() -> Engine.PendingAnimation {
    let first = heap[0]
    if first.isWatchdog { watchdogCount -= 1 }
    let last = heap.removeLast()
    guard !heap.isEmpty else { return first }
    heap[0] = last
    var parent = 0
    while true {
      let left = 2 * parent + 1
      guard left < heap.count else { break }
      var smallest = left
      if left + 1 < heap.count && Self.precedes(heap[left + 1], heap[left]) { smallest = left + 1 }
      guard Self.precedes(heap[smallest], heap[parent]) else { break }
      heap.swapAt(smallest, parent)
      parent = smallest
    }
    return first
  }

  mutating func removeAll() {
    heap.removeAll()
    watchdogCount = 0
  }
}

/// A container's state whose transition end can run early (`finishNow`, when its view leaves the window) or be
/// abandoned (a new transition moves `transitionSerial` on): a page view's, an interactive pop's.
protocol TransitionEndHolder: AnyObject {
  var transitionSerial: Int { get }
  var finishNow: ((Engine) -> Void)? { get set }
}

extension NavigationState: TransitionEndHolder {}
extension Engine.PageViewState: TransitionEndHolder {}

extension Engine {
  /// Runs `body` after `duration` as the end of `state`'s current transition, or earlier through `state.finishNow`,
  /// whichever comes first: once, and not at all once the transition was abandoned or caught (the serial moved on).
  func scheduleTransitionEnd(
    of state: some TransitionEndHolder, after duration: Double, _ body: @escaping (Engine) -> Void
  ) {
    let serial = state.transitionSerial
    let run: (Engine) -> Void = { engine in
      guard state.transitionSerial == serial, state.finishNow != nil else { return }
      state.finishNow = nil
      body(engine)
    }
    state.finishNow = run
    schedule(after: duration, run)
  }
}

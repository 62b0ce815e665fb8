/// The events of the current turn, which the server drains after each turn, and which categories are built at all.
///
/// Only `Engine.record` appends (it checks the category and `maxTurnEvents` first); the server reads and drains
/// through `Engine`'s public members (`events`, `drainEvents`, `withDrainedEvents`, `discardEvents(after:)`).
struct EventLog {
  /// Events of the current turn, in order.
  private(set) var events: [EngineEvent] = []
  /// The categories of events built (`Engine.recordedEvents`).
  var recorded = EngineEvent.Categories.all
  /// Events built since the engine was made (`Engine.builtEventCount`).
  private(set) var builtCount = 0
  /// Whether this turn's events passed `maxTurnEvents` (reset when they are drained).
  private var overflowed = false
  /// An empty buffer with the capacity of an earlier turn's events (`Engine.withDrainedEvents`).
  private var spare: [EngineEvent] = []

  /// The most events a kept buffer has room for (a few hundred KB).
  static let maxSpareCapacity = 4096

  /// Appends a built event.
  @inline(__always)
  mutating func append(_ event: EngineEvent) {
    builtCount &+= 1
    events.append(event)
  }

  /// Marks the turn's events as past the limit; false when it was already (so its one warning is made once).
  mutating func noteOverflow() -> Bool {
    guard !overflowed else { return false }
    overflowed = true
    return true
  }

  /// Gives the last event another rule, when it is a lifecycle callback (a container relabels the willMove its
  /// addChild or willMove call emitted, R20).
  mutating func relabelLastLifecycleEvent(rule: String) {
    guard case .lifecycle? = events.last?.kind else { return }
    events[events.count - 1].rule = rule
  }

  /// Drops events emitted after the first `count`.
  mutating func discard(after count: Int) {
    if events.count > count { events.removeSubrange(count...) }
  }

  /// Takes the events emitted so far, leaving none.
  mutating func drain() -> [EngineEvent] {
    overflowed = false
    // Most turns (a ping) emit nothing: no buffer is copied or reallocated for them.
    guard !events.isEmpty else { return [] }
    defer { events = [] }
    return events
  }

  /// Takes the events emitted so far for `Engine.withDrainedEvents`, putting the spare buffer in their place; nil
  /// when there are none. Give the buffer back with `keepSpare(_:)`.
  mutating func takeForDrain() -> [EngineEvent]? {
    overflowed = false
    guard !events.isEmpty else { return nil }
    var drained = spare
    swap(&drained, &events)
    return drained
  }

  /// Keeps a drained buffer, emptied, for a later turn's events; one from a huge turn (a batch of thousands of calls)
  /// is let go rather than kept for good.
  mutating func keepSpare(_ drained: inout [EngineEvent]) {
    drained.removeAll(keepingCapacity: drained.capacity <= Self.maxSpareCapacity)
    spare = drained
  }

  /// `world/reset`: the turn's events gone (the spare buffer and the count of built events stay).
  mutating func reset() {
    events.removeAll()
    overflowed = false
  }
}

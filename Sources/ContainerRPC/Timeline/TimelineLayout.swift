import ContainerJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where things go across the HTML timeline: virtual time, spread by order.
///
/// Most of a run happens at a few instants of virtual time (everything a call does without animating happens at
/// once), so a linear time axis would pile a step's callbacks on one spot. Instead each mark gets its own slot, left
/// to right in the order the events came; time passing between two marks is a gap that grows with the time (on a
/// log scale, labelled on the axis in ms); each step is a band from its first slot to its last. Offsets take no slot.
struct TimelineLayout {
  /// The x of each event (by index in the timeline's events).
  private(set) var eventX: [Double] = []
  /// Each step's band (by index in the timeline's steps).
  private(set) var steps: [(x0: Double, x1: Double)] = []
  /// Time labels: where the clock moved on, and to what (ms).
  private(set) var ticks: [(x: Double, time: Double)] = []
  /// The step of each event (index into steps; nil before the first step).
  private(set) var stepOfEvent: [Int?] = []
  private(set) var width: Double = 0

  static let slot = 16.0
  static let padding = 8.0
  static let minimumBand = 26.0

  init(_ timeline: Timeline) {
    var stepOfRequest: [String: Int] = [:]
    for (index, step) in timeline.steps.enumerated() {
      for request in step.requests { stepOfRequest[request.encodedString] = index }
    }
    var eventsOfStep: [[Int]] = Array(repeating: [], count: timeline.steps.count)
    var before: [Int] = []
    var current: Int?
    for (index, event) in timeline.events.enumerated() {
      let request = (event["params"]?["request"] ?? .null).encodedString
      if let step = stepOfRequest[request] { current = max(step, current ?? step) }
      stepOfEvent.append(current)
      if let current { eventsOfStep[current].append(index) } else { before.append(index) }
    }
    eventX = Array(repeating: 0, count: timeline.events.count)
    var x = Self.padding
    var time = 0.0
    func place(_ indices: [Int]) {
      for index in indices {
        let event = timeline.events[index]
        let eventTime = event["params"]?["time"]?.doubleValue ?? time
        let takesSlot = event["method"] != "event/offset"
        if eventTime > time && takesSlot {
          x += Self.gap(eventTime - time)
          ticks.append((x, eventTime))
          time = eventTime
        }
        eventX[index] = x + Self.slot / 2
        if takesSlot { x += Self.slot }
      }
    }
    ticks.append((x, timeline.steps.first?.start ?? 0))
    place(before)
    for (index, step) in timeline.steps.enumerated() {
      let x0 = x
      x += 4
      if step.start > time {
        x += Self.gap(step.start - time)
        ticks.append((x, step.start))
        time = step.start
      }
      place(eventsOfStep[index])
      if step.end > time {
        x += Self.gap(step.end - time)
        ticks.append((x, step.end))
        time = step.end
      }
      x = max(x + 4, x0 + Self.minimumBand)
      steps.append((x0, x))
    }
    width = x + Self.padding
  }

  /// The gap for `milliseconds` of virtual time passing: 12 px for a frame, about 90 for 250 ms, 130 for 2 s.
  static func gap(_ milliseconds: Double) -> Double {
    (8 + 40 * log10(1 + milliseconds / 5)).rounded()
  }

  /// The x of an item at `order` (an event's index, or between two): the x of the event at or after it (`after`),
  /// or at or before it.
  func x(at order: Double, after: Bool = true) -> Double {
    let index = Int(after ? order.rounded(.up) : order.rounded(.down))
    if index < 0 { return eventX.first ?? Self.padding }
    if index >= eventX.count { return width - Self.padding }
    return eventX[index]
  }
}

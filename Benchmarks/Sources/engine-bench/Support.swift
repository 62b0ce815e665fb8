import ContainerEngine
import Glibc

// MARK: - Turns

/// The events one workload drained, by kind.
struct EventTally {
  /// Every event drained.
  var total = 0
  /// Those the daemon writes under the default subscriptions (`lifecycle` and `warning`; the layout callbacks
  /// `viewWillLayoutSubviews`/`viewDidLayoutSubviews` are lifecycle events of the `layout` kind, left out).
  var subscribedByDefault = 0
  /// `offset` events (`event/offset` on the wire).
  var offsets = 0
  /// `table` events (`event/table` on the wire).
  var tables = 0

  mutating func add(_ events: [EngineEvent]) {
    total += events.count
    for event in events {
      switch event.kind {
      case .lifecycle(_, let callback, _, _, _, _, _):
        // The layout callbacks (R30) and the geometry ones (R64) are not subscribed by default.
        if EngineEvent.category(ofCallback: callback) == .lifecycle { subscribedByDefault += 1 }
      case .warning: subscribedByDefault += 1
      case .offset: offsets += 1
      case .table: tables += 1
      default: break
      }
    }
  }
}

extension Engine {
  /// One request as `RPCServer` runs it, less the JSON: `beginTurn()`, the call, `endTurn()`, then the turn's events
  /// drained and counted (the server would encode the subscribed ones here).
  @inline(__always)
  func turn<T>(_ tally: inout EventTally, _ call: () throws(EngineError) -> T) throws(EngineError) -> T {
    beginTurn()
    let result = try call()
    endTurn()
    tally.add(drainEvents())
    return result
  }
}

// MARK: - Clock, memory, randomness

/// Seconds on the monotonic clock (`CLOCK_MONOTONIC`), from an arbitrary origin.
func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

/// The process's peak resident set so far, in bytes (`getrusage`: `ru_maxrss` is in KiB on Linux).
func peakResidentBytes() -> Int {
  var usage = rusage()
  getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
  return usage.ru_maxrss * 1024
}

/// SplitMix64: a fixed-seed generator, so every run asks the same queries.
struct SplitMix64 {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A double in [0, `bound`).
  mutating func uniform(below bound: Double) -> Double {
    Double(next() >> 11) * 0x1p-53 * bound
  }

  /// An index in 0..<`count` (the tiny modulo bias does not matter here).
  mutating func index(below count: Int) -> Int {
    Int(next() % UInt64(count))
  }
}

// MARK: - Output

/// `value` formatted by a printf `format` with one double conversion (`%.3f`).
func format(_ format: String, _ value: Double) -> String {
  var buffer = [CChar](repeating: 0, count: 64)
  let length = withVaList([value]) { arguments in vsnprintf(&buffer, buffer.count, format, arguments) }
  return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// `value` rounded to a whole number, with thousands separators (`1,234,567`).
func grouped(_ value: Double) -> String {
  let digits = String(Int(value.rounded()).magnitude)
  var result = ""
  for (index, digit) in digits.enumerated() {
    if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
    result.append(digit)
  }
  return value < 0 ? "-" + result : result
}

/// `value` rounded to a whole number, with thousands separators.
func grouped(_ value: Int) -> String { grouped(Double(value)) }

/// Stops the run with a message on stderr (exit 1): a workload that did not do what it should.
func fail(_ message: String) -> Never {
  let line = Array("engine-bench: \(message)\n".utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(1)
}

import ContainerEngine
import Glibc

/// `engine-bench [N] [QUERIES] [FLINGS]` (defaults 100000, 200000, 400; `REPS` in the environment, default 3):
/// issue 9's three wire-bound workloads run in process on the engine alone, with no JSON, printing one line per
/// figure with the issue-9 target and the ratio target / measured (above 1: the engine alone leaves that much room).
///
/// The tree runs once (its memory is the process's peak); the query and fling workloads run `REPS` times each on a
/// fresh engine and keep the best time.
@main
enum EngineBench {
  /// Issue 9's targets.
  static let treeTargetSeconds = 2.0
  static let bytesPerControllerTarget = 1024.0
  static let queryTargetMicroseconds = 20.0
  static let offsetEventsPerSecondTarget = 200_000.0

  static func main() throws {
    let arguments = CommandLine.arguments.dropFirst().map { Int($0) }
    func argument(_ index: Int, default value: Int) -> Int {
      guard index < arguments.count else { return value }
      guard let given = arguments[index], given > 0 else { fail("usage: engine-bench [N] [QUERIES] [FLINGS]") }
      return given
    }
    let count = argument(0, default: 100_000)
    let queries = argument(1, default: 200_000)
    let flings = argument(2, default: 400)
    let reps = max(1, getenv("REPS").flatMap { Int(String(cString: $0)) } ?? 3)
    #if DEBUG
      print("engine-bench: DEBUG build; the figures below mean nothing (build with -c release)")
    #endif

    try tree(count: count)
    try tables(queries: queries, reps: reps)
    try flingStream(count: flings, reps: reps)
  }

  /// Workload 1, with memory per controller against the peak before the engine existed.
  static func tree(count: Int) throws {
    let result = try Workloads.tree(count: count)
    let ratio = treeTargetSeconds / result.seconds
    print(
      "tree: \(grouped(count)) controllers created, embedded under a visible root and shown in "
        + "\(format("%.3f", result.seconds)) s (\(grouped(Double(count) / result.seconds)) controllers/s); "
        + "target <= 2 s: ratio \(format("%.2f", ratio)) (\(format("%.1f", 100 / ratio))% of the target)")
    let perController = { (events: Int) in format("%.2f", Double(events) / Double(count)) }
    print(
      "tree events: \(grouped(result.events.total)) drained (\(perController(result.events.total)) per controller), "
        + "\(grouped(result.events.subscribedByDefault)) of them subscribed by default "
        + "(\(perController(result.events.subscribedByDefault)) per controller); "
        + "c\(count - 1) ended 'appeared' under root"
    )
    let bytesPerController = Double(result.peakBytes - result.baselineBytes) / Double(count)
    print(
      "tree memory: \(grouped(bytesPerController)) bytes per controller (peak RSS "
        + "\(format("%.1f", Double(result.peakBytes) / 1_048_576)) MiB, before the engine "
        + "\(format("%.1f", Double(result.baselineBytes) / 1_048_576)) MiB); target <= 1 KiB: ratio "
        + "\(format("%.2f", bytesPerControllerTarget / bytesPerController))")
  }

  /// Workload 2: bench-table's two query streams, the same number of queries at pseudo-random y (fixed seed).
  static func tables(queries: Int, reps: Int) throws {
    var random = SplitMix64(seed: 5)
    let uniformHeight = 10_000_000 * 44.0
    let uniformOffsets = (0..<queries).map { _ in random.uniform(below: uniformHeight - 600) }
    let uniform = Engine.TableData(sections: [
      .init(headerHeight: 0, footerHeight: 0, rows: .uniform(count: 10_000_000, height: 44, identifier: "c"))
    ])
    try queryStream(name: "uniform-10M", data: uniform, offsets: uniformOffsets, reps: reps, target: true)

    let choices: [Double] = [44, 60, 88, 120]
    let heights = (0..<1_000_000).map { _ in choices[random.index(below: choices.count)] }
    let variableHeight = heights.reduce(0, +)
    let variableOffsets = (0..<queries).map { _ in random.uniform(below: variableHeight - 600) }
    let variable = Engine.TableData(sections: [
      .init(headerHeight: 0, footerHeight: 0, rows: .listed(heights: heights, identifiers: ["c"]))
    ])
    try queryStream(name: "variable-1M", data: variable, offsets: variableOffsets, reps: reps, target: false)
  }

  static func queryStream(name: String, data: Engine.TableData, offsets: [Double], reps: Int, target: Bool) throws {
    var best = try Workloads.queries(data, offsets: offsets)
    for _ in 1..<reps {
      let next = try Workloads.queries(data, offsets: offsets)
      if next.seconds < best.seconds { best.seconds = next.seconds }
      if next.searchSeconds < best.searchSeconds { best.searchSeconds = next.searchSeconds }
      best.setDataSeconds = min(best.setDataSeconds, next.setDataSeconds)
    }
    let count = Double(offsets.count)
    let microseconds = best.seconds / count * 1e6
    let verdict =
      target
      ? "target <= 20 us: ratio \(format("%.2f", queryTargetMicroseconds / microseconds)) "
        + "(\(format("%.2f", microseconds / queryTargetMicroseconds * 100))% of the target)"
      : "no target of its own"
    print(
      "visibleRows \(name): \(grouped(offsets.count)) queries, \(format("%.3f", microseconds)) us per query as a "
        + "turn (search alone \(format("%.3f", best.searchSeconds / count * 1e6)) us), "
        + "\(format("%.2f", Double(best.rows) / count)) rows per answer, "
        + "setData \(format("%.3f", best.setDataSeconds)) s; "
        + verdict)
  }

  /// Workload 3: bench-table's fling stream; offset events drained per second of wall time.
  static func flingStream(count: Int, reps: Int) throws {
    var best = try Workloads.flings(count: count)
    for _ in 1..<reps {
      let next = try Workloads.flings(count: count)
      guard next.events.total == best.events.total else { fail("flings: a repetition drained other events") }
      if next.seconds < best.seconds { best = next }
    }
    let rate = Double(best.events.offsets) / best.seconds
    let ratio = rate / offsetEventsPerSecondTarget
    print(
      "flings: \(count) flings, \(grouped(best.events.offsets)) offset events + \(grouped(best.events.tables)) table "
        + "events (+\(best.setupEvents.tables) at setData; \(grouped(best.events.total)) in all) "
        + "in \(format("%.4f", best.seconds)) s: "
        + "\(grouped(rate)) offset events/s; target >= 200k/s: ratio \(format("%.2f", ratio)) "
        + "(\(format("%.2f", 100 / ratio))% of the target)")
  }
}

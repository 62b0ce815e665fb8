import ArgumentParser
import ContainerRPC

/// `containerd trace SCENARIO [-o FILE]`: runs a scenario file (one that `record` wrote, or any `check` scenario) the
/// way `check` does, each scenario against a fresh world, and writes what happened as a trace in the Trace Event
/// Format (``ChromeTrace``), for Perfetto's UI or chrome://tracing.
struct Trace: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run a scenario file and write it as a trace for Perfetto (ui.perfetto.dev) or chrome://tracing.",
    discussion: """
      Runs every scenario of the file as `containerd check` does (a fresh world each) and writes one trace in the \
      Trace Event Format (JSON): a process per window (and one for the steps), a thread per controller and scroll \
      view, an instant event per callback (its rule, request and fields in args), spans for appearance \
      transitions, container transitions, drags, decelerations and scrolling animations, and each scroll view's \
      contentOffset as a counter, on the virtual clock (ms, written as µs). The same file gives the same bytes.

      The trace goes to stdout unless -o names a file. A failed expectation is reported on stderr as by check; \
      the trace is written all the same.

      Exit status: 0 written and every expectation held, 1 written but some expectation failed, 2 a configuration \
      error (the file cannot be read or is not a scenario, the output path cannot be written), 3 the trace could \
      not be written to stdout, 64 bad flags.

      Example:
        containerd trace examples/seed001-container.json -o seed001.trace.json
      """
  )

  @Argument(
    help: ArgumentHelp(
      "A scenario file (JSON), a directory (its *.json files, as check reads it), or - for stdin.",
      valueName: "file|dir|-"))
  var file: String

  @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the trace (default: stdout).", valueName: "file"))
  var output: String?

  func run() throws {
    var problems: [String] = []
    let sources = CheckSource.load([file], problems: &problems)
    if let output, let problem = OutputFile.problem(output) {
      problems.append("cannot write the trace to \(output): \(problem)")
    }
    guard problems.isEmpty else {
      for problem in problems { Self.report(problem) }
      throw ExitCode(Check.configurationErrorStatus)
    }
    let runner = ScenarioRunner()
    var timelines: [Timeline] = []
    var failed = false
    for source in sources {
      for scenario in source.scenarios {
        let (outcome, timeline) = runner.runKeepingTimeline(scenario, file: source.label, wireframes: false)
        timelines.append(timeline)
        if !outcome.passed {
          failed = true
          Self.report("FAIL \(outcome.file): \(outcome.scenario)")
          for failure in outcome.failures { Self.report("  \(failure)") }
        }
      }
    }
    let text = ChromeTrace.document(timelines)
    if let output {
      do {
        try OutputFile.write(text, to: output)
      } catch {
        Self.report("cannot write the trace to \(output): \(error)")
        throw ExitCode(Check.configurationErrorStatus)
      }
    } else {
      do {
        try OutputFile.writeStandardOutput(text)
      } catch {
        Self.report("cannot write the trace to stdout: \(error)")
        throw ExitCode(Self.stdoutErrorStatus)
      }
    }
    if failed { throw ExitCode(1) }
  }

  /// The exit status when the trace could not be written to stdout (a full disk, a closed pipe), as for `serve`.
  static let stdoutErrorStatus: Int32 = 3

  static func report(_ message: String) {
    SystemIO.writeStandardError("containerd trace: \(message)\n")
  }
}

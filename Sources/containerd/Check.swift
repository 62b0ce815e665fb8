import ArgumentParser
import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `containerd check FILE|DIR|-…`: runs scenario files, each scenario against a fresh world, one line per scenario, a
/// closing `N passed, M failed` line, a JUnit report on request; exits 1 when any failed, 2 on a configuration error
/// (found before anything runs).
struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run scenario files (Documentation/Scenarios.md) and report, for people and CI.",
    discussion: """
      Each file holds one scenario, an array of them, or {"scenarios": [...]}. Each scenario runs against a \
      fresh world. Prints one line per scenario (PASS or FAIL with every failed expectation) and a closing \
      "N passed, M failed" line.

      A directory stands for the *.json files directly inside it (not in subdirectories; hidden files left out), \
      sorted by name; - reads one scenario document from stdin.

      Every file is read and parsed, and the --junit path checked, before anything runs: a missing or unreadable \
      file, an empty directory, a file that is not a scenario or a --junit path that cannot be written is a \
      configuration error, reported on stderr, and nothing runs.

      --html writes one self-contained page (no network) with each scenario's timeline: a row per controller and \
      scroll view over virtual time, a mark per callback, bars for appearance and container transitions, drags, \
      decelerations and animations, the step that caused each event, the failed expectations, and the wireframe \
      of each window after the step you pick (Documentation/Timeline.md).

      Exit status: 0 all passed, 1 some scenario failed, 2 a configuration error, 3 stdout could not be written,
      64 bad flags.

      Examples:
        containerd check examples/
        containerd check --html timeline.html examples/seed001-container.json
        containerd check --jobs 4 --junit report.xml examples/*.json
        generate-scenario | containerd check -
      """
  )

  @Argument(
    help: ArgumentHelp(
      "Scenario files (JSON), directories (their *.json files), or - for stdin.", valueName: "file|dir|-"))
  var files: [String]

  @Option(help: ArgumentHelp("Write a JUnit XML report to this path.", valueName: "path"))
  var junit: String?

  @Option(help: ArgumentHelp("Write an HTML timeline of every scenario to this path.", valueName: "path"))
  var html: String?

  @Flag(help: "Print only failures and the closing line.")
  var quiet = false

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "Run up to this many files at once, each in its own process (a fresh world per scenario as always); the "
        + "output and the report are the same, in file order.",
      valueName: "n"))
  var jobs = 1

  /// Child mode for `--jobs`: run the scenario document on stdin and write each outcome as one JSON line.
  @Flag(help: .private)
  var outcomes = false

  /// Child mode for `--jobs`: the file name the outcomes carry.
  @Option(help: .private)
  var label: String?

  /// Child mode for `--jobs` with `--html`: each outcome carries its scenario's timeline.
  @Flag(help: .private)
  var timelines = false

  /// The exit status for a configuration error.
  static let configurationErrorStatus: Int32 = 2
  /// How stdin is named in the output.
  static let standardInputLabel = "(stdin)"

  func validate() throws {
    guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    guard files.filter({ $0 == "-" }).count <= 1 else { throw ValidationError("- (stdin) can be given once") }
    if outcomes && files != ["-"] { throw ValidationError("--outcomes reads stdin only") }
  }

  func run() throws {
    if outcomes {
      try runOutcomes()
      return
    }
    var problems: [String] = []
    let sources = CheckSource.load(files, problems: &problems)
    if let junit, let problem = OutputFile.problem(junit) {
      problems.append("cannot write the JUnit report to \(junit): \(problem)")
    }
    if let html, let problem = OutputFile.problem(html) {
      problems.append("cannot write the HTML timeline to \(html): \(problem)")
    }
    guard problems.isEmpty else {
      for problem in problems { Self.report(problem) }
      Self.report("nothing was run (exit status 2: a configuration error)")
      throw ExitCode(Self.configurationErrorStatus)
    }

    var all: [ScenarioRunner.Outcome] = []
    let emitFile = { (outcomes: [ScenarioRunner.Outcome]) in
      for outcome in outcomes { emit(outcome) }
      all += outcomes
    }
    if jobs > 1 && sources.count > 1 {
      signal(SIGPIPE, SIG_IGN)
      let runner = ParallelCheck(
        executable: ParallelCheck.currentExecutable(), jobs: jobs, timelines: html != nil)
      runner.run(sources) { _, outcomes in emitFile(outcomes) }
    } else {
      let runner = ScenarioRunner()
      for source in sources {
        for scenario in source.scenarios {
          emitFile([run(runner, scenario, file: source.label)])
        }
      }
    }
    let failed = all.filter { !$0.passed }.count
    Self.write("\(all.count - failed) passed, \(failed) failed")
    if let junit {
      do {
        try OutputFile.write(ScenarioRunner.junit(all), to: junit)
      } catch {
        Self.report("cannot write the JUnit report to \(junit): \(error)")
        throw ExitCode(Self.configurationErrorStatus)
      }
    }
    if let html {
      let timelines = all.compactMap(\.timeline)
      do {
        try OutputFile.write(TimelinePage.html(timelines, title: "containerd check"), to: html)
      } catch {
        Self.report("cannot write the HTML timeline to \(html): \(error)")
        throw ExitCode(Self.configurationErrorStatus)
      }
    }
    if failed > 0 { throw ExitCode(1) }
  }

  /// One scenario's outcome, with its timeline (each window drawn after each step) for `--html`.
  private func run(_ runner: ScenarioRunner, _ scenario: Scenario, file: String) -> ScenarioRunner.Outcome {
    guard html != nil || timelines else { return runner.run(scenario, file: file, clock: Self.clock) }
    return runner.runKeepingTimeline(scenario, file: file, wireframes: true, clock: Self.clock).outcome
  }

  /// The lines of one outcome: PASS (unless quiet), or FAIL and every failure.
  private func emit(_ outcome: ScenarioRunner.Outcome) {
    if outcome.passed {
      if !quiet { Self.write("PASS \(outcome.file): \(outcome.scenario) (\(outcome.steps) steps)") }
    } else {
      Self.write("FAIL \(outcome.file): \(outcome.scenario)")
      for failure in outcome.failures { Self.write("  \(failure)") }
    }
  }

  /// `--outcomes`: one JSON line per scenario of the document on stdin.
  private func runOutcomes() throws {
    let label = label ?? Self.standardInputLabel
    let text: String
    let scenarios: [Scenario]
    do {
      text = try CheckSource.readStandardInput()
      scenarios = try Scenario.parse(text, file: label)
    } catch {
      Self.report("\(error)")
      throw ExitCode(Self.configurationErrorStatus)
    }
    let runner = ScenarioRunner()
    for scenario in scenarios {
      Self.write(ParallelCheck.encode(run(runner, scenario, file: label)))
    }
  }

  static func clock() -> Double { SystemIO.wallClock() }

  /// Writes one line of the report to stdout; a stdout that cannot take it (a full disk, a closed pipe) ends the
  /// check with its reason and exit 3, as `serve` and `trace` do, instead of a crash.
  static func write(_ line: String) {
    do {
      try OutputFile.writeStandardOutput(line + "\n")
    } catch {
      report("cannot write the report to stdout: \(error)")
      SystemIO.exit(Trace.stdoutErrorStatus)
    }
  }

  static func report(_ message: String) {
    SystemIO.writeStandardError("containerd check: \(message)\n")
  }
}

/// One scenario document named on the command line (a file, a file of a directory, or stdin), read and parsed.
struct CheckSource: Sendable {
  /// The name in the output: the path as given (a directory's files as DIR/NAME), or `(stdin)`.
  var label: String
  /// The document's text (sent to the child process with `--jobs`).
  var text: String
  var scenarios: [Scenario]

  /// Every document the arguments name, in order; each problem (a missing or unreadable file, an empty directory,
  /// a document that is not a scenario) is added to `problems`.
  static func load(_ arguments: [String], problems: inout [String]) -> [CheckSource] {
    var sources: [CheckSource] = []
    for argument in arguments {
      for (label, path) in expand(argument, problems: &problems) {
        let text: String
        do {
          text = path == nil ? try readStandardInput() : try read(path!)
        } catch {
          problems.append("cannot read \(label): \(error)")
          continue
        }
        do {
          sources.append(CheckSource(label: label, text: text, scenarios: try Scenario.parse(text, file: label)))
        } catch {
          problems.append("\(error)")
        }
      }
    }
    return sources
  }

  /// The documents one argument names: itself, a directory's `*.json` files, or stdin (path nil).
  private static func expand(_ argument: String, problems: inout [String]) -> [(label: String, path: String?)] {
    if argument == "-" { return [(Check.standardInputLabel, nil)] }
    guard SystemIO.isDirectory(argument) else { return [(argument, argument)] }
    let names: [String]
    do {
      names = try SystemIO.directoryEntries(argument)
    } catch {
      problems.append("cannot list the directory \(argument): \(error)")
      return []
    }
    let prefix = argument.hasSuffix("/") ? argument : argument + "/"
    let files = names.filter { name in
      name.hasSuffix(".json") && !name.hasPrefix(".") && SystemIO.isNonDirectory(prefix + name)
    }
    .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    if files.isEmpty { problems.append("the directory \(argument) holds no *.json scenario files") }
    return files.map { (prefix + $0, prefix + $0) }
  }

  /// A file's text; the error says why it cannot be had (no such file, permission denied, not UTF-8).
  static func read(_ path: String) throws(ReadError) -> String {
    guard !path.isEmpty else { throw ReadError(reason: "the path is empty") }
    let bytes: [UInt8]
    do {
      bytes = try SystemIO.contents(ofFile: path)
    } catch {
      throw ReadError(reason: error.description)
    }
    guard let text = SystemIO.utf8Text(bytes) else { throw ReadError(reason: "it is not UTF-8 text") }
    return text
  }

  /// All of stdin as text.
  static func readStandardInput() throws(ReadError) -> String {
    let bytes: [UInt8]
    do {
      bytes = try SystemIO.readToEnd(STDIN_FILENO)
    } catch {
      throw ReadError(reason: error.description)
    }
    guard let text = SystemIO.utf8Text(bytes) else { throw ReadError(reason: "stdin is not UTF-8 text") }
    return text
  }

  /// Why a document could not be read.
  struct ReadError: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
  }
}

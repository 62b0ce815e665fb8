import ArgumentParser
import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerTransport
import Foundation

/// `containerd check FILE…`: runs scenario files, each scenario against a fresh world, one line per scenario, a
/// closing `N passed, M failed` line, a JUnit report on request; exits 1 when any failed.
struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run scenario files (Documentation/Scenarios.md) and report, for people and CI.",
    discussion: """
      Each file holds one scenario, an array of them, or {"scenarios": [...]}. Each scenario runs against a \
      fresh world. Prints one line per scenario (PASS or FAIL with every failed expectation) and a closing \
      "N passed, M failed" line; exits 1 if any failed, 2 if a file can't be read.
      """
  )

  @Argument(help: ArgumentHelp("Scenario files (JSON).", valueName: "file"))
  var files: [String]

  @Option(help: ArgumentHelp("Write a JUnit XML report to this path.", valueName: "path"))
  var junit: String?

  @Flag(help: "Print only failures and the closing line.")
  var quiet = false

  func run() throws {
    var outcomes: [ScenarioRunner.Outcome] = []
    var unreadable = false
    let runner = ScenarioRunner()
    let clock = { Date().timeIntervalSinceReferenceDate }
    for file in files {
      let scenarios: [Scenario]
      do {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        scenarios = try Scenario.parse(text, file: file)
      } catch let error as ScenarioError {
        emit("ERROR \(error)")
        unreadable = true
        continue
      } catch {
        emit("ERROR \(file): \(error.localizedDescription)")
        unreadable = true
        continue
      }
      for scenario in scenarios {
        let outcome = runner.run(scenario, file: file, clock: clock)
        outcomes.append(outcome)
        if outcome.passed {
          if !quiet { emit("PASS \(file): \(outcome.scenario) (\(outcome.steps) steps)") }
        } else {
          emit("FAIL \(file): \(outcome.scenario)")
          for failure in outcome.failures { emit("  \(failure)") }
        }
      }
    }
    let failed = outcomes.filter { !$0.passed }.count
    emit("\(outcomes.count - failed) passed, \(failed) failed")
    if let junit {
      try ScenarioRunner.junit(outcomes).write(toFile: junit, atomically: true, encoding: .utf8)
    }
    if unreadable { throw ExitCode(2) }
    if failed > 0 { throw ExitCode(1) }
  }

  private func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }
}

import ArgumentParser
import ContainerRPC

/// `containerd reference`: prints Documentation/Reference.md, the method reference generated from the method
/// registry and the examples' real runs (`ReferenceMarkdown`). A test compares the committed file with it.
struct Reference: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print the method reference (Documentation/Reference.md) generated from the method registry.",
    discussion: """
      Runs every method's example on a fresh in-process daemon and prints the reference page: each method's \
      parameters, result, errors and example (its setup, request, events and reply), then the events.

      Exit status: 0 printed, 3 stdout could not be written (a full disk, a closed pipe), 64 bad flags.

      Example:
        containerd reference > Documentation/Reference.md
      """
  )

  func run() throws {
    do {
      try OutputFile.writeStandardOutput(ReferenceMarkdown.render(RPCServer.discoverDocument))
    } catch {
      SystemIO.writeStandardError("containerd reference: cannot write to stdout: \(error)\n")
      throw ExitCode(Trace.stdoutErrorStatus)
    }
  }
}

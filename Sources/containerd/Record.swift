import ArgumentParser
import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerTransport
import Logging

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `containerd record --output FILE`: serves stdin as the daemon does (the same stdio loop: lines or LSP framing per
/// message, replies in the framing of their request, SIGTERM/SIGINT after the current turn), and at the end writes a
/// scenario file whose steps are the calls it saw, with their results and lifecycle callbacks as expectations (edit it
/// down to what matters).
struct Record: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Serve stdin as usual and write the session as a scenario file for `containerd check`.",
    discussion: """
      Serves stdin like `containerd serve` (one JSON text per line, or LSP-style Content-Length headers, detected \
      per message; each reply in the framing of its request) and writes the scenario when the session ends: at end \
      of input, after daemon/shutdown, or on SIGINT/SIGTERM once the current turn is answered (exit 0; signals that \
      come while the file is written are ignored, so the session is never lost), or after LSP `exit`.

      Every request with an id becomes a step: its method and params, its result (or error code and exception) \
      and the lifecycle callbacks it caused; a batch becomes a batch step. Notifications are served but not \
      recorded, nor is the LSP handshake (initialize, initialized, shutdown, exit). The scenario subscribes to \
      what the session subscribed to.

      --trace also writes the session as a trace in the Trace Event Format (open it in Perfetto's UI, \
      ui.perfetto.dev, or chrome://tracing): a track per window, controller and scroll view, a mark per callback, \
      spans for appearance transitions, container transitions, drags, decelerations and scrolling animations, on \
      the virtual clock. --html writes the same as a self-contained page (Documentation/Timeline.md), with the \
      wireframe of each window after each step. Give at least one of -o, --trace and --html.

      The output paths are checked before any input is read: a missing directory, a directory, or a read-only file \
      is refused with exit status 2.

      Exit status: 0 the scenario was written; 1 it could not be written after all (it is then printed on stderr), \
      stdin could not be read, or LSP `exit` came without `shutdown` (the scenario is written); 2 the output path \
      was refused at start; 3 stdout could not be written (the scenario is written); 64 bad flags.

      Example:
        containerd record --name "swipe back" -o swipe.json < session.jsonl > /dev/null
        containerd check swipe.json
        containerd record --trace swipe.trace.json --html swipe.html < session.jsonl > /dev/null
      """
  )

  @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the scenario.", valueName: "file"))
  var output: String?

  @Option(
    help: ArgumentHelp("Also write the session as a Trace Event file (Perfetto, chrome://tracing).", valueName: "file"))
  var trace: String?

  @Option(help: ArgumentHelp("Also write the session as an HTML timeline.", valueName: "file"))
  var html: String?

  @Option(help: ArgumentHelp("The scenario's name.", valueName: "name"))
  var name = "recorded session"

  /// The exit status for a configuration error (here: an output path that cannot be written).
  static let configurationErrorStatus: Int32 = 2

  func validate() throws {
    guard output != nil || trace != nil || html != nil else {
      throw ValidationError("give at least one of --output, --trace and --html")
    }
  }

  /// What is written at the end, and where.
  private var outputs: [(what: String, path: String)] {
    [("the scenario", output), ("the trace", trace), ("the timeline", html)].compactMap { what, path in
      path.map { (what, $0) }
    }
  }

  func run() throws {
    var refused = false
    for (what, path) in outputs {
      if let problem = OutputFile.problem(path) {
        Self.report("cannot write \(what) to \(path): \(problem)")
        refused = true
      }
    }
    if refused { throw ExitCode(Self.configurationErrorStatus) }
    // As `serve`: the protocol on a private duplicate of stdout, fd 1 pointed at stderr (no stray print can break the
    // stream), SIGPIPE ignored, SIGTERM/SIGINT ending the loop after the current turn.
    let protocolFD = dup(STDOUT_FILENO)
    guard protocolFD >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
      Self.report("cannot set up the protocol stream on stdout")
      throw ExitCode.failure
    }
    _ = fcntl(protocolFD, F_SETFD, FD_CLOEXEC)
    signal(SIGPIPE, SIG_IGN)
    StdioConnection.installTerminationHandlers()
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = .warning
      return handler
    }

    let recorder = SessionRecorder(server: RPCServer(), timeline: trace != nil || html != nil, wireframes: html != nil)
    let connection = StdioConnection(inputFD: STDIN_FILENO, outputFD: protocolFD)
    let reason = connection.run(handler: recorder, limits: ReadLimits())
    // The session is over: a further signal must not cut the scenario's write short.
    signal(SIGTERM, SIG_IGN)
    signal(SIGINT, SIG_IGN)
    var written: [String] = []
    for (what, path) in outputs {
      let text: String
      switch what {
      case "the scenario": text = recorder.scenario(name: name)
      case "the trace": text = ChromeTrace.document([recorder.timeline(name: name)])
      default:
        text = TimelinePage.html(
          [recorder.timeline(name: name)], title: "containerd record · \(name)", recorded: true)
      }
      do {
        try OutputFile.write(text, to: path)
        written.append(path)
      } catch {
        // Not lost all the same: it goes to stderr.
        Self.report("cannot write \(what) to \(path): \(error); here it is:\n\(text)")
        throw ExitCode.failure
      }
    }
    let writtenPaths = written.joined(separator: ", ")
    switch reason {
    case .endOfInput, .shutdown:
      // LSP `exit` ends the session like daemon/shutdown, with LSP's status (0 after `shutdown`, 1 without), as serve.
      if let status = recorder.server.lifecycle.exitStatus, status != 0 { throw ExitCode(status) }
    case .signal: return
    case .outputClosed where StdioConnection.receivedTerminationSignal != 0: return
    case .outputClosed(let code):
      Self.report("cannot write stdout (\(OutputFile.reason(code))); written: \(writtenPaths)")
      throw ExitCode(Serve.outputClosedStatus)
    case .inputError(let code):
      Self.report("cannot read stdin (\(OutputFile.reason(code))); written: \(writtenPaths)")
      throw ExitCode.failure
    }
  }

  static func report(_ message: String) {
    let line = "containerd record: \(message)\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
  }
}

/// Serves messages through the server and keeps each request with an id, with what it produced, as a scenario step.
final class SessionRecorder: MessageHandler {
  let server: RPCServer
  /// The steps so far, each one encoded line of the scenario's `steps` array.
  private(set) var steps: [String] = []
  /// The kinds the session subscribed to (`events/subscribe` calls that succeeded).
  private(set) var subscribed: [JSONValue] = []

  /// The LSP handshake: the connection's state, not the world's, so not a step (its reply names the version).
  static let unrecorded: Set<String> = ["initialize", "initialized", "shutdown", "exit"]
  /// The session's timeline (`--trace`, `--html`): the same steps as the scenario's.
  private let timelineRecorder: TimelineRecorder?

  init(server: RPCServer, timeline: Bool = false, wireframes: Bool = false) {
    self.server = server
    timelineRecorder = timeline ? TimelineRecorder(server: server, wireframes: wireframes) : nil
  }

  /// The session so far as a timeline.
  func timeline(name: String) -> Timeline {
    timelineRecorder?.timeline(name: name) ?? Timeline(name: name, events: [])
  }

  var isShutdownRequested: Bool { server.isShutdownRequested }

  /// LSP `exit` ends the session as on stdio.
  var isCloseRequested: Bool { server.isCloseRequested }

  func mayTakeLong(_ input: MessageFramer.Output) -> Bool { server.mayTakeLong(input) }

  func handle(_ input: MessageFramer.Output, sink: any MessageSink) {
    // After LSP `shutdown` the connection refuses every request but `exit` (-32600): its state, not the world's, so
    // those refusals are no steps (replayed without the handshake, the calls would succeed and the check fail).
    let wasShutDown = server.lifecycle.isShutDown
    let tee = TeeSink(forward: sink)
    if case .message(let request, _) = input { timelineRecorder?.begin(message: request) }
    server.handle(input, sink: tee)
    guard case .message(let request, _) = input, !wasShutDown, record(request, output: tee.messages) else {
      timelineRecorder?.discard()
      return
    }
    timelineRecorder?.end()
  }

  /// Adds the step of one message (a request or a batch) given everything the server wrote for it, in order; false
  /// when the message is no step.
  private func record(_ request: JSONValue, output: [JSONValue]) -> Bool {
    if let calls = request.arrayValue {
      // A batch: one step, one turn.
      let events = output.filter { $0["method"] != nil }
      let responses = output.last?.arrayValue ?? []
      var step: JSONObject = [
        "batch": .array(
          calls.map { call in
            var entry: JSONObject = ["call": call["method"] ?? .null]
            if let params = call["params"] { entry["params"] = params }
            return .object(entry)
          })
      ]
      // `check` sends every call of a batch step as a request, so `results` has one entry per call: only when every
      // call here had an id (a notification's result was never seen; its effects are in the turn's lifecycle).
      if calls.allSatisfy({ $0["id"] != nil }), responses.count == calls.count {
        step["results"] = .array(responses.map { $0["result"] ?? ["error": $0["error"] ?? .null] })
      }
      let lifecycle = Self.lifecycle(events)
      if !lifecycle.isEmpty { step["lifecycle"] = .array(lifecycle) }
      steps.append("    " + JSONValue.object(step).encodedString)
      return true
    }
    guard request["id"] != nil, let method = request["method"]?.stringValue, !Self.unrecorded.contains(method)
    else { return false }
    let response = output.last(where: { $0["id"] != nil }) ?? .null
    let events = output.filter { $0["id"] == nil }
    if method == "events/subscribe", response["result"] != nil, let kinds = request["params"]?["kinds"]?.arrayValue {
      subscribed += kinds
      return false
    }
    var step: JSONObject = ["call": .string(method)]
    if let params = request["params"] { step["params"] = params }
    if let result = response["result"] {
      step["result"] = result
    } else if let error = response["error"] {
      var expected: JSONObject = ["code": error["code"] ?? .null]
      if let exception = error["data"]?["exception"] { expected["exception"] = exception }
      step["error"] = .object(expected)
    }
    let lifecycle = Self.lifecycle(events)
    if !lifecycle.isEmpty { step["lifecycle"] = .array(lifecycle) }
    steps.append("    " + JSONValue.object(step).encodedString)
    return true
  }

  /// The scenario file: the name, the subscription, one step per line.
  func scenario(name: String) -> String {
    var header: JSONObject = ["name": .string(name)]
    if !subscribed.isEmpty { header["subscribe"] = .array(subscribed) }
    let opening = String(JSONValue.object(header).encodedString.dropLast())
    return opening + ",\n  \"steps\": [\n" + steps.joined(separator: ",\n") + "\n  ]\n}\n"
  }

  /// The lifecycle callbacks among `events` as trace lines, layout callbacks left out (as `check` compares them).
  private static func lifecycle(_ events: [JSONValue]) -> [JSONValue] {
    events.filter {
      $0["method"] == "event/lifecycle" && !ScenarioRunner.isLayoutCallback($0["params"]?["callback"]?.stringValue)
    }.map { .string(EventTrace.describe($0)) }
  }
}

/// Passes everything on to the connection's sink and keeps a copy of each message.
final class TeeSink: MessageSink {
  let forward: any MessageSink
  private(set) var messages: [JSONValue] = []

  init(forward: any MessageSink) {
    self.forward = forward
  }

  func send(_ message: JSONValue, framing: Framing) {
    messages.append(message)
    forward.send(message, framing: framing)
  }

  func send(encodedArray bytes: [UInt8], framing: Framing) {
    messages.append(bytes.withUnsafeBytes { raw in try? JSONValue.parse(raw, maxDepth: .max) } ?? .null)
    forward.send(encodedArray: bytes, framing: framing)
  }
}

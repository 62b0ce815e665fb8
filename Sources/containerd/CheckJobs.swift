import ContainerJSON
import ContainerRPC

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `check --jobs N`: runs each file in its own child process (`containerd check --outcomes -`, the document on its
/// stdin, its outcomes as JSON lines on its stdout), up to N at once, and hands the outcomes over in file order, so
/// that the parent prints exactly what a run in one process prints.
struct ParallelCheck: Sendable {
  /// This program, run again for each file.
  var executable: String
  /// The most children at once.
  var jobs: Int
  /// Whether the children send each scenario's timeline too (`check --html`).
  var timelines = false

  /// Runs every source; `deliver` gets each file's outcomes in file order, as soon as that file and every earlier
  /// one are done.
  func run(_ sources: [CheckSource], deliver: (Int, [ScenarioRunner.Outcome]) -> Void) {
    let queue = JobQueue(count: sources.count)
    var workers: [SystemIO.JoinableThread] = []
    for _ in 0..<min(jobs, sources.count) {
      let worker = SystemIO.startThread { [self] in
        while let index = queue.take() {
          queue.finish(index, outcomes: runChild(sources[index]))
        }
      }
      if let worker { workers.append(worker) }
    }
    if workers.isEmpty {
      // No thread could be started: the files run one after the other on this one.
      while let index = queue.take() { queue.finish(index, outcomes: runChild(sources[index])) }
    }
    for index in sources.indices {
      deliver(index, queue.wait(for: index))
    }
    for worker in workers { worker.join() }
  }

  /// The outcomes of one file, from a child process; a child that fails adds a failed outcome saying so.
  func runChild(_ source: CheckSource) -> [ScenarioRunner.Outcome] {
    let arguments =
      [executable, "check", "--outcomes", "--label", source.label] + (timelines ? ["--timelines"] : []) + ["-"]
    let (output, status) = Self.spawn(arguments, input: Array(source.text.utf8))
    var outcomes: [ScenarioRunner.Outcome] = []
    var malformed = false
    for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
      guard let outcome = Self.decode(String(line), file: source.label) else {
        malformed = true
        continue
      }
      outcomes.append(outcome)
    }
    if status != 0 || malformed || outcomes.count != source.scenarios.count {
      let how = status == 0 ? "exited without all its outcomes" : Self.describe(status: status)
      outcomes.append(
        ScenarioRunner.Outcome.make(
          scenario: "(the process running this file)", file: source.label, steps: 0,
          failures: ["\(executable) check \(source.label) \(how)"], seconds: 0))
    }
    return outcomes
  }

  /// One outcome as one JSON line (with its timeline when it has one).
  static func encode(_ outcome: ScenarioRunner.Outcome) -> String {
    var members: JSONObject = [
      "scenario": .string(outcome.scenario), "steps": .int(Int64(outcome.steps)),
      "failures": .array(outcome.failures.map { .string($0) }), "seconds": .double(outcome.seconds),
    ]
    if let timeline = outcome.timeline { members["timeline"] = timeline.json }
    return JSONValue.object(members).encodedString
  }

  static func decode(_ line: String, file: String) -> ScenarioRunner.Outcome? {
    guard let value = try? JSONValue.parse(line), let scenario = value["scenario"]?.stringValue,
      let steps = value["steps"]?.intValue, let failures = value["failures"]?.arrayValue
    else { return nil }
    var outcome = ScenarioRunner.Outcome.make(
      scenario: scenario, file: file, steps: Int(steps), failures: failures.compactMap(\.stringValue),
      seconds: value["seconds"]?.doubleValue ?? 0)
    outcome.timeline = value["timeline"].flatMap(Timeline.init(json:))
    return outcome
  }

  /// A wait status in words.
  static func describe(status: Int32) -> String {
    let signal = status & 0x7f
    if signal == 0 { return "exited with status \((status >> 8) & 0xff)" }
    return "was killed by signal \(signal)"
  }

  /// The path of the running program.
  static func currentExecutable() -> String {
    #if os(Linux)
      var buffer = [CChar](repeating: 0, count: 4096)
      let length = readlink("/proc/self/exe", &buffer, buffer.count)
      if length > 0 { return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    #elseif canImport(Darwin)
      var size: UInt32 = 4096
      var buffer = [CChar](repeating: 0, count: Int(size))
      if _NSGetExecutablePath(&buffer, &size) == 0 {
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
      }
    #endif
    return CommandLine.arguments[0]
  }

  /// Runs `arguments` (the first is the program) with `input` on its stdin and stderr shared; returns its stdout and
  /// its wait status. The pipes are close-on-exec (set under `spawnLock`), so a child started at the same moment by
  /// another worker never holds this one's pipe open.
  static func spawn(_ arguments: [String], input: [UInt8]) -> (output: [UInt8], status: Int32) {
    spawnLock.lock()
    guard let stdinPipe = makePipe(), let stdoutPipe = makePipe() else {
      spawnLock.unlock()
      return ([], 127 << 8)
    }
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, stdinPipe.read, STDIN_FILENO)
    posix_spawn_file_actions_adddup2(&actions, stdoutPipe.write, STDOUT_FILENO)
    posix_spawnattr_init(&attributes)
    #if canImport(Darwin)
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
    #endif
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    #if canImport(Darwin)
      let environment = _NSGetEnviron().pointee
    #else
      let environment = environ
    #endif
    let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environment)
    spawnLock.unlock()
    close(stdinPipe.read)
    close(stdoutPipe.write)
    guard spawned == 0 else {
      close(stdinPipe.write)
      close(stdoutPipe.read)
      return ([], 127 << 8)
    }
    // The child reads its whole stdin before it writes anything, so writing first and reading after cannot block.
    input.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = write(stdinPipe.write, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          break  // the child is gone: its status says why
        }
        offset += written
      }
    }
    close(stdinPipe.write)
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = read(stdoutPipe.read, &chunk, chunk.count)
      if count > 0 {
        output += chunk[..<count]
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    close(stdoutPipe.read)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (output, status)
  }

  /// Pipes are made and children spawned under this lock, so that no child inherits a pipe end of another worker's
  /// child in the moment before the end is marked close-on-exec.
  private static let spawnLock = ConditionLock()

  private static func makePipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
  }
}

/// The files still to start, and the outcomes of those done, shared by the workers and the thread printing them.
private final class JobQueue: @unchecked Sendable {
  private let condition = ConditionLock()
  private var next = 0
  private let count: Int
  private var done: [Int: [ScenarioRunner.Outcome]] = [:]

  init(count: Int) {
    self.count = count
  }

  /// The next file to run, or nil when all are started.
  func take() -> Int? {
    condition.lock()
    defer { condition.unlock() }
    guard next < count else { return nil }
    next += 1
    return next - 1
  }

  func finish(_ index: Int, outcomes: [ScenarioRunner.Outcome]) {
    condition.lock()
    done[index] = outcomes
    condition.broadcast()
    condition.unlock()
  }

  /// Blocks until file `index` is done, and takes its outcomes.
  func wait(for index: Int) -> [ScenarioRunner.Outcome] {
    condition.lock()
    defer { condition.unlock() }
    while done[index] == nil { condition.wait() }
    return done.removeValue(forKey: index) ?? []
  }
}

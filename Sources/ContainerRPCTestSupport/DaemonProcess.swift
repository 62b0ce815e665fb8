public import Foundation

/// Runs the built `containerd` binary over pipes, for the tests that treat it as a black box.
public enum DaemonBinary {
  /// The directory holding the built products (the test bundle sits next to the `containerd` executable).
  public static var productsDirectory: URL {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = executable.deletingLastPathComponent()
    // The test runner may live inside `<name>.xctest/` bundles on some platforms.
    while directory.pathExtension == "xctest" || directory.lastPathComponent == "MacOS"
      || directory.lastPathComponent == "Contents"
    {
      directory = directory.deletingLastPathComponent()
    }
    return directory
  }

  /// The path of the built daemon.
  public static var path: String {
    if let override = ProcessInfo.processInfo.environment["CONTAINERD_BINARY"] { return override }
    return productsDirectory.appendingPathComponent("containerd").path
  }

  /// The outcome of one run.
  public struct Output: Sendable {
    public var stdout: [UInt8]
    public var stderr: [UInt8]
    public var status: Int32

    /// stdout as text.
    public var text: String { String(decoding: stdout, as: UTF8.self) }
    /// stdout split into lines (without the newlines).
    public var lines: [String] {
      text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
    /// stderr as text.
    public var errorText: String { String(decoding: stderr, as: UTF8.self) }
  }

  /// Runs the daemon with `arguments`, feeds it `input` then end of input, and waits for it to exit.
  public static func run(_ arguments: [String] = [], input: [UInt8]) throws -> Output {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "containerd-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let inURL = directory.appendingPathComponent("in")
    let outURL = directory.appendingPathComponent("out")
    let errURL = directory.appendingPathComponent("err")
    try Data(input).write(to: inURL)
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: inURL)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    try process.run()
    process.waitUntilExit()
    return Output(
      stdout: Array(try Data(contentsOf: outURL)),
      stderr: Array(try Data(contentsOf: errURL)),
      status: process.terminationStatus
    )
  }

  /// Runs the daemon with text input.
  public static func run(_ arguments: [String] = [], input: String) throws -> Output {
    try run(arguments, input: Array(input.utf8))
  }

  /// How a run whose stdout is a full disk (/dev/full) ended: whether it exited (rather than crashed), its status, and
  /// its stderr. For the subcommands that must say "No space left on device" and exit 3 instead of trapping.
  public static func runToAFullDisk(_ arguments: [String]) throws -> (exited: Bool, status: Int32, errorText: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    guard let full = FileHandle(forWritingAtPath: "/dev/full") else { throw CocoaError(.fileNoSuchFile) }
    process.standardOutput = full
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationReason == .exit, process.terminationStatus, errorText)
  }
}

/// A daemon kept running with its stdin open, for interactive request/response tests and for fault tests that need
/// real pipes (back-pressure, end of input at chosen points, signals, memory of the running process).
///
/// Every wait has a deadline, so a hung daemon fails the test instead of hanging it; none of them is asserted on.
/// Our end of stdin is non-blocking (the daemon's end is not: the flag belongs to each end's open file description).
public final class InteractiveDaemon {
  private let process = Process()
  private let stdin = Pipe()
  private let stdout = Pipe()
  private var buffered: [UInt8] = []
  private var inputOpen = true
  private var outputOpen = true

  /// A daemon still taking no input after this many seconds is taken as hung.
  public static let defaultTimeout: Double = 60

  /// Starts the daemon with `arguments`; its stderr goes to `standardError` (discarded by default).
  public init(_ arguments: [String] = [], standardError: FileHandle = FileHandle.nullDevice) throws {
    process.executableURL = URL(fileURLWithPath: DaemonBinary.path)
    process.arguments = arguments
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = standardError
    // Writing to a daemon that exited must be an error (EPIPE) for the test, not a signal that kills the test runner.
    Glibc.signal(SIGPIPE, SIG_IGN)
    try process.run()
    let fd = stdin.fileHandleForWriting.fileDescriptor
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
  }

  /// The daemon's process id.
  public var processIdentifier: Int32 { process.processIdentifier }

  private var inputFD: Int32 { stdin.fileHandleForWriting.fileDescriptor }
  private var outputFD: Int32 { stdout.fileHandleForReading.fileDescriptor }

  // MARK: - Writing

  /// Writes text to the daemon's stdin without closing it.
  public func write(_ text: String) throws {
    try write(Array(text.utf8))
  }

  /// Writes all of `bytes`; throws `Timeout` if the daemon takes none of them for `timeout` seconds.
  public func write(_ bytes: [UInt8], timeout: Double = defaultTimeout) throws {
    var offset = 0
    while offset < bytes.count {
      let count = try writeAvailable(bytes[offset...])
      offset += count
      if count == 0 && offset < bytes.count && !waitUntilWritable(timeout: timeout) {
        throw Timeout(waitingFor: "stdin")
      }
    }
  }

  /// Writes as much of `bytes` as the pipe takes now, without blocking; returns the count written. Throws
  /// `InputClosed` when the daemon no longer reads stdin at all (it exited).
  public func writeAvailable(_ bytes: ArraySlice<UInt8>) throws -> Int {
    guard !bytes.isEmpty else { return 0 }
    let written = bytes.withUnsafeBytes { raw in Glibc.write(inputFD, raw.baseAddress!, raw.count) }
    if written < 0 && errno != EAGAIN && errno != EINTR { throw InputClosed(code: errno) }
    return max(0, written)
  }

  /// Waits until stdin takes bytes again; false if it did not within `timeout` seconds.
  public func waitUntilWritable(timeout: Double) -> Bool {
    var descriptor = pollfd(fd: inputFD, events: Int16(POLLOUT), revents: 0)
    return poll(&descriptor, 1, Int32(timeout * 1000)) > 0
  }

  /// Closes stdin (end of input) without waiting.
  public func closeInput() throws {
    guard inputOpen else { return }
    inputOpen = false
    try stdin.fileHandleForWriting.close()
  }

  // MARK: - Reading

  /// Reads one line of output, waiting at most `timeout` seconds; `nil` on timeout or end of output.
  public func readLine(timeout: Double = 10) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffered[..<newline], as: UTF8.self)
        buffered.removeSubrange(...newline)
        return line
      }
      guard fill(until: deadline) else { return nil }
    }
  }

  /// The output already read and whatever arrives within `timeout` seconds if there was none: `[]` on timeout, `nil`
  /// at end of output (for readers that frame the output themselves, such as the stream property).
  public func readChunk(timeout: Double) -> [UInt8]? {
    if buffered.isEmpty {
      var descriptor = pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, Int32(max(0, timeout) * 1000)) > 0 else { return [] }
      guard readAvailable() else { return nil }
    }
    defer { buffered.removeAll() }
    return buffered
  }

  /// Output already read from the pipe but not yet returned (by `readLine`, `read`).
  public var bufferedOutputByteCount: Int { buffered.count }

  /// Reads exactly `count` bytes of output, or fewer on timeout or end of output.
  public func read(count: Int, timeout: Double = defaultTimeout) -> [UInt8] {
    let deadline = Date().addingTimeInterval(timeout)
    while buffered.count < count && fill(until: deadline) {}
    let taken = Array(buffered.prefix(count))
    buffered.removeFirst(taken.count)
    return taken
  }

  /// Writes `input` while reading what the daemon writes, so neither side can block the other, until all of `input`
  /// is written and `count` bytes have been read (or no progress for `timeout` seconds, or end of output).
  public func exchange(_ input: ArraySlice<UInt8>, readingCount count: Int, timeout: Double = defaultTimeout)
    -> [UInt8]
  {
    var offset = input.startIndex
    var deadline = Date().addingTimeInterval(timeout)
    while offset < input.endIndex || buffered.count < count {
      let writing = offset < input.endIndex
      var descriptors = [
        pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0),
        pollfd(fd: writing ? inputFD : -1, events: Int16(POLLOUT), revents: 0),
      ]
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0, poll(&descriptors, 2, Int32(remaining * 1000)) > 0 else { break }
      if descriptors[1].revents != 0 {
        guard let written = try? writeAvailable(input[offset...]) else {
          offset = input.endIndex  // the daemon exited: read what it wrote
          continue
        }
        offset += written
        if written > 0 { deadline = Date().addingTimeInterval(timeout) }
      }
      if descriptors[0].revents != 0 {
        let before = buffered.count
        guard readAvailable() else { break }
        if buffered.count > before { deadline = Date().addingTimeInterval(timeout) }
      }
    }
    let taken = Array(buffered.prefix(count))
    buffered.removeFirst(taken.count)
    return taken
  }

  /// Writes `input` while reading, closes stdin, reads to the end of output and waits for the exit: a whole run
  /// over pipes. Output already read by `readLine` is not repeated.
  public func finish(_ input: [UInt8] = [], timeout: Double = defaultTimeout) throws -> (
    stdout: [UInt8], status: Int32?
  ) {
    var output = exchange(input[...], readingCount: 0, timeout: timeout)
    try closeInput()
    output += readToEnd(timeout: timeout)
    return (output, waitForExit(timeout: timeout))
  }

  /// Reads until end of output (or `timeout` seconds without any).
  public func readToEnd(timeout: Double = defaultTimeout) -> [UInt8] {
    var deadline = Date().addingTimeInterval(timeout)
    var before = buffered.count
    while fill(until: deadline) {
      if buffered.count > before { deadline = Date().addingTimeInterval(timeout) }
      before = buffered.count
    }
    defer { buffered.removeAll() }
    return buffered
  }

  /// Closes our end of stdout, as a client that goes away does.
  public func closeOutput() throws {
    guard outputOpen else { return }
    outputOpen = false
    try stdout.fileHandleForReading.close()
  }

  /// Waits for input on stdout until `deadline` and appends it to `buffered`; false on timeout or end of output.
  private func fill(until deadline: Date) -> Bool {
    let remaining = deadline.timeIntervalSinceNow
    guard remaining > 0 else { return false }
    var descriptor = pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, Int32(remaining * 1000)) > 0 else { return false }
    return readAvailable()
  }

  /// Reads what stdout holds into `buffered`; false at end of output.
  private func readAvailable() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    let count = Glibc.read(outputFD, &chunk, chunk.count)
    guard count > 0 else { return false }
    buffered.append(contentsOf: chunk[..<count])
    return true
  }

  // MARK: - Pipes and memory

  /// The capacity of the stdout pipe (64 KiB on Linux with 4 KiB pages).
  public var outputPipeCapacity: Int {
    Int(fcntl(outputFD, 1032))  // F_GETPIPE_SZ, which Glibc's module does not export
  }

  /// Bytes written to stdin that the daemon has not read yet.
  public var unreadInputByteCount: Int { Self.queued(in: inputFD) }
  /// Bytes the daemon wrote to stdout that we have not read yet (not counting what `readLine` buffered).
  public var unreadOutputByteCount: Int { Self.queued(in: outputFD) }

  private static func queued(in fd: Int32) -> Int {
    var count: Int32 = 0
    return ioctl(fd, UInt(FIONREAD), &count) == 0 ? Int(count) : -1
  }

  /// Whether the daemon is blocked in `write(2)` (`/proc/<pid>/syscall`); `nil` when the kernel does not say (another
  /// architecture, no permission, or the daemon exited).
  public var isBlockedWriting: Bool? {
    #if arch(x86_64)
      let write = "1"
    #elseif arch(arm64)
      let write = "64"
    #else
      return nil
    #endif
    guard let text = try? String(contentsOfFile: "/proc/\(processIdentifier)/syscall", encoding: .utf8),
      let first = text.split(separator: " ").first
    else { return nil }
    return first == write
  }

  /// The daemon's memory as the kernel counts it (`/proc/<pid>/status`).
  public struct Memory: Sendable, Equatable {
    /// Resident now (`VmRSS`), in bytes.
    public var resident: Int
    /// The highest resident size so far (`VmHWM`), in bytes.
    public var peak: Int
  }

  /// The daemon's memory now, or `nil` once it has exited.
  public func memory() -> Memory? {
    guard let status = try? String(contentsOfFile: "/proc/\(processIdentifier)/status", encoding: .utf8) else {
      return nil
    }
    func kibibytes(_ field: String) -> Int? {
      guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return nil }
      return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
    guard let resident = kibibytes("VmRSS"), let peak = kibibytes("VmHWM") else { return nil }
    return Memory(resident: resident << 10, peak: peak << 10)
  }

  // MARK: - Exit

  /// Whether the daemon process is still running.
  public var isRunning: Bool { process.isRunning }

  /// Sends a signal without waiting.
  public func signal(_ number: Int32) {
    kill(process.processIdentifier, number)
  }

  /// Sends a signal (SIGTERM, SIGINT) and waits for the exit status, leaving stdin open.
  public func signalAndWait(_ number: Int32) -> (status: Int32, reason: Process.TerminationReason) {
    kill(process.processIdentifier, number)
    process.waitUntilExit()
    return (process.terminationStatus, process.terminationReason)
  }

  /// Waits at most `timeout` seconds for the exit; the status if it exited normally, `nil` otherwise.
  public func waitForExit(timeout: Double = defaultTimeout) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    guard !process.isRunning, process.terminationReason == .exit else { return nil }
    return process.terminationStatus
  }

  /// Closes stdin and waits for the exit status.
  public func close() throws -> Int32 {
    try closeInput()
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Writing to stdin failed: the daemon is gone (`code` is the errno, EPIPE).
  public struct InputClosed: Error {
    public var code: Int32
  }

  /// What a write or read gave up waiting for.
  public struct Timeout: Error, CustomStringConvertible {
    public var waitingFor: String
    public var description: String { "the daemon did not take or give bytes on \(waitingFor) in time" }
  }

  /// Ends the daemon if it still runs, and closes our ends of its pipes (a long stream fuzz starts thousands of
  /// daemons: one descriptor left per daemon crashed `Process.run` after about a thousand).
  deinit {
    if process.isRunning { process.terminate() }
    try? closeInput()
    try? closeOutput()
  }
}

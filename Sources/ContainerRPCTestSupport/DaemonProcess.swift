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
}

/// A daemon kept running with its stdin open, for interactive request/response tests.
public final class InteractiveDaemon {
  private let process = Process()
  private let stdin = Pipe()
  private let stdout = Pipe()
  private var buffered: [UInt8] = []

  public init(_ arguments: [String] = []) throws {
    process.executableURL = URL(fileURLWithPath: DaemonBinary.path)
    process.arguments = arguments
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// Writes bytes to the daemon's stdin without closing it.
  public func write(_ text: String) throws {
    try stdin.fileHandleForWriting.write(contentsOf: Data(text.utf8))
  }

  /// Reads one line of output, waiting at most `timeout` seconds; `nil` on timeout or end of output.
  public func readLine(timeout: Double = 10) -> String? {
    let fd = stdout.fileHandleForReading.fileDescriptor
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffered[..<newline], as: UTF8.self)
        buffered.removeSubrange(...newline)
        return line
      }
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else { return nil }
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, Int32(remaining * 1000)) > 0 else { return nil }
      var chunk = [UInt8](repeating: 0, count: 65536)
      let count = read(fd, &chunk, chunk.count)
      guard count > 0 else { return nil }
      buffered.append(contentsOf: chunk[..<count])
    }
  }

  /// Sends a signal (SIGTERM, SIGINT) and waits for the exit status, leaving stdin open.
  public func signalAndWait(_ number: Int32) -> (status: Int32, reason: Process.TerminationReason) {
    kill(process.processIdentifier, number)
    process.waitUntilExit()
    return (process.terminationStatus, process.terminationReason)
  }

  /// Closes stdin and waits for the exit status.
  public func close() throws -> Int32 {
    try stdin.fileHandleForWriting.close()
    process.waitUntilExit()
    return process.terminationStatus
  }

  deinit {
    if process.isRunning { process.terminate() }
  }
}

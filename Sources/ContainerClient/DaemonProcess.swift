public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the daemon binary comes from and how it is found.
public enum DaemonLocation: Sendable, Equatable {
  /// This file.
  case path(URL)
  /// `CONTAINERD_BINARY`, else the binary this package builds (`.build/debug/containerd` or
  /// `.build/release/containerd`, looked for from the current directory up to the root).
  case automatic

  /// The environment variable naming the binary.
  public static let environmentVariable = "CONTAINERD_BINARY"

  /// The binary this location names.
  ///
  /// - Throws: `ContainerClientError.binaryNotFound` listing every place tried.
  public func resolve(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    from directory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  ) throws(ContainerClientError) -> URL {
    let files = FileManager.default
    switch self {
    case .path(let url):
      guard files.isExecutableFile(atPath: url.path) else { throw .binaryNotFound(tried: [url.path]) }
      return url
    case .automatic:
      var tried: [String] = []
      if let named = environment[Self.environmentVariable], !named.isEmpty {
        if files.isExecutableFile(atPath: named) { return URL(fileURLWithPath: named) }
        tried.append("\(Self.environmentVariable)=\(named)")
      }
      var current = directory.standardizedFileURL
      while true {
        for configuration in ["debug", "release"] {
          let candidate = current.appendingPathComponent(".build/\(configuration)/containerd")
          if files.isExecutableFile(atPath: candidate.path) { return candidate }
          tried.append(candidate.path)
        }
        let parent = current.deletingLastPathComponent()
        if parent.path == current.path || current.path == "/" { break }
        current = parent
      }
      throw .binaryNotFound(tried: tried)
    }
  }
}

/// The last bytes a daemon wrote to stderr, kept for error messages (its logs go there; stdout is protocol only).
final class StderrTail: @unchecked Sendable {
  private let lock = NSLock()
  private var bytes: [UInt8] = []
  private let limit: Int
  private let done = DispatchSemaphore(value: 0)

  init(limit: Int = 16 << 10) { self.limit = limit }

  /// Reads `fd` to its end on a thread of its own, keeping the last `limit` bytes.
  func drain(_ fd: Int32) {
    let thread = Thread { [self] in
      var chunk = [UInt8](repeating: 0, count: 1 << 14)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        append(chunk[0..<count])
      }
      done.signal()
    }
    thread.name = "ContainerClient.stderr"
    thread.start()
  }

  private func append(_ chunk: ArraySlice<UInt8>) {
    lock.lock()
    defer { lock.unlock() }
    bytes.append(contentsOf: chunk)
    if bytes.count > limit { bytes.removeFirst(bytes.count - limit) }
  }

  /// Waits up to `seconds` for stderr to end.
  func waitForEnd(seconds: Double) { _ = done.wait(timeout: .now() + seconds) }

  /// The tail as text (whole lines when it was cut).
  var text: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Runs `body` on a thread of its own and returns its value: for waits that block (process exit, end of output), which
/// must not hold one of the few threads Swift concurrency runs tasks on.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: body()) }
    thread.name = "ContainerClient.wait"
    thread.start()
  }
}

/// A daemon started by the client: the process, its pipes and its stderr tail.
final class DaemonProcess: @unchecked Sendable {
  let binary: URL
  let process: Process
  let stderr = StderrTail()
  let wire: Wire
  private let stdinPipe = Pipe()
  private let stdoutPipe = Pipe()
  private let stderrPipe = Pipe()

  init(binary: URL, arguments: [String], environment: [String: String]?) throws(ContainerClientError) {
    self.binary = binary
    wire = Wire(
      writeFD: stdinPipe.fileHandleForWriting.fileDescriptor,
      readFD: stdoutPipe.fileHandleForReading.fileDescriptor, isSocket: false)
    var attempt = 0
    while true {
      let process = Process()
      process.executableURL = binary
      process.arguments = arguments
      if let environment { process.environment = environment }
      process.standardInput = stdinPipe
      process.standardOutput = stdoutPipe
      process.standardError = stderrPipe
      do {
        try process.run()
        self.process = process
        break
      } catch {
        // ETXTBSY: a binary written a moment ago can still be open for writing in a child another thread is forking
        // (a test that makes its own fake daemon); it passes in milliseconds. Foundation reports it as
        // NSCocoaErrorDomain 256 with the POSIX error underneath.
        attempt += 1
        if Self.isTextFileBusy(error), attempt < 20 {
          usleep(50_000)
          continue
        }
        throw .launchFailed(binary: binary.path, reason: "\(error)")
      }
    }
    stderr.drain(stderrPipe.fileHandleForReading.fileDescriptor)
    wire.start()
  }

  /// Whether `error` (from `Process.run()`) is ETXTBSY, itself or as its underlying error.
  static func isTextFileBusy(_ error: any Error) -> Bool {
    var current: NSError? = error as NSError
    while let error = current {
      if error.domain == NSPOSIXErrorDomain, error.code == Int(ETXTBSY) { return true }
      current = error.userInfo[NSUnderlyingErrorKey] as? NSError
    }
    return false
  }

  /// Ends the daemon: end of input first (it finishes the turn, flushes and exits 0); if it has not exited after
  /// `grace` seconds, SIGTERM, and a second later SIGKILL. The process is reaped, so no zombie is left. Returns the
  /// exit status (-1 if it could not be stopped).
  @discardableResult
  func stop(grace: Double) -> Int32 {
    wire.closeWriting()
    if !waitForExit(seconds: grace) {
      process.terminate()
      if !waitForExit(seconds: 1) {
        kill(process.processIdentifier, SIGKILL)
        _ = waitForExit(seconds: 5)
      }
    }
    _ = wire.waitForEnd(seconds: 1)
    stderr.waitForEnd(seconds: 1)
    return process.isRunning ? -1 : process.terminationStatus
  }

  /// Polls for the process's exit for up to `seconds`; true once it exited.
  func waitForExit(seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning {
      if Date() > deadline { return false }
      usleep(5_000)
    }
    return true
  }
}

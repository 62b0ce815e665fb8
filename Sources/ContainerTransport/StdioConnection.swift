import ContainerJSON
import ContainerProtocol

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The daemon's stdio transport: reads stdin in large chunks, writes framed replies to the protocol descriptor.
///
/// Output is buffered and flushed when the input has no more bytes ready (checked with a zero-timeout `poll`), so
/// a pipeline of requests is answered with few large writes while an interactive request is answered at once.
/// There is no sleeping and no per-byte read (Documentation/Protocol.md, "When replies are written"). Writes block when
/// the client stops reading, and the buffer is flushed every 64 KiB, so memory stays flat.
public struct StdioConnection {
  /// The descriptor requests are read from.
  public var inputFD: Int32
  /// The descriptor protocol messages are written to (a duplicate of the original stdout).
  public var outputFD: Int32

  public init(inputFD: Int32, outputFD: Int32) {
    self.inputFD = inputFD
    self.outputFD = outputFD
  }

  /// Why the loop ended.
  public enum EndReason: Sendable, Equatable {
    /// End of input.
    case endOfInput
    /// `daemon/shutdown`.
    case shutdown
    /// The output could not be written (the client went away); `errno` says why.
    case outputClosed(Int32)
    /// The input could not be read.
    case inputError(Int32)
    /// SIGTERM or SIGINT: the turn in progress finished and its output was flushed.
    case signal(Int32)
  }

  /// The signal that asked the loop to stop (0: none). Set by the handler `installTerminationHandlers` installs.
  nonisolated(unsafe) static var terminationSignal: sig_atomic_t = 0
  /// The signal that asked the loop to stop, or 0.
  public static var receivedTerminationSignal: Int32 { Int32(terminationSignal) }
  /// The read and write ends of a non-blocking pipe the handler writes a byte to (the self-pipe trick), or -1 before
  /// `installTerminationHandlers`. The loop waits for input or for this pipe, so a signal that arrives just before it
  /// would block in `read` or `write` still ends the wait (a flag alone is missed in that window).
  nonisolated(unsafe) static var wakeFDs: (read: Int32, write: Int32) = (-1, -1)

  /// SIGTERM and SIGINT end the loop after the turn in progress, with its output flushed (the daemon then exits 0).
  /// Installed without SA_RESTART, so a blocked read returns EINTR and the loop sees the request at once. A second
  /// one while the first is being handled ends the process at once, with status 128 + its number (the usual "press
  /// Ctrl-C again"), whatever it was blocked on.
  public static func installTerminationHandlers() {
    // A parent may have blocked them (the mask is inherited across exec): unblock, so they are delivered.
    var mask = sigset_t()
    sigemptyset(&mask)
    sigaddset(&mask, SIGTERM)
    sigaddset(&mask, SIGINT)
    sigprocmask(SIG_UNBLOCK, &mask, nil)
    if wakeFDs.read < 0 {
      var ends: [Int32] = [-1, -1]
      if pipe(&ends) == 0 {
        for end in ends {
          _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
          _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        wakeFDs = (ends[0], ends[1])
      }
    }
    for signal in [SIGTERM, SIGINT] {
      var action = sigaction()
      // Async-signal-safe: a flag and a one-byte write to a non-blocking pipe (a full pipe already wakes the loop).
      let handler: @convention(c) (Int32) -> Void = { number in
        if StdioConnection.terminationSignal != 0 { _exit(128 + number) }
        StdioConnection.terminationSignal = sig_atomic_t(number)
        var byte: UInt8 = 1
        #if canImport(Glibc)
          _ = Glibc.write(StdioConnection.wakeFDs.write, &byte, 1)
        #else
          _ = Darwin.write(StdioConnection.wakeFDs.write, &byte, 1)
        #endif
      }
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
      #else
        action.__sigaction_u.__sa_handler = handler
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(signal, &action, nil)
    }
  }

  struct WriteError: Error { var code: Int32 }

  /// Serves until end of input, `daemon/shutdown`, or a broken output.
  public func run(handler: some MessageHandler, limits: ReadLimits) -> EndReason {
    var pump = ConnectionPump(limits: limits)
    let chunkSize = 1 << 16
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    defer { chunk.deallocate() }
    let flush: (MessageWriter) throws -> Void = { writer in try write(writer) }
    do {
      while true {
        if Self.terminationSignal != 0 {
          try write(pump.writer)
          return .signal(Int32(Self.terminationSignal))
        }
        // Wait for input or a termination signal (the pipe), so that a signal just before `read` is not missed.
        if Self.wakeFDs.read >= 0 && !inputReady() && !Self.waitForInputOrSignal(inputFD) { continue }
        let count = read(inputFD, chunk.baseAddress, chunkSize)
        if count < 0 {
          if errno == EINTR { continue }
          if errno == EAGAIN || errno == EWOULDBLOCK {  // a non-blocking stdin: wait until it is readable
            wait(for: inputFD, events: POLLIN)
            continue
          }
          let code = errno
          try pump.finish(handler: handler, flushIfLarge: flush)
          try write(pump.writer)
          return .inputError(code)
        }
        if count == 0 {
          try pump.finish(handler: handler, flushIfLarge: flush)
          try write(pump.writer)
          return handler.isShutdownRequested ? .shutdown : .endOfInput
        }
        let open = try pump.receive(
          UnsafeRawBufferPointer(rebasing: chunk[0..<count]), handler: handler, flushIfLarge: flush)
        if !open {
          try write(pump.writer)
          return .shutdown
        }
        if !inputReady() { try write(pump.writer) }
      }
    } catch let error as WriteError {
      return .outputClosed(error.code)
    } catch {
      return .outputClosed(EIO)
    }
  }

  /// Whether a read would not block (more of a pipeline is already there).
  private func inputReady() -> Bool {
    var descriptor = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 0) > 0
  }

  /// Blocks until `fd` is readable (or at end, or in error) or a termination signal arrives; returns whether `fd`
  /// is the reason (false: the caller looks at `terminationSignal` again).
  static func waitForInputOrSignal(_ fd: Int32) -> Bool {
    var descriptors = [
      pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeFDs.read, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&descriptors, 2, -1)
      if ready < 0 {
        if errno == EINTR { return false }  // the loop looks at the flag, then waits again
        return true  // let `read` report the error
      }
      if descriptors[1].revents != 0 { return false }
      if descriptors[0].revents != 0 { return true }
    }
  }

  /// Blocks until `fd` is ready for `events` (or reports an error or hang-up, which the next call then sees).
  private func wait(for fd: Int32, events: Int32) {
    Self.wait(for: fd, events: events)
  }

  static func wait(for fd: Int32, events: Int32) {
    var descriptor = pollfd(fd: fd, events: Int16(events), revents: 0)
    while poll(&descriptor, 1, -1) < 0 && errno == EINTR && Self.terminationSignal == 0 {}
  }

  /// Writes all queued bytes, retrying partial writes and interruptions.
  private func write(_ writer: MessageWriter) throws {
    try Self.write(writer, to: outputFD)
  }

  /// Writes all of `writer`'s queued bytes to `outputFD` (blocking: a client that stops reading holds the daemon,
  /// not its memory), retrying partial writes and interruptions.
  ///
  /// Once SIGTERM or SIGINT has arrived, a client that stops reading must not hold the daemon: a signal during a
  /// blocked write interrupts it (EINTR), and one that came before the write (while the turn was being answered)
  /// makes each write wait at most `drainTimeoutMilliseconds` for room and write no more than a pipe takes without
  /// blocking (PIPE_BUF), so the rest is given up when the client has not read for that long.
  static func write(_ writer: MessageWriter, to outputFD: Int32) throws {
    guard !writer.bytes.isEmpty else { return }
    try writer.bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        var length = raw.count - offset
        if Self.terminationSignal != 0 {
          guard waitWritable(outputFD, milliseconds: drainTimeoutMilliseconds) else { throw WriteError(code: EINTR) }
          length = min(length, pipeAtomicSize)
        }
        #if canImport(Glibc)
          let written = Glibc.write(outputFD, raw.baseAddress! + offset, length)
        #else
          let written = Darwin.write(outputFD, raw.baseAddress! + offset, length)
        #endif
        if written < 0 {
          // A termination signal while the client is not reading: give up the rest rather than block forever.
          if errno == EINTR && Self.terminationSignal != 0 { throw WriteError(code: EINTR) }
          if errno == EINTR { continue }
          if errno == EAGAIN || errno == EWOULDBLOCK {  // a non-blocking stdout: wait until it drains
            wait(for: outputFD, events: POLLOUT)
            continue
          }
          throw WriteError(code: errno)
        }
        offset += written
      }
    }
    writer.bytes.removeAll(keepingCapacity: true)
  }

  /// How long a write waits for a client to make room once a termination signal has arrived.
  static let drainTimeoutMilliseconds: Int32 = 1000
  /// PIPE_BUF on Linux: a pipe with room (POLLOUT: a free page) takes this many bytes without blocking.
  static let pipeAtomicSize = 4096

  /// Whether `fd` has room (or is in error, which the write then reports) within `milliseconds`.
  private static func waitWritable(_ fd: Int32, milliseconds: Int32) -> Bool {
    var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    while true {
      let ready = poll(&descriptor, 1, milliseconds)
      if ready >= 0 { return ready > 0 }
      if errno != EINTR { return true }  // the write reports the error
    }
  }
}

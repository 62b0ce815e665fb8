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

/// `containerd connect unix:PATH`: bridges stdio to a `serve --listen` daemon, so every stdio client (a shell pipe, the
/// Python client, an editor) works unchanged against a shared world.
struct Connect: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Bridge stdin/stdout to a daemon started with `serve --listen unix:PATH`.",
    discussion: """
      Copies stdin to the socket and the socket to stdout, both at once, until the daemon closes the connection. \
      Exits 0 when it closes after stdin ended (after its last replies) or because it stopped (daemon/shutdown, \
      SIGTERM); 1 if the socket can't be reached; 3 with a message on stderr when the connection broke (the daemon \
      was killed or dropped this client) or stdout could not be written. An editor's LSP `exit` closes the \
      connection too: then the status is LSP's, 0 after `shutdown`, 1 without.
      """
  )

  @Argument(help: ArgumentHelp("The daemon's socket.", valueName: "unix:path"))
  var address: String

  func validate() throws {
    guard address.hasPrefix("unix:"), address.count > 5 else { throw ValidationError("expected unix:PATH") }
  }

  func run() throws {
    signal(SIGPIPE, SIG_IGN)
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let path = Array(self.address.dropFirst(5).utf8)
    guard fd >= 0, path.count < MemoryLayout.size(ofValue: address.sun_path) else { throw ExitCode(1) }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: path)
      raw[path.count] = 0
    }
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else {
      let reason = String(cString: strerror(errno))
      let message =
        "containerd connect: cannot reach \(self.address): \(reason); is `containerd serve --listen \(self.address)` "
        + "running?\n"
      _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
      throw ExitCode(1)
    }
    // Both directions at once: stdin to the socket and the socket to stdout, each through its own buffer, so that a
    // long pipeline never leaves the daemon blocked writing replies while this side is blocked writing requests.
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    var toSocket = Buffer()
    var toStdout = Buffer()
    var inputOpen = true
    var halfClosed = false
    var unsent = false  // requests the daemon did not take
    var lifecycle = LSPExitWatch()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      if !inputOpen && toSocket.isEmpty && !halfClosed {
        shutdown(fd, Int32(SHUT_WR))  // the daemon sees end of input, answers what it has, and closes
        halfClosed = true
      }
      var socketEvents: Int32 = 0
      if toStdout.count < Self.bufferLimit { socketEvents |= Int32(POLLIN) }
      if !toSocket.isEmpty { socketEvents |= Int32(POLLOUT) }
      var descriptors = [
        pollfd(fd: fd, events: Int16(socketEvents), revents: 0),
        pollfd(
          fd: inputOpen && toSocket.count < Self.bufferLimit ? STDIN_FILENO : -1, events: Int16(POLLIN), revents: 0),
        pollfd(fd: toStdout.isEmpty ? -1 : STDOUT_FILENO, events: Int16(POLLOUT), revents: 0),
      ]
      if poll(&descriptors, 3, -1) < 0 { continue }
      if descriptors[2].revents != 0 {
        // stdout may be a blocking pipe shared with others: write no more than a pipe with room takes at once.
        guard toStdout.write(to: STDOUT_FILENO, atMost: Self.pipeAtomicSize) else {
          Self.fail("cannot write stdout (\(String(cString: strerror(errno)))); replies were lost")
        }
      }
      if descriptors[0].revents & Int16(POLLOUT) != 0
        || (descriptors[0].revents & Int16(POLLERR | POLLHUP) != 0
          && !toSocket.isEmpty)
      {
        if !toSocket.write(to: fd, atMost: .max) {
          // The daemon closed its end: what it sent is still read to the end, then the end is judged below.
          toSocket = Buffer()
          inputOpen = false
          halfClosed = true
          unsent = true
        }
      }
      if descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
        let count = read(fd, &chunk, chunk.count)
        if count > 0 {
          toStdout.append(chunk[..<count])
        } else if count == 0 || (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) {
          let error = count < 0 ? errno : 0
          // The daemon closed the connection: everything it sent is written out first.
          while !toStdout.isEmpty {
            guard toStdout.write(to: STDOUT_FILENO, atMost: .max) else {
              Self.fail("cannot write stdout (\(String(cString: strerror(errno)))); replies were lost")
            }
          }
          // The daemon closes a connection that sent LSP `exit` once its replies are written: LSP's status.
          if let status = lifecycle.exitStatus { terminate(status) }
          if let problem = Self.whyClosed(path: path, error: error, inputEnded: halfClosed && !unsent) {
            Self.fail("the daemon at \(self.address) closed the connection: \(problem)")
          }
          return
        }
      }
      if descriptors[1].revents != 0 {
        let count = read(STDIN_FILENO, &chunk, chunk.count)
        if count > 0 {
          toSocket.append(chunk[..<count])
          lifecycle.read(chunk[..<count])
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          inputOpen = false
        }
      }
    }
  }

  /// How much each direction buffers before it stops reading its source (back-pressure both ways).
  static let bufferLimit = 1 << 20
  /// PIPE_BUF on Linux.
  static let pipeAtomicSize = 4096
  /// The exit status when the connection broke (the daemon went away, or stdout could not be written): replies may
  /// have been lost. The daemon's own status for a failed stdout write is the same.
  static let connectionLostStatus: Int32 = 3

  /// Why the daemon's end of input is not the normal one, or nil when it is: the daemon stopped (`daemon/shutdown`,
  /// SIGTERM: it removes its socket file before closing connections), or it closed after this side's end of input.
  /// A socket file still there that nobody accepts on means the daemon died (kill -9, a crash).
  static func whyClosed(path: [UInt8], error: Int32, inputEnded: Bool) -> String? {
    let name = String(decoding: path, as: UTF8.self)
    var status = stat()
    guard lstat(name, &status) == 0 else { return nil }  // the daemon stopped and removed its socket
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: path)
      raw[path.count] = 0
    }
    let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { if probe >= 0 { close(probe) } }
    let connected =
      probe >= 0
      && withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
        }
      }
    if !connected || !answersPing(probe) {
      return "it is no longer running (killed, or it crashed); replies may have been lost"
    }
    if error != 0 { return String(cString: strerror(error)) }
    return inputEnded ? nil : "it is still running and dropped this client (see its log)"
  }

  /// Whether the daemon on `fd` answers a ping. A connection can still be queued on the listener of a daemon that
  /// was just killed (the kernel releases its listener after its other sockets); it is then reset, not answered.
  /// A daemon busy for over 10 s counts as alive.
  static func answersPing(_ fd: Int32) -> Bool {
    let ping = Array(#"{"jsonrpc":"2.0","id":"connect-probe","method":"daemon/ping"}"#.utf8) + [UInt8(ascii: "\n")]
    guard ping.withUnsafeBytes({ send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }) == ping.count else {
      return false
    }
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 10_000) > 0 else { return true }
    var byte: UInt8 = 0
    return read(fd, &byte, 1) == 1
  }

  static func fail(_ message: String) -> Never {
    let line = "containerd connect: \(message)\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    terminate(connectionLostStatus)
  }

  /// Bytes waiting to be written, taken from the front.
  struct Buffer {
    private var bytes: [UInt8] = []
    private var start = 0
    var count: Int { bytes.count - start }
    var isEmpty: Bool { start == bytes.count }

    mutating func append(_ chunk: ArraySlice<UInt8>) {
      if start > 0 && start == bytes.count {
        bytes.removeAll(keepingCapacity: true)
        start = 0
      }
      bytes.append(contentsOf: chunk)
    }

    /// Writes at most `limit` bytes (retrying EINTR; EAGAIN writes nothing); false on any other error.
    mutating func write(to fd: Int32, atMost limit: Int) -> Bool {
      while true {
        let length = min(limit, count)
        let written = bytes.withUnsafeBytes { raw in
          fd == STDOUT_FILENO
            ? systemWrite(fd, raw.baseAddress! + start, length)
            : send(fd, raw.baseAddress! + start, length, Int32(MSG_NOSIGNAL))
        }
        if written < 0 {
          if errno == EINTR { continue }
          return errno == EAGAIN || errno == EWOULDBLOCK
        }
        start += written
        if start == bytes.count {
          bytes.removeAll(keepingCapacity: true)
          start = 0
        } else if start >= 1 << 20 {
          bytes.removeFirst(start)
          start = 0
        }
        return true
      }
    }
  }
}

private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, bytes, count)
}

private func terminate(_ status: Int32) -> Never {
  exit(status)
}

/// What `connect` forwards of the LSP lifecycle: whether `shutdown` and then `exit` went to the daemon, which closes the
/// connection after `exit` (the status an editor expects is then LSP's: 0 after `shutdown`, 1 without). The requests
/// are read with the daemon's own framer, so they are seen exactly as the daemon sees them.
struct LSPExitWatch {
  private var framer = MessageFramer()
  private var shutDown = false
  /// Set once `exit` was forwarded.
  private(set) var exitStatus: Int32?

  mutating func read(_ bytes: ArraySlice<UInt8>) {
    guard exitStatus == nil else { return }
    bytes.withUnsafeBytes { framer.append($0) }
    while let output = framer.next() {
      guard case .message(let value, _) = output else { continue }
      for message in value.arrayValue ?? [value] {
        switch message["method"]?.stringValue {
        case "shutdown": shutDown = true
        case "exit": if exitStatus == nil { exitStatus = shutDown ? 0 : 1 }
        default: break
        }
      }
    }
  }
}

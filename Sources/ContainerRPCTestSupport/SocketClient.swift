import Foundation

/// A client of `serve --listen unix:PATH` speaking to the socket directly (no `containerd connect` in between), for
/// tests that need a client that never reads: its bytes queue in the daemon, not in a bridge process.
///
/// The socket is non-blocking and every wait has a deadline, so a hung daemon fails the test instead of hanging it.
public final class SocketClient {
  private let fd: Int32
  private var isOpen = true
  /// Bytes read by `readLine` past the line it returned.
  private var buffered: [UInt8] = []

  /// Connects to the socket at `path`; throws `ConnectFailed` (with errno) if nobody serves it.
  public init(path: String) throws {
    Glibc.signal(SIGPIPE, SIG_IGN)
    fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw ConnectFailed(code: errno) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes.prefix(raw.count - 1))
      raw[min(bytes.count, raw.count - 1)] = 0
    }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      Glibc.close(fd)
      throw ConnectFailed(code: code)
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
  }

  /// Writes all of `bytes`; throws `InteractiveDaemon.Timeout` if the daemon takes none of them for `timeout` seconds,
  /// `InteractiveDaemon.InputClosed` if the connection is gone.
  public func write(_ bytes: [UInt8], timeout: Double = InteractiveDaemon.defaultTimeout) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { raw in Glibc.write(fd, raw.baseAddress!, raw.count) }
      if written < 0 && errno != EAGAIN && errno != EINTR { throw InteractiveDaemon.InputClosed(code: errno) }
      offset += max(0, written)
      if written <= 0 {
        var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&descriptor, 1, Int32(timeout * 1000)) > 0 else {
          throw InteractiveDaemon.Timeout(waitingFor: "the socket")
        }
      }
    }
  }

  /// What arrives within `timeout` seconds: `[]` on timeout, `nil` when the daemon closed the connection.
  public func readChunk(timeout: Double) -> [UInt8]? {
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, Int32(max(0, timeout) * 1000)) > 0 else { return [] }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    let count = Glibc.read(fd, &chunk, chunk.count)
    if count < 0 && (errno == EAGAIN || errno == EINTR) { return [] }
    guard count > 0 else { return nil }
    return Array(chunk[..<count])
  }

  /// Writes all of `text`.
  public func send(_ text: String) throws {
    try write(Array(text.utf8))
  }

  /// One line (without its newline), or `nil` after `timeout` seconds without one or at end of input.
  public func readLine(timeout: Double = 20) -> String? {
    let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
    while true {
      if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffered[..<newline], as: UTF8.self)
        buffered.removeSubrange(...newline)
        return line
      }
      let remaining = ContinuousClock.now.duration(to: deadline)
      guard remaining > .zero else { return nil }
      let seconds = Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18
      guard let chunk = readChunk(timeout: seconds) else { return nil }
      buffered.append(contentsOf: chunk)
    }
  }

  /// Reads until the daemon closes the connection (end of input or a reset); false if it is still open after
  /// `timeout` seconds without data.
  public func readToEnd(timeout: Double = 20) -> Bool {
    buffered.removeAll()
    while true {
      guard let chunk = readChunk(timeout: timeout) else { return true }
      if chunk.isEmpty { return false }
    }
  }

  /// Bytes the daemon sent that this client has not read (`FIONREAD`).
  public var unreadByteCount: Int {
    var count: Int32 = 0
    return ioctl(fd, UInt(FIONREAD), &count) == 0 ? Int(count) : -1
  }

  /// Closes the connection.
  public func close() {
    guard isOpen else { return }
    isOpen = false
    Glibc.close(fd)
  }

  /// The socket could not be made or connected (`code` is the errno).
  public struct ConnectFailed: Error {
    public var code: Int32
  }

  deinit { close() }
}

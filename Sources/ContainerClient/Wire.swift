import ContainerJSON
import ContainerTransport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes between a client and one daemon: a descriptor to write requests to and one to read its output from
/// (a process's stdin and stdout, or both ends of a Unix socket).
///
/// A dedicated thread reads the output, frames it with the transport's `MessageFramer` (the daemon answers in the
/// framing of the request: lines here) and hands each message on in order; end of output ends the stream.
final class Wire: @unchecked Sendable {
  /// What the reading thread hands on.
  enum Incoming: Sendable {
    case message(JSONValue)
    /// Bytes the framer could not read as JSON (a daemon that is not this one, or a corrupted stream).
    case garbage(String)
  }

  private let writeFD: Int32
  private let readFD: Int32
  /// Whether the two descriptors are one socket (closed once, shut down for writing first).
  private let isSocket: Bool
  private let lock = NSLock()
  private var writeOpen = true
  private var readClosed = false
  /// The messages read, in order; finished at end of output.
  let incoming: AsyncStream<Incoming>
  private let continuation: AsyncStream<Incoming>.Continuation
  private let readerDone = DispatchSemaphore(value: 0)

  init(writeFD: Int32, readFD: Int32, isSocket: Bool) {
    Self.ignoreSIGPIPE
    self.writeFD = writeFD
    self.readFD = readFD
    self.isSocket = isSocket
    (incoming, continuation) = AsyncStream.makeStream(of: Incoming.self, bufferingPolicy: .unbounded)
  }

  /// Writing to a daemon that has gone must be an error, not a signal that ends the test process.
  private static let ignoreSIGPIPE: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

  /// Starts the reading thread.
  func start() {
    let thread = Thread { [self] in readLoop() }
    thread.name = "ContainerClient.read"
    thread.start()
  }

  private func readLoop() {
    var framer = MessageFramer(limits: ReadLimits(maxMessageSize: 1 << 30))
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      chunk.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
      drain(&framer)
    }
    framer.finish()
    drain(&framer)
    continuation.finish()
    readerDone.signal()
  }

  private func drain(_ framer: inout MessageFramer) {
    while let output = framer.next() {
      switch output {
      case .message(let value, _): continuation.yield(.message(value))
      case .error(let error, _): continuation.yield(.garbage(error.message))
      }
    }
  }

  /// Writes all of `bytes`, blocking while the daemon's input is full.
  ///
  /// - Throws: `ContainerClientError.connectionClosed` when the input is closed or the daemon is gone.
  func write(_ bytes: [UInt8]) throws(ContainerClientError) {
    lock.lock()
    defer { lock.unlock() }
    guard writeOpen else { throw .connectionClosed(detail: "the client closed its side of the connection") }
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { raw in
        #if canImport(Glibc)
          Glibc.write(writeFD, raw.baseAddress, raw.count)
        #else
          Darwin.write(writeFD, raw.baseAddress, raw.count)
        #endif
      }
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        throw .connectionClosed(detail: "writing to the daemon failed: \(String(cString: strerror(errno)))")
      }
      offset += written
    }
  }

  /// Closes the writing side: the daemon sees end of input, finishes and exits (or, over a socket, drops this
  /// client). Idempotent.
  func closeWriting() {
    lock.lock()
    defer { lock.unlock() }
    guard writeOpen else { return }
    writeOpen = false
    if isSocket {
      _ = shutdown(writeFD, Int32(SHUT_WR))
    } else {
      _ = close(writeFD)
    }
  }

  /// Waits up to `seconds` for the reading thread to see end of output; true when it did.
  func waitForEnd(seconds: Double) -> Bool {
    readerDone.wait(timeout: .now() + seconds) == .success
  }

  /// Closes the reading side after the thread stopped (a socket's descriptor is closed here, once).
  func closeReading() {
    lock.lock()
    defer { lock.unlock() }
    guard !readClosed else { return }
    readClosed = true
    _ = close(readFD)
  }

  /// Connects to a Unix socket served by `containerd serve --listen unix:PATH`.
  static func connect(socketPath path: String) throws(ContainerClientError) -> Wire {
    _ = ignoreSIGPIPE
    #if canImport(Glibc)
      let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw .socket(path: path, reason: String(cString: strerror(errno))) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard bytes.count < capacity else {
      close(fd)
      throw .socket(path: path, reason: "the path is longer than \(capacity - 1) bytes")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        #if canImport(Glibc)
          Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        #else
          Darwin.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        #endif
      }
    }
    guard connected == 0 else {
      let reason = String(cString: strerror(errno))
      close(fd)
      throw .socket(path: path, reason: reason)
    }
    return Wire(writeFD: fd, readFD: fd, isSocket: true)
  }
}

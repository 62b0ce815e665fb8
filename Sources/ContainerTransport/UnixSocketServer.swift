import ContainerJSON
import ContainerProtocol

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `serve --listen unix:PATH`: several clients on one Unix socket, each connection framed and answered like stdio (the
/// same `ConnectionPump`), served one message at a time in arrival order by a single thread (one run loop, as UIKit).
///
/// What the handlers share is theirs to decide (the daemon gives every connection its own server over one world). A
/// connection that closes mid-message loses that message (an incomplete text is never run); one that closes after
/// sending a whole call gets nothing back, but the call runs to the end and its effects stay. `daemon/shutdown` on any
/// connection stops the server once its turn is answered; SIGTERM/SIGINT stop it between turns. LSP `exit`
/// (`MessageHandler.isCloseRequested`) closes its own connection once that connection's output is written.
///
/// No client can hold the others (Documentation/Overview.md, "Several clients on one world"):
/// - Connections are non-blocking. Each one's output is queued and written as its socket takes it; a client is not
///   read from while 64 KiB or more of its output is unwritten (its own pipeline waits for it, not the daemon).
/// - A client whose unwritten output, not counting the output of its own last read, passes `maxClientBacklog` bytes
///   (events of other clients' turns it does not read) is disconnected, and `log` says so.
/// - When `accept` fails for want of descriptors (EMFILE, ENFILE), the listener is left alone until a client leaves
///   (or for a second), rather than polled in a busy loop; `log` says so once per shortage.
public struct UnixSocketServer {
  public var path: String
  /// The most unwritten output a client may have, its own last read's output aside (`--max-client-backlog`).
  public var maxClientBacklog: Int
  /// Writes one line to the daemon's log (stderr).
  public var log: (String) -> Void

  /// The default of `--max-client-backlog`: 16 MiB.
  public static let defaultMaxClientBacklog = 16 << 20
  /// A client with this much unwritten output is not read from until it takes some.
  static let readPauseThreshold = 1 << 16

  public init(path: String, maxClientBacklog: Int = defaultMaxClientBacklog, log: @escaping (String) -> Void = { _ in })
  {
    self.path = path
    self.maxClientBacklog = maxClientBacklog
    self.log = log
  }

  /// Why serving ended, or could not start.
  public enum EndReason: Sendable, Equatable {
    case shutdown
    case signal(Int32)
    /// socket/bind/listen failed: the call and errno.
    case cannotListen(String, Int32)
    /// The path holds something that is not a socket (a regular file, a directory...): it is left alone.
    case notASocket
  }

  private final class Client {
    let fd: Int32
    /// The connection's number, in order of acceptance (for the log).
    let number: Int
    var pump: ConnectionPump
    /// The pump's writer (used while the pump is busy in `receive`, which holds exclusive access to `pump`).
    let writer: MessageWriter
    let handler: any MessageHandler
    var open = true
    /// Set by LSP `exit` on this connection: it is read no more, and closes once its output is written.
    var closing = false
    /// Bytes at the start of the writer's buffer already written to the socket.
    var sent = 0
    /// Where in the writer's buffer the output of the client's own last read lies (not counted against the backlog).
    var own = 0..<0
    init(fd: Int32, number: Int, limits: ReadLimits, handler: (MessageWriter) -> any MessageHandler) {
      self.fd = fd
      self.number = number
      pump = ConnectionPump(limits: limits)
      writer = pump.writer
      self.handler = handler(writer)
    }

    /// Bytes queued and not yet written.
    var unwritten: Int { writer.bytes.count - sent }

    /// Unwritten bytes that count against the backlog: all but those of the client's own last read.
    var backlog: Int {
      let pending = sent..<writer.bytes.count
      return unwritten - pending.clamped(to: own).count
    }

    /// Writes what the socket takes without blocking; false when the connection broke.
    func writeAvailable() -> Bool {
      while sent < writer.bytes.count {
        let written = writer.bytes.withUnsafeBytes { raw in
          send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
        }
        if written < 0 {
          if errno == EINTR { continue }
          if errno == EAGAIN || errno == EWOULDBLOCK { break }
          return false
        }
        sent += written
      }
      if sent == writer.bytes.count {
        _ = writer.take()
        sent = 0
        own = 0..<0
      } else if sent >= 1 << 20 && sent * 2 >= writer.bytes.count {
        // Drop the written part now and then, so that a slow reader does not make the buffer grow for good.
        writer.bytes.removeFirst(sent)
        own = max(0, own.lowerBound - sent)..<max(0, own.upperBound - sent)
        sent = 0
      }
      return true
    }
  }

  /// Serves until shutdown or a termination signal. `accept` makes the handler of a new connection, given the writer
  /// its output goes to; `closed` is told when a connection ends.
  public func run(
    limits: ReadLimits, accept makeHandler: (MessageWriter) -> any MessageHandler,
    closed: (any MessageHandler) -> Void
  ) -> EndReason {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return .cannotListen("path", ENAMETOOLONG) }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    // Only a socket is ever removed: a regular file, a directory or anything else at the path is the user's.
    var status = stat()
    if lstat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFSOCK { return .notASocket }
    // A socket file left by a daemon that died (kill -9) is stale and taken over; one a running daemon still accepts
    // on is not: unlinking it would silently cut that daemon's world off from every new client.
    let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    if probe >= 0 {
      let live = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
        }
      }
      close(probe)
      if live { return .cannotListen("a running daemon already listens there: connect", EADDRINUSE) }
    }
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard listener >= 0 else { return .cannotListen("socket", errno) }
    defer { close(listener) }
    // The socket is bound under a sibling name and renamed to `path` once it listens, so that the path never names a
    // socket that refuses connections: a client that waits for the file and connects at once is always accepted.
    // A path too long for a sibling name is bound directly (and appears a moment before it listens).
    let staging = path + ".\(getpid()).listening"
    var stagingAddress = address
    let staged = Array(staging.utf8).count < MemoryLayout.size(ofValue: address.sun_path)
    if staged {
      withUnsafeMutableBytes(of: &stagingAddress.sun_path) { raw in
        raw.copyBytes(from: Array(staging.utf8))
        raw[staging.utf8.count] = 0
      }
      unlink(staging)
    } else if lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK {
      unlink(path)
    }
    let bound = withUnsafePointer(to: &stagingAddress) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else { return .cannotListen("bind", errno) }
    guard listen(listener, 16) == 0 else {
      let code = errno
      unlink(staged ? staging : path)
      return .cannotListen("listen", code)
    }
    if staged {
      // A regular file or directory put at `path` meanwhile is still the user's: only a socket is replaced.
      if lstat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFSOCK {
        unlink(staging)
        return .notASocket
      }
      guard rename(staging, path) == 0 else {
        let code = errno
        unlink(staging)
        return .cannotListen("rename", code)
      }
    }
    // The path goes before the connections close, so that a client seeing end of input finds it gone: `connect` tells
    // a daemon that stopped from one that died (whose socket file stays).
    var unlinked = false
    func removePath() {
      if !unlinked { unlink(path) }
      unlinked = true
    }
    defer { removePath() }

    var clients: [Client] = []
    var accepted = 0
    /// Set while `accept` lacks descriptors: the listener is not polled until a client leaves (or for a second).
    var acceptPaused = false
    var pausedAt: UInt64 = 0
    /// Set from a failed `accept` to the next successful one, so that a shortage is logged once.
    var descriptorShortage = false
    let chunkSize = 1 << 16
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    defer { chunk.deallocate() }
    var stopping = false

    func drop(_ client: Client, _ reason: String) {
      guard client.open else { return }
      log("client \(client.number) disconnected: \(reason)")
      client.open = false
    }
    /// Writes what every socket takes now; disconnects a client over its backlog.
    func flushAll() {
      for client in clients where client.open {
        if !client.writeAvailable() {
          client.open = false
        } else if client.backlog > maxClientBacklog {
          drop(
            client,
            "\(client.backlog) bytes of output unread, over --max-client-backlog \(maxClientBacklog)")
        }
      }
    }
    /// Blocks (up to `drainTimeoutMilliseconds` each time) until the open clients took their output, at shutdown.
    func drainAll() {
      for client in clients where client.open {
        while client.unwritten > 0 && client.writeAvailable() {
          var descriptor = pollfd(fd: client.fd, events: Int16(POLLOUT), revents: 0)
          if client.unwritten > 0 && poll(&descriptor, 1, StdioConnection.drainTimeoutMilliseconds) <= 0 { break }
        }
      }
    }
    func closeAll() {
      removePath()
      for client in clients {
        close(client.fd)
        closed(client.handler)
      }
      clients.removeAll()
    }

    while !stopping {
      if StdioConnection.terminationSignal != 0 {
        drainAll()
        closeAll()
        return .signal(Int32(StdioConnection.terminationSignal))
      }
      var descriptors = [pollfd(fd: acceptPaused ? -1 : listener, events: Int16(POLLIN), revents: 0)]
      descriptors += clients.map { client in
        var events: Int32 = 0
        if client.unwritten < Self.readPauseThreshold && !client.closing { events |= Int32(POLLIN) }
        if client.unwritten > 0 { events |= Int32(POLLOUT) }
        return pollfd(fd: client.fd, events: Int16(events), revents: 0)
      }
      descriptors.append(pollfd(fd: StdioConnection.wakeFDs.read, events: Int16(POLLIN), revents: 0))
      let ready = poll(&descriptors, nfds_t(descriptors.count), acceptPaused ? 1000 : -1)
      if ready < 0 { continue }  // EINTR: check the signal flag
      if acceptPaused && ConnectionPump.now() - pausedAt >= 1_000_000_000 { acceptPaused = false }  // try again
      if descriptors[0].revents & Int16(POLLIN) != 0 {
        let fd = accept(listener, nil, nil)
        if fd >= 0 {
          _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
          _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
          descriptorShortage = false
          accepted += 1
          clients.append(Client(fd: fd, number: accepted, limits: limits, handler: makeHandler))
        } else if errno == EMFILE || errno == ENFILE {
          let reason = errno == EMFILE ? "EMFILE" : "ENFILE"
          if !descriptorShortage {
            log(
              "accept: no descriptor left (\(reason), \(clients.count) clients connected); new connections wait "
                + "until a client leaves")
          }
          descriptorShortage = true
          acceptPaused = true
          pausedAt = ConnectionPump.now()
        }
      }
      // Clients accepted just now were not polled yet: only the first `clients.count` polled were.
      let polled = descriptors.count - 2
      for (index, client) in clients.prefix(polled).enumerated() where client.open {
        let events = descriptors[index + 1].revents
        guard events != 0 else { continue }
        if events & Int16(POLLOUT) != 0 && !client.writeAvailable() {
          client.open = false
          continue
        }
        guard events & Int16(POLLIN | POLLHUP | POLLERR) != 0, client.unwritten < Self.readPauseThreshold,
          !client.closing
        else {
          continue
        }
        let count = read(client.fd, chunk.baseAddress, chunkSize)
        if count < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) { continue }
        client.own = client.writer.bytes.count..<Int.max
        if count > 0 {
          let open = client.pump.receive(
            UnsafeRawBufferPointer(rebasing: chunk[0..<count]), handler: client.handler,
            flushIfLarge: { _ in flushAll() })  // this client's replies, and events the chunk queued for others
          // daemon/shutdown stops the daemon; LSP `exit` closes this connection only.
          if !open { if client.handler.isShutdownRequested { stopping = true } else { client.closing = true } }
        } else {
          // End of this client's input: a complete last line still runs; a partial message is answered to no one.
          client.pump.finish(handler: client.handler, flushIfLarge: { _ in })
          _ = client.writeAvailable()
          client.open = false
        }
        // (`writeAvailable` kept the lower bound in step when it dropped written bytes.)
        client.own = client.own.lowerBound..<max(client.own.lowerBound, client.writer.bytes.count)
        // Other clients may have events of this turn queued: write them now.
        flushAll()
        if stopping { break }
      }
      for client in clients where client.open && client.closing && client.unwritten == 0 { client.open = false }
      for client in clients where !client.open {
        close(client.fd)
        closed(client.handler)
        acceptPaused = false  // a descriptor is free again
      }
      clients.removeAll { !$0.open }
    }
    drainAll()
    closeAll()
    return .shutdown
  }
}

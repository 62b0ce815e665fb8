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
/// connection stops the server once its turn is answered; SIGTERM/SIGINT stop it between turns.
public struct UnixSocketServer {
  public var path: String

  public init(path: String) {
    self.path = path
  }

  /// Why serving ended, or could not start.
  public enum EndReason: Sendable, Equatable {
    case shutdown
    case signal(Int32)
    /// socket/bind/listen failed: the call and errno.
    case cannotListen(String, Int32)
  }

  private final class Client {
    let fd: Int32
    var pump: ConnectionPump
    let handler: any MessageHandler
    var open = true
    init(fd: Int32, limits: ReadLimits, handler: (MessageWriter) -> any MessageHandler) {
      self.fd = fd
      pump = ConnectionPump(limits: limits)
      self.handler = handler(pump.writer)
    }
  }

  /// Serves until shutdown or a termination signal. `accept` makes the handler of a new connection, given the writer
  /// its output goes to; `closed` is told when a connection ends.
  public func run(
    limits: ReadLimits, accept makeHandler: (MessageWriter) -> any MessageHandler,
    closed: (any MessageHandler) -> Void
  ) -> EndReason {
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { return .cannotListen("socket", errno) }
    defer { close(listener) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return .cannotListen("path", ENAMETOOLONG) }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
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
    unlink(path)
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else { return .cannotListen("bind", errno) }
    defer { unlink(path) }
    guard listen(listener, 16) == 0 else { return .cannotListen("listen", errno) }

    var clients: [Client] = []
    let chunkSize = 1 << 16
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    defer { chunk.deallocate() }
    var stopping = false
    func flushAll() {
      for client in clients where client.open && !client.pump.writer.bytes.isEmpty {
        do {
          try StdioConnection.write(client.pump.writer, to: client.fd)
        } catch {
          client.open = false
        }
      }
    }
    while !stopping {
      if StdioConnection.terminationSignal != 0 {
        flushAll()
        for client in clients { close(client.fd) }
        return .signal(Int32(StdioConnection.terminationSignal))
      }
      var descriptors = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
      descriptors += clients.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
      if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 { continue }  // EINTR: check the signal flag
      if descriptors[0].revents & Int16(POLLIN) != 0 {
        let fd = accept(listener, nil, nil)
        if fd >= 0 { clients.append(Client(fd: fd, limits: limits, handler: makeHandler)) }
      }
      // Clients accepted just now were not polled yet: only the first `descriptors.count - 1` were.
      for (index, client) in clients.prefix(descriptors.count - 1).enumerated()
      where descriptors[index + 1].revents != 0 && client.open {
        let count = read(client.fd, chunk.baseAddress, chunkSize)
        if count > 0 {
          let fd = client.fd
          let open = client.pump.receive(
            UnsafeRawBufferPointer(rebasing: chunk[0..<count]), handler: client.handler,
            flushIfLarge: { writer in try? StdioConnection.write(writer, to: fd) })
          if !open { stopping = true }
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          // End of this client's input: a complete last line still runs; a partial message is answered to no one.
          client.pump.finish(handler: client.handler, flushIfLarge: { _ in })
          try? StdioConnection.write(client.pump.writer, to: client.fd)
          client.open = false
        }
        // Other clients may have events of this turn queued: write them now.
        flushAll()
        if stopping { break }
      }
      for client in clients where !client.open {
        close(client.fd)
        closed(client.handler)
      }
      clients.removeAll { !$0.open }
    }
    flushAll()
    for client in clients {
      close(client.fd)
      closed(client.handler)
    }
    return .shutdown
  }
}

import ArgumentParser
import ContainerRPC

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
      Copies stdin to the socket and the socket to stdout until either ends; exits 0 when the daemon closes the \
      connection or stdin ends (after the daemon's last replies), 1 if the socket can't be reached.
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
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var inputOpen = true
    while true {
      var descriptors = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
      if inputOpen { descriptors.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
      if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 { continue }
      if descriptors[0].revents != 0 {
        let count = read(fd, &buffer, buffer.count)
        if count <= 0 { return }  // the daemon closed the connection
        guard Self.writeAll(STDOUT_FILENO, buffer, count) else { return }
      }
      if inputOpen, descriptors.count > 1, descriptors[1].revents != 0 {
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count <= 0 {
          inputOpen = false
          shutdown(fd, Int32(SHUT_WR))  // the daemon sees end of input, answers what it has, and closes
        } else if !Self.writeAll(fd, buffer, count) {
          return
        }
      }
    }
  }

  private static func writeAll(_ fd: Int32, _ buffer: [UInt8], _ count: Int) -> Bool {
    var offset = 0
    while offset < count {
      let written = buffer.withUnsafeBytes { write(fd, $0.baseAddress! + offset, count - offset) }
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }
}

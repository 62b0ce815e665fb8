import Foundation

/// Starting a daemon or attaching to a served one, each proved to be this daemon (`daemon/info`).
extension ContainerClient {
  /// Starts a daemon and checks it is this one.
  ///
  /// - Parameters:
  ///   - location: the binary: a path, or `.automatic` (`CONTAINERD_BINARY`, else `.build/debug/containerd` or
  ///     `.build/release/containerd` in the current directory or one above it).
  ///   - arguments: the daemon's flags (`["--events", "all"]`).
  ///   - proofTimeout: seconds the binary has to answer `daemon/info` with name `containerd` and this client's
  ///     protocol version; a binary that does not is stopped and refused (`ContainerClientError.notThisDaemon`).
  ///   - timeout: seconds each later call waits for its reply.
  public static func launch(
    _ location: DaemonLocation = .automatic, arguments: [String] = [], environment: [String: String]? = nil,
    proofTimeout: Double = 5, timeout: Double = 60
  ) async throws -> ContainerClient {
    let binary = try location.resolve()
    let daemon = try DaemonProcess(binary: binary, arguments: arguments, environment: environment)
    let client = ContainerClient(wire: daemon.wire, daemon: daemon, endpoint: binary.path, timeout: timeout)
    await client.startReading()
    do {
      try await client.prove(within: proofTimeout)
    } catch {
      // Not this daemon: no reason to wait for it to finish its input.
      await client.stopDaemon(grace: 0.2)
      let reason: String
      switch error {
      case ContainerClientError.notThisDaemon(_, let why, _): reason = why
      default: reason = "\(error)"
      }
      throw ContainerClientError.notThisDaemon(binary: binary.path, reason: reason, stderr: daemon.stderr.text)
    }
    return client
  }

  /// Attaches to a daemon serving `containerd serve --listen unix:PATH` (one world shared with its other clients) and
  /// checks it is this one.
  public static func attach(socketPath: String, proofTimeout: Double = 5, timeout: Double = 60) async throws
    -> ContainerClient
  {
    let wire = try Wire.connect(socketPath: socketPath)
    wire.start()
    let client = ContainerClient(wire: wire, daemon: nil, endpoint: "unix:\(socketPath)", timeout: timeout)
    await client.startReading()
    do {
      try await client.prove(within: proofTimeout)
    } catch {
      await client.close()
      throw error
    }
    return client
  }

  func startReading() {
    let incoming = wire.incoming
    Task { [weak self] in
      for await message in incoming {
        guard let self else { return }
        await self.receive(message)
      }
      await self?.ended()
    }
  }

  /// `daemon/info` within `seconds`: name and protocol version.
  func prove(within seconds: Double) async throws {
    let answer: DaemonInfo
    do {
      answer = try await call(DaemonInfoRequest(), timeout: seconds).result
    } catch let error as ContainerClientError {
      throw ContainerClientError.notThisDaemon(binary: endpoint, reason: Self.proofFailure(error), stderr: "")
    } catch let error as ContainerRPCError {
      throw ContainerClientError.notThisDaemon(
        binary: endpoint, reason: "daemon/info answered an error: \(error.message)", stderr: "")
    }
    guard answer.name == DaemonInfoRequest.daemonName else {
      throw ContainerClientError.notThisDaemon(
        binary: endpoint, reason: "daemon/info names \(answer.name), not \(DaemonInfoRequest.daemonName)", stderr: "")
    }
    guard answer.protocolVersion == DaemonInfoRequest.supportedProtocolVersion else {
      throw ContainerClientError.notThisDaemon(
        binary: endpoint,
        reason: "protocol version \(answer.protocolVersion), this client speaks "
          + "\(DaemonInfoRequest.supportedProtocolVersion)", stderr: "")
    }
    info = answer
  }

  private static func proofFailure(_ error: ContainerClientError) -> String {
    switch error {
    case .timeout(_, let seconds): return "no answer to daemon/info within \(seconds) s"
    case .connectionClosed(let detail): return "it ended before answering daemon/info: \(detail)"
    case .unexpectedResult(_, "a JSON-RPC message", let got):
      return "its output is not JSON-RPC (\(got.stringValue ?? got.encodedString))"
    case .unexpectedResult(_, let expected, let got):
      return "daemon/info answered without \(expected): \(got.encodedString)"
    default: return "\(error)"
    }
  }
}

public import ContainerJSON
public import ContainerProtocol

/// A JSON-RPC error the daemon answered a call with, as a Swift error.
///
/// UIKit exceptions (code -32001) carry the exception's name and reason, as UIKit would raise them
/// (`NSInternalInconsistencyException`, `NSInvalidArgumentException`, …); wrong params (-32602) carry the path and
/// what was expected in `data`.
public struct ContainerRPCError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The JSON-RPC code (`RPCErrorCode.uikitException`, `.invalidParams`, `.unknownObject`, …).
  public var code: Int
  /// The daemon's message.
  public var message: String
  /// `error.data`, whole.
  public var data: JSONValue?
  /// The method of the call that failed.
  public var method: String
  /// The events written in the call's turn before it failed (a refusal is atomic: usually none).
  public var events: [ContainerEvent]

  public init(code: Int, message: String, data: JSONValue?, method: String, events: [ContainerEvent] = []) {
    self.code = code
    self.message = message
    self.data = data
    self.method = method
    self.events = events
  }

  /// The UIKit exception's name (`error.data.exception`), for a UIKit exception.
  public var exception: String? { data?["exception"]?.stringValue }
  /// The UIKit exception's reason (`error.data.reason`).
  public var reason: String? { data?["reason"]?.stringValue }
  /// For wrong params, where (`params.width`; `error.data.path`).
  public var path: String? { data?["path"]?.stringValue }
  /// For wrong params, what was expected there (`error.data.expected`).
  public var expected: String? { data?["expected"]?.stringValue }

  /// The code as the protocol layer names it.
  public var rpcCode: RPCErrorCode { RPCErrorCode(rawValue: code) }

  /// `method: message (code)`, then the exception's name and reason unless the message already says them (the
  /// daemon's message for a UIKit exception is `Name: reason`).
  public var description: String {
    var text = "\(method): \(message) (\(code))"
    if let exception {
      let said = exception + (reason.map { ": \($0)" } ?? "")
      if !message.contains(said) { text += " [\(said)]" }
    }
    return text
  }
}

/// Everything else that can go wrong between a client and its daemon.
public enum ContainerClientError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No daemon binary at any of the places tried (an explicit path, `CONTAINERD_BINARY`, `.build/…/containerd`).
  case binaryNotFound(tried: [String])
  /// The binary could not be started.
  case launchFailed(binary: String, reason: String)
  /// The binary did not prove to be this daemon with `daemon/info` (name and protocol version) in time: it may be
  /// another program called `containerd` (Docker's container runtime is one).
  case notThisDaemon(binary: String, reason: String, stderr: String)
  /// The connection ended (the daemon exited or closed the socket); `detail` says what is known, with the daemon's
  /// last stderr lines when it was started by this client.
  case connectionClosed(detail: String)
  /// No answer within the timeout.
  case timeout(method: String, seconds: Double)
  /// The Unix socket could not be reached.
  case socket(path: String, reason: String)
  /// An answer whose shape is not the one the typed result reads.
  case unexpectedResult(method: String, expected: String, got: JSONValue)

  public var description: String {
    switch self {
    case .binaryNotFound(let tried):
      return "no containerd binary found; tried:\n" + tried.map { "  \($0)" }.joined(separator: "\n")
        + "\nbuild it with `swift build` in the containerd package, or set CONTAINERD_BINARY to its path"
    case .launchFailed(let binary, let reason):
      return "could not start \(binary): \(reason)"
    case .notThisDaemon(let binary, let reason, let stderr):
      return "\(binary) is not the containerd UIKit daemon (\(reason))"
        + (stderr.isEmpty ? "" : "; its stderr ended with:\n\(stderr)")
    case .connectionClosed(let detail):
      return "the connection to the daemon closed: \(detail)"
    case .timeout(let method, let seconds):
      return "\(method): no answer within \(seconds) s"
    case .socket(let path, let reason):
      return "cannot connect to unix:\(path): \(reason) (is `containerd serve --listen unix:\(path)` running?)"
    case .unexpectedResult(let method, let expected, let got):
      return "\(method): expected \(expected) in the result, got \(got.encodedString)"
    }
  }
}

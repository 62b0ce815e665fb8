import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// Where one connection is in the Language Server Protocol's lifecycle (LSP 3.17, "Lifecycle Messages").
///
/// The daemon's own methods never wait for `initialize`: a plain JSON-RPC client (a shell pipe, `connect`, the Python
/// client) never sends it, and its calls work as they always did. Each connection has its own lifecycle (each client
/// of `serve --listen` has its own server), so one client's `shutdown` and `exit` concern that client only.
public struct LSPLifecycle: Sendable, Equatable {
  /// `initialize` was answered; a second one is -32600 (LSP: "may only be sent once").
  public internal(set) var isInitialized = false
  /// `shutdown` was answered: requests other than `exit` are -32600, notifications other than `exit` are dropped.
  public internal(set) var isShutDown = false
  /// Set by `exit`: 0 after `shutdown`, 1 without (LSP's exit codes). The connection then stops reading; over stdio
  /// the daemon exits with it once its output is written, over `serve --listen` only that connection closes.
  public internal(set) var exitStatus: Int32?

  /// A connection that has seen none of the lifecycle (a plain JSON-RPC client's, all along).
  public init() {}
}

/// `initialize`, `initialized`, `shutdown`, `exit`.
extension RPCServer {
  /// Whether `exit` asked the connection to close (`MessageHandler`): the connection stops reading, writes what is
  /// queued, and ends (stdio: the process exits with `lifecycle.exitStatus`).
  public var isCloseRequested: Bool { lifecycle.exitStatus != nil }

  /// The refusal of a request after `shutdown` (LSP: "should error with InvalidRequest").
  static let shuttingDown = RPCError.invalidRequest(
    "the daemon is shutting down (shutdown was received); only exit is accepted")

  /// `initialize`: the capabilities (none an editor acts on: no text documents, no completion), `serverInfo`, and the
  /// daemon's own description under `capabilities.experimental`. LSP's params are accepted and not read.
  func lspInitialize() throws(RPCError) -> JSONValue {
    guard !lifecycle.isInitialized else {
      throw RPCError.invalidRequest("initialize was already answered on this connection (LSP allows it once)")
    }
    lifecycle.isInitialized = true
    return [
      "capabilities": [
        "experimental": [
          "protocolVersion": .int(Int64(DaemonVersion.protocolVersion)),
          "methods": .array(registry.methods.map { .string($0.name) }),
        ]
      ],
      "serverInfo": ["name": "containerd", "version": .string(DaemonVersion.current)],
    ]
  }

  /// `shutdown`: answers null; the connection then refuses everything but `exit`.
  func lspShutdown() -> JSONValue {
    lifecycle.isShutDown = true
    return .null
  }

  /// `exit`: ends the connection, 0 after `shutdown`, 1 without.
  func lspExit() -> JSONValue {
    lifecycle.exitStatus = lifecycle.isShutDown ? 0 : 1
    return .null
  }
}

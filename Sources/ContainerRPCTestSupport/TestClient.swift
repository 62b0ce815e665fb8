import ContainerEngine
public import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerTransport

/// Runs request text through a server, in process or through the built binary, with one test body for both
/// (the `.router` / `.live` pattern of hummingbird's tests).
public enum Transport: String, Sendable, CaseIterable, CustomStringConvertible {
  /// An `RPCServer` behind an `InMemoryConnection`.
  case inProcess
  /// The built `containerd` binary over pipes.
  case binary

  public var description: String { rawValue }

  /// Sends `input` (then end of input) and returns everything written to stdout, as lines.
  public func exchange(_ input: String, arguments: [String] = []) throws -> [String] {
    switch self {
    case .inProcess:
      let connection = InMemoryConnection(handler: RPCServer())
      var output = connection.send(Array(input.utf8))
      output += connection.finish()
      let text = String(decoding: output, as: UTF8.self)
      return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    case .binary:
      return try DaemonBinary.run(arguments, input: input).lines
    }
  }
}

/// Parses a JSON text in a test (fails loudly on bad literals).
public func json(_ text: String) -> JSONValue {
  do {
    return try JSONValue.parse(text)
  } catch {
    fatalError("bad JSON literal in test: \(text): \(error.message)")
  }
}

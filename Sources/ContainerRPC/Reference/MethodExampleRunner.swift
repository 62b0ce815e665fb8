import ContainerEngine
public import ContainerJSON
public import ContainerProtocol
import ContainerTransport

/// Runs the methods' examples (`Methods.examples`) through the in-process server, each on a fresh world, and records
/// what the daemon wrote: the one place examples run. `RPCServer.discoverDocument` runs them once, the first time a
/// client asks for `rpc.discover`; Documentation/Reference.md is rendered from that document (`containerd reference`).
/// Every run is deterministic (the virtual clock, sorted keys), so the document is the same bytes each time.
public enum MethodExampleRunner {
  /// The configuration examples run with: `containerd serve`'s defaults, so `daemon/info` answers as the binary does.
  public static var configuration: ServerConfiguration {
    var configuration = ServerConfiguration()
    configuration.readLimits = ReadLimits(maxMessageSize: 16 << 20, maxDepth: 512)
    return configuration
  }

  /// The recording of every method that has an example, and a sentence for each example that could not be recorded
  /// as declared (a setup call failed, or the call's outcome is not the one declared), sorted by method.
  public static func runAll(_ registry: MethodRegistry = Methods.registry) -> (
    recordings: [String: ExampleRecording], failures: [String]
  ) {
    var recordings: [String: ExampleRecording] = [:]
    var failures: [String] = []
    for spec in registry.methods {
      guard let example = Methods.examples[spec.name] else { continue }
      switch run(example, method: spec.name) {
      case .success(let recording): recordings[spec.name] = recording
      case .failure(let failure): failures.append("\(spec.name): \(failure.message)")
      }
    }
    return (recordings, failures)
  }

  /// Why an example could not be recorded.
  public struct Failure: Error {
    public var message: String
  }

  /// Runs one example on a fresh server: the setup calls, each on its own turn, then the example call.
  public static func run(_ example: MethodExample, method: String) -> Result<ExampleRecording, Failure> {
    let server = RPCServer(configuration: configuration)
    server.isRecordingExamples = true
    let connection = InMemoryConnection(handler: server, limits: configuration.readLimits)
    var setup: [JSONValue] = []
    var nextID: Int64 = 0
    func send(_ call: ExampleCall) -> Result<(request: JSONValue, output: [JSONValue]), Failure> {
      nextID += 1
      var request: JSONObject = ["jsonrpc": "2.0", "id": .int(nextID), "method": .string(call.method)]
      if let text = call.params {
        guard let params = try? JSONValue.parse(text) else {
          return .failure(Failure(message: "the params of \(call.method) are not JSON: \(text)"))
        }
        request["params"] = params
      }
      let written = connection.send(JSONValue.object(request).encodedString + "\n")
      var output: [JSONValue] = []
      for line in written.split(separator: "\n") {
        guard let message = try? JSONValue.parse(String(line)) else {
          return .failure(Failure(message: "\(call.method) wrote a line that is not JSON"))
        }
        output.append(message)
      }
      guard let last = output.last, last["id"] == .int(nextID) else {
        return .failure(Failure(message: "\(call.method) wrote no reply"))
      }
      return .success((.object(request), output))
    }
    for call in example.setup {
      switch send(call) {
      case .failure(let failure): return .failure(failure)
      case .success(let (request, output)):
        if let error = output.last?["error"] {
          return .failure(Failure(message: "setup call \(call.method) failed: \(error.encodedString)"))
        }
        setup.append(request)
      }
    }
    switch send(ExampleCall(method, example.params)) {
    case .failure(let failure): return .failure(failure)
    case .success(let (request, output)):
      var response = output.last!
      if let error = response["error"], !example.showsError {
        return .failure(Failure(message: "the example call failed: \(error.encodedString)"))
      }
      if response["error"] == nil, example.showsError {
        return .failure(Failure(message: "the example is marked showsError but the call succeeded"))
      }
      if let keys = example.resultKeys, var members = response.objectValue, let result = response["result"] {
        var shown: JSONObject = [:]
        for key in keys { if let value = result[key] { shown[key] = value } }
        members["result"] = .object(shown)
        response = .object(members)
      }
      return .success(
        ExampleRecording(
          example: example, setup: setup, request: request, response: response, events: Array(output.dropLast())))
    }
  }
}

extension RPCServer {
  /// The `rpc.discover` document with the recorded examples: built once, the first time it is asked for.
  public static let discoverDocument: JSONValue = Methods.registry.openRPCDocument(
    version: DaemonVersion.current, examples: MethodExampleRunner.runAll().recordings)

  /// `rpc.discover`'s answer: the full document, or while examples are being recorded (the `rpc.discover` example
  /// itself) the document without examples, which does not need them.
  func discover() -> JSONValue {
    isRecordingExamples ? registry.openRPCDocument(version: DaemonVersion.current) : Self.discoverDocument
  }
}

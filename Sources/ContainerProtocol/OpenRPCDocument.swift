public import ContainerJSON

/// The `rpc.discover` document: OpenRPC 1.2.6, built from the method registry, the method docs, the recorded examples
/// and the event specs. Documentation/Reference.md is rendered from the same document (`ReferenceMarkdown`).
///
/// Where OpenRPC has no field, specification extensions (`x-…`, allowed on the document and on example pairings)
/// carry the rest: `x-events` (the `event/*` notifications: OpenRPC describes methods only), and on each example
/// pairing `x-setup` (the calls made first), `x-events` (the notifications the call wrote before its reply),
/// `x-error` (the error reply of an example that shows one) and `x-resultKeys` (when only some members of the result
/// are shown).
extension MethodRegistry {
  /// The document, with each method's example from `examples` (by method name; a method without one has none).
  public func openRPCDocument(version: String, examples: [String: ExampleRecording]) -> JSONValue {
    [
      "openrpc": "1.2.6",
      "info": [
        "title": "containerd",
        "version": .string(version),
        "description": .string(Self.documentDescription),
      ],
      "methods": .array(methods.map { method($0, example: examples[$0.name]) }),
      "x-events": .array(Events.all.map(Self.event)),
    ]
  }

  /// The document's description.
  static let documentDescription =
    "Headless UIKit view-controller trees over JSON-RPC 2.0 (protocol version 1). Each method's description names "
    + "the rules it applies (R-numbers); its example is a real run of the daemon on a fresh world. The event/* "
    + "notifications the daemon sends are listed under x-events."

  private func method(_ spec: MethodSpec, example: ExampleRecording?) -> JSONValue {
    var params: [JSONValue] = []
    if case .fields(let fields) = spec.params {
      params = fields.map { field in
        var param: JSONObject = [
          "name": .string(field.name), "required": .bool(field.required), "schema": field.jsonSchemaProperty,
        ]
        if let summary = field.summary.isEmpty ? Methods.paramSummaries[field.name] : field.summary {
          param["description"] = .string(summary)
        }
        return .object(param)
      }
    }
    var object: JSONObject = [
      "name": .string(spec.name),
      "summary": .string(spec.summary),
      "paramStructure": spec.params.isAny ? "either" : "by-name",
      "params": .array(params),
      "result": ["name": "result", "schema": spec.result.jsonSchema],
      "errors": .array(spec.allErrors.map(\.json)),
    ]
    if !spec.description.isEmpty { object["description"] = .string(spec.description) }
    if let example { object["examples"] = [Self.pairing(example, spec: spec)] }
    return .object(object)
  }

  /// An OpenRPC example pairing object for a recording.
  static func pairing(_ recording: ExampleRecording, spec: MethodSpec) -> JSONValue {
    let given = recording.request["params"]?.objectValue ?? [:]
    var order: [String] = []
    if case .fields(let fields) = spec.params { order = fields.map(\.name).filter { given[$0] != nil } }
    order += given.keys.sorted().filter { !order.contains($0) }
    var pairing: JSONObject = [
      "name": .string(recording.example.title),
      "params": .array(order.map { ["name": .string($0), "value": given[$0]!] }),
      "result": ["name": "result", "value": recording.response["result"] ?? .null],
      "x-setup": .array(recording.setup),
      "x-events": .array(recording.events),
    ]
    if let error = recording.response["error"] { pairing["x-error"] = error }
    if let keys = recording.example.resultKeys { pairing["x-resultKeys"] = .array(keys.map { .string($0) }) }
    return .object(pairing)
  }

  static func event(_ spec: EventSpec) -> JSONValue {
    [
      "name": .string(spec.name),
      "summary": .string(spec.summary),
      "description": .string(spec.description),
      "kinds": .array(spec.kinds.map { .string($0.rawValue) }),
      "subscribedByDefault": .bool(spec.kinds.contains { EventKind.defaults.contains($0) }),
      "params": ["name": "params", "schema": spec.params.jsonSchema],
    ]
  }
}

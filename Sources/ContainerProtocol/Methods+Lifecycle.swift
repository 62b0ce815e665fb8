import ContainerEngine
import ContainerJSON

/// The Language Server Protocol's lifecycle messages (LSP 3.17, "Lifecycle Messages"), so that an editor's generic
/// LSP client can attach: `initialize`, `initialized`, `shutdown`, `exit`. Their params are LSP's own structures,
/// accepted whole and not read (`.any`); the daemon's own methods work with or without them (a plain JSON-RPC client
/// never sends `initialize`). Documentation/Protocol.md, "LSP lifecycle", says what each does on each transport.
extension Methods {
  static let lifecycle: [MethodSpec] = [
    MethodSpec(
      "exit",
      "LSP exit (a notification): ends the session; over stdio the daemon exits 0 after shutdown, 1 without. "
        + "Answers null if sent with an id.",
      params: .any, result: .null),
    MethodSpec(
      "initialize",
      "LSP initialize: capabilities (nothing an editor acts on), serverInfo, and under capabilities.experimental "
        + "the protocol version and the method list. Once per connection; optional for JSON-RPC clients.",
      params: .any,
      result: .object([
        Schema.Field(
          "capabilities",
          .object([
            Schema.Field(
              "experimental",
              .object([
                Schema.Field("protocolVersion", .integer(), required: true),
                Schema.Field("methods", .array(.string), required: true),
              ]), required: true)
          ]), required: true),
        Schema.Field(
          "serverInfo",
          .object([Schema.Field("name", .string, required: true), Schema.Field("version", .string, required: true)]),
          required: true),
      ])),
    MethodSpec(
      "initialized", "LSP initialized (a notification): accepted, changes nothing. Answers null if sent with an id.",
      params: .any, result: .null),
    MethodSpec(
      "shutdown",
      "LSP shutdown: answers null; afterwards this connection's requests other than exit get -32600 and its "
        + "notifications other than exit are dropped.",
      params: .any, result: .null),
  ]
}

import ContainerJSON
import ContainerProtocol
import Testing

/// Validation against declared schemas: the first offending path, what was expected there, defaults filled in.
@Suite struct SchemaTests {
  static let frameSchema = Schema.object([
    Schema.Field("window", .string, required: true),
    Schema.Field("frame", .rect),
    Schema.Field("animated", .boolean, default: false),
    Schema.Field("index", .integer(minimum: 0)),
    Schema.Field("style", .enumeration(["fullScreen", "pageSheet"]), default: "pageSheet"),
    Schema.Field("ids", .array(.string)),
    Schema.Field("parent", .nullable(.string)),
  ])

  private func failure(_ value: String) -> (path: JSONValue?, expected: JSONValue?, message: String)? {
    do {
      _ = try Self.frameSchema.validate(json(value), path: "params")
      return nil
    } catch {
      return (error.data?["path"], error.data?["expected"], error.message)
    }
  }

  @Test func defaultsAreFilledIn() throws {
    let validated = try Self.frameSchema.validate(json(#"{"window":"w1"}"#), path: "params")
    #expect(validated == json(#"{"window":"w1","animated":false,"style":"pageSheet"}"#))
  }

  @Test(arguments: [
    (#"{}"#, "params.window", "string"),
    (#"{"window":1}"#, "params.window", "string"),
    (
      #"{"window":"w","frame":{"x":0,"y":0,"width":"wide","height":1}}"#, "params.frame.width",
      "number in -1000000000...1000000000"
    ),
    (#"{"window":"w","frame":{"x":0,"y":0,"width":1}}"#, "params.frame.height", "number in -1000000000...1000000000"),
    (#"{"window":"w","index":-1}"#, "params.index", "integer >= 0"),
    (#"{"window":"w","index":1.5}"#, "params.index", "integer >= 0"),
    (#"{"window":"w","style":"sideways"}"#, "params.style", #"one of "fullScreen", "pageSheet""#),
    (#"{"window":"w","ids":["a",2]}"#, "params.ids[1]", "string"),
    (#"{"window":"w","parent":3}"#, "params.parent", "string or null"),
    (#"{"window":"w","colour":"red"}"#, "params.colour", "no such parameter"),
  ])
  func firstErrorNamesPathAndExpectation(_ value: String, _ path: String, _ expected: String) throws {
    let result = try #require(failure(value))
    #expect(result.path == .string(path))
    #expect(result.expected == .string(expected))
  }

  @Test func integralRealsAreAcceptedAsIntegers() throws {
    let validated = try Self.frameSchema.validate(json(#"{"window":"w","index":2.0}"#), path: "params")
    #expect(validated["index"] == .int(2))
  }

  @Test func nullIsAcceptedWhereNullable() throws {
    _ = try Self.frameSchema.validate(json(#"{"window":"w","parent":null}"#), path: "params")
  }

  @Test func jsonSchemaOfAField() {
    #expect(Schema.enumeration(["a", "b"]).jsonSchema == json(#"{"type":"string","enum":["a","b"]}"#))
    #expect(Schema.nullable(.string).jsonSchema == json(#"{"anyOf":[{"type":"string"},{"type":"null"}]}"#))
  }
}

public import ContainerJSON

/// Documentation/Reference.md, rendered from the `rpc.discover` document (`RPCServer.discoverDocument`): one
/// section per method family, one heading per method (`### \`family/verb\``, so other pages link
/// `Reference.md#familyverb`), its params, result, errors and example, then the events. `containerd reference`
/// prints it; `ReferenceTests` compares it with the committed file.
public enum ReferenceMarkdown {
  /// The command that regenerates the committed file.
  public static let regenerate = "swift run containerd reference > Documentation/Reference.md"

  /// The page for `document`.
  public static func render(_ document: JSONValue) -> String {
    let methods = document["methods"]?.arrayValue ?? []
    var families: [(name: String, methods: [JSONValue])] = []
    for method in methods {
      let family = self.family(of: method["name"]?.stringValue ?? "")
      if families.last?.name == family {
        families[families.count - 1].methods.append(method)
      } else if let index = families.firstIndex(where: { $0.name == family }) {
        families[index].methods.append(method)
      } else {
        families.append((family, [method]))
      }
    }
    families.sort { $0.name < $1.name }
    var out = """
      # Method reference

      <!-- Generated from the method registry by `containerd reference`; do not edit. Regenerate with:
           \(regenerate) -->

      Every method of the daemon, by family: what it does, its parameters, its result, the errors it can answer
      with, and one example. Each example is a real run: its setup calls and then the example call, sent to a
      fresh daemon, with the events and the reply the daemon wrote (the clock is virtual, so every run writes the
      same bytes). `rpc.discover` answers the same content as an OpenRPC document; the events the daemon sends are
      at the end, under [Event notifications](#event-notifications). Errors common to every call (-32700, -32600, -32601, -32603) and the
      error data are described in [Protocol.md](Protocol.md).


      """
    out += "| family | methods |\n| --- | --- |\n"
    for family in families {
      let links = family.methods.compactMap { $0["name"]?.stringValue }.map { "[`\($0)`](#\(anchor($0)))" }
      out += "| \(family.name) | \(links.joined(separator: ", ")) |\n"
    }
    out +=
      "| event notifications | "
      + (document["x-events"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
      .map { "[`\($0)`](#\(anchor($0)))" }.joined(separator: ", ") + " |\n"
    for family in families {
      out += "\n## \(family.name)\n"
      for method in family.methods { out += "\n" + section(method) }
    }
    out += "\n## Event notifications\n\n"
    out +=
      "Notifications the daemon writes before a reply (never answered). Each carries `seq`, `time` and "
      + "`request`; a connection receives the kinds it subscribed to (`events/subscribe`).\n"
    for event in document["x-events"]?.arrayValue ?? [] {
      out += "\n" + eventSection(event, example: firstEvent(named: event["name"]?.stringValue ?? "", in: methods))
    }
    return out
  }

  /// A method's family: the part before `/`; `rpc` for `rpc.discover`, `lsp` for LSP's lifecycle messages.
  static func family(of name: String) -> String {
    if let slash = name.firstIndex(of: "/") { return String(name[..<slash]) }
    return name.hasPrefix("rpc.") ? "rpc" : "lsp"
  }

  /// GitHub's anchor for a heading `` `name` ``: lower case, without punctuation other than `-` and `_`.
  static func anchor(_ name: String) -> String {
    String(name.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
  }

  static func section(_ method: JSONValue) -> String {
    let name = method["name"]?.stringValue ?? ""
    var out = "### `\(name)`\n\n"
    if let summary = method["summary"]?.stringValue { out += summary + "\n\n" }
    if let description = method["description"]?.stringValue { out += description + "\n\n" }
    let params = method["params"]?.arrayValue ?? []
    if method["paramStructure"] == "either" {
      out += "**Parameters**: any (accepted and not read).\n\n"
    } else if params.isEmpty {
      out += "**Parameters**: none.\n\n"
    } else {
      out += "**Parameters**\n\n| name | type | required or default | description |\n| --- | --- | --- | --- |\n"
      for param in params {
        let schema = param["schema"] ?? [:]
        out += rows(
          name: param["name"]?.stringValue ?? "", schema: schema, required: param["required"] == true,
          description: param["description"]?.stringValue)
      }
      out += "\n"
    }
    let result = method["result"]?["schema"] ?? [:]
    if let properties = result["properties"]?.objectValue, !properties.isEmpty {
      out += "**Result**\n\n| member | type | always | description |\n| --- | --- | --- | --- |\n"
      let required = Set((result["required"]?.arrayValue ?? []).compactMap(\.stringValue))
      for key in properties.keys.sorted() {
        out += resultRows(name: key, schema: properties[key]!, always: required.contains(key))
      }
      out += "\n"
    } else {
      out += "**Result**: \(typeText(result)).\n\n"
    }
    out += "**Errors**\n\n| code | when |\n| --- | --- |\n"
    for error in method["errors"]?.arrayValue ?? [] {
      out += "| \(error["code"]?.encodedString ?? "") | \(cell(error["message"]?.stringValue ?? "")) |\n"
    }
    if (method["errors"]?.arrayValue ?? []).isEmpty { out += "| none | this method always answers |\n" }
    out += "\n"
    if let example = method["examples"]?.arrayValue?.first { out += exampleText(example, method: name) }
    return out
  }

  static func exampleText(_ example: JSONValue, method: String) -> String {
    var out = "**Example**: \(example["name"]?.stringValue ?? "")\n\n"
    let setup = example["x-setup"]?.arrayValue ?? []
    if !setup.isEmpty {
      out += "Setup, each call on its own turn (replies not shown):\n\n```json\n"
      for request in setup { out += request.encodedString + "\n" }
      out += "```\n\n"
    }
    var params: JSONObject = [:]
    for param in example["params"]?.arrayValue ?? [] {
      if let name = param["name"]?.stringValue, let value = param["value"] { params[name] = value }
    }
    var request: JSONObject = ["jsonrpc": "2.0", "id": .int(Int64(setup.count + 1)), "method": .string(method)]
    if !params.isEmpty || !(example["params"]?.arrayValue ?? []).isEmpty { request["params"] = .object(params) }
    out += "Request:\n\n```json\n" + JSONValue.object(request).encodedString + "\n```\n\n"
    let events = example["x-events"]?.arrayValue ?? []
    var response: JSONObject = ["jsonrpc": "2.0", "id": request["id"]!]
    if let error = example["x-error"] {
      response["error"] = error
    } else {
      response["result"] = example["result"]?["value"] ?? .null
    }
    if let keys = example["x-resultKeys"]?.arrayValue?.compactMap(\.stringValue) {
      out += "The daemon writes (the result shortened to \(keys.map { "`\($0)`" }.joined(separator: " and "))):\n\n"
    } else {
      out += events.isEmpty ? "The daemon writes:\n\n" : "The daemon writes (events, then the reply):\n\n"
    }
    out += "```json\n"
    for event in events { out += event.encodedString + "\n" }
    out += JSONValue.object(response).encodedString + "\n```\n"
    return out
  }

  /// The first event named `name` that a method's example wrote, and that method.
  static func firstEvent(named name: String, in methods: [JSONValue]) -> (method: String, event: JSONValue)? {
    for method in methods {
      for example in method["examples"]?.arrayValue ?? [] {
        if let event = example["x-events"]?.arrayValue?.first(where: { $0["method"]?.stringValue == name }) {
          return (method["name"]?.stringValue ?? "", event)
        }
      }
    }
    return nil
  }

  static func eventSection(_ event: JSONValue, example: (method: String, event: JSONValue)?) -> String {
    let name = event["name"]?.stringValue ?? ""
    var out = "### `\(name)`\n\n"
    if let summary = event["summary"]?.stringValue { out += summary + "\n\n" }
    if let description = event["description"]?.stringValue { out += description + "\n\n" }
    let kinds = (event["kinds"]?.arrayValue ?? []).compactMap(\.stringValue).map { "`\($0)`" }
    out += "Subscription kind: \(kinds.joined(separator: " or "))"
    out += event["subscribedByDefault"] == true ? " (subscribed by default).\n\n" : ".\n\n"
    let schema = event["params"]?["schema"] ?? [:]
    let required = Set((schema["required"]?.arrayValue ?? []).compactMap(\.stringValue))
    out += "| param | type | always | description |\n| --- | --- | --- | --- |\n"
    for (key, value) in (schema["properties"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
      out += resultRows(name: key, schema: value, always: required.contains(key))
    }
    if let example {
      out += "\nFor example, from [`\(example.method)`](#\(anchor(example.method)))'s example:\n\n```json\n"
      out += example.event.encodedString + "\n```\n"
    }
    return out
  }

  /// The rows of a param: itself, then the members of an object (or of an array's objects) as `name.member`.
  static func rows(name: String, schema: JSONValue, required: Bool, description: String?) -> String {
    let need: String
    if let value = schema["default"] {
      need = "default `\(value.encodedString)`"
    } else {
      need = required ? "required" : "optional"
    }
    var out =
      "| `\(name)` | \(cell(typeText(schema))) | \(cell(need)) | \(cell(description ?? schema["description"]?.stringValue ?? "")) |\n"
    let (object, prefix) = nestedObject(schema, name: name)
    if let object, let properties = object["properties"]?.objectValue {
      let requiredMembers = Set((object["required"]?.arrayValue ?? []).compactMap(\.stringValue))
      for key in orderedKeys(properties) {
        out += rows(
          name: prefix + key, schema: properties[key]!, required: requiredMembers.contains(key), description: nil)
      }
    }
    return out
  }

  /// The rows of a result member, as `rows` does for params ("always": required in the schema).
  static func resultRows(name: String, schema: JSONValue, always: Bool) -> String {
    var out =
      "| `\(name)` | \(cell(typeText(schema))) | \(always ? "yes" : "no") | \(cell(schema["description"]?.stringValue ?? "")) |\n"
    let (object, prefix) = nestedObject(schema, name: name)
    if let object, let properties = object["properties"]?.objectValue, !isGeometry(object) {
      let required = Set((object["required"]?.arrayValue ?? []).compactMap(\.stringValue))
      for key in properties.keys.sorted() {
        out += resultRows(name: prefix + key, schema: properties[key]!, always: required.contains(key))
      }
    }
    return out
  }

  /// Keys in the order the schema's object lists them (declaration order is lost in a JSON object: sorted).
  static func orderedKeys(_ properties: JSONObject) -> [String] { properties.keys.sorted() }

  /// The object schema under `schema` (itself, an array's element, a nullable's value), and the prefix of its
  /// members' names; nil for geometry (`{x, y, width, height}` and the like read better as one type).
  static func nestedObject(_ schema: JSONValue, name: String) -> (JSONValue?, String) {
    if schema["type"] == "object", schema["properties"] != nil, !isGeometry(schema) { return (schema, name + ".") }
    if schema["type"] == "array", let items = schema["items"], items["type"] == "object", items["properties"] != nil,
      !isGeometry(items)
    {
      return (items, name + "[].")
    }
    if let options = schema["anyOf"]?.arrayValue, options.count == 2, options[1]["type"] == "null" {
      return nestedObject(options[0], name: name)
    }
    return (nil, "")
  }

  static func isGeometry(_ schema: JSONValue) -> Bool {
    geometryName(schema) != nil
  }

  static func geometryName(_ schema: JSONValue) -> String? {
    guard schema["type"] == "object", let properties = schema["properties"]?.objectValue else { return nil }
    switch properties.keys.sorted() {
    case ["height", "width", "x", "y"]: return "rect `{x, y, width, height}`"
    case ["x", "y"]: return "point `{x, y}`"
    case ["height", "width"]: return "size `{width, height}`"
    case ["bottom", "left", "right", "top"]: return "insets `{top, left, bottom, right}`"
    default: return nil
    }
  }

  /// A schema as a short type: `string`, `integer ≥ 0`, `one of "a", "b"`, `array of string`, `object`, ….
  static func typeText(_ schema: JSONValue) -> String {
    if let geometry = geometryName(schema) { return geometry }
    if let options = schema["anyOf"]?.arrayValue {
      return options.map(typeText).joined(separator: " or ")
    }
    if let cases = schema["enum"]?.arrayValue {
      return "one of " + cases.map { "`\($0.encodedString)`" }.joined(separator: ", ")
    }
    switch schema["type"]?.stringValue {
    case "boolean"?: return "boolean"
    case "string"?: return "string"
    case "null"?: return "null"
    case "integer"?, "number"?:
      let kind = schema["type"]!.stringValue!
      switch (schema["minimum"], schema["maximum"]) {
      case (let low?, let high?): return "\(kind) \(low.encodedString)…\(high.encodedString)"
      case (let low?, nil): return "\(kind) ≥ \(low.encodedString)"
      case (nil, let high?): return "\(kind) ≤ \(high.encodedString)"
      case (nil, nil): return kind
      }
    case "array"?: return "array of " + typeText(schema["items"] ?? [:])
    case "object"?:
      if schema["properties"]?.objectValue?.isEmpty == false { return "object" }
      if let values = schema["additionalProperties"], values.objectValue != nil {
        return values.objectValue!.isEmpty ? "object" : "object of " + typeText(values)
      }
      return schema["additionalProperties"] == true ? "object" : "`{}`"
    default: return "any"
    }
  }

  /// Text for a table cell: `|` escaped, line breaks as spaces.
  static func cell(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "|": out += "\\|"
      case "\n": out += " "
      default: out.append(character)
      }
    }
    return out
  }
}

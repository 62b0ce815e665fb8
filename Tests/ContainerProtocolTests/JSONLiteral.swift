import ContainerJSON

/// A JSON literal in a test, parsed by jansson as the daemon parses requests.
func json(_ text: String) -> JSONValue {
  do {
    return try JSONValue.parse(text)
  } catch {
    fatalError("bad JSON literal in test: \(text): \(error.message)")
  }
}

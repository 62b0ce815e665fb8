public import ContainerJSON

/// One call of an example's script: a method and its params as JSON text (parsed when the example runs).
public struct ExampleCall: Sendable {
  public var method: String
  /// The params as JSON text; nil: the request has no `params` member.
  public var params: String?

  public init(_ method: String, _ params: String? = nil) {
    self.method = method
    self.params = params
  }
}

/// The example of one method: a small script (setup calls, then the example call) that the server runs on a fresh
/// world to record its real reply and events (`MethodExampleRunner` in ContainerRPC). Declared once per method in
/// `Methods.examples` (MethodExamples+*.swift); `rpc.discover`'s `examples` and Documentation/Reference.md both show
/// the recording.
public struct MethodExample: Sendable {
  /// What the example shows, one line.
  public var title: String
  /// Calls made first, each on its own turn; each must succeed.
  public var setup: [ExampleCall]
  /// The example call's params as JSON text (nil: no `params` member).
  public var params: String?
  /// The example deliberately shows an error reply: its call must fail (and any other example's must not).
  public var showsError: Bool
  /// Only these members of the result are shown (for a result too long to print whole, such as `rpc.discover`'s);
  /// nil: the whole result.
  public var resultKeys: [String]?

  public init(
    _ title: String, setup: [ExampleCall] = [], params: String? = nil, showsError: Bool = false,
    resultKeys: [String]? = nil
  ) {
    self.title = title
    self.setup = setup
    self.params = params
    self.showsError = showsError
    self.resultKeys = resultKeys
  }
}

/// What one example produced when run: the requests sent and what the daemon wrote for the example call.
public struct ExampleRecording: Sendable {
  public var example: MethodExample
  /// The setup requests, as sent.
  public var setup: [JSONValue]
  /// The example request, as sent.
  public var request: JSONValue
  /// The response to it (`result` or `error`), with `resultKeys` applied.
  public var response: JSONValue
  /// The notifications written before the response, in order.
  public var events: [JSONValue]

  public init(example: MethodExample, setup: [JSONValue], request: JSONValue, response: JSONValue, events: [JSONValue])
  {
    self.example = example
    self.setup = setup
    self.request = request
    self.response = response
    self.events = events
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// Presentation in a context (R53–R55, R70) through the built binary and in process: PC-1 and PC-2, exact orders of
/// the present and the dismiss, and `presentation/get`.
@Suite struct PresentationContextOverPipesTests {
  /// `T` (tab bar, root of `win`) with tab 0 = `N` `[A]`, viewIsAppearing off, completions subscribed; then A presents
  /// M with `style`, `presentation/get M`, dismiss M, `presentation/get M` (ids "present", "get", "dismiss", "after").
  static func requests(style: String) -> String {
    var id = 0
    func request(_ method: String, _ params: String, name: String? = nil) -> String {
      id += 1
      let requestID = name.map { #""\#($0)""# } ?? "\(id)"
      return #"{"jsonrpc":"2.0","id":\#(requestID),"method":"\#(method)","params":\#(params)}"#
    }
    return [
      request("daemon/configure", #"{"options":{"viewIsAppearing":false}}"#),
      request("events/subscribe", #"{"kinds":["completion"]}"#),
      request("window/create", #"{"id":"win"}"#),
      request("controller/create", #"{"id":"A"}"#),
      request("controller/create", #"{"id":"N","kind":"UINavigationController","root":"A"}"#),
      request("controller/create", #"{"id":"T","kind":"UITabBarController","controllers":["N"]}"#),
      request("controller/create", #"{"id":"M"}"#),
      request("window/setRoot", #"{"window":"win","controller":"T"}"#),
      request("view/get", #"{"view":"N.view"}"#, name: "nView"),
      request(
        "presentation/present", #"{"presenter":"A","controller":"M","style":"\#(style)","animated":false}"#,
        name: "present"),
      request("presentation/get", #"{"controller":"M"}"#, name: "get"),
      request("presentation/dismiss", #"{"controller":"M","animated":false}"#, name: "dismiss"),
      request("presentation/get", #"{"controller":"M"}"#, name: "after"),
    ].joined(separator: "\n") + "\n"
  }

  /// The present's and the dismissal's events, short, and every response by id.
  static func run(_ transport: Transport, style: String) throws -> (
    present: [String], dismiss: [String], responses: [String: JSONValue]
  ) {
    let lines = try transport.exchange(requests(style: style))
    var responses: [String: JSONValue] = [:]
    var present: [String] = []
    var dismiss: [String] = []
    var current: String?
    for line in lines {
      let message = json(line)
      if let id = message["id"] {
        let key = id.stringValue ?? "\(id)"
        responses[key] = message
        current = key
        continue
      }
      let text =
        message["method"] == "event/completion"
        ? "completion(\(message["params"]?["of"]?.stringValue ?? ""))" : EventTrace.describe(message)
      // Events come before their request's response: those after nView's response belong to present, those after
      // get's to dismiss.
      if current == "nView" { present.append(text) }
      if current == "get" { dismiss.append(text) }
    }
    return (present, dismiss, responses)
  }

  /// PC-1: overCurrentContext: M alone gets callbacks both ways; N presents, in its context, over its frame.
  @Test(arguments: Transport.allCases)
  func pc1OverCurrentContext(_ transport: Transport) throws {
    let (present, dismiss, responses) = try Self.run(transport, style: "overCurrentContext")
    #expect(
      present == [
        "M.loadView R1", "M.viewDidLoad R1", "M.viewWillAppear R27", "M.viewDidAppear R27", "completion(present)",
      ])
    #expect(dismiss == ["M.viewWillDisappear R27", "M.viewDidDisappear R27", "completion(dismiss)"])
    let get = responses["get"]?["result"]
    #expect(get?["presentingViewController"] == "N")
    #expect(get?["context"] == "N")
    #expect(get?["style"] == "overCurrentContext")
    #expect(responses["nView"]?["result"]?["frameInWindow"]?["width"] == 390)
    #expect(get?["frame"] == responses["nView"]?["result"]?["frameInWindow"])
    #expect(responses["after"]?["result"]?["presentingViewController"] == .null)
  }

  /// PC-2: currentContext: N then A disappear around M's appearance, T nothing; the dismissal mirrors it.
  @Test(arguments: Transport.allCases)
  func pc2CurrentContext(_ transport: Transport) throws {
    let (present, dismiss, responses) = try Self.run(transport, style: "currentContext")
    #expect(
      present == [
        "M.loadView R1", "M.viewDidLoad R1", "N.viewWillDisappear R26", "A.viewWillDisappear R10",
        "M.viewWillAppear R27", "M.viewDidAppear R27", "N.viewDidDisappear R26", "A.viewDidDisappear R10",
        "completion(present)",
      ])
    #expect(
      dismiss == [
        "M.viewWillDisappear R27", "N.viewWillAppear R26", "A.viewWillAppear R10", "N.viewDidAppear R26",
        "A.viewDidAppear R10", "M.viewDidDisappear R27", "completion(dismiss)",
      ])
    #expect(responses["get"]?["result"]?["presentingViewController"] == "N")
    #expect(responses["get"]?["result"]?["frame"] == responses["nView"]?["result"]?["frameInWindow"])
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// Every event names the request whose turn produced it (`request`, Documentation/Protocol.md, "Which request an event
/// came from"): the call's id, `null` for a notification and for another client's turn; in a batch the call that ran,
/// the turn's end naming the last call.
@Suite struct EventRequestTests {
  /// The events of each line of `input`, as `controller.callback request` (or `view.cause request` for offsets).
  private static func requests(_ input: [String], server: RPCServer = RPCServer()) -> [String] {
    let connection = InMemoryConnection(handler: server)
    let output = connection.send(input.joined(separator: "\n") + "\n")
    return output.split(separator: "\n").map { json(String($0)) }.compactMap(Self.describe)
  }

  private static func describe(_ message: JSONValue) -> String? {
    guard let params = message["params"], message["method"] != nil else { return nil }
    let subject = params["controller"]?.stringValue ?? params["view"]?.stringValue ?? "?"
    let what = params["callback"]?.stringValue ?? params["cause"]?.stringValue ?? "?"
    return "\(subject).\(what) \(params["request"]?.encodedString ?? "absent")"
  }

  private static func request(_ id: String, _ method: String, _ params: String) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
  }

  private static func batch(_ elements: [String]) -> String { "[" + elements.joined(separator: ",") + "]" }

  /// One request: every event of its turn, the turn's end (viewIsAppearing, viewDidAppear) included, carries its id,
  /// a string id as a string.
  @Test func aRequestsTurnCarriesItsID() {
    let events = Self.requests([
      Self.request("1", "window/create", #"{"id":"w"}"#),
      Self.request("2", "controller/create", #"{"id":"p"}"#),
      Self.request(#""show""#, "window/setRoot", #"{"window":"w","controller":"p"}"#),
    ])
    #expect(
      events == [
        #"p.loadView "show""#, #"p.viewDidLoad "show""#, #"p.viewWillAppear "show""#, #"p.viewIsAppearing "show""#,
        #"p.viewDidAppear "show""#,
      ])
  }

  /// A notification's events carry `request` null.
  @Test func aNotificationsEventsCarryNull() {
    let events = Self.requests([
      Self.request("1", "window/create", #"{"id":"w"}"#),
      Self.request("2", "controller/create", #"{"id":"p"}"#),
      #"{"jsonrpc":"2.0","method":"window/setRoot","params":{"window":"w","controller":"p"}}"#,
    ])
    #expect(events.count == 5)
    #expect(events.allSatisfy { $0.hasSuffix(" null") })
  }

  /// A batch: the events of each call name it; the turn's end (viewIsAppearing and viewDidAppear, after every call
  /// ran) names the batch's last call.
  @Test func aBatchNamesTheCallThatRanAndTheTurnsEndTheLastCall() {
    let batch = Self.batch([
      Self.request("1", "window/create", #"{"id":"w"}"#),
      Self.request("2", "controller/create", #"{"id":"p"}"#),
      Self.request("3", "window/setRoot", #"{"window":"w","controller":"p"}"#),
      #"{"jsonrpc":"2.0","id":4,"method":"daemon/ping"}"#,
    ])
    #expect(
      Self.requests([batch]) == [
        "p.loadView 3", "p.viewDidLoad 3", "p.viewWillAppear 3", "p.viewIsAppearing 4", "p.viewDidAppear 4",
      ])
  }

  /// A batch whose last element is invalid: the turn's end names the last valid call.
  @Test func anInvalidLastElementIsSkipped() {
    let batch = Self.batch([
      Self.request("1", "window/create", #"{"id":"w"}"#),
      Self.request("2", "controller/create", #"{"id":"p"}"#),
      Self.request("3", "window/setRoot", #"{"window":"w","controller":"p"}"#),
      #"{"id":9}"#,
    ])
    #expect(
      Self.requests([batch]) == [
        "p.loadView 3", "p.viewDidLoad 3", "p.viewWillAppear 3", "p.viewIsAppearing 3", "p.viewDidAppear 3",
      ])
  }

  /// A batch whose last call is refused: the turn's end names the last call that ran, not the refused one (which
  /// emits nothing).
  @Test func aRefusedLastCallIsSkipped() {
    let batch = Self.batch([
      Self.request("1", "window/create", #"{"id":"w"}"#),
      Self.request("2", "controller/create", #"{"id":"p"}"#),
      Self.request("3", "window/setRoot", #"{"window":"w","controller":"p"}"#),
      Self.request("4", "controller/get", #"{"controller":"nope"}"#),
    ])
    #expect(
      Self.requests([batch]) == [
        "p.loadView 3", "p.viewDidLoad 3", "p.viewWillAppear 3", "p.viewIsAppearing 3", "p.viewDidAppear 3",
      ])
  }

  /// A manual clock: an animation's frames belong to the `clock/advance` that runs them.
  @Test func clockAdvanceNamesItsOwnID() {
    let events = Self.requests([
      Self.request("1", "clock/configure", #"{"mode":"manual"}"#),
      Self.request("2", "events/subscribe", #"{"kinds":["offset"]}"#),
      Self.request("3", "view/create", #"{"id":"s","kind":"UIScrollView"}"#),
      Self.request(
        "4", "view/configure",
        #"{"view":"s","frame":{"x":0,"y":0,"width":100,"height":100},"contentSize":{"width":100,"height":1000}}"#),
      Self.request("5", "scroll/setContentOffset", #"{"view":"s","offset":{"x":0,"y":100},"animated":true}"#),
      Self.request("6", "clock/advance", #"{"ms":50}"#),
    ])
    #expect(events == ["s.animation 6", "s.animation 6", "s.animation 6"])
  }

  /// Another client of the same world receives the events of this client's turn with `request` null: the id is
  /// this client's.
  @Test func anotherClientSeesNull() {
    final class Collector: MessageSink {
      var messages: [JSONValue] = []
      func send(_ message: JSONValue, framing: Framing) { messages.append(message) }
    }
    let world = World(engine: Engine())
    let first = RPCServer(joining: world, configuration: ServerConfiguration())
    let second = RPCServer(joining: world, configuration: ServerConfiguration())
    let watcher = Collector()
    world.attach(first, sink: MessageWriter())
    world.attach(second, sink: watcher)
    let own = Self.requests(
      [
        Self.request("1", "window/create", #"{"id":"w"}"#),
        Self.request("2", "controller/create", #"{"id":"p"}"#),
        Self.request("3", "window/setRoot", #"{"window":"w","controller":"p"}"#),
      ], server: first)
    #expect(own.allSatisfy { $0.hasSuffix(" 3") } && own.count == 5)
    let seen = watcher.messages.compactMap(Self.describe)
    #expect(
      seen == [
        "p.loadView null", "p.viewDidLoad null", "p.viewWillAppear null", "p.viewIsAppearing null",
        "p.viewDidAppear null",
      ])
  }
}

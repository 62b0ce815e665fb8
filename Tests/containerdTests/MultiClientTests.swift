import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// `serve --listen unix:PATH` and `connect`: one world, several clients (Documentation/Overview.md, multi-client).
@Suite struct MultiClientTests {
  /// A socket path in a fresh temporary directory, and the served daemon once the socket exists.
  private func serve() throws -> (InteractiveDaemon, String) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("world-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("world.sock").path
    let daemon = try InteractiveDaemon(["serve", "--listen", "unix:\(path)"])
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: path) && Date() < deadline { usleep(10_000) }
    return (daemon, path)
  }

  private func request(_ id: Int, _ method: String, _ params: String = "{}") -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"# + "\n"
  }

  /// A watcher sees the events of another client's calls, numbered by its own subscription; each client gets only
  /// its own replies; a client that disconnects mid-message runs nothing, one that disconnects after a whole call
  /// has it run; `daemon/shutdown` from any client stops the daemon with status 0.
  @Test func twoClientsShareOneWorld() throws {
    let (served, path) = try serve()
    let watcher = try InteractiveDaemon(["connect", "unix:\(path)"])
    try watcher.write(request(1, "events/subscribe", #"{"kinds":["lifecycle"]}"#))
    #expect(watcher.readLine() == #"{"id":1,"jsonrpc":"2.0","result":{}}"#)

    let driver = try InteractiveDaemon(["connect", "unix:\(path)"])
    try driver.write(request(1, "window/create", #"{"id":"w"}"#))
    #expect(driver.readLine() == #"{"id":1,"jsonrpc":"2.0","result":{"id":"w"}}"#)
    try driver.write(request(2, "controller/create", #"{"id":"vc"}"#))
    #expect(driver.readLine() == #"{"id":2,"jsonrpc":"2.0","result":{"id":"vc","view":"vc.view"}}"#)
    try driver.write(request(3, "window/setRoot", #"{"window":"w","controller":"vc"}"#))
    var driverLines: [String] = []
    while let line = driver.readLine(timeout: 5) {
      driverLines.append(line)
      if line.contains(#""id":3"#) { break }
    }
    #expect(driverLines.count == 6)  // its own default lifecycle subscription: 5 events, then the reply
    var watched: [JSONValue] = []
    for _ in 0..<5 { if let line = watcher.readLine(timeout: 5) { watched.append(json(line)) } }
    #expect(
      watched.map { $0["params"]?["callback"] } == [
        "loadView", "viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewDidAppear",
      ])
    #expect(watched.map { $0["params"]?["seq"] } == [1, 2, 3, 4, 5])
    #expect(try driver.close() == 0)

    // Gone mid-message: the partial text never runs.
    let partial = try InteractiveDaemon(["connect", "unix:\(path)"])
    try partial.write(#"{"jsonrpc":"2.0","id":1,"method":"controller/create","params":{"id":"half""#)
    #expect(try partial.close() == 0)
    // Gone right after a whole call: it runs, nobody reads the reply.
    let hasty = try InteractiveDaemon(["connect", "unix:\(path)"])
    try hasty.write(request(1, "controller/create", #"{"id":"late"}"#))
    _ = try hasty.close()

    try watcher.write(request(2, "controller/get", #"{"controller":"late"}"#))
    #expect(watcher.readLine()?.contains(#""id":"late""#) == true)
    try watcher.write(request(3, "controller/get", #"{"controller":"half"}"#))
    #expect(watcher.readLine()?.contains(#""code":-32000"#) == true)
    try watcher.write(request(4, "daemon/shutdown"))
    #expect(watcher.readLine() == #"{"id":4,"jsonrpc":"2.0","result":{}}"#)
    #expect(try watcher.close() == 0)
    #expect(try served.close() == 0)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  /// A second `serve --listen` on a socket a running daemon accepts on refuses with status 1 and leaves the first
  /// daemon reachable with its world; once the first has stopped, its path is free again.
  @Test func aSecondDaemonDoesNotTakeALiveSocket() throws {
    let (served, path) = try serve()
    let client = try InteractiveDaemon(["connect", "unix:\(path)"])
    try client.write(request(1, "controller/create", #"{"id":"first"}"#))
    #expect(client.readLine()?.contains(#""id":"first""#) == true)

    let second = try DaemonBinary.run(["serve", "--listen", "unix:\(path)"], input: "")
    #expect(second.status == 1)
    #expect(second.errorText.contains("a running daemon already listens there"))

    try client.write(request(2, "controller/get", #"{"controller":"first"}"#))
    #expect(client.readLine()?.contains(#""id":"first""#) == true)
    try client.write(request(3, "daemon/shutdown"))
    #expect(client.readLine() == #"{"id":3,"jsonrpc":"2.0","result":{}}"#)
    #expect(try client.close() == 0)
    #expect(try served.close() == 0)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  /// `connect` to a socket nobody serves fails with status 1.
  @Test func connectingToNothingFails() throws {
    let output = try DaemonBinary.run(["connect", "unix:/nonexistent/world.sock"], input: "")
    #expect(output.status == 1)
    #expect(output.errorText.contains("cannot reach unix:/nonexistent/world.sock: No such file or directory"))
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// `serve --listen` and `connect` with clients that do not read, long pipelines, too few descriptors, a path that is
/// not a socket and a daemon that dies (Documentation/Overview.md, "Several clients on one world"), on live sockets.
@Suite struct SocketServerTests {
  /// A fresh socket path, the served daemon once the socket exists, and the file its stderr goes to.
  private func serve(_ extra: [String] = []) throws -> (daemon: InteractiveDaemon, path: String, log: URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sockets-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("world.sock").path
    let log = directory.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let daemon = try InteractiveDaemon(
      ["serve", "--listen", "unix:\(path)"] + extra, standardError: try FileHandle(forWritingTo: log))
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: path) && Date() < deadline { usleep(10_000) }
    return (daemon, path, log)
  }

  private static func request(_ id: Int, _ method: String, _ params: String = "{}") -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"# + "\n"
  }

  /// Waits until the log holds `text` (deadline: a hang fails the test); returns the log.
  private static func waitForLog(_ log: URL, containing text: String, timeout: Double = 20) -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var content = ""
    repeat {
      content = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      if content.contains(text) { break }
      usleep(20_000)
    } while Date() < deadline
    return content
  }

  /// A client that connects, takes its first reply and then never reads: once more than `--max-client-backlog` of
  /// other clients' events is queued for it, it is disconnected and the log says so; the client driving the world
  /// gets every reply meanwhile, and new clients are served. Before, the daemon blocked writing to the passive client
  /// once its socket was full (about 200 KB), and every client waited.
  @Test func aClientThatNeverReadsIsDisconnected() throws {
    let (served, path, log) = try serve(["--max-client-backlog", "65536"])
    let passive = try SocketClient(path: path)
    try passive.send(Self.request(1, "daemon/ping"))
    #expect(passive.readLine() == #"{"id":1,"jsonrpc":"2.0","result":{"pong":true}}"#)

    let driver = try SocketClient(path: path)
    try driver.send(
      Self.request(1, "events/unsubscribe", #"{"kinds":["lifecycle"]}"#)
        + Self.request(2, "window/create", #"{"id":"w"}"#)
        + Self.request(3, "controller/create", #"{"id":"a"}"#) + Self.request(4, "controller/create", #"{"id":"b"}"#))
    for id in 1...4 { #expect(driver.readLine()?.hasPrefix(#"{"id":\#(id),"#) == true) }
    // 1,000 root changes: each sends the passive client about 1 KB of lifecycle events (about 1 MB in all).
    var answered = 0
    sending: for group in 0..<20 {
      let requests = (0..<50).map { index in
        let id = 100 + group * 50 + index
        return Self.request(id, "window/setRoot", #"{"window":"w","controller":"\#(id % 2 == 0 ? "a" : "b")"}"#)
      }
      try driver.send(requests.joined())
      for index in 0..<50 {
        guard let line = driver.readLine() else { break sending }  // the daemon is stuck
        if line == #"{"id":\#(100 + group * 50 + index),"jsonrpc":"2.0","result":{}}"# { answered += 1 }
      }
    }
    #expect(answered == 1000)
    let text = Self.waitForLog(log, containing: "client 1 disconnected")
    #expect(text.contains("client 1 disconnected: "))
    #expect(text.contains("bytes of output unread, over --max-client-backlog 65536"))
    // The passive client finds its connection closed once it reads what was queued.
    #expect(passive.readToEnd() == true)

    let late = try SocketClient(path: path)
    try late.send(Self.request(1, "controller/get", #"{"controller":"b"}"#))
    #expect(late.readLine()?.contains(#""id":"b""#) == true)
    try late.send(Self.request(2, "daemon/shutdown"))
    #expect(late.readLine() == #"{"id":2,"jsonrpc":"2.0","result":{}}"#)
    #expect(served.waitForExit() == 0)
  }

  /// `connect` with a pipeline of 20,000 `daemon/info` calls written at once (1 MB in, 6.7 MB out): it reads replies
  /// while it writes requests, so every reply arrives, in order. Before, it blocked writing requests to a daemon that
  /// was blocked writing replies it did not read: 64 KiB arrived, then nothing.
  @Test func connectCarriesALongPipelineBothWays() throws {
    let (served, path, _) = try serve()
    let client = try InteractiveDaemon(["connect", "unix:\(path)"])
    try client.write(Self.request(0, "daemon/info"))
    let template = try #require(client.readLine())
    let count = 20_000
    var input = ""
    var expected = ""
    for id in 1...count {
      input += #"{"jsonrpc":"2.0","id":\#(id),"method":"daemon/info"}"# + "\n"
      expected += template.replacingOccurrences(of: #"{"id":0,"#, with: #"{"id":\#(id),"#) + "\n"
    }
    #expect(expected.utf8.count > 6_000_000)
    let output = client.exchange(Array(input.utf8)[...], readingCount: expected.utf8.count, timeout: 30)
    #expect(output.count == expected.utf8.count)
    #expect(String(decoding: output, as: UTF8.self) == expected)
    try client.write(Self.request(1, "daemon/shutdown"))
    #expect(client.readLine() == #"{"id":1,"jsonrpc":"2.0","result":{}}"#)
    #expect(try client.close() == 0)
    #expect(served.waitForExit() == 0)
  }

  /// With no descriptor left, `accept` fails (EMFILE): the log says so once, the daemon serves the connected clients
  /// (not spinning on the listener), and when one leaves, the waiting connection is accepted and served. Before, the
  /// loop retried `accept` at 100% CPU and said nothing.
  @Test func acceptWithoutDescriptorsWaitsForAClientToLeave() throws {
    let (served, path, log) = try serve()
    // Room for exactly two more descriptors: the lowest free numbers are what accept takes.
    let used = Set(
      try FileManager.default.contentsOfDirectory(atPath: "/proc/\(served.processIdentifier)/fd").compactMap { Int($0) }
    )
    var limit = 0
    var free = 0
    while free < 2 {
      if !used.contains(limit) { free += 1 }
      limit += 1
    }
    let prlimit = Process()
    prlimit.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
    prlimit.arguments = ["--pid", "\(served.processIdentifier)", "--nofile=\(limit):\(limit)"]
    try prlimit.run()
    prlimit.waitUntilExit()
    try #require(prlimit.terminationStatus == 0)

    let first = try SocketClient(path: path)
    try first.send(Self.request(1, "daemon/ping"))
    #expect(first.readLine() == #"{"id":1,"jsonrpc":"2.0","result":{"pong":true}}"#)
    let second = try SocketClient(path: path)
    try second.send(Self.request(1, "daemon/ping"))
    #expect(second.readLine() == #"{"id":1,"jsonrpc":"2.0","result":{"pong":true}}"#)
    // The third waits in the listen queue.
    let third = try SocketClient(path: path)
    try third.send(Self.request(7, "daemon/ping"))
    let text = Self.waitForLog(log, containing: "accept: no descriptor left")
    #expect(
      text.contains(
        "accept: no descriptor left (EMFILE, 2 clients connected); new connections wait until a client leaves"))
    try second.send(Self.request(2, "daemon/ping"))
    #expect(second.readLine() == #"{"id":2,"jsonrpc":"2.0","result":{"pong":true}}"#)
    first.close()
    #expect(third.readLine() == #"{"id":7,"jsonrpc":"2.0","result":{"pong":true}}"#)
    try third.send(Self.request(8, "daemon/shutdown"))
    #expect(third.readLine() == #"{"id":8,"jsonrpc":"2.0","result":{}}"#)
    #expect(served.waitForExit() == 0)
    // Logged once for the shortage, not once per retry.
    let final = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    #expect(final.components(separatedBy: "accept: no descriptor left").count == 2)
  }

  /// `serve --listen` on a path holding a regular file refuses (status 1, as for a live socket) and leaves the file
  /// as it was. Before, it deleted the file and served there.
  @Test func aRegularFileAtThePathIsLeftAlone() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sockets-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("notes.txt").path
    try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: path))
    let log = directory.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let daemon = try InteractiveDaemon(
      ["serve", "--listen", "unix:\(path)"], standardError: try FileHandle(forWritingTo: log))
    #expect(daemon.waitForExit(timeout: 20) == 1)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me\n")
    #expect(
      try String(contentsOf: log, encoding: .utf8).contains(
        "cannot listen on \(path): it exists and is not a socket (only a stale socket is replaced)"))
  }

  /// `connect` whose daemon is killed exits 3 and says why on stderr; before, it exited 0 as if the daemon had
  /// stopped. One whose daemon stops (`daemon/shutdown` from another client) still exits 0.
  @Test func connectReportsADaemonThatDied() throws {
    let (served, path, _) = try serve()
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
    let log = directory.appendingPathComponent("connect-stderr")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let client = try InteractiveDaemon(["connect", "unix:\(path)"], standardError: try FileHandle(forWritingTo: log))
    try client.write(Self.request(1, "daemon/ping"))
    #expect(client.readLine() == #"{"id":1,"jsonrpc":"2.0","result":{"pong":true}}"#)
    served.signal(SIGKILL)
    #expect(client.waitForExit(timeout: 20) == 3)
    #expect(
      Self.waitForLog(log, containing: "containerd connect").contains(
        "containerd connect: the daemon at unix:\(path) closed the connection: it is no longer running"))

    // A daemon that stops: the other client's connect exits 0.
    let (stopping, secondPath, _) = try serve()
    let watcher = try InteractiveDaemon(["connect", "unix:\(secondPath)"])
    try watcher.write(Self.request(1, "daemon/ping"))
    #expect(watcher.readLine() == #"{"id":1,"jsonrpc":"2.0","result":{"pong":true}}"#)
    let stopper = try SocketClient(path: secondPath)
    try stopper.send(Self.request(1, "daemon/shutdown"))
    #expect(stopper.readLine() == #"{"id":1,"jsonrpc":"2.0","result":{}}"#)
    #expect(watcher.waitForExit(timeout: 20) == 0)
    #expect(stopping.waitForExit() == 0)
  }

  /// The socket path appears only once the daemon listens: a client that connects the moment the file exists is
  /// accepted every time, and no staging file is left beside it. Before, the path was bound a moment before
  /// `listen`, and a fast client got ECONNREFUSED (a CI run failed on it).
  @Test func theSocketPathAppearsOnlyOnceItAccepts() throws {
    for attempt in 0..<20 {
      let (served, path, _) = try serve()
      let client = try SocketClient(path: path)
      try client.send(Self.request(attempt, "daemon/shutdown"))
      #expect(client.readLine() == #"{"id":\#(attempt),"jsonrpc":"2.0","result":{}}"#)
      #expect(served.waitForExit() == 0)
      let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["stderr"])
    }
  }
}

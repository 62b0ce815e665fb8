import Foundation
import Testing

@testable import ContainerClient

#if canImport(Glibc)
  import Glibc
#endif

/// Finding, proving and stopping the daemon; attaching to a served one.
@Suite struct ClientLaunchTests {
  /// A program called `containerd` that prints a version line and waits (as Docker's container runtime would) is
  /// refused when the proof's timeout passes, named in the error, and stopped and reaped: no process is left. (The
  /// time it takes is not asserted: with every suite running at once, tasks may wait long for a thread.)
  @Test func aBinaryThatIsNotThisDaemonIsRefused() async throws {
    let pidFile = try TestDaemon.temporaryDirectory().appendingPathComponent("pid")
    let fake = try TestDaemon.script(
      "echo $$ > '\(pidFile.path)'\necho 'containerd github.com/containerd/containerd v1.7.2' >&2\nexec sleep 600")
    let error = try await #require(throws: ContainerClientError.self) {
      try await ContainerClient.launch(.path(fake), proofTimeout: 1)
    }
    guard case .notThisDaemon(let binary, let reason, let stderr) = error else {
      Issue.record("expected notThisDaemon, got \(error)")
      return
    }
    #expect(binary == fake.path)
    #expect(reason == "no answer to daemon/info within 1.0 s")
    #expect(stderr.contains("containerd github.com/containerd/containerd v1.7.2"))
    #expect("\(error)".contains(fake.path))
    let pid = try #require(
      Int32(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(kill(pid, 0) == -1 && errno == ESRCH)
  }

  /// A program that prints something other than JSON-RPC on stdout is refused at once, saying so.
  @Test func aBinaryThatPrintsTextIsRefused() async throws {
    let fake = try TestDaemon.script("echo 'containerd github.com/containerd/containerd v1.7.2'\nexec sleep 30")
    let error = try await #require(throws: ContainerClientError.self) {
      try await ContainerClient.launch(.path(fake), proofTimeout: 5)
    }
    guard case .notThisDaemon(_, let reason, _) = error else {
      Issue.record("expected notThisDaemon, got \(error)")
      return
    }
    #expect(reason.hasPrefix("its output is not JSON-RPC"))
  }

  /// A JSON-RPC server with another name, or this name and another protocol version, is refused.
  @Test(arguments: [
    (#"{"name":"other","protocolVersion":1}"#, "daemon/info names other, not containerd"),
    (#"{"name":"containerd","protocolVersion":2}"#, "protocol version 2, this client speaks 1"),
  ])
  func anotherServerIsRefused(_ info: String, _ reason: String) async throws {
    let fake = try TestDaemon.script(
      "read line\necho '{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\(info)}'\nexec sleep 30")
    let error = try await #require(throws: ContainerClientError.self) {
      try await ContainerClient.launch(.path(fake), proofTimeout: 5)
    }
    #expect(error == .notThisDaemon(binary: fake.path, reason: reason, stderr: ""))
  }

  /// A binary that exits at once: the error says it ended and carries its stderr.
  @Test func aBinaryThatExitsIsRefusedWithItsStderr() async throws {
    let fake = try TestDaemon.script("echo 'cannot start: no such thing' >&2\nexit 3")
    let error = try await #require(throws: ContainerClientError.self) {
      try await ContainerClient.launch(.path(fake), proofTimeout: 5)
    }
    guard case .notThisDaemon(_, let reason, let stderr) = error else {
      Issue.record("expected notThisDaemon, got \(error)")
      return
    }
    #expect(reason.hasPrefix("it ended before answering daemon/info"))
    #expect(stderr == "cannot start: no such thing\n")
  }

  /// No binary: the error lists every place tried, in order.
  @Test func aMissingBinaryListsWhatWasTried() throws {
    let directory = try TestDaemon.temporaryDirectory().appendingPathComponent("a/b")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let error = #expect(throws: ContainerClientError.self) {
      try DaemonLocation.automatic.resolve(environment: ["CONTAINERD_BINARY": "/nowhere/containerd"], from: directory)
    }
    guard case .binaryNotFound(let tried)? = error else {
      Issue.record("expected binaryNotFound")
      return
    }
    #expect(tried.first == "CONTAINERD_BINARY=/nowhere/containerd")
    #expect(tried[1] == directory.path + "/.build/debug/containerd")
    #expect(tried[2] == directory.path + "/.build/release/containerd")
    #expect(tried.last == "/.build/release/containerd")
    #expect(
      throws: ContainerClientError.binaryNotFound(tried: ["/nowhere/containerd"]),
      performing: { try DaemonLocation.path(URL(fileURLWithPath: "/nowhere/containerd")).resolve() })
  }

  /// `.automatic` finds the binary a package builds from a directory below the package.
  @Test func theBuiltBinaryIsFoundFromBelow() throws {
    let root = try TestDaemon.temporaryDirectory()
    let built = root.appendingPathComponent(".build/release")
    try FileManager.default.createDirectory(at: built, withIntermediateDirectories: true)
    let binary = built.appendingPathComponent("containerd")
    try "#!/bin/sh\n".write(to: binary, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)
    let below = root.appendingPathComponent("examples/Pkg")
    try FileManager.default.createDirectory(at: below, withIntermediateDirectories: true)
    #expect(try DaemonLocation.automatic.resolve(environment: [:], from: below).path == binary.path)
  }

  /// Attached over `serve --listen unix:PATH`: calls and their events work as over stdio, a second client shares
  /// the world, and `daemon/shutdown` stops the server with status 0.
  @Test func attachOverAUnixSocket() async throws {
    let path = try TestDaemon.temporaryDirectory().appendingPathComponent("world.sock").path
    let server = Process()
    server.executableURL = TestDaemon.binary
    server.arguments = ["serve", "--listen", "unix:\(path)"]
    server.standardInput = FileHandle.nullDevice
    server.standardOutput = FileHandle.nullDevice
    server.standardError = FileHandle.nullDevice
    try server.run()
    defer { if server.isRunning { server.terminate() } }
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: path) && Date() < deadline {
      try await Task.sleep(nanoseconds: 10_000_000)
    }

    let driver = try await ContainerClient.attach(socketPath: path)
    #expect(driver.endpoint == "unix:\(path)")
    #expect(await driver.info?.name == "containerd")
    _ = try await driver.call(WindowCreateParams(id: "w"))
    _ = try await driver.call(ControllerCreateParams(id: "vc"))
    let shown = try await driver.call(WindowSetRootParams(window: "w", controller: "vc"))
    #expect(shown.lifecycle(of: "vc").count == 5)

    let other = try await ContainerClient.attach(socketPath: path)
    #expect(try await other.call(ControllerGetParams(controller: "vc")).result.appearance == "appeared")
    #expect(await other.close() == nil)

    _ = try await driver.shutdown()
    let exited = Date().addingTimeInterval(10)
    while server.isRunning && Date() < exited { try await Task.sleep(nanoseconds: 10_000_000) }
    #expect(!server.isRunning)
    #expect(server.terminationStatus == 0)
  }

  /// Nobody serving the socket: a clear error naming it.
  @Test func attachingToNothingSaysSo() async throws {
    let path = try TestDaemon.temporaryDirectory().appendingPathComponent("none.sock").path
    let error = try await #require(throws: ContainerClientError.self) {
      try await ContainerClient.attach(socketPath: path)
    }
    #expect(error == .socket(path: path, reason: "No such file or directory"))
  }

  /// ETXTBSY (a fake daemon written a moment ago, still open for writing in a child another test forked) is retried:
  /// Foundation reports it as NSCocoaErrorDomain 256 with the POSIX error underneath, and so is it recognised.
  @Test func textFileBusyIsRecognisedUnderFoundationsError() {
    let posix = NSError(domain: NSPOSIXErrorDomain, code: Int(ETXTBSY))
    let wrapped = NSError(domain: NSCocoaErrorDomain, code: 256, userInfo: [NSUnderlyingErrorKey: posix])
    #expect(DaemonProcess.isTextFileBusy(posix))
    #expect(DaemonProcess.isTextFileBusy(wrapped))
    #expect(!DaemonProcess.isTextFileBusy(NSError(domain: NSCocoaErrorDomain, code: 256)))
    #expect(!DaemonProcess.isTextFileBusy(NSError(domain: NSPOSIXErrorDomain, code: Int(ENOENT))))
  }
}

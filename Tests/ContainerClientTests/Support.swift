import ContainerClient
import Foundation

/// The daemon the tests drive: `CONTAINERD_BINARY`, else the one built next to the test bundle.
enum TestDaemon {
  static var binary: URL {
    if let named = ProcessInfo.processInfo.environment["CONTAINERD_BINARY"], !named.isEmpty {
      return URL(fileURLWithPath: named)
    }
    var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    while directory.pathExtension == "xctest" { directory = directory.deletingLastPathComponent() }
    return directory.appendingPathComponent("containerd")
  }

  static func launch(_ arguments: [String] = []) async throws -> ContainerClient {
    try await ContainerClient.launch(.path(binary), arguments: arguments)
  }

  /// A fresh temporary directory.
  static func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("client-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// An executable shell script in a fresh directory.
  static func script(_ body: String, name: String = "containerd") throws -> URL {
    let url = try temporaryDirectory().appendingPathComponent(name)
    try ("#!/bin/sh\n" + body + "\n").write(to: url, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    return url
  }
}

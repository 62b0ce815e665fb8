import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// `world/render` through the built binary, drawn by a headless browser (``HeadlessBrowser``: `chromium-headless-shell`,
/// installed by `scripts/ensure-deps --tests`), and the screenshot's pixels counted by `Tests/Tools/png_ink.py`.
@Suite struct RenderTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Runs `requests` (one JSON-RPC line each) through the daemon; the last must be a `world/render`; returns its SVG.
  private func render(_ requests: [String]) throws -> String {
    let output = try DaemonBinary.run(input: requests.joined(separator: "\n") + "\n")
    let reply = json(try #require(output.lines.last))
    return try #require(reply["result"]?["svg"]?.stringValue)
  }

  /// Screenshots `svg` at 390×844 in the headless browser; returns how many pixels are inked (not near white).
  private func inkedPixels(_ svg: String) throws -> Int {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let svgURL = directory.appendingPathComponent("world.svg")
    let pngURL = directory.appendingPathComponent("world.png")
    try svg.write(to: svgURL, atomically: true, encoding: .utf8)
    try HeadlessBrowser.screenshot(of: svgURL, to: pngURL, width: 390, height: 844)
    let stats = json(
      try run("/usr/bin/python3", [Self.root.appendingPathComponent("Tests/Tools/png_ink.py").path, pngURL.path]))
    #expect(stats["width"] == 390 && stats["height"] == 844)
    return Int(try #require(stats["inked"]?.intValue))
  }

  @discardableResult
  private func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(executable) failed")
    return String(decoding: data, as: UTF8.self)
  }

  /// Seed 002's screen (a UITableViewController with a toast and a focused field, the keyboard up) renders to a
  /// picture a browser draws: mostly inked (the table, its cells, the keyboard), while an empty window is almost
  /// blank (only the dashed safe-area outline).
  @Test func aBrowserDrawsTheWireframe() throws {
    let scene = try String(
      contentsOf: Self.root.appendingPathComponent("clients/transcripts/seed002-toast-keyboard.jsonl"), encoding: .utf8)
    let firstHalf = scene.split(separator: "\n").prefix { !$0.contains("keyboard/hide") }.map(String.init)
    let svg = try render(firstHalf + [#"{"jsonrpc":"2.0","id":"r","method":"world/render","params":{"window":"win"}}"#])
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"390\" height=\"844\""))
    #expect(svg.contains("<g id=\"toast\" data-kind=\"UILabel\">"))
    #expect(svg.contains("<g id=\"keyboard\">"))
    #expect(try inkedPixels(svg) > 390 * 844 / 2)
    let empty = try render([
      #"{"jsonrpc":"2.0","id":1,"method":"window/create","params":{"id":"w"}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"world/render","params":{"window":"w"}}"#,
    ])
    #expect(try inkedPixels(empty) < 390 * 844 / 50)
  }
}

public import Foundation

/// A real browser for the tests that check what a person would see: Debian's `chromium-headless-shell` (installed by
/// `scripts/ensure-deps --tests`), or `chromium` when only that is installed. It loads a file (an SVG wireframe, an
/// HTML timeline), runs its scripts, and either prints the DOM it ended with or writes a PNG screenshot.
public enum HeadlessBrowser {
  /// A browser run that failed (not found, non-zero exit, or no output).
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// The browser's path: `CONTAINERD_BROWSER`, else the first of Debian's headless shell and chromium that exists.
  public static var executable: String? {
    if let named = ProcessInfo.processInfo.environment["CONTAINERD_BROWSER"], !named.isEmpty { return named }
    let candidates = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser"]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// The flags every run takes: no sandbox (tests run as root in CI), no GPU, a fixed window, and virtual time so
  /// that the page's scripts finish before the DOM is read or the picture taken.
  static func commonArguments(width: Int, height: Int) -> [String] {
    [
      "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
      "--window-size=\(width),\(height)", "--virtual-time-budget=5000",
    ]
  }

  /// The serialized DOM of `file` after its scripts ran (`--dump-dom`).
  public static func dumpDOM(of file: URL, width: Int = 1280, height: Int = 900) throws -> String {
    let output = try run(commonArguments(width: width, height: height) + ["--dump-dom", file.absoluteString])
    guard !output.isEmpty else { throw Failure(description: "the browser printed no DOM for \(file.path)") }
    return String(decoding: output, as: UTF8.self)
  }

  /// Writes a PNG screenshot of `file` at `width`×`height` to `png`.
  public static func screenshot(of file: URL, to png: URL, width: Int, height: Int) throws {
    try? FileManager.default.removeItem(at: png)
    _ = try run(commonArguments(width: width, height: height) + ["--screenshot=\(png.path)", file.absoluteString])
    guard FileManager.default.fileExists(atPath: png.path) else {
      throw Failure(description: "the browser wrote no screenshot of \(file.path)")
    }
  }

  /// Runs the browser with `arguments`; returns its stdout (stderr, which carries its own logging, is dropped).
  static func run(_ arguments: [String]) throws -> Data {
    guard let executable else {
      throw Failure(description: "no headless browser: run scripts/ensure-deps --tests (chromium-headless-shell)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "\(executable) exited with \(process.terminationStatus)")
    }
    return data
  }
}

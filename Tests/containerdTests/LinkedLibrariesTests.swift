import ContainerRPCTestSupport
import Foundation
import Testing

#if os(Linux)
  /// The built daemon links no full Foundation: libFoundation.so, libFoundationInternationalization.so and the ICU
  /// data they pull in (lib_FoundationICU.so) cost a few milliseconds of loading and relocation at every start, more
  /// than the rest of the cold start together (Documentation/Benchmarks.md, "Issue 26: cold start without Foundation"). FoundationEssentials,
  /// which swift-argument-parser brings, is allowed: it needs no ICU.
  @Suite struct LinkedLibrariesTests {
    /// The libraries the executable must not load.
    static let forbidden: Set<String> = [
      "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
    ]

    /// `ldd` (every library the loader maps, dependencies of dependencies too) or, without it, `readelf -d` (the
    /// executable's own NEEDED entries); nil when neither is on PATH.
    static let tool: (path: String, arguments: [String])? = {
      let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
      for (name, arguments) in [("ldd", [String]()), ("readelf", ["-d"])] {
        for directory in directories where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
          return ("\(directory)/\(name)", arguments)
        }
      }
      return nil
    }()

    @Test(.enabled(if: tool != nil, "neither ldd nor readelf is on PATH: the linked libraries cannot be read"))
    func theDaemonLinksNoFullFoundation() throws {
      let libraries = try Self.linkedLibraries(of: DaemonBinary.path)
      // The listing was read: the Swift runtime is always there.
      #expect(libraries.contains("libswiftCore.so"), "no libswiftCore.so among \(libraries.sorted())")
      let linked = libraries.intersection(Self.forbidden)
      #expect(
        linked.isEmpty,
        "\(DaemonBinary.path) links \(linked.sorted().joined(separator: ", ")): some file of the executable or of a library it links imports Foundation (use Glibc or FoundationEssentials)"
      )
    }

    /// The names of the libraries `binary` links, as `tool` lists them.
    static func linkedLibraries(of binary: String) throws -> Set<String> {
      let (path, arguments) = try #require(tool)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: path)
      process.arguments = arguments + [binary]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      try #require(process.terminationStatus == 0, "\(path) \(binary) exited with \(process.terminationStatus)")
      var names: Set<String> = []
      for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        if arguments.isEmpty {
          // ldd: "\tlibFoundation.so => /usr/lib/swift/linux/libFoundation.so (0x…)"
          if let name = line.split(whereSeparator: \.isWhitespace).first { names.insert(String(name)) }
        } else if line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") {
          // readelf -d: " 0x0000000000000001 (NEEDED)  Shared library: [libFoundation.so]"
          names.insert(String(line[line.index(after: open)..<close]))
        }
      }
      return names
    }
  }
#endif

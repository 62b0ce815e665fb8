// swift-tools-version:6.1
import PackageDescription

let upcomingFeatures: [SwiftSetting] = [
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("ExistentialAny"),
]

/// The layers, bottom up (Documentation/Modules.md has the picture). Each target lists only what it may use, so the
/// compiler keeps the arrows: the engine depends on nothing, only ContainerJSON sees jansson, the protocol knows no
/// I/O, the transport no engine, and the server (ContainerRPC) maps the wire onto the engine.
let package = Package(
  name: "containerd",
  products: [
    .executable(name: "containerd", targets: ["containerd"]),
    .library(name: "ContainerRPC", targets: ["ContainerRPC"]),
    .library(name: "ContainerEngine", targets: ["ContainerEngine"]),
    .library(name: "ContainerClient", targets: ["ContainerClient"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
  ],
  targets: [
    // MARK: - CJansson

    /// jansson, the C JSON library; only ContainerJSON imports it.
    .systemLibrary(
      name: "CJansson",
      pkgConfig: "jansson",
      providers: [.apt(["libjansson-dev"]), .brew(["jansson"])]
    ),

    // MARK: - ContainerEngine

    /// The headless UIKit model: controllers, views, appearance, containers, scroll physics, tables, layout. No
    /// dependencies at all (no JSON, no protocol, no Foundation; Glibc for its math functions only).
    .target(
      name: "ContainerEngine",
      dependencies: [],
      swiftSettings: upcomingFeatures
    ),
    .testTarget(
      name: "ContainerEngineTests",
      dependencies: ["ContainerEngine"],
      swiftSettings: upcomingFeatures
    ),

    // MARK: - ContainerJSON

    /// JSON values, parsed by jansson and encoded by their own writer (byte for byte what jansson writes).
    .target(
      name: "ContainerJSON",
      dependencies: ["CJansson"],
      swiftSettings: upcomingFeatures
    ),
    .testTarget(
      name: "ContainerJSONTests",
      dependencies: ["ContainerJSON"],
      swiftSettings: upcomingFeatures
    ),

    // MARK: - ContainerProtocol

    /// The wire vocabulary: messages, errors, the method registry and schemas, event kinds. No I/O.
    .target(
      name: "ContainerProtocol",
      dependencies: ["ContainerJSON", "ContainerEngine"],
      swiftSettings: upcomingFeatures
    ),
    .testTarget(
      name: "ContainerProtocolTests",
      dependencies: ["ContainerProtocol", "ContainerJSON"],
      swiftSettings: upcomingFeatures
    ),

    // MARK: - ContainerTransport

    /// Bytes ⇄ messages: framing, the connection pump, stdio and the Unix socket server. No engine.
    .target(
      name: "ContainerTransport",
      dependencies: ["ContainerProtocol", "ContainerJSON"],
      swiftSettings: upcomingFeatures
    ),
    .testTarget(
      name: "ContainerTransportTests",
      dependencies: ["ContainerTransport", "ContainerProtocol", "ContainerJSON"],
      swiftSettings: upcomingFeatures
    ),

    // MARK: - ContainerRPC

    /// The server: typed requests onto engine calls, turns, events, scenes and scenarios.
    .target(
      name: "ContainerRPC",
      dependencies: [
        "ContainerJSON",
        "ContainerProtocol",
        "ContainerTransport",
        "ContainerEngine",
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: upcomingFeatures
    ),
    .testTarget(
      name: "ContainerRPCTests",
      dependencies: ["ContainerRPC", "ContainerRPCTestSupport", "ContainerJSON", "ContainerProtocol", "ContainerTransport", "ContainerEngine"],
      swiftSettings: upcomingFeatures
    ),

    // MARK: - ContainerRPCTestSupport

    /// Shared test doubles: in-memory client, binary runner.
    .target(
      name: "ContainerRPCTestSupport",
      dependencies: ["ContainerRPC", "ContainerJSON", "ContainerProtocol", "ContainerTransport", "ContainerEngine"],
      swiftSettings: upcomingFeatures
    ),

    // MARK: - containerd

    /// The daemon executable: flags, stdout protection, stdio loop.
    .executableTarget(
      name: "containerd",
      dependencies: [
        "ContainerRPC",
        "ContainerJSON",
        "ContainerProtocol",
        "ContainerTransport",
        "ContainerEngine",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: upcomingFeatures
    ),
    .testTarget(
      name: "containerdTests",
      dependencies: ["containerd", "ContainerRPCTestSupport", "ContainerJSON", "ContainerProtocol", "ContainerTransport", "ContainerEngine"],
      swiftSettings: upcomingFeatures
    ),

    // MARK: - ContainerClient

    /// The Swift client library: starts or attaches to the daemon, typed calls (the protocol layer's params), each
    /// call's events, typed events and lifecycle traces for XCTest and Swift Testing.
    .target(
      name: "ContainerClient",
      dependencies: ["ContainerProtocol", "ContainerJSON", "ContainerTransport", "ContainerEngine"],
      swiftSettings: upcomingFeatures
    ),
    .testTarget(
      name: "ContainerClientTests",
      dependencies: ["ContainerClient", "containerd"],
      swiftSettings: upcomingFeatures
    ),

    // MARK: - containerd-fuzz

    /// The libFuzzer target over framing, parsing and dispatch (scripts/fuzz builds it with -sanitize=fuzzer and
    /// -D FUZZING); a normal build makes a replayer of fuzz inputs given as files.
    .executableTarget(
      name: "containerd-fuzz",
      dependencies: [
        "ContainerRPC",
        "ContainerJSON",
        "ContainerProtocol",
        "ContainerTransport",
        "ContainerEngine",
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: upcomingFeatures
    ),
  ],
  swiftLanguageModes: [.v6]
)

// swift-tools-version:6.1
import PackageDescription

let upcomingFeatures: [SwiftSetting] = [
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
  name: "containerd",
  products: [
    .executable(name: "containerd", targets: ["containerd"]),
    .library(name: "ContainerRPC", targets: ["ContainerRPC"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
  ],
  targets: [
    // MARK: - CJansson

    /// jansson, the C JSON library; only `Sources/ContainerRPC/JSON/` imports it.
    .systemLibrary(
      name: "CJansson",
      pkgConfig: "jansson",
      providers: [.apt(["libjansson-dev"])]
    ),

    // MARK: - ContainerRPC

    /// JSON layer, wire protocol, transport, server and the UIKit engine.
    .target(
      name: "ContainerRPC",
      dependencies: [
        "CJansson",
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: upcomingFeatures
    ),
    .testTarget(
      name: "ContainerRPCTests",
      dependencies: ["ContainerRPC", "ContainerRPCTestSupport"],
      swiftSettings: upcomingFeatures
    ),

    // MARK: - ContainerRPCTestSupport

    /// Shared test doubles: in-memory client, binary runner.
    .target(
      name: "ContainerRPCTestSupport",
      dependencies: ["ContainerRPC"],
      swiftSettings: upcomingFeatures
    ),

    // MARK: - containerd

    /// The daemon executable: flags, stdout protection, stdio loop.
    .executableTarget(
      name: "containerd",
      dependencies: [
        "ContainerRPC",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: upcomingFeatures
    ),
    .testTarget(
      name: "containerdTests",
      dependencies: ["containerd", "ContainerRPCTestSupport"],
      swiftSettings: upcomingFeatures
    ),

    // MARK: - containerd-fuzz

    /// The libFuzzer target over framing, parsing and dispatch (scripts/fuzz builds it with -sanitize=fuzzer and
    /// -D FUZZING); a normal build makes a replayer of fuzz inputs given as files.
    .executableTarget(
      name: "containerd-fuzz",
      dependencies: [
        "ContainerRPC",
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: upcomingFeatures
    ),
  ],
  swiftLanguageModes: [.v6]
)

// swift-tools-version:6.1
import PackageDescription

/// Benchmarks of the engine alone, in process, with no JSON: a package of its own so that the main package's
/// `swift build`, tests and CI never build it. `scripts/bench-engine` builds it in release and runs it.
let package = Package(
  name: "containerd-benchmarks",
  dependencies: [
    .package(name: "containerd", path: "..")
  ],
  targets: [
    /// The three issue-9 workloads (100k controllers, visibleRows on 10M rows, flings) as the server drives the
    /// engine, timed without the wire.
    .executableTarget(
      name: "engine-bench",
      dependencies: [.product(name: "ContainerEngine", package: "containerd")],
      swiftSettings: [
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("ExistentialAny"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)

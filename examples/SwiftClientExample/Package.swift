// swift-tools-version:6.1
import Foundation
import PackageDescription

/// An app team's test package using the containerd Swift client: its Swift Testing suite drives seed 001's custom
/// container and seed 003's profile page through the daemon and asserts UIKit's exact callback orders.
///
/// In another repository the dependency is `.package(url: "<containerd's URL>", from: "<version>")` and the product
/// `.product(name: "ContainerClient", package: "containerd")`. Here it is the enclosing checkout, whose package
/// identity is its directory's name (a clone may be called anything), so the manifest reads that name.
let containerd = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("../..").standardizedFileURL.lastPathComponent

let package = Package(
  name: "SwiftClientExample",
  dependencies: [
    .package(path: "../..")
  ],
  targets: [
    .testTarget(
      name: "SwiftClientExampleTests",
      dependencies: [.product(name: "ContainerClient", package: containerd)]
    )
  ],
  swiftLanguageModes: [.v6]
)

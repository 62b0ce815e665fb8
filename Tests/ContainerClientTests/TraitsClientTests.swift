import ContainerClient
import Foundation
import Testing

/// Traits and size classes through the Swift client's typed calls (R60–R67): TR-6 on a Max-size phone — a handler
/// registered for the horizontal class runs right before the controller's traitCollectionDidChange; the window's and
/// the controller's traits read as `TraitsInfo`.
@Suite struct TraitsClientTests {
  @Test func aMaxPhoneRotationThroughTypedCalls() async throws {
    let client = try await TestDaemon.launch()
    _ = try await client.call(WindowCreateParams(id: "w", width: 428, height: 926))
    _ = try await client.call(
      SceneLoadParams(scene: ["controllers": [["name": "R", "children": [["controller": ["name": "C"]]]]]]))
    _ = try await client.call(WindowSetRootParams(window: "w", controller: "R"))
    try await client.subscribe([.lifecycle, .layout, .completion])
    let registration = try await client.call(TraitsRegisterParams(controller: "C", traits: [.horizontalSizeClass]))
    #expect(registration.result.id == "C.traitRegistration1" && registration.events.isEmpty)
    let rotated = try await client.call(WindowResizeParams(window: "w", width: 926, height: 428))
    let callbacks = rotated.events.map(\.description).filter { $0.contains("rait") }
    #expect(
      callbacks == [
        "R.willTransitionToTraitCollection R60", "C.willTransitionToTraitCollection R60",
        "R.traitCollectionDidChange R62", "C.traitChangeHandler R63", "C.traitCollectionDidChange R62",
      ])
    let window = try await client.call(WindowConfigureParams(window: "w")).result
    #expect(window.sizeClasses == "wR hC" && window.displayScale == 3)
    let pinned = try await client.call(
      ControllerSetTraitOverridesParams(controller: "C", changes: [.horizontalSizeClass(.compact)])
    ).result
    #expect(pinned.sizeClasses == "wC hC")
    _ = try await client.call(TraitsUnregisterParams(id: "C.traitRegistration1"))
  }
}

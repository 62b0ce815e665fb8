import ContainerJSON
import Testing

@testable import ContainerEngine
@testable import ContainerRPC

/// The events' output path (`RPCServer.write(_:request:seq:to:)`, members written straight into the buffer) against
/// its reference (`RPCServer.notification(for:request:seq:)`, the same message as a value, encoded): the same bytes for
/// every kind of event and every combination of its optional members.
@Suite struct EventOutputTests {
  private func check(_ kind: EngineEvent.Kind, rule: String = "R6", time: Double = 0) {
    for request: JSONValue in ["a", 7, 1.5, nil] {
      let event = EngineEvent(kind: kind, rule: rule, time: time)
      var direct: [UInt8] = []
      JSONOutput.message(appendingTo: &direct) { out in RPCServer.write(event, request: request, seq: 42, to: &out) }
      var reference: [UInt8] = []
      RPCServer.notification(for: event, request: request, seq: 42).encode(appendingTo: &reference)
      #expect(String(decoding: direct, as: UTF8.self) == String(decoding: reference, as: UTF8.self))
    }
  }

  private static let phone = TraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .regular)
  private static let pad = TraitCollection(
    horizontalSizeClass: .regular, verticalSizeClass: .regular, userInterfaceStyle: .dark, displayScale: 2)

  @Test(arguments: LifecycleCallback.allCases)
  func lifecycleEventsInEveryShape(_ callback: LifecycleCallback) {
    let parents: [EngineEvent.Parent?] = [nil, EngineEvent.Parent(id: nil), EngineEvent.Parent(id: "nav")]
    var flagSets: [EngineEvent.MovingFlags] = []
    for bits in 0..<16 {
      var flags = EngineEvent.MovingFlags()
      flags.isMovingToParent = bits & 1 != 0
      flags.isMovingFromParent = bits & 2 != 0
      flags.isBeingPresented = bits & 4 != 0
      flags.isBeingDismissed = bits & 8 != 0
      flagSets.append(flags)
    }
    let traitReports: [EngineEvent.TraitReport?] = [
      nil,
      EngineEvent.TraitReport(traits: Self.phone, previous: nil, registration: nil, view: nil),
      EngineEvent.TraitReport(traits: Self.pad, previous: Self.phone, registration: "r1", view: "v"),
    ]
    for animated in [nil, true, false] as [Bool?] {
      for parent in parents {
        for flags in flagSets {
          check(.lifecycle(controller: "c\"1", callback: callback, animated: animated, parent: parent, flags: flags))
        }
      }
    }
    for traits in traitReports {
      for insets in [nil, Insets(top: 47, left: 0, bottom: 34.5, right: 0)] as [Insets?] {
        for size in [nil, Size(width: 844, height: 390.25)] as [Size?] {
          check(
            .lifecycle(
              controller: "c", callback: callback, animated: true, parent: nil, flags: .none, size: size,
              insets: insets, traits: traits), time: 0.35)
        }
      }
    }
  }

  @Test func everyOtherKindInEveryShape() {
    check(.layout(view: "v", frame: Rect(x: 0, y: 0.5, width: 390, height: 1.0 / 3)))
    for finished in [true, false] { check(.completion(controller: "c", of: "push", finished: finished), time: 0.35) }
    check(.warning(message: "Unbalanced calls\n\u{1}", object: nil), rule: "")
    check(.warning(message: "m", object: "o"))
    // Reals of different precisions in one message: written again with the largest.
    check(.offset(view: "t", x: 0.1, y: 1.0 / 3, cause: "deceleration"), time: 0.016666666666666666)
    check(.offset(view: "t", x: 0, y: -120, cause: "setContentOffset"), rule: "")
    for callback in ScrollCallback.allCases {
      for velocity in [nil, Point(x: 0, y: -2.5)] as [Point?] {
        for target in [nil, Point(x: 0, y: 1234.5)] as [Point?] {
          for willDecelerate in [nil, true, false] as [Bool?] {
            check(
              .scroll(view: "t", callback: callback, velocity: velocity, target: target, willDecelerate: willDecelerate)
            )
          }
        }
      }
    }
    for callback in TableCallback.allCases {
      for identifier in [nil, "cell"] as [String?] {
        for reused in [nil, true] as [Bool?] {
          for cell in [nil, 3] as [Int?] {
            check(
              .table(
                table: "t", callback: callback, section: 1, row: 12, identifier: identifier, reused: reused, cell: cell)
            )
            check(
              .table(
                table: "t", callback: callback, section: 0, row: 0, identifier: identifier, reused: reused, cell: cell),
              rule: "")
          }
        }
      }
    }
    let arguments = [
      EngineEvent.DelegateArgument("viewController", .id("b")), EngineEvent.DelegateArgument("animated", .bool(true)),
      EngineEvent.DelegateArgument("controllers", .ids(["a", "b"])), EngineEvent.DelegateArgument("z", .null),
      EngineEvent.DelegateArgument("mode", .string("oneBesideSecondary")),
    ]
    for result in [nil, .bool(false), .id("x")] as [EngineEvent.DelegateValue?] {
      check(
        .delegate(
          object: "nav", protocol: "UINavigationControllerDelegate", callback: "willShow", args: arguments,
          result: result))
      check(.delegate(object: "nav", protocol: "P", callback: "c", args: [], result: result), rule: "")
    }
    for callback in EngineEvent.CoordinatorCallback.allCases {
      check(
        .coordinator(
          controller: "c", tag: "t1", callback: callback, isCancelled: true, isInteractive: false,
          percentComplete: 0.4), time: 0.35)
      check(
        .coordinator(
          controller: "c", tag: "t1", callback: callback, isCancelled: false, isInteractive: true,
          percentComplete: 1))
    }
    for callback in EngineEvent.TransitioningCallback.allCases {
      for didComplete in [nil, true, false] as [Bool?] {
        check(.transitioning(object: "anim", callback: callback, didComplete: didComplete))
      }
    }
  }
}

import ContainerClient
import Foundation
import Testing

/// The transition coordinator, custom animators (R46–R49) and a sheet's swipe (R57–R59) through the Swift client's
/// typed calls: each request built with its initializer, each answer read as its typed result, the coordinator and
/// animator events decoded in their order among the lifecycle events.
@Suite struct TransitionClientTests {
  /// A window with `p` at its root, `m` made but not shown, and every event kind the test reads subscribed.
  private static func launch() async throws -> ContainerClient {
    let client = try await TestDaemon.launch()
    _ = try await client.call(
      SceneLoadParams(scene: ["windows": [["name": "win", "root": ["name": "p"]]]]))
    _ = try await client.call(ControllerCreateParams(id: "m"))
    try await client.subscribe([.lifecycle, .completion, .coordinator, .transitioning])
    return client
  }

  /// Coordinator and animator events in a short form, lifecycle ones as the scenario files write them.
  private static func lines(_ events: [ContainerEvent]) -> [String] {
    events.compactMap { event in
      switch event.kind {
      case .lifecycle: return event.description
      case .completion(let controller, let of, let finished): return "\(controller).completion(\(of), \(finished))"
      case .coordinator(let controller, let tag, let callback, let isCancelled):
        return "coordinator \(controller).\(tag) \(callback) cancelled:\(isCancelled)"
      case .transitioning(let object, let callback, let didComplete):
        return "transitioning \(object) \(callback)" + (didComplete.map { "(\($0))" } ?? "")
      default: return nil
      }
    }
  }

  /// TC-5 (R48, R49): a manual animator installed with a typed call answers its id; the presentation stops after
  /// animateTransition with a live coordinator (the alongside probe queued in the same turn); `transition/complete`
  /// by the animator's id delivers completeTransition, presentationTransitionDidEnd, the did pair, the completion,
  /// the alongside completion and animationEnded, in that order; then no coordinator.
  @Test func aManualAnimatorThroughTypedCalls() async throws {
    let client = try await Self.launch()
    let animator = try await client.call(
      TransitionSetAnimatorParams(controller: "m", kind: .present, completes: .manual)
    ).result
    #expect(animator.animator == "m.presentAnimator")
    let outside = try await client.call(TransitionAnimateAlongsideParams(controller: "p", tag: "early")).result
    #expect(outside.queued == false)
    let present = try await client.batch {
      PresentationPresentParams(presenter: "p", controller: "m", style: .fullScreen)
      TransitionAnimateAlongsideParams(controller: "m", tag: "t5")
      TransitionCoordinatorParams(controller: "p")
    }
    #expect(try present.result(1, as: TransitionAnimateAlongsideParams(controller: "m", tag: "t5")).queued)
    let coordinator = try present.result(2, as: TransitionCoordinatorParams(controller: "p"))
    #expect(coordinator.active && coordinator.kind == "present" && coordinator.isAnimated == true)
    #expect(coordinator.from == "p" && coordinator.to == "m" && coordinator.animator == "m.presentAnimator")
    #expect(
      Self.lines(present.events) == [
        "transitioning m.presentAnimator animationController",
        "transitioning m.presentationController presentationTransitionWillBegin", "m.loadView R1",
        "m.viewDidLoad R1", "p.viewWillDisappear R26", "m.viewWillAppear R27",
        "transitioning m.presentAnimator animateTransition", "coordinator m.t5 alongsideAnimation cancelled:false",
        "m.viewIsAppearing R69",
      ])
    let complete = try await client.call(TransitionCompleteParams(animator: "m.presentAnimator", didComplete: true))
    #expect(
      Self.lines(complete.events) == [
        "transitioning m.presentAnimator completeTransition(true)",
        "transitioning m.presentationController presentationTransitionDidEnd(true)", "m.viewDidAppear R27",
        "p.viewDidDisappear R26", "p.completion(present, true)",
        "coordinator m.t5 alongsideCompletion cancelled:false",
        "transitioning m.presentAnimator animationEnded(true)",
      ])
    #expect(try await client.call(TransitionCoordinatorParams(controller: "m")).result.active == false)
    #expect(await client.close() == 0)
  }

  /// PC-6 cancelled, with R50's handler (R57–R59): the swipe's begin gives the sheet its viewWillDisappear and an
  /// interactive coordinator; cancel gives interactionChanged (cancelled) before the sheet's viewWillAppear, then
  /// after the spring back viewDidAppear, the completion (not finished) and the alongside completion. The presenter
  /// `p` gets nothing in either call.
  @Test func aCancelledSheetSwipeThroughTypedCalls() async throws {
    let client = try await Self.launch()
    _ = try await client.call(PresentationPresentParams(presenter: "p", controller: "m", style: .pageSheet))
    let begin = try await client.batch {
      PresentationInteractiveDismissParams(controller: "m", action: .begin)
      TransitionNotifyWhenInteractionChangesParams(controller: "m", tag: "lift")
      TransitionAnimateAlongsideParams(controller: "m", tag: "probe")
      TransitionCoordinatorParams(controller: "m")
    }
    #expect(
      try begin.result(1, as: TransitionNotifyWhenInteractionChangesParams(controller: "m", tag: "lift")).registered)
    let coordinator = try begin.result(3, as: TransitionCoordinatorParams(controller: "m"))
    #expect(coordinator.active && coordinator.isInteractive == true && coordinator.kind == "dismiss")
    #expect(coordinator.from == "m" && coordinator.to == "p" && coordinator.isCancelled == false)
    #expect(
      Self.lines(begin.events) == ["m.viewWillDisappear R59", "coordinator m.probe alongsideAnimation cancelled:false"])
    _ = try await client.call(PresentationInteractiveDismissParams(controller: "m", action: .update, progress: 0.2))
    let cancel = try await client.call(PresentationInteractiveDismissParams(controller: "m", action: .cancel))
    #expect(
      Self.lines(cancel.events) == [
        "coordinator m.lift interactionChanged cancelled:true", "m.viewWillAppear R59", "m.viewIsAppearing R69",
        "m.viewDidAppear R59", "m.completion(interactiveDismiss, false)",
        "coordinator m.probe alongsideCompletion cancelled:true",
      ])
    #expect(try await client.call(PresentationGetParams(controller: "m")).result.presentingViewController == "p")
    #expect(await client.close() == 0)
  }

  /// R50, R52: an interactive present animator driven by typed `transition/updateInteractive` calls: `update` sets
  /// percentComplete with no event; `cancel` completes with false after the settle back and rolls the presentation
  /// back (the presented controller's disappear pair, the presenter's appear pair, the completion not finished);
  /// nothing stays presented.
  @Test func anInteractiveAnimatorCancelledThroughTypedCalls() async throws {
    let client = try await Self.launch()
    let animator = try await client.call(
      TransitionSetAnimatorParams(controller: "m", kind: .present, interactive: true)
    ).result.animator
    let present = try await client.call(PresentationPresentParams(presenter: "p", controller: "m", style: .fullScreen))
    #expect(
      Self.lines(present.events) == [
        "transitioning m.presentAnimator animationController", "transitioning m.presentAnimator interactionController",
        "transitioning m.presentationController presentationTransitionWillBegin", "m.loadView R1",
        "m.viewDidLoad R1", "p.viewWillDisappear R26", "m.viewWillAppear R27",
        "transitioning m.presentAnimator startInteractiveTransition",
        "transitioning m.presentAnimator animateTransition", "m.viewIsAppearing R69",
      ])
    let update = try await client.call(
      TransitionUpdateInteractiveParams(animator: animator, action: .update, percentComplete: 0.25))
    #expect(update.events.isEmpty)
    let waiting = try await client.call(TransitionCoordinatorParams(controller: "m")).result
    #expect(waiting.percentComplete == 0.25 && waiting.awaitingInteraction == true)
    let cancel = try await client.call(TransitionUpdateInteractiveParams(animator: animator, action: .cancel))
    #expect(
      Self.lines(cancel.events) == [
        "transitioning m.presentAnimator completeTransition(false)",
        "transitioning m.presentationController presentationTransitionDidEnd(false)", "m.viewWillDisappear R52",
        "m.viewDidDisappear R52", "p.viewWillAppear R52", "p.viewIsAppearing R69", "p.viewDidAppear R52",
        "p.completion(present, false)", "transitioning m.presentAnimator animationEnded(false)",
      ])
    #expect(try await client.call(PresentationGetParams(controller: "m")).result.presentingViewController == nil)
    #expect(await client.close() == 0)
  }
}

import ContainerClient
import Testing

/// Typed events and the readable traces a failing test prints.
@Suite struct LifecycleTraceTests {
  /// Lifecycle events read as UIKit's callbacks with their arguments.
  @Test func lifecycleEventsAreTyped() {
    let willMove = ContainerEvent(
      method: "event/lifecycle", params: ["callback": "willMove", "controller": "c", "parent": "p", "rule": "R4"])
    #expect(willMove.kind == .lifecycle(controller: "c", .willMove(parent: "p")))
    #expect(willMove.description == "c.willMove(p) R4")
    let removed = ContainerEvent(
      method: "event/lifecycle", params: ["callback": "didMove", "controller": "c", "parent": nil, "rule": "R4"])
    #expect(removed.lifecycle == .didMove(parent: nil))
    #expect(removed.description == "c.didMove(nil) R4")
    let appear = ContainerEvent(
      method: "event/lifecycle",
      params: ["animated": true, "callback": "viewWillAppear", "controller": "c", "rule": "R6", "seq": 3, "time": 0])
    #expect(appear.lifecycle == .viewWillAppear(animated: true))
    #expect(appear.seq == 3)
    #expect(appear.request == nil)
    let scroll = ContainerEvent(method: "event/scroll", params: ["callback": "willBeginDragging", "view": "s"])
    #expect(scroll.kind == .scroll(view: "s", callback: "willBeginDragging"))
    let warning = ContainerEvent(
      method: "event/warning", params: ["message": "Unbalanced calls to begin/end appearance transitions"])
    #expect([warning].warnings == ["Unbalanced calls to begin/end appearance transitions"])
    #expect(ContainerEvent(method: "event/unknown", params: [:]).kind == .other)
    let probe = ContainerEvent(
      method: "event/coordinator",
      params: ["controller": "b", "tag": "t1", "callback": "alongsideCompletion", "isCancelled": true])
    #expect(probe.kind == .coordinator(controller: "b", tag: "t1", callback: "alongsideCompletion", isCancelled: true))
    let animator = ContainerEvent(
      method: "event/transitioning", params: ["object": "m.presentAnimator", "callback": "animateTransition"])
    #expect(
      animator.kind == .transitioning(object: "m.presentAnimator", callback: "animateTransition", didComplete: nil))
  }

  /// A trace prints as the Swift source of its callbacks, one a line.
  @Test func aTracePrintsAsSource() {
    let trace: LifecycleTrace = [.willMove(parent: "p"), .loadView, .viewWillAppear(animated: false)]
    #expect(
      trace.description == """
        [
          .willMove(parent: "p"),
          .loadView,
          .viewWillAppear(animated: false),
        ]
        """)
    #expect(LifecycleTrace([]).description == "[]")
  }

  /// The difference lists both traces row by row, marks each differing row and names the first divergence.
  @Test func theDifferenceMarksTheFirstDivergence() {
    let expected: LifecycleTrace = [
      .willMove(parent: "p"), .loadView, .viewWillAppear(animated: false), .didMove(parent: "p"),
    ]
    let actual: LifecycleTrace = [.willMove(parent: "p"), .loadView, .didMove(parent: "p")]
    #expect(actual.difference(from: actual) == nil)
    #expect(
      actual.difference(from: expected) == """
        lifecycle differs at #3 of 4 expected, 3 actual
            #  expected                          actual
            1  .willMove(parent: "p")            .willMove(parent: "p")
            2  .loadView                         .loadView
         ≠  3  .viewWillAppear(animated: false)  .didMove(parent: "p")             ← first divergence
         ≠  4  .didMove(parent: "p")             (none)
        """)
  }
}

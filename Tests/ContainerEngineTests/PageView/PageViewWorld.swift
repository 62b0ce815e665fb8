import ContainerEngine

/// The page view scenarios' set-up the engine tests share (PageViewEngineTests, PageViewSwipeEngineTests,
/// PageViewReviewEngineTests): a window whose root is `pvc` (scroll unless said), data source `[a, b, c]`, showing
/// `[a]` (`[a, b]` double-sided) set before it appeared, the delegate installed, completions recorded; with a manual
/// clock when asked, so each step's events are its own.
struct PageViewWorld {
  let harness: EngineHarness
  let pvc: ControllerNode
  let a: ControllerNode
  let b: ControllerNode
  let c: ControllerNode
  /// How far `settle()` moves the clock (ms).
  let settleMs: Double

  init(
    style: Engine.PageViewState.TransitionStyle = .scroll, doubleSided: Bool = false, manualClock: Bool,
    settleMs: Double = 1000
  ) throws {
    let harness = EngineHarness()
    let window = try harness.window()
    let pages = try harness.controllers("a", "b", "c")
    var options = Engine.PageViewOptions()
    options.transitionStyle = style
    options.isDoubleSided = doubleSided
    options.pages = pages.map(\.id)
    options.initial = doubleSided ? ["a", "b"] : ["a"]
    let pvc = try harness.pageView("pvc", options)
    try harness.show(pvc, in: window)
    harness.subscribe(.completion)
    if manualClock { harness.engine.clock.mode = .manual }
    (self.harness, self.pvc, a, b, c, self.settleMs) = (harness, pvc, pages[0], pages[1], pages[2], settleMs)
  }

  /// One turn; its events described.
  func step(_ body: (Engine) throws(EngineError) -> Void) throws -> [String] { try harness.turn(body) }

  /// The clock moved by `settleMs`; the events described.
  func settle() -> [String] { harness.advance(settleMs).compactMap(EngineHarness.describe) }
}

/// The appearance state of one controller (R13–R16).
///
/// A value type that returns what to do; the engine carries it out. States:
/// `disappeared → appearing → appeared → disappearing → disappeared`, plus the reversals
/// `appearing ⇄ disappearing` (R14). A `did` never happens without a `will` of the same direction (R15); calls that
/// do not fit only warn (R16).
public struct AppearanceStateMachine: Sendable, Equatable {
  /// Where the controller is.
  public enum State: String, Sendable, Equatable {
    case disappeared, appearing, appeared, disappearing
  }

  /// What the engine must do after an event.
  public enum Action: Sendable, Equatable {
    /// Call `viewWillAppear` (true) or `viewWillDisappear` (false); `reversed` when it turned an in-flight
    /// transition around (R14).
    case callWill(appearing: Bool, reversed: Bool)
    /// Call `viewDidAppear` (true) or `viewDidDisappear` (false).
    case callDid(appearing: Bool)
    /// A nested begin or an inner end of the same direction: nothing to call yet (R13).
    case nothing
    /// A call that does not fit the state: "Unbalanced calls to begin/end appearance transitions" (R16).
    case warnUnbalanced
  }

  // `depth` first: the one-byte `state` then ends the value, so a controller's flags after it fill its padding
  // (`ControllerNode.AppearanceRecord`).
  /// Same-direction begins not yet matched by an end (R13: callbacks tie to the final matching end).
  public private(set) var depth = 0
  /// The current state.
  public private(set) var state = State.disappeared

  public init() {}

  /// `beginAppearanceTransition(appearing, animated:)` or a view entering (true) / leaving (false) a window.
  public mutating func begin(appearing: Bool) -> Action {
    switch (state, appearing) {
    case (.disappeared, true), (.appeared, false):
      state = appearing ? .appearing : .disappearing
      depth = 1
      return .callWill(appearing: appearing, reversed: false)
    case (.disappearing, true), (.appearing, false):
      state = appearing ? .appearing : .disappearing
      depth = 1
      return .callWill(appearing: appearing, reversed: true)
    case (.appearing, true), (.disappearing, false):
      depth += 1
      return .nothing
    case (.appeared, true), (.disappeared, false):
      return .warnUnbalanced
    }
  }

  /// Forgets same-direction nesting, so the next end completes the transition (`beginNesting: none`).
  public mutating func collapseNesting() {
    depth = min(depth, 1)
  }

  /// `endAppearanceTransition()` or the end of the turn for a window-driven change.
  public mutating func end() -> Action {
    switch state {
    case .appearing, .disappearing:
      depth -= 1
      guard depth == 0 else { return .nothing }
      let appearing = state == .appearing
      state = appearing ? .appeared : .disappeared
      return .callDid(appearing: appearing)
    case .appeared, .disappeared:
      return .warnUnbalanced
    }
  }
}

import ContainerEngine

/// Drives the engine directly, as the server does but with no JSON: each `turn` is one run-loop turn (beginTurn,
/// the body, endTurn) and returns its events as short lines (`"me.viewWillAppear R25"`), the same form the wire tier's
/// traces use, so a rule's expected order reads alike in both tiers.
final class EngineHarness {
  let engine: Engine

  /// A fresh engine; `viewIsAppearing` off unless asked for, as most rule scenarios are written without it.
  init(viewIsAppearing: Bool = false) {
    engine = Engine()
    engine.options.viewIsAppearing = viewIsAppearing
  }

  /// Runs `body` as one turn and returns the lifecycle and completion events it emitted, described.
  @discardableResult
  func turn(_ body: (Engine) throws(EngineError) -> Void) throws(EngineError) -> [String] {
    engine.beginTurn()
    let start = engine.drainEvents()
    precondition(start.isEmpty, "events left over from an earlier turn")
    do {
      try body(engine)
    } catch {
      engine.endTurn()
      _ = engine.drainEvents()
      throw error
    }
    engine.endTurn()
    return engine.drainEvents().compactMap(Self.describe)
  }

  /// A lifecycle event as `controller.callback rule` (layout callbacks left out), a completion as
  /// `controller.completion(of) rule`; other events are not described.
  static func describe(_ event: EngineEvent) -> String? {
    switch event.kind {
    case .lifecycle(let controller, let callback, _, _, _, _):
      if callback == .viewWillLayoutSubviews || callback == .viewDidLayoutSubviews { return nil }
      return "\(controller).\(callback.rawValue) \(event.rule)"
    case .completion(let controller, let of, _):
      return "\(controller).completion(\(of)) \(event.rule)"
    default:
      return nil
    }
  }

  /// A plain `UIViewController`.
  func controller(_ id: String, kind: ControllerKind = .viewController) throws(EngineError) -> ControllerNode {
    try engine.createController(
      id: id, kind: kind, className: nil, title: nil, restorationIdentifier: nil, forwardsAppearance: true,
      viewKind: nil)
  }

  /// A 390 × 844 window.
  func window(_ id: String = "win") throws(EngineError) -> ViewNode {
    try engine.createWindow(id: id, width: 390, height: 844, safeArea: nil)
  }
}

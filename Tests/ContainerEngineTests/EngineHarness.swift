import ContainerEngine
import Testing

/// Drives the engine directly, as the server does but with no JSON: each `turn` is one run-loop turn (beginTurn,
/// the body, endTurn) and returns its events as short lines (`"me.viewWillAppear R25"`), the same form the wire tier's
/// traces use (`EventTrace`), so a rule's expected order reads alike in both tiers.
///
/// Like the wire tier's `TestSession`, it checks after every turn the engine's invariants and that no did callback
/// comes without a will of the same direction (R15), recording an issue for each problem. Every object a test makes
/// goes through a helper here, so that a change to the engine's creation calls is fixed in this file alone.
final class EngineHarness {
  let engine: Engine
  /// Per controller, the direction of the last will callback not yet matched by its did (true = appearing).
  private var pendingWill: [String: Bool] = [:]

  /// The categories a wire client gets without subscribing (Documentation/Protocol.md, "Events"): lifecycle and
  /// warnings.
  static let defaultEvents: EngineEvent.Categories = [.lifecycle, .warning, .delegate]

  /// A fresh engine with the engine's (and the wire's) defaults: `viewIsAppearing` on, and only the events a client
  /// gets without subscribing recorded (the server records the union of its clients' subscriptions, so the engine
  /// builds exactly what the wire tier's traces show).
  init(viewIsAppearing: Bool = true, events: EngineEvent.Categories = EngineHarness.defaultEvents) {
    engine = Engine()
    engine.options.viewIsAppearing = viewIsAppearing
    engine.recordedEvents = events
  }

  /// `events/subscribe`: more categories recorded from the next turn on.
  func subscribe(_ categories: EngineEvent.Categories) {
    engine.recordedEvents.formUnion(categories)
  }

  // MARK: - Turns

  /// Runs `body` as one turn and returns the events it emitted, described (`describe`).
  @discardableResult
  func turn(_ body: (Engine) throws(EngineError) -> Void) throws(EngineError) -> [String] {
    try events(body).compactMap(Self.describe)
  }

  /// Runs `body` as one turn and returns the events it emitted. A body that throws ends the turn too (its events
  /// dropped, as the server drops a failing call's) and the error is rethrown.
  @discardableResult
  func events(_ body: (Engine) throws(EngineError) -> Void) throws(EngineError) -> [EngineEvent] {
    engine.beginTurn()
    let start = engine.drainEvents()
    precondition(start.isEmpty, "events left over from an earlier turn")
    do {
      try body(engine)
    } catch {
      engine.endTurn()
      _ = engine.drainEvents()
      check()
      throw error
    }
    engine.endTurn()
    let events = engine.drainEvents()
    check(events)
    return events
  }

  /// Runs `body` as one turn the engine must refuse, and returns the refusal described (`describe(_: EngineError)`),
  /// or nil when the body was not refused. A refused call changes nothing and emits nothing (Documentation/Protocol.md,
  /// "Errors"): an issue is recorded if it emitted an event or if the world's `fingerprint` moved.
  func refusal(_ body: (Engine) throws(EngineError) -> Void) -> String? {
    let before = fingerprint()
    engine.beginTurn()
    do {
      try body(engine)
    } catch {
      let emitted = engine.drainEvents()
      if !emitted.isEmpty {
        Issue.record("a refused call emitted \(emitted.map { Self.describe($0) ?? "\($0.kind)" })")
      }
      engine.endTurn()
      let after = engine.drainEvents()
      if !after.isEmpty { Issue.record("the turn of a refused call emitted \(after.compactMap(Self.describe))") }
      if fingerprint() != before { Issue.record("a refused call changed the world") }
      check()
      return Self.describe(error)
    }
    engine.endTurn()
    check(engine.drainEvents())
    return nil
  }

  /// `clock/advance`: one turn that moves virtual time forward by `ms`.
  @discardableResult
  func advance(_ ms: Double) -> [EngineEvent] {
    (try? events { engine in engine.advanceClock(by: ms) }) ?? []
  }

  /// The invariants and R15 after a turn, as `TestSession.check(after:events:)` checks them.
  private func check(_ events: [EngineEvent] = []) {
    for problem in engine.testOnly_checkInvariants() { Issue.record("invariant broken: \(problem)") }
    // Direct calls (R12) are app code's misuse, outside UIKit's own bookkeeping.
    for event in events where event.rule != "R12" {
      guard case .lifecycle(let controller, let callback, _, _, _, _, _, _) = event.kind else { continue }
      switch callback {
      case .viewWillAppear: pendingWill[controller] = true
      case .viewWillDisappear: pendingWill[controller] = false
      case .viewDidAppear, .viewDidDisappear:
        let appearing = callback == .viewDidAppear
        if pendingWill[controller] != appearing {
          Issue.record("\(controller).\(callback.rawValue) without a matching will")
        }
        pendingWill[controller] = nil
      default:
        break
      }
    }
  }

  /// What a test can see of the world through the public API, as text: every controller (parent, children, view,
  /// appearance state, presentation) and every view (frame, superview, subviews, scroll and table state), in creation
  /// order, and the clock. A refused call must leave it as it was (the wire tier compares `world/snapshot`).
  func fingerprint() -> String {
    var lines = ["clock \(engine.clock.now)"]
    for c in engine.allControllers {
      lines.append(
        "\(c.id) parent=\(c.parent?.id ?? "-") children=\(c.children.map(\.id)) view=\(c.view?.id ?? "-") "
          + "\(c.appearance.state) \(c.appearance.depth) presented=\(c.presentedViewController?.id ?? "-") "
          + "presenting=\(c.presentingViewController?.id ?? "-") moving=\(c.isMovingToParent),\(c.isMovingFromParent)")
    }
    for v in engine.allViews {
      var line = "\(v.id) \(v.frame) super=\(v.superview?.id ?? "-") subviews=\(v.subviews.map(\.id))"
      if let scroll = v.scroll { line += " \(scroll)" }
      if let table = v.table {
        line += " rows=\(table.rowCount) selected=\(String(describing: table.selected)) cells=\(table.displayed.count)"
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  // MARK: - Descriptions

  /// An event as a short line, in the wire tier's `EventTrace` form where it has one: a lifecycle event as
  /// `controller.callback rule` (willMove/didMove with their argument: `child.didMove(parent) R4`), a warning as
  /// `warning: message rule`, a table event as `table.callback(section,row) #cell reused`, an offset as
  /// `offset view x,y cause`; a completion as `controller.completion(of) rule`, a scroll delegate call as
  /// `view.callback`, a frame change as `layout view x,y,width,height`.
  static func describe(_ event: EngineEvent) -> String? {
    switch event.kind {
    case .lifecycle(let controller, let callback, _, let parent, _, _, _, _):
      let argument = parent.map { "(\($0.id ?? "nil"))" } ?? ""
      return "\(controller).\(callback.rawValue)\(argument) \(event.rule)"
    case .completion(let controller, let of, _):
      return "\(controller).completion(\(of)) \(event.rule)"
    case .warning(let message, _):
      return "warning: \(message) \(event.rule)"
    case .table(let table, let callback, let section, let row, _, let reused, let cell):
      return
        "\(table).\(callback.rawValue)(\(section),\(row))\(cell.map { " #\($0)" } ?? "")\(reused == true ? " reused" : "")"
    case .offset(let view, let x, let y, let cause):
      return "offset \(view) \(x.compactDescription),\(y.compactDescription) \(cause)"
    case .scroll(let view, let callback, _, _, _):
      return "\(view).\(callback.rawValue)"
    case .delegate(let object, _, let callback, let args, let result):
      let arguments = args.map { "\($0.name): \(Self.describe($0.value))" }.joined(separator: ", ")
      return "\(object).\(callback)(\(arguments))\(result.map { " → \(Self.describe($0))" } ?? "") \(event.rule)"
    case .layout(let view, let frame):
      let values = [frame.x, frame.y, frame.width, frame.height].map(\.compactDescription)
      return "layout \(view) \(values.joined(separator: ","))"
    case .coordinator(let controller, let tag, let callback, let isCancelled, _, _):
      return "coordinator \(controller).\(tag) \(callback.rawValue)\(isCancelled ? " cancelled" : "")"
    case .transitioning(let object, let callback, let didComplete):
      return "transitioning \(object) \(callback.rawValue)\(didComplete.map { "(\($0))" } ?? "")"
    }
  }

  /// A data source or delegate value as a test writes it: an id, `[ids]`, a flag, `nil`.
  static func describe(_ value: EngineEvent.DelegateValue) -> String {
    switch value {
    case .id(let id): return id
    case .ids(let ids): return "[\(ids.joined(separator: ", "))]"
    case .bool(let flag): return "\(flag)"
    case .string(let name): return name
    case .null: return "nil"
    }
  }

  /// The R29 flags a lifecycle event carries (nil for another event).
  static func flags(_ event: EngineEvent) -> EngineEvent.MovingFlags? {
    guard case .lifecycle(_, _, _, _, let flags, _, _, _) = event.kind else { return nil }
    return flags
  }

  /// The `animated` argument of a lifecycle event (nil for another event, or a callback without one).
  static func animated(_ event: EngineEvent) -> Bool? {
    guard case .lifecycle(_, _, let animated, _, _, _, _, _) = event.kind else { return nil }
    return animated
  }

  /// A refusal as a short line: a UIKit exception as `Exception: reason`, a state refusal as `id state`, an unknown
  /// id as `unknown id`, an argument the call does not take as `argument: expected … (message)` (the engine's name
  /// for what the wire reports as `data.path`), an object limit as `objectLimit n`, others as the case prints.
  static func describe(_ error: EngineError) -> String {
    switch error {
    case .uikitException(let exception, let reason, _): return "\(exception): \(reason)"
    case .invalidState(let id, let state, _): return "\(id) \(state)"
    case .unknownObject(let id): return "unknown \(id)"
    case .unsupported(let argument, let expected, let message): return "\(argument): expected \(expected) (\(message))"
    case .objectLimit(let limit): return "objectLimit \(limit)"
    default: return "\(error)"
    }
  }

  // MARK: - Objects

  /// `controller/create`: the controller `spec` describes, made by `makeController` in a turn of its own (a navigation
  /// controller's root gets its willMove(nav) there, R20); returns it with that turn's events described.
  @discardableResult
  func make(_ spec: ControllerSpec) throws(EngineError) -> (ControllerNode, [String]) {
    var made: ControllerNode?
    let trace = try turn { engine throws(EngineError) in made = try engine.makeController(spec) }
    return (made!, trace)
  }

  /// A controller of `kind` (`UIViewController()` by default), not loaded (R1); `scrollView` names a page's scroll
  /// view inside its root view (the paging container's `scrollView` option).
  @discardableResult
  func controller(
    _ id: String, kind: ControllerKind = .viewController, forwardsAppearance: Bool = true, viewKind: ViewKind? = nil,
    scrollView: String? = nil
  ) throws(EngineError) -> ControllerNode {
    var spec = ControllerSpec(kind: kind, id: id)
    spec.forwardsAppearance = forwardsAppearance
    spec.viewKind = viewKind
    spec.scrollView = scrollView
    return try make(spec).0
  }

  /// Several plain controllers.
  func controllers(_ ids: String...) throws(EngineError) -> [ControllerNode] {
    var made: [ControllerNode] = []
    for id in ids { made.append(try controller(id)) }
    return made
  }

  /// `UINavigationController(rootViewController:)`: the root is pushed, not animated, as the controller is made (its
  /// willMove(nav), R20); returns the navigation controller and that turn's events described.
  @discardableResult
  func navigation(_ id: String, root: ControllerNode) throws(EngineError) -> (ControllerNode, [String]) {
    var spec = ControllerSpec(kind: .navigationController, id: id)
    spec.root = root.id
    return try make(spec)
  }

  /// A `UITabBarController` with `tabs`, the first selected (R25).
  func tabBar(_ id: String, tabs: [ControllerNode]) throws(EngineError) -> ControllerNode {
    var spec = ControllerSpec(kind: .tabBarController, id: id)
    spec.tabs = tabs.map(\.id)
    return try make(spec).0
  }

  /// A `PagingContainerViewController` with `pages` under a header of `headerHeight` (and the default title bar).
  func pagingContainer(
    _ id: String, headerHeight: Double, hangingHeight: Double = 0, formula: Engine.PagingState.HeaderFormula? = nil,
    switchOffset: Engine.PagingState.PageSwitchOffset? = nil, pages: [ControllerNode]
  ) throws(EngineError) -> ControllerNode {
    var spec = ControllerSpec(kind: .pagingContainer, id: id)
    spec.pagingHeader = ControllerSpec.PagingHeader(height: headerHeight, hangingHeight: hangingHeight)
    spec.headerFormula = formula
    spec.pageSwitchOffset = switchOffset
    spec.pages = pages.map(\.id)
    return try make(spec).0
  }

  /// A window, 390 × 844 by default (safe area 47/34 when none is given).
  @discardableResult
  func window(_ id: String = "win", width: Double = 390, height: Double = 844, safeArea: Insets? = nil)
    throws(EngineError) -> ViewNode
  {
    try engine.createWindow(id: id, width: width, height: height, safeArea: safeArea)
  }

  /// A view of `kind`.
  @discardableResult
  func view(_ id: String, kind: ViewKind = .UIView, frame: Rect? = nil, autoresizingMask: [String] = [])
    throws(EngineError) -> ViewNode
  {
    try engine.createView(id: id, kind: kind, frame: frame, autoresizingMask: autoresizingMask, text: nil)
  }

  /// `controller` made the root of `window` and shown, in one turn; returns its events described.
  @discardableResult
  func show(_ controller: ControllerNode, in window: ViewNode) throws(EngineError) -> [String] {
    try turn { engine throws(EngineError) in try engine.setRoot(of: window, to: controller) }
  }

  // MARK: - Calls with the wire's defaults

  /// `presenter.present(controller, animated:)` with a `UIModalPresentationStyle` (`pageSheet` by default, as on the
  /// wire: iOS 13's `automatic`).
  func present(
    _ controller: ControllerNode, from presenter: ControllerNode, style: ModalPresentationStyle = .pageSheet,
    animated: Bool
  ) throws(EngineError) {
    try engine.present(controller, from: presenter, style: style, animated: animated)
  }

  /// App code calling one of the four appearance methods directly (R12).
  func callDirectly(_ controller: ControllerNode, _ callback: LifecycleCallback, animated: Bool = false) {
    engine.callAppearanceMethodDirectly(controller, callback: callback, animated: animated)
  }
}

extension Rect {
  /// A rect, shorter to write.
  static func xywh(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
  }
}

/// A callback UIKit would make, a completion, or a console warning, in the order they happen.
public struct EngineEvent: Sendable, Equatable {
  /// What happened.
  public enum Kind: Sendable, Equatable {
    /// A `UIViewController` callback (`loadView`, `viewWillAppear`, `didMove`, …); `insets` is the new value a
    /// `viewSafeAreaInsetsDidChange` / `viewLayoutMarginsDidChange` reports (R64).
    case lifecycle(
      controller: String, callback: LifecycleCallback, animated: Bool?, parent: Parent?, flags: MovingFlags,
      size: Size? = nil, insets: Insets? = nil, traits: TraitReport? = nil)
    /// A view's frame changed (`event/layout`).
    case layout(view: String, frame: Rect)
    /// A completion block ran (`of`: `transition`, `present`, …).
    case completion(controller: String, of: String, finished: Bool)
    /// What UIKit would log to the console.
    case warning(message: String, object: String?)
    /// A scroll view's contentOffset changed (`event/offset`).
    case offset(view: String, x: Double, y: Double, cause: String)
    /// A UIScrollViewDelegate callback (`event/scroll`).
    case scroll(
      view: String, callback: ScrollCallback, velocity: Point? = nil, target: Point? = nil, willDecelerate: Bool? = nil)
    /// A UITableViewDataSource / UITableViewDelegate callback (`event/table`); `cell` numbers the cell object.
    case table(
      table: String, callback: TableCallback, section: Int, row: Int, identifier: String?, reused: Bool?, cell: Int?)
    /// A data source or delegate method UIKit called on app code (`event/delegate`, R36): `object` the controller
    /// whose data source or delegate it is, `protocol` and `callback` UIKit's names, `args` in order, `result` what
    /// the method returned (nil: it returns nothing).
    case delegate(
      object: String, protocol: String, callback: String, args: [DelegateArgument], result: DelegateValue?)
    /// A transition coordinator ran a block a controller registered (`event/coordinator`, R47, R50): `tag` the
    /// client's name for it; `callback` `alongsideAnimation`, `alongsideCompletion` or `interactionChanged`; the
    /// coordinator's `isCancelled`, `isInteractive` and `percentComplete` as the block reads them.
    case coordinator(
      controller: String, tag: String, callback: CoordinatorCallback, isCancelled: Bool, isInteractive: Bool,
      percentComplete: Double)
    /// UIKit called a custom animator or presentation controller (`event/transitioning`, R48, R49): `object` the
    /// animator's or presentation controller's id; `didComplete` the argument of the calls that take one.
    case transitioning(object: String, callback: TransitioningCallback, didComplete: Bool?)
  }

  /// The blocks a transition coordinator runs (R47, R50).
  public enum CoordinatorCallback: String, Sendable, CaseIterable {
    case alongsideAnimation, alongsideCompletion, interactionChanged
  }

  /// What UIKit calls on a custom animator, its transitioning delegate or a presentation controller (R48, R49).
  public enum TransitioningCallback: String, Sendable, CaseIterable {
    case animationController, presentationController, presentationTransitionWillBegin, presentationTransitionDidEnd
    case dismissalTransitionWillBegin, dismissalTransitionDidEnd, animateTransition, completeTransition
    case animationEnded
    /// An interactive animator (R50): the delegate's `interactionController(for:)` question, after
    /// `animationController`; `startInteractiveTransition(_:)` in place of the start, before `animateTransition`.
    case interactionController, startInteractiveTransition
  }

  /// A named argument of a data source or delegate call.
  public struct DelegateArgument: Sendable, Equatable {
    public var name: String
    public var value: DelegateValue
    public init(_ name: String, _ value: DelegateValue) {
      self.name = name
      self.value = value
    }
  }

  /// A value a data source or delegate call takes or returns: a controller id, a list of them, a flag, or nil.
  public enum DelegateValue: Sendable, Equatable {
    case id(String)
    case ids([String])
    case bool(Bool)
    /// A name (a split view column or display mode, R41–R43).
    case string(String)
    case null
  }

  /// What a trait callback reports (R60–R63): the traits it announces or that are now in force, the previous ones
  /// (`traitCollectionDidChange`, a handler), and a handler's registration id and registering view.
  public struct TraitReport: Sendable, Equatable {
    public var traits: TraitCollection
    public var previous: TraitCollection?
    public var registration: String?
    public var view: String?
  }

  /// The `parent` argument of willMove/didMove: a controller id or nil.
  public struct Parent: Sendable, Equatable {
    public var id: String?
  }

  /// The R29 flags as they read inside the callback.
  public struct MovingFlags: Sendable, Equatable {
    public var isMovingToParent = false
    public var isMovingFromParent = false
    public var isBeingPresented = false
    public var isBeingDismissed = false
    public static let none = MovingFlags()
  }

  /// The subscription kinds of Documentation/Protocol.md, "Events", as the engine sees them: `recordedEvents` names the
  /// ones it builds. A lifecycle event for `viewWillLayoutSubviews` / `viewDidLayoutSubviews` (and R64's
  /// `viewLayoutMarginsDidChange` / `viewSafeAreaInsetsDidChange`) is of the `layout` category.
  public enum Category: Int, Sendable, CaseIterable {
    case lifecycle, layout, completion, warning, offset, scroll, table, delegate, coordinator, transitioning
  }

  /// A set of categories.
  public struct Categories: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public init(_ category: Category) { self.rawValue = 1 << UInt16(category.rawValue) }
    public func contains(_ category: Category) -> Bool { rawValue & (1 << UInt16(category.rawValue)) != 0 }
    public static let all = Categories(rawValue: (1 << UInt16(Category.allCases.count)) - 1)
    public static let lifecycle = Categories(.lifecycle)
    public static let layout = Categories(.layout)
    public static let completion = Categories(.completion)
    public static let warning = Categories(.warning)
    public static let offset = Categories(.offset)
    public static let scroll = Categories(.scroll)
    public static let table = Categories(.table)
    public static let delegate = Categories(.delegate)
    public static let coordinator = Categories(.coordinator)
    public static let transitioning = Categories(.transitioning)
  }

  /// The category of a lifecycle callback: the layout callbacks are `layout`, the others `lifecycle`.
  public static func category(ofCallback callback: LifecycleCallback) -> Category {
    switch callback {
    case .viewWillLayoutSubviews, .viewDidLayoutSubviews, .viewLayoutMarginsDidChange, .viewSafeAreaInsetsDidChange,
      .willTransitionToTraitCollection, .traitCollectionDidChange, .traitChangeHandler:
      return .layout
    case .loadView, .viewDidLoad, .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear,
      .viewDidDisappear, .willMove, .didMove, .viewWillTransitionToSize:
      return .lifecycle
    }
  }

  /// This event's category.
  public var category: Category {
    switch kind {
    case .lifecycle(_, let callback, _, _, _, _, _, _): return Self.category(ofCallback: callback)
    case .layout: return .layout
    case .completion: return .completion
    case .warning: return .warning
    case .offset: return .offset
    case .scroll: return .scroll
    case .table: return .table
    case .delegate: return .delegate
    case .coordinator: return .coordinator
    case .transitioning: return .transitioning
    }
  }

  /// What happened.
  public var kind: Kind
  /// The rule that produced it (an id of Documentation/Modelled.md, e.g. `"R8"`).
  public var rule: String
  /// Virtual time, in milliseconds.
  public var time: Double
}

// A UISplitViewController's options and state, iOS 14 column style (R39–R45; see Engine+Split.swift).

extension Engine {
  /// A column-style `UISplitViewController`'s configuration and state: the controllers of its columns, the navigation
  /// controllers it wrapped them in (R39), its display mode and split behaviour, and whether it is collapsed (R41,
  /// R42).
  public final class SplitViewState {
    /// `UISplitViewController.Style`.
    public enum Style: String, Sendable, CaseIterable {
      case doubleColumn, tripleColumn
    }
    /// `UISplitViewController.Column`, in the order the columns appear (R40: primary, supplementary, secondary).
    public enum Column: String, Sendable, CaseIterable, Comparable {
      case primary, supplementary, secondary, compact

      var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
      public static func < (lhs: Column, rhs: Column) -> Bool { lhs.order < rhs.order }
    }
    /// `UISplitViewController.DisplayMode` (`automatic` only as the preferred mode).
    public enum DisplayMode: String, Sendable, CaseIterable {
      case automatic, secondaryOnly, oneBesideSecondary, oneOverSecondary, twoBesideSecondary, twoOverSecondary
      case twoDisplaceSecondary

      /// The columns on screen in this mode, expanded (R40), in column order.
      func visibleColumns(_ style: Style) -> [Column] {
        switch self {
        case .automatic, .secondaryOnly: return [.secondary]
        case .oneBesideSecondary, .oneOverSecondary:
          return style == .doubleColumn ? [.primary, .secondary] : [.supplementary, .secondary]
        case .twoBesideSecondary, .twoOverSecondary, .twoDisplaceSecondary:
          return [.primary, .supplementary, .secondary]
        }
      }
    }
    /// `UISplitViewController.SplitBehavior` (`automatic` only as the preferred behaviour).
    public enum SplitBehavior: String, Sendable, CaseIterable {
      case automatic, tile, overlay, displace
    }
    /// What the delegate answers (nil: no delegate). A nil answer returns the proposed value.
    public struct Delegate: Sendable, Equatable {
      /// `splitViewController(_:topColumnForCollapsingToProposedTopColumn:)`.
      public var topColumnForCollapsing: Column?
      /// `splitViewController(_:displayModeForExpandingToProposedDisplayMode:)`.
      public var displayModeForExpanding: DisplayMode?
      public init(topColumnForCollapsing: Column? = nil, displayModeForExpanding: DisplayMode? = nil) {
        self.topColumnForCollapsing = topColumnForCollapsing
        self.displayModeForExpanding = displayModeForExpanding
      }
    }

    public let style: Style
    /// `viewController(for:)`: the controllers as the client set them (R39), by column.
    @exclusivity(unchecked) public internal(set) var columns: [Column: ControllerNode] = [:]
    /// The navigation controllers the split view controller made to wrap a column's controller (R39), by column.
    @exclusivity(unchecked) public internal(set) var wrappers: [Column: ControllerNode] = [:]
    @exclusivity(unchecked) public internal(set) var preferredDisplayMode: DisplayMode
    @exclusivity(unchecked) public internal(set) var preferredSplitBehavior: SplitBehavior
    @exclusivity(unchecked) public internal(set) var presentsWithGesture: Bool
    @exclusivity(unchecked) public internal(set) var delegate: Delegate?
    /// `displayMode` while expanded (resolved from the preferred one when the split view controller joins a window or
    /// its width changes, R40's open point).
    @exclusivity(unchecked) public internal(set) var displayMode: DisplayMode
    /// `splitBehavior` (resolved from the preferred one).
    @exclusivity(unchecked) public internal(set) var splitBehavior: SplitBehavior
    /// `isCollapsed` (R42: flips only after the delegate calls).
    @exclusivity(unchecked) public internal(set) var isCollapsed = false
    /// While collapsed without a compact column: the navigation controller holding the merged stack (R40), and the
    /// columns whose stacks were moved into it, with the controllers moved, in order.
    @exclusivity(unchecked) var merged:
      (into: ControllerNode, moved: [(column: Column, controllers: [ControllerNode])])?
    /// Controllers a collapsed `hide(column)` popped off the merged stack, going back to their column's navigation
    /// controller (`holder`) once the pop (`from`'s transition) has ended (R43).
    @exclusivity(unchecked) var returning:
      [(controller: ControllerNode, from: ControllerNode, holder: ControllerNode)] = []
    /// Columns set while collapsed into one stack whose controllers are on it: the new controller (nil: the column is
    /// emptied) and the navigation controller made for it, installed when the split view controller expands.
    @exclusivity(unchecked) var pending: [Column: (controller: ControllerNode?, wrapper: ControllerNode?)] = [:]
    /// The top column chosen for the collapse (R41).
    @exclusivity(unchecked) public internal(set) var topColumn: Column?
    /// Whether it went through a size-class change (`traits.skipFirstWillTransitionInSplitOverlay`).
    @exclusivity(unchecked) var hadTraitTransition = false
    /// Which scheduled end of a display-mode change is current.
    @exclusivity(unchecked) var serial = 0

    init(
      style: Style, preferredDisplayMode: DisplayMode, preferredSplitBehavior: SplitBehavior,
      presentsWithGesture: Bool, delegate: Delegate?
    ) {
      self.style = style
      self.preferredDisplayMode = preferredDisplayMode
      self.preferredSplitBehavior = preferredSplitBehavior
      self.presentsWithGesture = presentsWithGesture
      self.delegate = delegate
      displayMode = preferredDisplayMode == .automatic ? .secondaryOnly : preferredDisplayMode
      splitBehavior = preferredSplitBehavior == .automatic ? .overlay : preferredSplitBehavior
    }

    /// `presentsWithGesture`'s observable effect (Apple: with `displayModeButtonVisibility` `.automatic`, the default,
    /// "setting presentsWithGesture to false hides the display mode button"; when true "the split view controller
    /// installs a gesture recognizer for changing the current display mode"): the display mode button shows while
    /// the split view controller is expanded and presents with the gesture; collapsed, a navigation stack shows
    /// instead [INF]. The engine has no display-mode gesture to run: the flag is reported (`split/get`), not acted on.
    public var displayModeButtonVisible: Bool { presentsWithGesture && !isCollapsed }

    /// The columns this style has (a compact column only when set).
    public var columnsOfStyle: [Column] {
      style == .doubleColumn ? [.primary, .secondary] : [.primary, .supplementary, .secondary]
    }

    /// The child that stands for `column` in the split view controller: its wrapper, else the controller itself.
    public func child(_ column: Column) -> ControllerNode? { wrappers[column] ?? columns[column] }

    /// The navigation controller whose stack holds `column`'s controllers: its wrapper, the controller itself when it
    /// is a navigation controller, or its first child when that is one (R39's "as-is" cases).
    func stackHolder(_ column: Column) -> ControllerNode? {
      if let wrapper = wrappers[column] { return wrapper }
      guard let controller = columns[column] else { return nil }
      if controller.isNavigationController { return controller }
      if let first = controller.children.first, first.isNavigationController { return first }
      return nil
    }

    /// The columns on screen now (R40), in column order: collapsed, the compact column or the merged stack's column
    /// (the primary's); expanded, the display mode's.
    public var visibleColumns: [Column] {
      if isCollapsed {
        if columns[.compact] != nil { return [.compact] }
        return merged != nil ? [.primary] : [topColumn ?? .secondary]
      }
      return displayMode.visibleColumns(style).filter { columns[$0] != nil }
    }

    /// Lets go of every controller it names (`world/reset`, the engine's end).
    func releaseControllers() {
      columns = [:]
      wrappers = [:]
      merged = nil
      returning = []
      pending = [:]
    }
  }

  /// A `UISplitViewController`'s options, as `controller/create` gives them (R39–R45).
  public struct SplitOptions: Sendable, Equatable {
    public var style = SplitViewState.Style.doubleColumn
    /// The columns' controllers (ids) by column.
    public var columns: [SplitViewState.Column: String] = [:]
    public var preferredDisplayMode = SplitViewState.DisplayMode.automatic
    public var preferredSplitBehavior = SplitViewState.SplitBehavior.automatic
    public var presentsWithGesture = true
    /// nil: no delegate.
    public var delegate: SplitViewState.Delegate?
    public init() {}
  }

  /// The engine's choices where the rules leave split view behaviour open (R40–R45's open points;
  /// `daemon/configure`).
  public struct SplitBehaviorOptions: Sendable, Equatable {
    /// R41: which delegate calls the collapse at joining a compact window makes.
    public enum InitialCollapseCalls: String, Sendable, CaseIterable {
      /// `topColumnForCollapsing` only (default: didCollapse "may never fire at launch").
      case topColumnOnly
      /// All of them (willHide, didCollapse too).
      case all
      /// None.
      case none
    }
    /// R41: the top column proposed to the delegate (default secondary).
    public var proposedTopColumn = SplitViewState.Column.secondary
    /// R41 (default `topColumnOnly`).
    public var initialCollapseCallsDelegate = InitialCollapseCalls.topColumnOnly
    /// R40: L-r29824842, a column shown by a display-mode change gets no viewWillAppear/viewDidAppear (default false).
    public var dropAppearanceOnDisplayModeChange = false
    /// R44: setting a plain controller for a secondary column that has a navigation controller pushes it, animated
    /// (default false).
    public var setSecondaryPushAnimated = false
    /// R45: a column-width change sends viewWillTransition(to:with:) to the columns (default false).
    public var sizeCallbackOnColumnWidth = false
    /// R42's open point: `splitViewController(_:willChangeTo:)` is called before willShow/willHide (default true).
    public var reportsWillChangeDisplayMode = true
    /// R40's open point: the width from which an automatic behaviour tiles (default 1000 pt, in landscape; narrower
    /// windows overlay).
    public var tileMinimumWidth = 1000.0
    /// R62's reported bug (`traits.skipFirstWillTransitionInSplitOverlay`, rdar 28528503: "willTransitionToTraitCollection
    /// not sent on first change" of a split view controller in overlay mode): on the first size-class change a split
    /// view controller goes through while its behaviour is overlay, neither it nor the controllers inside it get
    /// `willTransition(to:with:)`; the size and trait-change callbacks still come (default false).
    public var skipFirstWillTransitionInOverlay = false
    /// R43: how long a display-mode change animates, in seconds (default 0.3).
    public var duration = 0.3
    public init() {}
  }
}

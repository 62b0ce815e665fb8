/// Navigation bars, toolbars and tab bars (R68): real views that extend their containers' children's safe area.
///
/// Apple, `UIView.safeAreaInsets` (developer.apple.com/documentation/uikit/uiview/safeareainsets): "The safe area of a
/// view reflects the area not covered by navigation bars, tab bars, toolbars, and other ancestors that obscure a view
/// controller's view"; "Positioning content relative to the safe area"
/// (developer.apple.com/documentation/uikit/positioning-content-relative-to-the-safe-area): "navigation controllers
/// extend the safe area of their child view controllers to account for the navigation bar". Since iOS 15 bars are
/// translucent at rest and children extend under them (`edgesForExtendedLayout = .all`): the child's root view fills
/// the container and its safe area grows by the visible bars.
///
/// A navigation controller's view loading makes `<nav>.navigationBar` (a `UINavigationBar`) and `<nav>.toolbar` (a
/// `UIToolbar`, hidden by default); a tab bar controller's makes `<tab>.tabBar` (a `UITabBar`). They are subviews of
/// the container's root view in front of the child's view, laid out by the container whenever its view is laid out
/// (`layoutBars`), from the container view's own safe area (which does not count its own bars):
///
/// - the navigation bar at y = safe top, 44 pt high (96 with `prefersLargeTitles`, shown expanded [INF]);
/// - the toolbar 44 pt high, ending at the bottom safe edge (above a visible tab bar when the navigation controller is
///   a tab: the tab bar is in its safe area);
/// - the tab bar 49 pt plus the bottom safe inset, at the bottom (y 761, height 83 on 390×844).
///
/// Heights are the Human Interface Guidelines' and every published measurement's [INF]. A hidden bar is a hidden view
/// and gives no inset. `hidesBottomBarWhenPushed` (developer.apple.com/documentation/uikit/uiviewcontroller/
/// hidesbottombarwhenpushed: "The value of this property on the topmost view controller determines whether the toolbar
/// is visible") hides the toolbar while the top of the stack has it; the enclosing tab bar controller's tab bar stays
/// hidden while any controller of its selected navigation controller's stack has it, the root included [INF: UIKit
/// hides it for a root that sets it, which is why apps set it only on controllers they push; `daemon/configure`'s
/// `hidesBottomBarCountsRoot: false` leaves the root out] — it hides with the push
/// and comes back with the pop. The change is made at the turn's layout pass, animated or not: the bar's frame and the
/// safe area take their new values at the end of the call's turn, not over UIKit's animation
/// (UINavigationControllerHideShowBarDuration, 0.2 s) [INF: the simplest faithful model, the end state of the same
/// transaction].
///
/// An opaque bar (`navigationBarTranslucent` / `tabBarTranslucent` false) with `extendedLayoutIncludesOpaqueBars`
/// false, or `edgesForExtendedLayout` without that edge, lays the child's root view out below (above) the bar: its
/// frame shrinks and the bar then adds nothing to its safe area.
extension Engine {
  /// A navigation bar's height (R68).
  public static let navigationBarHeight = 44.0
  /// A navigation bar's height with `prefersLargeTitles`, expanded (R68) [INF].
  public static let largeTitleNavigationBarHeight = 96.0
  /// A toolbar's height (R68).
  public static let toolbarHeight = 44.0
  /// A tab bar's height above the bottom safe inset (R68).
  public static let tabBarHeight = 49.0

  /// The suffixes of the ids of the bars a container of `kind` makes with its view (R68): `.navigationBar` and
  /// `.toolbar` for a navigation controller, `.tabBar` for a tab bar controller.
  public static func barViewSuffixes(of kind: ControllerKind) -> [String] { barSuffixes(of: kind) }

  /// The suffixes of the ids of the bars a container of `kind` makes with its view (R68).
  static func barSuffixes(of kind: ControllerKind) -> [String] {
    switch kind {
    case .navigationController: return [".navigationBar", ".toolbar"]
    case .tabBarController: return [".tabBar"]
    default: return []
    }
  }

  /// The container's view did load: its bars, in front of everything, laid out (R68).
  func barsViewDidLoad(_ container: ControllerNode) {
    guard let view = container.view else { return }
    let state = navigationState(container)
    func makeBar(_ suffix: String, _ kind: ViewKind) -> ViewNode {
      let bar = ViewNode(id: container.id + suffix, kind: kind, frame: .zero, serial: nextSerial())
      objects.add(bar)
      move(bar, to: view, at: nil)
      return bar
    }
    if container.isNavigationController {
      state.bars.navigationBar = makeBar(".navigationBar", .UINavigationBar)
      state.bars.toolbar = makeBar(".toolbar", .UIToolbar)
    } else if container.isTabBarController {
      state.bars.tabBar = makeBar(".tabBar", .UITabBar)
    }
    layout.barsLoaded(true)
    layoutBars(container)
  }

  /// The container's view is unloaded (R2): its bars go with it, made again when it loads again.
  func barsViewDidUnload(_ container: ControllerNode) {
    guard let state = container.navigation else { return }
    for bar in [state.bars.navigationBar, state.bars.toolbar, state.bars.tabBar] {
      if let bar { objects.removeView(bar.id) }
    }
    if state.bars.navigationBar != nil || state.bars.tabBar != nil { layout.barsLoaded(false) }
    state.bars.navigationBar = nil
    state.bars.toolbar = nil
    state.bars.tabBar = nil
  }

  /// Where a container puts a child's root view among its subviews: below its bars (R68).
  func childViewIndex(in container: ControllerNode) -> Int? {
    guard let view = container.view, container.showsOneChild else { return nil }
    return view.subviews.firstIndex { $0.kind == .UINavigationBar || $0.kind == .UIToolbar || $0.kind == .UITabBar }
  }

  /// The container's bars laid out for its view's current size and safe area, their visibility from the settings and
  /// the stack (`hidesBottomBarWhenPushed`), and the frames of the children's root views it holds (shrunk where a
  /// child does not extend under an opaque bar). Run when the container's view loads and at each of its layouts. A bar
  /// that appears, disappears or moves, or a child frame that changes, marks the root views inside for layout: their
  /// safe area changed (R68).
  func layoutBars(_ container: ControllerNode) {
    guard container.showsOneChild, let view = container.view, let state = container.navigation else { return }
    let safe = safeAreaInsets(of: view)
    let width = view.frame.width
    let height = view.frame.height
    var changed = false
    func place(_ bar: ViewNode?, _ frame: Rect, hidden: Bool) {
      guard let bar else { return }
      if bar.isHidden != hidden {
        bar.isHidden = hidden
        layout.inputsChanged()
        changed = true
      }
      if bar.frame != frame {
        setViewFrame(bar, frame)
        changed = true
      }
    }
    let bars = state.bars
    if container.isNavigationController {
      let barHeight = bars.prefersLargeTitles ? Self.largeTitleNavigationBarHeight : Self.navigationBarHeight
      place(
        bars.navigationBar, Rect(x: 0, y: safe.top, width: width, height: barHeight), hidden: bars.navigationBarHidden)
      let toolbarHidden = bars.toolbarHidden || container.children.last?.hidesBottomBarWhenPushed == true
      place(
        bars.toolbar,
        Rect(x: 0, y: height - safe.bottom - Self.toolbarHeight, width: width, height: Self.toolbarHeight),
        hidden: toolbarHidden)
    } else {
      let barHeight = Self.tabBarHeight + safe.bottom
      place(
        bars.tabBar, Rect(x: 0, y: height - barHeight, width: width, height: barHeight),
        hidden: bars.tabBarHidden || selectedStackHidesBottomBar(container))
    }
    for subview in view.subviews {
      guard let child = subview.owner, child.view === subview, child.parent === container else { continue }
      let frame = childFrame(child, in: container)
      if subview.frame != frame {
        setViewFrame(subview, frame)
        changed = true
      }
    }
    if changed { markRootViewsForLayout(inside: container) }
  }

  /// Whether the tab bar is hidden by `hidesBottomBarWhenPushed`: the selected tab is a navigation controller and a
  /// controller of its stack has it set (the root included [INF], unless `hidesBottomBarCountsRoot` is off).
  private func selectedStackHidesBottomBar(_ tab: ControllerNode) -> Bool {
    guard let selected = tab.navigation?.displayed ?? selectedTab(of: tab), selected.isNavigationController else {
      return false
    }
    let stack = options.hidesBottomBarCountsRoot ? selected.children[...] : selected.children.dropFirst()
    return stack.contains { $0.hidesBottomBarWhenPushed }
  }

  /// A child's root view in its container: the container's bounds, less the visible opaque bars it does not extend
  /// under (`edgesForExtendedLayout` without the edge, or an opaque bar with `extendedLayoutIncludesOpaqueBars` false).
  func childFrame(_ child: ControllerNode, in container: ControllerNode) -> Rect {
    guard let view = container.view else { return .zero }
    var frame = view.fillingRect
    guard let bars = container.navigation?.bars else { return frame }
    let edges = child.edgesForExtendedLayout
    let includesOpaque = child.extendedLayoutIncludesOpaqueBars
    if let bar = bars.navigationBar, !bar.isHidden,
      !edges.contains(.top) || (!bars.navigationBarTranslucent && !includesOpaque)
    {
      let top = bar.frame.y + bar.frame.height
      frame.y = top
      frame.height = max(0, frame.height - top)
    }
    // The toolbar is translucent (UIToolbar's default; no wire setting) [INF].
    var bottomBar: ViewNode?
    var translucent = true
    if let toolbar = bars.toolbar, !toolbar.isHidden {
      bottomBar = toolbar
    } else if let tabBar = bars.tabBar, !tabBar.isHidden {
      bottomBar = tabBar
      translucent = bars.tabBarTranslucent
    }
    if let bar = bottomBar, !edges.contains(.bottom) || (!translucent && !includesOpaque) {
      frame.height = max(0, min(frame.height, bar.frame.y - frame.y))
    }
    return frame
  }

  /// The part of the safe area the container's visible bars cover, for a child's root view `root` (in window
  /// coordinates, as `safeAreaInsets(of:)` carries it): the safe top goes down to the navigation bar's bottom, the safe
  /// bottom up to the toolbar's or tab bar's top.
  func applyBars(
    of container: ControllerNode, to top: inout Double, _ bottom: inout Double
  ) {
    guard let bars = container.navigation?.bars else { return }
    if let bar = bars.navigationBar, !bar.isHidden, let rect = bar.frameInWindow {
      top = max(top, rect.y + rect.height)
    }
    for bar in [bars.toolbar, bars.tabBar] {
      if let bar, !bar.isHidden, let rect = bar.frameInWindow { bottom = min(bottom, rect.y) }
    }
  }

  /// The root views of the controllers inside `container` (its children and theirs) need layout: their safe area
  /// changed (R68), as `setAdditionalSafeAreaInsets` does.
  private func markRootViewsForLayout(inside container: ControllerNode) {
    guard let view = container.view else { return }
    layout.inputsChanged()
    var pending = container.children
    var steps = 0
    while let child = pending.popLast(), steps <= chainWalkLimit {
      steps += 1
      if let childView = child.view, childView.isDescendant(of: view) { setNeedsLayout(childView) }
      pending.append(contentsOf: child.children)
    }
  }

  /// A change that may show or hide bars, or move them (a setting, a push or pop, a tab switch): the container lays its
  /// bars out at the next pass, and so does an enclosing tab bar controller (its tab bar follows the stack's
  /// `hidesBottomBarWhenPushed`).
  func invalidateBars(of controller: ControllerNode) {
    var current: ControllerNode? = controller
    var steps = 0
    while let container = current, steps <= chainWalkLimit {
      steps += 1
      if container.showsOneChild, let view = container.view { setNeedsLayout(view) }
      current = container.parent
    }
  }

  // MARK: - Settings

  /// Which bar settings a `configureBars` call changes (nil: kept).
  public struct BarSettings: Sendable, Equatable {
    /// UINavigationController.
    public var navigationBarHidden: Bool?
    public var prefersLargeTitles: Bool?
    public var toolbarHidden: Bool?
    public var navigationBarTranslucent: Bool?
    /// UITabBarController.
    public var tabBarHidden: Bool?
    public var tabBarTranslucent: Bool?
    /// Any controller.
    public var hidesBottomBarWhenPushed: Bool?
    public var edgesForExtendedLayout: ExtendedEdges?
    public var extendedLayoutIncludesOpaqueBars: Bool?

    public init() {}

    /// The settings given that only a navigation controller takes, by wire name.
    var navigationOnly: [String] {
      [
        navigationBarHidden.map { _ in "navigationBarHidden" }, prefersLargeTitles.map { _ in "prefersLargeTitles" },
        toolbarHidden.map { _ in "toolbarHidden" }, navigationBarTranslucent.map { _ in "navigationBarTranslucent" },
      ].compactMap { $0 }
    }
    /// The settings given that only a tab bar controller takes, by wire name.
    var tabBarOnly: [String] {
      [tabBarHidden.map { _ in "tabBarHidden" }, tabBarTranslucent.map { _ in "tabBarTranslucent" }].compactMap { $0 }
    }
  }

  /// Checks that `settings` suit a controller of `kind`: the navigation bar's and toolbar's settings are a
  /// UINavigationController's, the tab bar's a UITabBarController's (refused at the setting's name).
  public func checkBarSettings(_ settings: BarSettings, for kind: ControllerKind) throws(EngineError) {
    if kind != .navigationController, let name = settings.navigationOnly.first {
      throw .unsupported(
        argument: .option(name), expected: "no \(name) for \(kind.rawValue)",
        message: "\(name) applies to UINavigationController only")
    }
    if kind != .tabBarController, let name = settings.tabBarOnly.first {
      throw .unsupported(
        argument: .option(name), expected: "no \(name) for \(kind.rawValue)",
        message: "\(name) applies to UITabBarController only")
    }
  }

  /// `controller/configure` and `controller/create`'s bar settings (R68): checked, then set; the bars follow at the
  /// next layout pass.
  public func configureBars(_ controller: ControllerNode, _ settings: BarSettings) throws(EngineError) {
    try checkBarSettings(settings, for: controller.kind)
    guard settings != BarSettings() else { return }
    if controller.showsOneChild {
      let state = navigationState(controller)
      if let value = settings.navigationBarHidden { state.bars.navigationBarHidden = value }
      if let value = settings.prefersLargeTitles { state.bars.prefersLargeTitles = value }
      if let value = settings.toolbarHidden { state.bars.toolbarHidden = value }
      if let value = settings.navigationBarTranslucent { state.bars.navigationBarTranslucent = value }
      if let value = settings.tabBarHidden { state.bars.tabBarHidden = value }
      if let value = settings.tabBarTranslucent { state.bars.tabBarTranslucent = value }
    }
    if let value = settings.hidesBottomBarWhenPushed { controller.extendedLayout.hidesBottomBarWhenPushed = value }
    if let value = settings.edgesForExtendedLayout { controller.extendedLayout.edges = value }
    if let value = settings.extendedLayoutIncludesOpaqueBars { controller.extendedLayout.includesOpaqueBars = value }
    invalidateBars(of: controller)
  }

  /// `setNavigationBarHidden(_:animated:)` (R68): the bar and the children's safe area change at the turn's layout
  /// pass, animated or not (see the type's comment) [INF].
  public func setNavigationBarHidden(_ nav: ControllerNode, _ hidden: Bool, animated: Bool) throws(EngineError) {
    try checkNavigation(nav)
    var settings = BarSettings()
    settings.navigationBarHidden = hidden
    try configureBars(nav, settings)
  }

  /// `setToolbarHidden(_:animated:)` (R68), like `setNavigationBarHidden`.
  public func setToolbarHidden(_ nav: ControllerNode, _ hidden: Bool, animated: Bool) throws(EngineError) {
    try checkNavigation(nav)
    var settings = BarSettings()
    settings.toolbarHidden = hidden
    try configureBars(nav, settings)
  }
}

/// `UIRectEdge` as `edgesForExtendedLayout` takes it: the top and bottom edges (R68).
public struct ExtendedEdges: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  public static let top = ExtendedEdges(rawValue: 1)
  public static let bottom = ExtendedEdges(rawValue: 2)
  /// `.all`, the default.
  public static let all: ExtendedEdges = [.top, .bottom]
}

/// A controller's extended-layout settings (R68): `edgesForExtendedLayout`, `extendedLayoutIncludesOpaqueBars`,
/// `hidesBottomBarWhenPushed`. Set only by `Engine.configureBars`.
struct ExtendedLayout {
  var edges = ExtendedEdges.all
  var includesOpaqueBars = false
  var hidesBottomBarWhenPushed = false
}

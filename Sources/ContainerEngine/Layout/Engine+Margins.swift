/// Layout margins (`UIView.layoutMargins`) and the controller callbacks that report a root view's geometry,
/// `viewLayoutMarginsDidChange` and `viewSafeAreaInsetsDidChange` (R64).
///
/// Apple, `UIView.directionalLayoutMargins` (developer.apple.com/documentation/uikit/uiview/directionallayoutmargins):
/// "For most views, the default layout margins are 8 points on each side … For the root view of a view controller, the
/// default value of this property reflects the system minimum margins and safe area insets."
/// `UIViewController.systemMinimumLayoutMargins` (…/uiviewcontroller/systemminimumlayoutmargins): "If you assign a
/// custom value to the directionalLayoutMargins property of the view controller's root view, the root view's actual
/// margins are set to either your custom values or the minimum values defined by this property, whichever values are
/// greater." The values themselves, from the earlier `UIView.layoutMargins` reference: "The top and bottom margins are
/// set to zero points. The side margins vary depending on the current size class, but can be either 16 or 20 points"
/// (16 in a compact width, 20 in a regular one). `UIView.insetsLayoutMarginsFromSafeArea`
/// (…/uiview/insetslayoutmarginsfromsafearea): "When the value of this property is true, any margins that are outside
/// the safe area are automatically modified to fall within the safe area boundary. The default value of this property
/// is true." So a full-screen root view in a 390×844 window (safe area top 47, bottom 34) reports
/// {top 47, left 16, bottom 34, right 16}.
extension Engine {
  /// `layoutMargins` as UIKit computes them for `view`:
  /// 1. the margins set (`view/configure`), or the default: 8 on each side; for a controller's root view the system
  ///    minimum (`systemMinimumLayoutMargins`), which also floors the margins set there;
  /// 2. with `insetsLayoutMarginsFromSafeArea` (default true), the view's safe-area insets added edge by edge, so a
  ///    margin measures from the safe area's edge [INF: Apple says margins outside the safe area are "modified to fall
  ///    within the safe area boundary"; adding is what a root view's reported value shows, {47, 16, 34, 16} on the
  ///    390×844 phone; for a plain view reaching into the unsafe band, add rather than max is inferred];
  /// 3. with `preservesSuperviewLayoutMargins`, each edge at least as large as the superview's margin on that edge
  ///    minus the distance between the two edges [INF: Apple says only that the margins "may be increased to prevent
  ///    content from overlapping the superview's margins"].
  public func layoutMargins(of view: ViewNode) -> Insets {
    layoutMargins(of: view, safeArea: nil)
  }

  /// `layoutMargins(of:)` with the view's safe-area insets when the caller has them already (`tellGeometryChanges`
  /// computes both: one walk instead of two).
  func layoutMargins(of view: ViewNode, safeArea known: Insets?) -> Insets {
    let settings = view.marginSettings ?? MarginSettings()
    var margins = settings.layoutMargins ?? Insets(top: 8, left: 8, bottom: 8, right: 8)
    if let owner = view.owner, owner.view === view {
      let minimum = systemMinimumLayoutMargins(of: view)
      margins = settings.layoutMargins.map { Self.larger($0, minimum) } ?? minimum
    }
    if settings.insetsLayoutMarginsFromSafeArea {
      let safe = known ?? safeAreaInsets(of: view)
      margins = Insets(
        top: margins.top + safe.top, left: margins.left + safe.left, bottom: margins.bottom + safe.bottom,
        right: margins.right + safe.right)
    }
    if settings.preservesSuperviewLayoutMargins, let superview = view.superview {
      let outer = layoutMargins(of: superview)
      let frame = view.frame
      let size = (width: superview.frame.width, height: superview.frame.height)
      margins = Self.larger(
        margins,
        Insets(
          top: outer.top - frame.y, left: outer.left - frame.x,
          bottom: outer.bottom - (size.height - frame.y - frame.height),
          right: outer.right - (size.width - frame.x - frame.width)))
    }
    return margins
  }

  /// `systemMinimumLayoutMargins` of the controller whose root view is `view`: 0 top and bottom, 16 on the sides in a
  /// compact width, 20 in a regular one. The width class follows R65's device rule [INF: the engine keeps no trait
  /// collection; a window whose short side is at least 678 pt is taken for an iPad, regular when its width is at least
  /// 678 pt; a phone is regular only in landscape with a short side of at least 414 pt]. Outside a window, compact.
  func systemMinimumLayoutMargins(of view: ViewNode) -> Insets {
    var side = 16.0
    if let window = view.window {
      let width = window.frame.width
      let height = window.frame.height
      let short = min(width, height)
      let regular = short >= 678 ? width >= 678 : width > height && short >= 414
      if regular { side = 20 }
    }
    return Insets(top: 0, left: side, bottom: 0, right: side)
  }

  /// Edge by edge, the larger of two insets.
  static func larger(_ a: Insets, _ b: Insets) -> Insets {
    Insets(
      top: max(a.top, b.top), left: max(a.left, b.left), bottom: max(a.bottom, b.bottom), right: max(a.right, b.right))
  }

  /// `view/configure`: sets the view's `layoutMargins`, `insetsLayoutMarginsFromSafeArea` and
  /// `preservesSuperviewLayoutMargins` (each only when given). A change marks the view for layout (Apple: changing
  /// the margins "triggers a layout update"); its controller, if it is a root view, hears of new margins in that layout
  /// pass (`tellGeometryChanges`), and only when the value it reports changed (R64).
  public func configureMargins(
    of view: ViewNode, layoutMargins: Insets?, insetsFromSafeArea: Bool?, preservesSuperview: Bool?
  ) {
    var settings = view.marginSettings ?? MarginSettings()
    if let layoutMargins { settings.layoutMargins = layoutMargins }
    if let insetsFromSafeArea { settings.insetsLayoutMarginsFromSafeArea = insetsFromSafeArea }
    if let preservesSuperview { settings.preservesSuperviewLayoutMargins = preservesSuperview }
    guard settings != (view.marginSettings ?? MarginSettings()) else { return }
    view.marginSettings = settings == MarginSettings() ? nil : settings
    // The margins read by `tellGeometryChanges` (and the layout-margins guides) changed.
    layout.inputsChanged()
    setNeedsLayout(view)
  }

  /// R64's geometry step for `controller`: when its root view is in a window, the margins then the safe area it
  /// reports are compared with the values last told to the controller, and each that changed is told
  /// (`viewLayoutMarginsDidChange`, `viewSafeAreaInsetsDidChange`, with the new value) — "margins first, then the
  /// safe area"; a settled value does not notify again. Before the first report the controller knows the values of a
  /// view outside any window (no safe area; the margins without it). Called at an appearance's step 4 (before
  /// viewIsAppearing, R69) and wherever the layout pass lays the root view out (`safeAreaCallbackPhase`), so any cause
  /// that marks the view for layout (additionalSafeAreaInsets, a resize, a frame change, a bar) is heard.
  ///
  /// Every input of the two values — frames, the view hierarchy, scroll offsets, the window's safe area, additional
  /// insets, bars, margin settings — moves `LayoutState.inputsVersion`; while it has not moved since the values were
  /// last computed they are the same, and nothing is computed again (an appearance's step 4 and the layout pass that
  /// follows it in the same turn compute them once).
  func tellGeometryChanges(_ controller: ControllerNode) {
    guard let view = controller.view, view.window != nil else { return }
    let version = layout.inputsVersion
    if let told = controller.toldGeometry, told.version == version { return }
    let safeArea = safeAreaInsets(of: view)
    let margins = layoutMargins(of: view, safeArea: safeArea)
    let told =
      controller.toldGeometry
      ?? ToldGeometry(safeArea: .zero, layoutMargins: unplacedLayoutMargins(of: view), version: version)
    controller.toldGeometry = ToldGeometry(safeArea: safeArea, layoutMargins: margins, version: version)
    if told.layoutMargins != margins {
      emit(controller, .viewLayoutMarginsDidChange, rule: "R64", insets: margins)
    }
    if told.safeArea != safeArea {
      emit(controller, .viewSafeAreaInsetsDidChange, rule: "R64", insets: safeArea)
    }
  }

  /// The margins of a root view outside any window: its own (or the compact system minimum), with no safe area.
  private func unplacedLayoutMargins(of view: ViewNode) -> Insets {
    let minimum = Insets(top: 0, left: 16, bottom: 0, right: 16)
    return view.marginSettings?.layoutMargins.map { Self.larger($0, minimum) } ?? minimum
  }
}

/// A view's margin settings (`view/configure`), kept only while one differs from its default.
struct MarginSettings: Equatable {
  /// `layoutMargins` as set (nil: the default).
  var layoutMargins: Insets?
  /// `insetsLayoutMarginsFromSafeArea` (default true).
  var insetsLayoutMarginsFromSafeArea = true
  /// `preservesSuperviewLayoutMargins` (default false).
  var preservesSuperviewLayoutMargins = false
}

/// The root view's geometry as last told to its controller (R64), and `LayoutState.inputsVersion` when it was
/// computed.
struct ToldGeometry {
  var safeArea: Insets
  var layoutMargins: Insets
  var version: Int
}

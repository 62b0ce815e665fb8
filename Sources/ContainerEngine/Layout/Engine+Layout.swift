/// Frames, autoresizing and layout passes (R30).
extension Engine {
  /// The one place a frame changes (`view.frame = …`): reports it (`event/layout`), and when the size changed applies
  /// the subviews' autoresizing masks and marks the view for layout (a bounds size change calls setNeedsLayout).
  ///
  /// Each value is kept within ±`maxCoordinate`, the bound the wire puts on every coordinate it takes: a layout that
  /// feeds on itself (a constraint on a view whose autoresizing subview it reads, times a multiplier) cannot grow frames
  /// past it, turn after turn, to infinity.
  func setViewFrame(_ view: ViewNode, _ proposed: Rect) {
    let frame = Self.bounded(proposed)
    let old = view.frame
    guard old != frame else { return }
    view.frame = frame
    layout.inputsChanged()
    turn.noteFrameChange(of: view.id)
    record(.layout, EngineEvent(kind: .layout(view: view.id, frame: frame), rule: "", time: clock.now))
    guard old.width != frame.width || old.height != frame.height else { return }
    for subview in view.subviews where !subview.autoresizingMask.isEmpty {
      setViewFrame(
        subview,
        Self.autoresized(
          subview.frame, mask: subview.autoresizingMask, oldSize: (old.width, old.height),
          newSize: (frame.width, frame.height)))
    }
    setNeedsLayout(view)
  }

  /// The most a coordinate or length may be, in points (the ±1e9 coordinates of Documentation/Protocol.md, "Limits";
  /// `Schema.coordinate`).
  public static let maxCoordinate = 1e9

  /// `rect` with each value within ±`maxCoordinate`.
  static func bounded(_ rect: Rect) -> Rect {
    let limit = maxCoordinate
    guard abs(rect.x) > limit || abs(rect.y) > limit || abs(rect.width) > limit || abs(rect.height) > limit else {
      return rect
    }
    func clamp(_ value: Double) -> Double { min(max(value, -limit), limit) }
    return Rect(x: clamp(rect.x), y: clamp(rect.y), width: clamp(rect.width), height: clamp(rect.height))
  }

  /// `autoresizingMask` applied to `frame` when its superview's size changes from `oldSize` to `newSize`: per axis,
  /// the difference is shared among the flexible parts (margins, size) in proportion to their current values
  /// (Apple: "distribute the size difference proportionally among the flexible portions"); equally when they are all
  /// zero [INF]; nothing flexible keeps the frame.
  static func autoresized(
    _ frame: Rect, mask: [String], oldSize: (width: Double, height: Double), newSize: (width: Double, height: Double)
  ) -> Rect {
    func axis(
      _ origin: Double, _ size: Double, _ oldTotal: Double, _ newTotal: Double, _ leading: Bool, _ flexibleSize: Bool,
      _ trailing: Bool
    ) -> (Double, Double) {
      let delta = newTotal - oldTotal
      guard delta != 0, leading || flexibleSize || trailing else { return (origin, size) }
      let parts = [
        leading ? max(0, origin) : 0, flexibleSize ? max(0, size) : 0,
        trailing ? max(0, oldTotal - origin - size) : 0,
      ]
      let flags = [leading, flexibleSize, trailing]
      let total = parts.reduce(0, +)
      let count = Double(flags.filter { $0 }.count)
      let share = { (index: Int) -> Double in
        guard flags[index] else { return 0 }
        return total > 0 ? delta * parts[index] / total : delta / count
      }
      return (origin + share(0), max(0, size + share(1)))
    }
    let (x, width) = axis(
      frame.x, frame.width, oldSize.width, newSize.width, mask.contains("flexibleLeftMargin"),
      mask.contains("flexibleWidth"), mask.contains("flexibleRightMargin"))
    let (y, height) = axis(
      frame.y, frame.height, oldSize.height, newSize.height, mask.contains("flexibleTopMargin"),
      mask.contains("flexibleHeight"), mask.contains("flexibleBottomMargin"))
    return Rect(x: x, y: y, width: width, height: height)
  }

  /// `setNeedsLayout()`: the view is laid out at the next pass; its ancestors learn that something below needs it, so
  /// a pass visits only the paths that lead to such views.
  func setNeedsLayout(_ view: ViewNode) {
    view.layoutMarks.needsLayout = true
    markAncestorsForLayout(view)
  }

  /// R18: a navigation controller's layout pass called the root view's viewWillLayoutSubviews already (the deferred
  /// transition starts inside it): the view is laid out at the next pass, without that callback again.
  func setNeedsLayout(afterWillLayoutOf view: ViewNode) {
    view.layoutMarks.willLayoutEmitted = true
    setNeedsLayout(view)
  }

  /// Tells the ancestors of `view` that it, or something in it, needs layout.
  func markAncestorsForLayout(_ view: ViewNode) {
    var child = view
    while let parent = child.superview {
      if !child.isLayoutListed(in: parent) {
        child.layoutMarks.listedIn = parent.serial
        parent.layoutMarks.subviewsNeedingLayout.append(child)
      }
      // An ancestor already marked has its own ancestors marked and lists its path down.
      if parent.descendantNeedsLayout { return }
      parent.layoutMarks.descendantNeedsLayout = true
      child = parent
    }
  }

  /// The layout pass at the end of a turn (and after each animation frame): every window, in creation order, lays out
  /// the views that need it, top down (R30). A layout that marks a view already passed (a sibling's frame) brings
  /// another round, up to `maxLayoutRounds`.
  ///
  /// - Returns: whether the pass ended with nothing left to lay out (false: it stopped at `maxLayoutRounds`).
  @discardableResult
  func runLayoutPass() -> Bool {
    guard layout.hasWindows else { return true }
    layout.pruneGoneWindows(keeping: views)
    for _ in 0..<Self.maxLayoutRounds {
      updateConstraintSolution()
      var laidOut = false
      for window in layout.windows where window.needsLayout || window.descendantNeedsLayout {
        layoutSubtree(window)
        laidOut = true
      }
      if !laidOut { return true }
    }
    return false
  }

  /// Lays out until nothing moves (Documentation/Protocol.md, "Time, run loop and animation", the turn's end; "Errors":
  /// a failing call or a read finds a quiet world): the layout pass, then the scroll views' layout (a safe area that
  /// moved the offset runs its observers, whose behaviours move views that constraints lay out again), again while
  /// either changed something, up to `maxSettleRounds`. A layout that does not settle (a pass that stops at
  /// `maxLayoutRounds`, two writers of one frame, a feedback that never ends) is left as the last round put it, with a
  /// warning once per turn, and its pending marks are dropped: the next turn does not carry on where this one stopped,
  /// so a turn that changes nothing (a read, a refused call) moves nothing and emits nothing, and a feedback cannot
  /// grow frames turn after turn.
  func settleLayout() {
    for _ in 0..<Self.maxSettleRounds {
      // The first view the round moves, for the warning should the rounds run out.
      turn.startSettleRound()
      let finished = runLayoutPass()
      let version = layout.inputsVersion
      layoutScrollViews()
      if finished && version == layout.inputsVersion && !windowNeedsLayout { return }
      if !finished { break }
    }
    if turn.shouldWarnUnsettled() {
      let view = turn.unsettledView ?? layout.windows.first { $0.needsLayout || $0.descendantNeedsLayout }?.id
      warn(
        "containerd: layout did not settle (a layout pass still had work after \(Self.maxLayoutRounds) rounds, or "
          + "layout and scrolling kept moving each other for \(Self.maxSettleRounds) passes); frames stay as the "
          + "last pass left them",
        object: view, rule: "limit")
    }
    dropPendingLayout()
  }

  /// Passes of `settleLayout`, at most.
  static let maxSettleRounds = 8

  /// Whether a window has a view waiting for layout.
  var windowNeedsLayout: Bool { layout.windows.contains { $0.needsLayout || $0.descendantNeedsLayout } }

  /// Forgets every layout still pending in the windows, and takes the constraint solution as current: what an
  /// unsettled layout left is not taken up again by a later turn that changes nothing (`settleLayout`).
  func dropPendingLayout() {
    for window in layout.windows {
      var pending = [window]
      while let view = pending.popLast() {
        view.layoutMarks.needsLayout = false
        guard view.descendantNeedsLayout else { continue }
        view.layoutMarks.descendantNeedsLayout = false
        for subview in view.layoutMarks.subviewsNeedingLayout where subview.isLayoutListed(in: view) {
          subview.layoutMarks.listedIn = 0
          pending.append(subview)
        }
        view.layoutMarks.subviewsNeedingLayout.removeAll()
      }
    }
    layout.markSolved()
  }

  /// Layout rounds per pass, at most (a layout that keeps invalidating itself stops here).
  static let maxLayoutRounds = 8

  /// `layoutIfNeeded()` on `view`'s subtree (`layout/layoutIfNeeded`; in or out of a window).
  public func layoutIfNeeded(_ ref: ViewRef) throws(EngineError) {
    try checkCapacity(adding: loadsNeeded([ref]))
    let view = materialize(ref)
    // R69: an appearance begun in this turn takes its geometry step and viewIsAppearing before the layout reaches it.
    sendPendingIsAppearing()
    updateConstraintSolution()
    layoutSubtree(view)
    settleWindowDrivenTransitions()
  }

  /// R30: for a view that needs layout, its controller's `viewWillLayoutSubviews`, the view's own `layoutSubviews`,
  /// then `viewDidLayoutSubviews`; then its subviews, front to back in subview order, each the same way.
  func layoutSubtree(_ view: ViewNode) {
    if view.needsLayout {
      view.layoutMarks.needsLayout = false
      // A root view's controller hears of a new safe area or new margins in the pass that lays the view out (R64),
      // before viewWillLayoutSubviews or after it (`safeAreaCallbackPhase`).
      let owner = view.owner.flatMap { $0.view === view ? $0 : nil }
      let phase = options.safeAreaCallbackPhase
      if let owner, phase == .beforeWillLayout { tellGeometryChanges(owner) }
      if let owner, !view.layoutMarks.willLayoutEmitted { emit(owner, .viewWillLayoutSubviews, rule: "R30") }
      if let owner, phase == .insideLayout { tellGeometryChanges(owner) }
      view.layoutMarks.willLayoutEmitted = false
      layoutSubviews(of: view)
      if let owner { emit(owner, .viewDidLayoutSubviews, rule: "R30") }
    }
    guard view.descendantNeedsLayout else { return }
    view.layoutMarks.descendantNeedsLayout = false
    // The marked subviews, front to back in subview order. A subview marked while an earlier one is laid out is
    // still reached in this round when it comes later in subview order (and in the next round otherwise), as in a
    // walk over every subview; the walk itself is taken when many are marked, and the ordered pick when few are, so
    // a pass over one new child of a view with 100,000 subviews does not visit them all.
    if view.layoutMarks.subviewsNeedingLayout.count * 4 >= view.subviews.count {
      view.layoutMarks.subviewsNeedingLayout.removeAll(keepingCapacity: true)
      for subview in view.subviews where subview.isLayoutListed(in: view) {
        subview.layoutMarks.listedIn = 0
        layoutSubtree(subview)
      }
      return
    }
    var pending = sortedBySubviewOrder(view.layoutMarks.subviewsNeedingLayout, of: view, after: Int.min)
    view.layoutMarks.subviewsNeedingLayout.removeAll(keepingCapacity: true)
    var index = 0
    while index < pending.count {
      let next = pending[index]
      index += 1
      guard next.isLayoutListed(in: view) else { continue }
      next.layoutMarks.listedIn = 0
      layoutSubtree(next)
      guard !view.layoutMarks.subviewsNeedingLayout.isEmpty else { continue }
      // Marked meanwhile: those later in subview order join this round, the others wait for the next one.
      let later = sortedBySubviewOrder(view.layoutMarks.subviewsNeedingLayout, of: view, after: next.subviewOrder)
      view.layoutMarks.subviewsNeedingLayout.removeAll { $0.subviewOrder > next.subviewOrder }
      pending = (pending[index...] + later).sorted { $0.subviewOrder < $1.subviewOrder }
      index = 0
    }
  }

  /// The still-marked subviews of `view` among `listed` whose order key is after `cursor`, in subview order.
  private func sortedBySubviewOrder(_ listed: [ViewNode], of view: ViewNode, after cursor: Int) -> [ViewNode] {
    listed.filter { $0.isLayoutListed(in: view) && $0.superview === view && $0.subviewOrder > cursor }
      .sorted { $0.subviewOrder < $1.subviewOrder }
  }

  /// The view's own `layoutSubviews`: the frames the constraint solver gives its subviews; a paging container's pager
  /// lays its pages out for its bounds (S3.1 `itemSize = bounds.size`, `layoutPager`).
  func layoutSubviews(of view: ViewNode) {
    applyConstraintFrames(in: view)
    if paging.hasPagers, let container = paging.container(ofPager: view) { layoutPager(container) }
    // A navigation or tab bar controller lays out its bars and its child's view (R68).
    if let owner = view.owner, owner.showsOneChild, owner.view === view { layoutBars(owner) }
  }
}

/// Where the layout pass stands with a view, set only in this file (`setNeedsLayout`, the pass, `dropPendingLayout`).
struct LayoutMarks {
  /// The subviews that need layout or lead to one, in the order they were marked; may hold views since moved away
  /// or already laid out (those whose `listedIn` is not this view's serial), which a pass skips.
  fileprivate(set) var subviewsNeedingLayout: [ViewNode] = []
  /// The serial of the superview whose `subviewsNeedingLayout` lists this view (0: none). A serial, not a reference:
  /// the list may outlive the superview, and no side table is made for it (see `ViewNode.superview`).
  fileprivate(set) var listedIn = 0
  /// `setNeedsLayout()` was called (a new view has never been laid out).
  fileprivate(set) var needsLayout = true
  /// A view below this one needs layout (so a pass visits only the paths that lead to one).
  fileprivate(set) var descendantNeedsLayout = false
  /// A navigation controller's layout pass already called viewWillLayoutSubviews for this root view (R18).
  fileprivate(set) var willLayoutEmitted = false

  init() {}
}

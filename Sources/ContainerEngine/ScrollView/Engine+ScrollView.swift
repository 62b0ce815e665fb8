/// UIScrollView: insets, the resting range, programmatic scrolling (S2.4, S2.6, S2.7).
extension Engine {
  /// The scroll view a call names; checked before a controller's view is loaded for it.
  func scrollView(_ ref: ViewRef, argument: EngineArgument = .view) throws(EngineError) -> ViewNode {
    try checkScrollView(ref, argument: argument)
    return materialize(ref)
  }

  /// The checks of `scrollView(_:argument:)` (its kind, and room to load it), which load nothing.
  func checkScrollView(_ ref: ViewRef, argument: EngineArgument = .view) throws(EngineError) {
    let (kind, id) = (ref.kind, ref.id)
    guard kind == .UIScrollView || kind == .UITableView else {
      throw .unsupported(
        argument: argument, expected: "a UIScrollView or UITableView",
        message: Engine.describeKind(id, kind.rawValue, expected: "a UIScrollView or UITableView"))
    }
    try checkCapacity(adding: loadsNeeded([ref]))
  }

  /// `adjustedContentInset`: contentInset plus the safe-area insets the behaviour selects (S2.4). The safe area of a
  /// view is the part of its window's safe-area insets that overlaps it.
  public func adjustedContentInset(of view: ViewNode) -> Insets {
    guard let scroll = view.scroll else { return .zero }
    return Self.adjusted(scroll.contentInset, by: safeAreaAdjustment(of: view))
  }

  /// contentInset plus a safe-area part.
  private static func adjusted(_ inset: Insets, by safe: Insets) -> Insets {
    var adjusted = inset
    adjusted.top += safe.top
    adjusted.bottom += safe.bottom
    adjusted.left += safe.left
    adjusted.right += safe.right
    return adjusted
  }

  /// The safe-area part of adjustedContentInset: the view's safe-area insets on the edges its
  /// contentInsetAdjustmentBehavior selects, zero on the others (S2.4).
  func safeAreaAdjustment(of view: ViewNode) -> Insets {
    guard let scroll = view.scroll else { return .zero }
    let safe = safeAreaInsets(of: view)
    let vertical: Bool
    let horizontal: Bool
    switch scroll.contentInsetAdjustmentBehavior {
    case .never:
      vertical = false
      horizontal = false
    case .always:
      vertical = true
      horizontal = true
    case .scrollableAxes, .automatic:
      vertical =
        scroll.contentSize.height > view.frame.height || scroll.alwaysBounceVertical
        || (scroll.contentInsetAdjustmentBehavior == .automatic && isContentOfSystemContainer(view))
      horizontal = scroll.contentSize.width > view.frame.width || scroll.alwaysBounceHorizontal
    }
    return Insets(
      top: vertical ? safe.top : 0, left: horizontal ? safe.left : 0, bottom: vertical ? safe.bottom : 0,
      right: horizontal ? safe.right : 0)
  }

  /// `.automatic`: "always adjusted vertically when the scroll view is the content view of a view controller that is
  /// currently displayed by a navigation or tab bar controller".
  private func isContentOfSystemContainer(_ view: ViewNode) -> Bool {
    guard let owner = view.owner, let parent = owner.parent else { return false }
    return parent.isNavigationController || parent.isTabBarController
  }

  /// The resting range of contentOffset (S2.4).
  public func offsetRange(of view: ViewNode) -> (min: Point, max: Point) {
    let scroll = view.scroll ?? ScrollState()
    let inset = adjustedContentInset(of: view)
    let minimum = Point(x: -inset.left, y: -inset.top)
    let maximum = Point(
      x: max(minimum.x, scroll.contentSize.width + inset.right - view.frame.width),
      y: max(minimum.y, scroll.contentSize.height + inset.bottom - view.frame.height))
    return (minimum, maximum)
  }

  /// Sets contentOffset and reports it (`event/offset`, only when it changes; S2.7), then runs the view's offset
  /// observers synchronously, on every set, equal values included (KVO, S5.4). Observers may set
  /// offsets themselves (re-entrant); past `maxObserverDepth` nested notifications the innermost is skipped with a
  /// warning, so two observers that drive each other cannot recurse without end.
  func setOffset(_ view: ViewNode, _ offset: Point, cause: String) {
    guard var scroll = view.scroll else { return }
    if scroll.contentOffset != offset {
      layout.inputsChanged()
      scroll.contentOffset = offset
      view.scroll = scroll
      record(
        .offset,
        EngineEvent(kind: .offset(view: view.id, x: offset.x, y: offset.y, cause: cause), rule: "", time: clock.now))
    }
    guard let observers = scrolls.observers(of: view), !observers.isEmpty else { return }
    guard scrolls.observerDepth < Self.maxObserverDepth else {
      warn(
        "containerd: offset observers of \(view.id) nested more than \(Self.maxObserverDepth) deep; skipped",
        object: view.id, rule: "limit")
      return
    }
    scrolls.enterNotification()
    defer { scrolls.leaveNotification() }
    for observer in observers { observer.handler(self, view, cause) }
  }

  /// Nested offset notifications allowed (observers setting offsets inside observers).
  static let maxObserverDepth = 32

  /// Adds a contentOffset observer (KVO); returns its token for `removeOffsetObserver`.
  @discardableResult
  public func observeOffset(of view: ViewNode, _ handler: @escaping (Engine, ViewNode, String) -> Void) -> Int {
    let token = nextSerial()
    scrolls.addObserver(OffsetObserver(token: token, handler: handler), of: view)
    return token
  }

  public func removeOffsetObserver(_ token: Int) {
    scrolls.removeObserver(token)
  }

  func scrollEvent(
    _ view: ViewNode, _ callback: ScrollCallback, velocity: Point? = nil, target: Point? = nil,
    willDecelerate: Bool? = nil
  ) {
    defer { if paging.hasPagers { pagerScrollEvent(view, callback, target: target) } }
    record(
      .scroll,
      EngineEvent(
        kind: .scroll(
          view: view.id, callback: callback, velocity: velocity, target: target, willDecelerate: willDecelerate),
        rule: "", time: clock.now))
  }

  /// `scroll/configure`.
  public func configureScroll(_ ref: ViewRef, _ change: (inout ScrollState) -> Void) throws(EngineError) {
    let view = try scrollView(ref)
    var scroll = view.scroll!
    let size = scroll.contentSize
    change(&scroll)
    view.scroll = scroll
    if scroll.contentSize != size { contentSizeDidChange(view) }
  }

  /// Stops whatever moves the offset now (a scroll animation, a deceleration or a bounce) before a programmatic scroll
  /// takes over: the running frames are cancelled and `isDecelerating` becomes false (S5.4: keep
  /// isTracking/isDragging/isDecelerating accurate; S4.8: a flag stuck true swallows the next gesture).
  ///
  /// No `scrollViewDidEndDecelerating` is sent: S5.4 emits it "only after a deceleration", and a deceleration cut
  /// short by `setContentOffset` or `scrollRectToVisible` is commonly reported not to call it (the delegate learns of
  /// the stop from the programmatic scroll's own didScroll, or didEndScrollingAnimation when animated) [INF]. A touch
  /// stops a deceleration the same way (`pan` `began`).
  func stopScrolling(_ view: ViewNode) {
    view.scroll!.animationToken += 1
    view.scroll!.isDecelerating = false
  }

  /// `setContentOffset(_:animated:)`: not clamped (S1.4). Animated: constant velocity over
  /// `options.scrollAnimationDuration`, one offset per frame, then `scrollViewDidEndScrollingAnimation` (S2.6). Either
  /// way it stops a running deceleration (`stopScrolling`).
  public func setContentOffset(_ ref: ViewRef, _ target: Point, animated: Bool) throws(EngineError) {
    let view = try scrollView(ref)
    stopScrolling(view)
    guard animated, view.scroll!.contentOffset != target else {
      setOffset(view, target, cause: "programmatic")
      return
    }
    animateOffset(view, to: target)
  }

  /// `scrollRectToVisible(_:animated:)` (S2.6): "If the area is already visible, the method does nothing", so a rect
  /// completely inside the visible area leaves the offset where it is, even outside the range (a programmatic offset
  /// is kept, engine decisions). Otherwise, per axis, `o = rect.min` when it starts before the visible area, else
  /// `o = rect.max − bounds` when it ends after it; "then clamp to the range" (S2.6 engine rule), the whole offset.
  public func scrollRectToVisible(_ ref: ViewRef, _ rect: Rect, animated: Bool) throws(EngineError) {
    let view = try scrollView(ref)
    let offset = view.scroll!.contentOffset
    // The visible area: the bounds, or (option) the bounds inside adjustedContentInset (UNVERIFIED, S2.6).
    let inset = options.scrollRectToVisibleInsideInsets ? adjustedContentInset(of: view) : .zero
    var target = offset
    if rect.y < offset.y + inset.top {
      target.y = rect.y - inset.top
    } else if rect.y + rect.height > offset.y + view.frame.height - inset.bottom {
      target.y = rect.y + rect.height - view.frame.height + inset.bottom
    }
    if rect.x < offset.x + inset.left {
      target.x = rect.x - inset.left
    } else if rect.x + rect.width > offset.x + view.frame.width - inset.right {
      target.x = rect.x + rect.width - view.frame.width + inset.right
    }
    guard target != offset else { return }  // completely visible: nothing, not even the clamp
    let range = offsetRange(of: view)
    target.x = min(max(target.x, range.min.x), range.max.x)
    target.y = min(max(target.y, range.min.y), range.max.y)
    guard target != offset else { return }
    stopScrolling(view)
    if animated { animateOffset(view, to: target) } else { setOffset(view, target, cause: "programmatic") }
  }

  /// The layout pass of every scroll view in a window, outer ones first, at the end of each turn and after each
  /// animation frame: the adjustedContentInset follow (`cause: inset`), then the table's cells (S2.8).
  ///
  /// Repeated until no adjusted inset changes (at most `maxLayoutRounds` times): following an inset moves what is
  /// inside that scroll view, so the safe area, and with it the adjusted inset (S2.4: contentInset +
  /// the safe area), of a scroll view nested in it may change in turn (a table inside a UITableViewController's
  /// scrolling root view). UIKit settles this within one layout pass, the safe area propagating top-down [INF]; a turn
  /// that stopped after one round left the nested offset to the next turn, where even a refused call would write its
  /// `event/offset` (found by fuzzing; `FuzzRegressionTests.nestedScrollViewsSettleWithinTheTurn`).
  func layoutScrollViews() {
    guard !scrolls.isEmpty else { return }
    scrolls.pruneGoneViews(keeping: views)
    for _ in 0..<Self.maxLayoutRounds {
      var changed = false
      // A single scroll view (a fling's every frame) needs no ordering.
      let scrollViews = scrolls.views
      for view in scrollViews.count > 1 ? outerFirst(scrollViews) : scrollViews where view.window != nil {
        if followAdjustedInset(view) { changed = true }
        if view.table?.hasData == true { layoutTable(view) }
      }
      if !changed { return }
    }
  }

  /// The scroll views in a window, outer ones first (UIKit lays out and propagates the safe area top-down, so a nested
  /// one sees where its container's inset follow put it), otherwise in creation order.
  private func outerFirst(_ views: [ViewNode]) -> [ViewNode] {
    views.filter { $0.window != nil }.enumerated().map { (nesting: scrollViewNesting($1), order: $0, view: $1) }
      .sorted { ($0.nesting, $0.order) < ($1.nesting, $1.order) }.map(\.view)
  }

  /// How many scroll views `view` is inside.
  private func scrollViewNesting(_ view: ViewNode) -> Int {
    var count = 0
    var ancestor = view.superview
    while let current = ancestor {
      if current.scroll != nil { count += 1 }
      ancestor = current.superview
    }
    return count
  }

  /// When the safe-area part of adjustedContentInset changes (first entering a window, moving under a bar, the safe
  /// area), a scroll view resting at an edge of its range before the change (offset = −(contentInset + old safe-area
  /// part)) moves to the same edge of the new one, so the content starts below the top inset (a full-screen table
  /// starts at y = −47) (S2.4); `cause: inset`. Elsewhere the offset stays.
  ///
  /// A change of contentInset alone moves nothing: "Setting `contentInset` does not move `contentOffset` by itself"
  /// (S2.4; the libraries set the offset themselves after changing the inset). The old edge is therefore taken with
  /// the current contentInset: an offset set to −contentInset.top before the view entered a window follows the safe
  /// area, and when contentInset and the safe area change in the same turn only an offset at the edge of the new
  /// contentInset follows. Returns whether the adjusted inset changed.
  private func followAdjustedInset(_ view: ViewNode) -> Bool {
    // The safe-area part once: adjustedContentInset would compute it again (a walk to the window per scroll view per
    // turn).
    let safe = safeAreaAdjustment(of: view)
    let adjusted = Self.adjusted(view.scroll!.contentInset, by: safe)
    let oldSafe = view.scroll!.lastSafeAreaAdjustment ?? .zero
    let changed = adjusted != (view.scroll!.lastAdjustedInset ?? .zero)
    guard changed || safe != oldSafe else { return false }
    view.scroll!.lastAdjustedInset = adjusted
    view.scroll!.lastSafeAreaAdjustment = safe
    let inset = view.scroll!.contentInset
    var offset = view.scroll!.contentOffset
    if safe.top != oldSafe.top && offset.y == -(inset.top + oldSafe.top) { offset.y = -adjusted.top }
    if safe.left != oldSafe.left && offset.x == -(inset.left + oldSafe.left) { offset.x = -adjusted.left }
    // Set even when unchanged: observers run on every set (KVO, S2.7), and a page's delta formula starts from the
    // offset it first observes here (S3.2).
    setOffset(view, offset, cause: "inset")
    return changed
  }

  /// Moves the offset to `target` at constant velocity (S2.6), one `event/offset` per frame of the clock's grid, each
  /// at the time elapsed since the call (Documentation/Protocol.md, "Time, run loop and animation"); a scroll animation
  /// (`cause: animation`) ends with `scrollViewDidEndScrollingAnimation`, a keyboard adjustment does not.
  func animateOffset(_ view: ViewNode, to target: Point, cause: String = "animation") {
    let token = view.scroll!.animationToken
    let start = view.scroll!.contentOffset
    let startTime = clock.now
    let duration = (cause == "animation" ? options.scrollAnimationDuration : options.keyboardAnimationDuration) * 1000
    // The frames of the grid (Documentation/Protocol.md, "Time, run loop and animation") from the first after now to
    // the first at or after the end (at least one): started at 10 ms, 0.3 s runs at 16.67 (6.67 ms in), 33.33, …,
    // 316.67 ms.
    let firstFrame = nextFrameNumber
    let lastFrame = max(
      firstFrame, Int64(((startTime + duration) * Double(clock.fps) / 1000 - 1e-9).rounded(.up)))
    for frame in firstFrame...lastFrame {
      schedule(atFrame: frame) { engine in
        guard view.scroll?.animationToken == token else { return }
        let progress = min(1, (engine.clock.now - startTime) / duration)
        let offset =
          progress >= 1
          ? target
          : Point(x: start.x + (target.x - start.x) * progress, y: start.y + (target.y - start.y) * progress)
        engine.setOffset(view, offset, cause: cause)
        if frame == lastFrame && cause == "animation" { engine.scrollEvent(view, .didEndScrollingAnimation) }
      }
    }
  }
}

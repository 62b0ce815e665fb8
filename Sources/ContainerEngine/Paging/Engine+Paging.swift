/// PagingContainerViewController: seed 003's profile page done right (S3, S4, S5).
///
/// The container's view holds a horizontally paged scroll view `<id>.pager` (bounces off) filling it, and above it,
/// as a sibling, the header `<id>.header` (user height + title bar, clipped) with the title bar `<id>.titleBar` at its
/// bottom (flexible top margin, so it rides down when the header stretches). Each page is a child controller whose
/// view lies at x = W·index in the pager; its scroll view (its root view when that is a scroll or table view, else the
/// subview named by its `scrollView` option) runs under the header: `contentInsetAdjustmentBehavior = never`,
/// `contentInset.top = H`, its offset observed.
extension Engine {
  /// `controller/create` of a PagingContainerViewController (its views come with its viewDidLoad).
  public func configurePaging(
    _ container: ControllerNode, headerHeight: Double, titleBarHeight: Double, hangingHeight: Double,
    formula: PagingState.HeaderFormula, switchOffset: PagingState.PageSwitchOffset, shortListInset: Bool,
    pages: [ControllerNode]
  ) throws(EngineError) {
    try checkPages(pages, for: container)
    let state = PagingState(
      headerHeight: headerHeight, titleBarHeight: titleBarHeight, hangingHeight: hangingHeight, formula: formula,
      switchOffset: switchOffset, shortListInset: shortListInset)
    container.paging = state
    setPageList(container, pages)
  }

  /// Views made by the container's viewDidLoad: the header (with its title bar) over the pager; the selected page is
  /// attached (created lazily: the others load when first scrolled to).
  func pagingViewDidLoad(_ container: ControllerNode) {
    guard let state = container.paging, let view = container.view else { return }
    let width = view.frame.width
    let pager = ViewNode(
      id: "\(container.id).pager", kind: .UIScrollView, frame: view.fillingRect, serial: nextSerial())
    objects.add(pager)
    pager.scroll = ScrollState()
    pager.clipsToBounds = true
    scrolls.add(pager)
    pager.autoresizingMask = ["flexibleWidth", "flexibleHeight"]
    pager.scroll!.isPagingEnabled = true
    pager.scroll!.bounces = false
    pager.scroll!.contentInsetAdjustmentBehavior = .never
    let header = ViewNode(
      id: "\(container.id).header", kind: .UIView,
      frame: Rect(x: 0, y: 0, width: width, height: state.fullHeight), serial: nextSerial())
    objects.add(header)
    header.clipsToBounds = true
    header.autoresizingMask = ["flexibleWidth"]
    let titleBar = ViewNode(
      id: "\(container.id).titleBar", kind: .UIView,
      frame: Rect(x: 0, y: state.headerHeight, width: width, height: state.titleBarHeight), serial: nextSerial())
    objects.add(titleBar)
    titleBar.autoresizingMask = ["flexibleWidth", "flexibleTopMargin"]
    move(pager, to: view, at: nil)
    move(header, to: view, at: nil)
    move(titleBar, to: header, at: nil)
    state.pager = pager
    state.header = header
    state.titleBar = titleBar
    paging.registerPager(pager, of: container)
    observeOffset(of: pager) { engine, _, _ in engine.attachVisiblePages(container) }
    layoutPager(container)
  }

  /// The pager's layout (its `layoutSubviews`, run by the layout pass whenever its size changes, e.g. after a rotation
  /// autoresizes it, and by `paging/setPages`): YSM's collection view has `itemSize = self.bounds.size` (S3.1) and
  /// paging stops "on multiples of the scroll view's bounds" (S2.5), so the content is `pages × W` by the pager's
  /// height, page `i` lies at `i × W` with the pager's size, and each short list's bottom inset follows its new height
  /// (S4.3). When the page width changed, the offset moves to the same page, `index × W`: a collection view keeps its
  /// current page across a bounds change [INF]; a running pager animation or deceleration stops there (its target
  /// was in the old widths), and a drag in progress keeps its position in pages. Then the visible pages are attached.
  func layoutPager(_ container: ControllerNode) {
    guard let state = container.paging, let pager = state.pager else { return }
    let size = Size(width: pager.frame.width, height: pager.frame.height)
    pager.scroll!.contentSize = Size(width: size.width * Double(state.pages.count), height: size.height)
    for (index, page) in state.pages.enumerated() where state.attached.contains(ObjectIdentifier(page)) {
      if let view = page.view {
        setViewFrame(view, Rect(x: Double(index) * size.width, y: 0, width: size.width, height: size.height))
      }
    }
    for page in state.pages where state.prepared.contains(ObjectIdentifier(page)) {
      if let scroll = pageScrollView(page) { updateShortListInset(scroll, in: container) }
    }
    let old = state.pageSize
    state.pageSize = size
    if let old, old.width > 0, size.width > 0, old.width != size.width {
      let scroll = pager.scroll!
      if scroll.isTracking {
        let scale = size.width / old.width
        pager.scroll!.panStart.x = scroll.panStart.x * scale
        setOffset(pager, Point(x: scroll.contentOffset.x * scale, y: scroll.contentOffset.y), cause: "container")
      } else {
        stopScrolling(pager)
        setOffset(pager, Point(x: Double(state.index) * size.width, y: scroll.contentOffset.y), cause: "container")
      }
    }
    attachVisiblePages(container)
  }

  /// The pages the pager shows now: those within one page width of its offset (HJ's layoutControllerView), attached
  /// (their views enter the pager: window-driven appearance, R6/R7); the others detached.
  func attachVisiblePages(_ container: ControllerNode) {
    guard let state = container.paging, let pager = state.pager, pager.frame.width > 0 else { return }
    let width = pager.frame.width
    let x = pager.scroll!.contentOffset.x
    for (index, page) in state.pages.enumerated() {
      let visible = abs(x - Double(index) * width) < width
      let isAttached = state.attached.contains(ObjectIdentifier(page))
      if visible && !isAttached {
        attach(page, at: index, in: container)
      } else if !visible && isAttached, let view = page.view {
        state.attached.remove(ObjectIdentifier(page))
        if view.superview === pager { removeViewFromSuperview(view) }
      }
    }
  }

  private func attach(_ page: ControllerNode, at index: Int, in container: ControllerNode) {
    guard let state = container.paging, let pager = state.pager else { return }
    let key = ObjectIdentifier(page)
    let firstTime = !state.prepared.contains(key)
    // A page the container has adopted and since lost (another container's addChild took it, R5, or the client
    // removed it from the parent) is not the container's to show: its slot stays empty and it is sent nothing, where
    // YSM would pull its view back under its new parent [INF]. Embedded in the container again, it shows as before.
    if !firstTime, page.parent !== container { return }
    state.attaching = true
    defer { state.attaching = false }
    if firstTime, page.parent !== container {
      // R72: a page the client has since made another controller's child, its view still in that parent's view,
      // cannot be adopted (UIKit's addChild would raise in the middle of the pager's layout [INF]): its slot stays
      // empty, it is sent nothing and a warning says so (once; the pager asks again at each layout).
      do {
        try addChild(page, to: container)
        state.refusedAdoption.remove(key)
      } catch  where error.rule == "R72" {
        guard state.refusedAdoption.insert(key).inserted else { return }
        warn(
          "\(container.debugName) cannot adopt its page \(page.debugName): its view is still in its parent's view",
          object: page.id, rule: "R72")
        return
      } catch {
        // Any other refusal (none is known to reach here: the page list was checked) leaves the page as it was.
      }
    }
    let view = loadViewIfNeeded(page)
    view.autoresizingMask = []
    setViewFrame(
      view, Rect(x: Double(index) * pager.frame.width, y: 0, width: pager.frame.width, height: pager.frame.height))
    state.attached.insert(key)
    move(view, to: pager, at: nil)
    if firstTime {
      state.prepared.insert(key)
      if let scroll = pageScrollView(page) {
        scroll.scroll!.contentInsetAdjustmentBehavior = .never
        scroll.scroll!.contentInset.top = state.fullHeight
        state.originalBottomInset[ObjectIdentifier(scroll)] = scroll.scroll!.contentInset.bottom
        updateShortListInset(scroll, in: container)
        observeOffset(of: scroll) { engine, view, _ in engine.pageScrollViewDidScroll(view, in: container) }
        paging.registerPageScrollView(scroll, of: container)
        // HJ's loadControllerView: the content starts under the whole header.
        setOffset(scroll, Point(x: scroll.scroll!.contentOffset.x, y: -state.fullHeight), cause: "container")
      }
      didMove(page, toParent: container)
    }
    // The incoming page's offset (S3.1 willDisplayCell / S3.2 autoFitToViewController).
    if let scroll = pageScrollView(page), let header = state.header {
      let o = scroll.scroll!.contentOffset.y
      switch state.switchOffset {
      case .forced:
        setOffset(
          scroll, Point(x: scroll.scroll!.contentOffset.x, y: -(header.frame.y + state.fullHeight)), cause: "container")
      case .keepDeeper:
        // HJ's autoFitToViewController (S3.2): above the header's bottom → up to it; past the end of its content
        // (o > contentSize.h − frame.h, insets not counted) → right under the header, −header.maxY; else kept.
        let headerBottom = header.frame.y + header.frame.height
        let maxY = -min(headerBottom, state.fullHeight)
        if o < maxY {
          setOffset(scroll, Point(x: scroll.scroll!.contentOffset.x, y: maxY), cause: "container")
        } else if o > scroll.scroll!.contentSize.height - scroll.frame.height {
          setOffset(scroll, Point(x: scroll.scroll!.contentOffset.x, y: -headerBottom), cause: "container")
        }
      }
    }
  }

  /// `scrollView` option of `controller/create` (YSM's `childScrollView`).
  public func setChildScrollView(_ controller: ControllerNode, _ id: String) {
    controller.childScrollViewID = id
  }

  /// A page's scroll view: its root view when that scrolls, else the subview named by its `scrollView` option.
  public func pageScrollView(_ page: ControllerNode) -> ViewNode? {
    guard let view = page.view else { return nil }
    if view.scroll != nil { return view }
    guard let id = page.childScrollViewID, let named = views[id], named.scroll != nil, named.isDescendant(of: view)
    else { return nil }
    return named
  }

  /// HJ's BottomInset plugin, on by default: `bottom = max(original, frame.h − hanging − contentSize.h)`, so the list
  /// can scroll until the header pins (S4.3).
  func updateShortListInset(_ scroll: ViewNode, in container: ControllerNode) {
    guard let state = container.paging, state.shortListInset,
      let original = state.originalBottomInset[ObjectIdentifier(scroll)]
    else { return }
    let needed = scroll.frame.height - state.hangingHeight - scroll.scroll!.contentSize.height
    scroll.scroll!.contentInset.bottom = max(original, needed)
  }

  /// A page scroll view's contentSize changed (new table data, `scroll/configure`).
  func contentSizeDidChange(_ view: ViewNode) {
    guard let container = paging.container(ofPageScrollView: view) else { return }
    updateShortListInset(view, in: container)
  }

  /// Inside a page scroll view's offset observation: the selected page moves the header (the other pages are ignored:
  /// YSM reacts to any observed child, which moves the header for an invisible page), while it is the container's
  /// child (a page another container has taken scrolls for its new parent only).
  ///
  /// While the container attaches a page it sets that page's offset to match the header (S3.1 willDisplayCell), so the
  /// header must not move; the delta formula still records that offset as its last one when the page is the selected
  /// page. It starts "from the child's offset at the moment it is observed" (S1.6), and
  /// the offset the container itself set is that moment: without it the next notification of the same value (the
  /// layout pass's inset follow) took the page's offset from before it was prepared (0) as the start, a delta of 144
  /// pt that moved the header from −100 to 0 over the page's content (S4.2, header jumps when switching tabs).
  func pageScrollViewDidScroll(_ scroll: ViewNode, in container: ControllerNode) {
    guard let state = container.paging, let header = state.header, state.index < state.pages.count,
      state.pages[state.index].parent === container, pageScrollView(state.pages[state.index]) === scroll
    else { return }
    if state.attaching {
      if state.formula == .delta { state.lastOffsetY = scroll.scroll!.contentOffset.y }
      return
    }
    let o = scroll.scroll!.contentOffset.y
    let fullHeight = state.fullHeight
    let hang = state.hangingHeight
    var frame = header.frame
    switch state.formula {
    case .absolute:
      // S3.1: stretch when pulled down, follow, then pin at the hanging height (the height keeps its last value).
      if o < -fullHeight {
        frame.y = 0
        frame.height = fullHeight + (-fullHeight - o)
      } else if o <= -hang {
        frame.y = -(fullHeight + o)
        frame.height = fullHeight
      } else {
        frame.y = hang - fullHeight
      }
    case .delta:
      // S3.2, starting from the offset when the page was first observed (HJ's start-up bug is not reproduced).
      let last = state.lastOffsetY ?? o
      state.lastOffsetY = o
      let disY = last - o
      if disY > 0 && o > -(frame.y + frame.height) { return }
      if o > -fullHeight {
        let minOrigin = -fullHeight + hang
        frame.y = min(0, max(frame.y + disY, minOrigin, -o - fullHeight))
        frame.height = fullHeight
      } else {
        frame.y = 0
        frame.height = -o
      }
    }
    setViewFrame(header, frame)
  }

  /// A touch beginning on a pager (its pan's `began`) lands on the page under the finger, whose table is the view hit
  /// (the page fills the pager): "a new touch stops a deceleration" (S2.7, Engine.md), so a page still
  /// decelerating from a vertical fling stops where it is, and the header with it. Otherwise the page kept moving the
  /// header after its neighbour had been attached under the header's old position (S3.1 willDisplayCell forces it
  /// once), and the swipe ended on a blank band between the header and the new page's content (S4.2, HJ #5; 108.6 pt
  /// after a 1500 pt/s fling and a swipe 50 ms later). The page gets no didEndDecelerating, as for its own touch [INF].
  /// A page bouncing past an edge finishes its bounce: above the top the header is stretched at y = 0 and the
  /// neighbour was set to −H, where the bounce returns; past the bottom the header is pinned either way [INF].
  func pagerTouchBegan(_ pager: ViewNode) {
    guard let container = paging.container(ofPager: pager), let state = container.paging else { return }
    for page in state.pages where state.attached.contains(ObjectIdentifier(page)) {
      guard let scroll = pageScrollView(page), scroll.scroll!.isDecelerating else { continue }
      let range = offsetRange(of: scroll)
      let offset = scroll.scroll!.contentOffset
      guard (range.min.x...range.max.x).contains(offset.x), (range.min.y...range.max.y).contains(offset.y) else {
        continue
      }
      stopScrolling(scroll)
      scroll.scroll!.physicsRest = PhysicsRest(offset: offset, min: range.min, max: range.max)
    }
  }

  /// Delegate callbacks of a pager: the index follows the page a drag will end on (`willEndDragging`'s target) and the
  /// page it settles on (`didEndDecelerating`, `didEndScrollingAnimation`, or a drag that ends without decelerating):
  /// YSM updates it after deceleration only (S3.1), which goes stale after title taps and still releases.
  func pagerScrollEvent(_ view: ViewNode, _ callback: ScrollCallback, target: Point?) {
    guard let container = paging.container(ofPager: view), container.paging != nil, view.frame.width > 0
    else { return }
    let x: Double
    switch callback {
    case .willEndDragging:
      guard let target else { return }
      x = target.x
    case .didEndDragging, .didEndDecelerating, .didEndScrollingAnimation:
      x = view.scroll!.contentOffset.x
    case .willBeginDragging, .willBeginDecelerating: return
    }
    selectPageIndex(container, Int((x / view.frame.width).rounded()))
  }

  private func selectPageIndex(_ container: ControllerNode, _ index: Int) {
    guard let state = container.paging, !state.pages.isEmpty else { return }
    let clamped = min(max(0, index), state.pages.count - 1)
    guard clamped != state.index else { return }
    state.index = clamped
    // The delta formula continues from the new page's offset if the container observes it already (a page prepared
    // before); a page not yet prepared is observed first when it is attached, where its offset is set (S3.2).
    let page = state.pages[clamped]
    state.lastOffsetY =
      state.prepared.contains(ObjectIdentifier(page))
      ? page.view.flatMap { _ in pageScrollView(page) }?.scroll?.contentOffset.y : nil
  }

  // MARK: - paging/*

  private func pagingState(_ container: ControllerNode) throws(EngineError) -> PagingState {
    guard let state = container.paging else {
      throw .unsupported(
        argument: .container, expected: "a PagingContainerViewController",
        message: Engine.describeKind(container.id, container.kind.rawValue, expected: "a PagingContainerViewController")
      )
    }
    return state
  }

  /// `paging/select`: a title tap. The index is the target at once; the pager scrolls there (animated at constant
  /// velocity, S2.6), and the target page is attached as it comes into view.
  public func selectPage(_ container: ControllerNode, index: Int, animated: Bool) throws(EngineError) {
    let state = try pagingState(container)
    guard index >= 0, index < state.pages.count else {
      throw .unsupported(
        argument: .index, expected: "an index below \(state.pages.count)", message: "no page \(index)")
    }
    try checkCapacity(adding: selectCost(container, index))
    _ = loadViewIfNeeded(container)
    selectPageIndex(container, index)
    guard let pager = state.pager else { return }
    try setContentOffset(.view(pager), Point(x: Double(index) * pager.frame.width, y: 0), animated: animated)
  }

  /// What `selectPage` may load, checked before it changes anything: the container (with the first page), and each
  /// page from the one shown now to the target (the pager passes them all when animated; at most the target and the
  /// page shown when not), each once.
  private func selectCost(_ container: ControllerNode, _ index: Int) -> Int {
    guard let state = container.paging, !state.pages.isEmpty else { return loadCost(container) }
    var low = 0
    var high = 0
    if let pager = state.pager, pager.frame.width > 0 {
      let position = pager.scroll!.contentOffset.x / pager.frame.width
      low = Int(max(0, min(Double(state.pages.count - 1), position.rounded(.down))))
      high = Int(max(0, min(Double(state.pages.count - 1), position.rounded(.up))))
    }
    var cost = loadCost(container)
    var counted: Set<ObjectIdentifier> = container.view == nil ? [ObjectIdentifier(state.pages[0])] : []
    for page in state.pages[min(low, index)...max(high, index)] where counted.insert(ObjectIdentifier(page)).inserted {
      cost += loadCost(page)
    }
    return cost
  }

  /// `paging/setPages`: pages no longer listed leave (willMove(nil), view out, removeFromParent); the new list is
  /// laid out; the index is kept within it.
  public func setPages(_ container: ControllerNode, _ pages: [ControllerNode]) throws(EngineError) {
    let state = try pagingState(container)
    try checkPages(pages, for: container)
    let kept = Set(pages.map(ObjectIdentifier.init))
    for page in state.pages where !kept.contains(ObjectIdentifier(page)) {
      state.attached.remove(ObjectIdentifier(page))
      state.prepared.remove(ObjectIdentifier(page))
      if page.parent === container {
        willMove(page, toParent: nil)
        if let view = page.view, view.superview != nil { removeViewFromSuperview(view) }
        removeFromParent(page)
      }
    }
    setPageList(container, pages)
    state.index = min(state.index, max(0, pages.count - 1))
    layoutPager(container)
  }
}

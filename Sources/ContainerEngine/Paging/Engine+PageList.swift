/// A paging container's page list: the pages it lists but has not shown yet (which it will make its children), the
/// checks a list passes (a controller is the page of one container at most), and what destroying a page or a container
/// does to the lists (see `Engine+Paging.swift` for the container).
extension Engine {
  /// Replaces the container's page list, keeping the registry's listings (page → container) in step.
  func setPageList(_ container: ControllerNode, _ pages: [ControllerNode]) {
    guard let state = container.paging else { return }
    paging.relist(container, from: state.pages, to: pages)
    state.pages = pages
  }

  /// The container that will make `page` its child when it first shows it: the paging container listing it, while
  /// the page has never been attached there (once attached it is a child, or a page the container lost and will not
  /// take back).
  func pendingContainer(of page: ControllerNode) -> ControllerNode? {
    guard let container = paging.container(listing: page), page.parent !== container,
      let state = container.paging, !state.prepared.contains(ObjectIdentifier(page))
    else { return nil }
    return container
  }

  /// Whether `candidate` is `controller` or one of its ancestors once every pending page has joined its container:
  /// the walk goes up through parents and through the container that lists a pending page. A call that would make
  /// `candidate` a child of `controller` would close a cycle there, now or when the page shows: a paging container
  /// embedded into its own page, or two containers each listing the other as a page, whose first showing loaded each
  /// inside the other forever. Bounded by the controller count (the "never loops" guard).
  func isAncestorOnceShown(_ candidate: ControllerNode, of controller: ControllerNode) -> Bool {
    guard paging.hasListings else { return controller.hasAncestor(candidate) }
    var pending: [ControllerNode] = [controller]
    var seen = Set<ObjectIdentifier>()
    while let current = pending.popLast() {
      if current === candidate || seen.count > controllers.count { return true }
      guard seen.insert(ObjectIdentifier(current)).inserted else { continue }
      if let parent = current.parent { pending.append(parent) }
      if let container = pendingContainer(of: current) { pending.append(container) }
    }
    return false
  }

  /// `controller/destroy` of a page not shown yet (a page the container never attached, so never its child): it
  /// leaves the container's list, as if `paging/setPages` had been called without it, so the list never names a
  /// controller that no longer exists (nor one created later with the same id). Checked first (`checkCapacity`): the
  /// page that slides into view may load.
  func removeDestroyedPage(_ page: ControllerNode) throws(EngineError) {
    guard let container = paging.container(listing: page), let state = container.paging else { return }
    let remaining = state.pages.filter { $0 !== page }
    if container.view != nil, !remaining.isEmpty {
      let index = min(state.index, remaining.count - 1)
      var cost = 0
      for shown in remaining[index...min(index + 1, remaining.count - 1)] { cost += loadCost(shown) }
      try checkCapacity(adding: cost)
    }
    state.attached.remove(ObjectIdentifier(page))
    state.prepared.remove(ObjectIdentifier(page))
    setPageList(container, remaining)
    state.index = min(state.index, max(0, remaining.count - 1))
    layoutPager(container)
  }

  /// A destroyed paging container lists no pages any more (they are free to join another container).
  func forgetPageList(of container: ControllerNode) {
    guard container.paging != nil else { return }
    setPageList(container, [])
  }

  /// The checks shared by `configurePaging` and `setPages` (a refusal of the list names the argument `pages`).
  func checkPages(_ pages: [ControllerNode], for container: ControllerNode) throws(EngineError) {
    var seen = Set<ObjectIdentifier>()
    for page in pages {
      guard seen.insert(ObjectIdentifier(page)).inserted else {
        throw .unsupported(
          argument: .pages, expected: "distinct controllers", message: "\(page.id) is listed twice")
      }
      if page === container || isAncestorOnceShown(page, of: container) {
        throw .uikitException(
          exception: "NSInvalidArgumentException",
          reason: "child view controller \(page.debugName) can't be its own ancestor's child")
      }
      if let parent = page.parent, parent !== container {
        throw hierarchyInconsistency(page, shouldHaveParent: parent.debugName, requestedParent: container.debugName)
      }
      // A controller is the page of one container at most [INF]: as a page that already has another parent is refused
      // above, one another container lists (and will make its child when it shows it) is refused with the same
      // exception, that container as its parent-to-be. Taking it (R5) would leave the other container's list naming
      // a page it does not own, shown by two pagers.
      try checkNotListedElsewhere(page, joining: container, name: container.debugName)
      try checkNotWindowRoot(page, joining: container.debugName)
      if page.parent !== container { try checkTreeDepth(joining: container, page, levels: 2) }
    }
  }

  /// The rule above for a container not created yet (`controller/create` checks it before creating anything).
  func checkPagesNotListedElsewhere(_ pages: [ControllerNode], joiningNewContainer name: String)
    throws(EngineError)
  {
    for page in pages { try checkNotListedElsewhere(page, joining: nil, name: name) }
  }

  private func checkNotListedElsewhere(_ page: ControllerNode, joining container: ControllerNode?, name: String)
    throws(EngineError)
  {
    guard let other = paging.container(listing: page), other !== container else { return }
    throw hierarchyInconsistency(page, shouldHaveParent: other.debugName, requestedParent: name)
  }
}

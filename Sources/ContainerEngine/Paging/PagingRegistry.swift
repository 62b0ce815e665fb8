/// Which paging container owns what: its pager, its pages' scroll views, and the pages it lists (a controller is the
/// page of at most one container: `Engine+Paging.swift`'s `checkPages`).
///
/// Its storage is private: `Engine+Paging.swift` registers and lists through these methods; scrolling and layout ask
/// who owns a view.
struct PagingRegistry {
  /// Paging containers by their pager.
  private var pagerOwners: [ObjectIdentifier: ControllerNode] = [:]
  /// Paging containers by their pages' scroll views.
  private var pageOwners: [ObjectIdentifier: ControllerNode] = [:]
  /// Every controller listed in a paging container's page list, with that container.
  private var listings: [ObjectIdentifier: ControllerNode] = [:]

  /// Whether any paging container has a pager (scrolling asks before looking a view up).
  var hasPagers: Bool { !pagerOwners.isEmpty }
  /// Whether any controller is listed as a page.
  var hasListings: Bool { !listings.isEmpty }

  /// The paging container whose pager `view` is.
  func container(ofPager view: ViewNode) -> ControllerNode? { pagerOwners[ObjectIdentifier(view)] }
  /// The paging container one of whose pages has `view` as its scroll view.
  func container(ofPageScrollView view: ViewNode) -> ControllerNode? { pageOwners[ObjectIdentifier(view)] }
  /// The paging container that lists `page`.
  func container(listing page: ControllerNode) -> ControllerNode? { listings[ObjectIdentifier(page)] }

  mutating func registerPager(_ pager: ViewNode, of container: ControllerNode) {
    pagerOwners[ObjectIdentifier(pager)] = container
  }
  mutating func registerPageScrollView(_ view: ViewNode, of container: ControllerNode) {
    pageOwners[ObjectIdentifier(view)] = container
  }

  /// `container`'s page list changes from `old` to `new`: the pages it listed leave the listings (those another
  /// container lists stay that container's), the new ones join.
  mutating func relist(_ container: ControllerNode, from old: [ControllerNode], to new: [ControllerNode]) {
    for page in old where listings[ObjectIdentifier(page)] === container {
      listings[ObjectIdentifier(page)] = nil
    }
    for page in new { listings[ObjectIdentifier(page)] = container }
  }

  /// `world/reset`: no paging container.
  mutating func reset() {
    pagerOwners.removeAll()
    pageOwners.removeAll()
    listings.removeAll()
  }
}

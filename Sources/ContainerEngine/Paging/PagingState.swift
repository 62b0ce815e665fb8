// The paging container's configuration and state (see Engine+Paging.swift).

extension Engine {
  /// The container's configuration and state.
  public final class PagingState {
    public enum HeaderFormula: String, Sendable, CaseIterable {
      /// YSM's KVO formula (S3.1), from the current page's offset alone.
      case absolute
      /// HJTabViewController's incremental formula (S3.2), path dependent.
      case delta
    }
    public enum PageSwitchOffset: String, Sendable, CaseIterable {
      /// YSM: the incoming page's offset is forced to −(header.y + H), its content top right under the header.
      case forced
      /// HJ: only a page whose content top would sit below the header's bottom is moved up to it; deeper ones stay.
      case keepDeeper
    }
    @exclusivity(unchecked) public internal(set) var headerHeight: Double
    @exclusivity(unchecked) public internal(set) var titleBarHeight: Double
    @exclusivity(unchecked) public internal(set) var hangingHeight: Double
    @exclusivity(unchecked) public internal(set) var formula: HeaderFormula
    @exclusivity(unchecked) public internal(set) var switchOffset: PageSwitchOffset
    /// The short-list fix (HJ's BottomInset plugin): a bottom inset so any list can scroll until the header pins.
    @exclusivity(unchecked) public internal(set) var shortListInset: Bool
    @exclusivity(unchecked) public internal(set) var pages: [ControllerNode] = []
    /// The selected page (as soon as `paging/select` returns; at drag end; after settling).
    @exclusivity(unchecked) public internal(set) var index = 0
    @exclusivity(unchecked) weak var header: ViewNode?
    @exclusivity(unchecked) weak var titleBar: ViewNode?
    @exclusivity(unchecked) weak var pager: ViewNode?
    /// Pages whose view is in the pager now, by controller.
    @exclusivity(unchecked) var attached = Set<ObjectIdentifier>()
    /// Pages set up once (child, observed, inset).
    @exclusivity(unchecked) var prepared = Set<ObjectIdentifier>()
    /// Pages the container could not adopt (R72: another parent's view holds theirs), warned about once.
    @exclusivity(unchecked) var refusedAdoption = Set<ObjectIdentifier>()
    /// Each page scroll view's bottom inset before the short-list fix.
    @exclusivity(unchecked) var originalBottomInset: [ObjectIdentifier: Double] = [:]
    /// Set while a page is being attached: its offset is being set up to match the header, which must not move.
    @exclusivity(unchecked) var attaching = false
    /// The delta formula's last offset (HJ's `_contentOffsetY`), taken from the page when it is observed first.
    @exclusivity(unchecked) var lastOffsetY: Double?
    /// The pager size the pages were last laid out for (nil before the first layout).
    @exclusivity(unchecked) var pageSize: Size?

    /// H: the header's full height (user header + title bar).
    public var fullHeight: Double { headerHeight + titleBarHeight }

    /// The header view's frame; before the container's viewDidLoad made it, a header of the full height H at the
    /// origin, with no width yet.
    public var headerFrame: Rect { header?.frame ?? Rect(x: 0, y: 0, width: 0, height: fullHeight) }

    init(
      headerHeight: Double, titleBarHeight: Double, hangingHeight: Double, formula: HeaderFormula,
      switchOffset: PageSwitchOffset, shortListInset: Bool
    ) {
      self.headerHeight = headerHeight
      self.titleBarHeight = titleBarHeight
      self.hangingHeight = hangingHeight
      self.formula = formula
      self.switchOffset = switchOffset
      self.shortListInset = shortListInset
    }
  }
}

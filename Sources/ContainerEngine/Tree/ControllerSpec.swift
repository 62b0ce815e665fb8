/// What `Engine.makeController(_:)` builds: a controller of one kind, its options, and for a container the controllers
/// it starts with (`controller/create`). The engine decides which option goes with which kind (``ControllerOption``),
/// checks everything before it creates anything, and sets the controller up in UIKit's order.
///
/// The controllers and views the spec names are ids, resolved by the engine in the order its checks need them, so a
/// refused spec fails at the same check whichever of its ids would fail later.
public struct ControllerSpec: Sendable {
  /// The class (`UIViewController`, `UINavigationController`, …).
  public var kind: ControllerKind
  /// The id to give it (nil: the next free `vc<n>`).
  public var id: String?
  /// A user subclass name (how UIKit prints it: `<MyViewController: vc1>`).
  public var className: String?
  public var title: String?
  public var restorationIdentifier: String?
  /// `shouldAutomaticallyForwardAppearanceMethods` (R9; default true).
  public var forwardsAppearance = true
  /// The kind of root view `loadView` makes (nil: a UITableView for a UITableViewController, else a UIView).
  public var viewKind: ViewKind?
  /// UITableViewController: the id of the UITableView it manages instead of its root view (seed 002's
  /// `override var tableView`).
  public var tableView: String?
  /// UITableViewController: `clearsSelectionOnViewWillAppear` (nil: UIKit's default, true).
  public var clearsSelectionOnViewWillAppear: Bool?
  /// A page's scroll view when its root view is not one (YSM's `childScrollView`): the id of a view inside it.
  public var scrollView: String?
  /// `additionalSafeAreaInsets` (nil: zero).
  public var additionalSafeAreaInsets: Insets?
  /// PagingContainerViewController: its header (required for that kind).
  public var pagingHeader: PagingHeader?
  /// PagingContainerViewController: the ids of its pages.
  public var pages: [String]?
  /// PagingContainerViewController: the header formula (nil: `defaultHeaderFormula`).
  public var headerFormula: Engine.PagingState.HeaderFormula?
  /// PagingContainerViewController: where an incoming page's offset goes (nil: `defaultPageSwitchOffset`).
  public var pageSwitchOffset: Engine.PagingState.PageSwitchOffset?
  /// PagingContainerViewController: the short-list inset (nil: `defaultShortListInset`).
  public var shortListInset: Bool?
  /// UINavigationController: the id of the root view controller, `init(rootViewController:)` (R20).
  public var root: String?
  /// UITabBarController: the ids of its tabs, `viewControllers` (R25).
  public var tabs: [String]?
  /// UITabBarController: the tab selected once the tabs are set (nil: the first).
  public var selectedIndex: Int?
  /// UIPageViewController: its options, data source, delegate and first pages (R31–R38; nil: the defaults, no pages).
  public var pageView: Engine.PageViewOptions?
  /// UISplitViewController: its style, columns, display mode, behaviour and delegate (R39–R45; nil: the defaults).
  public var split: Engine.SplitOptions?
  /// UINavigationController: a delegate is installed, which gets willShow / didShow (R51; nil: none).
  public var navigationDelegate: Bool?
  /// The bar settings (R68): a navigation controller's, a tab bar controller's, any controller's extended layout.
  public var bars = Engine.BarSettings()
  /// `definesPresentationContext` (R53; nil: the kind's default, `Engine.definesPresentationContext(_:)`).
  public var definesPresentationContext: Bool?
  /// `providesPresentationContextTransitionStyle` (R56; nil: false).
  public var providesPresentationContextTransitionStyle: Bool?
  /// `modalPresentationStyle` (nil: `pageSheet`).
  public var modalPresentationStyle: ModalPresentationStyle?
  /// `modalTransitionStyle` (nil: `coverVertical`).
  public var modalTransitionStyle: ModalTransitionStyle?
  /// `isModalInPresentation` (R58; nil: false).
  public var isModalInPresentation: Bool?

  /// A PagingContainerViewController's header: `height` of the user's header over a title bar (S3).
  public struct PagingHeader: Sendable, Equatable {
    public var height: Double
    public var titleBarHeight: Double
    public var hangingHeight: Double
    public init(
      height: Double, titleBarHeight: Double = PagingHeader.defaultTitleBarHeight,
      hangingHeight: Double = 0
    ) {
      self.height = height
      self.titleBarHeight = titleBarHeight
      self.hangingHeight = hangingHeight
    }
    /// The title bar's height when none is given: a navigation bar's 44 pt.
    public static let defaultTitleBarHeight = 44.0
  }

  /// YSM's formula, from the current page's offset alone (S3.1).
  public static let defaultHeaderFormula = Engine.PagingState.HeaderFormula.absolute
  /// YSM's page switch: the incoming page's content top right under the header (S3).
  public static let defaultPageSwitchOffset = Engine.PagingState.PageSwitchOffset.forced
  /// HJ's BottomInset plugin, on (S4.3).
  public static let defaultShortListInset = true

  public init(kind: ControllerKind = .viewController, id: String? = nil) {
    self.kind = kind
    self.id = id
  }
}

/// An option that one kind of controller alone takes: given to a controller of another kind, `makeController` refuses
/// it, and a scene refuses it in its document (the kinds are UIKit's: only a UINavigationController has a root view
/// controller and a stack, only a UITabBarController tabs and a selected index, only a UITableViewController a
/// `tableView` property, only the paging container a header and pages).
public enum ControllerOption: Sendable, CaseIterable {
  /// `UINavigationController(rootViewController:)` (R20).
  case rootViewController
  /// `UINavigationController.viewControllers` (R18, R21).
  case navigationStack
  /// `UITabBarController.viewControllers` (R25).
  case tabs
  /// `UITabBarController.selectedIndex` (R25).
  case selectedIndex
  /// `UITableViewController.tableView`: the table it manages (S2.8, seed 002).
  case tableView
  /// The paging container's header, pages and options (S3–S5).
  case pagingHeader, pages, headerFormula, pageSwitchOffset, shortListInset
  /// A UIPageViewController's transition style, orientation, spine, data source, delegate and first pages (R31–R38).
  case pageViewOptions

  /// The one kind that takes it.
  public var kind: ControllerKind {
    switch self {
    case .rootViewController, .navigationStack: return .navigationController
    case .tabs, .selectedIndex: return .tabBarController
    case .tableView: return .tableViewController
    case .pagingHeader, .pages, .headerFormula, .pageSwitchOffset, .shortListInset: return .pagingContainer
    case .pageViewOptions: return .pageViewController
    }
  }

  /// Whether a controller of `kind` takes this option.
  public func applies(to kind: ControllerKind) -> Bool { self.kind == kind }
}

extension ControllerKind {
  /// Levels between a container's root view and the root view of a child it shows (Engine+TreeDepth.swift): 1 for a
  /// navigation controller's top (R19) or a tab bar controller's selected tab (R3, R25), right under its view; 2 for
  /// a paging container's page, under the pager (S3); 1 for any other kind, whose children are
  /// embedded (a child's view added to the parent's, R4).
  public var shownChildViewLevels: Int { self == .pagingContainer ? 2 : 1 }

  /// Objects loading a controller of this kind's view makes at most (R1): the root view, plus what its viewDidLoad
  /// makes, an auto container's instantiated child and its view (seed 000), a paging container's header, title bar
  /// and pager (S3; the first page it attaches is a controller of its own, counted with it), a
  /// navigation controller's navigation bar and toolbar, a tab bar controller's tab bar (R68).
  public var objectsMadeByLoadingAtMost: Int {
    switch self {
    case .autoContainer: return 1 + Engine.autoContainerChildObjects
    case .pagingContainer: return 1 + Engine.pagingContainerViewObjects
    case .navigationController, .tabBarController: return 1 + Engine.barSuffixes(of: self).count
    default: return 1
    }
  }

  /// Levels of views that viewDidLoad puts under a new root view: an auto container's child's view (seed 000), a
  /// paging container's title bar inside its header (S3), a navigation or tab bar controller's bars
  /// (R68).
  public var viewLevelsMadeByLoading: Int {
    switch self {
    case .autoContainer: return 1
    case .pagingContainer: return 2
    case .navigationController, .tabBarController: return 1
    default: return 0
    }
  }

  /// Levels of controllers that viewDidLoad adds below the controller: an auto container's child (seed 000, R4).
  public var controllerLevelsMadeByLoading: Int { self == .autoContainer ? 1 : 0 }
}

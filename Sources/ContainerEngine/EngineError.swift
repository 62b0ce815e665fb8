/// Why the engine refused a call. The server maps it to a wire error in exactly one place (Server/).
///
/// Every case is raised before anything changes: a refused call leaves the world as it was and emits nothing.
///
/// An error never names a wire path: a refusal about one argument names it as the engine API does
/// (`EngineArgument`), and the server says where the request gave it.
public enum EngineError: Error, Sendable {
  /// No window, controller or view has this id.
  case unknownObject(String)
  /// An object with this id exists already (or the id is a view a paging container makes, `Engine.derivedViewSuffixes`);
  /// `argument` is the one that gave it.
  case idInUse(String, argument: EngineArgument = .id)
  /// UIKit would raise `exception` (e.g. `NSInvalidArgumentException`) with `reason`; `rule` is the id
  /// of the rule (Documentation/Modelled.md: an R-number, `A-hier`, `L-snap`, …) that says so, where one does.
  case uikitException(exception: String, reason: String, rule: String? = nil)
  /// The object's state forbids the call (e.g. destroying a controller that is still in a hierarchy).
  case invalidState(id: String, state: String, message: String)
  /// Creating the object would pass the `--max-objects` limit.
  case objectLimit(Int)
  /// The call would put a view or controller deeper than the `--max-tree-depth` limit (Engine+TreeDepth.swift).
  case treeDepthLimit(Int)
  /// The call would pass another limit of the engine's work: `name` (`maxConstraints`, `maxConstraintsPerView`) is
  /// the limit's name on the wire and `value` its setting.
  case limit(name: String, value: Int)
  /// `argument` is not one the call takes: an object of another kind than `expected`, or a kind, option or value the
  /// engine does not model.
  case unsupported(argument: EngineArgument, expected: String, message: String)

  /// The rule the refusal cites, where one applies (a UIKit exception's).
  public var rule: String? {
    guard case .uikitException(_, _, let rule) = self else { return nil }
    return rule
  }
}

extension EngineError: Equatable {
  /// The same refusal: the same case with the same values. The rule a UIKit exception cites is not compared: it says
  /// which rule raised it, not what was raised, so `.uikitException(exception:reason:)` matches whichever rule's code
  /// threw it (read `rule` to check that).
  public static func == (lhs: EngineError, rhs: EngineError) -> Bool {
    switch (lhs, rhs) {
    case (.unknownObject(let a), .unknownObject(let b)):
      return a == b
    case (.idInUse(let a, let argumentA), .idInUse(let b, let argumentB)):
      return a == b && argumentA == argumentB
    case (.uikitException(let exceptionA, let reasonA, _), .uikitException(let exceptionB, let reasonB, _)):
      return exceptionA == exceptionB && reasonA == reasonB
    case (.invalidState(let idA, let stateA, let messageA), .invalidState(let idB, let stateB, let messageB)):
      return idA == idB && stateA == stateB && messageA == messageB
    case (.objectLimit(let a), .objectLimit(let b)), (.treeDepthLimit(let a), .treeDepthLimit(let b)):
      return a == b
    case (.limit(let nameA, let valueA), .limit(let nameB, let valueB)):
      return nameA == nameB && valueA == valueB
    case (
      .unsupported(let argumentA, let expectedA, let messageA), .unsupported(let argumentB, let expectedB, let messageB)
    ):
      return argumentA == argumentB && expectedA == expectedB && messageA == messageB
    case (.unknownObject, _), (.idInUse, _), (.uikitException, _), (.invalidState, _), (.objectLimit, _),
      (.treeDepthLimit, _), (.limit, _), (.unsupported, _):
      return false
    }
  }
}

/// The argument of an engine call a refusal is about, named as the engine API names it. The server turns it into the
/// request's `data.path` (`params.window`, `params.constraints[2].toItem`).
public enum EngineArgument: Hashable, Sendable {
  /// The id a new object is given (`createWindow(id:)`, `createView(id:)`, `createController(id:)`).
  case id
  /// A view's kind (`createView(kind:)`).
  case kind
  /// The window a call is about (`setRoot(of:)`, `resize`, `hitTest`, `renderSVG`, `showKeyboard` …).
  case window
  /// The view a call is about (a scroll view's `scroll/*` call, a behaviour's view).
  case view
  /// A behaviour's scroll view (`addBehavior(scrollView:)`).
  case scrollView
  /// The table view a `table/*` call is about.
  case table
  /// A UITableViewController's overridden table view (`setManagedTable`).
  case tableView
  /// A table's data (`setData`).
  case sections
  /// The section of an index path.
  case section
  /// The row of an index path.
  case row
  /// A page index (`selectPage(index:)`).
  case index
  /// The paging container a `paging/*` call is about.
  case container
  /// A paging container's page list (`configurePaging(pages:)`, `setPages`, `ControllerSpec.pages`).
  case pages
  /// The page at this index of `ControllerSpec.pages`.
  case page(Int)
  /// A new tab bar controller's tab list (`ControllerSpec.tabs`).
  case tabs
  /// The tab at this index of `ControllerSpec.tabs`.
  case tab(Int)
  /// A new tab bar controller's selected index (`ControllerSpec.selectedIndex`).
  case selectedIndex
  /// A new navigation controller's root view controller (`ControllerSpec.root`).
  case root
  /// A new paging container's header and options (`ControllerSpec.pagingHeader`, `headerFormula`,
  /// `pageSwitchOffset`, `shortListInset`).
  case pagingHeader, headerFormula, pageSwitchOffset, shortListInset
  /// The navigation controller a call is about.
  case navigation
  /// The tab bar controller a call is about.
  case tabBar
  /// A field of the constraint at `index` of the list `addConstraints` is given; nil: of one of them, not said which.
  case constraint(Int?, ConstraintField)
  /// The id at `index` of the list `removeConstraints` is given.
  case ids(Int)
  /// The page view controller a call is about (R31–R38).
  case pageView
  /// The controller at `index` of the list a page view controller's `setViewControllers` is given (R32).
  case controllers(Int)
  /// A controller option given by its wire name (`navigationBarHidden`, `tabBarHidden`, …: R68's bar settings).
  case option(String)

  /// A field of a `ConstraintSpec`.
  public enum ConstraintField: String, Hashable, Sendable {
    case item, toItem, id
  }
}

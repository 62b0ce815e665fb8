import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// Issue 19's cycles: calls that used to close a cycle in the presentation chain, the view tree or the page lists (and
/// then hang the daemon in the next walk) are refused with UIKit's exception, changing nothing and emitting nothing;
/// the engine's own moves never close one either (the "never loops" guard). `TestSession` checks the invariants,
/// which now name any cycle, after every call.
@Suite struct CycleRefusalTests {
  typealias Call = (String, JSONValue)

  /// The -32001 error object for `exception` with `reason` (Documentation/Protocol.md, "Errors").
  static func exception(_ name: String, _ reason: String) -> JSONValue {
    [
      "code": -32001, "message": .string("\(name): \(reason)"),
      "data": ["exception": .string(name), "reason": .string(reason)],
    ]
  }

  /// Runs `setUp` (every call must succeed), then `refused`, which must answer `error`, leave `world/snapshot`
  /// byte-identical and emit no event (every kind subscribed).
  @discardableResult
  static func expectRefused(_ setUp: [Call], _ refused: Call, _ error: JSONValue) -> TestSession {
    let session = TestSession()
    session.call("events/subscribe", ["kinds": ["all"]])
    for (method, params) in setUp {
      let exchange = session.call(method, params)
      #expect(exchange.error == nil, "\(method) \(params.encodedString): \(exchange.response.encodedString)")
    }
    let before = session.snapshot()
    let exchange = session.call(refused.0, refused.1)
    #expect(exchange.error == error)
    #expect(exchange.events.isEmpty)
    #expect(session.snapshot() == before)
    return session
  }

  // MARK: - Case 1: presentation cycles (R28)

  static let presented: [Call] = [
    ("window/create", ["id": "w"]), ("controller/create", ["id": "root"]), ("controller/create", ["id": "c"]),
    ("controller/create", ["id": "d"]), ("window/setRoot", ["window": "w", "controller": "root"]),
    ("presentation/present", ["presenter": "root", "controller": "c", "animated": false]),
  ]

  struct PresentationCase: Sendable, CustomStringConvertible {
    var description: String
    var chainToD: Bool
    var presenter: String
    var controller: String
  }

  /// R28 (L-active): a controller that is presenting — the chain's first presenter (the window's root) or one in the
  /// middle — or already presented is active: presenting it raises, so no chain loops. Before the fix, the first case
  /// was accepted and `presentation/dismiss` then followed the loop, growing ~1 GB in 6 s.
  @Test(arguments: [
    PresentationCase(description: "c presents root", chainToD: false, presenter: "c", controller: "root"),
    PresentationCase(description: "d presents root", chainToD: true, presenter: "d", controller: "root"),
    PresentationCase(description: "d presents c", chainToD: true, presenter: "d", controller: "c"),
  ])
  func presentingAControllerInTheChainIsRefused(_ test: PresentationCase) {
    let setUp =
      Self.presented
      + (test.chainToD ? [("presentation/present", ["presenter": "c", "controller": "d", "animated": false])] : [])
    let session = Self.expectRefused(
      setUp,
      (
        "presentation/present",
        ["presenter": .string(test.presenter), "controller": .string(test.controller), "animated": false]
      ),
      Self.exception(
        "NSInvalidArgumentException",
        "Application tried to present modally an active controller <UIViewController: \(test.controller)>."))
    // The chain is intact: dismissing from the root takes down everything it presents, once.
    #expect(session.call("presentation/dismiss", ["controller": "root", "animated": false]).result == [:])
    #expect(session.call("controller/get", ["controller": "root"]).result?["presentedViewController"] == .null)
    #expect(session.call("controller/get", ["controller": "c"]).result?["presentingViewController"] == .null)
  }

  // MARK: - Case 2: cycles through lazy loads and installs

  /// The views around the place: c1.view in the window, v inside it.
  static let c1AroundV: [Call] = [
    ("window/create", ["id": "w"]), ("controller/create", ["id": "c1"]),
    ("view/addSubview", ["superview": "w", "view": "c1.view"]), ("view/create", ["id": "v"]),
    ("view/addSubview", ["superview": "c1.view", "view": "v"]),
  ]

  struct ViewCycleCase: Sendable, CustomStringConvertible {
    var description: String
    var setUp: [Call]
    var refused: Call
  }

  static let viewCycles: [ViewCycleCase] = [
    // The case: tabs.view loads, enters the window, and installs its selected tab's view c1.view (R3), an
    // ancestor of v, around itself.
    ViewCycleCase(
      description: "lazily loaded tab bar view",
      setUp: c1AroundV + [("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": ["c1"]])],
      refused: ("view/addSubview", ["superview": "v", "view": "tabs.view"])),
    ViewCycleCase(
      description: "lazily loaded navigation view",
      setUp: c1AroundV + [("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "c1"])],
      refused: ("view/addSubview", ["superview": "v", "view": "nav.view"])),
    // Loaded before, but off screen: the install comes with the appearance, not the load.
    ViewCycleCase(
      description: "loaded tab bar view entering the window",
      setUp: c1AroundV + [
        ("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": ["c1"]]),
        ("controller/loadView", ["controller": "tabs"]),
      ],
      refused: ("view/addSubview", ["superview": "v", "view": "tabs.view"])),
    // A paging container's load attaches its first page, c1, taking c1.view (and v) inside it.
    ViewCycleCase(
      description: "lazily loaded paging container",
      setUp: c1AroundV + [
        (
          "controller/create",
          ["id": "pager", "kind": "PagingContainerViewController", "header": ["height": 200], "pages": ["c1"]]
        )
      ],
      refused: ("view/addSubview", ["superview": "v", "view": "pager.view"])),
    // tabs.view sits inside its own tab's view off screen; that view entering the window makes tabs install it.
    ViewCycleCase(
      description: "container inside its tab's view entering the window",
      setUp: [
        ("window/create", ["id": "w"]), ("controller/create", ["id": "d"]),
        ("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": ["d"]]),
        ("view/addSubview", ["superview": "d.view", "view": "tabs.view"]),
      ],
      refused: ("view/addSubview", ["superview": "w", "view": "d.view"])),
    // window/setRoot and a presentation bring the same install into the window.
    ViewCycleCase(
      description: "window root carrying a container inside its tab's view",
      setUp: [
        ("window/create", ["id": "w"]), ("controller/create", ["id": "r"]), ("controller/create", ["id": "d"]),
        ("view/addSubview", ["superview": "r.view", "view": "d.view"]),
        ("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": ["d"]]),
        ("view/addSubview", ["superview": "d.view", "view": "tabs.view"]),
      ],
      refused: ("window/setRoot", ["window": "w", "controller": "r"])),
    ViewCycleCase(
      description: "presented controller carrying a container inside its tab's view",
      setUp: [
        ("window/create", ["id": "w"]), ("controller/create", ["id": "r"]), ("controller/create", ["id": "m"]),
        ("controller/create", ["id": "d"]), ("window/setRoot", ["window": "w", "controller": "r"]),
        ("view/addSubview", ["superview": "m.view", "view": "d.view"]),
        ("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": ["d"]]),
        ("view/addSubview", ["superview": "d.view", "view": "tabs.view"]),
      ],
      refused: ("presentation/present", ["presenter": "r", "controller": "m", "animated": false])),
    // embed and transition(from:to:) check the same final tree.
    ViewCycleCase(
      description: "embedded tab bar controller",
      setUp: [
        ("window/create", ["id": "w"]), ("controller/create", ["id": "c2"]),
        ("view/addSubview", ["superview": "w", "view": "c2.view"]), ("controller/create", ["id": "p"]),
        ("view/addSubview", ["superview": "c2.view", "view": "p.view"]), ("view/create", ["id": "u"]),
        ("view/addSubview", ["superview": "p.view", "view": "u"]),
        ("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": ["c2"]]),
      ],
      refused: ("containment/embed", ["parent": "p", "child": "tabs", "container": "u"])),
  ]

  @Test(arguments: viewCycles)
  func viewCyclesAreRefusedOnTheFinalTree(_ test: ViewCycleCase) {
    let session = Self.expectRefused(
      test.setUp, test.refused,
      Self.exception("NSInvalidArgumentException", "Can't add a view as a subview of its own descendant"))
    // Every walk still ends: a snapshot and a hit test answer.
    #expect(session.call("world/snapshot").result != nil)
    #expect(session.call("view/hitTest", ["window": "w", "point": ["x": 10, "y": 10]]).result != nil)
  }

  /// The "never loops" guard in the engine's own moves: an explicit begin makes a tab bar controller whose view a
  /// client put inside its selected tab's view install that tab (R3, R10), which would close a cycle; UIKit's
  /// addSubview would raise in the middle of the appearance [INF]. The engine leaves the view where it is and warns
  /// (rule `noCycle`); the call itself succeeds with its callbacks.
  @Test func anInstallThatWouldCloseACycleIsSkippedWithAWarning() {
    let session = TestSession()
    for (method, params) in [
      ("controller/create", ["id": "d"]),
      ("controller/create", ["id": "tabs", "kind": "UITabBarController", "controllers": ["d"]]),
      ("view/addSubview", ["superview": "d.view", "view": "tabs.view"]),
      ("events/subscribe", ["kinds": ["all"]]),
    ] as [Call] {
      #expect(session.call(method, params).error == nil)
    }
    let exchange = session.call("appearance/begin", ["controller": "tabs", "isAppearing": true])
    #expect(exchange.result == [:])
    #expect(
      exchange.trace == [
        "tabs.viewWillAppear R11",
        "warning: Can't add a view as a subview of its own descendant: d.view stays out of tabs.view noCycle",
      ])
    #expect(session.call("view/get", ["view": "tabs.view"]).result?["superview"] == "d.view")
  }

  // MARK: - Case 3: paging containers

  static let pagingHeader: JSONValue = ["height": 200]

  static func pager(_ id: String, _ pages: [String]) -> Call {
    (
      "controller/create",
      [
        "id": .string(id), "kind": "PagingContainerViewController", "header": pagingHeader,
        "pages": .array(pages.map { .string($0) }),
      ]
    )
  }

  /// addChild of an ancestor raises (the engine's A-hier family, [INF]); a page not shown yet counts as the child it
  /// becomes when shown, so a paging container cannot join its own pending page.
  @Test func aPagingContainerCannotBeEmbeddedIntoItsOwnPage() {
    let session = Self.expectRefused(
      [
        ("window/create", ["id": "w"]), ("controller/create", ["id": "c1"]), Self.pager("p", ["c1"]),
        ("window/setRoot", ["window": "w", "controller": "c1"]),
      ],
      ("containment/embed", ["parent": "c1", "child": "p"]),
      Self.exception(
        "NSInvalidArgumentException",
        "<PagingContainerViewController: p> is an ancestor of <UIViewController: c1> and cannot become its child"))
    #expect(session.call("paging/get", ["container": "p"]).result?["pages"] == [["controller": "c1", "loaded": true]])
  }

  /// Pushing it onto a navigation controller that is its pending page is the same cycle.
  @Test func aPagingContainerCannotBePushedOntoItsOwnPage() {
    Self.expectRefused(
      [
        ("controller/create", ["id": "c0"]),
        ("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "c0"]),
        Self.pager("p", ["nav"]),
      ],
      ("navigation/push", ["navigation": "nav", "controller": "p", "animated": false]),
      Self.exception(
        "NSInvalidArgumentException",
        "<UINavigationController: nav> is pushing the same view controller instance (<PagingContainerViewController: p>) more than once which is not supported and is most likely an error in the application"
      ))
  }

  /// Two containers that are each other's page: the first to show loaded the other, which attached the first, which
  /// attached the other… forever. Refused when the second list is set.
  @Test func twoPagingContainersCannotBeEachOthersPage() {
    let session = Self.expectRefused(
      [
        ("window/create", ["id": "w"]), ("controller/create", ["id": "c1"]), Self.pager("p1", ["c1"]),
        Self.pager("p2", ["p1"]),
      ],
      ("paging/setPages", ["container": "p1", "controllers": ["p2"]]),
      Self.exception(
        "NSInvalidArgumentException",
        "child view controller <PagingContainerViewController: p2> can't be its own ancestor's child"))
    #expect(session.call("window/setRoot", ["window": "w", "controller": "p2"]).result == [:])
    #expect(session.call("controller/get", ["controller": "p1"]).result?["parent"] == "p2")
  }

  /// A controller is the page of one container at most [INF]: listing another container's page is refused like
  /// listing a page another parent holds (UIViewControllerHierarchyInconsistency, that container as its parent).
  @Test(arguments: [false, true])
  func aControllerIsThePageOfOneContainerAtMost(_ bySetPages: Bool) {
    let setUp: [Call] = [("controller/create", ["id": "c1"]), Self.pager("p1", ["c1"])]
    let refused: Call =
      bySetPages
      ? ("paging/setPages", ["container": "p2", "controllers": ["c1"]]) : Self.pager("p2", ["c1"])
    Self.expectRefused(
      setUp + (bySetPages ? [Self.pager("p2", [])] : []), refused,
      Self.exception(
        "UIViewControllerHierarchyInconsistency",
        "child view controller:<UIViewController: c1> should have parent view controller:<PagingContainerViewController: p1> but requested parent is:<PagingContainerViewController: p2>"
      ))
  }

  /// A destroyed page that was never shown leaves its container's list: it is not listed by id afterwards, not even
  /// when a new controller takes its id; a destroyed container frees its pages.
  @Test func aDestroyedPendingPageLeavesTheList() {
    let session = TestSession()
    for call in [
      ("controller/create", ["id": "c1"]), ("controller/create", ["id": "c2"]), Self.pager("p1", ["c1", "c2"]),
      ("controller/destroy", ["controller": "c2"]), ("controller/create", ["id": "c2"]),
    ] as [Call] {
      #expect(session.call(call.0, call.1).error == nil)
    }
    #expect(
      session.call("paging/get", ["container": "p1"]).result?["pages"] == [["controller": "c1", "loaded": false]])
    #expect(session.call(Self.pager("p2", ["c2"]).0, Self.pager("p2", ["c2"]).1).error == nil)
    #expect(session.call("controller/destroy", ["controller": "p1"]).result == [:])
    #expect(session.call(Self.pager("p3", ["c1"]).0, Self.pager("p3", ["c1"]).1).error == nil)
  }

  /// Destroying a pending page of a container on screen lays its pager out again without it.
  @Test func aDestroyedPendingPageOfAShownContainerLeavesThePager() {
    let session = TestSession()
    for call in [
      ("window/create", ["id": "w"]), ("controller/create", ["id": "c1"]), ("controller/create", ["id": "c2"]),
      ("controller/create", ["id": "c3"]), Self.pager("p1", ["c1", "c2", "c3"]),
      ("window/setRoot", ["window": "w", "controller": "p1"]), ("controller/destroy", ["controller": "c3"]),
    ] as [Call] {
      #expect(session.call(call.0, call.1).error == nil)
    }
    #expect(
      session.call("paging/get", ["container": "p1"]).result?["pages"]?.arrayValue?.map { $0["controller"] }
        == ["c1", "c2"])
    #expect(session.call("scroll/get", ["view": "p1.pager"]).result?["contentSize"] == ["width": 780, "height": 844])
  }

  // MARK: - Case 4: the invariants name cycles

  /// A cycle no call can make any more, made by hand in the engine: the invariant check names it, and the walks
  /// that meet it end (bounded by `chainWalkLimit`) instead of spinning.
  @Test func theInvariantsNameACycleAndWalksEnd() throws {
    let engine = Engine()
    let a = try engine.createView(id: "a", kind: .UIView, frame: nil, autoresizingMask: [], text: nil)
    let b = try engine.createView(id: "b", kind: .UIView, frame: nil, autoresizingMask: [], text: nil)
    try engine.addSubview(.view(b), to: .view(a), at: nil)
    engine.testOnly_closeViewCycle(a, under: b)
    #expect(
      engine.testOnly_checkInvariants().filter { $0.contains("ancestor") }.sorted()
        == ["a is its own ancestor view", "b is its own ancestor view"])
    #expect(a.window == nil)
    #expect(b.isDescendant(of: a))
  }
}

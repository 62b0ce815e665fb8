import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// Documentation/Protocol.md, "Errors": a call that fails changes nothing and emits nothing, and a read finds a quiet
/// world. Each test states the exact answer, and that `world/snapshot` is byte-identical before and after with no event
/// written (Tests/containerdTests/FailingCallTests.swift runs the same cases through the binary with stdin open).
@Suite struct FailingCallTests {
  /// The reply to `view/get nope`.
  static let unknownNope: JSONValue = ["code": -32000, "data": ["id": "nope"], "message": "Unknown object: nope"]

  /// Runs `method` and expects `error`, no event and the same snapshot before and after.
  static func expectRefused(
    _ session: TestSession, _ method: String, _ params: JSONValue, _ error: JSONValue,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let before = session.snapshot()
    let exchange = session.call(method, params)
    #expect(exchange.error == error, sourceLocation: sourceLocation)
    #expect(exchange.events == [], sourceLocation: sourceLocation)
    #expect(session.snapshot() == before, sourceLocation: sourceLocation)
  }

  /// Runs a read and expects no event and the same snapshot before and after; returns its result.
  @discardableResult
  static func expectQuietRead(
    _ session: TestSession, _ method: String, _ params: JSONValue, sourceLocation: SourceLocation = #_sourceLocation
  ) -> JSONValue? {
    let before = session.snapshot()
    let exchange = session.call(method, params)
    #expect(exchange.events == [], sourceLocation: sourceLocation)
    #expect(session.snapshot() == before, sourceLocation: sourceLocation)
    return exchange.result
  }

  // MARK: - A turn's end settles layout

  /// A table's header kept at the top by a pinToTop behaviour and laid out by a constraint: when the table enters the
  /// window, the safe area moves its offset (-47), the behaviour moves the header, and the layout the constraint asks
  /// for again comes in the same turn's end (it came in the next turn's: a failing `view/get nope` moved the header
  /// back to y = 10 and wrote three events).
  static func pinnedHeader(_ session: TestSession) {
    session.call("window/create", ["id": "w"])
    session.call("controller/create", ["id": "list", "kind": "UITableViewController"])
    session.call("view/create", ["id": "h", "frame": ["x": 0, "y": 0, "width": 390, "height": 50]])
    session.call("view/addSubview", ["superview": "list.view", "view": "h"])
    session.call("behavior/add", ["kind": "pinToTop", "view": "h", "scrollView": "list.view"])
    session.call(
      "layout/addConstraints",
      ["constraints": [["item": "h", "attribute": "top", "toItem": "list.view", "constant": 10]]])
    session.call("events/subscribe", ["kinds": ["all"]])
  }

  @Test func aPinnedAndConstrainedViewSettlesInItsTurn() {
    let session = TestSession()
    Self.pinnedHeader(session)
    let shown = session.call("window/setRoot", ["window": "w", "controller": "list"])
    let frames = shown.events.filter { $0["method"] == "event/layout" }.map { $0["params"]?["frame"]?["y"] }
    #expect(frames == [10, -47, 10])
    Self.expectRefused(session, "view/get", ["view": "nope"], Self.unknownNope)
    let header = Self.expectQuietRead(session, "view/get", ["view": "h"])
    #expect(header?["frame"] == ["x": 0, "y": 10, "width": 0, "height": 0])
  }

  /// A constraint on a paging container's page, which the pager lays out too: the two writers of its frame never
  /// agree, so the turn's end stops after one pass (8 rounds) with a warning, and the turns after it are quiet (each
  /// wrote those 32 events again, before every reply).
  @Test func aConstrainedPageWarnsOnceAndLeavesAQuietWorld() {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    session.call("controller/create", ["id": "p1", "kind": "UITableViewController"])
    session.call("controller/create", ["id": "p2", "kind": "UITableViewController"])
    session.call(
      "controller/create",
      ["id": "pc", "kind": "PagingContainerViewController", "header": ["height": 200], "pages": ["p1", "p2"]])
    session.call("window/setRoot", ["window": "w", "controller": "pc"])
    let added = session.call(
      "layout/addConstraints", ["constraints": [["item": "p1.view", "attribute": "width", "constant": 100]]])
    #expect(added.result == ["ids": ["c1"]])
    #expect(
      added.trace == [
        "warning: containerd: layout did not settle (a layout pass still had work after 8 rounds, or layout and "
          + "scrolling kept moving each other for 8 passes); frames stay as the last pass left them limit"
      ])
    #expect(added.events.first?["params"]?["object"] == "p1.view")
    session.call("events/subscribe", ["kinds": ["all"]])
    #expect(Self.expectQuietRead(session, "daemon/ping", [:]) == ["pong": true])
    Self.expectRefused(session, "view/get", ["view": "nope"], Self.unknownNope)
    let page = Self.expectQuietRead(session, "view/get", ["view": "p1.view"])
    #expect(page?["frame"] == ["x": 0, "y": 0, "width": 390, "height": 844])
  }

  /// Window `w` holding `p` (100 × 100), which holds `c` (100 × 100, flexible width): a constraint on `p` that reads
  /// `c` feeds on itself.
  static func addParentWithAutoresizingChild(_ session: TestSession) {
    session.call("window/create", ["id": "w"])
    session.call("view/create", ["id": "p", "frame": ["x": 0, "y": 0, "width": 100, "height": 100]])
    session.call(
      "view/create",
      ["id": "c", "frame": ["x": 0, "y": 0, "width": 100, "height": 100], "autoresizingMask": ["flexibleWidth"]])
    session.call("view/addSubview", ["superview": "p", "view": "c"])
    session.call("view/addSubview", ["superview": "w", "view": "p"])
  }

  /// A constraint that reads a subview which autoresizes with it (p.width = c.width + 10, c flexibleWidth) feeds on
  /// itself: each layout round grows both by 10. The turn's end stops it after one pass with a warning; in manual
  /// clock mode it grew by 80 before every reply, a refused one included.
  @Test func aLayoutFeedingOnItselfStopsAtTheTurnsEnd() {
    let session = TestSession()
    session.call("clock/configure", ["mode": "manual"])
    Self.addParentWithAutoresizingChild(session)
    let added = session.call(
      "layout/addConstraints",
      [
        "constraints": [
          ["item": "p", "attribute": "width", "toItem": "c", "constant": 10],
          ["item": "p", "attribute": "height", "constant": 10],
        ]
      ])
    #expect(added.result == ["ids": ["c1", "c2"]])
    #expect(added.events.map { $0["params"]?["object"] } == ["p"])
    session.call("events/subscribe", ["kinds": ["all"]])
    Self.expectRefused(session, "view/get", ["view": "nope"], Self.unknownNope)
    let parent = Self.expectQuietRead(session, "view/get", ["view": "p"])
    #expect(parent?["frame"] == ["x": 0, "y": 0, "width": 180, "height": 10])
  }

  /// The same feedback through a multiplier grows frames threefold a round; each turn that changes anything runs it
  /// again, and frames stop at the ±1e9 bound of coordinates (they reached 1e36 after 8 such turns, then infinity).
  @Test func framesStayWithinTheCoordinateBound() {
    let session = TestSession()
    Self.addParentWithAutoresizingChild(session)
    session.call(
      "layout/addConstraints",
      ["constraints": [["item": "p", "attribute": "width", "toItem": "c", "multiplier": 3]]])
    for height in 0..<8 {
      session.call(
        "view/setFrame", ["view": "w", "frame": ["x": 0, "y": 0, "width": 390, "height": .int(800 + Int64(height))]])
    }
    #expect(session.call("view/get", ["view": "p"]).result?["frame"]?["width"] == 1_000_000_000)
    #expect(session.call("view/get", ["view": "c"]).result?["frame"]?["width"] == 1_000_000_000)
    Self.expectRefused(session, "view/get", ["view": "nope"], Self.unknownNope)
  }

  // MARK: - Auto ids never take a client's; a whole request is checked before anything changes

  /// A scene's unnamed controller built first took `vc1`, the id the next one asks for: -32603, and the first one
  /// stayed. The document's names and ids are reserved while it is built.
  @Test func aScenesAutoIDsSkipTheIDsItNames() {
    let session = TestSession()
    let loaded = session.call("scene/load", ["scene": json(#"{"controllers":[{},{"id":"vc1"}]}"#)])
    #expect(loaded.result == ["ids": ["vc1": "vc1"]])
    #expect(session.call("controller/get", ["controller": "vc2"]).result?["kind"] == "UIViewController")
    #expect(session.call("controller/get", ["controller": "vc1"]).result?["kind"] == "UIViewController")
  }

  /// An id in a scene that is one of the views a paging container of the same scene makes is refused whole, before
  /// anything is built (it was built, then overwritten by the container's header).
  @Test func aSceneIDOfAPagingContainersViewIsRefused() {
    let session = TestSession()
    Self.expectRefused(
      session, "scene/load",
      [
        "scene": json(
          #"{"controllers":[{"name":"p","kind":"PagingContainerViewController","header":{"height":10}},"#
            + #"{"view":{"subviews":[{"id":"p.header"}]}}]}"#)
      ],
      [
        "code": -32602,
        "data": ["path": "params.scene.controllers[1].view.subviews[0].id", "expected": "an id not in use"],
        "message": "Invalid params: p.header is the id of the header view of paging container p",
      ])
  }

  /// A scene's table whose rows add up past the ±1e9 coordinate bound is refused whole, before anything is built: it was
  /// -32603 "failed after validation", with the window and the controller left behind.
  @Test func aScenesTablePastTheCoordinateBoundBuildsNothing() {
    let session = TestSession()
    Self.expectRefused(
      session, "scene/load",
      [
        "scene": json(
          #"{"windows":[{"name":"w","root":{"kind":"UITableViewController","name":"t","table":{"register":["cell"],"#
            + #""sections":[{"identifier":"cell","rowCount":1000000000,"rowHeight":44}]}}}]}"#)
      ],
      [
        "code": -32602,
        "data": [
          "path": "params.scene.windows[0].root.table.sections",
          "expected": "a content height (headers, rows and footers) of at most 1000000000",
        ],
        "message": "Invalid params: the sections add up to a content height of 44000000000.0, past 1e9 points",
      ])
  }

  /// A view created as `p.header` before the paging container `p`: the container is refused (its header would take
  /// the id); an unnamed paging container skips the auto ids whose views are taken.
  @Test func aPagingContainerNeverTakesAClientsViewID() {
    let session = TestSession()
    session.call("view/create", ["id": "p.header"])
    session.call("view/create", ["id": "vc1.pager"])
    Self.expectRefused(
      session, "controller/create", ["id": "p", "kind": "PagingContainerViewController", "header": ["height": 10]],
      [
        "code": -32602, "data": ["path": "params.id", "expected": "an id not in use"],
        "message": "Invalid params: id p.header is already in use",
      ])
    let created = session.call(
      "controller/create", ["kind": "PagingContainerViewController", "header": ["height": 10]])
    #expect(created.result == ["id": "vc2", "view": "vc2.view"])
    Self.expectRefused(
      session, "view/create", ["id": "vc2.titleBar"],
      [
        "code": -32602, "data": ["path": "params.id", "expected": "an id not in use"],
        "message": "Invalid params: id vc2.titleBar is already in use",
      ])
  }

  /// An unnamed constraint before a named `c1` in the same call took `c1` too: `["c1","c1"]`, one of them orphaned.
  @Test func unnamedConstraintsSkipTheNamesOfTheirCall() {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    let added = session.call(
      "layout/addConstraints",
      [
        "constraints": [
          ["item": "w", "attribute": "width", "constant": 5],
          ["id": "c1", "item": "w", "attribute": "height", "constant": 5],
        ]
      ])
    #expect(added.result == ["ids": ["c2", "c1"]])
    #expect(session.call("layout/removeConstraints", ["ids": ["c1", "c2"]]).result == [:])
    Self.expectRefused(
      session, "layout/removeConstraints", ["ids": ["c1"]],
      ["code": -32000, "data": ["id": "c1"], "message": "Unknown object: c1"])
  }

  /// An id given twice in one call, or one a view has (one namespace, Documentation/Protocol.md, "Objects and ids"), is
  /// refused at its element.
  @Test func constraintIDsAreCheckedWholeBeforeAnyIsAdded() {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    Self.expectRefused(
      session, "layout/addConstraints",
      [
        "constraints": [
          ["id": "k", "item": "w", "attribute": "width", "constant": 5],
          ["id": "k", "item": "w", "attribute": "height", "constant": 5],
        ]
      ],
      [
        "code": -32602, "data": ["path": "params.constraints[1].id", "expected": "an id not in use"],
        "message": "Invalid params: id k is already in use",
      ])
    Self.expectRefused(
      session, "layout/addConstraints",
      [
        "constraints": [
          ["id": "k", "item": "w", "attribute": "width", "constant": 5],
          ["id": "w", "item": "w", "attribute": "height", "constant": 5],
        ]
      ],
      [
        "code": -32602, "data": ["path": "params.constraints[1].id", "expected": "an id not in use"],
        "message": "Invalid params: id w is already in use",
      ])
    session.call(
      "layout/addConstraints", ["constraints": [["id": "k", "item": "w", "attribute": "width", "constant": 5]]])
    Self.expectRefused(
      session, "view/create", ["id": "k"],
      [
        "code": -32602, "data": ["path": "params.id", "expected": "an id not in use"],
        "message": "Invalid params: id k is already in use",
      ])
  }

  // MARK: - An object of the wrong kind is a mistyped parameter, in every method

  /// One world with an object of each family: windows, controllers of each container kind, views, a scroll view, a
  /// constraint (`k1`) and a behaviour (`b1`).
  static let kindsWorld: [(String, String)] = [
    ("window/create", #"{"id":"w"}"#), ("controller/create", #"{"id":"c1"}"#), ("controller/create", #"{"id":"c2"}"#),
    ("controller/create", #"{"id":"c3"}"#),
    ("controller/create", #"{"id":"nav","kind":"UINavigationController","root":"c2"}"#),
    ("controller/create", #"{"id":"tabs","kind":"UITabBarController","controllers":[]}"#),
    ("controller/create", #"{"id":"pg","kind":"PagingContainerViewController","header":{"height":100},"pages":[]}"#),
    ("controller/create", #"{"id":"list","kind":"UITableViewController"}"#),
    ("controller/loadView", #"{"controller":"c1"}"#), ("view/create", #"{"id":"v1"}"#),
    ("view/create", #"{"id":"s1","kind":"UIScrollView"}"#), ("view/addSubview", #"{"superview":"s1","view":"v1"}"#),
    ("layout/addConstraints", #"{"constraints":[{"id":"k1","item":"v1","attribute":"width","constant":5}]}"#),
    ("behavior/add", #"{"id":"b1","kind":"pinToTop","view":"v1","scrollView":"s1"}"#),
  ]

  /// Every method that takes an object id, each id parameter given an existing object of another family (a view
  /// where a controller goes, a controller where a view goes, a constraint, a behaviour): -32602 at that parameter
  /// with the kind it takes, as a wrong kind of the same family (a UIView where a UITableView goes) always was (these
  /// were -32000 "Unknown object"); nothing changes and nothing is emitted. -32000 stays for ids that name nothing.
  @Test(arguments: [
    (
      #"appearance/begin"#, #"{"controller":"v1","isAppearing":true}"#, #"params.controller"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"appearance/callDirectly"#, #"{"controller":"v1","callback":"viewWillAppear"}"#, #"params.controller"#,
      #"a UIViewController"#, #"v1 is a view, not a controller"#
    ),
    (
      #"appearance/end"#, #"{"controller":"v1"}"#, #"params.controller"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"behavior/add"#, #"{"kind":"followOffset","view":"c1","scrollView":"s1"}"#, #"params.view"#, #"a UIView"#,
      #"c1 is a view controller, not a view; its view is c1.view"#
    ),
    (
      #"behavior/add"#, #"{"kind":"followOffset","view":"v1","scrollView":"c1"}"#, #"params.scrollView"#,
      #"a UIScrollView or UITableView"#, #"c1 is a view controller, not a scroll view"#
    ),
    (#"behavior/remove"#, #"{"id":"v1"}"#, #"params.id"#, #"a behavior"#, #"v1 is a view, not a behavior"#),
    (
      #"containment/addChild"#, #"{"parent":"v1","child":"c3"}"#, #"params.parent"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"containment/addChild"#, #"{"parent":"c1","child":"v1"}"#, #"params.child"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"containment/didMove"#, #"{"parent":"v1","child":"c3"}"#, #"params.parent"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"containment/didMove"#, #"{"parent":"c1","child":"v1"}"#, #"params.child"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"containment/willMove"#, #"{"parent":"v1","child":"c3"}"#, #"params.parent"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"containment/willMove"#, #"{"parent":"c1","child":"v1"}"#, #"params.child"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"containment/embed"#, #"{"parent":"v1","child":"c3"}"#, #"params.parent"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"containment/embed"#, #"{"parent":"c1","child":"v1"}"#, #"params.child"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"containment/embed"#, #"{"parent":"c1","child":"c3","container":"c1"}"#, #"params.container"#, #"a UIView"#,
      #"c1 is a view controller, not a view; its view is c1.view"#
    ),
    (
      #"containment/removeFromParent"#, #"{"child":"v1"}"#, #"params.child"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"containment/unembed"#, #"{"child":"v1"}"#, #"params.child"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"containment/transition"#, #"{"parent":"v1","from":"c3","to":"c2"}"#, #"params.parent"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"containment/transition"#, #"{"parent":"c1","from":"v1","to":"c2"}"#, #"params.from"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"containment/transition"#, #"{"parent":"c1","from":"c3","to":"v1"}"#, #"params.to"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"controller/configure"#, #"{"controller":"v1"}"#, #"params.controller"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"controller/destroy"#, #"{"controller":"v1"}"#, #"params.controller"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"controller/get"#, #"{"controller":"v1"}"#, #"params.controller"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"controller/loadView"#, #"{"controller":"v1"}"#, #"params.controller"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"controller/unloadView"#, #"{"controller":"v1"}"#, #"params.controller"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"controller/create"#, #"{"kind":"UINavigationController","root":"v1"}"#, #"params.root"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"controller/create"#, #"{"kind":"UITabBarController","controllers":["v1"]}"#, #"params.controllers[0]"#,
      #"a UIViewController"#, #"v1 is a view, not a controller"#
    ),
    (
      #"controller/create"#, #"{"kind":"PagingContainerViewController","header":{"height":1},"pages":["v1"]}"#,
      #"params.pages[0]"#, #"a UIViewController"#, #"v1 is a view, not a controller"#
    ),
    (
      #"keyboard/show"#, #"{"window":"v1","height":300}"#, #"params.window"#, #"a UIWindow"#,
      #"v1 is a view, not a window"#
    ),
    (#"keyboard/hide"#, #"{"window":"v1"}"#, #"params.window"#, #"a UIWindow"#, #"v1 is a view, not a window"#),
    (
      #"layout/layoutIfNeeded"#, #"{"view":"c1"}"#, #"params.view"#, #"a UIView"#,
      #"c1 is a view controller, not a view; its view is c1.view"#
    ),
    (
      #"layout/removeConstraints"#, #"{"ids":["v1"]}"#, #"params.ids[0]"#, #"an NSLayoutConstraint"#,
      #"v1 is a view, not a constraint"#
    ),
    (
      #"layout/addConstraints"#, #"{"constraints":[{"item":"c1","attribute":"height","constant":5}]}"#,
      #"params.constraints[0].item"#, #"a UIView or a layout guide (<view>.safeAreaLayoutGuide)"#,
      #"c1 is a view controller, not a view or layout guide (<view>.safeAreaLayoutGuide); its view is c1.view"#
    ),
    (
      #"navigation/interactivePop"#, #"{"navigation":"c1","action":"begin"}"#, #"params.navigation"#,
      #"a UINavigationController"#, #"c1 is a view controller, not a navigation controller"#
    ),
    (
      #"navigation/pop"#, #"{"navigation":"c1"}"#, #"params.navigation"#, #"a UINavigationController"#,
      #"c1 is a view controller, not a navigation controller"#
    ),
    (
      #"navigation/popTo"#, #"{"navigation":"c1","controller":"c2"}"#, #"params.navigation"#,
      #"a UINavigationController"#, #"c1 is a view controller, not a navigation controller"#
    ),
    (
      #"navigation/popTo"#, #"{"navigation":"nav","controller":"v1"}"#, #"params.controller"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"navigation/popToRoot"#, #"{"navigation":"c1"}"#, #"params.navigation"#, #"a UINavigationController"#,
      #"c1 is a view controller, not a navigation controller"#
    ),
    (
      #"navigation/push"#, #"{"navigation":"c1","controller":"c3"}"#, #"params.navigation"#,
      #"a UINavigationController"#, #"c1 is a view controller, not a navigation controller"#
    ),
    (
      #"navigation/push"#, #"{"navigation":"nav","controller":"v1"}"#, #"params.controller"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"navigation/setViewControllers"#, #"{"navigation":"c1","controllers":["c2"]}"#, #"params.navigation"#,
      #"a UINavigationController"#, #"c1 is a view controller, not a navigation controller"#
    ),
    (
      #"navigation/setViewControllers"#, #"{"navigation":"nav","controllers":["c2","v1"]}"#, #"params.controllers[1]"#,
      #"a UIViewController"#, #"v1 is a view, not a controller"#
    ),
    (
      #"paging/get"#, #"{"container":"c1"}"#, #"params.container"#, #"a PagingContainerViewController"#,
      #"c1 is a view controller, not a paging container"#
    ),
    (
      #"paging/select"#, #"{"container":"c1","index":0}"#, #"params.container"#, #"a PagingContainerViewController"#,
      #"c1 is a view controller, not a paging container"#
    ),
    (
      #"paging/setPages"#, #"{"container":"c1","controllers":["c3"]}"#, #"params.container"#,
      #"a PagingContainerViewController"#, #"c1 is a view controller, not a paging container"#
    ),
    (
      #"paging/setPages"#, #"{"container":"pg","controllers":["v1"]}"#, #"params.controllers[0]"#,
      #"a UIViewController"#, #"v1 is a view, not a controller"#
    ),
    (
      #"presentation/dismiss"#, #"{"controller":"v1"}"#, #"params.controller"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"presentation/present"#, #"{"presenter":"v1","controller":"c3"}"#, #"params.presenter"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"presentation/present"#, #"{"presenter":"c1","controller":"v1"}"#, #"params.controller"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"scroll/configure"#, #"{"view":"c1"}"#, #"params.view"#, #"a UIScrollView or UITableView"#,
      #"c1 is a view controller, not a scroll view"#
    ),
    (
      #"scroll/fling"#, #"{"view":"c1","velocity":{"x":0,"y":100}}"#, #"params.view"#,
      #"a UIScrollView or UITableView"#, #"c1 is a view controller, not a scroll view"#
    ),
    (
      #"scroll/get"#, #"{"view":"c1"}"#, #"params.view"#, #"a UIScrollView or UITableView"#,
      #"c1 is a view controller, not a scroll view"#
    ),
    (
      #"scroll/pan"#, #"{"view":"c1","phase":"began","translation":{"x":0,"y":0}}"#, #"params.view"#,
      #"a UIScrollView or UITableView"#, #"c1 is a view controller, not a scroll view"#
    ),
    (
      #"scroll/scrollRectToVisible"#, #"{"view":"c1","rect":{"x":0,"y":0,"width":1,"height":1}}"#, #"params.view"#,
      #"a UIScrollView or UITableView"#, #"c1 is a view controller, not a scroll view"#
    ),
    (
      #"scroll/setContentOffset"#, #"{"view":"c1","offset":{"x":0,"y":0}}"#, #"params.view"#,
      #"a UIScrollView or UITableView"#, #"c1 is a view controller, not a scroll view"#
    ),
    (
      #"tab/select"#, #"{"tabBar":"c1","index":0}"#, #"params.tabBar"#, #"a UITabBarController"#,
      #"c1 is a view controller, not a tab bar controller"#
    ),
    (
      #"tab/select"#, #"{"tabBar":"tabs","controller":"v1"}"#, #"params.controller"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (
      #"tab/setViewControllers"#, #"{"tabBar":"c1","controllers":["c3"]}"#, #"params.tabBar"#, #"a UITabBarController"#,
      #"c1 is a view controller, not a tab bar controller"#
    ),
    (
      #"tab/setViewControllers"#, #"{"tabBar":"tabs","controllers":["v1"]}"#, #"params.controllers[0]"#,
      #"a UIViewController"#, #"v1 is a view, not a controller"#
    ),
    (
      #"table/get"#, #"{"table":"c1"}"#, #"params.table"#, #"a UITableView"#,
      #"c1 is a view controller, not a table view"#
    ),
    (
      #"table/rectForRow"#, #"{"table":"c1","section":0,"row":0}"#, #"params.table"#, #"a UITableView"#,
      #"c1 is a view controller, not a table view"#
    ),
    (
      #"table/register"#, #"{"table":"c1","identifier":"x"}"#, #"params.table"#, #"a UITableView"#,
      #"c1 is a view controller, not a table view"#
    ),
    (
      #"table/scrollToRow"#, #"{"table":"c1","section":0,"row":0,"position":"top"}"#, #"params.table"#,
      #"a UITableView"#, #"c1 is a view controller, not a table view"#
    ),
    (
      #"table/select"#, #"{"table":"c1","section":0,"row":0}"#, #"params.table"#, #"a UITableView"#,
      #"c1 is a view controller, not a table view"#
    ),
    (
      #"table/setData"#, #"{"table":"c1","sections":[]}"#, #"params.table"#, #"a UITableView"#,
      #"c1 is a view controller, not a table view"#
    ),
    (
      #"table/visibleRows"#, #"{"table":"c1"}"#, #"params.table"#, #"a UITableView"#,
      #"c1 is a view controller, not a table view"#
    ),
    (
      #"view/addSubview"#, #"{"superview":"c1","view":"s1"}"#, #"params.superview"#, #"a UIView"#,
      #"c1 is a view controller, not a view; its view is c1.view"#
    ),
    (
      #"view/addSubview"#, #"{"superview":"c1.view","view":"c1"}"#, #"params.view"#, #"a UIView"#,
      #"c1 is a view controller, not a view; its view is c1.view"#
    ),
    (
      #"view/bringSubviewToFront"#, #"{"view":"c1"}"#, #"params.view"#, #"a UIView"#,
      #"c1 is a view controller, not a view; its view is c1.view"#
    ),
    (
      #"view/configure"#, #"{"view":"c1"}"#, #"params.view"#, #"a UIView"#,
      #"c1 is a view controller, not a view; its view is c1.view"#
    ),
    (
      #"view/focus"#, #"{"view":"c1"}"#, #"params.view"#, #"a UIView"#,
      #"c1 is a view controller, not a view; its view is c1.view"#
    ),
    (
      #"view/get"#, #"{"view":"c1"}"#, #"params.view"#, #"a UIView"#,
      #"c1 is a view controller, not a view; its view is c1.view"#
    ),
    (
      #"view/hitTest"#, #"{"window":"v1","point":{"x":1,"y":1}}"#, #"params.window"#, #"a UIWindow"#,
      #"v1 is a view, not a window"#
    ),
    (
      #"view/removeFromSuperview"#, #"{"view":"c1"}"#, #"params.view"#, #"a UIView"#,
      #"c1 is a view controller, not a view; its view is c1.view"#
    ),
    (
      #"view/setFrame"#, #"{"view":"c1","frame":{"x":0,"y":0,"width":1,"height":1}}"#, #"params.view"#, #"a UIView"#,
      #"c1 is a view controller, not a view; its view is c1.view"#
    ),
    (
      #"window/resize"#, #"{"window":"v1","width":300,"height":300}"#, #"params.window"#, #"a UIWindow"#,
      #"v1 is a view, not a window"#
    ),
    (
      #"window/setRoot"#, #"{"window":"v1","controller":"c1"}"#, #"params.window"#, #"a UIWindow"#,
      #"v1 is a view, not a window"#
    ),
    (
      #"window/setRoot"#, #"{"window":"w","controller":"v1"}"#, #"params.controller"#, #"a UIViewController"#,
      #"v1 is a view, not a controller"#
    ),
    (#"world/render"#, #"{"window":"v1"}"#, #"params.window"#, #"a UIWindow"#, #"v1 is a view, not a window"#),
    (
      #"world/snapshot"#, #"{"root":"k1"}"#, #"params.root"#, #"a UIViewController or UIView"#,
      #"k1 is a constraint, not a controller or view"#
    ),
  ])
  func anObjectOfAnotherKindIsAMistypedParameter(
    _ method: String, _ params: String, _ path: String, _ expected: String, _ message: String
  ) {
    let session = TestSession()
    for (setupMethod, setupParams) in Self.kindsWorld {
      #expect(session.call(setupMethod, json(setupParams)).error == nil)
    }
    session.call("events/subscribe", ["kinds": ["all"]])
    Self.expectRefused(
      session, method, json(params),
      [
        "code": -32602, "data": ["path": .string(path), "expected": .string(expected)],
        "message": .string("Invalid params: \(message)"),
      ])
  }
}

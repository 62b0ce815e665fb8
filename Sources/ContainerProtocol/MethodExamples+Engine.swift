/// The examples of the engine's methods (see `Methods.examples`).
extension Methods {
  static let controllerExamples: [String: MethodExample] = [
    "appearance/begin": MethodExample(
      "A custom container begins showing a child", setup: [Setup.controller("child")],
      params: #"{"controller":"child","isAppearing":true}"#),
    "appearance/callDirectly": MethodExample(
      "App code calls viewWillAppear itself (R12)", setup: Setup.shown,
      params: #"{"controller":"root","callback":"viewWillAppear"}"#),
    "appearance/end": MethodExample(
      "The container ends the transition",
      setup: [
        Setup.controller("child"),
        ExampleCall("appearance/begin", #"{"controller":"child","isAppearing":true}"#),
      ], params: #"{"controller":"child"}"#),
    "behavior/add": MethodExample(
      "Pin a header to the top of a scroll view",
      setup: Setup.scroll + [
        ExampleCall("view/create", #"{"id":"header","frame":{"x":0,"y":0,"width":390,"height":60}}"#),
        ExampleCall("view/addSubview", #"{"superview":"scroll","view":"header"}"#),
      ], params: #"{"kind":"pinToTop","view":"header","scrollView":"scroll"}"#),
    "behavior/remove": MethodExample(
      "Remove it again",
      setup: Setup.scroll + [
        ExampleCall("view/create", #"{"id":"header"}"#),
        ExampleCall("view/addSubview", #"{"superview":"scroll","view":"header"}"#),
        ExampleCall("behavior/add", #"{"id":"pin","kind":"pinToTop","view":"header","scrollView":"scroll"}"#),
      ], params: #"{"id":"pin"}"#),
    "class/register": MethodExample(
      "Declare a subclass for an auto container", params: #"{"name":"ProfileViewController"}"#),
    "clock/advance": MethodExample(
      "Advance through half an animated push in manual mode",
      setup: Setup.navigation + [
        ExampleCall("clock/configure", #"{"mode":"manual"}"#), Setup.controller("detail"),
        ExampleCall("navigation/push", #"{"navigation":"nav","controller":"detail"}"#),
      ], params: #"{"ms":600}"#),
    "clock/configure": MethodExample("Drive animations by hand", params: #"{"mode":"manual","fps":60}"#),
    "clock/now": MethodExample("Read the virtual time"),
    "containment/addChild": MethodExample(
      "Add a child (willMove comes automatically)", setup: Setup.shown + [Setup.controller("child")],
      params: #"{"parent":"root","child":"child"}"#),
    "containment/didMove": MethodExample(
      "The container's didMove after adding the child's view",
      setup: Setup.shown + [
        Setup.controller("child"), ExampleCall("containment/addChild", #"{"parent":"root","child":"child"}"#),
      ], params: #"{"child":"child","parent":"root"}"#),
    "containment/embed": MethodExample(
      "Embed a child in a shown container", setup: Setup.shown + [Setup.controller("child")],
      params: #"{"parent":"root","child":"child","frame":{"x":0,"y":100,"width":390,"height":300}}"#),
    "containment/removeFromParent": MethodExample(
      "Remove a child (didMove(nil) comes automatically)",
      setup: Setup.shown + [
        Setup.controller("child"), ExampleCall("containment/addChild", #"{"parent":"root","child":"child"}"#),
      ], params: #"{"child":"child"}"#),
    "containment/transition": MethodExample(
      "Swap two embedded children",
      setup: Setup.shown + [
        Setup.controller("one"), Setup.controller("two"),
        ExampleCall("containment/embed", #"{"parent":"root","child":"one"}"#),
        ExampleCall("containment/addChild", #"{"parent":"root","child":"two"}"#),
        ExampleCall("events/subscribe", #"{"kinds":["completion"]}"#),
      ], params: #"{"parent":"root","from":"one","to":"two"}"#),
    "containment/unembed": MethodExample(
      "Take an embedded child out",
      setup: Setup.shown + [
        Setup.controller("child"), ExampleCall("containment/embed", #"{"parent":"root","child":"child"}"#),
      ], params: #"{"child":"child"}"#),
    "containment/willMove": MethodExample(
      "The container's willMove(nil) before removing a child",
      setup: Setup.shown + [
        Setup.controller("child"), ExampleCall("containment/embed", #"{"parent":"root","child":"child"}"#),
      ], params: #"{"child":"child","parent":null}"#),
    "controller/configure": MethodExample(
      "Add to a shown controller's safe area", setup: Setup.shown,
      params:
        #"{"controller":"root","title":"Inbox","additionalSafeAreaInsets":{"top":0,"left":0,"bottom":50,"right":0}}"#),
    "controller/create": MethodExample(
      "A navigation controller with its root", setup: [Setup.controller("home")],
      params: #"{"id":"nav","kind":"UINavigationController","root":"home"}"#),
    "controller/destroy": MethodExample(
      "Forget a controller never shown", setup: [Setup.controller("c")], params: #"{"controller":"c"}"#),
    "controller/get": MethodExample(
      "A navigation controller's root, shown", setup: Setup.navigation, params: #"{"controller":"home"}"#),
    "controller/loadView": MethodExample(
      "Read a controller's view (it loads)", setup: [Setup.controller("c")], params: #"{"controller":"c"}"#),
    "controller/unloadView": MethodExample(
      "Drop a loaded view that is in no hierarchy",
      setup: [Setup.controller("c"), ExampleCall("controller/loadView", #"{"controller":"c"}"#)],
      params: #"{"controller":"c"}"#),
    "navigation/interactivePop": MethodExample(
      "Begin the swipe back", setup: Setup.pushed, params: #"{"navigation":"nav","action":"begin"}"#),
    "navigation/pop": MethodExample(
      "Pop without animation", setup: Setup.pushed, params: #"{"navigation":"nav","animated":false}"#),
    "navigation/popTo": MethodExample(
      "Pop back to the root by name",
      setup: Setup.pushed + [
        Setup.controller("more"),
        ExampleCall("navigation/push", #"{"navigation":"nav","controller":"more","animated":false}"#),
      ], params: #"{"navigation":"nav","controller":"home","animated":false}"#),
    "navigation/popToRoot": MethodExample(
      "Pop to the root without animation", setup: Setup.pushed, params: #"{"navigation":"nav","animated":false}"#),
    "navigation/push": MethodExample(
      "Push without animation", setup: Setup.navigation + [Setup.controller("detail")],
      params: #"{"navigation":"nav","controller":"detail","animated":false}"#),
    "navigation/setNavigationBarHidden": MethodExample(
      "Hide the navigation bar (the safe area follows)", setup: Setup.navigation,
      params: #"{"navigation":"nav","hidden":true}"#),
    "navigation/setToolbarHidden": MethodExample(
      "Show the toolbar", setup: Setup.navigation, params: #"{"navigation":"nav","hidden":false}"#),
    "navigation/setViewControllers": MethodExample(
      "Replace the stack", setup: Setup.navigation + [Setup.controller("a"), Setup.controller("b")],
      params: #"{"navigation":"nav","controllers":["a","b"]}"#),
    "paging/get": MethodExample("A profile page's state", setup: Setup.paging, params: #"{"container":"profile"}"#),
    "paging/select": MethodExample(
      "Tap the second title", setup: Setup.paging, params: #"{"container":"profile","index":1,"animated":false}"#),
    "paging/setPages": MethodExample(
      "Replace the pages", setup: Setup.paging + [Setup.controller("p3")],
      params: #"{"container":"profile","controllers":["p1","p3"]}"#),
    "presentation/dismiss": MethodExample(
      "Dismiss a full-screen presentation",
      setup: Setup.shown + [
        Setup.controller("modal"),
        ExampleCall(
          "presentation/present", #"{"presenter":"root","controller":"modal","style":"fullScreen","animated":false}"#),
      ], params: #"{"controller":"modal","animated":false}"#),
    "presentation/get": MethodExample(
      "A page sheet's presentation",
      setup: Setup.shown + [
        Setup.controller("sheet"),
        ExampleCall("presentation/present", #"{"presenter":"root","controller":"sheet","animated":false}"#),
      ], params: #"{"controller":"sheet"}"#),
    "presentation/present": MethodExample(
      "Present full screen without animation", setup: Setup.shown + [Setup.controller("modal")],
      params: #"{"presenter":"root","controller":"modal","style":"fullScreen","animated":false}"#),
    "tab/select": MethodExample("Select the second tab", setup: Setup.tabs, params: #"{"tabBar":"tabs","index":1}"#),
    "tab/setViewControllers": MethodExample(
      "Replace the tabs (the selection is kept)", setup: Setup.tabs + [Setup.controller("c")],
      params: #"{"tabBar":"tabs","controllers":["c","a"]}"#),
    "window/create": MethodExample("An iPhone-sized window", params: #"{"id":"main"}"#),
    "window/resize": MethodExample(
      "Rotate to landscape", setup: Setup.shown, params: #"{"window":"w","width":844,"height":390}"#),
    "window/setRoot": MethodExample(
      "Show a controller", setup: [Setup.window, Setup.controller("root")],
      params: #"{"window":"w","controller":"root"}"#),
    "world/render": MethodExample(
      "A small window's wireframe",
      setup: [
        ExampleCall(
          "window/create", #"{"id":"w","width":120,"height":80,"safeArea":{"top":0,"left":0,"bottom":0,"right":0}}"#),
        Setup.controller("root"), Setup.root("root"),
      ], params: #"{"window":"w"}"#),
    "world/reset": MethodExample("Start over", setup: Setup.shown),
    "world/snapshot": MethodExample(
      "The subtree of a controller not shown",
      setup: [Setup.controller("c"), ExampleCall("controller/loadView", #"{"controller":"c"}"#)],
      params: #"{"root":"c"}"#),
  ]

  static let viewExamples: [String: MethodExample] = [
    "keyboard/hide": MethodExample(
      "The keyboard leaves",
      setup: Setup.shown + [ExampleCall("keyboard/show", #"{"window":"w","height":336,"animated":false}"#)],
      params: #"{"window":"w","animated":false}"#),
    "keyboard/show": MethodExample(
      "The keyboard comes up without animation", setup: Setup.shown,
      params: #"{"window":"w","height":336,"animated":false}"#),
    "layout/addConstraints": MethodExample(
      "Pin a view to its superview's safe area",
      setup: Setup.shown + [
        ExampleCall("view/create", #"{"id":"box"}"#),
        ExampleCall("view/addSubview", #"{"superview":"root.view","view":"box"}"#),
        ExampleCall("events/subscribe", #"{"kinds":["layout"]}"#),
      ],
      params:
        #"{"constraints":[{"item":"box","attribute":"top","toItem":"root.view.safeAreaLayoutGuide","toAttribute":"top"},{"item":"box","attribute":"leading","toItem":"root.view","toAttribute":"leading","constant":16},{"item":"box","attribute":"width","constant":100},{"item":"box","attribute":"height","constant":50}]}"#
    ),
    "layout/layoutIfNeeded": MethodExample(
      "Lay out a shown controller's view now", setup: Setup.shown, params: #"{"view":"root.view"}"#),
    "layout/removeConstraints": MethodExample(
      "Remove a constraint by id",
      setup: Setup.shown + [
        ExampleCall("view/create", #"{"id":"box"}"#),
        ExampleCall("view/addSubview", #"{"superview":"root.view","view":"box"}"#),
        ExampleCall(
          "layout/addConstraints", #"{"constraints":[{"id":"wide","item":"box","attribute":"width","constant":100}]}"#),
      ], params: #"{"ids":["wide"]}"#),
    "scene/load": MethodExample(
      "A window showing a navigation controller",
      params:
        #"{"scene":{"windows":[{"name":"main","root":{"name":"nav","kind":"UINavigationController","viewControllers":[{"name":"home","title":"Home"}]}}]}}"#
    ),
    "scroll/configure": MethodExample(
      "Give a scroll view content and an inset", setup: Setup.scroll,
      params: #"{"view":"scroll","contentInset":{"top":20,"left":0,"bottom":0,"right":0},"bounces":false}"#),
    "scroll/fling": MethodExample(
      "Flick upwards at 1000 pt/s", setup: Setup.scroll + [ExampleCall("events/subscribe", #"{"kinds":["scroll"]}"#)],
      params: #"{"view":"scroll","velocity":{"x":0,"y":-1000}}"#),
    "scroll/get": MethodExample("A scroll view's state", setup: Setup.scroll, params: #"{"view":"scroll"}"#),
    "scroll/pan": MethodExample(
      "Drag the content up by 100 pt",
      setup: Setup.scroll + [
        ExampleCall("events/subscribe", #"{"kinds":["scroll","offset"]}"#),
        ExampleCall("scroll/pan", #"{"view":"scroll","phase":"began"}"#),
      ], params: #"{"view":"scroll","phase":"changed","translation":{"x":0,"y":-100}}"#),
    "scroll/scrollRectToVisible": MethodExample(
      "Bring a rectangle near the end into view",
      setup: Setup.scroll + [ExampleCall("events/subscribe", #"{"kinds":["offset"]}"#)],
      params: #"{"view":"scroll","rect":{"x":0,"y":1500,"width":390,"height":100}}"#),
    "scroll/setContentOffset": MethodExample(
      "Scroll to y = 300 at once", setup: Setup.scroll + [ExampleCall("events/subscribe", #"{"kinds":["offset"]}"#)],
      params: #"{"view":"scroll","offset":{"x":0,"y":300}}"#),
    "table/get": MethodExample("A table's state", setup: Setup.table, params: #"{"table":"table"}"#),
    "table/rectForRow": MethodExample(
      "Where the fourth row is", setup: Setup.table, params: #"{"table":"table","section":0,"row":3}"#),
    "table/register": MethodExample(
      "Register a reuse identifier",
      setup: Setup.shown + [ExampleCall("view/create", #"{"id":"table","kind":"UITableView"}"#)],
      params: #"{"table":"table","identifier":"cell"}"#),
    "table/scrollToRow": MethodExample(
      "Scroll row 15 to the top", setup: Setup.table + [ExampleCall("events/subscribe", #"{"kinds":["table"]}"#)],
      params: #"{"table":"table","section":0,"row":15,"position":"top"}"#),
    "table/select": MethodExample(
      "Tap a row with a model",
      setup: Setup.shown + [
        ExampleCall(
          "view/create", #"{"id":"table","kind":"UITableView","frame":{"x":0,"y":0,"width":390,"height":400}}"#),
        ExampleCall("view/addSubview", #"{"superview":"root.view","view":"table"}"#),
        ExampleCall("table/register", #"{"table":"table","identifier":"cell"}"#),
        ExampleCall(
          "table/setData",
          #"{"table":"table","sections":[{"rows":[{"identifier":"cell","height":44,"model":{"title":"Inbox"}},{"identifier":"cell","height":44,"model":{"title":"Sent"}}]}]}"#
        ),
        ExampleCall("events/subscribe", #"{"kinds":["table"]}"#),
      ], params: #"{"table":"table","section":0,"row":1}"#),
    "table/setData": MethodExample(
      "Three rows in a shown table",
      setup: Setup.shown + [
        ExampleCall(
          "view/create", #"{"id":"table","kind":"UITableView","frame":{"x":0,"y":0,"width":390,"height":400}}"#),
        ExampleCall("view/addSubview", #"{"superview":"root.view","view":"table"}"#),
        ExampleCall("table/register", #"{"table":"table","identifier":"cell"}"#),
        ExampleCall("events/subscribe", #"{"kinds":["table"]}"#),
      ], params: #"{"table":"table","sections":[{"rowCount":3,"rowHeight":44,"identifier":"cell"}]}"#),
    "table/visibleRows": MethodExample(
      "The rows in view after a scroll",
      setup: Setup.table + [ExampleCall("scroll/setContentOffset", #"{"view":"table","offset":{"x":0,"y":100}}"#)],
      params: #"{"table":"table"}"#),
    "view/addSubview": MethodExample(
      "Embed a child controller's view by hand (its appearance follows, R6)",
      setup: Setup.shown + [
        Setup.controller("child"), ExampleCall("containment/addChild", #"{"parent":"root","child":"child"}"#),
      ], params: #"{"superview":"root.view","view":"child.view"}"#),
    "view/bringSubviewToFront": MethodExample(
      "Bring the first of two subviews to the front",
      setup: Setup.shown + [
        ExampleCall("view/create", #"{"id":"back"}"#), ExampleCall("view/create", #"{"id":"front"}"#),
        ExampleCall("view/addSubview", #"{"superview":"root.view","view":"back"}"#),
        ExampleCall("view/addSubview", #"{"superview":"root.view","view":"front"}"#),
      ], params: #"{"view":"back"}"#),
    "view/configure": MethodExample(
      "Change a root view's margins (R64)",
      setup: Setup.shown + [ExampleCall("events/subscribe", #"{"kinds":["layout"]}"#)],
      params: #"{"view":"root.view","layoutMargins":{"top":20,"left":20,"bottom":20,"right":20}}"#),
    "view/create": MethodExample(
      "A label with a frame",
      params: #"{"id":"title","kind":"UILabel","frame":{"x":16,"y":60,"width":200,"height":24},"text":"Inbox"}"#),
    "view/focus": MethodExample(
      "Focus a text field in a window",
      setup: Setup.shown + [
        ExampleCall(
          "view/create", #"{"id":"field","kind":"UITextField","frame":{"x":16,"y":100,"width":300,"height":44}}"#),
        ExampleCall("view/addSubview", #"{"superview":"root.view","view":"field"}"#),
      ], params: #"{"view":"field"}"#),
    "view/get": MethodExample("A shown controller's root view", setup: Setup.shown, params: #"{"view":"root.view"}"#),
    "view/hitTest": MethodExample(
      "What is under a point",
      setup: Setup.shown + [
        ExampleCall("view/create", #"{"id":"button","frame":{"x":20,"y":100,"width":120,"height":44}}"#),
        ExampleCall("view/addSubview", #"{"superview":"root.view","view":"button"}"#),
      ], params: #"{"window":"w","point":{"x":30,"y":110}}"#),
    "view/removeFromSuperview": MethodExample(
      "Remove an embedded child's view (it disappears, R7)",
      setup: Setup.shown + [
        Setup.controller("child"), ExampleCall("containment/embed", #"{"parent":"root","child":"child"}"#),
      ], params: #"{"view":"child.view"}"#),
    "view/setFrame": MethodExample(
      "Resize a view",
      setup: Setup.shown + [
        ExampleCall("view/create", #"{"id":"box"}"#),
        ExampleCall("view/addSubview", #"{"superview":"root.view","view":"box"}"#),
      ], params: #"{"view":"box","frame":{"x":0,"y":0,"width":200,"height":100}}"#),
  ]
}

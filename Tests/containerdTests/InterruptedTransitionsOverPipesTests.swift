import ContainerJSON
import ContainerRPCTestSupport
import Testing

/// Transitions interrupted in mid-flight, and the page view refusals a review of issue 24 found, through the built
/// binary with the exact order: the window's root replaced during an animated push (R19, R20, R51, then R6/R7), a push
/// then a pop during an animated push (R20 balanced), a page taken mid-swipe (R34, R38), a neighbour that is another
/// container's child (-32003 `hasParent`), a spine on a scroll page view (R32's warning) and a data source listing the
/// page view itself (-32602).
@Suite struct InterruptedTransitionsOverPipesTests {
  /// A window showing `nav` with `[a]` and its delegate installed; `b`, `c`, `x` free; completions subscribed; a
  /// manual clock.
  private static func navigationWindow() -> PageViewScript {
    var script = PageViewScript()
    script.call("window/create", #"{"id":"win"}"#)
    for id in ["a", "b", "c", "x"] { script.call("controller/create", #"{"id":"\#(id)"}"#) }
    script.call("controller/create", #"{"id":"nav","kind":"UINavigationController","delegate":true}"#)
    script.call("navigation/setViewControllers", #"{"navigation":"nav","controllers":["a"],"animated":false}"#)
    script.call("window/setRoot", #"{"window":"win","controller":"nav"}"#)
    script.call("events/subscribe", #"{"kinds":["completion","warning"]}"#)
    script.call("clock/configure", #"{"mode":"manual"}"#)
    return script
  }

  /// The trace of request `id` with the navigation delegate's calls as `nav.didShow(b)`.
  private static func trace(_ run: PageViewRun, _ id: Int) -> [String] {
    run.trace(id).map { $0.hasSuffix(" → ") ? String($0.dropLast(3)) : $0 }
  }

  /// Bug: after `window/setRoot` replaced `nav` during its animated push, `a.viewDidDisappear`, `didShow(b)` and the
  /// push's completion came at the animation's end, to a navigation controller off screen, and `b` never got
  /// didMove(nav). Now the push finishes inside the setRoot, before `nav`'s view leaves the window; the clock brings
  /// nothing more.
  @Test func rootReplacedDuringAnAnimatedPush() throws {
    var script = Self.navigationWindow()
    script.call("navigation/push", #"{"navigation":"nav","controller":"b","animated":true}"#)
    let replace = script.call("window/setRoot", #"{"window":"win","controller":"x"}"#)
    let advance = script.call("clock/advance", #"{"ms":1000}"#)
    let run = try script.run()
    #expect(
      Self.trace(run, replace) == [
        "a.viewDidDisappear R19", "b.viewDidAppear R19", "b.didMove(nav) R20", "nav.didShow(b)",
        "nav.completion(push) R18", "nav.viewWillDisappear R6", "b.viewWillDisappear R10", "x.loadView R1",
        "x.viewDidLoad R1", "x.viewWillAppear R6", "x.viewIsAppearing R69", "nav.viewDidDisappear R7",
        "b.viewDidDisappear R10", "x.viewDidAppear R7",
      ])
    #expect(Self.trace(run, advance).isEmpty)
  }

  /// The same for an interactive pop whose finger is still down: the gesture is cancelled and settles back at once
  /// (R24's reversal, the completion with finished false, no didShow), then `nav` and its top disappear (R6, R7).
  @Test func rootReplacedDuringAnInteractivePop() throws {
    var script = Self.navigationWindow()
    script.call("navigation/push", #"{"navigation":"nav","controller":"b","animated":false}"#)
    script.call("navigation/interactivePop", #"{"navigation":"nav","action":"begin"}"#)
    script.call("navigation/interactivePop", #"{"navigation":"nav","action":"update","progress":0.5}"#)
    let replace = script.call("window/setRoot", #"{"window":"win","controller":"x"}"#)
    let advance = script.call("clock/advance", #"{"ms":1000}"#)
    let run = try script.run()
    #expect(
      Self.trace(run, replace) == [
        "a.viewWillDisappear R24", "a.viewDidDisappear R24", "b.viewWillAppear R24", "b.viewIsAppearing R69",
        "b.viewDidAppear R24", "nav.completion(pop) R24", "nav.viewWillDisappear R6", "b.viewWillDisappear R10",
        "x.loadView R1", "x.viewDidLoad R1", "x.viewWillAppear R6", "x.viewIsAppearing R69",
        "nav.viewDidDisappear R7", "b.viewDidDisappear R10", "x.viewDidAppear R7",
      ])
    #expect(Self.trace(run, advance).isEmpty)
  }

  /// Bug: `c`, pushed and popped while the push of `b` animated, got willMove(nav), willMove(nil), didMove(nil). Its
  /// push's didMove(nav) now comes at the pop, before the pop's willMove(nil) (R20).
  @Test func pushThenPopDuringAnAnimatedPush() throws {
    var script = Self.navigationWindow()
    script.call("navigation/push", #"{"navigation":"nav","controller":"b","animated":true}"#)
    let push = script.call("navigation/push", #"{"navigation":"nav","controller":"c","animated":true}"#)
    let pop = script.call("navigation/pop", #"{"navigation":"nav","animated":true}"#)
    let advance = script.call("clock/advance", #"{"ms":1000}"#)
    let run = try script.run()
    #expect(Self.trace(run, push) == ["c.willMove(nav) R20"])
    #expect(Self.trace(run, pop) == ["c.didMove(nav) R20", "c.willMove(nil) R20"])
    #expect(
      Self.trace(run, advance) == [
        "a.viewDidDisappear R19", "b.viewDidAppear R19", "b.didMove(nav) R20", "c.didMove(nil) R20",
        "nav.didShow(b)", "nav.completion(push) R18",
      ])
  }

  /// The window's root replaced mid-swipe: the swipe is cancelled and settles back at once (R34's cancelled order,
  /// didFinishAnimating completed false), then the page view controller and `a` disappear (R6, R7); nothing later.
  @Test func rootReplacedMidSwipe() throws {
    var script = PageViewScript.window()
    script.call("controller/create", #"{"id":"x"}"#)
    script.call("pageView/swipe", #"{"pageView":"pvc","action":"begin","direction":"forward"}"#)
    let replace = script.call("window/setRoot", #"{"window":"win","controller":"x"}"#)
    let advance = script.call("clock/advance", #"{"ms":1000}"#)
    let run = try script.run()
    #expect(
      run.trace(replace) == [
        "a.viewWillAppear R34", "a.viewIsAppearing R69", "a.viewDidAppear R34", "b.viewWillDisappear R34",
        "b.viewDidDisappear R34", "pvc.didFinishAnimating([a], false)", "pvc.viewWillDisappear R6",
        "a.viewWillDisappear R10", "x.loadView R1", "x.viewDidLoad R1", "x.viewWillAppear R6",
        "x.viewIsAppearing R69", "pvc.viewDidDisappear R7", "a.viewDidDisappear R10", "x.viewDidAppear R7",
      ])
    #expect(run.trace(advance).isEmpty)
  }

  /// Bug: removing the page being revealed left `a` disappearing and `b` appearing. The abandoned swipe ends as a
  /// cancelled one: `a` appears again, `b` disappears; at rest `a` appeared, `b` disappeared.
  @Test func removingTheRevealedPageMidSwipe() throws {
    var script = PageViewScript.window()
    script.call("pageView/swipe", #"{"pageView":"pvc","action":"begin","direction":"forward"}"#)
    let remove = script.call("containment/removeFromParent", #"{"child":"b"}"#)
    let advance = script.call("clock/advance", #"{"ms":1000}"#)
    let getA = script.call("controller/get", #"{"controller":"a"}"#)
    let getB = script.call("controller/get", #"{"controller":"b"}"#)
    let run = try script.run()
    #expect(
      run.trace(remove) == [
        "warning: b left pvc during a page transition; the transition is abandoned (UIKit: No view controller "
          + "managing visible view) R38",
        "a.viewWillAppear R34", "a.viewIsAppearing R69", "a.viewDidAppear R34", "b.viewWillDisappear R34",
        "b.viewDidDisappear R34", "b.didMove(nil) R4",
      ])
    #expect(run.trace(advance).isEmpty)
    #expect(run.reply(getA)?["result"]?["appearance"] == "appeared")
    #expect(run.reply(getB)?["result"]?["appearance"] == "disappeared")
  }

  /// Bug: a neighbour that is another container's child got -32602 naming `params.pageView`. It is a state conflict:
  /// -32003 with `data.state` `hasParent` and `data.id` the page, no event.
  @Test func aNeighbourWithAnotherParent() throws {
    var script = PageViewScript.window()
    script.call("controller/create", #"{"id":"other"}"#)
    script.call("containment/addChild", #"{"parent":"other","child":"b"}"#)
    let swipe = script.call("pageView/swipe", #"{"pageView":"pvc","action":"begin","direction":"forward"}"#)
    let run = try script.run()
    let error = run.reply(swipe)?["error"]
    #expect(error?["code"] == .int(-32003))
    #expect(error?["data"]?["state"] == "hasParent")
    #expect(error?["data"]?["id"] == "b")
    #expect(run.trace(swipe).isEmpty)
  }

  /// R32: `spineLocation: mid` on a scroll page view is accepted and ignored (Apple: a spine "is only valid if the
  /// transition style is pageCurl"), with a warning; `pageView/get` reports `none`.
  @Test func aSpineOnAScrollPageView() throws {
    var script = PageViewScript()
    let create = script.call(
      "controller/create", #"{"id":"pvc","kind":"UIPageViewController","spineLocation":"mid"}"#)
    let get = script.call("pageView/get", #"{"pageView":"pvc"}"#)
    let run = try script.run()
    #expect(
      run.trace(create) == [
        "warning: spineLocation mid is ignored: a spine is only valid for the pageCurl transition style, and pvc "
          + "scrolls (its spineLocation is none) R32"
      ])
    #expect(run.reply(get)?["result"]?["spineLocation"] == "none")
  }

  /// Bug: `pageView/setPages` took the page view itself. Refused with -32602 naming the entry; the list is unchanged.
  @Test func theDataSourceListingThePageViewItself() throws {
    var script = PageViewScript.window()
    let set = script.call("pageView/setPages", #"{"pageView":"pvc","pages":["a","pvc"]}"#)
    let get = script.call("pageView/get", #"{"pageView":"pvc"}"#)
    let run = try script.run()
    let error = run.reply(set)?["error"]
    #expect(error?["code"] == .int(-32602))
    #expect(error?["data"]?["path"] == "params.pages[1]")
    #expect(error?["data"]?["expected"] == "a controller that is neither pvc nor one of its ancestors")
    #expect(run.ids(get, "pages") == ["a", "b", "c"])
  }
}

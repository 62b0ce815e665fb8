/// The descriptions and errors of `pageView/*` (UIPageViewController, R31–R38).
extension Methods {
  static let pageViewDocs: [String: MethodDoc] = [
    "pageView/swipe": MethodDoc(
      "A finger turning the page. begin: the data source is asked for the neighbours it has not cached (after, then "
        + "before, R36; after an animated set the page left is already cached and shown without asking, R37); with "
        + "no neighbour that way (or no data source) nothing else happens and pending is null; else the delegate's "
        + "willTransitionTo, the neighbour becomes a child and gets viewWillAppear, the current page "
        + "viewWillDisappear (R34, R35). update: progress (kept when absent), no callbacks. finish: after the "
        + "settle, the did pair (scroll: the new page's viewDidAppear first; pageCurl: the old page's viewDidDisappear "
        + "first), the two didMove, didFinishAnimating (completed true) and one data-source call in the direction "
        + "of travel. cancel: the pages turn back — scroll: the old page's viewWillAppear and viewDidAppear, then the new page's "
        + "viewWillDisappear and viewDidDisappear (it never got viewDidAppear); pageCurl: the two wills now, the dids "
        + "after the settle — then didFinishAnimating (completed false). A double-sided curl asks twice in the "
        + "direction of travel and turns both pages (R32, R35). A begin in the same direction while a cancelled "
        + "scroll swipe settles back catches it (R37's interrupted swipe, no callback). Calls of the data source and "
        + "the delegate are event/delegate; daemon/configure's pageView.* options switch the open points.",
      errors: [
        .unknown("pageView"),
        .params("pageView is not a UIPageViewController"),
        .state(
          "begin while a page transition is in flight (R38: transitioning), off screen (notVisible), with no page "
            + "shown (noPage), or when the neighbour it would reveal is a child of another controller (hasParent, "
            + "data.id the neighbour); update, finish or cancel with no swipe in progress (noSwipe)"),
        .uikit("begin during a page transition with the pageView.overlapPolicy option raise (R38)"),
      ]),
    "pageView/get": MethodDoc(
      "The page view controller's state: viewControllers (the pages shown), its children (the same at rest; during "
        + "a page transition the incoming pages too, R31), the neighbours it cached (R37: a member is absent when "
        + "nothing is cached on that side, null when the data source said there is none), whether a page "
        + "transition is in flight and the page it reveals (pending, during a swipe too), and its options. It "
        + "changes nothing.",
      errors: [.params("pageView is not a UIPageViewController"), .unknown("pageView")]),
    "pageView/setPages": MethodDoc(
      "Gives the page view controller a data source answering viewControllerBefore/After from this ordered list, "
        + "or none (null: gesture-driven navigation is disabled, R36). The neighbours already cached stay: UIKit asks "
        + "the data source only for pages it has not cached (R37). The list cannot name the page view controller "
        + "itself or one of its ancestors: a revealed page becomes its child (R31).",
      errors: [
        .params(
          "pageView is not a UIPageViewController, a page is listed twice, or a page is the page view controller or "
            + "one of its ancestors (path params.pages[i])"),
        .unknown("pageView or pages"),
      ]),
    "pageView/setViewControllers": MethodDoc(
      "setViewControllers(_:direction:animated:completion:). Not animated (R33): the incoming page loads and "
        + "becomes a child with no willMove, then incoming viewWillAppear, outgoing viewWillDisappear, incoming "
        + "viewDidAppear, outgoing viewDidDisappear, outgoing didMove(nil), incoming didMove(pageView) and the "
        + "completion, all before the reply. Animated on screen (R34 scroll, R35 curl): the will pair now, the rest "
        + "when the animation ends (0.3 s scroll, 0.35 s curl); scroll ends the incoming page first, a curl the "
        + "outgoing one. Off screen the pages are swapped and appear with the page view controller. No data source "
        + "or delegate call (R36); an animated scroll set leaves the page it left cached as the new page's "
        + "neighbour (R37). The completion is written as event/completion (of setViewControllers).",
      errors: [
        .unknown("pageView or controllers"),
        .uikit(
          "the number of controllers is not the one the style needs (R32: scroll 1, double-sided curl 2), or a "
            + "controller is the page view controller or its ancestor"),
        .params("pageView is not a UIPageViewController, or a controller is given twice"),
        .state(
          "a page transition is in flight (R38: state transitioning; UIKit would crash); with pageView.overlapPolicy "
            + "queue the set waits for it instead, with raise it is NSInternalInconsistencyException; a controller "
            + "is a child of another controller (hasParent, data.id that controller)"),
      ]),
  ]
}

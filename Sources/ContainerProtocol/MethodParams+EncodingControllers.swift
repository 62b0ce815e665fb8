public import ContainerEngine
public import ContainerJSON

// Memberwise initializers and `encoded` for the controller-side params a client sends (`EncodableMethodParams`).
// Defaults of the initializers are the spec's (`Methods.controllerMethods`).

extension AppearanceBeginParams: EncodableMethodParams {
  /// `beginAppearanceTransition(_:animated:)` on `controller`.
  public init(controller: String, isAppearing: Bool, animated: Bool = false) {
    self.controller = controller
    self.isAppearing = isAppearing
    self.animated = animated
  }

  public var encoded: JSONValue {
    ParamsBuilder(["controller": controller, "isAppearing": isAppearing, "animated": animated]).json
  }
}

extension AppearanceEndParams: EncodableMethodParams {
  /// `endAppearanceTransition()` on `controller`.
  public init(controller: String) { self.controller = controller }

  public var encoded: JSONValue { ParamsBuilder(["controller": controller]).json }
}

extension ClockAdvanceParams: EncodableMethodParams {
  /// Moves the virtual clock forward by `ms` milliseconds.
  public init(ms: Double) { self.ms = ms }

  public var encoded: JSONValue { ParamsBuilder(["ms": ms]).json }
}

extension ContainmentAddChildParams: EncodableMethodParams {
  /// `parent.addChild(child)`.
  public init(parent: String, child: String) {
    self.parent = parent
    self.child = child
  }

  public var encoded: JSONValue { ParamsBuilder(["parent": parent, "child": child]).json }
}

extension ContainmentDidMoveParams: EncodableMethodParams {
  /// `child.didMove(toParent: parent)`; `nil` for `didMove(toParent: nil)`.
  public init(child: String, parent: String?) {
    self.child = child
    self.parent = parent
  }

  public var encoded: JSONValue {
    var builder = ParamsBuilder(["child": child])
    builder.setOrNull("parent", parent)
    return builder.json
  }
}

extension ContainmentWillMoveParams: EncodableMethodParams {
  /// `child.willMove(toParent: parent)`; `nil` for `willMove(toParent: nil)`.
  public init(child: String, parent: String?) {
    self.child = child
    self.parent = parent
  }

  public var encoded: JSONValue {
    var builder = ParamsBuilder(["child": child])
    builder.setOrNull("parent", parent)
    return builder.json
  }
}

extension ContainmentEmbedParams: EncodableMethodParams {
  /// The whole embedding dance in one call: addChild, the view added to `container` (nil: the parent's view) with
  /// `frame`, didMove.
  public init(parent: String, child: String, container: String? = nil, frame: Rect? = nil) {
    self.parent = parent
    self.child = child
    self.container = container
    self.frame = frame
  }

  public var encoded: JSONValue {
    ParamsBuilder(["parent": parent, "child": child, "container": container, "frame": frame]).json
  }
}

extension ContainmentRemoveFromParentParams: EncodableMethodParams {
  /// `child.removeFromParent()`.
  public init(child: String) { self.child = child }

  public var encoded: JSONValue { ParamsBuilder(["child": child]).json }
}

extension ContainmentUnembedParams: EncodableMethodParams {
  /// willMove(nil), removeFromSuperview, removeFromParent in one call.
  public init(child: String) { self.child = child }

  public var encoded: JSONValue { ParamsBuilder(["child": child]).json }
}

extension ContainmentTransitionParams: EncodableMethodParams {
  /// `parent.transition(from:to:duration:options:)`.
  public init(parent: String, from: String, to: String, duration: Double = 0, options: JSONValue? = nil) {
    self.parent = parent
    self.from = from
    self.to = to
    self.duration = duration
    self.options = options
  }

  public var encoded: JSONValue {
    ParamsBuilder(["parent": parent, "from": from, "to": to, "duration": duration, "options": options]).json
  }
}

extension ControllerCreateParams: EncodableMethodParams {
  /// A controller of `kind`; the common options as arguments, the rest through `init(spec:)`.
  ///
  /// - Parameters:
  ///   - root: a navigation controller's root view controller.
  ///   - controllers: a tab bar controller's view controllers.
  ///   - pages: a paging container's pages.
  public init(
    id: String? = nil, kind: ControllerKind = .viewController, className: String? = nil, title: String? = nil,
    forwardsAppearance: Bool = true, root: String? = nil, controllers: [String]? = nil, pages: [String]? = nil
  ) {
    var spec = ControllerSpec(kind: kind, id: id)
    spec.className = className
    spec.title = title
    spec.forwardsAppearance = forwardsAppearance
    spec.root = root
    spec.tabs = controllers
    spec.pages = pages
    self.init(spec: spec)
  }

  /// A controller as the engine's spec. `encoded` writes the members of `controller/create` that have a plain
  /// wire form: the kind, ids, names, appearance forwarding, children, table/scroll views, header, presentation
  /// settings and insets (the bar settings and the paging formula options are not written).
  public init(spec: ControllerSpec) { self.spec = spec }

  public var encoded: JSONValue {
    var builder = ParamsBuilder([
      "kind": spec.kind, "id": spec.id, "className": spec.className, "title": spec.title,
      "restorationIdentifier": spec.restorationIdentifier, "forwardsAppearance": spec.forwardsAppearance,
      "tableView": spec.tableView, "clearsSelectionOnViewWillAppear": spec.clearsSelectionOnViewWillAppear,
      "scrollView": spec.scrollView, "pages": spec.pages, "root": spec.root, "controllers": spec.tabs,
      "selectedIndex": spec.selectedIndex, "additionalSafeAreaInsets": spec.additionalSafeAreaInsets,
      "definesPresentationContext": spec.definesPresentationContext,
      "providesPresentationContextTransitionStyle": spec.providesPresentationContextTransitionStyle,
      "modalPresentationStyle": spec.modalPresentationStyle, "modalTransitionStyle": spec.modalTransitionStyle,
      "isModalInPresentation": spec.isModalInPresentation,
    ])
    if let header = spec.pagingHeader {
      builder.set(
        "header",
        [
          "height": JSONValue.number(header.height), "titleBarHeight": .number(header.titleBarHeight),
          "hangingHeight": .number(header.hangingHeight),
        ] as JSONValue)
    }
    if let viewKind = spec.viewKind { builder.set("view", ["kind": viewKind.paramJSON] as JSONValue) }
    if let pageView = spec.pageView {
      // A UIPageViewController's options (R31–R38), all written: decoding fills in the same defaults.
      builder.set("transitionStyle", pageView.transitionStyle.rawValue)
      builder.set("navigationOrientation", pageView.navigationOrientation.rawValue)
      if let spine = pageView.spineLocation, spine != .none { builder.set("spineLocation", spine.rawValue) }
      builder.set("isDoubleSided", pageView.isDoubleSided)
      builder.set("interPageSpacing", pageView.interPageSpacing)
      builder.set("delegate", pageView.delegate)
      if let pages = pageView.pages { builder.set("pages", pages) }
      if let initial = pageView.initial { builder.set("initial", initial) }
    }
    if let split = spec.split { split.encode(into: &builder) }
    return builder.json
  }
}

extension ControllerDestroyParams: EncodableMethodParams {
  /// Drops `controller` (it must have no parent, window or presentation).
  public init(controller: String) { self.controller = controller }

  public var encoded: JSONValue { ParamsBuilder(["controller": controller]).json }
}

extension ControllerGetParams: EncodableMethodParams {
  /// The state of `controller`.
  public init(controller: String) { self.controller = controller }

  public var encoded: JSONValue { ParamsBuilder(["controller": controller]).json }
}

extension EventsSubscribeParams: EncodableMethodParams {
  /// Adds `kinds` to the connection's subscription; `objects` limits events to those ids.
  public init(kinds: Set<EventKind>, objects: [String]? = nil) {
    self.kinds = kinds
    self.objects = objects
  }

  public var encoded: JSONValue { ParamsBuilder(["kinds": kinds.sorted(), "objects": objects]).json }
}

extension EventsUnsubscribeParams: EncodableMethodParams {
  /// Removes `kinds` from the connection's subscription.
  public init(kinds: Set<EventKind>) { self.kinds = kinds }

  public var encoded: JSONValue { ParamsBuilder(["kinds": kinds.sorted()]).json }
}

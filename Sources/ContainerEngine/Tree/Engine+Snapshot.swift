/// The world as `world/snapshot` reports it: the engine walks its trees, the server only encodes what it finds.
extension Engine {
  /// The objects of the world, or of one subtree, each list in creation order.
  public struct Snapshot {
    /// The controllers, in creation order.
    public let controllers: [ControllerNode]
    /// The views (windows and root views included), in creation order.
    public let views: [ViewNode]
    /// The windows among `views`, in creation order.
    public var windows: [ViewNode] { views.filter { $0.kind == .UIWindow } }
  }

  /// Every object, or those of the subtree `root` names (nil: everything):
  /// - a controller: it and its descendants (`children`, R4), and every view inside one of their root views;
  /// - a view: it and its subviews, all the way down, and the controllers whose root views are among them.
  ///
  /// A controller's root view that is not loaded is not looked for (controllers and views are only read, R1's
  /// loading never happens here). Linear in the objects: the views are filtered through sets, not searched per
  /// controller.
  ///
  /// - Throws: `unknownObject` when `root` names neither a controller nor a view, `invalidState` for a root view not
  ///   loaded (`existingView`).
  public func snapshot(root: String?) throws(EngineError) -> Snapshot {
    var controllers = allControllers
    var views = allViews
    if let root {
      if let controller = self.controllers[root] {
        controllers = controllers.filter { $0.hasAncestor(controller) }
        let rootViews = Set(controllers.compactMap { $0.view.map(ObjectIdentifier.init) })
        views = views.filter { view in
          var current: ViewNode? = view
          while let candidate = current {
            if rootViews.contains(ObjectIdentifier(candidate)) { return true }
            current = candidate.superview
          }
          return false
        }
      } else {
        let view = try existingView(root)
        views = views.filter { $0.isDescendant(of: view) }
        let kept = Set(views.map(ObjectIdentifier.init))
        controllers = controllers.filter { controller in
          controller.view.map { kept.contains(ObjectIdentifier($0)) } ?? false
        }
      }
    }
    return Snapshot(controllers: controllers, views: views)
  }
}

extension ViewNode {
  /// `bounds`: the view's size at its bounds origin, which is a scroll view's `contentOffset` (S2.7)
  /// and zero for any other view.
  public var bounds: Rect {
    Rect(
      x: scroll?.contentOffset.x ?? 0, y: scroll?.contentOffset.y ?? 0, width: frame.width, height: frame.height)
  }
}

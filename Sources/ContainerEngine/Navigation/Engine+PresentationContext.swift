/// Presentation contexts (R53–R56, R70): which controller a context presentation uses, what a presentation looks like
/// from one of its controllers (`presentation/get`), and the walks `present` and `dismiss` share. The links themselves
/// are set in Engine+Presentation.swift alone.
extension Engine {
  /// What a presentation looks like from one of its controllers (`presentation/get`).
  public struct PresentationInfo: Sendable, Equatable {
    /// UIKit's `presentingViewController` getter (`ControllerNode.presentingInHierarchy`).
    public var presentingViewController: String?
    /// UIKit's `presentedViewController` getter (`ControllerNode.presentedInHierarchy`).
    public var presentedViewController: String?
    /// The controller whose context the presentation showing this controller used (R53), nil for a style that uses
    /// none (or when the controller is not presented).
    public var context: String?
    /// The presentation style of the presentation showing this controller.
    public var style: ModalPresentationStyle?
    /// Its transition style (R56: the context controller's when it provides one).
    public var transitionStyle: ModalTransitionStyle?
    /// The presented view's frame in window coordinates (R54), nil when it is not in a window.
    public var frame: Rect?
  }

  /// `definesPresentationContext` (R53): as set, or the kind's default: true for a UINavigationController (Apple's
  /// documentation), `EngineOptions.tabBarDefinesPresentationContext` for a UITabBarController, false otherwise.
  public func definesPresentationContext(_ controller: ControllerNode) -> Bool {
    if let value = controller.presentation.definesContext { return value }
    switch controller.kind {
    case .navigationController: return true
    case .tabBarController: return options.tabBarDefinesPresentationContext
    default: return false
    }
  }

  /// R53: the controller that presents a `currentContext` / `overCurrentContext` presentation `presenter` asks for:
  /// the first of `presenter` and its ancestors (parent links only) that defines a presentation context, or else the
  /// root of the tree (the window's root view controller, or the presented controller a presentation shows).
  func presentationContext(for presenter: ControllerNode) -> ControllerNode {
    var current: ControllerNode? = presenter
    var steps = 0
    while let controller = current, steps <= chainWalkLimit {
      if definesPresentationContext(controller) { return controller }
      current = controller.parent
      steps += 1
    }
    return presenter.rootAncestor
  }

  /// The presentation that shows `controller`, its presenter's view of it and the context it used
  /// (`presentation/get`, R53–R56).
  public func presentationInfo(of controller: ControllerNode) -> PresentationInfo {
    let shown = presentedRoot(of: controller)
    let links = shown?.presentation
    return PresentationInfo(
      presentingViewController: controller.presentingInHierarchy?.id,
      presentedViewController: controller.presentedInHierarchy?.id,
      context: links?.inContext == true ? shown?.presentingViewController?.id : nil,
      style: links?.style, transitionStyle: links?.transitionStyle, frame: shown?.view?.frameInWindow)
  }

  /// `controller` or its nearest ancestor that is presented, if any.
  func presentedRoot(of controller: ControllerNode) -> ControllerNode? {
    var current: ControllerNode? = controller
    var steps = 0
    while let node = current, steps <= chainWalkLimit {
      if node.presentingViewController != nil { return node }
      current = node.parent
      steps += 1
    }
    return nil
  }

  /// Whether `controller` or one of its descendants presents something (R28: such a controller is in a presentation
  /// chain). A walk past the controller count (a parent cycle) answers true.
  func presentsFromSubtree(_ controller: ControllerNode) -> Bool {
    var pending = [controller]
    var visited = 0
    while let node = pending.popLast() {
      if node.presentedViewController != nil || visited > controllers.count { return true }
      visited += 1
      pending.append(contentsOf: node.children)
    }
    return false
  }

  /// The presented controllers from `presented` up (`presented` first, then what it and its descendants present, and
  /// so on), and the controllers inside them, other than the presented roots, that present in their own context.
  /// Bounded by the controller count.
  func presentations(above presented: ControllerNode) -> (stack: [ControllerNode], inner: [ControllerNode]) {
    var stack = [presented]
    var inner: [ControllerNode] = []
    var index = 0
    while index < stack.count, stack.count <= controllers.count {
      let root = stack[index]
      var pending = [root]
      var visited = 0
      while let node = pending.popLast(), visited <= controllers.count {
        visited += 1
        if let above = node.presentedViewController {
          if node !== root { inner.append(node) }
          stack.append(above)
        }
        pending.append(contentsOf: node.children.reversed())
      }
      index += 1
    }
    return (stack, inner)
  }
}

extension ControllerNode {
  /// `modalPresentationStyle` (default `pageSheet`).
  public var modalPresentationStyle: ModalPresentationStyle { presentation.modalPresentationStyle }
  /// `modalTransitionStyle` (default `coverVertical`).
  public var modalTransitionStyle: ModalTransitionStyle { presentation.modalTransitionStyle }
  /// `providesPresentationContextTransitionStyle` (R56; default false).
  public var providesPresentationContextTransitionStyle: Bool { presentation.providesTransitionStyle }
}

/// A class declared with `class/register`, for `NSClassFromString` in the auto container.
public struct RegisteredClass: Sendable, Equatable {
  /// The class name.
  public var name: String
  /// The UIKit class it subclasses (`UIViewController`, …).
  public var kind: ControllerKind
  /// The kind of root view its `loadView` makes.
  public var viewKind: ViewKind
  /// Whether it conforms to `ATContainerViewControllerProtocol` (has `at_createInstance`).
  public var conformsToContainerProtocol: Bool

  public init(name: String, kind: ControllerKind, viewKind: ViewKind, conformsToContainerProtocol: Bool) {
    self.name = name
    self.kind = kind
    self.viewKind = viewKind
    self.conformsToContainerProtocol = conformsToContainerProtocol
  }
}

/// Seed 000's storyboard "auto container" (`ATContainerViewController`), reproduced with its exact code path.
///
/// In its `viewDidLoad`, a controller whose `restorationIdentifier` is `ATContainer+<ClassName>` looks the class up
/// (`NSClassFromString`), and when it conforms to the container protocol creates an instance, calls
/// `addChild` (willMove, R4), sets the child view's autoresizing mask to flexible width and height — reading
/// `child.view`, which loads it (R1) — and adds it to its own view. Like the seed's code it never calls
/// `didMove(toParent:)`. An unknown or non-conforming class leaves the container empty; UIKit says nothing then, so
/// the daemon emits a warning (rule `seed000`) to explain the empty container.
extension Engine {
  static let autoContainerPrefix = "ATContainer+"

  /// `class/register`.
  public func register(_ registered: RegisteredClass) {
    objects.register(registered)
  }

  /// The class an auto container would instantiate, if its restoration id names a registered, conforming one.
  func autoContainerClass(of controller: ControllerNode) -> RegisteredClass? {
    guard controller.kind == .autoContainer, let id = controller.restorationIdentifier,
      id.hasPrefix(Self.autoContainerPrefix),
      let registered = objects.registeredClasses[String(id.dropFirst(Self.autoContainerPrefix.count))],
      registered.conformsToContainerProtocol
    else { return nil }
    return registered
  }

  func autoContainerViewDidLoad(_ container: ControllerNode) {
    guard let id = container.restorationIdentifier, id.hasPrefix(Self.autoContainerPrefix) else { return }
    let name = String(id.dropFirst(Self.autoContainerPrefix.count))
    guard let registered = objects.registeredClasses[name] else {
      warn(
        "\(container.debugName): NSClassFromString(@\"\(name)\") is nil (no class/register for it); the container stays empty",
        object: container.id, rule: "seed000")
      return
    }
    guard registered.conformsToContainerProtocol else {
      warn(
        "\(container.debugName): \(name) does not conform to ATContainerViewControllerProtocol; the container stays empty",
        object: container.id, rule: "seed000")
      return
    }
    guard
      let childID = try? makeID(
        isFreeForAutoID("\(container.id).\(name)") ? "\(container.id).\(name)" : nil, prefix: "vc"),
      let child = try? createController(
        id: childID, kind: registered.kind == .autoContainer ? .viewController : registered.kind,
        className: name, title: nil, restorationIdentifier: nil, forwardsAppearance: true, viewKind: registered.viewKind
      )
    else { return }
    try? addChild(child, to: container)
    let childView = loadViewIfNeeded(child)
    childView.autoresizingMask = ["flexibleWidth", "flexibleHeight"]
    if let containerView = container.view { move(childView, to: containerView, at: nil) }
  }
}

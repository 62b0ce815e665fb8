/// `UITraitCollection` as the engine models it (R60–R67): the size classes, the interface style and the display scale
/// of a window, and what a controller changes of its parent's (`traitOverrides`).

/// `UIUserInterfaceSizeClass`: `compact` or `regular` (the engine never reports `unspecified`).
public enum SizeClass: String, Sendable, CaseIterable {
  case compact, regular
  /// `C` or `R`, as `wC hR` abbreviates a pair.
  var letter: String { self == .compact ? "C" : "R" }
}

/// `UIUserInterfaceStyle`: `light` or `dark`.
public enum UserInterfaceStyle: String, Sendable, CaseIterable {
  case light, dark
}

/// `UIUserInterfaceIdiom` of a window's device: `phone` or `pad` (R65's table differs by idiom).
public enum UserInterfaceIdiom: String, Sendable, CaseIterable {
  case phone, pad
  /// The display scale the engine assumes: 3 on a phone, 2 on a pad.
  public var displayScale: Double { self == .phone ? 3 : 2 }
}

/// The traits a registration can name (`registerForTraitChanges(_:handler:)`, R63).
public enum TraitName: String, Sendable, CaseIterable {
  case horizontalSizeClass, verticalSizeClass, userInterfaceStyle, displayScale
}

/// A trait collection: what `traitCollection` reads on a controller or a view.
public struct TraitCollection: Sendable, Equatable {
  public var horizontalSizeClass: SizeClass
  public var verticalSizeClass: SizeClass
  public var userInterfaceStyle: UserInterfaceStyle
  public var displayScale: Double

  public init(
    horizontalSizeClass: SizeClass, verticalSizeClass: SizeClass, userInterfaceStyle: UserInterfaceStyle = .light,
    displayScale: Double = 3
  ) {
    self.horizontalSizeClass = horizontalSizeClass
    self.verticalSizeClass = verticalSizeClass
    self.userInterfaceStyle = userInterfaceStyle
    self.displayScale = displayScale
  }

  /// The traits whose values differ between `self` and `other`, in `TraitName` order.
  public func changedTraits(from other: TraitCollection) -> [TraitName] {
    TraitName.allCases.filter { name in
      switch name {
      case .horizontalSizeClass: horizontalSizeClass != other.horizontalSizeClass
      case .verticalSizeClass: verticalSizeClass != other.verticalSizeClass
      case .userInterfaceStyle: userInterfaceStyle != other.userInterfaceStyle
      case .displayScale: displayScale != other.displayScale
      }
    }
  }

  /// Whether the size classes are the same (R61: a size-class change is what `willTransition(to:)` reports).
  func hasSameSizeClasses(as other: TraitCollection) -> Bool {
    horizontalSizeClass == other.horizontalSizeClass && verticalSizeClass == other.verticalSizeClass
  }

  /// These traits with `overrides` applied (R67: a controller's overrides apply to it and everything below it).
  public func applying(_ overrides: TraitOverrides) -> TraitCollection {
    var result = self
    if let value = overrides.horizontalSizeClass { result.horizontalSizeClass = value }
    if let value = overrides.verticalSizeClass { result.verticalSizeClass = value }
    if let value = overrides.userInterfaceStyle { result.userInterfaceStyle = value }
    return result
  }

  /// The size classes in short, as the wireframe's legend writes them: `wC hR`.
  public var sizeClassSummary: String { "w\(horizontalSizeClass.letter) h\(verticalSizeClass.letter)" }
}

/// A controller's trait overrides (`traitOverrides`, `setOverrideTraitCollection(_:forChild:)`, R67): each trait set
/// here replaces its parent's value for the controller and its descendants; nil keeps the parent's.
public struct TraitOverrides: Sendable, Equatable {
  public var horizontalSizeClass: SizeClass?
  public var verticalSizeClass: SizeClass?
  public var userInterfaceStyle: UserInterfaceStyle?

  public init(
    horizontalSizeClass: SizeClass? = nil, verticalSizeClass: SizeClass? = nil,
    userInterfaceStyle: UserInterfaceStyle? = nil
  ) {
    self.horizontalSizeClass = horizontalSizeClass
    self.verticalSizeClass = verticalSizeClass
    self.userInterfaceStyle = userInterfaceStyle
  }

  public var isEmpty: Bool { self == TraitOverrides() }

  /// One override to set or remove (`controller/setTraitOverrides` merges these: a nil value removes one).
  public enum Change: Sendable, Equatable {
    case horizontalSizeClass(SizeClass?)
    case verticalSizeClass(SizeClass?)
    case userInterfaceStyle(UserInterfaceStyle?)
  }

  /// These overrides with `changes` merged in, in order.
  public func merging(_ changes: [Change]) -> TraitOverrides {
    var result = self
    for change in changes {
      switch change {
      case .horizontalSizeClass(let value): result.horizontalSizeClass = value
      case .verticalSizeClass(let value): result.verticalSizeClass = value
      case .userInterfaceStyle(let value): result.userInterfaceStyle = value
      }
    }
    return result
  }
}

/// A window's trait settings (`window/create`, `window/configure`, `window/resize`'s `traits`): the window's traits
/// are computed from its size by R65's table for its idiom, then these apply.
struct WindowTraitSettings: Equatable {
  var idiom = UserInterfaceIdiom.phone
  /// This window's size-class policy (nil: `EngineOptions.traits.sizeClassPolicy`).
  var sizeClassPolicy: Engine.TraitsBehavior.SizeClassPolicy?
  var userInterfaceStyle = UserInterfaceStyle.light
  /// nil: the idiom's.
  var displayScale: Double?
  /// Size classes given explicitly with the last `window/resize` (`traits`), replacing the table's until the next
  /// resize.
  var explicitSizeClasses = TraitOverrides()
}

/// A `registerForTraitChanges(_:handler:)` registration (R63): the controller or view that registered and the traits
/// it registered for.
public struct TraitRegistration {
  public let id: String
  /// The registering controller (nil for a view's registration).
  public internal(set) weak var controller: ControllerNode?
  /// The registering view (nil for a controller's registration): its traits are those of the controller whose view
  /// holds it.
  public internal(set) weak var view: ViewNode?
  public let traits: [TraitName]
}

/// The registrations (R63), in the order they were made.
struct TraitRegistry {
  private(set) var registrations: [TraitRegistration] = []
  private var counter = 0

  mutating func add(controller: ControllerNode?, view: ViewNode?, traits: [TraitName], objectID: String)
    -> TraitRegistration
  {
    counter += 1
    let registration = TraitRegistration(
      id: "\(objectID).traitRegistration\(counter)", controller: controller, view: view, traits: traits)
    registrations.append(registration)
    return registration
  }

  func contains(_ id: String) -> Bool { registrations.contains { $0.id == id } }

  mutating func remove(_ id: String) { registrations.removeAll { $0.id == id } }

  /// Controllers whose traits may have changed this turn, with their traits before the first change, in the order
  /// they are told (R60: the trait update comes before the layout pass, at the turn's end).
  private(set) var pending: [(controller: ControllerNode, before: TraitCollection)] = []
  private var pendingIDs = Set<ObjectIdentifier>()

  var hasPending: Bool { !pending.isEmpty }

  /// Notes `controllers` with their traits now; one already noted keeps its first value.
  mutating func note(_ controllers: [ControllerNode], before: [TraitCollection]) {
    for (controller, traits) in zip(controllers, before) where pendingIDs.insert(ObjectIdentifier(controller)).inserted
    {
      pending.append((controller, traits))
    }
  }

  /// Takes the noted controllers.
  mutating func takePending() -> [(controller: ControllerNode, before: TraitCollection)] {
    defer {
      pending = []
      pendingIDs = []
    }
    return pending
  }

  /// Registrations whose object is gone are dropped; everything goes at `world/reset`.
  mutating func reset() {
    registrations.removeAll()
    counter = 0
    pending = []
    pendingIDs = []
  }

  mutating func dropReleased() {
    registrations.removeAll { $0.controller == nil && $0.view == nil }
  }
}

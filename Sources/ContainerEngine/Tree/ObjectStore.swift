/// The objects of the world by id: windows and views, controllers, and the classes `class/register` declared; the
/// serial that orders their creation, the counters of auto ids (`vc3`, `c2`) and the ids the request being run
/// reserves (`Engine.reservingIDs`).
///
/// An object enters and leaves only through these methods (`Engine+Objects.swift` creates, loads and destroys;
/// `Engine.makeID` picks ids); everything else looks objects up.
struct ObjectStore {
  /// Windows and views (controllers' root views included) by id.
  private(set) var views: [String: ViewNode] = [:]
  /// Controllers by id.
  private(set) var controllers: [String: ControllerNode] = [:]
  /// Classes declared with `class/register`, by name (seed 000's auto container instantiates them).
  private(set) var registeredClasses: [String: RegisteredClass] = [:]
  /// Ids the request being run gives by name (a scene's names and ids, `scene/load`): auto ids skip them, so that an
  /// object built earlier in the request never takes the id a later one asks for (`Engine.reservingIDs`).
  private(set) var reservedIDs: Set<String> = []
  /// The last serial given (creation order of objects, animations and observer tokens).
  private var serial = 0
  /// The last number given to an auto id, per prefix.
  private var counters: [String: Int] = [:]

  /// The number of objects alive (windows, views and controllers).
  var count: Int { views.count + controllers.count }

  mutating func add(_ view: ViewNode) { views[view.id] = view }
  mutating func removeView(_ id: String) { views[id] = nil }
  mutating func add(_ controller: ControllerNode) { controllers[controller.id] = controller }
  mutating func removeController(_ id: String) { controllers[id] = nil }
  mutating func register(_ registered: RegisteredClass) { registeredClasses[registered.name] = registered }

  /// Reserves `ids` for the request being run (the previous reservation ends).
  mutating func reserve(_ ids: Set<String>) { reservedIDs = ids }
  /// Ends the reservation.
  mutating func endReservation() { reservedIDs = [] }

  /// The next serial.
  mutating func nextSerial() -> Int {
    serial += 1
    return serial
  }

  /// The last number given to an auto id with `prefix` (0: none yet).
  func lastAutoNumber(_ prefix: String) -> Int { counters[prefix, default: 0] }
  /// Records `number` as the last given to an auto id with `prefix`.
  mutating func setLastAutoNumber(_ prefix: String, _ number: Int) { counters[prefix] = number }

  /// `world/reset`: every object, class and counter gone, serials from 1 again (the reserved ids are the running
  /// request's).
  mutating func reset() {
    views.removeAll()
    controllers.removeAll()
    counters.removeAll()
    registeredClasses.removeAll()
    serial = 0
  }
}

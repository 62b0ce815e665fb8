/// The members of a JSON object: unique keys, kept in bytewise (UTF-8) key order.
///
/// A small array of pairs rather than a `Dictionary`: the daemon's objects (request envelopes, params, results)
/// hold a handful of short keys, where a linear scan beats hashing. Members added in code are inserted at their
/// place in bytewise key order — the order jansson's `JSON_SORT_KEYS` writes — so the encoder can hand them to
/// jansson already sorted and skip its sort. An object read from the wire keeps its document order (building one
/// from jansson is a plain append; jansson already rejected duplicate keys) and is sorted when encoded. Equality and
/// hashing ignore order, as JSON's do.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
  /// One member.
  public typealias Member = (key: String, value: JSONValue)

  private var members: [Member]
  /// Whether `members` is in bytewise key order (false only for an object read from the wire out of order).
  private(set) var isSortedByKeyBytes = true

  /// An empty object.
  public init() { members = [] }

  /// An empty object with room for `minimumCapacity` members. The hot paths (every event and response) build their
  /// objects with it and `insertNew` rather than a dictionary literal, whose variadic argument array is a heap
  /// allocation of its own (valgrind's dhat: one per literal), and whose members array would grow again when more
  /// members are added.
  public init(minimumCapacity: Int) {
    members = []
    members.reserveCapacity(minimumCapacity)
  }

  /// The members of a dictionary.
  public init(_ dictionary: [String: JSONValue]) {
    members = dictionary.map { (key: $0.key, value: $0.value) }.sorted { Self.compare($0.key, $1.key) < 0 }
  }

  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    members = []
    members.reserveCapacity(elements.count)
    for (key, value) in elements {
      // Keys written in order (as the daemon writes its literals) append after one comparison each.
      if let last = members.last?.key, Self.compare(last, key) >= 0 {
        self[key] = value
      } else {
        members.append((key: key, value: value))
      }
    }
  }

  /// Appends a member whose key is known not to be present yet (the parser's fast path).
  mutating func appendNew(_ key: String, _ value: JSONValue) {
    if isSortedByKeyBytes, let last = members.last, Self.compare(last.key, key) > 0 { isSortedByKeyBytes = false }
    members.append((key: key, value: value))
  }

  /// Appends a member whose key the caller knows comes after every key present, in bytewise order (no comparison:
  /// the hot replies' small objects, written key by key in order). Debug builds check the order.
  public mutating func appendInKeyOrder(_ key: String, _ value: JSONValue) {
    assert(members.last.map { Self.compare($0.key, key) < 0 } ?? true, "\(key) is not in key order")
    members.append((key: key, value: value))
  }

  /// Adds a member whose key the caller knows is absent (no search for an equal key), at its place in key order.
  public mutating func insertNew(_ key: String, _ value: JSONValue) {
    var index = members.count
    if isSortedByKeyBytes {
      while index > 0, Self.compare(members[index - 1].key, key) > 0 { index -= 1 }
    }
    members.insert((key: key, value: value), at: index)
  }

  /// Reserves room for `count` members.
  public mutating func reserveCapacity(_ count: Int) { members.reserveCapacity(count) }

  /// The value for `key`, or `nil`; setting `nil` removes the member.
  public subscript(key: String) -> JSONValue? {
    get {
      // Most keys looked for are absent (a method's optional params), and most absent keys differ in length: the
      // byte count first is cheaper than a string comparison that fails.
      let length = key.utf8.count
      for index in members.indices where members[index].key.utf8.count == length && members[index].key == key {
        return members[index].value
      }
      return nil
    }
    set {
      if let index = members.firstIndex(where: { $0.key == key }) {
        if let newValue { members[index].value = newValue } else { members.remove(at: index) }
      } else if let newValue {
        // The place in key order; appending is the common case (keys written in order), so look from the end.
        var index = members.count
        if isSortedByKeyBytes {
          while index > 0, Self.compare(members[index - 1].key, key) > 0 { index -= 1 }
        }
        members.insert((key: key, value: newValue), at: index)
      }
    }
  }

  /// The members in bytewise key order (a copy sorted once for an object read from the wire out of order).
  var membersInKeyOrder: [Member] {
    isSortedByKeyBytes ? members : members.sorted { Self.compare($0.key, $1.key) < 0 }
  }

  /// Runs `body` on the members in bytewise key order, read in place (the encoder's walk).
  func withMembersInKeyOrder<R>(_ body: (UnsafeBufferPointer<Member>) -> R) -> R {
    isSortedByKeyBytes ? members.withUnsafeBufferPointer(body) : membersInKeyOrder.withUnsafeBufferPointer(body)
  }

  /// Compares the UTF-8 bytes of two keys (`memcmp` order, a shorter prefix first), not their Unicode canonical
  /// order as `<` on `String` does.
  static func compare(_ lhs: String, _ rhs: String) -> Int {
    // Most keys differ in their first byte.
    if let a = lhs.utf8.first, let b = rhs.utf8.first, a != b { return a < b ? -1 : 1 }
    var left = lhs.utf8.makeIterator()
    var right = rhs.utf8.makeIterator()
    while true {
      switch (left.next(), right.next()) {
      case (nil, nil): return 0
      case (nil, _): return -1
      case (_, nil): return 1
      case (let a?, let b?) where a != b: return a < b ? -1 : 1
      default: continue
      }
    }
  }

  /// The keys, in the order of the members (key order, or document order for an object read from the wire).
  public var keys: [String] { members.map(\.key) }
  /// The number of members.
  public var count: Int { members.count }
  /// Whether there are no members.
  public var isEmpty: Bool { members.isEmpty }

  public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }

  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for member in lhs.members where rhs[member.key] != member.value { return false }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    // Order-independent: a commutative sum of each member's own hash.
    var sum = 0
    for member in members {
      var memberHasher = Hasher()
      memberHasher.combine(member.key)
      memberHasher.combine(member.value)
      sum &+= memberHasher.finalize()
    }
    hasher.combine(members.count)
    hasher.combine(sum)
  }
}

/// The members of a JSON object: unique keys, kept in the order they were added.
///
/// A small array of pairs rather than a `Dictionary`: the daemon's objects (request envelopes, params, results)
/// hold a handful of short keys, where a linear scan comparing inline small strings beats hashing, and building
/// one from jansson is a plain append (jansson already rejected duplicate keys). Equality and hashing ignore
/// order, as JSON's do; encoding sorts keys, so the order never reaches the wire.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
  /// One member.
  public typealias Member = (key: String, value: JSONValue)

  private var members: [Member]

  /// An empty object.
  public init() { members = [] }

  /// The members of a dictionary.
  public init(_ dictionary: [String: JSONValue]) {
    members = dictionary.map { (key: $0.key, value: $0.value) }
  }

  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    members = []
    members.reserveCapacity(elements.count)
    for (key, value) in elements { self[key] = value }
  }

  /// Appends a member whose key is known not to be present yet (the parser's fast path).
  mutating func appendNew(_ key: String, _ value: JSONValue) {
    members.append((key: key, value: value))
  }

  /// Reserves room for `count` members.
  public mutating func reserveCapacity(_ count: Int) { members.reserveCapacity(count) }

  /// The value for `key`, or `nil`; setting `nil` removes the member.
  public subscript(key: String) -> JSONValue? {
    get {
      for member in members where member.key == key { return member.value }
      return nil
    }
    set {
      if let index = members.firstIndex(where: { $0.key == key }) {
        if let newValue { members[index].value = newValue } else { members.remove(at: index) }
      } else if let newValue {
        members.append((key: key, value: newValue))
      }
    }
  }

  /// The keys, in insertion order.
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

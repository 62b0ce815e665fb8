/// The nearest of a list of names to a misspelt one, for errors that tell the fix: an unknown method
/// (`controler/get`: "did you mean controller/get?") or an unknown parameter (`contoller`: "did you mean controller?").
package enum NearestName {
  /// The name of `candidates` nearest to `name`, when it is near enough to be what was meant: at most 2 edits
  /// (an insertion, a deletion, a substitution, or two neighbouring characters swapped), at most 1 for a name of 4
  /// characters or fewer (so `id` does not suggest `at`). Ties go to the first candidate. Names compare by Unicode
  /// scalars, case-sensitively (a wrong case is one edit per letter). Only candidates within 2 characters of the
  /// name's length are measured, so a long name costs nothing.
  package static func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
    let typed = Array(name.unicodeScalars)
    let limit = typed.count <= 4 ? 1 : 2
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != name {
      let other = Array(candidate.unicodeScalars)
      guard abs(other.count - typed.count) <= limit else { continue }
      let distance = editDistance(typed, other)
      if distance <= limit && distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    return best?.name
  }

  /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbours.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
        current[j] = value
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }
}

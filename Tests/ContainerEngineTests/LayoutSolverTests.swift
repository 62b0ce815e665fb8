import ContainerEngine
import Foundation
import Testing

/// The Cassowary solver (`Sources/ContainerEngine/Layout/Solver/`): known answers, errors, incremental
/// behaviour, a differential test against kiwisolver and a 4,000-constraint build.
@Suite struct LayoutSolverTests {
  /// A deterministic xorshift64* generator (no Foundation randomness, so every run sees the same systems).
  struct XorShift {
    var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

    mutating func next() -> UInt64 {
      state ^= state >> 12
      state ^= state << 25
      state ^= state >> 27
      return state &* 0x2545_F491_4F6C_DD1D
    }

    /// A uniform integer in `range` (the modulo bias is irrelevant here).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
      range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    mutating func element<T>(_ values: [T]) -> T { values[int(0...values.count - 1)] }
  }

  private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

  // MARK: - Known answers

  @Test func simplePins() throws {
    let solver = LayoutSolver()
    let x = solver.makeVariable("x")
    let width = solver.makeVariable("width")
    let right = solver.makeVariable("right")
    try solver.add(x, .equal, 10, priority: 1000)
    try solver.add(width, .equal, 100, priority: 1000)
    try solver.add(right, .equal, x + width, priority: 1000)
    #expect(solver.value(of: right) == 110)
    #expect(solver.value(of: x) == 10)
    #expect(solver.constraintCount == 3)
    // A variable in no constraint reads 0.
    #expect(solver.value(of: solver.makeVariable("free")) == 0)
  }

  @Test func centering() throws {
    let solver = LayoutSolver()
    let parentX = solver.makeVariable("parent.x")
    let parentWidth = solver.makeVariable("parent.width")
    let childX = solver.makeVariable("child.x")
    let childWidth = solver.makeVariable("child.width")
    try solver.add(parentX, .equal, 20, priority: 1000)
    try solver.add(parentWidth, .equal, 400, priority: 1000)
    try solver.add(childWidth, .equal, 100, priority: 1000)
    // child.centerX == parent.centerX
    try solver.add(childX + childWidth * 0.5, .equal, parentX + parentWidth * 0.5, priority: 1000)
    #expect(close(solver.value(of: childX), 170))
  }

  @Test func proportionalWidths() throws {
    let solver = LayoutSolver()
    let a = solver.makeVariable("a.width")
    let b = solver.makeVariable("b.width")
    let total = solver.makeVariable("total")
    try solver.add(a, .equal, 0.5 * b, priority: 1000)
    try solver.add(a + b + 10, .equal, total, priority: 1000)
    try solver.add(total, .equal, 310, priority: 1000)
    #expect(close(solver.value(of: a), 100))
    #expect(close(solver.value(of: b), 200))
  }

  @Test func requiredInequalityBeatsAPreference() throws {
    let solver = LayoutSolver()
    let width = solver.makeVariable("width")
    try solver.add(width, .greaterOrEqual, 100, priority: 1000)
    try solver.add(width, .equal, 50, priority: 750)
    #expect(close(solver.value(of: width), 100))
  }

  @Test func prioritiesOrderThePreferences() throws {
    let solver = LayoutSolver()
    let width = solver.makeVariable("width")
    try solver.add(width, .lessOrEqual, 300, priority: 1000)
    try solver.add(width, .equal, 400, priority: 250)
    try solver.add(width, .equal, 350, priority: 500)
    #expect(close(solver.value(of: width), 300))
    // Without the required cap the 500 preference wins over the 250 one.
    let uncapped = LayoutSolver()
    let w = uncapped.makeVariable("w")
    try uncapped.add(w, .equal, 400, priority: 250)
    try uncapped.add(w, .equal, 350, priority: 500)
    #expect(close(uncapped.value(of: w), 350))
  }

  /// A higher priority dominates any number of lower ones (symbolic weights), even 1 point apart.
  @Test func aHigherPriorityDominatesManyLowerOnes() throws {
    let solver = LayoutSolver()
    let x = solver.makeVariable("x")
    try solver.add(x, .equal, 100, priority: 501)
    for _ in 0..<50 { try solver.add(x, .equal, 0, priority: 500) }
    #expect(close(solver.value(of: x), 100))
    // Far apart in the scale too: 999 against 200 constraints at 1.
    let wide = LayoutSolver()
    let y = wide.makeVariable("y")
    for _ in 0..<200 { try wide.add(y, .equal, -7, priority: 1) }
    try wide.add(y, .greaterOrEqual, 5, priority: 999)
    #expect(close(wide.value(of: y), 5))
  }

  /// Within one priority, violations add up (weighted L1): three votes for 10 beat two for 20.
  @Test func samePriorityViolationsAddUp() throws {
    let solver = LayoutSolver()
    let x = solver.makeVariable("x")
    for _ in 0..<3 { try solver.add(x, .equal, 10, priority: 500) }
    for _ in 0..<2 { try solver.add(x, .equal, 20, priority: 500) }
    #expect(close(solver.value(of: x), 10))
    // A weight within the level tips the balance.
    try solver.add(LinearExpression(x), .equal, LinearExpression(20), priority: 500, weight: 2)
    #expect(close(solver.value(of: x), 20))
  }

  @Test func editVariablesFollowSuggestions() throws {
    let solver = LayoutSolver()
    let left = solver.makeVariable("left")
    let width = solver.makeVariable("width")
    let right = solver.makeVariable("right")
    try solver.add(right, .equal, left + width, priority: 1000)
    try solver.add(width, .greaterOrEqual, 50, priority: 1000)
    try solver.add(width, .equal, 100, priority: 250)
    try solver.add(left, .greaterOrEqual, 0, priority: 1000)
    try solver.addEditVariable(right, priority: 999)
    try solver.addEditVariable(left, priority: 500)
    #expect(solver.hasEditVariable(right))
    try solver.suggestValue(left, 10)
    try solver.suggestValue(right, 300)
    #expect(close(solver.value(of: left), 10))
    #expect(close(solver.value(of: width), 290))
    // Dragging the right edge left: the width gives way to 999 down to its required minimum, then `left` (500).
    try solver.suggestValue(right, 80)
    #expect(close(solver.value(of: width), 70))
    try solver.suggestValue(right, 40)
    #expect(close(solver.value(of: width), 50))
    #expect(close(solver.value(of: left), 0))
    #expect(close(solver.value(of: right), 50))
    // Removing the right edit leaves width's own preference in charge.
    try solver.removeEditVariable(right)
    #expect(close(solver.value(of: width), 100))
    #expect(close(solver.value(of: right), solver.value(of: left) + 100))
    #expect(solver.constraintCount == 4)
  }

  /// An edit variable starts at the variable's current value, so adding it moves nothing (a "stay").
  @Test func addingAnEditVariableMovesNothing() throws {
    let solver = LayoutSolver()
    let x = solver.makeVariable("x")
    let y = solver.makeVariable("y")
    try solver.add(x, .equal, 42, priority: 250)
    try solver.add(y, .equal, x + 1, priority: 1000)
    try solver.addEditVariable(x, priority: 500)
    #expect(close(solver.value(of: y), 43))
    try solver.suggestValue(x, 7)
    #expect(close(solver.value(of: y), 8))
    try solver.removeEditVariable(x)
    #expect(close(solver.value(of: y), 43))
  }

  @Test func editVariableErrors() throws {
    let solver = LayoutSolver()
    let x = solver.makeVariable("x")
    #expect(throws: SolverError.badRequiredStrength) { try solver.addEditVariable(x, priority: 1000) }
    #expect(throws: SolverError.unknownEditVariable(x)) { try solver.suggestValue(x, 1) }
    #expect(throws: SolverError.unknownEditVariable(x)) { try solver.removeEditVariable(x) }
    try solver.addEditVariable(x, priority: 750)
    #expect(throws: SolverError.duplicateEditVariable(x)) { try solver.addEditVariable(x, priority: 750) }
    try solver.suggestValue(x, 12)
    #expect(solver.value(of: x) == 12)
    #expect(solver.constraintCount == 0)
  }

  @Test func handleErrors() throws {
    let solver = LayoutSolver()
    let x = solver.makeVariable("x")
    #expect(throws: SolverError.invalidPriority(0)) { try solver.add(x, .equal, 1, priority: 0) }
    #expect(throws: SolverError.invalidPriority(1001)) { try solver.add(x, .equal, 1, priority: 1001) }
    let constraint = try solver.add(x, .equal, 5, priority: 1000)
    #expect(throws: SolverError.duplicate(constraint)) { try solver.add(constraint) }
    try solver.remove(constraint)
    #expect(throws: SolverError.unknownConstraint(constraint)) { try solver.remove(constraint) }
    #expect(solver.value(of: x) == 0)
    try solver.add(constraint)
    #expect(solver.value(of: x) == 5)
  }

  /// A required conflict throws with the culprit, leaves the solution as it was and the solver usable.
  @Test func requiredConflictIsUnsatisfiable() throws {
    let solver = LayoutSolver()
    let x = solver.makeVariable("x")
    let y = solver.makeVariable("y")
    try solver.add(x, .equal, 10, priority: 1000)
    try solver.add(y, .equal, x + 5, priority: 1000)
    var thrown: SolverError?
    do {
      try solver.add(y, .equal, 20, priority: 1000)
    } catch {
      thrown = error
    }
    guard case .unsatisfiable(let culprit) = thrown else {
      Issue.record("expected unsatisfiable, got \(String(describing: thrown))")
      return
    }
    #expect(!solver.contains(culprit))
    #expect(solver.value(of: x) == 10)
    #expect(solver.value(of: y) == 15)
    #expect(solver.constraintCount == 2)
    // Still usable: the same constraint fits once the conflicting one is gone.
    let z = solver.makeVariable("z")
    try solver.add(z, .equal, y * 2, priority: 1000)
    #expect(solver.value(of: z) == 30)
  }

  /// Inequality conflicts go through the artificial variable (phase one); its pivots are undone, so even a degenerate
  /// solution (many optima) reads exactly as before.
  @Test func inequalityConflictLeavesTheSolutionUnchanged() throws {
    let solver = LayoutSolver()
    let vars = (0..<6).map { solver.makeVariable("v\($0)") }
    try solver.add(vars[0] + vars[1] + vars[2], .equal, 100, priority: 1000)
    for v in vars { try solver.add(v, .greaterOrEqual, 0, priority: 1000) }
    try solver.add(vars[3] + vars[4], .lessOrEqual, vars[0] + 10, priority: 1000)
    try solver.add(vars[5], .greaterOrEqual, vars[1] - vars[2], priority: 1000)
    try solver.add(vars[4], .equal, 30, priority: 250)
    let before = vars.map { solver.value(of: $0) }
    let count = solver.constraintCount
    #expect(throws: SolverError.self) { try solver.add(vars[0] + vars[1], .greaterOrEqual, 150, priority: 1000) }
    #expect(throws: SolverError.self) { try solver.add(vars[3], .lessOrEqual, -1, priority: 1000) }
    #expect(vars.map { solver.value(of: $0) }.elementsEqual(before) { close($0, $1, 1e-9) })
    #expect(solver.constraintCount == count)
    try solver.add(vars[2], .equal, 40, priority: 1000)
    #expect(close(solver.value(of: vars[0]) + solver.value(of: vars[1]), 60))
  }

  @Test func removingAConstraintRestoresThePreviousAnswer() throws {
    let solver = LayoutSolver()
    let x = solver.makeVariable("x")
    let width = solver.makeVariable("width")
    try solver.add(x, .equal, 20, priority: 1000)
    try solver.add(width, .equal, 100, priority: 500)
    try solver.add(x + width, .lessOrEqual, 400, priority: 1000)
    let extra = try solver.add(width, .greaterOrEqual, 300, priority: 750)
    #expect(close(solver.value(of: width), 300))
    let cap = try solver.add(x + width, .lessOrEqual, 250, priority: 1000)
    #expect(close(solver.value(of: width), 230))
    try solver.remove(cap)
    #expect(close(solver.value(of: width), 300))
    try solver.remove(extra)
    #expect(close(solver.value(of: width), 100))
    #expect(solver.constraintCount == 3)
  }

  /// Removing a required equality that another one duplicates keeps the duplicate in force. (kiwisolver 1.4.4 gives
  /// x = 116 here: its removal pivots the redundant equality's dummy marker off 0.)
  @Test func removingARedundantRequiredEquality() throws {
    let solver = LayoutSolver()
    let x = solver.makeVariable("x")
    let first = try solver.add(2 * x, .equal, 236, priority: 1000)
    try solver.add(x, .lessOrEqual, 116, priority: 750)
    try solver.add(3 * x, .equal, 354, priority: 1000)
    #expect(close(solver.value(of: x), 118))
    try solver.remove(first)
    #expect(close(solver.value(of: x), 118))
  }

  @Test func thousandVariableChain() throws {
    let solver = LayoutSolver()
    let xs = (0..<1000).map { solver.makeVariable("x\($0)") }
    try solver.add(xs[0], .equal, 0, priority: 1000)
    var links: [LayoutConstraint] = []
    for i in 1..<1000 { links.append(try solver.add(xs[i], .equal, xs[i - 1] + 1, priority: 1000)) }
    #expect(close(solver.value(of: xs[999]), 999))
    #expect(close(solver.value(of: xs[500]), 500))
    // Cut the chain at 500 and pin its tail weakly: the tail moves, the head stays.
    try solver.add(xs[500], .equal, 0, priority: 250)
    #expect(close(solver.value(of: xs[500]), 500))
    try solver.remove(links[499])  // xs[500] == xs[499] + 1
    #expect(close(solver.value(of: xs[500]), 0))
    #expect(close(solver.value(of: xs[999]), 499))
    #expect(close(solver.value(of: xs[499]), 499))
  }

  /// Two solvers fed the same calls give bit-identical answers, even with many optima (no hash-order dependence).
  @Test func degenerateTiesAreDeterministic() throws {
    func solve() throws -> [Double] {
      let solver = LayoutSolver()
      let vars = (0..<20).map { solver.makeVariable("v\($0)") }
      for i in 0..<19 {
        try solver.add(vars[i] + vars[i + 1], .lessOrEqual, 100, priority: 1000)
        try solver.add(vars[i], .greaterOrEqual, 0, priority: 1000)
        try solver.add(vars[i] + vars[i + 1], .equal, 150, priority: 500)
      }
      return vars.map { solver.value(of: $0) }
    }
    let first = try solve()
    for _ in 0..<5 { #expect(try solve() == first) }
  }

  // MARK: - Randomized

  /// A random system with a unique optimum: required constraints hold at a hidden integer solution (so they are
  /// satisfiable), the others are random, and every variable has its own pin `x == value` at a distinct priority
  /// below all the others, so after the higher levels each pin fixes its variable's value uniquely.
  private struct RandomSystem {
    struct Constraint {
      var terms: [(Int, Double)]
      var constant: Double
      var relation: LayoutRelation
      var priority: Double
      var weight: Double
    }
    var variableCount: Int
    var constraints: [Constraint]

    init(seed: UInt64, variables: Int, constraints count: Int, distinctPinPriorities: Bool) {
      var rng = XorShift(seed: seed)
      variableCount = variables
      let hidden = (0..<variables).map { _ in Double(rng.int(0...200)) }
      constraints = []
      for _ in 0..<count {
        var indices: [Int] = []
        for _ in 0..<rng.int(1...3) {
          let index = rng.int(0...variables - 1)
          if !indices.contains(index) { indices.append(index) }
        }
        let terms = indices.map { ($0, Double(rng.element([-3, -2, -1, 1, 2, 3]))) }
        let atHidden = terms.reduce(0.0) { $0 + $1.1 * hidden[$1.0] }
        let relation = rng.element([LayoutRelation.equal, .lessOrEqual, .greaterOrEqual])
        let priority = rng.element([1000.0, 1000, 750, 500, 250])
        var constant = -atHidden
        if priority == 1000 {
          let margin = Double(rng.int(0...10))
          if relation == .lessOrEqual { constant -= margin }
          if relation == .greaterOrEqual { constant += margin }
        } else {
          constant += Double(rng.int(-20...20))
        }
        constraints.append(
          Constraint(terms: terms, constant: constant, relation: relation, priority: priority, weight: 1))
      }
      for index in 0..<variables {
        let value = Double(rng.int(0...200))
        // Distinct levels (lexicographic) or one level with distinct, incommensurate weights.
        let priority = distinctPinPriorities ? 100 - Double(index) / 2 : 100
        let weight = distinctPinPriorities ? 1 : 1 + Double(index + 1).squareRoot() / 10
        constraints.append(
          Constraint(terms: [(index, 1)], constant: -value, relation: .equal, priority: priority, weight: weight))
      }
    }

    @discardableResult
    func add(_ index: Int, to solver: LayoutSolver, _ variables: [LayoutVariable]) throws -> LayoutConstraint {
      let constraint = constraints[index]
      let lhs = LinearExpression(terms: constraint.terms.map { (variables[$0.0], $0.1) }, constant: constraint.constant)
      return try solver.add(
        lhs, constraint.relation, LinearExpression(0), priority: constraint.priority,
        weight: constraint.weight)
    }

    var jsonLine: String {
      let items = constraints.map { constraint in
        let terms = constraint.terms.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ")
        let relation = constraint.relation == .equal ? "==" : constraint.relation == .lessOrEqual ? "<=" : ">="
        return """
          {"terms": [\(terms)], "constant": \(constraint.constant), "relation": "\(relation)", \
          "priority": \(constraint.priority), "weight": \(constraint.weight)}
          """
      }
      return "{\"variables\": \(variableCount), \"constraints\": [\(items.joined(separator: ", "))]}"
    }

    /// Per priority level (highest first), the weighted sum of violations at `values` of the constraints at
    /// `indices` (all by default); required ones separately.
    func violations(_ values: [Double], of indices: [Int]? = nil) -> (required: Double, levels: [(Double, Double)]) {
      var required = 0.0
      var levels: [Double: Double] = [:]
      for constraint in (indices ?? Array(constraints.indices)).map({ constraints[$0] }) {
        let value = constraint.terms.reduce(constraint.constant) { $0 + $1.1 * values[$1.0] }
        let violation: Double
        switch constraint.relation {
        case .equal: violation = abs(value)
        case .lessOrEqual: violation = max(0, value)
        case .greaterOrEqual: violation = max(0, -value)
        }
        if constraint.priority >= 1000 {
          required += violation
        } else {
          levels[constraint.priority, default: 0] += violation * constraint.weight
        }
      }
      return (required, levels.sorted { $0.key > $1.key }.map { ($0.key, $0.value) })
    }
  }

  /// Random adds and removes end with the same answer as a fresh solver given the final set in another order.
  @Test func incrementalMatchesAFreshSolve() throws {
    for seed: UInt64 in 1...8 {
      let system = RandomSystem(seed: seed, variables: 12, constraints: 40, distinctPinPriorities: true)
      var rng = XorShift(seed: seed &* 7919)
      let solver = LayoutSolver()
      let variables = (0..<system.variableCount).map { solver.makeVariable("x\($0)") }
      var active: [Int: LayoutConstraint] = [:]
      for _ in 0..<300 {
        let index = rng.int(0...system.constraints.count - 1)
        if let handle = active.removeValue(forKey: index) {
          try solver.remove(handle)
        } else {
          active[index] = try system.add(index, to: solver, variables)
        }
      }
      // Pins are always part of the final set, so the optimum is unique.
      for index in system.constraints.indices where system.constraints[index].priority < 101 && active[index] == nil {
        active[index] = try system.add(index, to: solver, variables)
      }
      #expect(solver.constraintCount == active.count)
      let fresh = LayoutSolver()
      let freshVariables = (0..<system.variableCount).map { fresh.makeVariable("x\($0)") }
      for index in active.keys.sorted(by: >) { try system.add(index, to: fresh, freshVariables) }
      for (a, b) in zip(variables, freshVariables) {
        #expect(close(solver.value(of: a), fresh.value(of: b)), "seed \(seed), \(a)")
      }
      #expect(system.violations(variables.map { solver.value(of: $0) }, of: Array(active.keys)).required < 1e-6)
    }
  }

  /// Suggested values (dual simplex) give the same answer as a fresh solver where each edit variable is a plain
  /// `x == value` constraint at the edit's priority.
  @Test func suggestionsMatchAFreshSolve() throws {
    for seed: UInt64 in 20...25 {
      let system = RandomSystem(seed: seed, variables: 12, constraints: 30, distinctPinPriorities: true)
      var rng = XorShift(seed: seed &* 104_729)
      let solver = LayoutSolver()
      let variables = (0..<system.variableCount).map { solver.makeVariable("x\($0)") }
      for index in system.constraints.indices { try system.add(index, to: solver, variables) }
      let edited = [0, 3, 7]
      let priorities = [900.0, 899, 898]
      for (index, priority) in zip(edited, priorities) {
        try solver.addEditVariable(variables[index], priority: priority)
      }
      for round in 0..<20 {
        var suggestions: [Double] = []
        for index in edited {
          let value = Double(rng.int(-50...250))
          suggestions.append(value)
          try solver.suggestValue(variables[index], value)
        }
        let fresh = LayoutSolver()
        let freshVariables = (0..<system.variableCount).map { fresh.makeVariable("x\($0)") }
        for index in system.constraints.indices { try system.add(index, to: fresh, freshVariables) }
        for (k, index) in edited.enumerated() {
          try fresh.add(freshVariables[index], .equal, suggestions[k], priority: priorities[k])
        }
        for (a, b) in zip(variables, freshVariables) {
          #expect(close(solver.value(of: a), fresh.value(of: b)), "seed \(seed), round \(round), \(a)")
        }
      }
    }
  }

  /// Differential test against kiwisolver (`kiwi_reference.py`, Debian's python3-kiwisolver).
  ///
  /// What is compared: every variable's value, within 1e-6, on 40 random systems of 30 variables and 60 constraints
  /// (`==`, `<=`, `>=` with small integer coefficients at priorities 1000/750/500/250, the required ones satisfiable
  /// by construction) plus one pin `x == value` per variable.
  ///
  /// Why the values are comparable: two correct solvers agree on the optimum's objective but may pick different
  /// optimal solutions when the optimum is not unique. Here it is unique: all pins sit at priority 100 with distinct
  /// irrational-ratio weights (1 + √(i+1)/10), so after the higher levels the weighted L1 distance to the pins has a
  /// single minimiser. kiwisolver has no symbolic weights, so the script maps the levels to strengths 1e8, 1e4, 1 and
  /// 1e-4 (times the weight); with coefficients this small no trade between levels reaches that 10^4 ratio, so its
  /// weighted optimum is the lexicographic one. The per-level violations are compared too, which would tell a
  /// worse-than-optimal answer from a tie, should the values ever differ.
  @Test func matchesKiwisolver() throws {
    let systems = (0..<40).map {
      RandomSystem(seed: 1000 + UInt64($0), variables: 30, constraints: 60, distinctPinPriorities: false)
    }
    let input = systems.map(\.jsonLine).joined(separator: "\n") + "\n"
    let results = try runKiwi(input)
    try #require(results.count == systems.count)
    for (number, (system, result)) in zip(systems, results).enumerated() {
      guard let reference = result["values"] as? [Double] else {
        Issue.record("system \(number): kiwisolver said \(result)")
        continue
      }
      let solver = LayoutSolver()
      let variables = (0..<system.variableCount).map { solver.makeVariable("x\($0)") }
      for index in system.constraints.indices { try system.add(index, to: solver, variables) }
      let values = variables.map { solver.value(of: $0) }
      let ours = system.violations(values)
      let theirs = system.violations(reference)
      #expect(ours.required < 1e-6, "system \(number)")
      for (a, b) in zip(ours.levels, theirs.levels) {
        #expect(a.0 == b.0 && close(a.1, b.1), "system \(number): level \(a.0): \(a.1) vs kiwi \(b.1)")
      }
      for index in values.indices {
        #expect(
          close(values[index], reference[index]),
          "system \(number), x\(index): \(values[index]) vs kiwi \(reference[index])")
      }
    }
  }

  /// Runs `python3 kiwi_reference.py` on JSON lines and parses its JSON lines.
  private func runKiwi(_ input: String) throws -> [[String: Any]] {
    // Tests/ContainerEngineTests/LayoutSolverTests.swift → Tests/Tools/kiwi_reference.py
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Tools/kiwi_reference.py")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiwi-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let inURL = directory.appendingPathComponent("in.jsonl")
    let outURL = directory.appendingPathComponent("out.jsonl")
    let errURL = directory.appendingPathComponent("err")
    try Data(input.utf8).write(to: inURL)
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path]
    process.standardInput = try FileHandle(forReadingFrom: inURL)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    try process.run()
    process.waitUntilExit()
    let errors = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
    try #require(process.terminationStatus == 0, "kiwi_reference.py failed: \(errors)")
    let output = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
    return try output.split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
    }
  }

  // MARK: - Scale

  /// 1,000 views × (x, y, width, height), 4 constraints each, added one by one: views in a diagonal row, each 8 pt
  /// right of and just below the previous one; preferred widths of 100…140 at 750; heights half the width (required).
  /// Every tenth view instead gets a required width floor of 135 against its preference, and no height (its height
  /// reads 0 and the next view sits 65 pt lower).
  @Test func fourThousandConstraintsSolve() throws {
    let clock = ContinuousClock()
    let start = clock.now
    let solver = LayoutSolver()
    var views: [(x: LayoutVariable, y: LayoutVariable, width: LayoutVariable, height: LayoutVariable)] = []
    var expected: [(x: Double, y: Double, width: Double, height: Double)] = []
    for i in 0..<1000 {
      let view = (
        x: solver.makeVariable("v\(i).x"), y: solver.makeVariable("v\(i).y"),
        width: solver.makeVariable("v\(i).width"), height: solver.makeVariable("v\(i).height")
      )
      let special = i % 10 == 9
      let preferred = 100 + 10 * Double(i % 5)
      var width = preferred
      if let previous = views.last, let before = expected.last {
        try solver.add(view.x, .equal, previous.x + previous.width + 8, priority: 1000)
        let previousWasSpecial = (i - 1) % 10 == 9
        if previousWasSpecial {
          try solver.add(view.y, .equal, previous.y + 65, priority: 1000)
        } else {
          try solver.add(view.y, .equal, previous.y + previous.height, priority: 1000)
        }
        expected.append(
          (before.x + before.width + 8, before.y + (previousWasSpecial ? 65 : before.height), 0, 0))
      } else {
        try solver.add(view.x, .equal, 0, priority: 1000)
        try solver.add(view.y, .equal, 0, priority: 1000)
        expected.append((0, 0, 0, 0))
      }
      try solver.add(view.width, .equal, preferred, priority: 750)
      if special {
        try solver.add(view.width, .greaterOrEqual, 135, priority: 1000)
        width = max(preferred, 135)
      } else if i % 3 == 0 {
        try solver.add(view.height, .equal, view.width * 0.5, priority: 1000)
      } else {
        try solver.add(view.height * 2, .equal, view.width, priority: 1000)
      }
      expected[i].width = width
      expected[i].height = special ? 0 : width / 2
      views.append(view)
    }
    #expect(solver.constraintCount == 4000)
    let elapsed = clock.now - start
    print("fourThousandConstraintsSolve: 4000 constraints added in \(elapsed)")
    for i in [0, 1, 2, 9, 10, 499, 500, 998, 999] {
      #expect(close(solver.value(of: views[i].x), expected[i].x), "view \(i) x")
      #expect(close(solver.value(of: views[i].y), expected[i].y), "view \(i) y")
      #expect(close(solver.value(of: views[i].width), expected[i].width), "view \(i) width")
      #expect(close(solver.value(of: views[i].height), expected[i].height), "view \(i) height")
    }
    var mismatches = 0
    for i in views.indices where !close(solver.value(of: views[i].x), expected[i].x) { mismatches += 1 }
    #expect(mismatches == 0)
  }
}

/// A solver variable (one unknown of the layout, e.g. a view's minX). Created by ``LayoutSolver/makeVariable(_:)``;
/// `id` is unique within its solver and `name` is for diagnostics only.
public struct LayoutVariable: Hashable, Sendable, CustomStringConvertible {
  public let id: Int
  public let name: String

  init(id: Int, name: String) {
    self.id = id
    self.name = name
  }

  public var description: String { name.isEmpty ? "v\(id)" : name }
}

/// `Σ coefficient·variable + constant`. Terms may repeat a variable; the solver adds them up.
public struct LinearExpression: Sendable, CustomStringConvertible {
  public var terms: [(variable: LayoutVariable, coefficient: Double)]
  public var constant: Double

  public init(terms: [(variable: LayoutVariable, coefficient: Double)] = [], constant: Double = 0) {
    self.terms = terms
    self.constant = constant
  }

  /// `1·variable`.
  public init(_ variable: LayoutVariable) {
    self.init(terms: [(variable, 1)])
  }

  /// A constant expression.
  public init(_ constant: Double) {
    self.init(constant: constant)
  }

  public var description: String {
    var parts = terms.map { "\($0.coefficient)*\($0.variable)" }
    if constant != 0 || parts.isEmpty { parts.append("\(constant)") }
    return parts.joined(separator: " + ")
  }

  /// The expression multiplied by `factor`.
  public func scaled(by factor: Double) -> LinearExpression {
    LinearExpression(terms: terms.map { ($0.variable, $0.coefficient * factor) }, constant: constant * factor)
  }
}

/// Anything that reads as a linear expression: variables, expressions and constants.
public protocol LinearExpressionConvertible {
  var linearExpression: LinearExpression { get }
}

extension LinearExpression: LinearExpressionConvertible {
  public var linearExpression: LinearExpression { self }
}

extension LayoutVariable: LinearExpressionConvertible {
  public var linearExpression: LinearExpression { LinearExpression(self) }
}

extension Double: LinearExpressionConvertible {
  public var linearExpression: LinearExpression { LinearExpression(self) }
}

extension Int: LinearExpressionConvertible {
  public var linearExpression: LinearExpression { LinearExpression(Double(self)) }
}

// MARK: - Operators

public func * (lhs: LayoutVariable, rhs: Double) -> LinearExpression { LinearExpression(terms: [(lhs, rhs)]) }
public func * (lhs: Double, rhs: LayoutVariable) -> LinearExpression { LinearExpression(terms: [(rhs, lhs)]) }
public func * (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.scaled(by: rhs) }
public func * (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs.scaled(by: lhs) }
public func / (lhs: LayoutVariable, rhs: Double) -> LinearExpression { lhs * (1 / rhs) }
public func / (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.scaled(by: 1 / rhs) }

public prefix func - (operand: LayoutVariable) -> LinearExpression { operand * -1 }
public prefix func - (operand: LinearExpression) -> LinearExpression { operand.scaled(by: -1) }

public func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
  LinearExpression(terms: lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
}
public func + (lhs: LinearExpression, rhs: LayoutVariable) -> LinearExpression { lhs + LinearExpression(rhs) }
public func + (lhs: LayoutVariable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs) + rhs }
public func + (lhs: LayoutVariable, rhs: LayoutVariable) -> LinearExpression {
  LinearExpression(lhs) + LinearExpression(rhs)
}
public func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
  LinearExpression(terms: lhs.terms, constant: lhs.constant + rhs)
}
public func + (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs + lhs }
public func + (lhs: LayoutVariable, rhs: Double) -> LinearExpression { LinearExpression(lhs) + rhs }
public func + (lhs: Double, rhs: LayoutVariable) -> LinearExpression { LinearExpression(rhs) + lhs }

public func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { lhs + -rhs }
public func - (lhs: LinearExpression, rhs: LayoutVariable) -> LinearExpression { lhs + -rhs }
public func - (lhs: LayoutVariable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs) + -rhs }
public func - (lhs: LayoutVariable, rhs: LayoutVariable) -> LinearExpression { LinearExpression(lhs) + -rhs }
public func - (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs + -rhs }
public func - (lhs: Double, rhs: LinearExpression) -> LinearExpression { -rhs + lhs }
public func - (lhs: LayoutVariable, rhs: Double) -> LinearExpression { LinearExpression(lhs) + -rhs }
public func - (lhs: Double, rhs: LayoutVariable) -> LinearExpression { -rhs + lhs }

/// How the two sides of a constraint relate.
public enum LayoutRelation: Sendable, Hashable {
  case equal, lessOrEqual, greaterOrEqual
}

/// A handle on a constraint added to a ``LayoutSolver``; `id` is unique within its solver.
public struct LayoutConstraint: Hashable, Sendable {
  public let id: Int

  init(id: Int) { self.id = id }
}

/// What ``LayoutSolver`` throws. A throwing call leaves the solver as it was.
public enum SolverError: Error, Equatable, Sendable {
  /// A required constraint (priority 1000) conflicts with the required constraints already in the solver.
  case unsatisfiable(LayoutConstraint)
  /// The constraint is already in the solver (``LayoutSolver/add(_:)``).
  case duplicate(LayoutConstraint)
  /// The constraint is not in the solver (never made by it, or already removed).
  case unknownConstraint(LayoutConstraint)
  /// The variable is not an edit variable of the solver.
  case unknownEditVariable(LayoutVariable)
  /// Edit variables must not be required (priority 1000).
  case badRequiredStrength
  /// The variable is already an edit variable.
  case duplicateEditVariable(LayoutVariable)
  /// A priority outside `0 < priority ≤ 1000`, or a weight that is not finite and positive.
  case invalidPriority(Double)
}

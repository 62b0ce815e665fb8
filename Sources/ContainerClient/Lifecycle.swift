public import ContainerEngine
public import ContainerJSON

/// A `UIViewController` callback as a test states it: `.willMove(parent: "p")`, `.viewWillAppear(animated: false)`.
///
/// The cases are UIKit's callbacks with the arguments UIKit passes; `description` spells a value as Swift source,
/// so a failing comparison prints what one would type.
public enum Lifecycle: Sendable, Equatable, CustomStringConvertible {
  case loadView
  case viewDidLoad
  case viewWillAppear(animated: Bool)
  case viewIsAppearing(animated: Bool)
  case viewDidAppear(animated: Bool)
  case viewWillDisappear(animated: Bool)
  case viewDidDisappear(animated: Bool)
  /// `willMove(toParent:)`; `nil`: `willMove(toParent: nil)`.
  case willMove(parent: String?)
  /// `didMove(toParent:)`; `nil`: `didMove(toParent: nil)`.
  case didMove(parent: String?)
  case viewWillLayoutSubviews
  case viewDidLayoutSubviews
  /// `viewWillTransition(to:with:)`.
  case viewWillTransition(to: Size)
  case viewLayoutMarginsDidChange
  case viewSafeAreaInsetsDidChange
  /// R60–R63 (the `layout` kind): `willTransition(to:with:)`, `traitCollectionDidChange(_:)`, and a
  /// `registerForTraitChanges` handler with its registration id.
  case willTransitionToTraitCollection
  case traitCollectionDidChange
  case traitChangeHandler(registration: String)

  /// Reads an `event/lifecycle`'s params; nil for a callback this type does not know.
  public init?(params: JSONObject) {
    let animated = params["animated"]?.boolValue ?? false
    let parent = params["parent"]?.stringValue
    switch params["callback"]?.stringValue {
    case "loadView": self = .loadView
    case "viewDidLoad": self = .viewDidLoad
    case "viewWillAppear": self = .viewWillAppear(animated: animated)
    case "viewIsAppearing": self = .viewIsAppearing(animated: animated)
    case "viewDidAppear": self = .viewDidAppear(animated: animated)
    case "viewWillDisappear": self = .viewWillDisappear(animated: animated)
    case "viewDidDisappear": self = .viewDidDisappear(animated: animated)
    case "willMove": self = .willMove(parent: parent)
    case "didMove": self = .didMove(parent: parent)
    case "viewWillLayoutSubviews": self = .viewWillLayoutSubviews
    case "viewDidLayoutSubviews": self = .viewDidLayoutSubviews
    case "viewWillTransitionToSize":
      self = .viewWillTransition(to: params["size"].flatMap(Size.init(param:)) ?? Size(width: 0, height: 0))
    case "viewLayoutMarginsDidChange": self = .viewLayoutMarginsDidChange
    case "viewSafeAreaInsetsDidChange": self = .viewSafeAreaInsetsDidChange
    case "willTransitionToTraitCollection": self = .willTransitionToTraitCollection
    case "traitCollectionDidChange": self = .traitCollectionDidChange
    case "traitChangeHandler": self = .traitChangeHandler(registration: params["registration"]?.stringValue ?? "")
    default: return nil
    }
  }

  /// The callback's name on the wire (`viewWillAppear`).
  public var name: String {
    switch self {
    case .loadView: "loadView"
    case .viewDidLoad: "viewDidLoad"
    case .viewWillAppear: "viewWillAppear"
    case .viewIsAppearing: "viewIsAppearing"
    case .viewDidAppear: "viewDidAppear"
    case .viewWillDisappear: "viewWillDisappear"
    case .viewDidDisappear: "viewDidDisappear"
    case .willMove: "willMove"
    case .didMove: "didMove"
    case .viewWillLayoutSubviews: "viewWillLayoutSubviews"
    case .viewDidLayoutSubviews: "viewDidLayoutSubviews"
    case .viewWillTransition: "viewWillTransitionToSize"
    case .viewLayoutMarginsDidChange: "viewLayoutMarginsDidChange"
    case .viewSafeAreaInsetsDidChange: "viewSafeAreaInsetsDidChange"
    case .willTransitionToTraitCollection: "willTransitionToTraitCollection"
    case .traitCollectionDidChange: "traitCollectionDidChange"
    case .traitChangeHandler: "traitChangeHandler"
    }
  }

  /// As a test writes it: `.willMove(parent: "p")`, `.viewWillAppear(animated: false)`, `.loadView`.
  public var description: String {
    switch self {
    case .viewWillAppear(let animated), .viewIsAppearing(let animated), .viewDidAppear(let animated),
      .viewWillDisappear(let animated), .viewDidDisappear(let animated):
      return ".\(name)(animated: \(animated))"
    case .willMove(let parent), .didMove(let parent):
      return ".\(name)(parent: \(parent.map { "\"\($0)\"" } ?? "nil"))"
    case .viewWillTransition(let size):
      return ".viewWillTransition(to: Size(width: \(size.width), height: \(size.height)))"
    case .traitChangeHandler(let registration):
      return ".traitChangeHandler(registration: \"\(registration)\")"
    default:
      return ".\(name)"
    }
  }

  /// As the scenario files write it (`willMove(container)`, `didMove(nil)`, `viewWillAppear`).
  public var shortName: String {
    switch self {
    case .willMove(let parent), .didMove(let parent): "\(name)(\(parent ?? "nil"))"
    default: name
    }
  }
}

/// The lifecycle callbacks of one controller, in order, compared with `==` against an array literal:
///
/// ```swift
/// #expect(reply.events.lifecycle(of: "child") == [
///   .willMove(parent: "parent"), .loadView, .viewDidLoad, .viewWillAppear(animated: false),
/// ])
/// ```
///
/// Its `description` lists one callback a line, so a failing `#expect` prints both traces readably;
/// `difference(from:)` gives a line-by-line comparison marking the first divergence.
public struct LifecycleTrace: Sendable, Equatable, ExpressibleByArrayLiteral, RandomAccessCollection,
  CustomStringConvertible
{
  /// The callbacks, in order.
  public var callbacks: [Lifecycle]

  public init(_ callbacks: [Lifecycle]) { self.callbacks = callbacks }
  public init(arrayLiteral callbacks: Lifecycle...) { self.callbacks = callbacks }

  public var startIndex: Int { callbacks.startIndex }
  public var endIndex: Int { callbacks.endIndex }
  public subscript(position: Int) -> Lifecycle { callbacks[position] }

  /// One callback a line, as Swift source: `[` … `]`.
  public var description: String {
    if callbacks.isEmpty { return "[]" }
    return "[\n" + callbacks.map { "  \($0)," }.joined(separator: "\n") + "\n]"
  }

  /// nil when equal to `expected`; else a line-by-line comparison (`TraceDiff`).
  public func difference(from expected: LifecycleTrace) -> String? {
    TraceDiff.text(expected: expected.callbacks.map(\.description), actual: callbacks.map(\.description))
  }
}

/// Line-by-line comparison of an expected and an actual trace, for failure messages.
public enum TraceDiff {
  /// nil when the lines are equal; else a table of both, row by row, with `≠` on each row that differs and
  /// `← first divergence` on the first one, preceded by a summary line.
  ///
  /// ```text
  /// lifecycle differs at #3 of 4 expected, 4 actual
  ///     #  expected                          actual
  ///     1  .willMove(parent: "p")            .willMove(parent: "p")
  ///     2  .loadView                         .loadView
  ///  ≠  3  .viewWillAppear(animated: false)  .viewDidLoad                      ← first divergence
  /// ```
  public static func text(expected: [String], actual: [String], what: String = "lifecycle") -> String? {
    guard expected != actual else { return nil }
    let rows = max(expected.count, actual.count)
    let first =
      (0..<rows).first { index in
        index >= expected.count || index >= actual.count || expected[index] != actual[index]
      } ?? rows
    let width = max(8, expected.map(\.count).max() ?? 0)
    let numberWidth = String(rows).count
    func pad(_ text: String, _ length: Int) -> String {
      text.count >= length ? text : text + String(repeating: " ", count: length - text.count)
    }
    func padLeft(_ text: String, _ length: Int) -> String {
      text.count >= length ? text : String(repeating: " ", count: length - text.count) + text
    }
    var lines = [
      "\(what) differs at #\(first + 1) of \(expected.count) expected, \(actual.count) actual",
      "    \(padLeft("#", numberWidth))  \(pad("expected", width))  actual",
    ]
    for index in 0..<rows {
      let left = index < expected.count ? expected[index] : "(none)"
      let right = index < actual.count ? actual[index] : "(none)"
      let differs = left != right
      var line =
        (differs ? " ≠  " : "    ") + padLeft(String(index + 1), numberWidth) + "  " + pad(left, width)
        + "  " + right
      if index == first { line = pad(line, 4 + numberWidth + 2 + width + 2 + width) + "  ← first divergence" }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}

import ContainerJSON
import ContainerRPCTestSupport
import Testing

/// Random call sequences with split view controllers among the other calls (R39–R45), checked after every call for
/// R40's invariant — a split view controller that has appeared has exactly the columns on screen appeared, the others
/// disappeared, and one that has not appeared has no column appeared — besides the session's own checks (no did
/// callback without its will, R15) and atomic refusals.
@Suite struct SplitRandomSequenceTests {
  typealias Generator = RandomSequenceTests.Generator

  /// One split call: create one (double or triple, with a compact column or not), set or clear a column, show or hide
  /// one, showDetail/show, read it, make it the root or present it, resize the window between phone, pad and
  /// compact widths, or set a split.* option.
  static func splitCall(_ g: inout Generator) -> (String, JSONValue) {
    let column = { (g: inout Generator) -> JSONValue in
      .string(g.pick(["primary", "supplementary", "secondary", "compact", "sidebar"]))
    }
    let controller = { (g: inout Generator) -> JSONValue in .string(g.pick(["c1", "c2", "c3", "c4", "nav", "tabs"])) }
    let split = { (g: inout Generator) -> JSONValue in .string(g.pick(["svc", "svc", "c1"])) }
    switch g.next(12) {
    case 0:
      var columns: JSONObject = ["primary": "c1", "secondary": "c2"]
      if g.next(2) == 0 { columns["supplementary"] = "c3" }
      if g.next(2) == 0 { columns["compact"] = "c4" }
      return (
        "controller/create",
        [
          "id": "svc", "kind": "UISplitViewController", "columns": .object(columns),
          "style": .string(columns["supplementary"] != nil ? "tripleColumn" : "doubleColumn"),
          "delegate": g.pick([true, ["topColumnForCollapsing": "primary"], ["topColumnForCollapsing": "compact"]]),
        ]
      )
    case 1:
      return (
        "split/setViewController",
        ["split": split(&g), "column": column(&g), "controller": g.next(4) == 0 ? .null : controller(&g)]
      )
    case 2: return ("split/show", ["split": split(&g), "column": column(&g), "animated": .bool(g.next(2) == 0)])
    case 3: return ("split/hide", ["split": split(&g), "column": column(&g), "animated": .bool(g.next(2) == 0)])
    case 4: return ("split/showDetail", ["split": split(&g), "controller": controller(&g), "animated": false])
    case 5: return ("split/showViewController", ["split": split(&g), "controller": controller(&g), "animated": false])
    case 6: return ("split/get", ["split": split(&g)])
    case 7: return ("window/setRoot", ["window": "w", "controller": "svc"])
    case 8: return ("presentation/present", ["presenter": controller(&g), "controller": "svc", "animated": false])
    case 9:
      let (width, height) = g.pick([(390, 844), (844, 390), (1180, 820), (820, 1180), (375, 820)])
      return (
        "window/resize",
        ["window": "w", "width": .int(Int64(width)), "height": .int(Int64(height)), "animated": .bool(g.next(2) == 0)]
      )
    case 10: return ("window/configure", ["window": "w", "idiom": .string(g.pick(["phone", "pad"]))])
    default:
      return (
        "daemon/configure",
        [
          "options": g.pick(
            [
              ["split.proposedTopColumn": "primary"], ["split.initialCollapseCallsDelegate": "all"],
              ["split.setSecondaryPushAnimated": true], ["split.sizeCallbackOnColumnWidth": true],
            ] as [JSONValue])
        ]
      )
    }
  }

  /// R40 at rest, read from `world/snapshot`: the problem found, or nil.
  static func columnsOnScreen(_ snapshot: String) -> String? {
    guard let world = try? JSONValue.parse(snapshot), let controllers = world["controllers"]?.arrayValue else {
      return nil
    }
    var appearance: [String: String] = [:]
    for controller in controllers {
      if let id = controller["id"]?.stringValue { appearance[id] = controller["appearance"]?.stringValue }
    }
    for controller in controllers {
      guard let split = controller["split"], let id = controller["id"]?.stringValue,
        let columns = split["columns"]?.objectValue, let children = controller["children"]?.arrayValue
      else { continue }
      let visible = split["visibleColumns"]?.arrayValue?.compactMap(\.stringValue) ?? []
      let splitAppeared = appearance[id] == "appeared"
      for name in columns.keys {
        guard let entry = columns[name], let child = entry["wrapper"]?.stringValue ?? entry["controller"]?.stringValue,
          children.contains(.string(child))
        else { continue }
        let state = appearance[child] ?? ""
        if state == "appearing" || state == "disappearing" { continue }
        let shouldAppear = splitAppeared && visible.contains(name)
        if shouldAppear && state != "appeared" && appearance[id] != "appearing" {
          return "\(id)'s \(name) column (\(child)) is on screen but \(state)"
        }
        if !shouldAppear && state == "appeared" {
          return "\(id)'s \(name) column (\(child)) is off screen but appeared"
        }
      }
    }
    return nil
  }

  @Test(arguments: 0..<40)
  func columnsAppearOnlyOnScreen(_ seed: Int) {
    var g = Generator(state: 0x5B11_7000 &+ UInt64(seed) &* 0x1000_0000_01B3)
    var calls: [(String, JSONValue)] = []
    for _ in 0..<80 {
      if g.next(3) == 0 { calls += RandomSequenceTests.step(&g) } else { calls.append(Self.splitCall(&g)) }
    }
    let check = { (method: String, exchange: TestSession.Exchange, before: String, after: String) -> String? in
      if let problem = RandomSequenceTests.atomicity(method, exchange, before, after) { return problem }
      return Self.columnsOnScreen(after)
    }
    guard let violation = RandomSequenceTests.firstViolation(calls, check: check) else { return }
    let minimal = RandomSequenceTests.shrink(calls, check: check).map { "\($0.0) \($0.1.encodedString)" }
    Issue.record(
      "seed \(seed): call \(violation.index) \(violation.problem); minimal sequence:\n\(minimal.joined(separator: "\n"))"
    )
  }
}

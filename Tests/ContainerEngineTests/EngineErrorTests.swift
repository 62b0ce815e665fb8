import ContainerEngine
import Testing

/// What an engine refusal says: the argument of the engine call that was wrong (never a wire path) and, for a UIKit
/// exception, the rule that raises it.
@Suite struct EngineErrorTests {
  /// R25: selecting a controller that is not a child raises NSInternalInconsistencyException, citing R25.
  @Test func aUIKitExceptionCitesItsRule() throws {
    let harness = EngineHarness()
    let tabs = try harness.controller("tabs", kind: .tabBarController)
    let stranger = try harness.controller("stranger")
    let error = #expect(throws: EngineError.self) {
      try harness.turn { engine throws(EngineError) in try engine.selectTab(stranger, in: tabs) }
    }
    #expect(error?.rule == "R25")
  }

  /// R22: a navigation call on a controller of another kind is refused at its `navigation` argument, the kind named
  /// as UIKit spells it.
  @Test func aWrongKindNamesTheArgument() throws {
    let harness = EngineHarness()
    let plain = try harness.controller("plain")
    let pushed = try harness.controller("pushed")
    #expect(
      throws: EngineError.unsupported(
        argument: .navigation, expected: "a UINavigationController",
        message: "plain is a view controller, not a navigation controller")
    ) {
      try harness.turn { engine throws(EngineError) in try engine.push(pushed, on: plain, animated: false) }
    }
    #expect(pushed.parent == nil)
  }

  /// An id given twice in one `addConstraints` is refused at the second constraint's id, and nothing is activated.
  @Test func aConstraintArgumentCarriesItsIndexAndField() throws {
    let harness = EngineHarness()
    let view = try harness.engine.createView(
      id: "v", kind: .UIView, frame: nil, autoresizingMask: [], text: nil)
    let width = Engine.ConstraintSpec(
      id: "w", item: view.id, attribute: .width, relation: .equal, toItem: nil, toAttribute: nil, multiplier: 1,
      constant: 10, priority: 1000)
    #expect(throws: EngineError.idInUse("w", argument: .constraint(1, .id))) {
      try harness.turn { engine throws(EngineError) in _ = try engine.addConstraints([width, width]) }
    }
    #expect(harness.engine.kindOfObject("w") == nil)
  }
}

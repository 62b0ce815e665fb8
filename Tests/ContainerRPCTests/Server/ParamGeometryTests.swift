import ContainerEngine
import ContainerJSON
import ContainerProtocol
import Testing

/// The shared shapes of `Schema` (Documentation/Protocol.md, "Objects and ids") decode into the engine's geometry
/// member by member: typed params read them whole (`ParamValue`), so `MethodParamsTests` counts `frame`, not `frame.x`.
@Suite struct ParamGeometryTests {
  static func validated(_ schema: Schema, _ value: JSONValue) throws -> JSONValue {
    try schema.validate(value, path: "params.x")
  }

  @Test func sharedShapesDecodeIntoTheEngineGeometry() throws {
    #expect(
      Rect(param: try Self.validated(.rect, ["x": 1, "y": 2, "width": 3, "height": 4]))
        == Rect(x: 1, y: 2, width: 3, height: 4))
    #expect(
      Insets(param: try Self.validated(.insets, ["top": 1, "left": 2, "bottom": 3, "right": 4]))
        == Insets(top: 1, left: 2, bottom: 3, right: 4))
    #expect(Point(param: try Self.validated(.point, ["x": 1, "y": 2])) == Point(x: 1, y: 2))
    #expect(Size(param: try Self.validated(.size, ["width": 1, "height": 2])) == Size(width: 1, height: 2))
  }

  @Test func anIncompleteShapeDoesNotDecode() {
    #expect(Rect(param: ["x": 1, "y": 2, "width": 3]) == nil)
    #expect(Insets(param: ["top": 1, "left": 2, "bottom": 3]) == nil)
    #expect(Point(param: ["x": 1]) == nil)
    #expect(Size(param: ["width": "1", "height": 2]) == nil)
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `window/resize`, `view/hitTest`, `view/configure`, `layout/*` (UIKIT_RULES.md R30).
extension RPCServer {
  func windowResize(_ params: Params) throws(RPCError) -> JSONValue {
    let window = try window(params)
    let width = try params.double("width")
    let height = try params.double("height")
    let safeArea = Self.insets(params["safeArea"])
    try engineCall { () throws(EngineError) in
      try engine.resizeWindow(window, width: width, height: height, safeArea: safeArea)
    }
    return [:]
  }

  func viewHitTest(_ params: Params) throws(RPCError) -> JSONValue {
    let window = try window(params)
    guard let point = Self.point(params["point"]) else { throw RPCError.internalError("point did not decode") }
    let view = try engineCall { () throws(EngineError) in try engine.hitTest(window, point) }
    return ["view": view.map { .string($0.id) } ?? .null]
  }

  func viewConfigure(_ params: Params) throws(RPCError) -> JSONValue {
    let ref = try viewRef(params, "view")
    try engineCall { () throws(EngineError) in
      try engine.configureView(
        ref, isHidden: params["isHidden"]?.boolValue, clipsToBounds: params["clipsToBounds"]?.boolValue)
    }
    return [:]
  }

  func worldRender(_ params: Params) throws(RPCError) -> JSONValue {
    let window = try window(params)
    let svg = try engineCall { () throws(EngineError) in try engine.renderSVG(window) }
    return ["format": "svg", "svg": .string(svg)]
  }

  func layoutLayoutIfNeeded(_ params: Params) throws(RPCError) -> JSONValue {
    let ref = try viewRef(params, "view")
    try engineCall { () throws(EngineError) in try engine.layoutIfNeeded(ref) }
    return ["ambiguous": .array(engine.ambiguousViews().map { .string($0) })]
  }

  func layoutAddConstraints(_ params: Params) throws(RPCError) -> JSONValue {
    let specs = (params["constraints"]?.arrayValue ?? []).map { value in
      Engine.ConstraintSpec(
        id: value["id"]?.stringValue, item: value["item"]?.stringValue ?? "",
        attribute: value["attribute"]?.stringValue.flatMap(Engine.LayoutAttribute.init(rawValue:)) ?? .left,
        relation: Self.relation(value["relation"]?.stringValue), toItem: value["toItem"]?.stringValue,
        toAttribute: value["toAttribute"]?.stringValue.flatMap(Engine.LayoutAttribute.init(rawValue:)),
        multiplier: value["multiplier"]?.doubleValue ?? 1, constant: value["constant"]?.doubleValue ?? 0,
        priority: value["priority"]?.doubleValue ?? 1000)
    }
    let ids = try engineCall { () throws(EngineError) in try engine.addConstraints(specs) }
    return ["ids": .array(ids.map { .string($0) })]
  }

  func layoutRemoveConstraints(_ params: Params) throws(RPCError) -> JSONValue {
    let ids = (params["ids"]?.arrayValue ?? []).compactMap(\.stringValue)
    try engineCall { () throws(EngineError) in try engine.removeConstraints(ids) }
    return [:]
  }

  static func relation(_ text: String?) -> LayoutRelation {
    switch text {
    case "<=": return .lessOrEqual
    case ">=": return .greaterOrEqual
    default: return .equal
    }
  }
}

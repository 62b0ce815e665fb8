import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `window/resize`, `view/hitTest`, `view/configure`, `layout/*` (R30).
extension RPCServer {
  func windowResize(_ params: WindowResizeParams) throws(RPCError) -> JSONValue {
    let window = try window(params.window)
    try engineCall { () throws(EngineError) in
      try engine.resizeWindow(
        window, width: params.width, height: params.height, safeArea: params.safeArea, animated: params.animated,
        duration: params.duration, traits: params.traits)
    }
    return [:]
  }

  func viewHitTest(_ params: ViewHitTestParams) throws(RPCError) -> JSONValue {
    let window = try window(params.window)
    let view = try engineCall { () throws(EngineError) in try engine.hitTest(window, params.point) }
    return ["view": view.map { .string($0.id) } ?? .null]
  }

  func viewConfigure(_ params: ViewConfigureParams) throws(RPCError) -> JSONValue {
    let ref = try viewRef(params.view, at: "view")
    try engineCall { () throws(EngineError) in
      try engine.configureView(
        ref, isHidden: params.isHidden, clipsToBounds: params.clipsToBounds, layoutMargins: params.layoutMargins,
        insetsLayoutMarginsFromSafeArea: params.insetsLayoutMarginsFromSafeArea,
        preservesSuperviewLayoutMargins: params.preservesSuperviewLayoutMargins)
    }
    return [:]
  }

  /// `format` has one value, `svg`.
  func worldRender(_ params: WorldRenderParams) throws(RPCError) -> JSONValue {
    let window = try window(params.window)
    let options = Wireframe.Options(labels: params.labels, legend: params.legend)
    let svg = try engineCall { () throws(EngineError) in try engine.renderSVG(window, options: options) }
    return ["format": .string(params.format.rawValue), "svg": .string(svg)]
  }

  func layoutLayoutIfNeeded(_ params: LayoutLayoutIfNeededParams) throws(RPCError) -> JSONValue {
    let ref = try viewRef(params.view, at: "view")
    try engineCall { () throws(EngineError) in try engine.layoutIfNeeded(ref) }
    return ["ambiguous": .array(engine.ambiguousViews().map { .string($0) })]
  }

  func layoutAddConstraints(_ params: LayoutAddConstraintsParams) throws(RPCError) -> JSONValue {
    let ids = try engineCall { () throws(EngineError) in try engine.addConstraints(params.constraints) }
    return ["ids": .array(ids.map { .string($0) })]
  }

  func layoutRemoveConstraints(_ params: LayoutRemoveConstraintsParams) throws(RPCError) -> JSONValue {
    try engineCall { () throws(EngineError) in try engine.removeConstraints(params.ids) }
    return [:]
  }
}

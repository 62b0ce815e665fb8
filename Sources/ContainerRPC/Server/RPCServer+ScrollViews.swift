import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `scroll/*` (S2.4, S2.6, S2.7).
extension RPCServer {
  func scrollConfigure(_ params: ScrollConfigureParams) throws(RPCError) -> JSONValue {
    let ref = try scrollView(params.view)
    try engineCall { () throws(EngineError) in
      try engine.configureScroll(ref) { scroll in
        if let size = params.contentSize { scroll.contentSize = size }
        if let inset = params.contentInset { scroll.contentInset = inset }
        if let value = params.bounces { scroll.bounces = value }
        if let value = params.alwaysBounceVertical { scroll.alwaysBounceVertical = value }
        if let value = params.alwaysBounceHorizontal { scroll.alwaysBounceHorizontal = value }
        if let value = params.isPagingEnabled { scroll.isPagingEnabled = value }
        if let rate = params.decelerationRate { scroll.decelerationRate = rate.perMillisecond }
        if let value = params.contentInsetAdjustmentBehavior { scroll.contentInsetAdjustmentBehavior = value }
      }
    }
    return [:]
  }

  /// The scroll view `params.view` names.
  func scrollView(_ id: String) throws(RPCError) -> Engine.ViewRef {
    try viewRef(id, at: "view", expected: Self.scrollViewKinds)
  }

  func scrollGet(_ params: ScrollGetParams) throws(RPCError) -> JSONValue {
    let id = params.view
    let view = try existingView(id, at: "view", expected: Self.scrollViewKinds)
    guard let scroll = view.scroll else {
      throw RPCError.invalidParams(
        path: "params.view", expected: "a UIScrollView or UITableView",
        message: Engine.describeKind(id, view.kind.rawValue, expected: "a UIScrollView or UITableView"))
    }
    return [
      "contentOffset": ["x": .number(scroll.contentOffset.x), "y": .number(scroll.contentOffset.y)],
      "contentSize": ["width": .number(scroll.contentSize.width), "height": .number(scroll.contentSize.height)],
      "contentInset": Self.json(scroll.contentInset),
      "adjustedContentInset": Self.json(engine.adjustedContentInset(of: view)),
      "isTracking": .bool(scroll.isTracking), "isDragging": .bool(scroll.isDragging),
      "isDecelerating": .bool(scroll.isDecelerating),
    ]
  }

  func scrollSetContentOffset(_ params: ScrollSetContentOffsetParams) throws(RPCError) -> JSONValue {
    let ref = try scrollView(params.view)
    try engineCall { () throws(EngineError) in
      try engine.setContentOffset(ref, params.offset, animated: params.animated)
    }
    return [:]
  }

  func scrollRectToVisible(_ params: ScrollRectToVisibleParams) throws(RPCError) -> JSONValue {
    let ref = try scrollView(params.view)
    try engineCall { () throws(EngineError) in
      try engine.scrollRectToVisible(ref, params.rect, animated: params.animated)
    }
    return [:]
  }

  func scrollPan(_ params: ScrollPanParams) throws(RPCError) -> JSONValue {
    let ref = try scrollView(params.view)
    let offset = try engineCall { () throws(EngineError) in
      try engine.pan(ref, phase: params.phase, translation: params.translation, velocity: params.velocity)
    }
    return ["contentOffset": ["x": .number(offset.x), "y": .number(offset.y)]]
  }

  func scrollFling(_ params: ScrollFlingParams) throws(RPCError) -> JSONValue {
    let ref = try scrollView(params.view)
    let target = try engineCall { () throws(EngineError) in try engine.fling(ref, velocity: params.velocity) }
    return ["targetContentOffset": ["x": .number(target.x), "y": .number(target.y)]]
  }
}

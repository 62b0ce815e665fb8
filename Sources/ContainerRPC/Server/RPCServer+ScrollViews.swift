import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `scroll/*` (SCROLL_RULES.md §2.4, §2.6, §2.7).
extension RPCServer {
  static func point(_ value: JSONValue?) -> Point? {
    guard let x = value?["x"]?.doubleValue, let y = value?["y"]?.doubleValue else { return nil }
    return Point(x: x, y: y)
  }

  func scrollConfigure(_ params: Params) throws(RPCError) -> JSONValue {
    let ref = try viewRef(params, "view", expected: Self.scrollViewKinds)
    // UIKit's named rates by name, any other as a number (the method's schema admits those alone).
    let decelerationRate: ScrollState.DecelerationRate? =
      switch params["decelerationRate"] {
      case .string(let name)?: ScrollState.DecelerationRate(named: name)
      case let value?: value.doubleValue.map(ScrollState.DecelerationRate.custom)
      case nil: nil
      }
    try engineCall { () throws(EngineError) in
      try engine.configureScroll(ref) { scroll in
        if let size = params["contentSize"], let width = size["width"]?.doubleValue,
          let height = size["height"]?.doubleValue
        {
          scroll.contentSize = Size(width: width, height: height)
        }
        if let inset = Self.insets(params["contentInset"]) { scroll.contentInset = inset }
        if let value = params["bounces"]?.boolValue { scroll.bounces = value }
        if let value = params["alwaysBounceVertical"]?.boolValue { scroll.alwaysBounceVertical = value }
        if let value = params["alwaysBounceHorizontal"]?.boolValue { scroll.alwaysBounceHorizontal = value }
        if let value = params["isPagingEnabled"]?.boolValue { scroll.isPagingEnabled = value }
        if let decelerationRate { scroll.decelerationRate = decelerationRate.perMillisecond }
        if let value = params["contentInsetAdjustmentBehavior"]?.stringValue.flatMap(
          ContentInsetAdjustmentBehavior.init(rawValue:))
        {
          scroll.contentInsetAdjustmentBehavior = value
        }
      }
    }
    return [:]
  }

  func scrollGet(_ params: Params) throws(RPCError) -> JSONValue {
    let id = try params.string("view")
    let view = try existingView(params, "view", expected: Self.scrollViewKinds)
    guard let scroll = view.scroll else {
      throw RPCError.invalidParams(
        path: "params.view", expected: "a UIScrollView or UITableView", message: "\(id) is a \(view.kind.rawValue)")
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

  func scrollSetContentOffset(_ params: Params) throws(RPCError) -> JSONValue {
    let ref = try viewRef(params, "view", expected: Self.scrollViewKinds)
    guard let offset = Self.point(params["offset"]) else { throw RPCError.internalError("offset did not decode") }
    let animated = try params.bool("animated")
    try engineCall { () throws(EngineError) in try engine.setContentOffset(ref, offset, animated: animated) }
    return [:]
  }

  func scrollRectToVisible(_ params: Params) throws(RPCError) -> JSONValue {
    let ref = try viewRef(params, "view", expected: Self.scrollViewKinds)
    guard let rect = Self.rect(params["rect"]) else { throw RPCError.internalError("rect did not decode") }
    let animated = try params.bool("animated")
    try engineCall { () throws(EngineError) in try engine.scrollRectToVisible(ref, rect, animated: animated) }
    return [:]
  }

  func scrollPan(_ params: Params) throws(RPCError) -> JSONValue {
    let ref = try viewRef(params, "view", expected: Self.scrollViewKinds)
    let phase = try params.string("phase")
    let translation = Self.point(params["translation"]) ?? Point(x: 0, y: 0)
    let velocity = Self.point(params["velocity"]) ?? Point(x: 0, y: 0)
    let offset = try engineCall { () throws(EngineError) in
      try engine.pan(ref, phase: phase, translation: translation, velocity: velocity)
    }
    return ["contentOffset": ["x": .number(offset.x), "y": .number(offset.y)]]
  }

  func scrollFling(_ params: Params) throws(RPCError) -> JSONValue {
    let ref = try viewRef(params, "view", expected: Self.scrollViewKinds)
    let velocity = Self.point(params["velocity"]) ?? Point(x: 0, y: 0)
    let target = try engineCall { () throws(EngineError) in try engine.fling(ref, velocity: velocity) }
    return ["targetContentOffset": ["x": .number(target.x), "y": .number(target.y)]]
  }
}

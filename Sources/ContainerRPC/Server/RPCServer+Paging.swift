import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `paging/*` and `behavior/*` (SCROLL_RULES.md §3–§5).
extension RPCServer {
  func pagingGet(_ params: Params) throws(RPCError) -> JSONValue {
    let container = try controller(params, "container", expected: "a PagingContainerViewController")
    guard let state = container.paging else {
      throw RPCError.invalidParams(
        path: "params.container", expected: "a PagingContainerViewController",
        message: "\(container.id) is a \(container.kind.rawValue)")
    }
    return [
      "index": .int(Int64(state.index)), "headerFrame": Self.json(state.headerFrame),
      "pages": .array(
        state.pages.map { page in
          var entry: JSONObject = ["controller": .string(page.id), "loaded": .bool(page.view != nil)]
          if let scroll = engine.pageScrollView(page), let offset = scroll.scroll?.contentOffset {
            entry["scrollView"] = .string(scroll.id)
            entry["contentOffset"] = ["x": .number(offset.x), "y": .number(offset.y)]
          }
          return .object(entry)
        }),
    ]
  }

  func pagingSelect(_ params: Params) throws(RPCError) -> JSONValue {
    let container = try controller(params, "container", expected: "a PagingContainerViewController")
    let index = Int(clamping: try params.int("index"))
    let animated = try params.bool("animated")
    try engineCall { () throws(EngineError) in try engine.selectPage(container, index: index, animated: animated) }
    return [:]
  }

  func pagingSetPages(_ params: Params) throws(RPCError) -> JSONValue {
    let container = try controller(params, "container", expected: "a PagingContainerViewController")
    let pages = try controllers(params, "controllers")
    try engineCall(paths: [.pages: "params.controllers"]) { () throws(EngineError) in
      try engine.setPages(container, pages)
    }
    return [:]
  }

  func behaviorAdd(_ params: Params) throws(RPCError) -> JSONValue {
    let view = try viewRef(params, "view")
    let scroll = try viewRef(params, "scrollView", expected: Self.scrollViewKinds)
    let kind = Engine.BehaviorKind(rawValue: try params.string("kind")) ?? .pinToTop
    let id = try engineCall { () throws(EngineError) in
      try engine.addBehavior(
        id: params["id"]?.stringValue, kind: kind, view: view, scrollView: scroll,
        offset: params["offset"]?.doubleValue ?? 0, factor: params["factor"]?.doubleValue ?? 1,
        minY: params["minY"]?.doubleValue, maxY: params["maxY"]?.doubleValue)
    }
    return ["id": .string(id)]
  }

  func behaviorRemove(_ params: Params) throws(RPCError) -> JSONValue {
    let id = try params.string("id")
    try lookUp(path: "params.id", expected: "a behavior") { () throws(EngineError) in try engine.removeBehavior(id) }
    return [:]
  }
}

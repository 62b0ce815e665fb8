import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `paging/*` and `behavior/*` (S3–S5).
extension RPCServer {
  /// The paging container `params.container` names.
  func pagingContainer(_ id: String) throws(RPCError) -> ControllerNode {
    try controller(id, at: "container", expected: "a PagingContainerViewController")
  }

  func pagingGet(_ params: PagingGetParams) throws(RPCError) -> JSONValue {
    let container = try pagingContainer(params.container)
    guard let state = container.paging else {
      throw RPCError.invalidParams(
        path: "params.container", expected: "a PagingContainerViewController",
        message: Engine.describeKind(container.id, container.kind.rawValue, expected: "a PagingContainerViewController")
      )
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

  func pagingSelect(_ params: PagingSelectParams) throws(RPCError) -> JSONValue {
    let container = try pagingContainer(params.container)
    try engineCall { () throws(EngineError) in
      try engine.selectPage(container, index: params.index, animated: params.animated)
    }
    return [:]
  }

  func pagingSetPages(_ params: PagingSetPagesParams) throws(RPCError) -> JSONValue {
    let container = try pagingContainer(params.container)
    let pages = try controllers(params.controllers, at: "controllers")
    try engineCall(paths: [.pages: "params.controllers"]) { () throws(EngineError) in
      try engine.setPages(container, pages)
    }
    return [:]
  }

  func behaviorAdd(_ params: BehaviorAddParams) throws(RPCError) -> JSONValue {
    let view = try viewRef(params.view, at: "view")
    let scroll = try viewRef(params.scrollView, at: "scrollView", expected: Self.scrollViewKinds)
    let id = try engineCall { () throws(EngineError) in
      try engine.addBehavior(
        id: params.id, kind: params.kind, view: view, scrollView: scroll, offset: params.offset,
        factor: params.factor, minY: params.minY, maxY: params.maxY)
    }
    return ["id": .string(id)]
  }

  func behaviorRemove(_ params: BehaviorRemoveParams) throws(RPCError) -> JSONValue {
    let id = params.id
    try lookUp(path: "params.id", expected: "a behavior") { () throws(EngineError) in try engine.removeBehavior(id) }
    return [:]
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `controller/create`: the params as an engine `ControllerSpec`; which option goes with which kind, the checks and
/// their order, and UIKit's order of construction are the engine's (`Engine.makeController`).
extension RPCServer {
  func controllerCreate(_ params: Params) throws(RPCError) -> JSONValue {
    let kind = try ControllerKind(wireName: try params.string("kind"), at: "params.kind")
    var spec = ControllerSpec(kind: kind, id: params["id"]?.stringValue)
    spec.className = params["className"]?.stringValue
    spec.title = params["title"]?.stringValue
    spec.restorationIdentifier = params["restorationIdentifier"]?.stringValue
    spec.forwardsAppearance = params["forwardsAppearance"]?.boolValue ?? true
    spec.viewKind = params["view"]?["kind"]?.stringValue.flatMap(ViewKind.init(rawValue:))
    spec.tableView = params["tableView"]?.stringValue
    spec.clearsSelectionOnViewWillAppear = params["clearsSelectionOnViewWillAppear"]?.boolValue
    spec.scrollView = params["scrollView"]?.stringValue
    spec.additionalSafeAreaInsets = Self.insets(params["additionalSafeAreaInsets"])
    spec.pagingHeader = params["header"].map { header in
      ControllerSpec.PagingHeader(
        height: header["height"]?.doubleValue ?? 0,
        titleBarHeight: header["titleBarHeight"]?.doubleValue ?? ControllerSpec.PagingHeader.defaultTitleBarHeight,
        hangingHeight: header["hangingHeight"]?.doubleValue ?? 0)
    }
    spec.pages = params["pages"].map(Self.ids)
    spec.headerFormula = params["headerFormula"]?.stringValue.flatMap(Engine.PagingState.HeaderFormula.init)
    spec.pageSwitchOffset = params["pageSwitchOffset"]?.stringValue.flatMap(
      Engine.PagingState.PageSwitchOffset.init)
    spec.shortListInset = params["shortListInset"]?.boolValue
    spec.root = params["root"]?.stringValue
    spec.tabs = params["controllers"].map(Self.ids)
    spec.selectedIndex = params["selectedIndex"]?.intValue.map { Int($0) }
    let controller = try engineCall { () throws(EngineError) in try engine.makeController(spec) }
    return ["id": .string(controller.id), "view": .string("\(controller.id).view")]
  }

  /// The ids of an array of ids (the method's schema checked their type).
  private static func ids(_ value: JSONValue) -> [String] { (value.arrayValue ?? []).compactMap(\.stringValue) }
}

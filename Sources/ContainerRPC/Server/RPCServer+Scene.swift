import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// `scene/load`: builds a whole scene in one turn, like a storyboard (Documentation/Scenes.md).
extension RPCServer {
  func sceneLoad(_ params: SceneLoadParams) throws(RPCError) -> JSONValue {
    let document = try SceneDocument(params.scene, path: "params.scene")
    let named = try validateReferences(document)
    var builder = SceneBuilder(engine: engine)
    // The document's names and ids are reserved while it is built: an object built first with an auto id never takes
    // the id a later one names (`{"controllers":[{},{"id":"vc1"}]}`).
    do {
      try engine.reservingIDs(named) { () throws(EngineError) in
        for window in document.windows { try builder.build(window) }
        for controller in document.controllers { _ = try builder.build(controller) }
      }
    } catch {
      // Validation makes this unreachable; if it happens the daemon says so rather than pretend.
      throw RPCError.internalError("scene/load failed after validation: \(error)")
    }
    for (table, models) in builder.tableModels { tableModels[table] = models }
    var ids = JSONObject()
    for (name, id) in builder.ids.sorted(by: { $0.key < $1.key }) { ids[name] = .string(id) }
    return ["ids": .object(ids)]
  }

  /// Semantic checks before anything is built: unique names and ids, ids free (`Engine.checkNewID`: not in use, not a
  /// view a paging container makes, in the world or in the document), containers that exist inside their parent's
  /// view, and room under the object and tree depth limits (counted by the engine's rules:
  /// `ControllerKind.objectsMadeByLoadingAtMost`, `Engine.TreePlacement`).
  ///
  /// - Returns: the names and ids the document gives (reserved while it is built).
  private func validateReferences(_ document: SceneDocument) throws(RPCError) -> Set<String> {
    var seen: Set<String> = []
    var objects = 0
    // Explicit ids with their paths, and the names and ids of the paging containers, for the check that no id is one
    // of a paging container's views (`<container>.header` …) once the walk has seen every container.
    var explicitIDs: [(id: String, path: String)] = []
    var pagingLabels: Set<String> = []
    // The names and ids of the navigation and tab bar controllers, with their kinds: their bars' ids are theirs (R68).
    var barLabels: [String: ControllerKind] = [:]
    func claim(_ name: String?, _ id: String?, _ path: String, kind: ControllerKind? = nil) throws(RPCError) {
      let paging = kind == .pagingContainer
      if let id {
        try engineCall(paths: [.id: "\(path).id"]) { () throws(EngineError) in
          try engine.checkNewID(id, pagingContainer: paging, kind: kind)
        }
        explicitIDs.append((id, "\(path).id"))
      }
      if paging { pagingLabels.formUnion([name, id].compactMap { $0 }) }
      if let kind, kind == .navigationController || kind == .tabBarController {
        for label in [name, id].compactMap({ $0 }) { barLabels[label] = kind }
      }
      for (key, label) in [("name", name), ("id", id)] {
        guard let label, !(key == "id" && label == name) else { continue }
        guard seen.insert(label).inserted else {
          throw RPCError.invalidParams(
            path: "\(path).\(key)", expected: "a name or id used once in the scene", message: "\(label) appears twice")
        }
      }
      objects += 1
    }
    func views(_ nodes: [SceneDocument.ViewNode], _ path: String) throws(RPCError) -> Set<String> {
      var names: Set<String> = []
      for (index, node) in nodes.enumerated() {
        let nodePath = "\(path)[\(index)]"
        try claim(node.name, node.id, nodePath)
        names.formUnion([node.name, node.id].compactMap { $0 })
        names.formUnion(try views(node.subviews, "\(nodePath).subviews"))
      }
      return names
    }
    func controller(_ node: SceneDocument.ControllerNode, _ path: String) throws(RPCError) {
      try claim(node.name, node.id, path, kind: node.kind)
      // Its root view and what its viewDidLoad makes.
      objects += node.kind.objectsMadeByLoadingAtMost
      for (index, page) in node.pages.enumerated() { try controller(page, "\(path).pages[\(index)]") }
      if let scrollView = node.scrollView, !views(named: node.subviews).contains(scrollView) {
        throw RPCError.invalidParams(
          path: "\(path).scrollView", expected: "a view declared in \(path).view.subviews",
          message: "\(scrollView) is not a view inside this controller's view")
      }
      let containers = try views(node.subviews, "\(path).view.subviews")
      for (index, (child, container, _)) in node.children.enumerated() {
        if let container, !containers.contains(container) {
          throw RPCError.invalidParams(
            path: "\(path).children[\(index)].container", expected: "a view declared in \(path).view.subviews",
            message: "container \(container) is not a view inside this controller's view")
        }
        try controller(child, "\(path).children[\(index)].controller")
      }
      let key = SceneDocument.stackKey(of: node.kind)
      for (index, item) in node.stack.enumerated() { try controller(item, "\(path).\(key)[\(index)]") }
    }
    func views(named nodes: [SceneDocument.ViewNode]) -> Set<String> {
      var names: Set<String> = []
      for node in nodes {
        names.formUnion([node.name, node.id].compactMap { $0 })
        names.formUnion(views(named: node.subviews))
      }
      return names
    }
    for (index, window) in document.windows.enumerated() {
      try claim(window.name, window.id, "params.scene.windows[\(index)]")
      if let root = window.root { try controller(root, "params.scene.windows[\(index)].root") }
    }
    for (index, node) in document.controllers.enumerated() {
      try controller(node, "params.scene.controllers[\(index)]")
    }
    for (id, path) in explicitIDs {
      for (container, view) in Engine.derivedViewOwners(of: id) where pagingLabels.contains(container) {
        throw RPCError.invalidParams(
          path: path, expected: "an id not in use",
          message: "\(id) is the id of the \(view) view of paging container \(container)")
      }
      for (container, kind) in barLabels {
        for suffix in Engine.barViewSuffixes(of: kind) where id == container + suffix {
          throw RPCError.invalidParams(
            path: path, expected: "an id not in use",
            message: "\(id) is the id of a bar of \(kind.rawValue) \(container)")
        }
      }
    }
    try engineCall { () throws(EngineError) in
      try engine.checkPlannedObjects(objects)
      try engine.checkPlannedDepth(sceneDepth(document))
    }
    return seen
  }

  /// The deepest a view (superviews above it) or controller (parents above it) of the scene will be once built, each
  /// step placed by the engine's rules (`Engine.TreePlacement`: a window's root, an embedded child, a child a
  /// container shows, what a viewDidLoad makes). Iterative, as the document may nest as deep as the reader allows.
  private func sceneDepth(_ document: SceneDocument) -> Int {
    var deepest = 0
    var pending: [(node: SceneDocument.ControllerNode, placement: Engine.TreePlacement)] =
      document.windows.compactMap { $0.root.map { ($0, .windowRoot) } } + document.controllers.map { ($0, .unattached) }
    while let (node, placement) = pending.popLast() {
      deepest = max(deepest, placement.deepestLevel(loading: node.kind))
      var containers: [String: Int] = [:]
      var views = node.subviews.map { ($0, placement.viewDepth + 1) }
      while let (view, depth) = views.popLast() {
        deepest = max(deepest, depth)
        for key in [view.name, view.id].compactMap({ $0 }) { containers[key] = depth }
        views += view.subviews.map { ($0, depth + 1) }
      }
      for (child, container, _) in node.children {
        pending.append((child, placement.embeddedChild(inViewAtDepth: container.flatMap { containers[$0] })))
      }
      pending += (node.stack + node.pages).map { ($0, placement.shownChild(of: node.kind)) }
    }
    return deepest
  }
}

/// Builds a validated scene through the engine's public API.
struct SceneBuilder {
  let engine: Engine
  /// Names (and explicit ids) in the document → ids in the world.
  var ids: [String: String] = [:]
  /// Row models of the tables built, for the server (the engine holds no JSON).
  var tableModels: [(String, [[JSONValue]?])] = []

  init(engine: Engine) { self.engine = engine }

  /// A scene name doubles as the id when the node has none and the name is free (readable traces: `home`, not
  /// `vc3`; `Engine.checkNewID`, as for an id the client gives); otherwise the engine assigns one.
  private func preferredID(_ id: String?, _ name: String?, kind: ControllerKind? = nil) -> String? {
    if let id { return id }
    guard let name, (try? engine.checkNewID(name, pagingContainer: kind == .pagingContainer, kind: kind)) != nil
    else { return nil }
    return name
  }

  private mutating func record(_ name: String?, _ id: String?, as actual: String) {
    if let name { ids[name] = actual }
    if let id { ids[id] = actual }
  }

  mutating func build(_ window: SceneDocument.Window) throws(EngineError) {
    let node = try engine.createWindow(
      id: preferredID(window.id, window.name), width: window.width, height: window.height, safeArea: window.safeArea,
      idiom: window.idiom)
    if let style = window.userInterfaceStyle {
      try engine.configureWindow(
        node, idiom: nil, sizeClassPolicy: nil, userInterfaceStyle: style, displayScale: nil)
    }
    record(window.name, window.id, as: node.id)
    if let root = window.root {
      let controller = try build(root)
      try engine.setRoot(of: node, to: controller)
    }
  }

  /// The spec of a container the scene builds after its children (a page view or split view controller): what every
  /// controller node gives, the container's own options added by the caller.
  private func containerSpec(_ node: SceneDocument.ControllerNode) -> ControllerSpec {
    var spec = ControllerSpec(kind: node.kind, id: preferredID(node.id, node.name, kind: node.kind))
    spec.className = node.className
    spec.title = node.title
    spec.restorationIdentifier = node.restorationIdentifier
    spec.forwardsAppearance = node.forwardsAppearance
    spec.viewKind = node.viewKind
    return spec
  }

  /// Creates the controller, its view (when the scene describes it), its embedded children and its stack or tabs.
  mutating func build(_ node: SceneDocument.ControllerNode) throws(EngineError) -> ContainerEngine.ControllerNode {
    let controller: ContainerEngine.ControllerNode
    if var options = node.pageView {
      // A page view controller: its pages first (the data source's list), then the controller with its first pages
      // set, as `controller/create` makes it (R31–R33).
      var built: [String: String] = [:]
      var pages: [String] = []
      for page in node.pages {
        let made = try build(page)
        for label in [page.name, page.id].compactMap({ $0 }) { built[label] = made.id }
        pages.append(made.id)
      }
      options.pages = pages
      options.initial = node.initialPages.isEmpty ? nil : node.initialPages.compactMap { built[$0] }
      var spec = containerSpec(node)
      spec.pageView = options
      controller = try engine.makeController(spec)
    } else if var options = node.split {
      // A split view controller: its columns first, then the controller, which wraps them as `controller/create`
      // does (R39).
      options.columns = [:]
      for (column, child) in zip(node.splitColumns, node.pages) { options.columns[column] = try build(child).id }
      var spec = containerSpec(node)
      spec.split = options
      controller = try engine.makeController(spec)
    } else {
      controller = try engine.createController(
        id: preferredID(node.id, node.name, kind: node.kind),
        kind: node.kind, className: node.className, title: node.title,
        restorationIdentifier: node.restorationIdentifier, forwardsAppearance: node.forwardsAppearance,
        viewKind: node.viewKind)
    }
    record(node.name, node.id, as: controller.id)
    if let defines = node.definesPresentationContext { engine.setDefinesPresentationContext(controller, defines) }
    if let provides = node.providesPresentationContextTransitionStyle {
      engine.setProvidesPresentationContextTransitionStyle(controller, provides)
    }
    if let style = node.modalPresentationStyle { engine.setModalPresentationStyle(controller, style) }
    if let style = node.modalTransitionStyle { engine.setModalTransitionStyle(controller, style) }
    if let modal = node.isModalInPresentation { engine.setModalInPresentation(controller, modal) }
    // R67; the controller is not in a window yet: nothing is told (R62).
    if let overrides = node.traitOverrides {
      engine.setTraitOverrides(
        controller,
        [
          .horizontalSizeClass(overrides.horizontalSizeClass), .verticalSizeClass(overrides.verticalSizeClass),
          .userInterfaceStyle(overrides.userInterfaceStyle),
        ])
    }
    if let delegate = node.navigationDelegate { try engine.setNavigationDelegate(controller, installed: delegate) }
    // A paging container is configured (its pages built) before its view loads: its viewDidLoad makes the pager,
    // header and title bar from that configuration, and the subviews the document describes go in after them.
    if let paging = node.paging {
      var pages: [ContainerEngine.ControllerNode] = []
      for page in node.pages { pages.append(try build(page)) }
      try engine.configurePaging(
        controller, headerHeight: paging.height, titleBarHeight: paging.titleBarHeight,
        hangingHeight: paging.hangingHeight, formula: paging.formula, switchOffset: paging.switchOffset,
        shortListInset: paging.shortListInset, pages: pages)
    }
    var localViews: [String: ViewNode] = [:]
    if node.viewFrame != nil || !node.subviews.isEmpty || node.viewKind != nil {
      let view = try engine.loadView(controller)
      if let frame = node.viewFrame { try engine.setFrame(.view(view), frame) }
      try buildViews(node.subviews, in: view, into: &localViews)
    }
    if let scrollView = node.scrollView, let view = localViews[scrollView] {
      engine.setChildScrollView(controller, view.id)
    }
    if let table = node.table {
      let ref = Engine.ViewRef.root(controller)
      for identifier in table.register { try engine.registerCell(ref, identifier: identifier) }
      _ = try engine.setTableData(ref, table.data)
      tableModels.append(("\(controller.id).view", table.models))
    }
    for (child, container, frame) in node.children {
      let built = try build(child)
      let containerRef = container.flatMap { localViews[$0] }.map { Engine.ViewRef.view($0) }
      try engine.embed(built, in: controller, container: containerRef, frame: frame)
    }
    if !node.stack.isEmpty {
      var stack: [ContainerEngine.ControllerNode] = []
      for item in node.stack { stack.append(try build(item)) }
      try engine.setContents(stack, of: controller, selectedIndex: node.selectedIndex)
    }
    return controller
  }

  private mutating func buildViews(
    _ nodes: [SceneDocument.ViewNode], in superview: ViewNode, into local: inout [String: ViewNode]
  ) throws(EngineError) {
    for node in nodes {
      let view = try engine.createView(
        id: preferredID(node.id, node.name), kind: node.kind, frame: node.frame,
        autoresizingMask: node.autoresizingMask,
        text: node.text)
      record(node.name, node.id, as: view.id)
      for key in [node.name, node.id].compactMap({ $0 }) { local[key] = view }
      try engine.addSubview(.view(view), to: .view(superview), at: nil)
      try buildViews(node.subviews, in: view, into: &local)
    }
  }
}

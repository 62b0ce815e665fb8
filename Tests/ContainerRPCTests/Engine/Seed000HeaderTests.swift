import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// Seed 000's four ways to keep a header fixed above a scrolling table, each laid out (autoresizing or Auto Layout,
/// R30) and rendered to SVG (`world/render`). The header is 100 pt high; the window 390×844 with safe area 47/34.
@Suite struct Seed000HeaderTests {
  private func session() -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    session.call("view/create", ["id": "header", "frame": ["x": 0, "y": 0, "width": 1, "height": 1]])
    return session
  }

  private func constrain(_ session: TestSession, _ constraints: [JSONValue]) {
    let exchange = session.call("layout/addConstraints", ["constraints": .array(constraints)])
    #expect(exchange.error == nil)
  }

  private func windowFrame(_ session: TestSession, _ view: String) -> JSONValue? {
    session.call("view/get", ["view": .string(view)]).result?["frameInWindow"]
  }

  private func table(_ session: TestSession, _ id: String) {
    session.call("table/register", ["table": .string(id), "identifier": "cell"])
    session.call(
      "table/setData", ["table": .string(id), "sections": [["rowCount": 40, "rowHeight": 44, "identifier": "cell"]]])
  }

  /// The SVG draws the header and the table (with its cells).
  private func expectRendered(_ session: TestSession, _ tableView: String) {
    let svg = session.call("world/render", ["window": "w"]).result?["svg"]?.stringValue ?? ""
    #expect(svg.contains("<g id=\"header\" data-kind=\"UIView\">"))
    #expect(svg.contains("<g id=\"\(tableView)\" data-kind=\"UITableView\">"))
    #expect(svg.contains(" · cell #"))
  }

  /// The header pinned under the safe area's top, the table filling the rest of `vc.view` below it; both checked in
  /// window coordinates and in the rendered SVG.
  private func headerAboveTable(_ session: TestSession, _ table: String) {
    constrain(
      session,
      [
        ["item": "header", "attribute": "top", "toItem": "vc.view.safeAreaLayoutGuide"],
        ["item": "header", "attribute": "left", "toItem": "vc.view"],
        ["item": "header", "attribute": "right", "toItem": "vc.view"],
        ["item": "header", "attribute": "height", "constant": 100],
        ["item": .string(table), "attribute": "top", "toItem": "header", "toAttribute": "bottom"],
        ["item": .string(table), "attribute": "left", "toItem": "vc.view"],
        ["item": .string(table), "attribute": "right", "toItem": "vc.view"],
        ["item": .string(table), "attribute": "bottom", "toItem": "vc.view"],
      ])
    #expect(windowFrame(session, "header") == Self.headerAtTheTop)
    #expect(windowFrame(session, table) == ["x": 0, "y": 147, "width": 390, "height": 697])
    expectRendered(session, table)
  }

  private static let headerAtTheTop: JSONValue = ["x": 0, "y": 47, "width": 390, "height": 100]

  /// First way: the header in the UITableViewController's view (the table), moved with the offset. Here it is tied
  /// to the window outside the table, so it floats while the table scrolls (what the seed's scrollViewDidScroll does
  /// by hand), with a 100-pt table header view as the placeholder.
  @Test func inTheTableFollowingTheOffset() {
    let session = session()
    session.call("controller/create", ["id": "list", "kind": "UITableViewController"])
    table(session, "list.view")
    session.call(
      "table/setData",
      [
        "table": "list.view", "tableHeaderHeight": 100,
        "sections": [["rowCount": 40, "rowHeight": 44, "identifier": "cell"]],
      ])
    session.call("window/setRoot", ["window": "w", "controller": "list"])
    session.call("view/addSubview", ["superview": "list.view", "view": "header"])
    constrain(
      session,
      [
        ["item": "header", "attribute": "top", "toItem": "w", "constant": 47],
        ["item": "header", "attribute": "left", "toItem": "w"],
        ["item": "header", "attribute": "right", "toItem": "w"],
        ["item": "header", "attribute": "height", "constant": 100],
      ])
    #expect(windowFrame(session, "header") == Self.headerAtTheTop)
    session.call("scroll/setContentOffset", ["view": "list.view", "offset": ["x": 0, "y": 500]])
    #expect(windowFrame(session, "header") == Self.headerAtTheTop)
    // Row 0 starts below the placeholder, at 100 in the content.
    #expect(
      session.call("table/rectForRow", ["table": "list.view", "section": 0, "row": 0]).result?["rect"]?["y"] == 100)
    expectRendered(session, "list.view")
  }

  /// Second way: the header on the navigation controller's view, over the pushed table.
  @Test func onTheNavigationControllersView() {
    let session = session()
    session.call("controller/create", ["id": "list", "kind": "UITableViewController"])
    table(session, "list.view")
    session.call("controller/create", ["id": "nav", "kind": "UINavigationController", "root": "list"])
    session.call("window/setRoot", ["window": "w", "controller": "nav"])
    session.call("view/addSubview", ["superview": "nav.view", "view": "header"])
    constrain(
      session,
      [
        ["item": "header", "attribute": "top", "toItem": "nav.view.safeAreaLayoutGuide"],
        ["item": "header", "attribute": "left", "toItem": "nav.view"],
        ["item": "header", "attribute": "right", "toItem": "nav.view"],
        ["item": "header", "attribute": "height", "constant": 100],
      ])
    #expect(windowFrame(session, "header") == Self.headerAtTheTop)
    #expect(windowFrame(session, "list.view") == ["x": 0, "y": 0, "width": 390, "height": 844])
    expectRendered(session, "list.view")
  }

  /// Third way: a UIViewController whose view holds the header and, below it, a UITableView.
  @Test func aViewControllerWithATableBelowTheHeader() {
    let session = session()
    session.call("controller/create", ["id": "vc"])
    session.call("window/setRoot", ["window": "w", "controller": "vc"])
    session.call("view/create", ["id": "tableView", "kind": "UITableView"])
    table(session, "tableView")
    session.call("view/addSubview", ["superview": "vc.view", "view": "header"])
    session.call("view/addSubview", ["superview": "vc.view", "view": "tableView"])
    headerAboveTable(session, "tableView")
  }

  /// Fourth way: the UITableViewController as a child (seed 000's auto container does this in its viewDidLoad).
  @Test func theTableControllerAsAChild() {
    let session = session()
    session.call("controller/create", ["id": "vc"])
    session.call("window/setRoot", ["window": "w", "controller": "vc"])
    session.call("controller/create", ["id": "list", "kind": "UITableViewController"])
    table(session, "list.view")
    session.call("containment/embed", ["parent": "vc", "child": "list"])
    session.call("view/addSubview", ["superview": "vc.view", "view": "header"])
    headerAboveTable(session, "list.view")
  }
}

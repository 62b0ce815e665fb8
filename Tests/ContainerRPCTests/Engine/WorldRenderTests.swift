import ContainerJSON
import ContainerRPCTestSupport
import Testing

/// `world/render`'s options on the wire: `labels` and `legend` change the picture, a wrong value is -32602 at its
/// name with what it takes, and changes nothing, emits nothing.
@Suite struct WorldRenderTests {
  /// A window with a plain root controller holding a label.
  private func scene() -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "win"])
    session.call("controller/create", ["id": "root"])
    session.call(
      "view/create",
      ["id": "title", "kind": "UILabel", "text": "Hello", "frame": ["x": 20, "y": 100, "width": 200, "height": 30]])
    session.call("view/addSubview", ["superview": "root.view", "view": "title"])
    session.call("window/setRoot", ["window": "win", "controller": "root"])
    return session
  }

  private func svg(_ session: TestSession, _ params: JSONObject) -> String {
    var all: JSONObject = ["window": "win"]
    for (key, value) in params { all[key] = value }
    let exchange = session.call("world/render", .object(all))
    #expect(exchange.events == [])
    return exchange.result?["svg"]?.stringValue ?? ""
  }

  /// By default the label sits in the window and the legend names the controller; `labels: "callouts"` sets it aside
  /// with a leader line; `labels: "none"` and `legend: false` leave a picture the window's size.
  @Test func theOptionsChangeThePicture() {
    let session = scene()
    let picture = svg(session, [:])
    #expect(picture.contains(#"<g class="label" data-role="inline" data-view="title">"#))
    #expect(picture.contains(">title · UILabel “Hello”</text>"))
    #expect(picture.contains(">root · UIViewController</text>"))
    let aside = svg(session, ["labels": "callouts"])
    #expect(aside.contains(#"<g class="label" data-role="callout" data-view="title">"#))
    #expect(aside.contains(#"<polyline class="leader""#))
    let bare = svg(session, ["labels": "none", "legend": false])
    #expect(bare.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="390" height="844" viewBox="0 0 390 844""#))
    #expect(!bare.contains(#"data-view="title""#) && !bare.contains(#"class="legend""#))
  }

  /// A label mode it does not know, or a legend that is not a boolean: -32602 at the param, nothing emitted.
  @Test func aWrongOptionIsRefused() {
    let session = scene()
    let before = session.snapshot()
    let mode = session.call("world/render", ["window": "win", "labels": "inline"])
    #expect(mode.error?["code"] == -32602)
    #expect(mode.error?["data"]?["path"] == "params.labels")
    #expect(mode.error?["data"]?["expected"]?.stringValue?.contains("callouts") == true)
    #expect(mode.events == [])
    let legend = session.call("world/render", ["window": "win", "legend": "yes"])
    #expect(legend.error?["code"] == -32602)
    #expect(legend.error?["data"]?["path"] == "params.legend")
    #expect(session.snapshot() == before)
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// `world/render` through the built binary, drawn by a headless browser (``HeadlessBrowser``: `chromium-headless-shell`,
/// installed by `scripts/ensure-deps --tests`): the SVG embedded in an HTML page whose script measures what the browser
/// drew (every text's `getBBox()`) and lists the marks it finds, read back with `--dump-dom`; and screenshots whose
/// pixels `Tests/Tools/png_ink.py` counts. With `CONTAINERD_UPDATE_SCREENSHOTS=1` the screenshots are also written to
/// Documentation/images/ (`wireframe-*.png`).
@Suite struct RenderTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Runs `requests` (one JSON-RPC line each) through the daemon, then `world/render` of `win` with `params`; returns
  /// its SVG.
  private func render(_ requests: [String], _ params: String = "") throws -> String {
    let call = #"{"jsonrpc":"2.0","id":"r","method":"world/render","params":{"window":"win""# + params + "}}"
    let output = try DaemonBinary.run(input: (requests + [call]).joined(separator: "\n") + "\n")
    let reply = json(try #require(output.lines.last))
    return try #require(reply["result"]?["svg"]?.stringValue, "\(output.lines.last ?? "")")
  }

  /// A transcript's requests up to (not including) the first line containing `stop`.
  private func transcript(_ name: String, upTo stop: String? = nil, lines: Int? = nil) throws -> [String] {
    let text = try String(
      contentsOf: Self.root.appendingPathComponent("clients/transcripts/\(name).jsonl"), encoding: .utf8)
    var requests = text.split(separator: "\n").map(String.init)
    if let stop { requests = Array(requests.prefix { !$0.contains(stop) }) }
    if let lines { requests = Array(requests.prefix(lines)) }
    return requests
  }

  /// The canvas size the SVG declares.
  private func size(of svg: String) throws -> (width: Int, height: Int) {
    let head = String(svg.prefix(200))
    func attribute(_ name: String) throws -> Int {
      let start = try #require(head.firstRange(of: " \(name)=\"")).upperBound
      return try #require(Int(head[start...].prefix { $0 != "\"" }))
    }
    return (try attribute("width"), try attribute("height"))
  }

  /// Screenshots `svg` at its own size; returns png_ink's counts (`colours` of the window's 390 leftmost columns).
  private func screenshot(_ svg: String, keep name: String? = nil, colours: [String] = []) throws -> JSONValue {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let svgURL = directory.appendingPathComponent("world.svg")
    let pngURL = directory.appendingPathComponent("world.png")
    try svg.write(to: svgURL, atomically: true, encoding: .utf8)
    let (width, height) = try size(of: svg)
    try HeadlessBrowser.screenshot(of: svgURL, to: pngURL, width: width, height: height)
    if let name, ProcessInfo.processInfo.environment["CONTAINERD_UPDATE_SCREENSHOTS"] == "1" {
      let kept = Self.root.appendingPathComponent("Documentation/images/wireframe-\(name).png")
      try? FileManager.default.removeItem(at: kept)
      try FileManager.default.copyItem(at: pngURL, to: kept)
    }
    var arguments = [Self.root.appendingPathComponent("Tests/Tools/png_ink.py").path, pngURL.path]
    if !colours.isEmpty { arguments += ["--left", "390"] + colours.flatMap { ["--colour", $0] } }
    let stats = json(try run("/usr/bin/python3", arguments))
    #expect(stats["width"]?.intValue == Int64(width) && stats["height"]?.intValue == Int64(height))
    return stats
  }

  /// What the browser found in `svg` embedded inline in an HTML page (as an HTML timeline embeds it): the probe's
  /// JSON (see `probe`).
  private func findings(_ svg: String) throws -> JSONValue {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let page = directory.appendingPathComponent("page.html")
    try ("<!DOCTYPE html><html><body>\n" + svg + Self.probe + "</body></html>\n")
      .write(to: page, atomically: true, encoding: .utf8)
    let dom = try HeadlessBrowser.dumpDOM(of: page)
    let start = try #require(dom.firstRange(of: "<pre id=\"findings\">")).upperBound
    let end = try #require(dom[start...].firstRange(of: "</pre>")).lowerBound
    let text = String(dom[start..<end]).replacing("&lt;", with: "<").replacing("&gt;", with: ">")
      .replacing("&amp;", with: "&")
    return json(text)
  }

  /// The browser's measurements: every text's drawn box (`getBBox`), the pairs that intersect, the texts that stick
  /// out of their label's box, and the marks: the first responder's outline, the keyboard, scroll indicators, bars,
  /// the status bar, callouts and leader lines, the legend's lines, each controller's stroke colours.
  static let probe = """
    <script>
    addEventListener('load', () => {
      const svg = document.querySelector('svg.containerd-wireframe');
      const all = (selector) => [...svg.querySelectorAll(selector)];
      const texts = all('g.labels text, g.legend text').map(t => {
        const b = t.getBBox();
        return {text: t.textContent, x: b.x, y: b.y, w: b.width, h: b.height};
      });
      const meets = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
      const overlaps = [];
      texts.forEach((a, i) => texts.slice(i + 1).forEach(b => { if (meets(a, b)) overlaps.push(a.text + ' / ' + b.text); }));
      const outside = all('g.label').filter(g => {
        const r = g.querySelector('rect').getBBox(), t = g.querySelector('text').getBBox();
        return t.x < r.x - 0.5 || t.y < r.y - 0.5 || t.x + t.width > r.x + r.width + 0.5 || t.y + t.height > r.y + r.height + 0.5;
      }).map(g => g.querySelector('text').textContent);
      const colours = {};
      all('rect.frame[data-controller]').forEach(r => {
        (colours[r.dataset.controller] ||= []).includes(r.getAttribute('stroke')) || colours[r.dataset.controller].push(r.getAttribute('stroke'));
      });
      const findings = {
        texts: texts.length, overlaps, outside, colours,
        views: all('g[data-kind]').length,
        firstResponder: all('rect.first-responder').map(r => r.parentNode.id),
        keyboard: all('#keyboard rect').length,
        indicators: all('rect.scroll-indicator').map(r => r.parentNode.id + ' ' + r.dataset.axis),
        bars: all('rect.frame.bar').map(r => r.parentNode.id),
        statusBar: all('rect.status-bar').length,
        callouts: all('g.label[data-role=callout]').length,
        leaders: all('polyline.leader').length,
        legend: all('g.legend text').map(t => t.textContent),
      };
      const pre = document.createElement('pre');
      pre.id = 'findings';
      pre.textContent = JSON.stringify(findings);
      document.body.appendChild(pre);
    });
    </script>
    """

  @discardableResult
  private func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(executable) failed")
    return String(decoding: data, as: UTF8.self)
  }

  private func strings(_ value: JSONValue?) -> [String] { value?.arrayValue?.compactMap(\.stringValue) ?? [] }

  /// Seed 002's screen (a UITableViewController with a toast and a focused field, the keyboard up): the browser
  /// draws the window and the legend beside it; no two texts it drew intersect, none sticks out of its box; the field
  /// is outlined as first responder (orange pixels in the window), the keyboard, the status bar and the table's
  /// vertical scroll indicator are there; the legend names the controller and the first responder. An empty window
  /// without safe area nor legend is almost blank.
  @Test func aBrowserDrawsSeed002Readably() throws {
    let svg = try render(transcript("seed002-toast-keyboard", upTo: "keyboard/hide"))
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""))
    #expect(svg.contains("data-window-width=\"390\" data-window-height=\"844\""))
    #expect(svg.contains("<g id=\"toast\" data-kind=\"UILabel\">"))
    #expect(svg.contains("<g id=\"keyboard\">"))
    let found = try findings(svg)
    #expect((found["texts"]?.intValue ?? 0) > 20)
    #expect(strings(found["overlaps"]) == [])
    #expect(strings(found["outside"]) == [])
    #expect(strings(found["firstResponder"]) == ["field"])
    #expect((found["keyboard"]?.intValue ?? 0) > 30)
    #expect(found["statusBar"]?.intValue == 1)
    #expect(strings(found["indicators"]) == ["list.view vertical"])
    #expect(strings(found["legend"]).contains("list · TableViewController (UITableViewController)"))
    #expect(strings(found["legend"]).contains("first responder: field"))
    #expect(found["colours"] == ["list": ["#2563eb"]])
    let stats = try screenshot(svg, keep: "seed002", colours: ["f97316"])
    #expect((stats["inked"]?.intValue ?? 0) > 390 * 844 / 2)
    #expect((stats["colours"]?["f97316"]?.intValue ?? 0) > 400)
    // Seed 002's fix (a container view holding the table and the toast): the toast, under the keyboard now, is set
    // aside with a leader line to it.
    let fixed = try transcript("seed002-toast-keyboard").drop { !$0.contains("world/reset") }.dropFirst()
    let fixedSVG = try render(Array(fixed))
    let fixedFound = try findings(fixedSVG)
    #expect(strings(fixedFound["overlaps"]) == [])
    #expect(fixedFound["callouts"] == 1 && fixedFound["leaders"] == 1)
    #expect(fixedSVG.contains(#"<g class="label" data-role="callout" data-view="toast">"#))
    try screenshot(fixedSVG, keep: "seed002-fix")
    let empty = try render(
      [
        #"{"jsonrpc":"2.0","id":1,"method":"window/create","params":{"id":"win","safeArea":{"top":0,"left":0,"bottom":0,"right":0}}}"#
      ],
      #","legend":false"#)
    #expect(try size(of: empty) == (390, 844))
    #expect((try screenshot(empty)["inked"]?.intValue ?? .max) < 390 * 844 / 50)
  }

  /// Seed 003's profile page with the header pinned (after the fling on `menu`): no two drawn texts intersect; the
  /// pager's horizontal and the menu table's vertical scroll indicators; the header, pinned under the status bar, is
  /// set aside with a leader line; two controllers with two colours; no first responder (no orange in the window).
  @Test func aBrowserDrawsSeed003Readably() throws {
    let svg = try render(transcript("seed003-profile-page", lines: 4))
    let found = try findings(svg)
    #expect(strings(found["overlaps"]) == [])
    #expect(strings(found["outside"]) == [])
    #expect(strings(found["firstResponder"]) == [])
    #expect(strings(found["indicators"]) == ["menu.view vertical", "profile.pager horizontal"])
    #expect((found["callouts"]?.intValue ?? 0) >= 1)
    #expect(found["leaders"] == found["callouts"])
    #expect(found["colours"] == ["profile": ["#2563eb"], "menu": ["#059669"]])
    #expect(strings(found["legend"]).contains("first responder: none"))
    let stats = try screenshot(svg, keep: "seed003", colours: ["f97316"])
    #expect(stats["colours"]?["f97316"]?.intValue == 0)
    #expect((stats["inked"]?.intValue ?? 0) > 390 * 844 / 2)
  }

  /// An inbox: a UITableViewController (two sections with headers, 60-pt rows, scrolled to 500) in a navigation
  /// controller with its toolbar shown, in a tab bar controller.
  static let inbox = [
    #"{"jsonrpc":"2.0","id":1,"method":"window/create","params":{"id":"win"}}"#,
    #"{"jsonrpc":"2.0","id":2,"method":"controller/create","params":{"id":"inbox","kind":"UITableViewController","className":"InboxViewController"}}"#,
    #"{"jsonrpc":"2.0","id":3,"method":"table/register","params":{"table":"inbox.view","identifier":"message"}}"#,
    #"{"jsonrpc":"2.0","id":4,"method":"table/setData","params":{"table":"inbox.view","sections":[{"rowCount":12,"rowHeight":60,"identifier":"message","headerHeight":28},{"rowCount":20,"rowHeight":60,"identifier":"message","headerHeight":28}]}}"#,
    #"{"jsonrpc":"2.0","id":5,"method":"controller/create","params":{"id":"nav","kind":"UINavigationController","root":"inbox","toolbarHidden":false}}"#,
    #"{"jsonrpc":"2.0","id":6,"method":"controller/create","params":{"id":"settings"}}"#,
    #"{"jsonrpc":"2.0","id":7,"method":"controller/create","params":{"id":"tabs","kind":"UITabBarController","controllers":["nav","settings"]}}"#,
    #"{"jsonrpc":"2.0","id":8,"method":"window/setRoot","params":{"window":"win","controller":"tabs"}}"#,
    #"{"jsonrpc":"2.0","id":9,"method":"scroll/setContentOffset","params":{"view":"inbox.view","offset":{"x":0,"y":500}}}"#,
  ]

  /// A navigation stack in a tab (``inbox``): the navigation bar, the toolbar and the tab bar are drawn as bars, the
  /// three controllers' colours differ, nothing overlaps; with `labels: "callouts"` every view's label is set aside
  /// with its leader line, still without overlaps.
  @Test func aBrowserDrawsBarsAndCallouts() throws {
    let requests = Self.inbox
    let svg = try render(requests)
    let found = try findings(svg)
    #expect(strings(found["bars"]) == ["nav.navigationBar", "nav.toolbar", "tabs.tabBar"])
    #expect(strings(found["overlaps"]) == [])
    #expect(strings(found["outside"]) == [])
    #expect(strings(found["indicators"]) == ["inbox.view vertical"])
    #expect(found["colours"] == ["tabs": ["#2563eb"], "nav": ["#059669"], "inbox": ["#c2410c"]])
    #expect(strings(found["legend"]).contains("navigation bar, toolbar, tab bar"))
    try screenshot(svg, keep: "navigation")
    let aside = try findings(try render(requests, #","labels":"callouts""#))
    #expect(strings(aside["overlaps"]) == [])
    #expect(aside["callouts"] == aside["views"])
    #expect(aside["leaders"] == aside["views"])
  }
}

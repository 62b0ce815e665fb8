import ContainerJSON
import ContainerRPCTestSupport
import Foundation
import Testing

/// The timeline views through the built binary (Documentation/Timeline.md): `record --trace/--html`, `trace`, and
/// `check --html`, on seed 001 (containment, `transition(from:to:)`, the swipe back) and seed 003 (the profile page).
/// Traces are held to the Trace Event Format's rules (``TraceEventRules``); pages are loaded in a headless Chromium
/// (``HeadlessBrowser``) and the DOM its script built is read back.
@Suite(.serialized) struct TimelineTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

  static func temporaryDirectory() throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.path
  }

  /// The names of the table and completion instants, which the observer sees whatever the client subscribed to.
  static let observerOnly: Set<String> = ["cellForRow", "didSelectRow", "didEndDisplaying"]

  /// What the headless browser's DOM holds for each scenario section: `attribute="value"` counts and texts.
  struct Section {
    var html: String
    func count(_ fragment: String) -> Int { html.components(separatedBy: fragment).count - 1 }
  }

  static func sections(_ dom: String) -> [Section] {
    dom.components(separatedBy: "<section class=\"scenario ").dropFirst().map { Section(html: $0) }
  }

  /// `record --trace --html -o` on a piped session: the client's output is the transcript's expected bytes, the
  /// scenario is written as before, the trace keeps the format's rules with a thread per controller (and scroll view)
  /// in the window's process, an instant for every callback the client saw, and the page a browser draws has a
  /// row per thread and a mark per instant, the wireframe of the last step, and no failure.
  @Test(arguments: [
    (
      "seed001-container",
      ["container · UIViewController", "containerVC · UIViewController", "newVC · UIViewController"]
    ),
    (
      "seed003-profile-page",
      [
        "profile · PagingContainerViewController", "menu · UITableViewController", "menu.view · UITableView",
        "profile.pager · UIScrollView",
      ]
    ),
  ])
  func recordWritesATraceAndAPage(_ name: String, _ threads: [String]) throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let input = try String(contentsOfFile: Self.path("clients/transcripts/\(name).jsonl"), encoding: .utf8)
    let expected = try String(contentsOfFile: Self.path("clients/transcripts/\(name).expected.jsonl"), encoding: .utf8)
    let output = try DaemonBinary.run(
      ["record", "-o", directory + "/s.json", "--trace", directory + "/t.json", "--html", directory + "/t.html"],
      input: input)
    #expect(output.status == 0)
    #expect(output.text == expected)
    #expect(try DaemonBinary.run(["check", directory + "/s.json"], input: "").status == 0)
    let trace = TraceEventRules(try String(contentsOfFile: directory + "/t.json", encoding: .utf8))
    #expect(trace.problems == [])
    let windowThreads = trace.threadList.filter { $0.process == "window win" }
    #expect(Set(threads).isSubset(of: Set(windowThreads.map(\.name))))
    let clientEvents = output.lines.compactMap { try? JSONValue.parse($0) }
      .filter { ["event/lifecycle", "event/scroll"].contains($0["method"]?.stringValue ?? "") }
    let instants = windowThreads.flatMap(\.instants)
    #expect(
      instants.filter { !$0.hasPrefix("completion: ") && !Self.observerOnly.contains($0) }.count == clientEvents.count)
    let steps = try #require(trace.threadList.first { $0.process == "steps" })
    let requests = input.split(separator: "\n").filter { !$0.contains("events/subscribe") }
    #expect(steps.spans.count == requests.count)

    let dom = try HeadlessBrowser.dumpDOM(of: URL(fileURLWithPath: directory + "/t.html"))
    let sections = Self.sections(dom)
    try #require(sections.count == 1)
    let page = sections[0]
    #expect(page.html.hasPrefix("pass recorded\""))
    #expect(page.html.contains("<span class=\"status\">SESSION</span>"))
    #expect(page.count("class=\"row\"") == windowThreads.count)
    #expect(page.count("class=\"mark ") == instants.count)
    #expect(page.count("class=\"span ") == windowThreads.reduce(0) { $0 + $1.spans.count })
    for thread in threads { #expect(page.html.contains("title=\"\(thread)\"")) }
    #expect(page.count("class=\"failure\"") == 0)
    #expect(
      page.html.contains("data-wireframe-step=\"\(requests.count)\"><figure data-window=\"win\" data-size=\"fitted\""))
    #expect(page.count("class=\"containerd-wireframe\"") == 1)  // one wireframe (its clips are nested <svg>s)
  }

  /// `containerd trace` on the examples (recorded from the transcripts): the format's rules, the same bytes each run
  /// and with `-o`; seed 001's transition spans 250 ms on the parent and both children, the swipe back's cancelled
  /// pop is one span per controller, seed 003's fling is a drag and a deceleration on the menu's table view.
  @Test func traceConvertsTheExamples() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    func spans(_ example: String) throws -> [String: [TraceEventRules.Span]] {
      let output = try DaemonBinary.run(["trace", Self.path("examples/\(example).json")], input: "")
      #expect(output.status == 0, "\(output.errorText)")
      #expect(try DaemonBinary.run(["trace", Self.path("examples/\(example).json")], input: "").text == output.text)
      let file = directory + "/\(example).trace.json"
      #expect(
        try DaemonBinary.run(["trace", "-o", file, Self.path("examples/\(example).json")], input: "").status == 0)
      #expect(try String(contentsOfFile: file, encoding: .utf8) == output.text)
      let trace = TraceEventRules(output.text)
      #expect(trace.problems == [])
      return Dictionary(uniqueKeysWithValues: trace.threadList.map { ($0.name, $0.spans) })
    }
    let seed001 = try spans("seed001-container")
    #expect(
      seed001["container · UIViewController"]?.contains(.init(name: "transition", begin: 0, end: 250_000, depth: 0))
        == true)
    #expect(
      seed001["containerVC · UIViewController"]?.last == .init(name: "disappearing", begin: 0, end: 250_000, depth: 0))
    #expect(
      seed001["newVC · UIViewController"]?.contains(.init(name: "appearing", begin: 0, end: 250_000, depth: 0)) == true)
    let swipe = try spans("seed001-swipe-back")
    #expect(swipe["list · UIViewController"]?.contains { $0.name == "appearing, cancelled" } == true)
    #expect(swipe["page · UIViewController"]?.contains { $0.name == "disappearing, cancelled" } == true)
    #expect(swipe["nav · UINavigationController"]?.map(\.name).suffix(2) == ["pop, cancelled", "pop"])
    let seed003 = try spans("seed003-profile-page")
    #expect(seed003["menu.view · UITableView"]?.map(\.name) == ["dragging", "decelerating"])
    #expect(seed003["menu.view · UITableView"]?.last?.end == 2_000_000)
    #expect(seed003["profile.pager · UIScrollView"]?.map(\.name).contains("scrolling animation") == true)
  }

  /// `check --html` on seed 001, seed 003 and a scenario that fails: one page; each scenario's section has a row per
  /// track and a mark per instant of the same scenario's trace; the failing one lists its failed expectation (expected
  /// vs actual) and its step's band is red; `#step=2.6` picks seed 003's sixth step (the animated page switch), whose
  /// wireframe shows, drawn smaller to fit (its caption says how much, and that a click shows it at full size).
  /// Seed 003's timeline, wider than the window, is scrolled to that step's band. `--jobs 2` writes the same page.
  @Test func checkWritesOnePageForTheRun() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let failing = directory + "/failing.json"
    try
      #"{"name":"wrong id","steps":[{"call":"window/create","params":{"id":"w"},"result":{"id":"x"}},{"call":"daemon/ping"}]}"#
      .write(toFile: failing, atomically: true, encoding: .utf8)
    let files = [
      Self.path("examples/seed001-container.json"), Self.path("examples/seed003-profile-page.json"), failing,
    ]
    let page = directory + "/run.html"
    let output = try DaemonBinary.run(["check", "--html", page] + files, input: "")
    #expect(output.status == 1)
    let parallel = try DaemonBinary.run(
      ["check", "--jobs", "2", "--html", directory + "/jobs.html"] + files, input: "")
    #expect(parallel.status == 1)
    #expect(
      try String(contentsOfFile: directory + "/jobs.html", encoding: .utf8)
        == String(contentsOfFile: page, encoding: .utf8))

    var url = URLComponents(url: URL(fileURLWithPath: page), resolvingAgainstBaseURL: false)!
    url.fragment = "step=2.6"
    let sections = Self.sections(try HeadlessBrowser.dumpDOM(of: url.url!))
    try #require(sections.count == 3)
    #expect(sections.map { String($0.html.prefix(4)) } == ["pass", "pass", "fail"])
    for (index, file) in files.enumerated() {
      let trace = TraceEventRules(try DaemonBinary.run(["trace", file], input: "").text)
      let tracks = trace.threadList.filter { $0.process != "steps" }
      #expect(sections[index].count("class=\"row\"") == tracks.count)
      #expect(sections[index].count("class=\"mark ") == tracks.reduce(0) { $0 + $1.instants.count })
    }
    let failed = sections[2]
    #expect(failed.count("class=\"failure\"") == 1)
    #expect(
      failed.html.contains(#"<td class="where">result.id</td><td class="expected">"x"</td><td class="actual">"w"</td>"#)
    )
    #expect(failed.html.contains("class=\"band failed chosen\" data-step=\"1\""))
    #expect(failed.html.contains("data-wireframe-step=\"1\""))  // the failed step is the one shown
    #expect(sections[1].html.contains("class=\"step chosen\" data-step=\"6\">"))
    #expect(
      sections[1].html.contains(
        "data-wireframe-step=\"6\"><figure data-window=\"win\" data-size=\"fitted\" style=\"cursor: zoom-in;\">"
          + "<figcaption>window win · drawn at 55 % (click for full size)</figcaption><div><svg "))
    #expect(sections[0].html.contains("data-span=\"transition\""))
    // Seed 003's timeline is wider than the window: the chosen step's band is scrolled into view, 40 px right of
    // the track names (a band's left is the 250-px name column plus its x).
    let band = try #require(sections[1].html.components(separatedBy: "data-step=\"6\" style=\"left:").dropFirst().first)
    let bandLeft = try #require(Int(band.prefix { $0.isNumber }))
    #expect(bandLeft > 1300)
    #expect(sections[1].html.contains("<div class=\"timeline\" data-scroll-left=\"\(bandLeft - 250 - 40)\">"))
    #expect(!sections[0].html.contains("data-scroll-left"))  // seed 001's last step is in view as drawn

    // What a person sees: the browser draws the page (the same page with its script left out, only its header and
    // an empty section, is about 6 % inked; drawn, with its rows, bars and wireframe, about a quarter).
    let png = directory + "/run.png"
    try HeadlessBrowser.screenshot(
      of: URL(fileURLWithPath: page), to: URL(fileURLWithPath: png), width: 1300, height: 840)
    let stats = try JSONValue.parse(try Self.run("/usr/bin/python3", [Self.path("Tests/Tools/png_ink.py"), png]))
    #expect(stats["width"] == 1300 && stats["height"] == 840)
    #expect((stats["inked"]?.intValue ?? 0) > 1300 * 840 / 6)
  }

  /// Runs a program and returns its stdout.
  static func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// Output paths are checked before anything is read: a trace or page that cannot be written is refused with exit
  /// status 2 and nothing served; `record` with nothing to write is a usage error.
  @Test func unwritableTimelinePathsAreRefusedAtStart() throws {
    let requests = #"{"jsonrpc":"2.0","id":1,"method":"daemon/ping"}"# + "\n"
    let trace = try DaemonBinary.run(["record", "--trace", "/nonexistent-dir/t.json"], input: requests)
    #expect(trace.status == 2)
    #expect(trace.stdout.isEmpty)
    #expect(trace.errorText.contains("cannot write the trace to /nonexistent-dir/t.json"))
    let html = try DaemonBinary.run(["check", "--html", "/nonexistent-dir/t.html", Self.path("examples/")], input: "")
    #expect(html.status == 2)
    #expect(html.stdout.isEmpty)
    #expect(try DaemonBinary.run(["record"], input: requests).status == 64)
    #expect(try DaemonBinary.run(["trace", "/nonexistent-dir/s.json"], input: "").status == 2)
  }

  /// `trace` to a stdout that cannot take it (a full disk: /dev/full) says so and exits 3, as `serve` does, instead
  /// of crashing; an empty path is named as such; a directory stands for its scenario files, as for `check`.
  @Test func traceReportsWhatItCannotReadOrWrite() throws {
    let run = try DaemonBinary.runToAFullDisk(["trace", Self.path("examples/seed001-container.json")])
    #expect(run.exited)
    #expect(run.status == 3)
    #expect(run.errorText == "containerd trace: cannot write the trace to stdout: No space left on device\n")
    let empty = try DaemonBinary.run(["trace", ""], input: "")
    #expect(empty.status == 2)
    #expect(empty.errorText == "containerd trace: cannot read : the path is empty\n")
    let directory = try DaemonBinary.run(["trace", Self.path("examples/")], input: "")
    #expect(directory.status == 0)
    let trace = TraceEventRules(directory.text)
    #expect(trace.problems == [])
    #expect(directory.text.contains("seed 003: the profile page"))
  }
}

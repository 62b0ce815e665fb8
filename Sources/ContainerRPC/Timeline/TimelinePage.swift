import ContainerEngine
package import ContainerJSON

/// Timelines as one self-contained HTML page (`check --html`, `record --html`): inline CSS and script, the data as
/// JSON inside the page, no network. Its script draws, per scenario:
/// - the failed expectations (`.failure` rows: step, where, expected, actual);
/// - the tracks over virtual time (``TimelineLayout``): a row per controller and scroll view (`.row[data-track]`,
///   grouped under their window), a mark per callback (`.mark[data-event][data-step]`), a bar per span
///   (`.span[data-span]`), a band per step (`.band[data-step]`, red when it failed);
/// - the steps (`.step[data-step]`), one of them chosen (the first that failed, else the last; `#step=S.N` in the
///   address picks step N of scenario S), with the events it caused and the wireframe of each window after it
///   (`.wireframe[data-wireframe-step] svg`, what `world/render` drew);
/// - a mark's or a bar's details on click (its event, and the step that caused it).
package enum TimelinePage {
  /// The page for `timelines`, titled `title`; `recorded`: a live session (`record`), which has no expectations.
  package static func html(_ timelines: [Timeline], title: String, recorded: Bool = false) -> String {
    var svgs: [String] = []
    var svgIndex: [String: Int] = [:]
    let scenarios = timelines.map { scenario($0, svgs: &svgs, svgIndex: &svgIndex) }
    let data: JSONValue = [
      "title": .string(title), "scenarios": .array(scenarios), "svgs": .array(svgs.map { .string($0) }),
      "recorded": .bool(recorded),
    ]
    // Inside <script>, `</script>` (any `<`) must not appear: JSON allows `\u003c` for it in strings, and `<` can
    // only be in strings.
    var json = ""
    for character in data.encodedString {
      if character == "<" { json += "\\u003c" } else { json.append(character) }
    }
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="generator" content="containerd \(DaemonVersion.current)">
      <title>\(escape(title))</title>
      <style>
      \(TimelineAssets.css)
      </style>
      </head>
      <body>
      <header class="page"><h1>\(escape(title))</h1><p id="summary"></p></header>
      <main id="scenarios"></main>
      <noscript><p>This page draws its timeline with JavaScript; the data is in the script element below.</p></noscript>
      <script id="timeline-data" type="application/json">\(json)</script>
      <script>
      \(TimelineAssets.script)
      </script>
      </body>
      </html>

      """
  }

  /// One scenario's data for the script.
  static func scenario(_ timeline: Timeline, svgs: inout [String], svgIndex: inout [String: Int]) -> JSONValue {
    let tracks = TimelineTracks(timeline)
    let layout = TimelineLayout(timeline)
    var steps: [JSONValue] = []
    var failures: [JSONValue] = []
    for failure in timeline.failures { failures.append(describe(failure, step: nil, method: nil)) }
    for (index, step) in timeline.steps.enumerated() {
      var frames: [JSONValue] = []
      for (window, svg) in step.wireframes {
        let position: Int
        if let known = svgIndex[svg] {
          position = known
        } else {
          position = svgs.count
          svgIndex[svg] = position
          svgs.append(svg)
        }
        frames.append([.string(window), .int(Int64(position))])
      }
      let band = layout.steps[index]
      steps.append([
        "n": .int(Int64(step.number)), "title": .string(step.title),
        "calls": .array(
          zip(step.methods, step.params).map { method, params in
            .string(params.isNull ? method : "\(method) \(params.encodedString)")
          }),
        "requests": .array(step.requests), "start": .number(step.start), "end": .number(step.end),
        "x0": .number(band.x0), "x1": .number(band.x1), "failed": .bool(!step.failures.isEmpty),
        "frames": .array(frames),
      ])
      for failure in step.failures { failures.append(describe(failure, step: step.number, method: step.title)) }
    }
    let rows: [JSONValue] = tracks.tracks.map { track in
      [
        "id": .string(track.object), "label": .string(track.label), "kind": .string(track.kind),
        "class": .string(track.className), "window": track.window.map { .string($0) } ?? .null,
        "lane": .int(Int64(track.lane)),
      ]
    }
    let groups: [JSONValue] = tracks.windows.map { window in
      [
        "window": window.map { .string($0) } ?? .null,
        "label": .string(window.map { "window \($0)" } ?? "no window"),
        "tracks": .array(tracks.tracks(in: window).map { .int(Int64($0)) }),
      ]
    }
    let marks: [JSONValue] = tracks.marks.map { mark in
      let index = Int(mark.order)
      return [
        "t": .int(Int64(mark.track)), "name": .string(mark.name), "cat": .string(mark.category),
        "time": .number(mark.time), "x": .number(layout.x(at: mark.order)),
        "step": stepNumber(layout, timeline, index), "request": mark.request,
        "rule": mark.args["rule"] ?? .null, "seq": mark.args["seq"] ?? .null, "args": .object(mark.args),
      ]
    }
    let spans: [JSONValue] = tracks.spans.map { span in
      [
        "t": .int(Int64(span.track)), "name": .string(span.name), "cat": .string(span.category),
        "start": .number(span.start), "end": .number(span.end),
        "x0": .number(layout.x(at: span.startOrder) - 6), "x1": .number(layout.x(at: span.endOrder, after: false) + 6),
        "args": .object(span.args),
      ]
    }
    return [
      "name": .string(timeline.name), "file": .string(timeline.file), "passed": .bool(timeline.passed),
      "width": .number(layout.width), "end": .number(tracks.end), "steps": .array(steps), "groups": .array(groups),
      "tracks": .array(rows), "marks": .array(marks), "spans": .array(spans), "failures": .array(failures),
      "ticks": .array(layout.ticks.map { ["x": .number($0.x), "time": .number($0.time)] }),
    ]
  }

  private static func stepNumber(_ layout: TimelineLayout, _ timeline: Timeline, _ event: Int) -> JSONValue {
    guard event < layout.stepOfEvent.count, let step = layout.stepOfEvent[event] else { return .null }
    return .int(Int64(timeline.steps[step].number))
  }

  /// A failed expectation as the page shows it: `where`, `expected` and `actual` when `check`'s text has them
  /// (`result.id: expected "x", got "w"`, `expected an error, got result {…}`), else the whole text.
  static func describe(_ failure: String, step: Int?, method: String?) -> JSONValue {
    var members: JSONObject = [
      "step": step.map { .int(Int64($0)) } ?? .null, "method": method.map { .string($0) } ?? .null,
      "text": .string(failure),
    ]
    if let parts = split(failure) {
      members["where"] = .string(parts.where)
      members["expected"] = .string(parts.expected)
      members["actual"] = .string(parts.actual)
    }
    return .object(members)
  }

  /// `where: expected X, got Y` (or `expected X, got Y`) in its three parts; nil for any other text.
  package static func split(_ failure: String) -> (where: String, expected: String, actual: String)? {
    let bytes = Array(failure.utf8)
    let place: String
    let rest: ArraySlice<UInt8>
    if failure.hasPrefix("expected ") {
      place = ""
      rest = bytes[9...]
    } else if let marker = find(Array(": expected ".utf8), in: bytes[...]) {
      place = String(decoding: bytes[..<marker], as: UTF8.self)
      rest = bytes[(marker + 11)...]
    } else {
      return nil
    }
    guard let got = find(Array(", got ".utf8), in: rest, last: true) else { return nil }
    return (
      place, String(decoding: rest[..<got], as: UTF8.self), String(decoding: rest[(got + 6)...], as: UTF8.self)
    )
  }

  /// Where `needle` starts in `haystack` (the first place, or the last).
  private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>, last: Bool = false) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    let starts = haystack.startIndex...(haystack.endIndex - needle.count)
    let matches = { (start: Int) in haystack[start..<(start + needle.count)].elementsEqual(needle) }
    return last ? starts.reversed().first(where: matches) : starts.first(where: matches)
  }

  /// Text for HTML (outside the script): the same escaping as the wireframe's XML text.
  static func escape(_ text: String) -> String { SVGWriter.escape(text) }
}

package import ContainerJSON

/// A timeline cut into tracks: one per controller and scroll view (grouped by window), a mark for each callback,
/// completion and warning, spans for what has a beginning and an end, and the scroll views' offsets.
///
/// Every item has an `order`: its place in the event stream (the index of the event it comes from; a span opens
/// just before its first event and closes just after its last). Virtual time never goes back along the stream, so
/// ordering by `order` orders by time too, and spans on one track nest by `order` (a span that would overlap another
/// one partly goes on a second lane of the same object: `lane` 1, …).
package struct TimelineTracks: Sendable {
  /// One row: an object, or a further lane of one.
  package struct Track: Sendable, Equatable {
    package var object: String
    package var kind: String
    package var className: String
    /// The window (nil: none known).
    package var window: String?
    package var lane: Int
    /// `id · Class`, and ` (2)` for a second lane.
    package var label: String {
      (object.isEmpty ? "warnings" : className.isEmpty ? object : "\(object) · \(className)")
        + (lane > 0 ? " (\(lane + 1))" : "")
    }
  }

  /// A point event: a callback, a completion, a warning.
  package struct Mark: Sendable {
    package var track: Int
    package var name: String
    /// `lifecycle`, `scroll`, `table`, `completion`, `warning`.
    package var category: String
    package var time: Double
    package var order: Double
    /// The event's params, `time` left out (it is the mark's place).
    package var args: JSONObject
    package var request: JSONValue { args["request"] ?? .null }
  }

  /// Something with a beginning and an end on one track.
  package struct Span: Sendable {
    package var track: Int
    package var name: String
    /// `appearance`, `transition`, `gesture`, `deceleration`, `animation`.
    package var category: String
    package var start: Double
    package var end: Double
    package var startOrder: Double
    package var endOrder: Double
    package var args: JSONObject
  }

  /// A scroll view's contentOffset at one moment (`event/offset`).
  package struct Offset: Sendable {
    package var object: String
    package var window: String?
    package var time: Double
    package var order: Double
    package var x: Double
    package var y: Double
    package var cause: String
  }

  package var tracks: [Track] = []
  package var marks: [Mark] = []
  package var spans: [Span] = []
  package var offsets: [Offset] = []
  /// The windows that have tracks, in window order; nil (no window) last when some track has none.
  package var windows: [String?] = []
  /// The last moment of the timeline (ms): the latest event or step end.
  package var end: Double = 0

  package init(_ timeline: Timeline) {
    var builder = TrackBuilder(timeline)
    builder.run()
    tracks = builder.tracks
    marks = builder.marks
    spans = builder.spans
    offsets = builder.offsets
    end = builder.end
    var seen: [String?] = []
    for track in tracks where !seen.contains(track.window) { seen.append(track.window) }
    windows =
      timeline.windows.filter { seen.contains($0) } + seen.filter { $0 != nil && !timeline.windows.contains($0!) }
    if seen.contains(nil) { windows.append(nil) }
  }

  /// The tracks of `window`, in the order they were made.
  package func tracks(in window: String?) -> [Int] {
    tracks.indices.filter { tracks[$0].window == window }
  }
}

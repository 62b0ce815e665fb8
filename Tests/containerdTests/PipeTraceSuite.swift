import ContainerRPCTestSupport

/// A suite that pipes a whole run of requests through the built binary and reads its output as replies and a trace of
/// the events after each (the suite's own `trace` says how an event reads).
protocol PipeTraceSuite {
  /// The events among `lines`, each as the suite writes it (`"me.viewWillAppear R25"`); nil-free.
  static func trace(_ lines: [String]) -> [String]
}

extension PipeTraceSuite {
  static func isReply(_ line: String) -> Bool {
    line.hasPrefix("[") || line.hasPrefix(#"{"id":"#) || line.hasPrefix(#"{"error":"#)
  }

  /// The events after the reply to `id` (or the batch holding it), up to the next reply.
  static func events(after id: Int, in lines: [String]) -> [String] {
    guard let index = lines.firstIndex(where: { isReply($0) && $0.contains(#""id":\#(id),"#) }) else { return [] }
    return trace(Array(lines[(index + 1)...].prefix { !isReply($0) }))
  }

  /// The reply to `id` (or the batch holding it).
  static func reply(_ id: Int, in lines: [String]) -> String? {
    lines.first { isReply($0) && $0.contains(#""id":\#(id),"#) }
  }

  /// The output lines of the binary given `requests`, one per line.
  static func run(_ requests: [String]) throws -> [String] {
    try Transport.binary.exchange(requests.joined(separator: "\n") + "\n")
  }
}

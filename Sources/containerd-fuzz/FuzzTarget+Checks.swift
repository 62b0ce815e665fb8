import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerTransport

/// The checks `FuzzTarget.run` makes on what a run wrote (Documentation/Testing.md, "Fuzzing"); a broken one traps.
extension FuzzTarget {
  /// One message's replies: events first, then one response per request (an array for a batch), ids echoed in
  /// order; nothing for notifications only.
  static func checkReplies(to input: MessageFramer.Output, sent: [JSONValue]) {
    let expectedIDs: [JSONValue]
    var isBatch = false
    switch input {
    case .error:
      expectedIDs = [.null]
    case .message(.array(let elements), _) where !elements.isEmpty:
      isBatch = true
      expectedIDs = elements.compactMap { element in
        switch DecodedCall(element) {
        case .invalid(let id, _): return id
        case .call(let call): return call.id
        }
      }
    case .message(.array, _):
      expectedIDs = [.null]
    case .message(let value, _):
      switch DecodedCall(value) {
      case .invalid(let id, _): expectedIDs = [id]
      case .call(let call): expectedIDs = call.id.map { [$0] } ?? []
      }
    }
    var events = sent
    let reply = expectedIDs.isEmpty ? nil : events.popLast()
    for event in events {
      require(
        event["method"] != nil && event["id"] == nil, "a reply before the end of its turn: \(event.encodedString)")
    }
    guard let reply else { return }
    let responses = isBatch ? reply.arrayValue : [reply]
    require(responses?.count == expectedIDs.count, "\(expectedIDs.count) replies expected, got \(reply.encodedString)")
    for (response, id) in zip(responses ?? [], expectedIDs) {
      require(response["id"] == id, "reply to id \(id.encodedString) has another id: \(response.encodedString)")
      let result = response["result"]
      let error = response["error"]
      require((result == nil) != (error == nil), "not exactly one of result and error: \(response.encodedString)")
      if let error {
        require(
          error["code"]?.intValue != nil && error["message"]?.stringValue != nil,
          "error without an integer code and a message: \(response.encodedString)")
        require(error["code"] != -32603, "an internal error: \(response.encodedString)")
      }
    }
    // A refused request alone in its message emits nothing (Documentation/Protocol.md, "Errors"), and neither does a
    // read: every turn's end settles, so the next turn finds a quiet world (Engine.settleLayout).
    if !isBatch, reply["error"] != nil {
      require(events.isEmpty, "a refused request emitted events: \(events.map(\.encodedString))")
    }
    if !isBatch, case .message(let value, _) = input, case .call(let call) = DecodedCall(value),
      readMethods.contains(call.method)
    {
      require(events.isEmpty, "a read (\(call.method)) emitted events: \(events.map(\.encodedString))")
    }
  }

  /// The methods that only read the world (not those that name a view as `<controller>.view`, which loads it, R1).
  static let readMethods: Set<String> = [
    "controller/get", "presentation/get", "view/get", "scroll/get", "table/get", "paging/get", "view/hitTest",
    "world/render", "world/snapshot", "daemon/info", "daemon/ping", "clock/now",
  ]

  /// The bytes written: each message one JSON text, framed as sent, equal to what was sent.
  static func checkOutput(_ run: Run) {
    let bytes = run.bytes
    let header = Array("Content-Length: ".utf8)
    var index = 0
    var count = 0
    var seq: Int64 = 0
    while index < bytes.count {
      require(count < run.sent.count, "more messages written than sent")
      let (message, framing) = run.sent[count]
      let body: Range<Int>
      if bytes[index...].starts(with: header) {
        var digitsEnd = index + header.count
        while digitsEnd < bytes.count, (0x30...0x39).contains(bytes[digitsEnd]) { digitsEnd += 1 }
        let digits = String(decoding: bytes[(index + header.count)..<digitsEnd], as: UTF8.self)
        guard let length = Int(digits), bytes[digitsEnd...].starts(with: Array("\r\n\r\n".utf8)),
          digitsEnd + 4 + length <= bytes.count
        else { fail("bad Content-Length header at output byte \(index)") }
        body = (digitsEnd + 4)..<(digitsEnd + 4 + length)
        require(framing == .headers, "message \(count) written with headers, sent as \(framing)")
      } else {
        guard let newline = bytes[index...].firstIndex(of: 0x0A) else { fail("output line without newline") }
        body = index..<newline
        require(framing == .lines, "message \(count) written as a line, sent as \(framing)")
      }
      let result = bytes.withUnsafeBytes { raw in
        Result { () throws(JSONParseError) in try JSONValue.parse(UnsafeRawBufferPointer(rebasing: raw[body])) }
      }
      guard case .success(let parsed) = result else {
        fail("output message \(count) is not JSON: \(String(decoding: bytes[body], as: UTF8.self))")
      }
      require(isFinite(message), "output message \(count) holds NaN or infinity: \(parsed.encodedString)")
      require(parsed == message, "output message \(count) reads back as another value")
      if message["method"] != nil {  // numbered from 1, again after world/reset
        let number = message["params"]?["seq"]?.intValue
        require(number == seq + 1 || number == 1, "event \(count) is seq \(number ?? -1) after \(seq)")
        seq = number ?? seq
      }
      index = framing == .lines ? body.upperBound + 1 : body.upperBound
      count += 1
    }
    require(count == run.sent.count, "\(run.sent.count) messages sent, \(count) written")
  }

  /// The messages cut from the chunked stream are those cut from the whole stream (up to a shutdown).
  static func checkFraming(_ input: UnsafeRawBufferPointer, served: [MessageFramer.Output], shutDown: Bool) {
    var framer = MessageFramer(limits: configuration.readLimits)
    framer.append(input)
    var whole: [MessageFramer.Output] = []
    while let output = framer.next() { whole.append(output) }
    framer.finish()
    while let output = framer.next() { whole.append(output) }
    let compared = shutDown ? Array(whole.prefix(served.count)) : whole
    guard compared != served else { return }
    let at =
      zip(compared, served).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(compared.count, served.count)
    fail(
      "framing depends on the split: message \(at) is \(describe(served.dropFirst(at).first)) in chunks, "
        + "\(describe(compared.dropFirst(at).first)) whole")
  }

  static func describe(_ output: MessageFramer.Output?) -> String {
    switch output {
    case nil: return "missing"
    case .message(let value, let framing)?: return "\(framing) \(value.encodedString)"
    case .error(let error, let framing)?:
      return "\(framing) error \(OutgoingMessage.response(id: .null, error: error).encodedString)"
    }
  }

  static func isFinite(_ value: JSONValue) -> Bool {
    switch value {
    case .double(let double): return double.isFinite
    case .array(let elements): return elements.allSatisfy(isFinite)
    case .object(let members): return members.allSatisfy { isFinite($0.value) }
    default: return true
    }
  }

  static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
  }

  static func fail(_ message: String) -> Never {
    fatalError("containerd-fuzz: \(message)")
  }
}

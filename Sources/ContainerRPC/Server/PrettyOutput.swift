import ContainerEngine
public import ContainerJSON
import ContainerProtocol
public import ContainerTransport

/// `--pretty`: replies and events as aligned text for people, on stderr beside the protocol, or on stdout instead of
/// it (never mixed with protocol on one stream).
public final class PrettyHandler: MessageHandler {
  /// Where the text goes.
  public enum Destination: String, Sendable, CaseIterable {
    /// Protocol on stdout as usual; the text on stderr.
    case stderr
    /// The text on stdout and no protocol at all (a terminal session, not a client).
    case stdout
  }

  let inner: RPCServer
  let destination: Destination
  let emit: (String) -> Void

  /// `emit` writes one line of text to stderr (used for `.stderr`; `.stdout` writes into the output stream).
  public init(wrapping inner: RPCServer, destination: Destination, emitToStandardError emit: @escaping (String) -> Void)
  {
    self.inner = inner
    self.destination = destination
    self.emit = emit
  }

  public var isShutdownRequested: Bool { inner.isShutdownRequested }

  public var isCloseRequested: Bool { inner.isCloseRequested }

  public func mayTakeLong(_ input: MessageFramer.Output) -> Bool { inner.mayTakeLong(input) }

  public func handle(_ input: MessageFramer.Output, sink: any MessageSink) {
    let tee = PrettySink(
      forward: destination == .stderr ? sink : nil,
      emit: destination == .stderr
        ? emit
        : { line in
          if let writer = sink as? MessageWriter { writer.bytes += Array((line + "\n").utf8) }
        })
    inner.handle(input, sink: tee)
  }

  /// The lines of one outgoing message: an event `seq  time  trace`, a reply `← id  result`, or `← id  error …`; a
  /// batch reply one line per element.
  public static func lines(_ message: JSONValue) -> [String] {
    if let array = message.arrayValue { return array.flatMap(lines) }
    if let method = message["method"]?.stringValue {
      let params = message["params"] ?? .null
      let seq = params["seq"]?.intValue.map { String($0) } ?? "-"
      let time = params["time"]?.doubleValue.map { EventTrace.number(($0 * 100).rounded() / 100) + "ms" } ?? ""
      let text: String
      switch method {
      case "event/lifecycle", "event/warning", "event/table", "event/offset": text = EventTrace.describe(message)
      default:
        var rest = params.objectValue ?? [:]
        rest["seq"] = nil
        rest["time"] = nil
        rest["request"] = nil
        let kind = method.hasPrefix("event/") ? String(method.dropFirst(6)) : method
        text = "\(kind) \(JSONValue.object(rest).encodedString)"
      }
      return [pad(seq, 6) + "  " + pad(time, 10) + "  " + text]
    }
    let id = message["id"].map { $0.stringValue ?? $0.encodedString } ?? "null"
    if let error = message["error"] {
      var text = "error \(error["code"]?.encodedString ?? "?") \(error["message"]?.stringValue ?? "")"
      if let data = error["data"], data.objectValue?.isEmpty == false { text += " \(data.encodedString)" }
      return ["← " + pad(id, 4) + "  " + pad("", 10) + "  " + text]
    }
    return ["← " + pad(id, 4) + "  " + pad("", 10) + "  " + (message["result"]?.encodedString ?? "null")]
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
  }
}

/// Forwards protocol (or not) and writes the pretty lines.
final class PrettySink: MessageSink {
  let forward: (any MessageSink)?
  let emit: (String) -> Void

  init(forward: (any MessageSink)?, emit: @escaping (String) -> Void) {
    self.forward = forward
    self.emit = emit
  }

  func send(_ message: JSONValue, framing: Framing) {
    forward?.send(message, framing: framing)
    for line in PrettyHandler.lines(message) { emit(line) }
  }

  /// A batch's reply array: the protocol gets the server's bytes unchanged, the pretty lines come from their value.
  func send(encodedArray bytes: [UInt8], framing: Framing) {
    forward?.send(encodedArray: bytes, framing: framing)
    let value = bytes.withUnsafeBytes { raw in try? JSONValue.parse(raw, maxDepth: .max) }
    for line in PrettyHandler.lines(value ?? .null) { emit(line) }
  }
}

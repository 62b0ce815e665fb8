import ContainerEngine
public import ContainerJSON
public import ContainerProtocol
import ContainerRPC
import ContainerTransport
import Foundation

/// Cuts the daemon's output into framed messages: `Content-Length: N\r\n\r\n` + N bytes (exactly that header, only
/// where `allowsHeaders`), or one JSON text and `\n`. Anything else is malformed output.
public struct StreamOutputReader: Sendable {
  public struct Message: Sendable {
    public var value: JSONValue
    public var framing: Framing
    public var text: String
  }

  public struct Malformed: Error, CustomStringConvertible {
    public var description: String
  }

  public var allowsHeaders = false
  private var buffer: [UInt8] = []

  public init() {}

  public var pendingByteCount: Int { buffer.count }

  public mutating func append(_ bytes: [UInt8]) { buffer += bytes }

  /// The next whole message, or `nil` if more output is needed.
  public mutating func next() throws(Malformed) -> Message? {
    guard let first = buffer.first else { return nil }
    let prefix = Array("Content-Length: ".utf8)
    if first == UInt8(ascii: "C") {
      guard allowsHeaders else { throw Malformed(description: "headers-framed output to a lines client: \(preview)") }
      guard buffer.count >= prefix.count else {
        guard buffer.elementsEqual(prefix.prefix(buffer.count)) else { throw malformed("a bad header") }
        return nil
      }
      guard buffer.starts(with: prefix) else { throw malformed("a bad header") }
      var index = prefix.count
      var length = 0
      while index < buffer.count, buffer[index] >= 0x30, buffer[index] <= 0x39, index < prefix.count + 12 {
        length = length * 10 + Int(buffer[index] - 0x30)
        index += 1
      }
      guard index < buffer.count else { return nil }
      guard index > prefix.count else { throw malformed("a bad Content-Length") }
      let separator = Array("\r\n\r\n".utf8)
      guard buffer.count >= index + 4 else {
        guard buffer[index...].elementsEqual(separator.prefix(buffer.count - index)) else {
          throw malformed("a bad header end")
        }
        return nil
      }
      guard buffer[index..<index + 4].elementsEqual(separator) else { throw malformed("a bad header end") }
      let bodyStart = index + 4
      guard buffer.count >= bodyStart + length else { return nil }
      let body = Array(buffer[bodyStart..<bodyStart + length])
      buffer.removeFirst(bodyStart + length)
      return try message(body, .headers)
    }
    guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { throw malformed("output") }
    guard let newline = buffer.firstIndex(of: 0x0A) else { return nil }
    let line = Array(buffer[..<newline])
    buffer.removeFirst(newline + 1)
    return try message(line, .lines)
  }

  private var preview: String { StreamPiece.escaped(Array(buffer.prefix(200))) }

  private func malformed(_ what: String) -> Malformed { Malformed(description: "\(what) in the output: \(preview)") }

  private func message(_ bytes: [UInt8], _ framing: Framing) throws(Malformed) -> Message {
    let text = String(decoding: bytes, as: UTF8.self)
    do {
      let value = try bytes.withUnsafeBytes { raw throws(JSONParseError) in try JSONValue.parse(raw, maxDepth: 2048) }
      return Message(value: value, framing: framing, text: text)
    } catch {
      throw Malformed(
        description:
          "output that is not JSON (\((error as? JSONParseError)?.message ?? "\(error)")): \(StreamPiece.escaped(bytes))"
      )
    }
  }
}

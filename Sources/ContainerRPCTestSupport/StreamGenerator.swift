import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerTransport

/// Makes the pieces of one seed: garbage of the mode's kinds, each followed by a valid request with fresh ids.
public struct StreamGenerator {
  /// The daemon's `--max-message-size` in these runs (oversized garbage stays small and cheap).
  public static let maxMessageSize = 4096
  /// The depth limit (the daemon's default).
  public static let maxDepth = 512
  /// Flags of every daemon the stream property starts.
  public static let arguments = ["--max-message-size", "\(maxMessageSize)"]

  public let mode: StreamMode
  public let kinds: [GarbageKind]
  /// Whether pieces are written in small chunks with pauses, so the daemon's reads split them anywhere.
  public let splitting: Bool
  private var random: SeededRandom
  private var nextID = 1
  private var garbageID = 1
  private var index = 0

  public init(mode: StreamMode, seed: UInt64, kinds: [GarbageKind]? = nil, splitting: Bool = false) {
    self.mode = mode
    self.kinds = kinds ?? GarbageKind.kinds(for: mode)
    self.splitting = splitting
    random = SeededRandom(seed: seed)
  }

  /// The first `count` pieces of `seed`.
  public static func pieces(
    mode: StreamMode, seed: UInt64, count: Int, kinds: [GarbageKind]? = nil, splitting: Bool = false
  ) -> [StreamPiece] {
    var generator = StreamGenerator(mode: mode, seed: seed, kinds: kinds, splitting: splitting)
    return (0..<count).map { _ in generator.next() }
  }

  /// The next piece.
  public mutating func next() -> StreamPiece {
    var kind = random.pick(kinds)
    if kind == .leadingBOM && index > 0 { kind = .bomLine }
    index += 1
    let garbage = makeGarbage(kind)
    let (request, ids) = makeRequest(terminator: kind == .bareCarriageReturn ? "\r" : lineEnd())
    var piece = StreamPiece(kind: kind, garbage: garbage, request: request, ids: ids)
    if splitting {
      // Small writes near the end (where line ends and header ends are), larger ones through long garbage.
      var remaining = piece.bytes.count
      while remaining > 0 {
        let size = min(remaining, remaining > 256 ? random.int(1...1024) : random.int(1...16))
        piece.chunks.append(size)
        remaining -= size
      }
    }
    return piece
  }

  // MARK: - Valid requests

  private mutating func makeRequest(terminator: String) -> ([UInt8], [Int]) {
    let id = nextID
    switch mode {
    case .lines:
      nextID += 1
      return (bytes(#"{"jsonrpc":"2.0","id":\#(id),"method":"daemon/ping"}"# + terminator), [id])
    case .headers:
      nextID += 1
      return (bytes(Self.frame(#"{"jsonrpc":"2.0","id":\#(id),"method":"daemon/ping"}"#)), [id])
    case .socket:
      // A batch whose second call changes the window's root: every client subscribed to lifecycle events (the
      // default) gets the new root's appearance and the old one's disappearance, about 1 KB per piece.
      nextID += 2
      let text =
        #"[{"jsonrpc":"2.0","id":\#(id),"method":"controller/create","params":{"id":"s\#(id)"}},"#
        + #"{"jsonrpc":"2.0","id":\#(id + 1),"method":"window/setRoot","params":{"window":"w","controller":"s\#(id)"}}]"#
      return (bytes(text + terminator), [id, id + 1])
    }
  }

  /// `Content-Length: N\r\n\r\n` and the body.
  public static func frame(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n" + body }

  // MARK: - Garbage

  private mutating func lineEnd() -> String { random.chance(70) ? "\n" : "\r\n" }

  private mutating func nextGarbageID() -> String {
    defer { garbageID += 1 }
    return "\"g\(garbageID)\""
  }

  /// A request with a garbage id (a string: valid requests have integer ids).
  private mutating func garbagePing() -> String {
    #"{"jsonrpc":"2.0","id":\#(nextGarbageID()),"method":"daemon/ping"}"#
  }

  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  private mutating func makeGarbage(_ kind: GarbageKind) -> [UInt8] {
    switch kind {
    case .truncatedRequest:
      let text = bytes(#"{"jsonrpc":"2.0","id":\#(nextGarbageID()),"method":"daemon/ping","params":{"a":[1,2]}}"#)
      return Array(text.prefix(random.int(1...(text.count - 1)))) + bytes(lineEnd())
    case .openBracket:
      let choices = [
        "{", "[", "  {  ", "[1,", #"{"a":"#, #"[{"jsonrpc":"2.0""#, "[[[", garbagePing() + " [", "{ [ {",
        #"{"jsonrpc":"2.0","method":"#,
      ]
      return bytes(random.pick(choices) + lineEnd())
    case .strayBracket:
      return bytes(random.pick(["}", "]", "]]]", "}{", "]}", " } ", ":", ",", "}}}}"]) + lineEnd())
    case .unterminatedString:
      return bytes(
        random.pick([#""abc"#, #"{"a":"abc"#, #"["x"#, #""\"#, #"{"jsonrpc":"2.0","method":"daemon/"#]) + lineEnd())
    case .cWord:
      return bytes(random.pick(["c", "C", "cat", "Cat /etc/passwd", "curl -s x", "c{", "content", "C: x"]) + lineEnd())
    case .headerLine:
      let lines = ["Content-Type: x", "content-length: 5", "Content-Length: 47", "CONTENT-TYPE: application/json"]
      var text = random.pick(lines) + lineEnd()
      if random.chance(30) { text += random.pick(lines) + lineEnd() }
      return bytes(text)
    case .bomLine:
      return [0xEF, 0xBB, 0xBF] + bytes(random.pick(["", "{}", "x", "[1]"]) + lineEnd())
    case .leadingBOM:
      return [0xEF, 0xBB, 0xBF]
    case .bareCarriageReturn:
      return bytes(random.pick(["nope", "}", "@", "1 2"]) + "\r")
    case .nul:
      let choices: [[UInt8]] = [
        [0], bytes(#"{"a":"#) + [0] + bytes("}"), bytes(#""x"#) + [0] + bytes(#"y""#),
        bytes("[1,") + [0], bytes(garbagePing()) + [0],
      ]
      return random.pick(choices) + bytes(lineEnd())
    case .invalidUTF8:
      let choices: [[UInt8]] = [
        [0xFF, 0xFE], [0xC3, 0x28], bytes(#"{"a":""#) + [0xED, 0xA0, 0x80] + bytes(#""}"#),
        [0xF8, 0x88, 0x80, 0x80, 0x80], bytes(#"[""#) + [0xC0, 0xAF] + bytes(#""]"#),
      ]
      return random.pick(choices) + bytes(lineEnd())
    case .hugeNumber:
      let choices = [
        "1e400", "123456789012345678901234567890", "-1e999", "[1e309]",
        #"{"jsonrpc":"2.0","id":1e400,"method":"daemon/ping"}"#,
        #"{"jsonrpc":"2.0","id":99999999999999999999,"method":"daemon/ping"}"#,
      ]
      return bytes(random.pick(choices) + lineEnd())
    case .deepNesting:
      let depth = random.int(2...(Self.maxDepth - 1))
      switch random.int(0...2) {
      case 0: return bytes(String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + lineEnd())
      case 1:
        return bytes(
          String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth) + lineEnd())
      default:
        let inner = depth - 2
        return bytes(
          #"{"jsonrpc":"2.0","id":\#(nextGarbageID()),"method":"daemon/ping","params":"#
            + String(repeating: "[", count: inner) + String(repeating: "]", count: inner) + "}" + lineEnd())
      }
    case .tooDeep:
      let depth = random.int((Self.maxDepth + 1)...1500)
      return bytes(String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + lineEnd())
    case .oversizedLine:
      let pad = String(repeating: "x", count: random.int(Self.maxMessageSize...(3 * Self.maxMessageSize)))
      let text =
        random.chance(50)
        ? #"{"jsonrpc":"2.0","id":\#(nextGarbageID()),"method":"daemon/ping","params":{"pad":"\#(pad)"}}"# : "@" + pad
      return bytes(text + lineEnd())
    case .oversizedOpenLine:
      let count = random.int(Self.maxMessageSize...(3 * Self.maxMessageSize))
      let text =
        random.chance(50)
        ? #"{"pad":""# + String(repeating: "x", count: count) : "[" + String(repeating: "1,", count: count / 2)
      return bytes(text + lineEnd())
    case .wrongRequest:
      let choices = [
        #"{"method":"nope"}"#, #"{"jsonrpc":"2.0","id":\#(nextGarbageID()),"method":"nope/nope"}"#,
        #"{"jsonrpc":"2.0","id":\#(nextGarbageID()),"method":"daemon/ping","params":5}"#,
        #"{"jsonrpc":"1.0","id":\#(nextGarbageID()),"method":"daemon/ping"}"#, "[]", "[1,2]", "1", #""x""#, "null",
        #"{"jsonrpc":"2.0","id":\#(nextGarbageID()),"result":1}"#, #"{"jsonrpc":"2.0","method":"daemon/ping"}"#,
        #"{"jsonrpc":"2.0","id":\#(nextGarbageID()),"method":"view/get","params":{"view":"nope"}}"#,
        #"{"jsonrpc":"2.0","id":\#(nextGarbageID()),"method":"daemon/info","params":{"x":1}}"#,
        #"{"jsonrpc":"2.0","id":{},"method":"daemon/ping"}"#, #"{"id":1,"id":2}"#,
        #"[{"jsonrpc":"2.0","id":\#(nextGarbageID()),"method":"daemon/ping"},7]"#,
      ]
      return bytes(random.pick(choices) + lineEnd())
    case .randomBytes:
      var line: [UInt8] = [random.pick(Array("x@#!~<>?%&*=^|;/".utf8))]
      for _ in 0..<random.int(0...40) {
        var byte = UInt8(truncatingIfNeeded: random.next())
        if byte == 0x0A || byte == 0x0D { byte = 0x20 }
        line.append(byte)
      }
      return line + bytes(lineEnd())
    case .blankLines:
      return bytes(random.pick(["\n", " \t\n\n", "\r\n\r\n", "   \n"]))

    case .frameGarbageBody:
      var body = makeGarbage(random.pick(GarbageKind.allCases.filter { !$0.isHeaders && $0 != .leadingBOM }))
      if random.chance(30) { body = Array(body.prefix(random.int(0...body.count))) }
      return header("Content-Length: \(body.count)") + body
    case .frameBadLength:
      let value = random.pick(["abc", "-1", "", "1234567890123456789", "4 7", "0x10", "+5", "١٢"])
      return header("Content-Length: \(value)") + unframedBody()
    case .frameNoLength:
      return header(random.pick(["Content-Type: application/vscode-jsonrpc; charset=utf-8", "X-Nothing: 1"]))
        + unframedBody()
    case .frameBadCharset:
      let body = bytes(garbagePing())
      return header("Content-Length: \(body.count)\r\nContent-Type: application/json; charset=latin1") + body
    case .frameMalformedLine:
      let body = bytes(garbagePing())
      return header("Content-Length: \(body.count)\r\nthis is not a header") + body
    case .frameTooShort:
      // Cut in the last 14 bytes (`daemon/ping"}`): the rest starts with a letter, `/`, `"` or `}`, so with a line
      // end it is one closed line.
      let body = bytes(garbagePing())
      let length = body.count - random.int(1...13)
      return header("Content-Length: \(length)") + body + bytes(lineEnd())
    case .frameTooLong:
      let body = bytes(garbagePing())
      let extra = random.int(1...20)
      let padding =
        random.chance(50)
        ? bytes(String(repeating: " ", count: extra)) : bytes("\n" + String(repeating: "x", count: extra))
      return header("Content-Length: \(body.count + padding.count)") + body + padding
    case .frameOversized:
      let body = bytes("@" + String(repeating: "y", count: random.int(Self.maxMessageSize...(3 * Self.maxMessageSize))))
      return header("Content-Length: \(body.count)") + body
    case .frameHeaderTooLong:
      return header("Content-Length: 10\r\nX-Pad: " + String(repeating: "p", count: random.int(8200...9000)))
        + unframedBody()
    case .frameHeaderNoBlank:
      let line = random.pick(["Content-Type: x", "content-length: 5", "Content-Type: application/json", "cat", "C"])
      return bytes(line + (random.chance(50) ? "\r\n" : "\n"))
    }
  }

  /// Header lines (in any case) and the blank line.
  private mutating func header(_ lines: String) -> [UInt8] {
    let end = random.chance(70) ? "\r\n" : "\n"
    var text = lines.replacingOccurrences("\r\n", with: end)
    if random.chance(20) { text = text.lowercased() }
    return bytes(text + end + end)
  }

  /// The JSON text after a block whose length could not be read: a notification, so it answers nothing whether the
  /// framer drops it (as documented) or runs it.
  private mutating func unframedBody() -> [UInt8] { bytes(#"{"jsonrpc":"2.0","method":"daemon/ping"}"# + lineEnd()) }
}

extension String {
  fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}

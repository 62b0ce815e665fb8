import ContainerEngine
import ContainerJSON
public import ContainerProtocol
import ContainerRPC
import ContainerTransport

/// SplitMix64: a seeded generator with its own arithmetic (no standard-library sampling, whose algorithm may change
/// between toolchains), so a seed names the same pieces on every machine and run.
public struct SeededRandom: Sendable {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `range` (modulo bias is irrelevant here).
  public mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
  }

  /// True with probability `percent`/100.
  public mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

  public mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...(choices.count - 1))] }
}

/// How the stream property talks to the daemon: which framing its valid requests use and over what.
public enum StreamMode: String, Sendable, CaseIterable, CustomStringConvertible {
  /// stdio, one JSON text per line.
  case lines
  /// stdio, `Content-Length` framing.
  case headers
  /// `serve --listen unix:PATH`, lines framing, as the active one of two clients (the other never reads).
  case socket

  public var description: String { rawValue }

  /// The framing of the valid requests, which their replies must come back in.
  public var requestFraming: Framing { self == .headers ? .headers : .lines }
}

/// A kind of garbage sent before a valid request. Each kind's extent is fixed by the framing rules
/// (Documentation/Protocol.md, "Framing"), so that the request after it must be answered:
///
/// - lines garbage ends with its own line end (`\n` or `\r\n`; `\r` for `bareCarriageReturn`), never with a blank line
///   after a header-like line (a blank line would complete a header block);
/// - header garbage sends exactly the body bytes its `Content-Length` announces (a too-long length gets padding up to
///   it; a too-short one leaves a remainder that is one closed line), or, when the length cannot be read, one JSON
///   text (a notification) after the blank line: the unframed body the framer takes and drops.
///
/// Kinds that leave a JSON text open at their line end (`truncatedRequest`, `openBracket`, `oversizedOpenLine`) rely on a resync rule for lines (a line starting with `{` or `[` at column 0 ends a pending
/// text): they are sent only before lines requests, never before a `Content-Length` block.
public enum GarbageKind: String, Sendable, CaseIterable, CustomStringConvertible {
  // Lines.
  /// A request cut off at a random byte (`{"jsonrpc":"2.0","id":"g1","meth`).
  case truncatedRequest
  /// A line leaving `{` or `[` open: `{`, `  {  `, `[1,`, a valid request followed by a stray `[`.
  case openBracket
  /// A line of closing or stray brackets: `}`, `]]`, `}{`.
  case strayBracket
  /// A string left open at the line end: `"abc`, `{"a":"abc` (a line end cannot be inside a string: one error).
  case unterminatedString
  /// A line starting with `c` or `C`: `c`, `cat`, `Cookie`.
  case cWord
  /// A header line with no blank line after it: `Content-Type: x`, `content-length: 5`.
  case headerLine
  /// A UTF-8 byte order mark on a line of its own, or before garbage.
  case bomLine
  /// A UTF-8 byte order mark before the first request (first piece only; elsewhere it is `bomLine`).
  case leadingBOM
  /// A garbage line and the request after it both ended by a bare `\r`.
  case bareCarriageReturn
  /// A line holding a NUL byte.
  case nul
  /// A line with invalid UTF-8.
  case invalidUTF8
  /// Numbers out of range: `1e400`, a 30-digit integer, such an id.
  case hugeNumber
  /// Nesting within the depth limit (a bare nested array, nested objects, a ping with deep params).
  case deepNesting
  /// Nesting past the depth limit (513 to 1,500 levels).
  case tooDeep
  /// A balanced line over `--max-message-size`.
  case oversizedLine
  /// A line over `--max-message-size` leaving a string or bracket open.
  case oversizedOpenLine
  /// Valid JSON that is a wrong JSON-RPC message: no `jsonrpc`, unknown method, bad params, a response, `[]`, `1`,
  /// a notification, an engine call on an unknown object.
  case wrongRequest
  /// Random bytes (no line end) after a first byte that makes the line a syntax error at once.
  case randomBytes
  /// Blank and whitespace-only lines.
  case blankLines

  // Headers.
  /// A well-formed block whose body (exactly its length) is garbage of any kind.
  case frameGarbageBody
  /// `Content-Length` unreadable (`abc`, `-1`, empty, 19 digits) and a JSON text (the unframed body) after the block.
  case frameBadLength
  /// A block without `Content-Length`, then its unframed body.
  case frameNoLength
  /// `charset=latin1`, with its body.
  case frameBadCharset
  /// A header line without `:` inside a block with a length, then its body.
  case frameMalformedLine
  /// A length shorter than the text: the body is cut, and the rest is one closed line.
  case frameTooShort
  /// A length longer than the text, padded up to it (with whitespace or garbage).
  case frameTooLong
  /// A body over `--max-message-size`, sent whole.
  case frameOversized
  /// A header block over 8,192 bytes before its blank line, then its unframed body.
  case frameHeaderTooLong
  /// Header lines with no blank line, directly before the request's own block (`Content-Type: x`, `cat`).
  case frameHeaderNoBlank

  public var description: String { rawValue }

  /// Whether a JSON text is left open at the line end (see the type's note).
  public var leavesTextOpen: Bool {
    switch self {
    case .truncatedRequest, .openBracket, .oversizedOpenLine: true
    default: false
    }
  }

  /// Whether it is garbage of the headers framing.
  public var isHeaders: Bool { rawValue.hasPrefix("frame") }

  /// The kinds sent in `mode`: lines garbage before lines requests; header garbage and the lines garbage that closes
  /// at its line end before `Content-Length` requests.
  public static func kinds(for mode: StreamMode) -> [GarbageKind] {
    switch mode {
    case .lines, .socket: allCases.filter { !$0.isHeaders }
    case .headers: allCases.filter { !$0.leavesTextOpen && $0 != .headerLine && $0 != .leadingBOM }
    }
  }
}

/// One step of the stream: garbage, then a valid request whose reply must arrive before the next step is sent.
public struct StreamPiece: Sendable, CustomStringConvertible {
  public var kind: GarbageKind
  public var garbage: [UInt8]
  public var request: [UInt8]
  /// The ids of the valid request (two for the socket's batch), each of which must be answered with a result.
  public var ids: [Int]
  /// The sizes of the writes the bytes are sent in, with a short pause after each (empty: one write).
  public var chunks: [Int] = []

  public init(kind: GarbageKind, garbage: [UInt8], request: [UInt8], ids: [Int]) {
    self.kind = kind
    self.garbage = garbage
    self.request = request
    self.ids = ids
  }

  public var bytes: [UInt8] { garbage + request }

  public var description: String {
    "\(kind): \(StreamPiece.escaped(garbage)) then \(StreamPiece.escaped(request))"
      + (chunks.isEmpty
        ? ""
        : " (in \(chunks.count) writes: \(chunks.prefix(8).map(String.init).joined(separator: ", "))\(chunks.count > 8 ? ", …" : ""))")
  }

  /// Bytes as a `printf '%b'` argument (without the quotes): printable ASCII as is, `\n`, `\r`, `\xHH` for the rest,
  /// runs of 16 bytes or more of a pattern of 1 to 4 bytes written `<N × pattern>` (not printf syntax: the fuzz mode
  /// saves the exact bytes).
  public static func escaped(_ bytes: [UInt8], compressingRuns: Bool = true) -> String {
    var text = ""
    var index = 0
    scanning: while index < bytes.count {
      for period in 1...4 where compressingRuns && index + period <= bytes.count {
        var repeats = 1
        while index + (repeats + 1) * period <= bytes.count
          && bytes[(index + repeats * period)..<(index + (repeats + 1) * period)].elementsEqual(
            bytes[index..<(index + period)])
        {
          repeats += 1
        }
        if repeats * period >= 16 {
          text += "<\(repeats) × \(bytes[index..<(index + period)].map(escaped).joined())>"
          index += repeats * period
          continue scanning
        }
      }
      text += escaped(bytes[index])
      index += 1
    }
    return text
  }

  private static func escaped(_ byte: UInt8) -> String {
    switch byte {
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x5C: return "\\\\"
    case 0x27: return "\\x27"
    case 0x20...0x7E: return String(UnicodeScalar(byte))
    default:
      let hex = String(byte, radix: 16)
      return "\\x" + (hex.count == 1 ? "0" + hex : hex)
    }
  }
}

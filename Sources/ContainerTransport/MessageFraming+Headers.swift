import ContainerJSON
import ContainerProtocol

/// Headers framing (LSP base protocol, Documentation/Protocol.md, "Headers"): a header block, a blank line, then
/// `Content-Length` bytes.
///
/// A header block is read line by line, and ends at the first line that is not a header line (Documentation/
/// Protocol.md, "Headers"). A header line is a name of token characters (RFC 9110: letters, digits and
/// ``!#$%&'*+-.^_`|~``), optional spaces or tabs, `:`, then a value; it ends at `\n`, `\r\n` or a lone `\r`. Only a
/// well-formed block (header lines, a blank line, a readable `Content-Length`) switches framing for its message:
/// - a first line that is not a header line is not a header block at all: it is read as a line message;
/// - a later line that is neither a header line nor blank breaks the block: one error, framed as a line (no
///   well-formed block was seen), and that line is read normally;
/// - a block cut off by end of input, longer than `maxHeaderSize`, or without a readable `Content-Length` is one error
///   framed as a line, and what follows it is read normally.
extension MessageFramer {
  /// What the line at some offset of a header block is.
  enum HeaderLine {
    /// A complete header line, followed by the next line at `end`.
    case header(end: Int)
    /// A header line whose end has not arrived.
    case partialHeader
    /// An empty line; the body starts at `end`.
    case blank(end: Int)
    /// Not a header line.
    case notHeader
    /// More bytes decide.
    case needMore
  }

  /// Reads a header block at `head` whose lines before `lineStart` are header lines. Returns an error output, or
  /// `nil` with `state` set to what comes next (more of the block, a body, a line message, or idle).
  mutating func readHeaderBlock(lineStart start: Int) -> Output? {
    var lineStart = start
    while true {
      let line = head + lineStart
      switch headerLine(at: line) {
      case .header(let end):
        lineStart = end - head
        if lineStart > limits.maxHeaderSize { return headerBlockTooLong(dropTo: end, inLine: false) }
      case .partialHeader:
        if buffer.count - head > limits.maxHeaderSize { return headerBlockTooLong(dropTo: line, inLine: true) }
        return incompleteHeaderBlock(lineStart: lineStart)
      case .needMore:
        if isFinished && lineStart == 0 {  // a first line cut off before its `:`: not a header line
          state = .line(LineProgress())
          return nil
        }
        return incompleteHeaderBlock(lineStart: lineStart)
      case .notHeader:
        if lineStart == 0 {  // not a header block: a line message that starts with `C` or `c`
          state = .line(LineProgress())
          return nil
        }
        head = line
        state = .idle
        return .error(.framingError("header block ended by a line that is not a header, without a blank line"), .lines)
      case .blank(let end):
        let (length, error) = HeaderBlock.parse(buffer[head..<line])
        head = end
        state = .idle
        guard let length else { return .error(error!, .lines) }  // not well formed: what follows is read normally
        if let error {
          skipBody(length: length, size: length, report: false)
          return .error(error, .headers)
        }
        if length > limits.maxMessageSize {
          skipBody(length: length, size: length, report: true)
          if case .idle = state {
            return .error(.messageTooLarge(size: length, limit: limits.maxMessageSize), .headers)
          }
          return nil
        }
        state = .body(length: length)
        return nil
      }
    }
  }

  /// A block whose next line has not fully arrived: wait, or at end of input answer that it was cut off.
  private mutating func incompleteHeaderBlock(lineStart: Int) -> Output? {
    guard isFinished else {
      state = .headers(lineStart: lineStart)
      return nil
    }
    dropBuffer()
    state = .idle
    return .error(.framingError("end of input inside a header block"), .lines)
  }

  /// A block whose header lines pass `maxHeaderSize`: its error now, then its lines are dropped as they arrive.
  private mutating func headerBlockTooLong(dropTo position: Int, inLine: Bool) -> Output? {
    head = position
    state = .discardingHeaders(inLine: inLine)
    return .error(
      .framingError("header block longer than \(limits.maxHeaderSize) bytes without a blank line"), .lines)
  }

  /// Drops the rest of a header block too long to keep: its header lines, then its blank line, or up to (not
  /// including) a line that is not a header.
  mutating func discardHeaders(inLine start: Bool) {
    var inLine = start
    while true {
      if inLine {
        let newline = buffer.newline(from: head)
        if let carriageReturn = buffer.carriageReturn(from: head, before: newline ?? buffer.count) {
          guard carriageReturn + 1 < buffer.count else {  // `\r\n` or a lone `\r`: the next byte decides
            head = carriageReturn
            break
          }
          head = buffer[carriageReturn + 1] == 0x0A ? carriageReturn + 2 : carriageReturn + 1
        } else if let newline {
          head = newline + 1
        } else {
          head = buffer.count
          break
        }
        inLine = false
      }
      switch headerLine(at: head) {
      case .header(let end): head = end
      case .partialHeader: inLine = true
      case .blank(let end):
        head = end
        state = .idle
        return
      case .notHeader:
        state = .idle
        return
      case .needMore:
        if isFinished {
          dropBuffer()
          state = .idle
          return
        }
        state = .discardingHeaders(inLine: false)
        return
      }
    }
    if isFinished {
      dropBuffer()
      state = .idle
      return
    }
    state = .discardingHeaders(inLine: true)
  }

  /// Classifies the line at `start` in a header block. A name longer than `maxHeaderSize` is not a header name.
  func headerLine(at start: Int) -> HeaderLine {
    guard start < buffer.count else { return .needMore }
    switch buffer[start] {
    case 0x0A: return .blank(end: start + 1)
    case 0x0D:
      guard start + 1 < buffer.count else { return isFinished ? .blank(end: start + 1) : .needMore }
      return .blank(end: buffer[start + 1] == 0x0A ? start + 2 : start + 1)
    default: break
    }
    var index = start
    while index < buffer.count && Self.isTokenByte(buffer[index]) {
      index += 1
      if index - start > limits.maxHeaderSize { return .notHeader }
    }
    guard index > start else { return .notHeader }
    while index < buffer.count && (buffer[index] == 0x20 || buffer[index] == 0x09) {
      index += 1
      if index - start > limits.maxHeaderSize { return .notHeader }
    }
    guard index < buffer.count else { return .needMore }  // at end of input, the caller decides
    guard buffer[index] == UInt8(ascii: ":") else { return .notHeader }
    let newline = buffer.newline(from: index)
    if let carriageReturn = buffer.carriageReturn(from: index, before: newline ?? buffer.count) {
      guard carriageReturn + 1 < buffer.count else { return isFinished ? .header(end: buffer.count) : .partialHeader }
      return .header(end: buffer[carriageReturn + 1] == 0x0A ? carriageReturn + 2 : carriageReturn + 1)
    }
    if let newline { return .header(end: newline + 1) }
    return .partialHeader
  }

  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"):
      return true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
      UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
      return true
    default: return false
    }
  }

  /// Drops the `length` body bytes at `head`, now and as they arrive; `report` makes the end of it a size error.
  private mutating func skipBody(length: Int, size: Int, report: Bool) {
    let available = min(length, buffer.count - head)
    head += available
    state = available == length ? .idle : .discardingBody(remaining: length - available, size: size, report: report)
  }
}

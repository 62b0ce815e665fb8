public import ContainerJSON
public import ContainerProtocol

/// Cuts a byte stream into JSON messages, detecting the framing of each message (Documentation/Protocol.md, "Framing").
///
/// A state machine in the style of NIO's decoders: `append(_:)` bytes as they arrive, then call `next()` until it
/// returns `nil` ("need more bytes"); at end of input call `finish()` and drain `next()` again. The outputs never
/// depend on how the stream was split into appends.
///
/// - Between messages, whitespace and UTF-8 byte order marks are skipped. The framing is then decided per message
///   from its first byte: `C`/`c` may start a header block (`Content-Length: N`, any header case and order, `\r\n`
///   or `\n` line ends; `MessageFraming+Headers.swift`), anything else a line (`MessageFraming+Lines.swift`).
/// - Lines: one JSON text per line (ended by `\n`, `\r\n` or a lone `\r`). A line that ends inside a JSON value is
///   continued by the next lines (pretty-printed input from a shell user; each byte is scanned once, and jansson runs
///   again only when the text may be complete), unless a line shows a new text began (the resync rules), and several
///   texts on one line are split.
/// - A header block switches framing only when well formed: header lines, a blank line, a `Content-Length`. A first
///   line that is not a header line is a line message; a block broken by a line that is not a header, cut off, too
///   long or without a length is one error framed as a line, and what follows it is read normally.
/// - A message over `maxMessageSize` is never held whole: once the limit is passed its bytes are dropped as
///   they arrive (a multi-line text up to the line where it ends), and one -32700 error is produced when it ends.
///   While discarding, `next()` drains the buffer, so it never holds more than one appended chunk (and a line of at
///   most the limit that may start a new text).
public struct MessageFramer: Sendable {
  /// What the framer produces.
  public enum Output: Sendable, Equatable {
    /// A parsed JSON text and the framing it came in.
    case message(JSONValue, Framing)
    /// Bytes that could not be read as a message: the error to answer with id `null`.
    case error(RPCError, Framing)
  }

  enum State: Sendable, Equatable {
    /// Between messages.
    case idle
    /// Inside a line message starting at `head`.
    case line(LineProgress)
    /// Dropping a line text that passed the limit, until the line where it ends.
    case dropping(Dropping)
    /// Inside a header block starting at `head`; its lines before `lineStart` (bytes from `head`) are header lines.
    case headers(lineStart: Int)
    /// Dropping a header block longer than `maxHeaderSize` (its error is already out), up to its blank line or to a
    /// line that is not a header; `inLine`: `head` is inside a header line, dropped up to its end.
    case discardingHeaders(inLine: Bool)
    /// Header block read; waiting for `length` body bytes at `head`.
    case body(length: Int)
    /// Dropping a body (over the limit, or after a bad header); `report` gives the size error at its end.
    case discardingBody(remaining: Int, size: Int, report: Bool)
  }

  /// How far a line message has been read.
  struct LineProgress: Sendable, Equatable {
    /// Bytes from `head` in complete lines already examined (a pretty-printed text's earlier lines).
    var tried = 0
    /// Bytes from `head` known to hold no line end past `tried`.
    var scanned = 0
    /// Grammar state of the text so far, once it is known to span lines.
    var scanner: TextScanner?
  }

  /// A line text over the size limit, being dropped.
  struct Dropping: Sendable, Equatable {
    /// The text's bytes dropped so far (before `head`).
    var size: Int
    /// Grammar state of those bytes.
    var scanner: TextScanner
    /// `head` is at the start of one of the text's lines (else inside a line known to continue the text).
    var atLineStart: Bool
    /// At a line start: bytes from `head` known to hold no line end (the line's decision awaits more).
    var scanned = 0
  }

  public var limits: ReadLimits
  var buffer: [UInt8] = []
  var head = 0
  var state = State.idle
  var isFinished = false
  /// The short strings of earlier messages (keys, method names), read again from the cache (`JSONStringCache`).
  var strings = JSONStringCache()

  public init(limits: ReadLimits = ReadLimits()) {
    self.limits = limits
  }

  /// Bytes held for messages not yet complete (for tests of the streaming limit).
  public var bufferedByteCount: Int { buffer.count - head }

  // MARK: - Input

  /// Adds bytes read from the stream.
  public mutating func append(_ bytes: UnsafeRawBufferPointer) {
    if head == buffer.count {
      buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
      head = 0
    } else if head > 65536 && head * 2 > buffer.count {
      buffer.removeSubrange(0..<head)
      head = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// Adds bytes read from the stream (a convenience for tests).
  public mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { append($0) }
  }

  /// Marks the end of input: what remains is read as a final message, or reported as truncated.
  public mutating func finish() {
    isFinished = true
  }

  // MARK: - Output

  /// The next message or error, or `nil` when more bytes are needed (or, after `finish()`, when all is read).
  public mutating func next() -> Output? {
    while true {
      switch state {
      case .idle:
        guard skipSeparators() else { return nil }
        guard head < buffer.count else { return nil }
        let first = buffer[head]
        state =
          first == UInt8(ascii: "C") || first == UInt8(ascii: "c") ? .headers(lineStart: 0) : .line(LineProgress())
      case .line(let progress):
        if let output = readLine(progress) { return output }
        if case .line = state { return nil }
      case .dropping(let dropping):
        if let output = drop(dropping) { return output }
        if case .dropping = state { return nil }
      case .headers(let lineStart):
        if let output = readHeaderBlock(lineStart: lineStart) { return output }
        if case .headers = state { return nil }
      case .discardingHeaders(let inLine):
        discardHeaders(inLine: inLine)
        if case .discardingHeaders = state { return nil }
      case .body(let length):
        guard buffer.count - head >= length else {
          guard isFinished else { return nil }
          let received = buffer.count - head
          dropBuffer()
          state = .idle
          return .error(.framingError("end of input after \(received) of \(length) body bytes"), .headers)
        }
        let start = head
        head += length
        state = .idle
        return parse(start..<head, framing: .headers)
      case .discardingBody(let remaining, let size, let report):
        let dropped = min(remaining, buffer.count - head)
        head += dropped
        guard dropped == remaining else {
          state = .discardingBody(remaining: remaining - dropped, size: size, report: report)
          guard isFinished else { return nil }
          state = .idle
          guard report else { return nil }
          return .error(
            .framingError(
              "end of input after \(size - remaining + dropped) of \(size) body bytes (over the size limit)"),
            .headers
          )
        }
        state = .idle
        if report { return .error(.messageTooLarge(size: size, limit: limits.maxMessageSize), .headers) }
      }
    }
  }

  /// Skips whitespace and UTF-8 byte order marks (EF BB BF) between messages; false when a byte order mark may be
  /// cut by the end of the buffer (more bytes decide).
  private mutating func skipSeparators() -> Bool {
    while head < buffer.count {
      let byte = buffer[head]
      if Self.isWhitespace(byte) {
        head += 1
      } else if byte == 0xEF {
        guard buffer.count - head >= 3 else { return isFinished }
        guard buffer[head + 1] == 0xBB && buffer[head + 2] == 0xBF else { return true }
        head += 3
      } else {
        return true
      }
    }
    return true
  }

  // MARK: - Helpers

  mutating func parse(_ range: Range<Int>, framing: Framing) -> Output {
    var strings = JSONStringCache()
    swap(&strings, &self.strings)
    defer { swap(&strings, &self.strings) }
    let maxDepth = limits.maxDepth
    let result = buffer.withUnsafeBytes { raw in
      Result { () throws(JSONParseError) in
        try JSONValue.parse(UnsafeRawBufferPointer(rebasing: raw[range]), maxDepth: maxDepth, strings: &strings)
      }
    }
    switch result {
    case .success(let value): return .message(value, framing)
    case .failure(let error): return .error(.parseError(error), framing)
    }
  }

  mutating func dropBuffer() {
    buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
    head = 0
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}

/// Cuts a byte stream into JSON messages, detecting the framing of each message (PROTOCOL.md §1).
///
/// A state machine in the style of NIO's decoders: `append(_:)` bytes as they arrive, then call `next()` until it
/// returns `nil` ("need more bytes"); at end of input call `finish()` and drain `next()` again.
///
/// - The framing is decided per message from its first non-whitespace byte: `C`/`c` starts a header block
///   (`Content-Length: N`, any header case and order, `\r\n` or `\n` line ends), anything else a line.
/// - Lines: one JSON text per `\n`-terminated line. A line that ends inside a JSON value is continued by the
///   next lines (pretty-printed input from a shell user; each byte is scanned once, and jansson runs again only when
///   the brackets balance), and several texts on one line are split.
/// - A message over `maxMessageSize` is never held whole: once the limit is passed its bytes are dropped as
///   they arrive (a multi-line text up to the line where its brackets balance), and one -32700 error is produced
///   when it ends. While discarding, `next()` drains the buffer, so it never holds more than one appended chunk.
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
    /// Dropping the rest of a first line that passed the limit; `size` bytes so far, its brackets in `scanner`.
    case discardingLine(size: Int, scanner: TextScanner)
    /// Dropping a multi-line text that passed the limit, until a line where its brackets balance.
    case discardingText(size: Int, scanner: TextScanner)
    /// Dropping a header block longer than `maxHeaderSize`, up to its blank line (its error is already out).
    case discardingHeaders
    /// Header block read; waiting for `length` body bytes at `head`.
    case body(length: Int)
    /// Dropping a body (over the limit, or after a bad header); `report` gives the size error at its end.
    case discardingBody(remaining: Int, size: Int, report: Bool)
  }

  /// How far a line message has been read.
  struct LineProgress: Sendable, Equatable {
    /// Bytes from `head` in complete lines already examined (a pretty-printed text's earlier lines).
    var tried = 0
    /// Bytes from `head` known to hold no newline past `tried`.
    var scanned = 0
    /// Bracket state of the text so far, once it is known to span lines.
    var scanner: TextScanner?
  }

  public var limits: ReadLimits
  var buffer: [UInt8] = []
  var head = 0
  var state = State.idle
  var isFinished = false
  /// Set after a header block whose body length is unknown: the JSON text that follows is its body, dropped.
  var skipUnframedBody = false

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
    reading: while true {
      switch state {
      case .idle:
        while head < buffer.count, Self.isWhitespace(buffer[head]) { head += 1 }
        guard head < buffer.count else { return nil }
        let first = buffer[head]
        if first == UInt8(ascii: "C") || first == UInt8(ascii: "c") {
          skipUnframedBody = false
          if let output = readHeaderBlock() { return output }
          if case .idle = state { return nil }  // incomplete header block
        } else {
          state = .line(LineProgress())
        }
      case .line(let progress):
        if let output = readLine(progress) { return output }
        if case .line = state { return nil }
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
      case .discardingLine(let size, var scanner):
        if let newline = buffer.newline(from: head) {
          scanner.scan(buffer, head..<newline + 1)
          let lineEnding = carriageReturn(before: newline)
          let dropped = size + newline - head
          head = newline + 1
          if !scanner.mayBeComplete && !(isFinished && head == buffer.count) {
            // The text goes on past its first line (pretty-printed): drop its lines up to where it may end.
            state = .discardingText(size: dropped + 1, scanner: scanner)
            continue reading
          }
          state = .idle
          let size = dropped - lineEnding
          if let output = unlessSkipped(.error(.messageTooLarge(size: size, limit: limits.maxMessageSize), .lines)) {
            return output
          }
          continue reading
        }
        scanner.scan(buffer, head..<buffer.count - (endsWithCarriageReturn ? 1 : 0))
        let total = size + dropBufferKeepingCarriageReturn()
        state = .discardingLine(size: total, scanner: scanner)
        guard isFinished else { return nil }
        state = .idle
        return unlessSkipped(.error(.messageTooLarge(size: total, limit: limits.maxMessageSize), .lines))
      case .discardingText(var size, var scanner):
        while let newline = buffer.newline(from: head) {
          scanner.scan(buffer, head..<newline + 1)
          if scanner.mayBeComplete {  // the text's last line: its line ending is not part of the text
            size += newline - head - carriageReturn(before: newline)
            head = newline + 1
            state = .idle
            if let output = unlessSkipped(.error(.messageTooLarge(size: size, limit: limits.maxMessageSize), .lines)) {
              return output
            }
            continue reading
          }
          size += newline + 1 - head
          head = newline + 1
        }
        scanner.scan(buffer, head..<buffer.count - (endsWithCarriageReturn ? 1 : 0))
        size += dropBufferKeepingCarriageReturn()
        state = .discardingText(size: size, scanner: scanner)
        guard isFinished else { return nil }
        state = .idle
        return unlessSkipped(.error(.messageTooLarge(size: size, limit: limits.maxMessageSize), .lines))
      case .discardingHeaders:
        if let (_, bodyStart) = buffer.blankLine(from: head, before: buffer.count) {
          head = bodyStart
          state = .idle
          skipUnframedBody = true
          continue
        }
        head = max(head, buffer.count - 2)  // a blank line may straddle two reads
        if isFinished {
          dropBuffer()
          state = .idle
        }
        return nil
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

  // MARK: - Helpers

  /// The output, or `nil` when it is the body of a header block whose length was unknown (already answered), whatever
  /// became of that body (parsed, over the size limit, cut off by end of input).
  mutating func unlessSkipped(_ output: Output) -> Output? {
    guard skipUnframedBody else { return output }
    skipUnframedBody = false
    return nil
  }

  func parse(_ range: Range<Int>, framing: Framing) -> Output {
    let result = buffer.withUnsafeBytes { raw in
      Result { () throws(JSONParseError) in
        try JSONValue.parse(UnsafeRawBufferPointer(rebasing: raw[range]), maxDepth: limits.maxDepth)
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

  /// Whether the last byte held (after `head`) is a `\r`, which a `\n` at the start of the next read would make a
  /// line ending rather than text.
  var endsWithCarriageReturn: Bool { buffer.count > head && buffer[buffer.count - 1] == UInt8(ascii: "\r") }

  /// Drops the buffer while discarding an oversized text, but keeps a last `\r` for the next read to decide about;
  /// returns the bytes dropped after `head` (the text's bytes so far), so that a size never depends on how reads
  /// split the text.
  mutating func dropBufferKeepingCarriageReturn() -> Int {
    let keep = endsWithCarriageReturn
    let dropped = buffer.count - head - (keep ? 1 : 0)
    dropBuffer()
    if keep { buffer.append(UInt8(ascii: "\r")) }
    return dropped
  }

  /// 1 if the `\n` at `newline` is preceded by a `\r` of the same message (at or after `head`), else 0.
  func carriageReturn(before newline: Int) -> Int {
    newline > head && buffer[newline - 1] == UInt8(ascii: "\r") ? 1 : 0
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}

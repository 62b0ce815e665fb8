#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The limits that apply while reading (PROTOCOL.md §1).
public struct ReadLimits: Sendable, Equatable {
  /// The largest message, in bytes, that is buffered and parsed; larger ones are discarded as they stream in.
  public var maxMessageSize: Int
  /// The deepest nesting of arrays and objects accepted (jansson itself stops at 2048).
  public var maxDepth: Int
  /// The largest header block of a `Content-Length` message.
  public var maxHeaderSize: Int

  public init(maxMessageSize: Int = 16 << 20, maxDepth: Int = 512, maxHeaderSize: Int = 8192) {
    self.maxMessageSize = maxMessageSize
    self.maxDepth = maxDepth
    self.maxHeaderSize = maxHeaderSize
  }
}

/// Cuts a byte stream into JSON messages, detecting the framing of each message (PROTOCOL.md §1).
///
/// A state machine in the style of NIO's decoders: `append(_:)` bytes as they arrive, then call `next()` until it
/// returns `nil` ("need more bytes"); at end of input call `finish()` and drain `next()` again.
///
/// - The framing is decided per message from its first non-whitespace byte: `C`/`c` starts a header block
///   (`Content-Length: N`, any header case and order, `\r\n` or `\n` line ends), anything else a line.
/// - Lines: one JSON text per `\n`-terminated line. A line that ends inside a JSON value is continued by the
///   next lines (pretty-printed input from a shell user), and several texts on one line are split.
/// - A message over `maxMessageSize` is never held whole: once the limit is passed its bytes are dropped as
///   they arrive, and one -32700 error is produced when it ends.
public struct MessageFramer: Sendable {
  /// What the framer produces.
  public enum Output: Sendable, Equatable {
    /// A parsed JSON text and the framing it came in.
    case message(JSONValue, Framing)
    /// Bytes that could not be read as a message: the error to answer with id `null`.
    case error(RPCError, Framing)
  }

  private enum State: Sendable, Equatable {
    /// Between messages.
    case idle
    /// Inside a line message starting at `head` (see `readLine(tried:scanned:)`).
    case line(tried: Int, scanned: Int)
    /// Dropping the rest of a line that passed the limit; `size` bytes so far.
    case discardingLine(size: Int)
    /// Header block read; waiting for `length` body bytes at `head`.
    case body(length: Int)
    /// Dropping a body (over the limit, or after a bad header); `report` gives the size error at its end.
    case discardingBody(remaining: Int, size: Int, report: Bool)
  }

  public var limits: ReadLimits
  private var buffer: [UInt8] = []
  private var head = 0
  private var state = State.idle
  private var pending: Output?
  private var isFinished = false

  public init(limits: ReadLimits = ReadLimits()) {
    self.limits = limits
  }

  /// Bytes held for messages not yet complete (for tests of the streaming limit).
  public var bufferedByteCount: Int { buffer.count - head }

  // MARK: - Input

  /// Adds bytes read from the stream.
  public mutating func append(_ bytes: UnsafeRawBufferPointer) {
    precondition(pending == nil, "drain next() before appending")
    var input = Slice(base: bytes, bounds: bytes.indices)
    switch state {
    case .discardingLine(let size):
      guard let newline = Self.newline(in: UnsafeRawBufferPointer(rebasing: input)).map({ input.startIndex + $0 })
      else {
        state = .discardingLine(size: size + input.count)
        return
      }
      pending = .error(
        .messageTooLarge(size: size + (newline - input.startIndex), limit: limits.maxMessageSize), .lines)
      state = .idle
      input = input[(newline + 1)...]
    case .discardingBody(let remaining, let size, let report):
      let dropped = min(remaining, input.count)
      input = input.dropFirst(dropped)
      guard dropped == remaining else {
        state = .discardingBody(remaining: remaining - dropped, size: size, report: report)
        return
      }
      if report { pending = .error(.messageTooLarge(size: size, limit: limits.maxMessageSize), .headers) }
      state = .idle
    default:
      break
    }
    if head == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      head = 0
    } else if head > 65536 && head * 2 > buffer.count {
      buffer.removeSubrange(0..<head)
      head = 0
    }
    buffer.append(contentsOf: input)
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
    if let output = pending {
      pending = nil
      return output
    }
    while true {
      switch state {
      case .idle:
        while head < buffer.count, Self.isWhitespace(buffer[head]) { head += 1 }
        guard head < buffer.count else { return nil }
        let first = buffer[head]
        if first == UInt8(ascii: "C") || first == UInt8(ascii: "c") {
          if let output = readHeaderBlock() { return output }
          if case .idle = state { return nil }  // incomplete header block
        } else {
          state = .line(tried: 0, scanned: 0)
        }
      case .line(let tried, let scanned):
        return readLine(tried: tried, scanned: scanned)
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
      case .discardingLine(let size):
        guard isFinished else { return nil }
        state = .idle
        return .error(.messageTooLarge(size: size, limit: limits.maxMessageSize), .lines)
      case .discardingBody(let remaining, let size, let report):
        guard isFinished else { return nil }
        state = .idle
        guard report else { return nil }
        return .error(
          .framingError("end of input after \(size - remaining) of \(size) body bytes (over the size limit)"),
          .headers
        )
      }
    }
  }

  // MARK: - Lines

  /// Reads a line message starting at `head`.
  ///
  /// - Parameters:
  ///   - tried: bytes from `head` already parsed without completing a value (whole lines of a pretty-printed text).
  ///   - scanned: bytes from `head` known to hold no newline past `tried`.
  private mutating func readLine(tried: Int, scanned: Int) -> Output? {
    var tried = tried
    while true {
      let lineEnd: Int
      let searchStart = head + max(tried, scanned)
      let found = buffer.withUnsafeBytes { Self.newline(in: UnsafeRawBufferPointer(rebasing: $0[searchStart...])) }
      if let found {
        lineEnd = searchStart + found + 1
      } else if isFinished && head + tried < buffer.count {
        lineEnd = buffer.count  // the last line has no newline
      } else {
        let size = buffer.count - head
        if size > limits.maxMessageSize {
          dropBuffer()
          state = .discardingLine(size: size)
          return nil
        }
        if isFinished {  // every line was tried and the text never completed
          dropBuffer()
          state = .idle
          let error = JSONParseError(kind: .prematureEnd, message: "input ended inside a JSON text", offset: size)
          return .error(.parseError(error), .lines)
        }
        state = .line(tried: tried, scanned: size)
        return nil
      }
      // The size of a line message is its text without the line's `\n`.
      let size = lineEnd - head - (buffer[lineEnd - 1] == UInt8(ascii: "\n") ? 1 : 0)
      if size > limits.maxMessageSize {
        head = lineEnd
        state = .idle
        return .error(.messageTooLarge(size: size, limit: limits.maxMessageSize), .lines)
      }
      let result = buffer.withUnsafeBytes { raw in
        Result { () throws(JSONParseError) in
          try JSONValue.parsePrefix(UnsafeRawBufferPointer(rebasing: raw[head..<lineEnd]), maxDepth: limits.maxDepth)
        }
      }
      switch result {
      case .success(let (value, length)):
        var end = head + length
        while end < lineEnd,
          buffer[end] == UInt8(ascii: " ") || buffer[end] == UInt8(ascii: "\t")
            || buffer[end] == UInt8(ascii: "\r")
        {
          end += 1
        }
        // Consume the newline too, unless another text follows on the same line.
        head = (end < lineEnd && buffer[end] == UInt8(ascii: "\n")) || end == lineEnd ? lineEnd : end
        state = .idle
        return .message(value, .lines)
      case .failure(let error)
      where error.kind == .prematureEnd && readsToEnd(error, lineEnd) && lineEnd < buffer.count:
        // The text goes on past this line (pretty-printed input): try again with the next line.
        tried = lineEnd - head
      case .failure(let error) where error.kind == .prematureEnd && readsToEnd(error, lineEnd) && !isFinished:
        tried = lineEnd - head
        state = .line(tried: tried, scanned: tried)
        return nil
      case .failure(let error):
        head = lineEnd
        state = .idle
        return .error(.parseError(error), .lines)
      }
    }
  }

  /// Whether jansson's "premature end" came from running out of bytes, rather than from a NUL byte (which jansson
  /// also reads as an end) before the end of the line.
  private func readsToEnd(_ error: JSONParseError, _ lineEnd: Int) -> Bool {
    !buffer[head..<lineEnd].contains(0)
  }

  // MARK: - Headers

  /// Reads a header block at `head`. Returns an error output, or `nil` with `state` set to `.body`/`.discardingBody`
  /// (or left `.idle` when the block is incomplete).
  private mutating func readHeaderBlock() -> Output? {
    guard let (blockEnd, bodyStart) = findBlankLine() else {
      if buffer.count - head > limits.maxHeaderSize || isFinished {
        let reason =
          isFinished
          ? "end of input inside a header block"
          : "header block longer than \(limits.maxHeaderSize) bytes without a blank line"
        dropBuffer()
        return .error(.framingError(reason), .headers)
      }
      return nil
    }
    let (length, error) = Self.parseHeaderBlock(buffer[head..<blockEnd])
    head = bodyStart
    guard let length else { return .error(error!, .headers) }
    if let error {
      skipBody(length: length, size: length, report: false)
      return .error(error, .headers)
    }
    if length > limits.maxMessageSize {
      skipBody(length: length, size: length, report: true)
      if case .idle = state { return .error(.messageTooLarge(size: length, limit: limits.maxMessageSize), .headers) }
      return nil
    }
    state = .body(length: length)
    return nil
  }

  /// Drops the `length` body bytes at `head`, now and as they arrive; `report` makes the end of it a size error.
  private mutating func skipBody(length: Int, size: Int, report: Bool) {
    let available = min(length, buffer.count - head)
    head += available
    state = available == length ? .idle : .discardingBody(remaining: length - available, size: size, report: report)
  }

  /// The end of the header lines and the start of the body, if the blank line has arrived.
  private func findBlankLine() -> (Int, Int)? {
    var index = head
    let limit = min(buffer.count, head + limits.maxHeaderSize + 4)
    while index < limit {
      if buffer[index] == UInt8(ascii: "\n") {
        if index + 1 < buffer.count && buffer[index + 1] == UInt8(ascii: "\n") { return (index, index + 2) }
        if index + 2 < buffer.count && buffer[index + 1] == UInt8(ascii: "\r")
          && buffer[index + 2] == UInt8(ascii: "\n")
        {
          return (index, index + 3)
        }
      }
      index += 1
    }
    return nil
  }

  /// Parses header lines: `Content-Length` is required; `Content-Type` may name charset utf-8 (or the old
  /// `utf8`); other headers are ignored.
  ///
  /// - Returns: the body length when it could be read (even if another header is wrong, so the body can be
  ///   skipped), and the error, if any.
  static func parseHeaderBlock(_ bytes: ArraySlice<UInt8>) -> (length: Int?, error: RPCError?) {
    var length: Int?
    var error: RPCError?
    for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
      let lineBytes = rawLine.last == UInt8(ascii: "\r") ? rawLine.dropLast() : rawLine
      if lineBytes.isEmpty { continue }
      let line = String(decoding: lineBytes, as: UTF8.self)
      guard let colon = line.firstIndex(of: ":") else {
        error = error ?? .framingError("malformed header line \"\(line.prefix(80))\"")
        continue
      }
      let name = line[..<colon].trimmingWhitespace().lowercased()
      let value = line[line.index(after: colon)...].trimmingWhitespace()
      switch name {
      case "content-length":
        if !value.isEmpty, value.count <= 18, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
          let parsed = Int(value)
        {
          length = parsed
        } else {
          error = error ?? .framingError("invalid Content-Length \"\(value.prefix(40))\"")
        }
      case "content-type":
        for parameter in value.split(separator: ";").dropFirst() {
          let pair = parameter.split(separator: "=", maxSplits: 1)
          guard pair.count == 2, pair[0].trimmingWhitespace().lowercased() == "charset" else { continue }
          let charset = pair[1].trimmingWhitespace().lowercased().filter { $0 != "\"" }
          if charset != "utf-8" && charset != "utf8" {
            error = error ?? .framingError("unsupported charset \"\(charset)\" (only utf-8)")
          }
        }
      default:
        continue
      }
    }
    if length == nil && error == nil { error = .framingError("header block without Content-Length") }
    return (length, error)
  }

  // MARK: - Helpers

  private func parse(_ range: Range<Int>, framing: Framing) -> Output {
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

  private mutating func dropBuffer() {
    buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
    head = 0
  }

  /// The offset of the first `\n` in `bytes` (memchr: fast even in debug builds, which tests run).
  private static func newline(in bytes: UnsafeRawBufferPointer) -> Int? {
    guard let base = bytes.baseAddress, !bytes.isEmpty,
      let found = memchr(base, 0x0A, bytes.count)
    else { return nil }
    return UnsafeRawPointer(found) - base
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  func trimmingWhitespace() -> String {
    var slice = Substring(self)
    while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
    while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
    return String(slice)
  }
}

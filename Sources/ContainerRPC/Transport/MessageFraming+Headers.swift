/// Headers framing (LSP base protocol, PROTOCOL.md §1): a header block, a blank line, then `Content-Length` bytes.
extension MessageFramer {
  /// Reads a header block at `head`. Returns an error output, or `nil` with `state` set to `.body`/`.discardingBody`
  /// (or left `.idle` when the block is incomplete).
  mutating func readHeaderBlock() -> Output? {
    guard
      let (blockEnd, bodyStart) = buffer.blankLine(
        from: head, before: min(buffer.count, head + limits.maxHeaderSize + 4))
    else {
      if isFinished {
        dropBuffer()
        return .error(.framingError("end of input inside a header block"), .headers)
      }
      // A blank line whose first `\n` is within the window (before head + maxHeaderSize + 4) is complete two bytes
      // later (`\n\r\n`): the block is too long only once those bytes are here too, so that the answer never
      // depends on where a read ended.
      if buffer.count - head >= limits.maxHeaderSize + 6 {
        state = .discardingHeaders
        return .error(
          .framingError("header block longer than \(limits.maxHeaderSize) bytes without a blank line"), .headers)
      }
      return nil
    }
    let (length, error) = HeaderBlock.parse(buffer[head..<blockEnd])
    head = bodyStart
    guard let length else {
      // Without a length the body cannot be framed: the JSON text that follows is taken as it and dropped, so a
      // request whose headers were refused never runs.
      skipUnframedBody = true
      return .error(error!, .headers)
    }
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
  mutating func skipBody(length: Int, size: Int, report: Bool) {
    let available = min(length, buffer.count - head)
    head += available
    state = available == length ? .idle : .discardingBody(remaining: length - available, size: size, report: report)
  }
}

import ContainerJSON
import ContainerProtocol

/// Lines framing (NDJSON, Documentation/Protocol.md, "Lines"): one JSON text per line, pretty-printed texts over
/// several lines, and the resync rules that end a pending text when a line shows a new one began
/// (Documentation/Protocol.md, "Resync").
///
/// A line ends at `\n`, at `\r\n`, or at a lone `\r`. A `\r` ends its line at once, whatever follows: a `\n` right
/// after it is then an empty line, which changes nothing (between messages it is skipped, inside a text it is
/// whitespace), so no answer waits for the byte after a `\r` and none depends on how reads split `\r\n`.
extension MessageFramer {
  /// What a line does to the text pending before it.
  enum Continuation {
    /// The line continues the text.
    case continues
    /// The line begins a new text: the pending one ends, incomplete, before it.
    case newText
    /// More bytes decide.
    case needMore
  }

  /// Reads a line message starting at `head`: returns an output, or `nil` with `state` saying what is awaited.
  mutating func readLine(_ start: LineProgress) -> Output? {
    var progress = start
    while true {
      let lineStart = head + progress.tried
      if let scanner = progress.scanner {
        // A pending text: does the next line continue it?
        if lineStart == buffer.count && isFinished {
          dropBuffer()
          state = .idle
          let error = JSONParseError(
            kind: .prematureEnd, message: "input ended inside a JSON text", offset: progress.tried)
          return .error(.parseError(error), .lines)
        }
        switch continuation(at: lineStart, after: scanner, searchFrom: head + progress.scanned) {
        case .needMore:
          if buffer.count - head > limits.maxMessageSize {
            // Over the limit: drop the complete lines, keep the line whose start is undecided.
            let scanned = buffer.count - lineStart
            head = lineStart
            state = .dropping(Dropping(size: progress.tried, scanner: scanner, atLineStart: true, scanned: scanned))
            return nil
          }
          progress.scanned = buffer.count - head  // no line end yet in this line
          state = .line(progress)
          return nil
        case .newText:
          let size = progress.tried - scanner.trailingWhitespace
          head = lineStart
          state = .idle
          let error = JSONParseError(
            kind: .prematureEnd, message: "a new text began on the next line before this one was complete",
            offset: size)
          return .error(.parseError(error), .lines)
        case .continues:
          break
        }
      }
      let lineEnd: Int
      if let end = buffer.lineEnd(from: max(lineStart, head + progress.scanned)) {
        lineEnd = end + 1
      } else if isFinished && lineStart < buffer.count {
        lineEnd = buffer.count  // the last line has no line end
      } else {
        if buffer.count - head > limits.maxMessageSize {
          // Over the limit inside a line: drop the text's bytes as they arrive, following its grammar.
          let scanner = progress.scanner ?? TextScanner()
          head = lineStart
          state = .dropping(Dropping(size: progress.tried, scanner: scanner, atLineStart: false, scanned: 0))
          return nil
        }
        progress.scanned = buffer.count - head
        state = .line(progress)
        return nil
      }
      progress.scanned = 0
      let isLastLine = isFinished && lineEnd == buffer.count
      if progress.scanner != nil {
        // A continued text: parse again only when this line may have completed it. The scanner is updated in place:
        // a copy per line would copy its bracket bits per line, quadratic for a deep text spread over many lines.
        progress.scanner!.scan(buffer, lineStart..<lineEnd)
        let scanner = progress.scanner!
        if buffer.textSize(head..<lineEnd) > limits.maxMessageSize {
          return overLimit(lineEnd: lineEnd, scanner: scanner, isLastLine: isLastLine)
        }
        if !scanner.mayBeComplete && !isLastLine {
          progress.tried = lineEnd - head
          continue
        }
      } else if buffer.textSize(head..<lineEnd) > limits.maxMessageSize {
        // A first line over the limit: if it leaves its text open, the text goes on (pretty-printed), and its next
        // lines are dropped with it, so none of an oversized batch's elements runs.
        var scanner = TextScanner()
        scanner.scan(buffer, head..<lineEnd)
        return overLimit(lineEnd: lineEnd, scanner: scanner, isLastLine: isLastLine)
      }
      // The cache is moved out for the parse (and back), so that it is mutated in place while the buffer is read.
      var strings = JSONStringCache()
      swap(&strings, &self.strings)
      let maxDepth = limits.maxDepth
      let start = head
      let result = buffer.withUnsafeBytes { raw in
        Result { () throws(JSONParseError) in
          try JSONValue.parsePrefix(
            UnsafeRawBufferPointer(rebasing: raw[start..<lineEnd]), maxDepth: maxDepth, strings: &strings)
        }
      }
      swap(&strings, &self.strings)
      switch result {
      case .success(let (value, length)):
        var end = head + length
        while end < lineEnd && (buffer[end] == UInt8(ascii: " ") || buffer[end] == UInt8(ascii: "\t")) { end += 1 }
        // Consume the line end too, unless another text follows on the same line.
        head = end == lineEnd || buffer[end] == 0x0A || buffer[end] == 0x0D ? lineEnd : end
        state = .idle
        return .message(value, .lines)
      case .failure(let error)
      where error.kind == .prematureEnd && !isLastLine && progress.scanner == nil
        && !buffer.containsNUL(head..<lineEnd):
        // The text goes on past its first line (pretty-printed input): read on, following its grammar.
        var scanner = TextScanner()
        scanner.scan(buffer, head..<lineEnd)
        guard !scanner.mayBeComplete else {
          head = lineEnd
          state = .idle
          return .error(.parseError(error), .lines)
        }
        progress.scanner = scanner
        progress.tried = lineEnd - head
      case .failure(let error):
        head = lineEnd
        state = .idle
        return .error(.parseError(error), .lines)
      }
    }
  }

  /// A text whose lines up to `lineEnd` (from `head`) pass the limit: one error if it ends on that line, else its
  /// next lines are dropped as they arrive.
  private mutating func overLimit(lineEnd: Int, scanner: TextScanner, isLastLine: Bool) -> Output? {
    if scanner.mayBeComplete || isLastLine {
      let size = buffer.textSize(head..<lineEnd)
      head = lineEnd
      state = .idle
      return .error(.messageTooLarge(size: size, limit: limits.maxMessageSize), .lines)
    }
    state = .dropping(Dropping(size: lineEnd - head, scanner: scanner, atLineStart: true, scanned: 0))
    head = lineEnd
    return nil
  }

  /// Drops a text over the limit as it streams in, up to the line where it ends (its grammar says so, or the next
  /// line begins a new text), then answers one size error.
  mutating func drop(_ start: Dropping) -> Output? {
    var dropping = start
    while true {
      if dropping.atLineStart {
        if head == buffer.count && isFinished {
          state = .idle
          return .error(.messageTooLarge(size: dropping.size, limit: limits.maxMessageSize), .lines)
        }
        switch continuation(at: head, after: dropping.scanner, searchFrom: head + dropping.scanned) {
        case .needMore:
          if buffer.count - head <= limits.maxMessageSize {
            dropping.scanned = buffer.count - head  // no line end yet in this line
            state = .dropping(dropping)
            return nil
          }
          dropping.atLineStart = false  // cannot happen (the line's decision needs at most the limit); defensive
        case .newText:
          state = .idle
          let size = dropping.size - dropping.scanner.trailingWhitespace
          return .error(.messageTooLarge(size: size, limit: limits.maxMessageSize), .lines)
        case .continues:
          dropping.atLineStart = false
        }
        dropping.scanned = 0
      }
      if let end = buffer.lineEnd(from: head) {
        dropping.scanner.scan(buffer, head..<end + 1)
        if dropping.scanner.mayBeComplete || (isFinished && end + 1 == buffer.count) {
          let size = dropping.size + end - head  // the last line's end is not part of the text
          head = end + 1
          state = .idle
          return .error(.messageTooLarge(size: size, limit: limits.maxMessageSize), .lines)
        }
        dropping.size += end + 1 - head
        head = end + 1
        dropping.atLineStart = true
        continue
      }
      dropping.scanner.scan(buffer, head..<buffer.count)
      dropping.size += buffer.count - head
      dropBuffer()
      guard isFinished else {
        state = .dropping(dropping)
        return nil
      }
      state = .idle
      return .error(.messageTooLarge(size: dropping.size, limit: limits.maxMessageSize), .lines)
    }
  }

  /// Whether the line starting at `start` continues a pending text in the state `scanner` describes, or begins a new
  /// text (the resync rules, Documentation/Protocol.md):
  /// 1. its first byte after spaces and tabs is `{` or `[` where the pending text cannot take a value (after a value,
  ///    or where a key or `:` is due): no valid text continues that way;
  /// 2. it starts at column 0 with `{` or `[` and begins with one complete array or object, followed by nothing (spaces
  ///    or tabs) or by another text (not `,`, `]` or `}`): pretty-printers indent what they nest, so such a line is a
  ///    new message.
  /// A line whose indentation, or whose own size in rule 2, passes the size limit continues the text, so the decision
  /// never needs more than the limit's worth of one line.
  /// `searchFrom`: no line end is before it (a hint from earlier calls, so a line arriving in many reads is searched
  /// once).
  func continuation(at start: Int, after scanner: TextScanner, searchFrom: Int) -> Continuation {
    var index = start
    while index < buffer.count && (buffer[index] == 0x20 || buffer[index] == 0x09) {
      index += 1
      if index - start > limits.maxMessageSize { return .continues }
    }
    guard index < buffer.count else { return isFinished ? .continues : .needMore }
    let byte = buffer[index]
    guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") else { return .continues }
    guard scanner.takesValue else { return .newText }
    guard index == start else { return .continues }
    let end: Int
    if let lineEnd = buffer.lineEnd(from: max(start, searchFrom)) {
      end = lineEnd
    } else if isFinished || buffer.count - start > limits.maxMessageSize {
      end = buffer.count
    } else {
      return .needMore
    }
    guard end - start <= limits.maxMessageSize else { return .continues }
    return TextScanner.beginsWithCompleteText(buffer, start..<end) ? .newText : .continues
  }
}

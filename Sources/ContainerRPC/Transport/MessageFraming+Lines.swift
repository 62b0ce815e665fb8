/// Lines framing (NDJSON, PROTOCOL.md §1): one JSON text per line, pretty-printed texts over several lines.
extension MessageFramer {
  /// Reads a line message starting at `head`: returns an output, or `nil` with `state` saying what is awaited
  /// (or `.idle` after a dropped unframed body).
  mutating func readLine(_ start: LineProgress) -> Output? {
    var progress = start
    while true {
      let lineEnd: Int
      if let newline = buffer.newline(from: head + max(progress.tried, progress.scanned)) {
        lineEnd = newline + 1
      } else if isFinished && head + progress.tried < buffer.count {
        lineEnd = buffer.count  // the last line has no newline
      } else {
        let size = buffer.count - head
        if size > limits.maxMessageSize {
          let scanEnd = buffer.count - (endsWithCarriageReturn ? 1 : 0)
          if var scanner = progress.scanner {
            scanner.scan(buffer, (head + progress.tried)..<scanEnd)
            state = .discardingText(size: dropBufferKeepingCarriageReturn(), scanner: scanner)
          } else {
            var scanner = TextScanner()
            scanner.scan(buffer, head..<scanEnd)
            state = .discardingLine(size: dropBufferKeepingCarriageReturn(), scanner: scanner)
          }
          return nil
        }
        if isFinished {  // every line was tried and the text never completed
          dropBuffer()
          state = .idle
          let error = JSONParseError(kind: .prematureEnd, message: "input ended inside a JSON text", offset: size)
          return unlessSkipped(.error(.parseError(error), .lines))
        }
        progress.scanned = size
        state = .line(progress)
        return nil
      }
      let isLastLine = isFinished && lineEnd == buffer.count
      if progress.scanner != nil {
        // A continued text: parse again only when this line may have completed it. The scanner is updated in place:
        // a copy per line would copy its bracket bits per line, quadratic for a deep text spread over many lines.
        progress.scanner!.scan(buffer, (head + progress.tried)..<lineEnd)
        let scanner = progress.scanner!
        if !scanner.mayBeComplete && !isLastLine {
          progress.tried = lineEnd - head
          if buffer.textSize(head..<lineEnd) > limits.maxMessageSize {
            head = lineEnd
            state = .discardingText(size: progress.tried, scanner: scanner)
            return nil
          }
          if lineEnd == buffer.count {
            progress.scanned = progress.tried
            state = .line(progress)
            return nil
          }
          continue
        }
      }
      let size = buffer.textSize(head..<lineEnd)
      if size > limits.maxMessageSize {
        if progress.scanner == nil && !isLastLine {
          // A first line over the limit: if its brackets are still open, the text goes on (pretty-printed), and its
          // next lines are dropped with it, so none of an oversized batch's elements runs.
          var scanner = TextScanner()
          scanner.scan(buffer, head..<lineEnd)
          if !scanner.mayBeComplete {
            state = .discardingText(size: lineEnd - head, scanner: scanner)
            head = lineEnd
            return nil
          }
        }
        head = lineEnd
        state = .idle
        return unlessSkipped(.error(.messageTooLarge(size: size, limit: limits.maxMessageSize), .lines))
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
          buffer[end] == UInt8(ascii: " ") || buffer[end] == UInt8(ascii: "\t") || buffer[end] == UInt8(ascii: "\r")
        {
          end += 1
        }
        // Consume the newline too, unless another text follows on the same line.
        head = (end < lineEnd && buffer[end] == UInt8(ascii: "\n")) || end == lineEnd ? lineEnd : end
        state = .idle
        return unlessSkipped(.message(value, .lines))
      case .failure(let error) where error.kind == .prematureEnd && !isLastLine && !buffer.containsNUL(head..<lineEnd):
        // The text goes on past this line (pretty-printed input): read on, scanning its brackets.
        if progress.scanner == nil {
          var scanner = TextScanner()
          scanner.scan(buffer, head..<lineEnd)
          progress.scanner = scanner
        }
        progress.tried = lineEnd - head
        if lineEnd == buffer.count {
          progress.scanned = progress.tried
          state = .line(progress)
          return nil
        }
      case .failure(let error):
        head = lineEnd
        state = .idle
        return unlessSkipped(.error(.parseError(error), .lines))
      }
    }
  }
}

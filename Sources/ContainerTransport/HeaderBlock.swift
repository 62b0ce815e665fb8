import ContainerJSON
import ContainerProtocol

/// The header block of a `Content-Length` message (LSP base protocol), parsed leniently (Documentation/Protocol.md).
enum HeaderBlock {
  /// Parses header lines: `Content-Length` is required; `Content-Type` may name charset utf-8 (or the old
  /// `utf8`); other headers are ignored.
  ///
  /// - Returns: the body length when it could be read (even if another header is wrong, so the body can be
  ///   skipped), and the error, if any.
  static func parse(_ bytes: ArraySlice<UInt8>) -> (length: Int?, error: RPCError?) {
    var length: Int?
    var error: RPCError?
    for lineBytes in bytes.split(omittingEmptySubsequences: true, whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
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

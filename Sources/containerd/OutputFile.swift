#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file a subcommand writes at its end (`record --output`, `check --junit`): checked before any work, so that a
/// session or a run is never lost to a path that cannot take it, and then written whole or not at all.
enum OutputFile {
  /// Why `path` cannot be written, or nil when it can: its directory is missing, is not a directory or takes no new
  /// file; the path names a directory; the file is read-only (no write permission bit: refused even for root, who
  /// could write it, since such a file says "do not overwrite").
  static func problem(_ path: String) -> String? {
    guard !path.isEmpty else { return "the path is empty" }
    var status = stat()
    if stat(path, &status) == 0 {
      let kind = status.st_mode & S_IFMT
      if kind == S_IFDIR { return "it is a directory (give a file path)" }
      if kind == S_IFREG && status.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) == 0 {
        return "the file is read-only"
      }
      if access(path, W_OK) != 0 { return "the file is not writable (\(reason(errno)))" }
      if kind != S_IFREG { return nil }  // a device or a pipe is written in place
    } else if errno != ENOENT {
      return reason(errno)
    } else if path.hasSuffix("/") {
      return "no such directory"
    }
    let directory = directoryName(path)
    guard stat(directory, &status) == 0 else {
      return errno == ENOENT ? "the directory \(directory) does not exist" : "\(directory): \(reason(errno))"
    }
    guard status.st_mode & S_IFMT == S_IFDIR else { return "\(directory) is not a directory" }
    if access(directory, W_OK | X_OK) != 0 {
      return "cannot create a file in \(directory) (\(reason(errno)))"
    }
    return nil
  }

  /// Writes `text` to `path` whole: a regular file (or a new one) through a temporary file in the same directory,
  /// renamed over it (keeping the old file's permissions), so a reader never sees half a file; a device or a pipe
  /// (`/dev/stdout`) in place.
  static func write(_ text: String, to path: String) throws(WriteError) {
    let bytes = Array(text.utf8)
    var status = stat()
    let exists = stat(path, &status) == 0
    if exists && status.st_mode & S_IFMT != S_IFREG {
      let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
      guard fd >= 0 else { throw WriteError(reason: reason(errno)) }
      defer { close(fd) }
      try writeAll(bytes, to: fd)
      return
    }
    let directory = directoryName(path)
    var template = Array((directory + "/.containerd-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw WriteError(reason: reason(errno)) }
    let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var failure: WriteError?
    do { try writeAll(bytes, to: fd) } catch { failure = error }
    let mask = umask(0)
    umask(mask)
    let mode = exists ? status.st_mode & 0o7777 : 0o666 & ~mask
    if failure == nil && (fchmod(fd, mode) != 0 || fsync(fd) != 0) { failure = WriteError(reason: reason(errno)) }
    close(fd)
    if failure == nil && rename(temporary, path) != 0 { failure = WriteError(reason: reason(errno)) }
    if let failure {
      unlink(temporary)
      throw failure
    }
  }

  /// Writes `text` to stdout whole (`trace` without `-o`); a full disk or a closed pipe is a ``WriteError``.
  static func writeStandardOutput(_ text: String) throws(WriteError) {
    try writeAll(Array(text.utf8), to: STDOUT_FILENO)
  }

  /// A write that failed, with the system's reason.
  struct WriteError: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
  }

  private static func writeAll(_ bytes: [UInt8], to fd: Int32) throws(WriteError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { raw in
        #if canImport(Glibc)
          Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
        #else
          Darwin.write(fd, raw.baseAddress! + offset, raw.count - offset)
        #endif
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw WriteError(reason: reason(errno))
      }
      offset += written
    }
  }

  /// The directory part of `path` (`.` for a bare name).
  static func directoryName(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let directory = String(path[..<slash])
    return directory.isEmpty ? "/" : directory
  }

  static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

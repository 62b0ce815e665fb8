#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few system services the subcommands need (stderr, reading files, directories, threads, a lock), straight on
/// the C library. The executable links no Foundation (only FoundationEssentials, which swift-argument-parser
/// brings, without ICU): Foundation's libraries cost a few milliseconds of loading and relocation at every start,
/// several times the whole cold start of a C program (Documentation/Benchmarks.md, "Issue 26: cold start without
/// Foundation").
enum SystemIO {
  /// Writes `text` to stderr whole (a message of `check`, `trace`, `reference`); a stderr that cannot take it is
  /// ignored, as nothing is left to tell.
  static func writeStandardError(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { raw in write(STDERR_FILENO, raw.baseAddress! + offset, raw.count - offset) }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
  }

  /// A regular file's bytes; the error is the system's reason ("No such file or directory"). Anything else (a
  /// device such as /dev/zero, a pipe such as /dev/fd/63) is refused as "Permission denied", as Foundation's
  /// `Data(contentsOf:)` refused it: `check` reads files, and stdin as `-`.
  static func contents(ofFile path: String) throws(SystemError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw SystemError(code: errno) }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0 else { throw SystemError(code: errno) }
    guard status.st_mode & S_IFMT == S_IFREG else { throw SystemError(code: EACCES) }
    return try readToEnd(fd)
  }

  /// Everything left on `fd` up to its end.
  static func readToEnd(_ fd: Int32) throws(SystemError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = read(fd, &chunk, chunk.count)
      if count > 0 {
        bytes += chunk[..<count]
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        throw SystemError(code: errno)
      }
    }
  }

  /// UTF-8 text, a leading byte order mark left out (as Foundation's `String(data:encoding: .utf8)` reads it), or
  /// nil when the bytes are not UTF-8.
  static func utf8Text(_ bytes: [UInt8]) -> String? {
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
    let text = String(decoding: body, as: UTF8.self)
    // Decoding replaces each ill-formed sequence with U+FFFD, so the text's bytes differ exactly when it is not UTF-8.
    return text.utf8.elementsEqual(body) ? text : nil
  }

  /// Whether `path` names a directory (following symbolic links); false when it names nothing.
  static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  /// Whether `path` names something that is not a directory (following symbolic links).
  static func isNonDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFDIR
  }

  /// The names in a directory (`.` and `..` left out), in the order the system lists them.
  static func directoryEntries(_ path: String) throws(SystemError) -> [String] {
    guard let directory = opendir(path) else { throw SystemError(code: errno) }
    defer { closedir(directory) }
    var names: [String] = []
    while true {
      errno = 0
      guard let entry = readdir(directory) else {
        if errno != 0 { throw SystemError(code: errno) }
        return names
      }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
  }

  /// Ends the process with `status` (atexit handlers run, stdio flushed).
  static func exit(_ status: Int32) -> Never {
    #if canImport(Glibc)
      Glibc.exit(status)
    #else
      Darwin.exit(status)
    #endif
  }

  /// Seconds on the wall clock since 2001-01-01 (Foundation's reference date), for durations.
  static func wallClock() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Double(now.tv_sec) - 978_307_200 + Double(now.tv_nsec) / 1e9
  }

  /// Runs `body` on a new thread; `join` waits for it.
  static func startThread(_ body: @escaping @Sendable () -> Void) -> JoinableThread? {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t? = nil
    #else
      var thread = pthread_t()
    #endif
    let started = pthread_create(
      &thread, nil,
      { context in
        #if canImport(Darwin)
          let context: UnsafeMutableRawPointer? = context
        #endif
        Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
        return nil
      }, context)
    guard started == 0 else {
      Unmanaged<ThreadBody>.fromOpaque(context).release()
      return nil
    }
    #if canImport(Darwin)
      return thread.map(JoinableThread.init)
    #else
      return JoinableThread(thread: thread)
    #endif
  }

  /// A thread `startThread` started.
  struct JoinableThread {
    var thread: pthread_t

    func join() { pthread_join(thread, nil) }
  }

  private final class ThreadBody {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }

  /// A system call's failure, in the system's words (`strerror`).
  struct SystemError: Error, CustomStringConvertible {
    var code: Int32
    var description: String { String(cString: strerror(code)) }
  }
}

/// A mutex with a condition variable (pthreads): `lock`/`unlock` around shared state, `wait` until another thread
/// `broadcast`s a change.
final class ConditionLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  func lock() { pthread_mutex_lock(mutex) }
  func unlock() { pthread_mutex_unlock(mutex) }
  /// Unlocks, sleeps until a `broadcast`, and locks again (call it locked, in a loop over the awaited condition).
  func wait() { pthread_cond_wait(condition, mutex) }
  func broadcast() { pthread_cond_broadcast(condition) }
}

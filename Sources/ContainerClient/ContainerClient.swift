@_exported public import ContainerEngine
@_exported public import ContainerJSON
@_exported public import ContainerProtocol
import Foundation

/// A client of the containerd daemon: starts it (or attaches to `containerd serve --listen unix:PATH`), sends typed
/// calls, and hands back each call's result together with the events of its turn.
///
/// ```swift
/// let client = try await ContainerClient.launch()
/// _ = try await client.call(WindowCreateParams(id: "win"))
/// _ = try await client.call(ControllerCreateParams(id: "parent"))
/// let shown = try await client.call(WindowSetRootParams(window: "win", controller: "parent"))
/// #expect(shown.events.lifecycle(of: "parent") == [
///   .loadView, .viewDidLoad, .viewWillAppear(animated: false), .viewIsAppearing(animated: false),
///   .viewDidAppear(animated: false),
/// ])
/// await client.close()
/// ```
///
/// Events are attributed to the call whose turn produced them by their `request` member; from a daemon that does not
/// write it, by order (the daemon writes a turn's events before the turn's reply, so the events read after one reply
/// and up to the next belong to the next call). Every event also goes to each stream made by `events()`.
public actor ContainerClient {
  /// A call waiting for its reply.
  private struct Pending {
    var method: String
    var events: [ContainerEvent] = []
    /// The ids of a batch's calls (empty: a single call).
    var batchIDs: [Int64] = []
    var continuation: CheckedContinuation<(JSONValue, [ContainerEvent]), any Error>
  }

  let wire: Wire
  private let daemon: DaemonProcess?
  /// What is connected: the binary's path or `unix:PATH`.
  public nonisolated let endpoint: String
  private var nextID: Int64 = 0
  private var pending: [Int64: Pending] = [:]
  /// The calls in the order they were sent (their first id), for attributing events by order.
  private var order: [Int64] = []
  /// A batch call's id → the batch's first id.
  private var batchOf: [Int64: Int64] = [:]
  private var streams: [UUID: AsyncStream<ContainerEvent>.Continuation] = [:]
  private var closedReason: ContainerClientError?
  /// How long a call waits for its reply.
  public var timeout: Double
  /// `daemon/info` as the daemon answered the proof.
  public internal(set) var info: DaemonInfo?

  init(wire: Wire, daemon: DaemonProcess?, endpoint: String, timeout: Double) {
    self.wire = wire
    self.daemon = daemon
    self.endpoint = endpoint
    self.timeout = timeout
  }

  // MARK: - Calls

  /// Sends `request` as one turn and waits for its reply.
  ///
  /// - Returns: the typed result and the events of the call's turn.
  /// - Throws: `ContainerRPCError` for an error reply (code, message, UIKit exception and reason);
  ///   `ContainerClientError` when the connection fails, the reply does not come within `timeout` or does not have
  ///   the result's shape.
  public func call<Request: ContainerRequest>(_ request: Request, timeout: Double? = nil) async throws -> Reply<
    Request.Response
  > {
    let id = allocateID()
    let message = Self.request(id: id, method: request.wireMethod, params: request.wireParams)
    let (result, events) = try await send(message, ids: [id], method: request.wireMethod, timeout: timeout)
    return Reply(id: id, result: try request.response(from: result), events: events)
  }

  /// Sends any method with JSON params (the escape hatch for methods without a typed request).
  public func call(_ method: String, params: JSONValue? = nil, timeout: Double? = nil) async throws -> Reply<JSONValue>
  {
    try await call(RawRequest(method, params: params), timeout: timeout)
  }

  /// Sends `request` as a notification: no reply, no error. Its events go to the event streams (and, from a daemon
  /// that does not write `request`, they are attributed to the next call sent).
  public func notify<Request: ContainerRequest>(_ request: Request) throws {
    try checkOpen()
    let message = Self.request(id: nil, method: request.wireMethod, params: request.wireParams)
    try wire.write(Self.line(message))
  }

  /// Sends `calls` as one batch: one run-loop turn, in which each call sees the work the earlier ones deferred (as
  /// code inside one UIKit callback would).
  ///
  /// ```swift
  /// let reply = try await client.batch {
  ///   ContainmentAddChildParams(parent: "container", child: "child")
  ///   ViewAddSubviewParams(superview: "container.view", view: "child.view")
  ///   ContainmentDidMoveParams(child: "child", parent: "container")
  /// }
  /// ```
  ///
  /// - Returns: each call's result or error, and the events of the turn (each also by call, `BatchReply.events(of:)`,
  ///   when the daemon writes `request`).
  public func batch(
    timeout: Double? = nil, @BatchBuilder _ calls: () -> [any ContainerRequest]
  ) async throws -> BatchReply {
    try await batch(calls(), timeout: timeout)
  }

  /// Sends `calls` as one batch (see `batch(timeout:_:)`).
  public func batch(_ calls: [any ContainerRequest], timeout: Double? = nil) async throws -> BatchReply {
    precondition(!calls.isEmpty, "a batch holds at least one call")
    let ids = calls.map { _ in allocateID() }
    let messages = zip(ids, calls).map { id, call in
      Self.request(id: id, method: call.wireMethod, params: call.wireParams)
    }
    let (reply, events) = try await send(.array(messages), ids: ids, method: "batch", timeout: timeout)
    var byID: [Int64: JSONValue] = [:]
    for response in reply.arrayValue ?? [] {
      if let id = response["id"]?.intValue { byID[id] = response }
    }
    let results: [Result<JSONValue, ContainerRPCError>] = zip(ids, calls).map { id, call in
      guard let response = byID[id] else {
        return .failure(
          ContainerRPCError(code: -32603, message: "no reply for this call", data: nil, method: call.wireMethod))
      }
      if let error = response["error"] {
        return .failure(Self.rpcError(error, method: call.wireMethod, events: []))
      }
      return .success(response["result"] ?? .null)
    }
    return BatchReply(ids: ids, methods: calls.map(\.wireMethod), results: results, events: events)
  }

  /// Subscribes this connection to more event kinds (`events/subscribe`), optionally only for `objects`.
  @discardableResult
  public func subscribe(_ kinds: Set<EventKind>, objects: [String]? = nil) async throws -> Reply<EmptyResult> {
    try await call(EventsSubscribeParams(kinds: kinds, objects: objects))
  }

  /// Unsubscribes this connection from event kinds (`events/unsubscribe`).
  @discardableResult
  public func unsubscribe(_ kinds: Set<EventKind>) async throws -> Reply<EmptyResult> {
    try await call(EventsUnsubscribeParams(kinds: kinds))
  }

  /// Every event from now on, in order, until the connection ends (each stream gets all of them).
  public func events() -> AsyncStream<ContainerEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: ContainerEvent.self, bufferingPolicy: .unbounded)
    if closedReason != nil {
      continuation.finish()
      return stream
    }
    let key = UUID()
    streams[key] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { await self?.dropStream(key) }
    }
    return stream
  }

  private func dropStream(_ key: UUID) { streams[key] = nil }

  // MARK: - Closing

  /// Ends the connection: for a daemon this client started, end of input (it finishes, flushes and exits 0), then
  /// SIGTERM and SIGKILL if it does not exit within `grace` seconds; the process is reaped. Returns the exit status
  /// (nil for a socket). Idempotent.
  @discardableResult
  public func close(grace: Double = 5) async -> Int32? {
    if daemon != nil { return await stopDaemon(grace: grace) }
    wire.closeWriting()
    let wire = wire
    _ = await onOwnThread { wire.waitForEnd(seconds: grace) }
    wire.closeReading()
    ended()
    return nil
  }

  /// Asks the daemon to exit (`daemon/shutdown`) and closes the connection. Over a socket this ends the server
  /// for every client.
  @discardableResult
  public func shutdown(grace: Double = 5) async throws -> Int32? {
    _ = try await call("daemon/shutdown")
    return await close(grace: grace)
  }

  /// The last lines the daemon wrote to stderr (its logs), for a daemon this client started.
  public nonisolated var stderrTail: String { daemon?.stderr.text ?? "" }

  @discardableResult
  func stopDaemon(grace: Double = 5) async -> Int32? {
    guard let daemon else { return nil }
    let status = await onOwnThread { daemon.stop(grace: grace) }
    ended()
    return status
  }

  deinit {
    // A client dropped without `close()`: end the daemon's input so it exits; Foundation reaps it.
    wire.closeWriting()
  }

  // MARK: - Plumbing

  private func allocateID() -> Int64 {
    nextID += 1
    return nextID
  }

  private func checkOpen() throws(ContainerClientError) {
    if let closedReason { throw closedReason }
  }

  private static func request(id: Int64?, method: String, params: JSONValue?) -> JSONValue {
    var members: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
    if let id { members["id"] = .int(id) }
    if let params { members["params"] = params }
    return .object(members)
  }

  private static func line(_ message: JSONValue) -> [UInt8] {
    var bytes: [UInt8] = []
    message.encode(appendingTo: &bytes)
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }

  private func send(_ message: JSONValue, ids: [Int64], method: String, timeout: Double?) async throws -> (
    JSONValue, [ContainerEvent]
  ) {
    try checkOpen()
    let key = ids[0]
    let seconds = timeout ?? self.timeout
    let timer = Task { [weak self] in
      try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
      await self?.expire(key, seconds: seconds)
    }
    defer { timer.cancel() }
    return try await withCheckedThrowingContinuation { continuation in
      pending[key] = Pending(method: method, batchIDs: ids.count > 1 ? ids : [], continuation: continuation)
      order.append(key)
      if ids.count > 1 { for id in ids { batchOf[id] = key } }
      do {
        try wire.write(Self.line(message))
      } catch {
        finish(key, with: .failure(error))
      }
    }
  }

  private func expire(_ key: Int64, seconds: Double) {
    guard let method = pending[key]?.method else { return }
    finish(key, with: .failure(ContainerClientError.timeout(method: method, seconds: seconds)))
  }

  private func finish(_ key: Int64, with outcome: Result<JSONValue, any Error>) {
    guard let call = pending.removeValue(forKey: key) else { return }
    order.removeAll { $0 == key }
    for id in call.batchIDs { batchOf[id] = nil }
    switch outcome {
    case .success(let value): call.continuation.resume(returning: (value, call.events))
    case .failure(let error as ContainerRPCError):
      var error = error
      error.events = call.events
      call.continuation.resume(throwing: error)
    case .failure(let error): call.continuation.resume(throwing: error)
    }
  }

  func receive(_ incoming: Wire.Incoming) {
    switch incoming {
    case .garbage(let text):
      // Not this daemon's output: fail the oldest call with what came.
      if let key = order.first {
        finish(
          key,
          with: .failure(
            ContainerClientError.unexpectedResult(
              method: pending[key]?.method ?? "", expected: "a JSON-RPC message", got: .string(text))))
      }
    case .message(.array(let responses)):
      guard let id = responses.lazy.compactMap({ $0["id"]?.intValue }).first else { return }
      finish(batchOf[id] ?? id, with: .success(.array(responses)))
    case .message(let message):
      if let event = ContainerEvent(notification: message) {
        deliver(event)
      } else if let id = message["id"]?.intValue {
        if let error = message["error"] {
          let method = pending[id]?.method ?? ""
          finish(id, with: .failure(Self.rpcError(error, method: method, events: [])))
        } else {
          finish(id, with: .success(message["result"] ?? .null))
        }
      } else if let key = order.first, message["error"] != nil {
        // An error with id null: the daemon could not read a request (never one this client writes).
        finish(key, with: .failure(Self.rpcError(message["error"]!, method: pending[key]?.method ?? "", events: [])))
      }
    }
  }

  private func deliver(_ event: ContainerEvent) {
    for continuation in streams.values { continuation.yield(event) }
    if event.params.keys.contains("request") {
      // The daemon names the call; null: a notification's turn or another client's.
      guard let id = event.request?.intValue else { return }
      let key = batchOf[id] ?? id
      pending[key]?.events.append(event)
    } else if let key = order.first {
      pending[key]?.events.append(event)
    }
  }

  func ended() {
    guard closedReason == nil else { return }
    var detail = "end of the daemon's output"
    if let daemon {
      if !daemon.process.isRunning { detail += "; it exited with status \(daemon.process.terminationStatus)" }
      let tail = daemon.stderr.text
      if !tail.isEmpty { detail += "; its stderr ended with:\n\(tail)" }
    }
    let reason = ContainerClientError.connectionClosed(detail: detail)
    closedReason = reason
    for key in order { finish(key, with: .failure(reason)) }
    for continuation in streams.values { continuation.finish() }
    streams = [:]
  }

  static func rpcError(_ error: JSONValue, method: String, events: [ContainerEvent]) -> ContainerRPCError {
    ContainerRPCError(
      code: Int(error["code"]?.intValue ?? 0), message: error["message"]?.stringValue ?? "", data: error["data"],
      method: method, events: events)
  }
}

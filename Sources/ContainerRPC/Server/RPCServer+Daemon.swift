/// `daemon/*`: identity, limits and shutdown.
extension RPCServer {
  func daemonInfo() -> JSONValue {
    let limits = configuration.readLimits
    return [
      "name": "containerd",
      "version": .string(DaemonVersion.current),
      "protocolVersion": .int(Int64(DaemonVersion.protocolVersion)),
      "framing": .string(currentFraming.rawValue),
      "limits": [
        "maxMessageSize": .int(Int64(limits.maxMessageSize)),
        "maxDepth": .int(Int64(limits.maxDepth)),
        "maxObjects": .int(Int64(configuration.maxObjects)),
      ],
      "clock": [
        "mode": .string(engine.clock.mode.rawValue),
        "fps": .int(Int64(engine.clock.fps)),
        "now": .number(engine.clock.now),
      ],
      "events": .array(subscriptions.sorted().map { .string($0.rawValue) }),
    ]
  }

  func daemonShutdown() -> JSONValue {
    isShutdownRequested = true
    return [:]
  }
}

import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerTransport

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
        "maxTreeDepth": .int(Int64(engine.maxTreeDepth)),
        "maxBatchOutput": .int(Int64(configuration.maxBatchOutput)),
        "maxClientBacklog": .int(Int64(configuration.maxClientBacklog)),
        "maxAnimationFrames": .int(Int64(engine.maxAnimationFrames)),
        "maxTurnEvents": .int(Int64(engine.maxTurnEvents)),
        "maxConstraints": .int(Int64(engine.maxConstraints)),
        "maxConstraintsPerView": .int(Int64(engine.maxConstraintsPerView)),
      ],
      "clock": [
        "mode": .string(engine.clock.mode.rawValue),
        "fps": .int(Int64(engine.clock.fps)),
        "now": .number(engine.clock.now),
      ],
      "events": .array(subscriptions.sorted().map { .string($0.rawValue) }),
    ]
  }

  /// `daemon/configure`: sets the given engine options (validated by the method's schema) and returns all of them.
  func daemonConfigure(_ params: DaemonConfigureParams) -> JSONValue {
    let given = params.options
    var options = engine.options
    if let value = given.transitionOrder { options.transitionOrder = value }
    if let value = given.transitionDidBeforeCompletion { options.transitionDidBeforeCompletion = value }
    if let value = given.transitionThrowsWithoutForwarding { options.transitionThrowsWithoutForwarding = value }
    if let value = given.didMoveRedelivery { options.didMoveRedelivery = value }
    if let value = given.beginNesting { options.beginNesting = value }
    if let value = given.viewIsAppearing { options.viewIsAppearing = value }
    if let value = given.safeAreaCallbackPhase { options.safeAreaCallbackPhase = value }
    if let value = given.navigationDuration { options.navigationDuration = value }
    if let value = given.presentationDuration { options.presentationDuration = value }
    if let value = given.scrollAnimationDuration { options.scrollAnimationDuration = value }
    if let value = given.keyboardAnimationDuration { options.keyboardAnimationDuration = value }
    if let value = given.tableAlwaysBounceVertical { options.tableAlwaysBounceVertical = value }
    if let value = given.scrollRectToVisibleInsideInsets { options.scrollRectToVisibleInsideInsets = value }
    if let value = given.pagingVelocityThreshold { options.pagingVelocityThreshold = value }
    if let value = given.bounceSpringBeta { options.bounceSpringBeta = value }
    if let value = given.hidesBottomBarCountsRoot { options.hidesBottomBarCountsRoot = value }
    if let value = given.tabBarDefinesPresentationContext { options.tabBarDefinesPresentationContext = value }
    Self.apply(params.sheet, to: &options)
    given.pageView.apply(to: &options.pageView)
    if let value = given.coordinatorNonAnimatedNav { options.coordinator.nonAnimatedNav = value }
    if let value = given.coordinatorNonAnimatedPresentation { options.coordinator.nonAnimatedPresentation = value }
    if let value = given.transitionCompleteTimeoutMs { options.coordinator.completeTimeoutMs = value }
    if let value = given.popCancelReversalAt { options.coordinator.cancelReversalAt = value }
    given.traits.apply(to: &options.traits)
    given.split.apply(to: &options.split)
    engine.options = options
    var all: JSONObject = [
      "transitionOrder": .string(options.transitionOrder.rawValue),
      "transitionDidBeforeCompletion": .bool(options.transitionDidBeforeCompletion),
      "transitionThrowsWithoutForwarding": .bool(options.transitionThrowsWithoutForwarding),
      "didMoveRedelivery": .string(options.didMoveRedelivery.rawValue),
      "beginNesting": .string(options.beginNesting.rawValue),
      "viewIsAppearing": .bool(options.viewIsAppearing),
      "safeAreaCallbackPhase": .string(options.safeAreaCallbackPhase.rawValue),
      "navigationDuration": .number(options.navigationDuration),
      "presentationDuration": .number(options.presentationDuration),
      "scrollAnimationDuration": .number(options.scrollAnimationDuration),
      "keyboardAnimationDuration": .number(options.keyboardAnimationDuration),
      "tableAlwaysBounceVertical": .bool(options.tableAlwaysBounceVertical),
      "scrollRectToVisibleInsideInsets": .bool(options.scrollRectToVisibleInsideInsets),
      "pagingVelocityThreshold": .number(options.pagingVelocityThreshold),
      "bounceSpringBeta": .number(options.bounceSpringBeta),
      "hidesBottomBarCountsRoot": .bool(options.hidesBottomBarCountsRoot),
      "tabBarDefinesPresentationContext": .bool(options.tabBarDefinesPresentationContext),
    ]
    for member in Self.describeSheetOptions(options) { all[member.key] = member.value }
    for (name, value) in PageViewEngineOptions.values(options.pageView) { all[name] = value }
    all["coordinator.nonAnimatedNav"] = .string(options.coordinator.nonAnimatedNav.rawValue)
    all["coordinator.nonAnimatedPresentation"] = .string(options.coordinator.nonAnimatedPresentation.rawValue)
    all["transition.completeTimeoutMs"] = options.coordinator.completeTimeoutMs.map { .number($0) } ?? .null
    all["pop.cancelReversalAt"] = .string(options.coordinator.cancelReversalAt.rawValue)
    for (name, value) in TraitEngineOptions.values(options.traits) { all[name] = value }
    for (name, value) in SplitEngineOptions.values(options.split) { all[name] = value }
    return ["options": .object(all)]
  }

  func daemonShutdown() -> JSONValue {
    isShutdownRequested = true
    return [:]
  }
}

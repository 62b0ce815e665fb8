import ContainerEngine
import ContainerJSON

/// Every method of the wire protocol, in alphabetical order (Documentation/Adding a Method.md).
///
/// Add a method here first (see Documentation/Adding a Method.md); the server's dispatch switch handles it.
public enum Methods {
  /// All registered methods, sorted by name.
  public static let all: [MethodSpec] =
    (daemon + lifecycle + controllerMethods + pageViewMethods + sheetMethods + transitionMethods + viewMethods
    + traitMethods + splitMethods).sorted {
      $0.name < $1.name
    }.map {
      var spec = $0
      spec.mayTakeLong = mayTakeLong.contains(spec.name)
      if let doc = docs[spec.name] {
        spec.description = doc.description
        spec.errors = doc.errors
      }
      return spec
    }

  /// The methods whose one call may run long: animations run to their end inside the turn (`clock/advance`, the
  /// scroll animations, `table/scrollToRow`), or the work grows with the world or the document rather than with the
  /// reply (`scene/load`, layout passes, `world/snapshot`, `world/render`, replacing a whole stack or page list).
  /// Before one of them the connection writes the replies already queued (`MethodSpec.mayTakeLong`).
  static let mayTakeLong: Set<String> = [
    "clock/advance", "layout/addConstraints", "layout/layoutIfNeeded", "navigation/setViewControllers",
    "paging/setPages", "scene/load", "scroll/fling", "scroll/pan", "scroll/scrollRectToVisible",
    "scroll/setContentOffset", "tab/setViewControllers", "table/scrollToRow", "table/setData", "window/resize",
    "world/render", "world/reset", "world/snapshot",
  ]

  /// The engine options `daemon/configure` sets (Documentation/Engine.md, with their defaults).
  static let engineOptions: [Schema.Field] =
    [
      .init("transitionOrder", .enumeration(["fromFirst", "toFirst"]), "transition(from:to:) callback order"),
      .init("transitionDidBeforeCompletion", .boolean, "did pair before the completion"),
      .init("transitionThrowsWithoutForwarding", .boolean, "throw when the parent does not forward"),
      .init("didMoveRedelivery", .enumeration(["windowDriven", "never"]), "where R8's second didMove applies"),
      .init("beginNesting", .enumeration(["counter", "none"]), "same-direction begin nesting (R13)"),
      .init("viewIsAppearing", .boolean, "call viewIsAppearing, once per appearance (R69)"),
      .init(
        "safeAreaCallbackPhase", .enumeration(["beforeWillLayout", "insideLayout"]),
        "safe-area and margin callbacks before or after viewWillLayoutSubviews (R64)"),
      .init("navigationDuration", .number(minimum: 0, maximum: 60), "push/pop seconds"),
      .init("presentationDuration", .number(minimum: 0, maximum: 60), "present/dismiss seconds"),
      .init("scrollAnimationDuration", .number(minimum: 0, maximum: 60), "setContentOffset(animated:) seconds"),
      .init("keyboardAnimationDuration", .number(minimum: 0, maximum: 60), "keyboard show/hide seconds"),
      .init("tableAlwaysBounceVertical", .boolean, "new UITableViews bounce vertically when short"),
      .init("scrollRectToVisibleInsideInsets", .boolean, "scrollRectToVisible's area excludes adjusted insets"),
      .init("pagingVelocityThreshold", .number(minimum: 0), "pt/s below which paging snaps to the nearest page"),
      .init("bounceSpringBeta", .number(minimum: 0.1, maximum: 1000), "bounce spring β per second"),
      .init(
        "hidesBottomBarCountsRoot", .boolean, "a stack's root with hidesBottomBarWhenPushed hides the tab bar"),
      .init(
        "tabBarDefinesPresentationContext", .boolean,
        "a UITabBarController defines a presentation context unless set (R53)"),
    ] + sheetOptions + pageViewEngineOptions + coordinatorOptions + traitEngineOptions
    + splitEngineOptions

  /// `daemon/*` and `rpc.discover`.
  static let daemon: [MethodSpec] = [
    MethodSpec(
      "daemon/configure",
      "Options for the open points of the UIKit rules (Documentation/Engine.md, with their defaults). Returns all current values.",
      params: .fields([.init("options", .object(engineOptions), default: [:])]),
      result: .object([
        .init(
          "options",
          .object(
            engineOptions.map { option in
              var option = option
              option.required = true
              return option
            }), required: true, "every option's current value")
      ])),
    MethodSpec(
      "daemon/info",
      "Name, version, protocol version, the framing of this request, limits and clock.",
      result: .object([
        Schema.Field("name", .string, required: true), Schema.Field("version", .string, required: true),
        Schema.Field("protocolVersion", .integer(), required: true),
        Schema.Field("framing", .enumeration(["lines", "headers"]), required: true),
        Schema.Field(
          "limits",
          .object(
            [
              "maxMessageSize", "maxDepth", "maxObjects", "maxTreeDepth", "maxBatchOutput", "maxClientBacklog",
              "maxAnimationFrames", "maxTurnEvents", "maxConstraints", "maxConstraintsPerView",
            ].map { Schema.Field($0, .integer(minimum: 0), required: true) }), required: true,
          "the limits in force (the serve flags of the same names)"),
        Schema.Field("clock", .clockState, required: true),
        Schema.Field(
          "events", .array(.enumeration(EventKind.allCases.map(\.rawValue))), required: true,
          "the event kinds this connection is subscribed to"),
      ])
    ),
    MethodSpec(
      "daemon/ping",
      "Answers {pong: true}; takes any params.",
      params: .any,
      result: .object([Schema.Field("pong", .boolean, required: true)])
    ),
    MethodSpec("daemon/shutdown", "Answers {}, then finishes, flushes and exits 0 (as on end of input)."),
    MethodSpec(
      "rpc.discover", "This OpenRPC document, generated from the method registry.",
      result: .object([
        .init("openrpc", .string, required: true, "the OpenRPC version: 1.2.6"),
        .init(
          "info",
          .object([
            .init("title", .string, required: true), .init("version", .string, required: true),
            .init("description", .string, required: true),
          ]), required: true),
        .init("methods", .array(.object([], additional: true)), required: true, "OpenRPC method objects"),
        .init("x-events", .array(.object([], additional: true)), required: true, "the event/* notifications"),
      ])),
  ]

  /// The registry built from `all`.
  public static let registry = MethodRegistry(all)
}

import ContainerJSON
import ContainerRPC
import ContainerRPCTestSupport
import Testing

/// R64 and R69 through the built binary (and in process, the same bytes): TR-3's first-appearance order with `layout`
/// subscribed, the geometry callbacks' values, and an animated push on a manual clock.
@Suite struct ViewIsAppearingBinaryTests {
  /// Each line of `requests` sent, the lifecycle events that came back as short lines, in order.
  private static func lifecycle(_ transport: Transport, _ requests: [String]) throws -> [String] {
    try transport.exchange(requests.joined(separator: "\n") + "\n").map(json)
      .filter { $0["method"] == "event/lifecycle" }.map(EventTrace.describe)
  }

  private static func request(_ id: Int, _ method: String, _ params: String) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
  }

  /// TR-3 (R64, R69): will pair, geometry callbacks (margins, then the safe area), viewIsAppearing parent first, the
  /// layout pass, then the did pair — all in setRoot's turn.
  @Test(arguments: Transport.allCases)
  func tr3(_ transport: Transport) throws {
    let lines = try transport.exchange(
      [
        Self.request(1, "events/subscribe", #"{"kinds":["layout"]}"#),
        Self.request(2, "window/create", #"{"id":"W"}"#), Self.request(3, "controller/create", #"{"id":"R"}"#),
        Self.request(4, "controller/create", #"{"id":"C"}"#),
        Self.request(5, "containment/embed", #"{"parent":"R","child":"C"}"#),
        Self.request(6, "window/setRoot", #"{"window":"W","controller":"R"}"#),
      ].joined(separator: "\n") + "\n")
    let setRoot = lines.drop { !$0.hasPrefix(#"{"id":5,"#) }.dropFirst().map(json)
      .filter { $0["method"] == "event/lifecycle" }
    #expect(
      setRoot.map(EventTrace.describe) == [
        "R.viewWillAppear R6", "C.viewWillAppear R10",
        "R.viewLayoutMarginsDidChange R64", "R.viewSafeAreaInsetsDidChange R64",
        "C.viewLayoutMarginsDidChange R64", "C.viewSafeAreaInsetsDidChange R64",
        "R.viewIsAppearing R69", "C.viewIsAppearing R69",
        "R.viewWillLayoutSubviews R30", "R.viewDidLayoutSubviews R30",
        "C.viewWillLayoutSubviews R30", "C.viewDidLayoutSubviews R30",
        "R.viewDidAppear R7", "C.viewDidAppear R10",
      ])
    #expect(
      lines.contains(
        #"{"jsonrpc":"2.0","method":"event/lifecycle","params":{"callback":"viewLayoutMarginsDidChange","controller":"R","layoutMargins":{"bottom":34,"left":16,"right":16,"top":47},"request":6,"rule":"R64","seq":9,"time":0}}"#
      ))
    #expect(
      lines.contains(
        #"{"jsonrpc":"2.0","method":"event/lifecycle","params":{"callback":"viewSafeAreaInsetsDidChange","controller":"R","request":6,"rule":"R64","safeArea":{"bottom":34,"left":0,"right":0,"top":47},"seq":10,"time":0}}"#
      ))
  }

  /// R19, R69: an animated push on a manual clock — the incoming controller's viewIsAppearing in the push's turn
  /// (before its viewWillLayoutSubviews), its viewDidAppear only after clock/advance past 0.35 s.
  @Test(arguments: Transport.allCases)
  func animatedPushOnAManualClock(_ transport: Transport) throws {
    let events = try Self.lifecycle(
      transport,
      [
        Self.request(1, "events/subscribe", #"{"kinds":["layout"]}"#),
        Self.request(2, "window/create", #"{"id":"W"}"#), Self.request(3, "controller/create", #"{"id":"home"}"#),
        Self.request(4, "controller/create", #"{"id":"nav","kind":"UINavigationController","root":"home"}"#),
        Self.request(5, "window/setRoot", #"{"window":"W","controller":"nav"}"#),
        Self.request(6, "controller/create", #"{"id":"next"}"#),
        Self.request(7, "clock/configure", #"{"mode":"manual"}"#),
        Self.request(8, "navigation/push", #"{"navigation":"nav","controller":"next","animated":true}"#),
        Self.request(9, "daemon/ping", "{}"),
        Self.request(10, "clock/advance", #"{"ms":300}"#),
        Self.request(11, "daemon/ping", "{}"),
        Self.request(12, "clock/advance", #"{"ms":100}"#),
      ])
    #expect(
      events.filter { $0.hasPrefix("next.") } == [
        "next.willMove(nav) R20", "next.loadView R1", "next.viewDidLoad R1", "next.viewWillAppear R19",
        "next.viewLayoutMarginsDidChange R64", "next.viewSafeAreaInsetsDidChange R64", "next.viewIsAppearing R69",
        "next.viewWillLayoutSubviews R30", "next.viewDidLayoutSubviews R30", "next.viewDidAppear R19",
        "next.didMove(nav) R20",
      ])
    // Which request's turn: the push's (before the first ping), the did pair after the second advance.
    let lines = try transport.exchange(
      [
        Self.request(1, "window/create", #"{"id":"W"}"#), Self.request(2, "controller/create", #"{"id":"home"}"#),
        Self.request(3, "controller/create", #"{"id":"nav","kind":"UINavigationController","root":"home"}"#),
        Self.request(4, "window/setRoot", #"{"window":"W","controller":"nav"}"#),
        Self.request(5, "controller/create", #"{"id":"next"}"#),
        Self.request(6, "clock/configure", #"{"mode":"manual"}"#),
        Self.request(7, "navigation/push", #"{"navigation":"nav","controller":"next","animated":true}"#),
        Self.request(8, "clock/advance", #"{"ms":300}"#), Self.request(9, "clock/advance", #"{"ms":100}"#),
      ].joined(separator: "\n") + "\n")
    let isAppearing = lines.firstIndex { $0.contains(#""callback":"viewIsAppearing","controller":"next""#) }
    let didAppear = lines.firstIndex { $0.contains(#""callback":"viewDidAppear","controller":"next""#) }
    let pushAnswered = lines.firstIndex { $0.hasPrefix(#"{"id":7,"#) }
    let firstAdvance = lines.firstIndex { $0.hasPrefix(#"{"id":8,"#) }
    #expect(isAppearing != nil && pushAnswered != nil && isAppearing! < pushAnswered!)
    #expect(didAppear != nil && firstAdvance != nil && didAppear! > firstAdvance!)
  }
}

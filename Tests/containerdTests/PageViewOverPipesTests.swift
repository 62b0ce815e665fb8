import ContainerJSON
import ContainerRPCTestSupport
import Testing

/// UIPageViewController's acceptance scenarios through the built binary (R31–R38): PV-1, PV-2's animated set and the
/// cache it leaves, PV-6's wrong count and overlapping set. Setup: a window showing `pvc` (scroll), data source
/// `[a, b, c]`, `[a]` set at creation, completions subscribed.
@Suite struct PageViewOverPipesTests {
  private static func request(_ id: Int, _ method: String, _ params: String) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
  }

  private static let setup = [
    request(1, "window/create", #"{"id":"win"}"#), request(2, "controller/create", #"{"id":"a"}"#),
    request(3, "controller/create", #"{"id":"b"}"#), request(4, "controller/create", #"{"id":"c"}"#),
    request(
      5, "controller/create", #"{"id":"pvc","kind":"UIPageViewController","pages":["a","b","c"],"initial":["a"]}"#),
    request(6, "window/setRoot", #"{"window":"win","controller":"pvc"}"#),
    request(7, "events/subscribe", #"{"kinds":["completion"]}"#),
  ]

  /// The lifecycle and completion events of `lines`, as `controller.callback(parent) rule` / `controller.completion`.
  private static func trace(_ lines: [String]) -> [String] {
    lines.compactMap { line -> String? in
      guard let event = try? JSONValue.parse(line), let params = event["params"],
        case .string(let controller)? = params["controller"], case .string(let rule)? = params["rule"]
      else { return nil }
      if event["method"] == "event/completion", case .string(let of)? = params["of"] {
        return "\(controller).completion(\(of)) \(rule)"
      }
      guard event["method"] == "event/lifecycle", case .string(let callback)? = params["callback"] else { return nil }
      var argument = ""
      if let parent = params["parent"] { argument = parent == .null ? "(nil)" : "(\(parent.stringValue ?? ""))" }
      return "\(controller).\(callback)\(argument) \(rule)"
    }
  }

  /// The lines after the reply to request `id`.
  private static func after(_ lines: [String], id: Int) -> [String] {
    Array(lines.drop { !($0.hasPrefix(#"{"id":\#(id),"#) || $0.contains(#""id":\#(id),"jsonrpc""#)) }.dropFirst())
  }

  private static func response(_ lines: [String], id: Int) -> String? {
    lines.first { $0.hasPrefix(#"{"id":\#(id),"#) || $0.hasPrefix(#"{"error":"#) && $0.contains(#""id":\#(id),"#) }
  }

  /// PV-1 (R31, R33): b's whole appearance inside the call, then a's, a.didMove(nil), b.didMove(pvc), the
  /// completion; at rest the children are `[b]`.
  @Test func pv1NonAnimatedSet() throws {
    let lines = try Transport.binary.exchange(
      (Self.setup + [
        Self.request(8, "pageView/setViewControllers", #"{"pageView":"pvc","controllers":["b"]}"#),
        Self.request(9, "pageView/get", #"{"pageView":"pvc"}"#),
      ]).joined(separator: "\n") + "\n")
    let set = Array(Self.after(lines, id: 7).prefix { !$0.hasPrefix(#"{"id":8,"#) })
    #expect(
      Self.trace(set) == [
        "b.loadView R1", "b.viewDidLoad R1", "b.viewWillAppear R33", "a.viewWillDisappear R33",
        "b.viewIsAppearing R69", "b.viewDidAppear R33", "a.viewDidDisappear R33", "a.didMove(nil) R33",
        "b.didMove(pvc) R33", "pvc.completion(setViewControllers) R33",
      ])
    let get = try #require(Self.response(lines, id: 9))
    #expect(get.contains(#""children":["b"]"#))
    #expect(get.contains(#""viewControllers":["b"]"#))
  }

  /// PV-2 (R34, R37), manual clock: the will pair in the call; the did pair, the two didMove and the completion at
  /// the 300 ms advance; then `a` is cached before `c`.
  @Test func pv2AnimatedSet() throws {
    let lines = try Transport.binary.exchange(
      (Self.setup + [
        Self.request(8, "clock/configure", #"{"mode":"manual"}"#),
        Self.request(
          9, "pageView/setViewControllers", #"{"pageView":"pvc","controllers":["c"],"animated":true}"#),
        Self.request(10, "clock/advance", #"{"ms":300}"#),
        Self.request(11, "pageView/get", #"{"pageView":"pvc"}"#),
      ]).joined(separator: "\n") + "\n")
    let start = Array(Self.after(lines, id: 8).prefix { !$0.hasPrefix(#"{"id":9,"#) })
    #expect(
      Self.trace(start) == [
        "c.loadView R1", "c.viewDidLoad R1", "c.viewWillAppear R34", "a.viewWillDisappear R34",
        "c.viewIsAppearing R69",
      ])
    let end = Array(Self.after(lines, id: 9).prefix { !$0.hasPrefix(#"{"id":10,"#) })
    #expect(
      Self.trace(end) == [
        "c.viewDidAppear R34", "a.viewDidDisappear R34", "a.didMove(nil) R34", "c.didMove(pvc) R34",
        "pvc.completion(setViewControllers) R34",
      ])
    let get = try #require(Self.response(lines, id: 11))
    #expect(get.contains(#""cache":{"before":"a"}"#))
    #expect(get.contains(#""children":["c"]"#))
  }

  /// PV-6 (R32, R38): three controllers → -32001 with UIKit's reason; a set during an animated set → -32003
  /// `transitioning`; neither emits anything.
  @Test func pv6Refusals() throws {
    let lines = try Transport.binary.exchange(
      (Self.setup + [
        Self.request(8, "pageView/setViewControllers", #"{"pageView":"pvc","controllers":["a","b","c"]}"#),
        Self.request(9, "clock/configure", #"{"mode":"manual"}"#),
        Self.request(
          10, "pageView/setViewControllers", #"{"pageView":"pvc","controllers":["b"],"animated":true}"#),
        Self.request(11, "pageView/setViewControllers", #"{"pageView":"pvc","controllers":["c"]}"#),
      ]).joined(separator: "\n") + "\n")
    let count = try #require(Self.response(lines, id: 8))
    #expect(count.contains(#""code":-32001"#))
    #expect(
      count.contains(
        "The number of view controllers provided (3) doesn't match the number required (1) for the requested transition"
      ))
    #expect(Self.trace(Array(Self.after(lines, id: 7).prefix { !$0.contains(#""id":8,"#) })).isEmpty)
    let overlap = try #require(Self.response(lines, id: 11))
    #expect(overlap.contains(#""code":-32003"#))
    #expect(overlap.contains(#""state":"transitioning""#))
    #expect(Self.trace(Array(Self.after(lines, id: 10).prefix { !$0.contains(#""id":11,"#) })).isEmpty)
  }

  /// The delegate events of `lines`, as `object.callback → result`.
  private static func delegateCalls(_ lines: [String]) -> [String] {
    lines.compactMap { line -> String? in
      guard let event = try? JSONValue.parse(line), event["method"] == "event/delegate", let params = event["params"],
        case .string(let object)? = params["object"], case .string(let callback)? = params["callback"]
      else { return nil }
      let result = params["result"].map { $0 == .null ? " → nil" : " → \($0.stringValue ?? "")" } ?? ""
      return "\(object).\(callback)\(result)"
    }
  }

  /// PV-3 and PV-4 (R34, R36) through the binary: a completed swipe (data source after, before; willTransitionTo;
  /// the will pair; the did pair, the two didMove, didFinishAnimating, one more data-source call), then a cancelled
  /// one back (nothing asked: a is cached; b reappears, a's viewWillAppear without viewDidAppear).
  @Test func pv3AndPv4Swipes() throws {
    let lines = try Transport.binary.exchange(
      (Self.setup + [
        Self.request(8, "pageView/swipe", #"{"pageView":"pvc","action":"begin","direction":"forward"}"#),
        Self.request(9, "pageView/swipe", #"{"pageView":"pvc","action":"finish"}"#),
        Self.request(10, "pageView/swipe", #"{"pageView":"pvc","action":"begin","direction":"reverse"}"#),
        Self.request(11, "pageView/swipe", #"{"pageView":"pvc","action":"cancel"}"#),
      ]).joined(separator: "\n") + "\n")
    let begin = Array(Self.after(lines, id: 7).prefix { !$0.hasPrefix(#"{"id":8,"#) })
    #expect(
      Self.delegateCalls(begin) == [
        "pvc.viewControllerAfter → b", "pvc.viewControllerBefore → nil", "pvc.willTransitionTo",
      ])
    #expect(
      Self.trace(begin) == [
        "b.loadView R1", "b.viewDidLoad R1", "b.viewWillAppear R34", "a.viewWillDisappear R34", "b.viewIsAppearing R69",
      ])
    #expect(try #require(Self.response(lines, id: 8)).contains(#""pending":"b""#))
    let finish = Array(Self.after(lines, id: 8).prefix { !$0.hasPrefix(#"{"id":9,"#) })
    #expect(
      Self.trace(finish) == [
        "b.viewDidAppear R34", "a.viewDidDisappear R34", "a.didMove(nil) R34", "b.didMove(pvc) R34",
      ])
    #expect(Self.delegateCalls(finish) == ["pvc.didFinishAnimating", "pvc.viewControllerAfter → c"])
    let back = Array(Self.after(lines, id: 9).prefix { !$0.hasPrefix(#"{"id":10,"#) })
    #expect(Self.delegateCalls(back) == ["pvc.willTransitionTo"])
    #expect(Self.trace(back) == ["a.viewWillAppear R34", "b.viewWillDisappear R34", "a.viewIsAppearing R69"])
    let cancel = Array(Self.after(lines, id: 10).prefix { !$0.hasPrefix(#"{"id":11,"#) })
    #expect(
      Self.trace(cancel) == [
        "b.viewWillAppear R34", "b.viewIsAppearing R69", "b.viewDidAppear R34", "a.viewWillDisappear R34",
        "a.viewDidDisappear R34",
      ])
    #expect(Self.delegateCalls(cancel) == ["pvc.didFinishAnimating"])
  }
}

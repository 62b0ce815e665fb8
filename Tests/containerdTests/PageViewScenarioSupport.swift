import ContainerJSON
import ContainerRPCTestSupport
import Testing

/// A page view session through the built binary: requests numbered from 1, and each request's events read back in
/// order as one trace (lifecycle, data source and delegate calls, completions, warnings), by the `request` every event
/// carries.
struct PageViewScript {
  private(set) var requests: [String] = []

  /// Appends a request and returns its id.
  @discardableResult
  mutating func call(_ method: String, _ params: String) -> Int {
    let id = requests.count + 1
    requests.append(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
    return id
  }

  /// Runs the script through the binary.
  func run() throws -> PageViewRun {
    PageViewRun(lines: try Transport.binary.exchange(requests.joined(separator: "\n") + "\n"))
  }

  /// A window showing `pvc` with the data source `pages` (a, b, c unless given), `initial` set at creation;
  /// `pvcOptions` adds to its `controller/create` params; `options` are set by `daemon/configure` first.
  static func window(
    pages: [String] = ["a", "b", "c"], initial: [String] = ["a"], pvcOptions: String = "", options: String? = nil,
    manualClock: Bool = true
  ) -> PageViewScript {
    var script = PageViewScript()
    if let options { script.call("daemon/configure", #"{"options":\#(options)}"#) }
    script.call("window/create", #"{"id":"win"}"#)
    for page in pages { script.call("controller/create", #"{"id":"\#(page)"}"#) }
    let list = pages.map { #""\#($0)""# }.joined(separator: ",")
    let first = initial.map { #""\#($0)""# }.joined(separator: ",")
    script.call(
      "controller/create",
      #"{"id":"pvc","kind":"UIPageViewController","pages":[\#(list)],"initial":[\#(first)]\#(pvcOptions)}"#)
    script.call("window/setRoot", #"{"window":"win","controller":"pvc"}"#)
    script.call("events/subscribe", #"{"kinds":["completion","warning"]}"#)
    if manualClock { script.call("clock/configure", #"{"mode":"manual"}"#) }
    return script
  }
}

/// The output of a `PageViewScript`.
struct PageViewRun {
  let lines: [String]

  /// The events of request `id`, in order: `b.viewWillAppear R34`, `a.didMove(nil) R34`,
  /// `pvc.viewControllerAfter(a) → b`, `pvc.willTransitionTo([b])`, `pvc.didFinishAnimating([a], true)`,
  /// `pvc.completion(setViewControllers) R33`, `warning: … R38`.
  func trace(_ id: Int) -> [String] {
    lines.compactMap { line -> String? in
      guard let event = try? JSONValue.parse(line), case .string(let method)? = event["method"],
        let params = event["params"], params["request"] == .int(Int64(id))
      else { return nil }
      let rule = params["rule"]?.stringValue ?? ""
      switch method {
      case "event/lifecycle":
        guard let controller = params["controller"]?.stringValue, let callback = params["callback"]?.stringValue
        else { return nil }
        var argument = ""
        if let parent = params["parent"] { argument = parent == .null ? "(nil)" : "(\(parent.stringValue ?? ""))" }
        return "\(controller).\(callback)\(argument) \(rule)"
      case "event/delegate":
        guard let object = params["object"]?.stringValue, let callback = params["callback"]?.stringValue,
          let args = params["args"]
        else { return nil }
        switch callback {
        case "willTransitionTo":
          return "\(object).willTransitionTo(\(Self.ids(args["pending"])))"
        case "didFinishAnimating":
          return "\(object).didFinishAnimating(\(Self.ids(args["previous"])), \(args["completed"] == true))"
        default:
          let result = params["result"].map { $0 == .null ? "nil" : $0.stringValue ?? "" } ?? ""
          return "\(object).\(callback)(\(args["viewController"]?.stringValue ?? "")) → \(result)"
        }
      case "event/completion":
        return "\(params["controller"]?.stringValue ?? "").completion(\(params["of"]?.stringValue ?? "")) \(rule)"
      case "event/warning":
        return "warning: \(params["message"]?.stringValue ?? "") \(rule)"
      default:
        return nil
      }
    }
  }

  private static func ids(_ value: JSONValue?) -> String {
    guard case .array(let items)? = value else { return "?" }
    return "[" + items.map { $0.stringValue ?? "?" }.joined(separator: ", ") + "]"
  }

  /// The reply to request `id` (result or error), parsed.
  func reply(_ id: Int) -> JSONValue? {
    for line in lines {
      guard let value = try? JSONValue.parse(line), value["id"] == .int(Int64(id)), value["method"] == nil else {
        continue
      }
      return value
    }
    return nil
  }

  /// The reply to request `id` as the daemon wrote it.
  func replyText(_ id: Int) -> String? {
    lines.first {
      $0.hasPrefix(#"{"id":\#(id),"#) || $0.hasPrefix(#"{"error":"#) && $0.contains(#""id":\#(id),"jsonrpc""#)
    }
  }

  /// `pageView/get`'s member `name` in the reply to request `id`, as a list of ids.
  func ids(_ id: Int, _ name: String) -> [String]? {
    guard case .array(let items)? = reply(id)?["result"]?[name] else { return nil }
    return items.compactMap(\.stringValue)
  }
}

import ContainerEngine
public import ContainerJSON
import ContainerProtocol
import ContainerTransport

/// Events as short lines, the notation of tests, scenario files and the `--pretty` output:
/// `child.viewWillAppear R6`, `child.didMove(parent) R4`, `warning: … R16`, `t.cellForRow(0,3) #2 reused`,
/// `offset t 0,628 keyboard`, `coordinator b.t1 alongsideAnimation R47`, `transitioning m.presentAnimator
/// animateTransition R48`; other events as their JSON text.
public enum EventTrace {
  public static func describe(_ event: JSONValue) -> String {
    let params = event["params"] ?? .null
    let rule = params["rule"]?.stringValue ?? "?"
    switch event["method"]?.stringValue {
    case "event/lifecycle":
      let controller = params["controller"]?.stringValue ?? "?"
      let callback = params["callback"]?.stringValue ?? "?"
      var argument = ""
      if let parent = params["parent"] { argument = "(\(parent.stringValue ?? "nil"))" }
      return "\(controller).\(callback)\(argument) \(rule)"
    case "event/warning":
      return "warning: \(params["message"]?.stringValue ?? "?") \(rule)"
    case "event/table":
      let table = params["table"]?.stringValue ?? "?"
      let callback = params["callback"]?.stringValue ?? "?"
      let path = "(\(params["section"]?.intValue ?? -1),\(params["row"]?.intValue ?? -1))"
      let cell = params["cell"]?.intValue.map { " #\($0)" } ?? ""
      let reused = params["reused"] == true ? " reused" : ""
      return "\(table).\(callback)\(path)\(cell)\(reused)"
    case "event/offset":
      let x = params["x"]?.doubleValue ?? .nan
      let y = params["y"]?.doubleValue ?? .nan
      return
        "offset \(params["view"]?.stringValue ?? "?") \(number(x)),\(number(y)) \(params["cause"]?.stringValue ?? "?")"
    case "event/coordinator":
      let cancelled = params["isCancelled"] == true ? " cancelled" : ""
      return
        "coordinator \(params["controller"]?.stringValue ?? "?").\(params["tag"]?.stringValue ?? "?") "
        + "\(params["callback"]?.stringValue ?? "?")\(cancelled) \(rule)"
    case "event/transitioning":
      let didComplete = params["didComplete"]?.boolValue.map { "(\($0))" } ?? ""
      return
        "transitioning \(params["object"]?.stringValue ?? "?") \(params["callback"]?.stringValue ?? "?")"
        + "\(didComplete) \(rule)"
    default:
      return event.encodedString
    }
  }

  static func number(_ value: Double) -> String { value.compactDescription }
}

import ContainerEngine
import ContainerJSON

/// The events' output path: each engine event written straight from its typed fields into the output buffer
/// (`JSONOutput`), members in bytewise key order, with no `JSONValue` built for it.
///
/// The bytes are those of `OutgoingMessage.notification(method:params:)` around `wire(event)` plus `request`, `rule`,
/// `seq` and `time` (the reference the tests compare this with, for every kind of event). A new member of an event is
/// added to both, at its place in key order.
extension RPCServer {
  /// Writes `event` as the notification the client receives.
  static func write(_ event: EngineEvent, request: JSONValue, seq: Int, to out: inout JSONOutput) {
    out.beginObject()
    out.key("jsonrpc")
    out.string("2.0" as StaticString)
    out.key("method")
    switch event.kind {
    case .lifecycle(
      let controller, let callback, let animated, let parent, let flags, let size, let insets, let traits):
      out.string("event/lifecycle" as StaticString)
      out.key("params")
      out.beginObject()
      if let animated {
        out.key("animated")
        out.bool(animated)
      }
      out.key("callback")
      out.string(callback.rawValue)
      out.key("controller")
      out.string(controller)
      // R29 flags, written when true (see `wire`).
      writeTrue("isBeingDismissed", if: flags.isBeingDismissed, to: &out)
      writeTrue("isBeingPresented", if: flags.isBeingPresented, to: &out)
      writeTrue("isMovingFromParent", if: flags.isMovingFromParent, to: &out)
      writeTrue("isMovingToParent", if: flags.isMovingToParent, to: &out)
      let isSafeArea = callback == .viewSafeAreaInsetsDidChange
      if let insets, !isSafeArea {
        out.key("layoutMargins")
        out.value(json(insets))
      }
      if let parent {
        out.key("parent")
        if let id = parent.id { out.string(id) } else { out.value(.null) }
      }
      if let previous = traits?.previous {
        out.key("previous")
        out.value(json(previous))
      }
      if let registration = traits?.registration {
        out.key("registration")
        out.string(registration)
      }
      writeCause(request: request, rule: event.rule, to: &out)
      if let insets, isSafeArea {
        out.key("safeArea")
        out.value(json(insets))
      }
      out.key("seq")
      out.int(seq)
      if let size {
        out.key("size")
        out.beginObject()
        out.key("height")
        out.number(size.height)
        out.key("width")
        out.number(size.width)
        out.endObject()
      }
      out.key("time")
      out.number(event.time)
      if let traits {
        out.key("traits")
        out.value(json(traits.traits))
        if let view = traits.view {
          out.key("view")
          out.string(view)
        }
      }
    case .layout(let view, let frame):
      out.string("event/layout" as StaticString)
      out.key("params")
      out.beginObject()
      out.key("frame")
      writeRect(frame, to: &out)
      writeCause(request: request, rule: event.rule, to: &out)
      writeSeqAndTime(seq, event.time, to: &out)
      out.key("view")
      out.string(view)
    case .completion(let controller, let of, let finished):
      out.string("event/completion" as StaticString)
      out.key("params")
      out.beginObject()
      out.key("controller")
      out.string(controller)
      out.key("finished")
      out.bool(finished)
      out.key("of")
      out.string(of)
      writeCause(request: request, rule: event.rule, to: &out)
      writeSeqAndTime(seq, event.time, to: &out)
    case .warning(let message, let object):
      out.string("event/warning" as StaticString)
      out.key("params")
      out.beginObject()
      out.key("message")
      out.string(message)
      if let object {
        out.key("object")
        out.string(object)
      }
      writeCause(request: request, rule: event.rule, to: &out)
      writeSeqAndTime(seq, event.time, to: &out)
    case .offset(let view, let x, let y, let cause):
      out.string("event/offset" as StaticString)
      out.key("params")
      out.beginObject()
      out.key("cause")
      out.string(cause)
      writeCause(request: request, rule: event.rule, to: &out)
      writeSeqAndTime(seq, event.time, to: &out)
      out.key("view")
      out.string(view)
      out.key("x")
      out.number(x)
      out.key("y")
      out.number(y)
    case .scroll(let view, let callback, let velocity, let target, let willDecelerate):
      out.string("event/scroll" as StaticString)
      out.key("params")
      out.beginObject()
      out.key("callback")
      out.string(callback.rawValue)
      writeCause(request: request, rule: event.rule, to: &out)
      out.key("seq")
      out.int(seq)
      if let target {
        out.key("targetContentOffset")
        writePoint(target, to: &out)
      }
      out.key("time")
      out.number(event.time)
      if let velocity {
        out.key("velocity")
        writePoint(velocity, to: &out)
      }
      out.key("view")
      out.string(view)
      if let willDecelerate {
        out.key("willDecelerate")
        out.bool(willDecelerate)
      }
    case .table(let table, let callback, let section, let row, let identifier, let reused, let cell):
      out.string("event/table" as StaticString)
      out.key("params")
      out.beginObject()
      out.key("callback")
      out.string(callback.rawValue)
      if let cell {
        out.key("cell")
        out.int(cell)
      }
      if let identifier {
        out.key("identifier")
        out.string(identifier)
      }
      out.key("request")
      out.value(request)
      if let reused {
        out.key("reused")
        out.bool(reused)
      }
      out.key("row")
      out.int(row)
      if !event.rule.isEmpty {
        out.key("rule")
        out.string(event.rule)
      }
      out.key("section")
      out.int(section)
      out.key("seq")
      out.int(seq)
      out.key("table")
      out.string(table)
      out.key("time")
      out.number(event.time)
    case .delegate(let object, let delegateProtocol, let callback, let args, let result):
      out.string("event/delegate" as StaticString)
      out.key("params")
      out.beginObject()
      var arguments = JSONObject()
      for argument in args { arguments[argument.name] = json(argument.value) }
      out.key("args")
      out.value(.object(arguments))
      out.key("callback")
      out.string(callback)
      out.key("object")
      out.string(object)
      out.key("protocol")
      out.string(delegateProtocol)
      out.key("request")
      out.value(request)
      if let result {
        out.key("result")
        out.value(json(result))
      }
      if !event.rule.isEmpty {
        out.key("rule")
        out.string(event.rule)
      }
      writeSeqAndTime(seq, event.time, to: &out)
    case .coordinator(let controller, let tag, let callback, let isCancelled, let isInteractive, let percent):
      out.string("event/coordinator" as StaticString)
      out.key("params")
      out.beginObject()
      out.key("callback")
      out.string(callback.rawValue)
      out.key("controller")
      out.string(controller)
      out.key("isCancelled")
      out.bool(isCancelled)
      out.key("isInteractive")
      out.bool(isInteractive)
      out.key("percentComplete")
      out.number(percent)
      writeCause(request: request, rule: event.rule, to: &out)
      out.key("seq")
      out.int(seq)
      out.key("tag")
      out.string(tag)
      out.key("time")
      out.number(event.time)
    case .transitioning(let object, let callback, let didComplete):
      out.string("event/transitioning" as StaticString)
      out.key("params")
      out.beginObject()
      out.key("callback")
      out.string(callback.rawValue)
      if let didComplete {
        out.key("didComplete")
        out.bool(didComplete)
      }
      out.key("object")
      out.string(object)
      writeCause(request: request, rule: event.rule, to: &out)
      writeSeqAndTime(seq, event.time, to: &out)
    }
    out.endObject()
    out.endObject()
  }

  /// The member `key: true` when `condition` holds, nothing otherwise.
  private static func writeTrue(_ key: StaticString, if condition: Bool, to out: inout JSONOutput) {
    guard condition else { return }
    out.key(key)
    out.bool(true)
  }

  /// `request`, then `rule` when the event has one: adjacent in every event's key order.
  private static func writeCause(request: JSONValue, rule: String, to out: inout JSONOutput) {
    out.key("request")
    out.value(request)
    if !rule.isEmpty {
      out.key("rule")
      out.string(rule)
    }
  }

  private static func writeSeqAndTime(_ seq: Int, _ time: Double, to out: inout JSONOutput) {
    out.key("seq")
    out.int(seq)
    out.key("time")
    out.number(time)
  }

  private static func writeRect(_ rect: Rect, to out: inout JSONOutput) {
    out.beginObject()
    out.key("height")
    out.number(rect.height)
    out.key("width")
    out.number(rect.width)
    out.key("x")
    out.number(rect.x)
    out.key("y")
    out.number(rect.y)
    out.endObject()
  }

  private static func writePoint(_ point: Point, to out: inout JSONOutput) {
    out.beginObject()
    out.key("x")
    out.number(point.x)
    out.key("y")
    out.number(point.y)
    out.endObject()
  }
}

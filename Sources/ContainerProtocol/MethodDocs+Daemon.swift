import ContainerJSON

/// The descriptions and errors of every method (`MethodDoc`), merged into the specs by `Methods.all`; a test fails
/// for a registered method without one. This file: `daemon/*`, `rpc.discover`, `events/*` and the LSP lifecycle.
extension Methods {
  /// Every method's doc, by name.
  package static let docs: [String: MethodDoc] = daemonDocs.merging(controllerDocs) { first, _ in first }
    .merging(viewDocs) { first, _ in first }
    .merging(pageViewDocs) { first, _ in first }
    .merging(splitDocs) { first, _ in first }
    .merging(sheetDocs) { first, _ in first }
    .merging(transitionDocs) { first, _ in first }
    .merging(traitDocs) { first, _ in first }

  static let daemonDocs: [String: MethodDoc] = [
    "daemon/configure": MethodDoc(
      "Sets the engine options that decide the points the UIKit rules leave open (transition(from:to:) order, R8's "
        + "second didMove, R13's begin nesting, R69's viewIsAppearing, R64's callback phase, animation durations, "
        + "…) and answers every option's current value, so an empty call reads them. The options hold for the "
        + "world until changed; world/reset keeps them. Documentation/Modelled.md lists each open point with the "
        + "option that switches it."),
    "daemon/info": MethodDoc(
      "Who answers: the daemon's name and version, the wire protocol's version, the framing this request came in "
        + "(lines or headers), the limits in force (the serve flags), the virtual clock and the event kinds this "
        + "connection is subscribed to. It changes nothing."),
    "daemon/ping": MethodDoc(
      "Answers {pong: true} and changes nothing: a liveness check. It takes any params (or none) and ignores "
        + "them, so it never answers an error."),
    "daemon/shutdown": MethodDoc(
      "Answers {}, then the daemon stops reading, finishes the turn, writes what is queued and exits 0, as at the "
        + "end of its input. The rest of a batch it is in still runs. Over a socket (serve --listen) it stops the "
        + "daemon, not only this client's connection (LSP's shutdown and exit concern one connection)."),
    "rpc.discover": MethodDoc(
      "This document: every method with its summary, description, params (with defaults), result schema, errors "
        + "and one example recorded from a real run; the event/* notifications under x-events. It is generated from "
        + "the method registry and is the same bytes on every run of one build."),
    "events/subscribe": MethodDoc(
      "Adds event kinds to this connection's subscription (lifecycle, warning and delegate are subscribed from the start; "
        + "serve --events adds more). all subscribes every kind. With objects, only events about those ids are "
        + "written from now on (a later subscribe with objects replaces the list). The engine builds no event that "
        + "no client subscribed to."),
    "events/unsubscribe": MethodDoc(
      "Removes event kinds from this connection's subscription; all removes every kind. Events already written "
        + "are not taken back; seq keeps counting the events this connection receives."),
    "exit": MethodDoc(
      "LSP's exit notification: ends the session. Over stdio the daemon exits 0 if shutdown came first, 1 "
        + "without; over a socket it closes this connection. Sent with an id it answers null first."),
    "initialize": MethodDoc(
      "LSP's initialize, so that an editor's generic LSP client can attach: answers capabilities (nothing an editor "
        + "acts on), serverInfo, and under capabilities.experimental the protocol version and the method list. Once "
        + "per connection; a plain JSON-RPC client never needs it.",
      errors: [MethodError(.invalidRequest, "initialize was already received on this connection")]),
    "initialized": MethodDoc(
      "LSP's initialized notification: accepted and ignored. Sent with an id it answers null."),
    "shutdown": MethodDoc(
      "LSP's shutdown: answers null; afterwards this connection's requests other than exit get -32600 and its "
        + "notifications other than exit are dropped. The world is untouched."),
  ]
}

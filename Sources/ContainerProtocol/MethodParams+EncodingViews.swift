public import ContainerEngine
public import ContainerJSON

// Memberwise initializers and `encoded` for the view, scroll and table params a client sends
// (`EncodableMethodParams`). Defaults of the initializers are the spec's (`Methods.viewMethods`).

extension SceneLoadParams: EncodableMethodParams {
  /// A whole scene document (Documentation/Scenes.md) built in one turn.
  public init(scene: JSONValue) { self.scene = scene }

  public var encoded: JSONValue { ParamsBuilder(["scene": scene]).json }
}

extension ScrollFlingParams: EncodableMethodParams {
  /// A drag that ends with the finger's `velocity` (pt/s).
  public init(view: String, velocity: Point) {
    self.view = view
    self.velocity = velocity
  }

  public var encoded: JSONValue { ParamsBuilder(["view": view, "velocity": velocity]).json }
}

extension ScrollGetParams: EncodableMethodParams {
  /// The state of a scroll view.
  public init(view: String) { self.view = view }

  public var encoded: JSONValue { ParamsBuilder(["view": view]).json }
}

extension ScrollPanParams: EncodableMethodParams {
  /// One phase of a pan: `began`, `changed`, `ended` or `cancelled`; `translation` is cumulative since `began`.
  public init(
    view: String, phase: String, translation: Point = Point(x: 0, y: 0), velocity: Point = Point(x: 0, y: 0)
  ) {
    self.view = view
    self.phase = phase
    self.translation = translation
    self.velocity = velocity
  }

  public var encoded: JSONValue {
    ParamsBuilder(["view": view, "phase": phase, "translation": translation, "velocity": velocity]).json
  }
}

extension TableGetParams: EncodableMethodParams {
  /// The state of a table view.
  public init(table: String) { self.table = table }

  public var encoded: JSONValue { ParamsBuilder(["table": table]).json }
}

extension ViewAddSubviewParams: EncodableMethodParams {
  /// `superview.addSubview(view)`, or `insertSubview(_:at: index)`.
  public init(superview: String, view: String, index: Int? = nil) {
    self.superview = superview
    self.view = view
    self.index = index
  }

  public var encoded: JSONValue { ParamsBuilder(["superview": superview, "view": view, "index": index]).json }
}

extension ViewCreateParams: EncodableMethodParams {
  /// A view of `kind`.
  public init(
    id: String? = nil, kind: ViewKind = .UIView, frame: Rect? = nil, autoresizingMask: [String]? = nil,
    text: String? = nil
  ) {
    self.id = id
    self.kind = kind
    self.frame = frame
    self.autoresizingMask = autoresizingMask
    self.text = text
  }

  public var encoded: JSONValue {
    ParamsBuilder([
      "id": id, "kind": kind, "frame": frame, "autoresizingMask": autoresizingMask, "text": text,
    ]).json
  }
}

extension ViewGetParams: EncodableMethodParams {
  /// The state of a view.
  public init(view: String) { self.view = view }

  public var encoded: JSONValue { ParamsBuilder(["view": view]).json }
}

extension ViewSetFrameParams: EncodableMethodParams {
  /// `view.frame = frame`.
  public init(view: String, frame: Rect) {
    self.view = view
    self.frame = frame
  }

  public var encoded: JSONValue { ParamsBuilder(["view": view, "frame": frame]).json }
}

public import ContainerEngine
public import ContainerJSON

// The typed params of the view-side methods (`Methods.viewMethods`), in the same order.

// MARK: - layout/*

/// `layout/addConstraints`: the constraints as the engine takes them.
package struct LayoutAddConstraintsParams: MethodParams {
  package static let method = "layout/addConstraints"
  package var constraints: [Engine.ConstraintSpec]

  package init(_ params: Params) throws(RPCError) {
    constraints = []
    for constraint in try params.objects("constraints") {
      constraints.append(
        Engine.ConstraintSpec(
          id: try constraint.optional("id"), item: try constraint.value("item"),
          attribute: try constraint.value("attribute"), relation: try constraint.value("relation"),
          toItem: try constraint.optional("toItem"), toAttribute: try constraint.optional("toAttribute"),
          multiplier: try constraint.value("multiplier"), constant: try constraint.value("constant"),
          priority: try constraint.value("priority")))
    }
  }
}

/// `layout/layoutIfNeeded`.
package struct LayoutLayoutIfNeededParams: MethodParams {
  package static let method = "layout/layoutIfNeeded"
  package var view: String

  package init(_ params: Params) throws(RPCError) {
    view = try params.value("view")
  }
}

/// `layout/removeConstraints`.
package struct LayoutRemoveConstraintsParams: MethodParams {
  package static let method = "layout/removeConstraints"
  package var ids: [String]

  package init(_ params: Params) throws(RPCError) {
    ids = try params.value("ids")
  }
}

// MARK: - scene/*

/// `scene/load`: the document, validated by the server's scene reader (Documentation/Scenes.md).
public struct SceneLoadParams: MethodParams {
  public static let method = "scene/load"
  package var scene: JSONValue

  package init(_ params: Params) throws(RPCError) {
    scene = try params.value("scene")
  }
}

// MARK: - scroll/*

/// `scroll/configure`: absent properties keep their value.
package struct ScrollConfigureParams: MethodParams {
  package static let method = "scroll/configure"

  package var view: String
  package var contentSize: Size?
  package var contentInset: Insets?
  package var bounces: Bool?
  package var alwaysBounceVertical: Bool?
  package var alwaysBounceHorizontal: Bool?
  package var isPagingEnabled: Bool?
  package var decelerationRate: ScrollState.DecelerationRate?
  package var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior?

  package init(_ params: Params) throws(RPCError) {
    view = try params.value("view")
    contentSize = try params.optional("contentSize")
    contentInset = try params.optional("contentInset")
    bounces = try params.optional("bounces")
    alwaysBounceVertical = try params.optional("alwaysBounceVertical")
    alwaysBounceHorizontal = try params.optional("alwaysBounceHorizontal")
    isPagingEnabled = try params.optional("isPagingEnabled")
    decelerationRate = try params.optional("decelerationRate")
    contentInsetAdjustmentBehavior = try params.optional("contentInsetAdjustmentBehavior")
  }
}

/// `scroll/fling`.
public struct ScrollFlingParams: MethodParams {
  public static let method = "scroll/fling"
  package var view: String
  /// The finger's, pt/s.
  package var velocity: Point

  package init(_ params: Params) throws(RPCError) {
    view = try params.value("view")
    velocity = try params.value("velocity")
  }
}

/// `scroll/get`.
public struct ScrollGetParams: MethodParams {
  public static let method = "scroll/get"
  package var view: String

  package init(_ params: Params) throws(RPCError) {
    view = try params.value("view")
  }
}

/// `scroll/pan`.
public struct ScrollPanParams: MethodParams {
  public static let method = "scroll/pan"
  package var view: String
  /// `began`, `changed`, `ended` or `cancelled`.
  package var phase: String
  /// Cumulative since `began`, the finger's.
  package var translation: Point
  package var velocity: Point

  package init(_ params: Params) throws(RPCError) {
    view = try params.value("view")
    phase = try params.value("phase")
    translation = try params.value("translation")
    velocity = try params.value("velocity")
  }
}

/// `scroll/scrollRectToVisible`.
package struct ScrollRectToVisibleParams: MethodParams {
  package static let method = "scroll/scrollRectToVisible"
  package var view: String
  package var rect: Rect
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    view = try params.value("view")
    rect = try params.value("rect")
    animated = try params.value("animated")
  }
}

/// `scroll/setContentOffset`.
package struct ScrollSetContentOffsetParams: MethodParams {
  package static let method = "scroll/setContentOffset"
  package var view: String
  package var offset: Point
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    view = try params.value("view")
    offset = try params.value("offset")
    animated = try params.value("animated")
  }
}

// MARK: - keyboard/*

/// `keyboard/hide`.
package struct KeyboardHideParams: MethodParams {
  package static let method = "keyboard/hide"
  package var window: String
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    window = try params.value("window")
    animated = try params.value("animated")
  }
}

/// `keyboard/show`.
package struct KeyboardShowParams: MethodParams {
  package static let method = "keyboard/show"
  package var window: String
  package var height: Double
  package var animated: Bool

  package init(_ params: Params) throws(RPCError) {
    window = try params.value("window")
    height = try params.value("height")
    animated = try params.value("animated")
  }
}

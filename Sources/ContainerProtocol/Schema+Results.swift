import ContainerEngine
import ContainerJSON

/// The shapes of results that several methods share (`controller/get` and `world/snapshot`, `view/get` and
/// `world/snapshot`, …): what the handlers in RPCServer+*.swift build, field for field. A test checks every method's
/// example result against its schema.
extension Schema {
  /// An id, or null.
  static let idOrNull = Schema.nullable(.string)

  /// A controller as `controller/get` and `world/snapshot` describe it (RPCServer+Tree.swift `describe`).
  static let controllerState = Schema.object([
    Field("id", .string, required: true),
    Field("kind", .enumeration(ControllerKind.allCases.map(\.rawValue)), required: true),
    Field("className", idOrNull, required: true), Field("title", idOrNull, required: true),
    Field("restorationIdentifier", idOrNull, required: true),
    Field("forwardsAppearance", .boolean, required: true, "shouldAutomaticallyForwardAppearanceMethods"),
    Field("parent", idOrNull, required: true), Field("children", .array(.string), required: true),
    Field("isViewLoaded", .boolean, required: true), Field("view", idOrNull, required: true),
    Field(
      "appearance", .enumeration(["disappeared", "appearing", "appeared", "disappearing"]), required: true,
      "the appearance state (R11)"),
    Field("presentedViewController", idOrNull, required: true),
    Field("presentingViewController", idOrNull, required: true),
    Field("navigationController", idOrNull, required: true), Field("tabBarController", idOrNull, required: true),
    Field("isMovingToParent", .boolean, required: true), Field("isMovingFromParent", .boolean, required: true),
    Field("isBeingPresented", .boolean, required: true), Field("isBeingDismissed", .boolean, required: true),
    Field("additionalSafeAreaInsets", .insets, required: true),
    Field("definesPresentationContext", .boolean, required: true),
    Field("providesPresentationContextTransitionStyle", .boolean, required: true),
    Field(
      "modalPresentationStyle", .enumeration(ModalPresentationStyle.allCases.map(\.rawValue)), required: true),
    Field("modalTransitionStyle", .enumeration(ModalTransitionStyle.allCases.map(\.rawValue)), required: true),
    Field("isModalInPresentation", .boolean, "written when true (R58)"),
    Field("navigationBarHidden", .boolean, "UINavigationController only (R68)"),
    Field("toolbarHidden", .boolean, "UINavigationController only (R68)"),
    Field("tabBarHidden", .boolean, "UITabBarController only (R68)"),
    Field("selectedIndex", .nullable(.integer(minimum: 0)), "UITabBarController only: null without tabs (R25, R71)"),
    Field("selectedViewController", idOrNull, "UITabBarController only: null without tabs"),
    Field(
      "pageView",
      .object([
        Field("viewControllers", .array(.string), required: true),
        Field("pages", .nullable(.array(.string)), required: true),
        Field("transitionStyle", .enumeration(["scroll", "pageCurl"]), required: true),
        Field("spineLocation", .enumeration(["none", "min", "mid", "max"]), required: true),
        Field("isDoubleSided", .boolean, required: true), Field("isTransitioning", .boolean, required: true),
      ]), "UIPageViewController only: the pages shown, the data source's list, style and spine (R31–R38)"),
    Field("split", Methods.splitState, "UISplitViewController only: columns, display mode, collapse (R39–R42)"),
    Field(
      "traits", Methods.traitsResult, required: true, "its trait collection: its parent's with its overrides (R65, R67)"
    ),
    Field("traitOverrides", Methods.traitsParam(nullRemoves: false), "written when it has any (R67)"),
  ])

  /// A view as `view/get` and `world/snapshot` describe it (RPCServer+Tree.swift `describe`).
  static let viewState = Schema.object([
    Field("id", .string, required: true),
    Field("kind", .enumeration(ViewKind.allCases.map(\.rawValue)), required: true),
    Field("frame", .rect, required: true), Field("bounds", .rect, required: true),
    Field("superview", idOrNull, required: true), Field("subviews", .array(.string), required: true),
    Field("window", idOrNull, required: true),
    Field("frameInWindow", .nullable(.rect), required: true, "null outside a window"),
    Field("controller", idOrNull, required: true, "the controller whose root view it is"),
    Field("safeAreaInsets", .insets, required: true, "zero outside a window (R64, R68)"),
    Field("layoutMargins", .insets, required: true, "the effective margins (R64)"),
    Field("text", .string, "UILabel, UITextField: when set"), Field("isHidden", .boolean, "written when true"),
    Field("clipsToBounds", .boolean, "written when true"),
    Field("autoresizingMask", .array(.string), "written when not empty"),
    Field("safeArea", .insets, "UIWindow only: the window's own safe area"),
    Field("rootViewController", idOrNull, "UIWindow only"),
    Field("idiom", .enumeration(Methods.idioms), "UIWindow only (R65)"),
    Field("traits", Methods.traitsResult, "UIWindow only: its size classes by R65's table, style and scale"),
  ])

  /// The virtual clock as `daemon/info` and `world/snapshot` report it.
  static let clockState = Schema.object([
    Field("mode", .enumeration(["auto", "manual"]), required: true), Field("fps", .integer(minimum: 1), required: true),
    Field("now", .number(minimum: 0), required: true, "ms"),
  ])

  /// `world/snapshot`'s result (RPCServer+Snapshot.swift).
  static let worldSnapshot = Schema.object([
    Field("clock", clockState, required: true), Field("windows", .array(.string), required: true),
    Field("controllers", .array(controllerState), required: true), Field("views", .array(viewState), required: true),
  ])

  /// `scroll/get`'s result (RPCServer+ScrollViews.swift).
  static let scrollState = Schema.object([
    Field("contentOffset", .point, required: true), Field("contentSize", .size, required: true),
    Field("contentInset", .insets, required: true),
    Field("adjustedContentInset", .insets, required: true, "contentInset plus the safe-area adjustment"),
    Field("isTracking", .boolean, required: true), Field("isDragging", .boolean, required: true),
    Field("isDecelerating", .boolean, required: true),
  ])

  /// `paging/get`'s result (RPCServer+Paging.swift).
  static let pagingState = Schema.object([
    Field("index", .integer(minimum: 0), required: true, "the selected page"),
    Field("headerFrame", .rect, required: true, "in the container's coordinates"),
    Field(
      "pages",
      .array(
        .object([
          Field("controller", .string, required: true), Field("loaded", .boolean, required: true),
          Field("scrollView", .string, "the page's scroll view, once it has one"),
          Field("contentOffset", .point, "its contentOffset"),
        ])), required: true),
  ])

  /// An index path, `{section, row}`.
  static let indexPath = Schema.object([
    Field("section", .integer(minimum: 0), required: true), Field("row", .integer(minimum: 0), required: true),
  ])

  /// `table/get`'s result (RPCServer+Tables.swift).
  static let tableState = Schema.object([
    Field("style", .enumeration(TableStyle.allCases.map(\.rawValue)), required: true),
    Field("registered", .array(.string), required: true, "registered reuse identifiers, sorted"),
    Field("numberOfSections", .integer(minimum: 0), required: true),
    Field("numberOfRows", .integer(minimum: 0), required: true, "all sections together"),
    Field("contentSize", .size, required: true), Field("selected", .nullable(indexPath), required: true),
    Field(
      "cells",
      .array(
        .object([
          Field("section", .integer(minimum: 0), required: true), Field("row", .integer(minimum: 0), required: true),
          Field("cell", .integer(minimum: 0), required: true, "the cell object's number"),
          Field("identifier", .string, required: true),
        ])), required: true, "the displayed cells"),
    Field("cellsMade", .integer(minimum: 0), required: true, "cells created so far (reuse keeps it low)"),
  ])
}

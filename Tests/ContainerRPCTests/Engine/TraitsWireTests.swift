import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Testing

/// Traits on the wire (R60–R67): `window/configure`'s answer, `controller/get`'s traits and overrides, the `traits.*`
/// and `resize.*` options, and precise refusals that change nothing.
@Suite struct TraitsWireTests {
  /// A window `win` showing `R` embedding `C`.
  private func shown(_ window: JSONObject = ["id": "win"]) -> TestSession {
    let session = TestSession()
    session.call("window/create", .object(window))
    session.call("controller/create", ["id": "R"])
    session.call("controller/create", ["id": "C"])
    session.call("containment/embed", ["parent": "R", "child": "C"])
    session.call("window/setRoot", ["window": "win", "controller": "R"])
    return session
  }

  @Test func configureAnswersTheTraits() {
    let session = shown(["id": "win", "width": 1180, "height": 820])
    let phone = session.call("window/configure", ["window": "win"])
    #expect(phone.result?["traits"]?["verticalSizeClass"] == "compact")
    let pad = session.call("window/configure", ["window": "win", "idiom": "pad", "userInterfaceStyle": "dark"])
    #expect(pad.result?["traits"]?["horizontalSizeClass"] == "regular")
    #expect(pad.result?["traits"]?["verticalSizeClass"] == "regular")
    #expect(pad.result?["traits"]?["userInterfaceStyle"] == "dark")
    #expect(pad.result?["traits"]?["displayScale"] == 2)
    let child = session.call("controller/get", ["controller": "C"])
    #expect(child.result?["traits"]?["horizontalSizeClass"] == "regular")
    let snapshot = session.call("view/get", ["view": "win"])
    #expect(snapshot.result?["idiom"] == "pad")
  }

  @Test func overridesMergeAndAreReported() {
    let session = shown()
    let set = session.call(
      "controller/setTraitOverrides", ["controller": "C", "traits": ["horizontalSizeClass": "regular"]])
    #expect(set.result?["traits"]?["horizontalSizeClass"] == "regular")
    session.call("controller/setTraitOverrides", ["controller": "C", "traits": ["userInterfaceStyle": "dark"]])
    let got = session.call("controller/get", ["controller": "C"])
    #expect(got.result?["traitOverrides"] == ["horizontalSizeClass": "regular", "userInterfaceStyle": "dark"])
    session.call(
      "controller/setTraitOverrides",
      ["controller": "C", "traits": ["horizontalSizeClass": .null, "userInterfaceStyle": .null]])
    #expect(session.call("controller/get", ["controller": "C"]).result?["traitOverrides"] == nil)
  }

  /// Traits that cannot exist, an unknown idiom, an unknown registration id, overrides on an unknown controller,
  /// a registration naming neither or both objects: each refused precisely, nothing changed, nothing emitted.
  @Test func badInputIsRefusedPrecisely() {
    let session = shown()
    session.call("events/subscribe", ["kinds": ["all"]])
    let before = session.call("world/snapshot", [:]).result
    let cases: [(String, JSONObject, Int, String?)] = [
      (
        "controller/setTraitOverrides", ["controller": "C", "traits": ["horizontalSizeClass": "unspecified"]],
        -32602, "params.traits.horizontalSizeClass"
      ),
      (
        "controller/setTraitOverrides", ["controller": "C", "traits": ["displayScale": 2]], -32602,
        "params.traits.displayScale"
      ),
      ("controller/setTraitOverrides", ["controller": "nobody", "traits": [:]], -32000, nil),
      ("window/configure", ["window": "win", "idiom": "watch"], -32602, "params.idiom"),
      ("window/configure", ["window": "R.view", "idiom": "pad"], -32602, "params.window"),
      (
        "window/resize", ["window": "win", "width": 844, "height": 390, "traits": ["verticalSizeClass": "tiny"]],
        -32602, "params.traits.verticalSizeClass"
      ),
      ("traits/unregister", ["id": "C.traitRegistration9"], -32602, "params.id"),
      ("traits/register", ["traits": ["verticalSizeClass"]], -32602, "params.controller"),
      (
        "traits/register", ["controller": "C", "view": "C.view", "traits": ["verticalSizeClass"]], -32602,
        "params.controller"
      ),
      ("traits/register", ["controller": "C", "traits": []], -32602, "params.traits"),
      ("traits/register", ["controller": "C", "traits": ["colour"]], -32602, "params.traits[0]"),
      ("transition/setAnimator", ["controller": "R", "kind": "resize"], -32602, "params.kind"),
    ]
    for (method, params, code, path) in cases {
      let reply = session.call(method, .object(params))
      #expect(reply.error?["code"] == .int(Int64(code)), "\(method) \(params)")
      if let path { #expect(reply.error?["data"]?["path"] == .string(path), "\(method) \(params)") }
      #expect(reply.events.isEmpty, "\(method) \(params)")
    }
    #expect(session.call("world/snapshot", [:]).result == before)
  }

  /// The options: their defaults, and each set to its non-default value (the behaviour is the engine tests').
  @Test func optionsRoundTrip() {
    let session = TestSession()
    let defaults = session.call("daemon/configure", [:]).result?["options"]
    #expect(defaults?["traits.sizeClassPolicy"] == "device")
    #expect(defaults?["traits.padCompactWidthThreshold"] == 678)
    #expect(defaults?["traits.handlerOrder"] == "handlerFirst")
    #expect(defaults?["traits.landscapeSafeArea"] == ["top": 0, "left": 47, "bottom": 21, "right": 47])
    #expect(defaults?["traits.styleChangeCallsDidChange"] == true)
    #expect(defaults?["resize.duration"] == 0.3)
    let set = session.call(
      "daemon/configure",
      [
        "options": [
          "traits.sizeClassPolicy": "compactPhones", "traits.padCompactWidthThreshold": 700,
          "traits.handlerOrder": "legacyFirst",
          "traits.landscapeSafeArea": ["top": 0, "left": 0, "bottom": 0, "right": 0],
          "traits.styleChangeCallsDidChange": false, "resize.duration": 0.5,
        ]
      ]
    ).result?["options"]
    #expect(set?["traits.sizeClassPolicy"] == "compactPhones")
    #expect(set?["traits.handlerOrder"] == "legacyFirst")
    #expect(set?["resize.duration"] == 0.5)
    // compactPhones: a Max phone in landscape stays compact width; the landscape safe area is the option's.
    session.call("window/create", ["id": "win", "width": 428, "height": 926])
    session.call("window/resize", ["window": "win", "width": 926, "height": 428])
    let window = session.call("view/get", ["view": "win"]).result
    #expect(window?["traits"]?["horizontalSizeClass"] == "compact")
    #expect(window?["safeArea"] == ["top": 0, "left": 0, "bottom": 0, "right": 0])
  }

  /// `resize.duration` and `duration`: the resize's completion comes at the end of its animation; a non-animated one
  /// at the turn's end (R66).
  @Test func resizeCompletionTime() {
    let session = shown()
    session.call("events/subscribe", ["kinds": ["completion"]])
    let animated = session.call("window/resize", ["window": "win", "width": 844, "height": 390, "duration": 0.5])
    #expect(animated.events.last?["params"]?["of"] == "resize")
    #expect(animated.events.last?["params"]?["time"] == 500)
    let immediate = session.call(
      "window/resize", ["window": "win", "width": 390, "height": 844, "animated": false])
    #expect(immediate.events.last?["params"]?["time"] == 500)
    // `resize.duration` set to 0.2: an animated resize without `duration` ends 200 ms later.
    session.call("daemon/configure", ["options": ["resize.duration": 0.2]])
    let optioned = session.call("window/resize", ["window": "win", "width": 844, "height": 390])
    #expect(optioned.events.last?["params"]?["of"] == "resize")
    #expect(optioned.events.last?["params"]?["time"] == 700)
  }

  /// `scene/load`: a window's idiom and style, a controller's overrides (told nothing: the traits are predicted,
  /// R62); a wrong idiom at its path. `world/render`'s legend names the size classes (R65).
  @Test func sceneAndRender() {
    let session = TestSession()
    session.call("events/subscribe", ["kinds": ["layout"]])
    let loaded = session.call(
      "scene/load",
      [
        "scene": [
          "windows": [
            [
              "id": "w", "width": 1180, "height": 820, "idiom": "pad", "userInterfaceStyle": "dark",
              "root": [
                "id": "R",
                "children": [["controller": ["id": "C", "traitOverrides": ["horizontalSizeClass": "compact"]]]],
              ],
            ]
          ]
        ]
      ])
    #expect(!loaded.events.contains { $0["params"]?["callback"] == "traitCollectionDidChange" })
    let child = session.call("controller/get", ["controller": "C"]).result
    #expect(child?["traitOverrides"] == ["horizontalSizeClass": "compact"])
    #expect(child?["traits"]?["horizontalSizeClass"] == "compact")
    #expect(child?["traits"]?["userInterfaceStyle"] == "dark")
    let root = session.call("controller/get", ["controller": "R"]).result
    #expect(root?["traits"]?["horizontalSizeClass"] == "regular")
    let wrong = session.call("scene/load", ["scene": ["windows": [["idiom": "watch"]]]])
    #expect(wrong.error?["data"]?["path"] == "params.scene.windows[0].idiom")
    let wrongOverride = session.call(
      "scene/load", ["scene": ["controllers": [["traitOverrides": ["verticalSizeClass": "huge"]]]]])
    #expect(wrongOverride.error?["data"]?["path"] == "params.scene.controllers[0].traitOverrides.verticalSizeClass")
    let svg = session.call("world/render", ["window": "w"]).result?["svg"]?.stringValue ?? ""
    #expect(svg.contains("Window · pad · wR hR · dark"))
  }
}

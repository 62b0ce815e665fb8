import ContainerJSON
import Testing

@testable import ContainerProtocol

/// The registry's method index (`MethodRegistry.index(of:)`, a hash of the name's bytes into a small table) against
/// the plain search it replaces: every registered name resolves to its own spec, and every other name to none.
@Suite struct MethodIndexTests {
  @Test func everyRegisteredNameResolvesToItsSpec() {
    let registry = Methods.registry
    for (index, spec) in registry.methods.enumerated() {
      #expect(registry.index(of: spec.name) == index)
      #expect(registry.spec(spec.name)?.name == spec.name)
      #expect(registry.mayTakeLong(at: index) == spec.mayTakeLong, "\(spec.name)")
      // The name as read from the wire: a string with storage of its own, not the literal.
      let fromWire = String(decoding: Array(spec.name.utf8), as: UTF8.self)
      #expect(registry.index(of: fromWire) == index)
    }
    #expect(registry.methods.filter(\.mayTakeLong).map(\.name).sorted() == Methods.mayTakeLong.sorted())
  }

  @Test func everyOtherNameResolvesToNone() {
    let registry = Methods.registry
    var candidates = [
      "", "/", "a", "daemon", "daemon/", "Daemon/ping", "daemon/ping ", " daemon/ping", "daemon/pin", "daemon/pingg",
      "ping/daemon", "daemon\u{0}/ping", "dæmon/ping", "daemon/ping\u{0}", String(repeating: "x", count: 4096),
    ]
    for spec in registry.methods {
      let name = spec.name
      candidates += [
        String(name.dropLast()), name + "x", name.uppercased(), String(name.dropFirst()), String(name.reversed()),
        name.replacingFirst("/", with: "."),
      ]
    }
    for candidate in candidates {
      let expected = registry.methods.firstIndex { $0.name == candidate }
      #expect(registry.index(of: candidate) == expected, "\(candidate)")
      #expect(registry.spec(candidate)?.name == expected.map { registry.methods[$0].name })
    }
  }

  @Test func aLargeRegistryWithADuplicateKeepsTheFirst() throws {
    let specs = (0..<300).map { MethodSpec("m/\($0)", "first") } + [MethodSpec("m/7", "second")]
    let registry = MethodRegistry(specs)
    for number in 0..<300 { #expect(registry.index(of: "m/\(number)") == number) }
    #expect(registry.spec("m/7")?.summary == "first")
    #expect(registry.index(of: "m/300") == nil)
    #expect(MethodRegistry([]).index(of: "daemon/ping") == nil)
    #expect(MethodRegistry([]).index(of: "") == nil)
  }

  @Test func validationByIndexIsValidationByName() {
    let registry = Methods.registry
    let calls = [
      Call(id: 1, method: "view/get", params: ["view": "v"]),
      Call(id: 1, method: "view/get", params: ["view": 1]),
      Call(id: 1, method: "view/get", params: ["viw": "v"]),
      Call(id: 1, method: "view/get", params: [1]),
      Call(id: 1, method: "view/gt", params: nil),
      Call(id: 1, method: "daemon/ping", params: ["any": true]),
      Call(id: 1, method: "controller/create", params: ["id": "c", "kind": "UINavigationController"]),
    ]
    for call in calls {
      let byName = Result { () throws(RPCError) in try registry.validate(call).members }
      let byIndex = Result { () throws(RPCError) in
        try registry.validate(call, method: registry.index(of: call.method)).members
      }
      #expect(byName == byIndex)
    }
  }
}

extension String {
  fileprivate func replacingFirst(_ target: Character, with replacement: Character) -> String {
    guard let index = firstIndex(of: target) else { return self }
    var copy = self
    copy.replaceSubrange(index...index, with: String(replacement))
    return copy
  }
}

import ContainerJSON
import ContainerProtocol
import ContainerRPC
import Foundation
import Testing

/// The method reference: every method described with errors and a real example; the examples run as declared and
/// match the schemas `rpc.discover` publishes; Documentation/Reference.md is what `containerd reference` prints.
@Suite struct ReferenceTests {
  static let run = MethodExampleRunner.runAll()
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func everyMethodHasADescriptionErrorsAndAnExample() {
    for spec in Methods.all {
      #expect(spec.description.count > 40, "\(spec.name) has no description (MethodDocs+*.swift)")
      #expect(Methods.examples[spec.name] != nil, "\(spec.name) has no example (MethodExamples*.swift)")
      if case .fields = spec.params {
        #expect(spec.allErrors.first?.code == .invalidParams, "\(spec.name): -32602 comes first")
      }
    }
    let names = Set(Methods.all.map(\.name))
    #expect(Set(Methods.examples.keys).subtracting(names).isEmpty, "examples of methods that are not registered")
    #expect(Set(Methods.docs.keys).subtracting(names).isEmpty, "docs of methods that are not registered")
  }

  @Test func everyExampleRunsAsDeclared() {
    #expect(Self.run.failures == [])
    #expect(Self.run.recordings.count == Methods.all.count)
  }

  @Test func anExampleThatFailsUnexpectedlyIsReported() {
    let broken = MethodExample("a controller that does not exist", params: #"{"controller":"nope"}"#)
    guard case .failure(let failure) = MethodExampleRunner.run(broken, method: "controller/get") else {
      Issue.record("the failing example was recorded")
      return
    }
    #expect(failure.message.contains("-32000"))
    let marked = MethodExample("shows the error", params: #"{"controller":"nope"}"#, showsError: true)
    guard case .success(let recording) = MethodExampleRunner.run(marked, method: "controller/get") else {
      Issue.record("the example marked showsError was refused")
      return
    }
    #expect(recording.response["error"]?["code"] == -32000)
  }

  /// The result schemas are precise: each example's real result passes its method's result schema (unknown members
  /// are refused, required ones must be there).
  @Test func exampleResultsMatchTheResultSchemas() throws {
    for spec in Methods.all {
      let recording = try #require(Self.run.recordings[spec.name])
      guard recording.example.resultKeys == nil, let result = recording.response["result"] else { continue }
      #expect(throws: Never.self, "\(spec.name)'s result") { try spec.result.validate(result, path: "result") }
    }
  }

  @Test func exampleEventsMatchTheEventSpecs() throws {
    var seen = Set<String>()
    for (method, recording) in Self.run.recordings {
      for event in recording.events {
        let name = event["method"]?.stringValue ?? ""
        let spec = try #require(Events.all.first { $0.name == name }, "\(method): \(name) is not in Events.all")
        seen.insert(name)
        #expect(throws: Never.self, "\(method): \(event.encodedString)") {
          try spec.params.validate(event["params"] ?? .null, path: "params")
        }
      }
    }
    // The examples show every kind of event at least once.
    #expect(seen == Set(Events.all.map(\.name)))
  }

  @Test func theDocumentIsDeterministic() {
    let again = Methods.registry.openRPCDocument(
      version: DaemonVersion.current, examples: MethodExampleRunner.runAll().recordings)
    #expect(again.encodedString == RPCServer.discoverDocument.encodedString)
  }

  @Test func referenceHeadingsAreOnePerMethodUnderItsFamily() {
    let text = ReferenceMarkdown.render(RPCServer.discoverDocument)
    for spec in Methods.all {
      #expect(text.components(separatedBy: "\n### `\(spec.name)`\n").count == 2, "\(spec.name)'s heading")
    }
    let controller = text.range(of: "\n## controller\n")
    let create = text.range(of: "\n### `controller/create`\n")
    #expect(controller != nil && create != nil && controller!.lowerBound < create!.lowerBound)
    #expect(text.contains("(#controllercreate)"))
  }

  /// Documentation/Reference.md is generated: it must be what `containerd reference` prints now.
  @Test func referenceMarkdownIsCurrent() throws {
    let path = Self.root.appendingPathComponent("Documentation/Reference.md")
    let committed = (try? String(contentsOf: path, encoding: .utf8)) ?? ""
    let generated = ReferenceMarkdown.render(RPCServer.discoverDocument)
    if committed != generated {
      let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
      let new = generated.split(separator: "\n", omittingEmptySubsequences: false)
      let line = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
      Issue.record(
        """
        Documentation/Reference.md is stale (first difference at line \(line + 1)). Regenerate it with:
          \(ReferenceMarkdown.regenerate)
        """)
    }
  }
}

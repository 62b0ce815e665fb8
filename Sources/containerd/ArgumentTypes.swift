public import ArgumentParser
import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerTransport
public import Logging

// MARK: - Argument types

/// A byte count with an optional K, M or G suffix (powers of 1024).
struct ByteCount: ExpressibleByArgument {
  var value: Int

  init(_ value: Int) { self.value = value }

  init?(argument: String) {
    var text = Substring(argument.uppercased())
    if text.hasSuffix("IB") { text = text.dropLast(2) } else if text.hasSuffix("B") { text = text.dropLast() }
    var multiplier = 1
    switch text.last {
    case "K": multiplier = 1 << 10
    case "M": multiplier = 1 << 20
    case "G": multiplier = 1 << 30
    default: break
    }
    if multiplier != 1 { text = text.dropLast() }
    guard let number = Int(text), number >= 0, number <= Int.max / multiplier else { return nil }
    value = number * multiplier
  }

  var defaultValueDescription: String { "\(value)" }
}

/// A comma-separated list of event kinds, or `all`.
struct EventSelection: ExpressibleByArgument {
  var kinds: Set<EventKind>

  init?(argument: String) {
    var kinds = Set<EventKind>()
    for name in argument.split(separator: ",") {
      let name = String(name.trimmingCharacters(in: " "))
      if name == "all" {
        kinds.formUnion(EventKind.allCases)
      } else if let kind = EventKind(rawValue: name) {
        kinds.insert(kind)
      } else {
        return nil
      }
    }
    self.kinds = kinds
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: Character) -> Substring {
    var slice = self
    while slice.first == set { slice = slice.dropFirst() }
    while slice.last == set { slice = slice.dropLast() }
    return slice
  }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

extension PrettyHandler.Destination: ExpressibleByArgument {}

import ContainerRPCTestSupport
import Testing

/// R68 through the built binary (and in process): a table under a navigation bar in a 390×844 window gets
/// adjustedContentInset.top 91 and rests at −91; as the root of a navigation controller in a tab its bottom inset is
/// 83; `navigation/setNavigationBarHidden` gives 47 back (offset −47, `cause: inset`); a controller with
/// `hidesBottomBarWhenPushed` takes the tab bar away while it is on the stack (83 → 34 → 83).
@Suite struct BarsOverPipesTests {
  static let requests = [
    #"{"jsonrpc":"2.0","id":1,"method":"window/create","params":{"id":"win"}}"#,
    #"{"jsonrpc":"2.0","id":2,"method":"controller/create","params":{"id":"list","kind":"UITableViewController"}}"#,
    #"{"jsonrpc":"2.0","id":3,"method":"controller/create","params":{"id":"nav","kind":"UINavigationController","root":"list"}}"#,
    #"{"jsonrpc":"2.0","id":4,"method":"controller/create","params":{"id":"tabs","kind":"UITabBarController","controllers":["nav"]}}"#,
    #"{"jsonrpc":"2.0","id":5,"method":"window/setRoot","params":{"window":"win","controller":"tabs"}}"#,
    #"{"jsonrpc":"2.0","id":6,"method":"events/unsubscribe","params":{"kinds":["lifecycle"]}}"#,
    #"{"jsonrpc":"2.0","id":7,"method":"scroll/get","params":{"view":"list.view"}}"#,
    #"{"jsonrpc":"2.0","id":8,"method":"events/subscribe","params":{"kinds":["offset"]}}"#,
    #"{"jsonrpc":"2.0","id":9,"method":"navigation/setNavigationBarHidden","params":{"navigation":"nav","hidden":true}}"#,
    #"{"jsonrpc":"2.0","id":10,"method":"navigation/setNavigationBarHidden","params":{"navigation":"nav","hidden":false}}"#,
    #"{"jsonrpc":"2.0","id":11,"method":"controller/create","params":{"id":"detail","kind":"UITableViewController","hidesBottomBarWhenPushed":true}}"#,
    #"{"jsonrpc":"2.0","id":12,"method":"navigation/push","params":{"navigation":"nav","controller":"detail","animated":false}}"#,
    #"{"jsonrpc":"2.0","id":13,"method":"scroll/get","params":{"view":"detail.view"}}"#,
    #"{"jsonrpc":"2.0","id":14,"method":"navigation/pop","params":{"navigation":"nav","animated":false}}"#,
    #"{"jsonrpc":"2.0","id":15,"method":"scroll/get","params":{"view":"list.view"}}"#,
  ]

  /// The answers, byte for byte, after the setup's (ids 1 to 6; `seq` counts the setup's 19 events).
  static let expected = [
    #"{"id":7,"jsonrpc":"2.0","result":{"adjustedContentInset":{"bottom":83,"left":0,"right":0,"top":91},"contentInset":{"bottom":0,"left":0,"right":0,"top":0},"contentOffset":{"x":0,"y":-91},"contentSize":{"height":0,"width":0},"isDecelerating":false,"isDragging":false,"isTracking":false}}"#,
    #"{"id":8,"jsonrpc":"2.0","result":{}}"#,
    #"{"jsonrpc":"2.0","method":"event/offset","params":{"cause":"inset","request":9,"seq":20,"time":0,"view":"list.view","x":0,"y":-47}}"#,
    #"{"id":9,"jsonrpc":"2.0","result":{}}"#,
    #"{"jsonrpc":"2.0","method":"event/offset","params":{"cause":"inset","request":10,"seq":21,"time":0,"view":"list.view","x":0,"y":-91}}"#,
    #"{"id":10,"jsonrpc":"2.0","result":{}}"#,
    #"{"id":11,"jsonrpc":"2.0","result":{"id":"detail","view":"detail.view"}}"#,
  ]

  @Test(arguments: Transport.allCases)
  func barsExtendTheSafeArea(_ transport: Transport) throws {
    let lines = try transport.exchange(Self.requests.joined(separator: "\n") + "\n")
    let answers = Array(lines.drop { !$0.hasPrefix(#"{"id":7,"#) })
    #expect(Array(answers.prefix(Self.expected.count)) == Self.expected)
    let detail = answers.first { $0.hasPrefix(#"{"id":13,"#) }
    #expect(detail?.contains(#""adjustedContentInset":{"bottom":34,"left":0,"right":0,"top":91}"#) == true)
    #expect(detail?.contains(#""contentOffset":{"x":0,"y":-91}"#) == true)
    let list = answers.first { $0.hasPrefix(#"{"id":15,"#) }
    #expect(list?.contains(#""adjustedContentInset":{"bottom":83,"left":0,"right":0,"top":91}"#) == true)
  }
}

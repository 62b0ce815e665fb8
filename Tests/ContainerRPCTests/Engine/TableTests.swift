import ContainerEngine
import ContainerJSON
import ContainerProtocol
import ContainerRPC
import ContainerRPCTestSupport
import ContainerTransport
import Foundation
import Testing

/// UITableView: layout, visible rows, sticky headers, scrollToRow, cell reuse, dequeue failures, selection
/// (S2.8).
@Suite struct TableTests {
  /// `t`, a UITableView at (0, `y`) of 390×`height` in window `w` (390×844, safe area 47/34). With y ≥ 47 and
  /// y + height ≤ 810 it overlaps no safe area, so its adjustedContentInset is its contentInset.
  private func shownTable(
    y: Double = 100, height: Double = 600, register identifiers: [String] = ["A"], configure: JSONValue? = nil
  ) -> TestSession {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    session.call(
      "view/create",
      ["id": "t", "kind": "UITableView", "frame": ["x": 0, "y": .number(y), "width": 390, "height": .number(height)]])
    session.call("view/addSubview", ["superview": "w", "view": "t"])
    if var configure = configure.flatMap(\.objectValue) {
      configure["view"] = "t"
      session.call("scroll/configure", .object(configure))
    }
    for identifier in identifiers {
      session.call("table/register", ["table": "t", "identifier": .string(identifier)])
    }
    session.call("events/subscribe", ["kinds": ["table", "offset", "scroll"]])
    return session
  }

  /// Index paths as `table/visibleRows` writes them.
  private func paths(_ list: [(Int, Int)]) -> JSONValue {
    .array(list.map { ["section": .int(Int64($0.0)), "row": .int(Int64($0.1))] })
  }

  private func visibleRows(_ session: TestSession, _ table: String = "t") -> JSONValue? {
    session.call("table/visibleRows", ["table": .string(table)]).result?["rows"]
  }

  private func headers(_ session: TestSession, _ table: String = "t") -> JSONValue? {
    session.call("table/visibleRows", ["table": .string(table)]).result?["headers"]
  }

  @discardableResult
  private func setOffset(_ session: TestSession, _ y: Double, view: String = "t") -> TestSession.Exchange {
    session.call("scroll/setContentOffset", ["view": .string(view), "offset": ["x": 0, "y": .number(y)]])
  }

  private func offsetY(_ session: TestSession, view: String = "t") -> Double? {
    session.call("scroll/get", ["view": .string(view)]).result?["contentOffset"]?["y"]?.doubleValue
  }

  /// Offset and table events as short strings: `offset 75 programmatic`, `cellForRow 0.4 A reused #1`,
  /// `didEndDisplaying 0.0 A #1`, `didSelectRow 0.2 B`.
  private func trace(_ events: [JSONValue]) -> [String] {
    events.compactMap { event in
      let params = event["params"] ?? .null
      switch event["method"]?.stringValue {
      case "event/offset":
        return "offset \(params["y"]?.encodedString ?? "?") \(params["cause"]?.stringValue ?? "?")"
      case "event/table":
        var text = "\(params["callback"]?.stringValue ?? "?") "
        text += "\(params["section"]?.encodedString ?? "?").\(params["row"]?.encodedString ?? "?")"
        text += " \(params["identifier"]?.stringValue ?? "nil")"
        if let reused = params["reused"]?.boolValue { text += reused ? " reused" : " new" }
        if let cell = params["cell"] { text += " #\(cell.encodedString)" }
        return text
      default:
        return nil
      }
    }
  }

  /// Table header 30, padding 8, footer 25. Section 0: header 40, footer 10, rows 44, 60, 30 (8+40+134+10 = 192).
  /// Section 1: no header (so no padding), footer 20, rows 100, 50 (170). Section 2: header 22, no footer, 3 × 44
  /// (8+22+132 = 162). Content: 30 + 192 + 170 + 162 + 25 = 579.
  private let mixedData = json(
    #"""
    {"table":"t","tableHeaderHeight":30,"tableFooterHeight":25,"sectionHeaderTopPadding":8,"sections":[
      {"headerHeight":40,"footerHeight":10,"rows":[
        {"identifier":"A","height":44},{"identifier":"A","height":60},{"identifier":"A","height":30}]},
      {"footerHeight":20,"heights":[100,50],"identifier":"A"},
      {"headerHeight":22,"rowCount":3,"rowHeight":44,"identifier":"A"}]}
    """#)

  // MARK: - Layout

  /// S2.8 layout rule: contentSize.h = tableHeader.h + Σ_s [topPadding_s + header_s + Σ rows +
  /// footer_s] + tableFooter.h = 30 + 192 + 170 + 162 + 25 = 579 (the padding applies only above a header with a
  /// height, TableState.swift), width the table's 390; table/get reports the same shape.
  @Test func contentSizeWithMixedHeightsHeadersFootersAndPadding() {
    let session = shownTable(height: 200)
    #expect(session.call("table/setData", mixedData).result == ["contentSize": ["width": 390, "height": 579]])
    let table = session.call("table/get", ["table": "t"]).result
    #expect(table?["contentSize"] == ["width": 390, "height": 579])
    #expect(table?["numberOfSections"] == 3)
    #expect(table?["numberOfRows"] == 8)
    #expect(table?["style"] == "plain")
    #expect(session.call("scroll/get", ["view": "t"]).result?["contentSize"] == ["width": 390, "height": 579])
  }

  /// S2.8 layout rule: row i of section s sits at the cumulative y (table header, then per section
  /// padding + header, rows, footer). Section tops: 30, 222, 392.
  @Test(arguments: [
    (0, 0, 78.0, 44.0), (0, 1, 122, 60), (0, 2, 182, 30), (1, 0, 222, 100), (1, 1, 322, 50), (2, 0, 422, 44),
    (2, 2, 510, 44),
  ])
  func rectForRow(_ section: Int, _ row: Int, _ y: Double, _ height: Double) {
    let session = shownTable(height: 200)
    session.call("table/setData", mixedData)
    let rect = session.call(
      "table/rectForRow", ["table": "t", "section": .int(Int64(section)), "row": .int(Int64(row))])
    #expect(rect.result == ["rect": ["x": 0, "y": .number(y), "width": 390, "height": .number(height)]])
  }

  /// S2.8 visible rows: rows whose rect intersects [o.y, o.y + 200). At 122 row 0.0 (78..122) ends
  /// exactly at the top edge and row 1.1 (322..372) starts exactly at the bottom edge: both are excluded. Section 0's
  /// header (natural y 38) is pinned at o.y and pushed up to 222 − 10 − 40 = 172; section 2's header (natural y 400)
  /// starting exactly at the bottom edge (o.y 200) is not in view.
  @Test(
    arguments: [
      (0.0, [[0, 0], [0, 1], [0, 2]], [[0, 38, 40]]),
      (122.0, [[0, 1], [0, 2], [1, 0]], [[0, 122, 40]]),
      (160.0, [[0, 1], [0, 2], [1, 0], [1, 1]], [[0, 160, 40]]),
      (200.0, [[0, 2], [1, 0], [1, 1]], [[0, 172, 40]]),
      (379.0, [[2, 0], [2, 1], [2, 2]], [[2, 400, 22]]),
    ] as [(Double, [[Int]], [[Double]])])
  func visibleRowsWithMixedHeights(_ offset: Double, _ pairs: [[Int]], _ sticky: [[Double]]) {
    let rows = pairs.map { ($0[0], $0[1]) }
    let session = shownTable(height: 200)
    session.call("table/setData", mixedData)
    setOffset(session, offset)
    #expect(offsetY(session) == offset)
    #expect(visibleRows(session) == paths(rows))
    let expected: [JSONValue] = sticky.map {
      ["section": .number($0[0]), "y": .number($0[1]), "height": .number($0[2])]
    }
    #expect(headers(session) == .array(expected))
    // The displayed cells are exactly the visible rows.
    let cells = session.call("table/get", ["table": "t"]).result?["cells"]?.arrayValue ?? []
    #expect(
      cells.map { ["section": $0["section"] ?? .null, "row": $0["row"] ?? .null] as JSONValue }
        == rows.map {
          ["section": .int(Int64($0.0)), "row": .int(Int64($0.1))] as JSONValue
        })
  }

  /// S2.8 visible rows, at the edges: a row is listed when the rect `table/rectForRow` reports
  /// intersects [o.y, o.y + 50), its bottom being the client's own `y + height` in doubles. With fractional heights
  /// the two used to disagree by one ulp: row 1 is y 0.11 (0.1 + 0.01), height 0.01 (0.02 − 0.01), so it ends at 0.12
  /// for the client, and an offset of 0.12 listed it anyway. Then every row's two edges are tried: the top edge at
  /// its bottom and the bottom edge at its top.
  @Test func visibleRowsAgreeWithRectForRowToTheLastBit() {
    let session = shownTable(height: 50)
    session.call(
      "table/setData",
      json(
        #"""
        {"table":"t","tableHeaderHeight":0.1,"sections":[{"identifier":"A","heights":
          [0.01,0.01,12.345,43.7,0.3,0.1,43.7,0.2,0.3,0.1,44.1,0.7,12.345,0.1,0.01]}]}
        """#))
    let rects = (0..<15).map { row in
      let rect = session.call("table/rectForRow", ["table": "t", "section": 0, "row": .int(Int64(row))]).result
      return (y: rect?["rect"]?["y"]?.doubleValue ?? .nan, height: rect?["rect"]?["height"]?.doubleValue ?? .nan)
    }
    #expect(rects[1].y == 0.11 && rects[1].y + rects[1].height == 0.12)
    setOffset(session, 0.12)
    #expect(visibleRows(session) == paths([(0, 2), (0, 3)]))

    let maxOffset = rects[14].y + rects[14].height - 50
    for (y, height) in rects {
      for offset in [y + height, y - 50] where offset >= 0 && offset <= maxOffset {
        setOffset(session, offset)
        #expect(offsetY(session) == offset)
        let expected = rects.indices.filter { rects[$0].y < offset + 50 && rects[$0].y + rects[$0].height > offset }
        #expect(visibleRows(session) == paths(expected.map { (0, $0) }), "offset \(offset)")
      }
    }
  }

  // MARK: - Sticky headers

  /// Two sections for the sticky-header tests: section 0 = header 30, 5 × 40, footer 10 (0..240); section 1 =
  /// header 30, 10 × 40 (240..670). The table (300 high) has contentInset.top 20 and no safe-area adjustment, so
  /// adjusted.top = 20.
  private func stickySession(style: String) -> TestSession {
    let session = shownTable(
      height: 300,
      configure: [
        "contentInsetAdjustmentBehavior": "never", "contentInset": ["top": 20, "left": 0, "bottom": 0, "right": 0],
      ])
    session.call(
      "table/setData",
      [
        "table": "t", "style": .string(style),
        "sections": [
          ["headerHeight": 30, "footerHeight": 10, "rowCount": 5, "rowHeight": 40, "identifier": "A"],
          ["headerHeight": 30, "rowCount": 10, "rowHeight": 40, "identifier": "A"],
        ],
      ])
    return session
  }

  private func stickyHeaders(_ expected: [Int: Double]) -> JSONValue {
    .array(
      expected.sorted { $0.key < $1.key }.map {
        ["section": .int(Int64($0.key)), "y": .number($0.value), "height": 30]
      })
  }

  /// S2.8 plain-style sticky headers: y = min(max(section.minY, o.y + adjusted.top), section.maxY −
  /// footer.h − header.h). Section 0: minY 0, limit 240 − 10 − 30 = 200; section 1: minY 240, limit 670 − 30 = 640.
  /// At −20 both rest; at 100 section 0 pins at 120; at 190 it is pushed up to 200 and section 1 rests at 240; at 300
  /// (section 1 on top) section 1 pins at 320.
  @Test(
    arguments: [
      (-20.0, [0: 0.0, 1: 240.0]), (100, [0: 120, 1: 240]), (190, [0: 200, 1: 240]), (300, [1: 320]),
    ] as [(Double, [Int: Double])])
  func plainHeadersStick(_ offset: Double, _ expected: [Int: Double]) {
    let session = stickySession(style: "plain")
    setOffset(session, offset)
    #expect(session.call("table/get", ["table": "t"]).result?["style"] == "plain")
    #expect(headers(session) == stickyHeaders(expected))
  }

  /// S2.8: grouped-style headers are not pinned; they sit at their section's top (0 and 240) and
  /// are listed only while they intersect [o.y, o.y + 300).
  @Test(
    arguments: [
      (-20.0, [0: 0.0, 1: 240.0]), (100, [1: 240]), (190, [1: 240]), (300, [:]),
    ] as [(Double, [Int: Double])])
  func groupedHeadersScroll(_ offset: Double, _ expected: [Int: Double]) {
    let session = stickySession(style: "grouped")
    setOffset(session, offset)
    #expect(session.call("table/get", ["table": "t"]).result?["style"] == "grouped")
    #expect(headers(session) == stickyHeaders(expected))
  }

  /// S2.4 + S2.8: a UITableViewController's 390×844 table bounces vertically even while empty
  /// (`tableAlwaysBounceVertical`), so it gets adjustedContentInset 47/34 as soon as it is shown and its resting
  /// offset follows to −47 (cause "inset"); the data (28 + 30 × 44 = 1348) changes neither. Visible
  /// rows at −47 are [−47, 797): rows 0…17 (row 17 at 776..820, row 18 starts at 820). The plain header pins at
  /// o.y + adjusted.top: 0 at −47, 247 at 200.
  @Test func tableViewControllerHeaderPinsBelowTheSafeArea() {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    session.call("controller/create", ["id": "list", "kind": "UITableViewController"])
    session.call("events/subscribe", ["kinds": ["table", "offset"]])
    let shown = session.call("window/setRoot", ["window": "w", "controller": "list"])
    #expect(trace(shown.events) == ["offset -47 inset"])
    session.call("table/register", ["table": "list.view", "identifier": "A"])
    let set = session.call(
      "table/setData",
      ["table": "list.view", "sections": [["headerHeight": 28, "rowCount": 30, "rowHeight": 44, "identifier": "A"]]])
    #expect(set.result == ["contentSize": ["width": 390, "height": 1348]])
    #expect(trace(set.events).filter { $0.hasPrefix("offset") } == [])
    #expect(
      session.call("scroll/get", ["view": "list.view"]).result?["adjustedContentInset"] == [
        "top": 47, "left": 0, "bottom": 34, "right": 0,
      ])
    #expect(visibleRows(session, "list.view") == paths((0...17).map { (0, $0) }))
    #expect(headers(session, "list.view") == [["section": 0, "y": 0, "height": 28]])
    #expect(session.call("table/get", ["table": "list.view"]).result?["cellsMade"] == 18)
    setOffset(session, 200, view: "list.view")
    #expect(headers(session, "list.view") == [["section": 0, "y": 247, "height": 28]])
  }

  // MARK: - scrollToRow

  /// Padding 5; section 0 = header 30, 10 × 40, footer 10 (0..445, rows at 35 + 40k); section 1 = header 30,
  /// 10 × 40, footer 15 (445..895, rows at 480 + 40k). The 300-high table has contentInset 20/10 and no safe-area
  /// adjustment: range [−20, 895 + 10 − 300 = 605], visible height 270.
  private func scrollToRowSession() -> TestSession {
    let session = shownTable(
      height: 300,
      configure: [
        "contentInsetAdjustmentBehavior": "never", "contentInset": ["top": 20, "left": 0, "bottom": 10, "right": 0],
      ])
    session.call(
      "table/setData",
      [
        "table": "t", "sectionHeaderTopPadding": 5,
        "sections": [
          ["headerHeight": 30, "footerHeight": 10, "rowCount": 10, "rowHeight": 40, "identifier": "A"],
          ["headerHeight": 30, "footerHeight": 15, "rowCount": 10, "rowHeight": 40, "identifier": "A"],
        ],
      ])
    return session
  }

  /// S2.8 + Engine+Table.swift scrollToRow: `top` puts the row at o.y + adjusted.top (a section's
  /// first row: its header's top, below the padding), `bottom` at o.y + h − adjusted.bottom (a section's last row:
  /// with its footer), `middle` centres the row alone in the 270-pt area; clamped to [−20, 605].
  @Test(
    arguments: [
      (0, 2, "top", 95.0),  // 115 − 20
      (1, 0, "top", 430),  // header term: 445 + 5 − 20 (the row alone would give 460)
      (0, 0, "top", -15),  // header term: 5 − 20
      (1, 9, "top", 605),  // 840 − 20 = 820, clamped
      (1, 3, "bottom", 350),  // 640 − 300 + 10
      (0, 9, "bottom", 155),  // footer term: 435 + 10 − 290 (the row alone would give 145)
      (0, 0, "bottom", -20),  // 75 + 0 − 290 = −215, clamped
      (1, 0, "middle", 345),  // 500 − 20 − 135 (no header term)
      (0, 0, "middle", -20),  // 55 − 155 = −100, clamped
    ] as [(Int, Int, String, Double)])
  func scrollToRowPositions(_ section: Int, _ row: Int, _ position: String, _ expected: Double) {
    let session = scrollToRowSession()
    setOffset(session, 300)
    let exchange = session.call(
      "table/scrollToRow",
      ["table": "t", "section": .int(Int64(section)), "row": .int(Int64(row)), "position": .string(position)])
    #expect(exchange.result == [:])
    #expect(trace(exchange.events).first == "offset \(JSONValue.number(expected).encodedString) programmatic")
    #expect(offsetY(session) == expected)
  }

  /// S2.6/S2.8 `none`: nothing when the row (with its first-row header / last-row footer) is fully
  /// inside [o.y + 20, o.y + 290); otherwise the nearest edge. From 95 (area 115..385): row 0.3 (155..195) → no
  /// change and no event; row 0.9 (395..445 with footer) → 155; then (area 175..445) row 0.1 (75..115) → 55; row 0.0
  /// (header top 5) → −15.
  @Test func scrollToRowNone() {
    let session = scrollToRowSession()
    setOffset(session, 95)
    func scroll(_ row: Int) -> TestSession.Exchange {
      session.call("table/scrollToRow", ["table": "t", "section": 0, "row": .int(Int64(row)), "position": "none"])
    }
    #expect(scroll(3).events.isEmpty)
    #expect(offsetY(session) == 95)
    #expect(trace(scroll(9).events).first == "offset 155 programmatic")
    #expect(trace(scroll(1).events).first == "offset 55 programmatic")
    #expect(trace(scroll(0).events).first == "offset -15 programmatic")
    #expect(offsetY(session) == -15)
  }

  /// S2.6 "If the area is already visible, the method does nothing": at −100, outside the range
  /// [−20, 605] (a programmatic offset is kept), the area inside the insets is −80..190 and holds row 0.2 (115..155):
  /// `none` changes nothing and says nothing (the offset was clamped to −20 before). Row 0.9 (395..445 with its footer)
  /// is not visible: 445 − 300 + 10 = 155, in range.
  @Test func scrollToRowNoneLeavesAnOffsetOutsideTheRange() {
    let session = scrollToRowSession()
    setOffset(session, -100)
    func scroll(_ row: Int) -> TestSession.Exchange {
      session.call("table/scrollToRow", ["table": "t", "section": 0, "row": .int(Int64(row)), "position": "none"])
    }
    #expect(scroll(2).events.isEmpty)
    #expect(offsetY(session) == -100)
    #expect(trace(scroll(9).events).first == "offset 155 programmatic")
  }

  /// S2.6/S2.8: an animated scrollToRow moves like animated setContentOffset (18 frames over 0.3 s)
  /// and ends at the same target (row 1.0 at top, header term: 430) with one didEndScrollingAnimation at 300 ms; the
  /// displayed cells then match the visible rows.
  @Test func animatedScrollToRowEndsAtTheTarget() {
    let session = scrollToRowSession()
    let exchange = session.call(
      "table/scrollToRow", ["table": "t", "section": 1, "row": 0, "position": "top", "animated": true])
    let offsets = exchange.events.filter { $0["method"] == "event/offset" }
    #expect(offsets.count == 18)
    #expect(offsets.allSatisfy { $0["params"]?["cause"] == "animation" })
    #expect(offsets.last?["params"]?["y"] == 430)
    let scrolls = exchange.events.filter { $0["method"] == "event/scroll" }
    #expect(scrolls.map { $0["params"]?["callback"] } == ["didEndScrollingAnimation"])
    #expect(scrolls.last?["params"]?["time"] == 300)
    #expect(offsetY(session) == 430)
    // At 430 the window [430, 730) holds row 0.9 (395..435) and rows 1.0…1.6 (480..760 by 40; 1.6 at 720).
    let rows = [(0, 9)] + (0...6).map { (1, $0) }
    #expect(visibleRows(session) == paths(rows))
    let cells = session.call("table/get", ["table": "t"]).result?["cells"]?.arrayValue ?? []
    #expect(cells.map { [$0["section"]?.intValue, $0["row"]?.intValue] } == rows.map { [Int64($0.0), Int64($0.1)] })
  }

  /// S2.8 (UIKit's range checks): rectForRow and scrollToRow outside the data raise NSRangeException
  /// (-32001) with UIKit's wording, and nothing moves.
  @Test func outOfRangeIndexPathsRaiseNSRangeException() {
    let session = scrollToRowSession()
    setOffset(session, 100)
    let rect = session.call("table/rectForRow", ["table": "t", "section": 0, "row": 10])
    #expect(rect.error?["code"] == -32001)
    #expect(
      rect.error?["data"] == [
        "exception": "NSRangeException",
        "reason": "request for rect at invalid index path (<NSIndexPath> {length = 2, path = 0 - 10})",
      ])
    let badSection = session.call("table/scrollToRow", ["table": "t", "section": 2, "row": 0, "position": "top"])
    #expect(badSection.error?["code"] == -32001)
    #expect(
      badSection.error?["data"] == [
        "exception": "NSRangeException",
        "reason": .string(
          "-[UITableView _contentOffsetForScrollingToRowAtIndexPath:atScrollPosition:usingPresentationValues:]: "
            + "section (2) beyond bounds (2)."),
      ])
    #expect(badSection.events.isEmpty)
    let badRow = session.call("table/scrollToRow", ["table": "t", "section": 0, "row": 10, "position": "top"])
    #expect(badRow.error?["code"] == -32001)
    #expect(
      badRow.error?["data"] == [
        "exception": "NSRangeException",
        "reason": .string(
          "-[UITableView _contentOffsetForScrollingToRowAtIndexPath:atScrollPosition:usingPresentationValues:]: "
            + "row (10) beyond bounds (10) for section (0)."),
      ])
    #expect(badRow.events.isEmpty)
    #expect(offsetY(session) == 100)
  }

  // MARK: - Cells

  /// S2.8 reuse: 20 rows of 50 alternating identifiers A/B in a 200-high table. The first layout asks
  /// rows 0…3 (row 4 starts at the bottom edge) with new cells 1…4. Scrolling to 75 ends row 0 (cell 1, queued under
  /// A) before asking rows 4 (A: reuses cell 1) and 5 (B: none queued, new cell 5). Back at 0 rows 4 and 5 end and
  /// row 0 (A) gets cell 1 again.
  @Test func cellForRowAndDidEndDisplayingSequence() {
    let session = shownTable(height: 200, register: ["A", "B"])
    let rows: [JSONValue] = (0..<20).map { ["identifier": $0 % 2 == 0 ? "A" : "B", "height": 50] }
    let set = session.call("table/setData", ["table": "t", "sections": [["rows": .array(rows)]]])
    #expect(set.result == ["contentSize": ["width": 390, "height": 1000]])
    #expect(
      trace(set.events) == [
        "cellForRow 0.0 A new #1", "cellForRow 0.1 B new #2", "cellForRow 0.2 A new #3", "cellForRow 0.3 B new #4",
      ])
    #expect(
      trace(setOffset(session, 75).events) == [
        "offset 75 programmatic", "didEndDisplaying 0.0 A #1", "cellForRow 0.4 A reused #1",
        "cellForRow 0.5 B new #5",
      ])
    #expect(
      trace(setOffset(session, 0).events) == [
        "offset 0 programmatic", "didEndDisplaying 0.4 A #1", "didEndDisplaying 0.5 B #5",
        "cellForRow 0.0 A reused #1",
      ])
    let table = session.call("table/get", ["table": "t"]).result
    #expect(table?["cellsMade"] == 5)
    #expect(
      table?["cells"] == [
        ["section": 0, "row": 0, "cell": 1, "identifier": "A"], ["section": 0, "row": 1, "cell": 2, "identifier": "B"],
        ["section": 0, "row": 2, "cell": 3, "identifier": "A"], ["section": 0, "row": 3, "cell": 4, "identifier": "B"],
      ])
  }

  /// S2.8 reuse, Engine+Table.swift layoutTable: new data (reloadData) ends every displayed cell
  /// (rows 0…3, cells 1…4, queued in that order) and asks the visible rows again, each dequeuing the most recently
  /// queued cell: row 0 gets cell 4, row 3 cell 1. No cell is made.
  @Test func reloadEndsEveryCellAndReusesThem() {
    let session = shownTable(height: 200)
    let data: JSONValue = ["table": "t", "sections": [["rowCount": 20, "rowHeight": 50, "identifier": "A"]]]
    session.call("table/setData", data)
    #expect(
      trace(session.call("table/setData", data).events) == [
        "didEndDisplaying 0.0 A #1", "didEndDisplaying 0.1 A #2", "didEndDisplaying 0.2 A #3",
        "didEndDisplaying 0.3 A #4", "cellForRow 0.0 A reused #4", "cellForRow 0.1 A reused #3",
        "cellForRow 0.2 A reused #2", "cellForRow 0.3 A reused #1",
      ])
    #expect(session.call("table/get", ["table": "t"]).result?["cellsMade"] == 4)
  }

  /// S2.8: cells are displayed only for a table in a window; one outside keeps none and is laid
  /// out when it enters (rows 0…2 of 3 × 50 in a 200-high table).
  @Test func cellsAppearWhenTheTableEntersAWindow() {
    let session = TestSession()
    session.call("window/create", ["id": "w"])
    session.call(
      "view/create", ["id": "t", "kind": "UITableView", "frame": ["x": 0, "y": 100, "width": 390, "height": 200]])
    session.call("table/register", ["table": "t", "identifier": "A"])
    session.call("events/subscribe", ["kinds": ["table"]])
    let set = session.call(
      "table/setData", ["table": "t", "sections": [["rowCount": 3, "rowHeight": 50, "identifier": "A"]]])
    #expect(set.events.isEmpty)
    #expect(session.call("table/get", ["table": "t"]).result?["cellsMade"] == 0)
    let added = session.call("view/addSubview", ["superview": "w", "view": "t"])
    #expect(trace(added.events) == ["cellForRow 0.0 A new #1", "cellForRow 0.1 A new #2", "cellForRow 0.2 A new #3"])
  }

  /// S2.1 + S2.8 reuse during a fling on 1,000 rows of 44 in a 600-high table: at most 15 rows
  /// intersect a 600-pt window (14 when o.y is a multiple of 44). Starting at o.y = 20 shows 15 rows (0…14), so the
  /// first screen makes 15 cells and every cellForRow of the fling reuses one: cellsMade stays 15. After every frame
  /// the displayed rows are exactly those intersecting [o.y, o.y + 600); the fling (finger −3000 pt/s) rests at
  /// 20 − 3000 / (1000 · ln 0.998) ≈ 1518.5.
  @Test func flingReusesCells() {
    let session = shownTable(height: 600)
    session.call(
      "table/setData", ["table": "t", "sections": [["rowCount": 1000, "rowHeight": 44, "identifier": "A"]]])
    #expect(session.call("table/get", ["table": "t"]).result?["cellsMade"] == 14)
    setOffset(session, 20)
    #expect(session.call("table/get", ["table": "t"]).result?["cellsMade"] == 15)
    #expect(visibleRows(session) == paths((0...14).map { (0, $0) }))

    func visible(_ y: Double) -> [Int] { (0..<1000).filter { Double($0) * 44 < y + 600 && Double($0 + 1) * 44 > y } }
    var displayed: [Int: Int] = Dictionary(uniqueKeysWithValues: (0...14).map { ($0, $0 + 1) })
    let fling = session.call("scroll/fling", ["view": "t", "velocity": ["x": 0, "y": -3000]])
    let rest = 20 - 3000 / (1000 * log(0.998))
    #expect(fling.result == ["targetContentOffset": ["x": 0, "y": .number(rest)]])
    var frameY: Double?
    var frames = 0
    var asks = 0
    func checkFrame() {
      guard let y = frameY else { return }
      #expect(displayed.keys.sorted() == visible(y), "after the frame at \(y)")
      #expect(displayed.count <= 15)
    }
    for event in fling.events {
      let params = event["params"] ?? .null
      switch (event["method"]?.stringValue, params["callback"]?.stringValue) {
      case ("event/offset", _):
        checkFrame()
        frameY = params["y"]?.doubleValue
        frames += 1
      case ("event/table", "didEndDisplaying"):
        let row = Int(params["row"]?.intValue ?? -1)
        #expect(displayed.removeValue(forKey: row) == params["cell"]?.intValue.map(Int.init))
      case ("event/table", "cellForRow"):
        asks += 1
        #expect(params["reused"] == true)
        let cell = Int(params["cell"]?.intValue ?? -1)
        #expect((1...15).contains(cell))
        #expect(!displayed.values.contains(cell))
        displayed[Int(params["row"]?.intValue ?? -1)] = cell
      default:
        break
      }
    }
    checkFrame()
    #expect(frameY == rest)
    #expect(frames > 10)
    // Rows 15…48 entered over the fling: one ask each.
    #expect(asks == 34)
    #expect(displayed.keys.sorted() == Array(34...48))
    #expect(fling.events.last?["params"]?["callback"] == "didEndDecelerating")
    let table = session.call("table/get", ["table": "t"]).result
    #expect(table?["cellsMade"] == 15)
    #expect(visibleRows(session) == paths((34...48).map { (0, $0) }))
  }

  // MARK: - Dequeue failures

  /// S2.8 reuse (`dequeueReusableCell(withIdentifier:for:)` needs a registered class): data naming
  /// an unregistered identifier (or none) is refused with UIKit's NSInternalInconsistencyException (-32001) and
  /// nothing changes: table/get before == after, no events, the offset stays.
  @Test(arguments: [("X", #"{"identifier":"X","height":44}"#), ("(null)", #"{"height":44}"#)])
  func unregisteredIdentifierIsRefusedUncommitted(_ name: String, _ badRow: String) {
    let session = shownTable(height: 200)
    session.call("table/setData", ["table": "t", "sections": [["rowCount": 10, "rowHeight": 50, "identifier": "A"]]])
    setOffset(session, 30)
    session.call("table/select", ["table": "t", "section": 0, "row": 1])
    let before = session.call("table/get", ["table": "t"]).result
    let exchange = session.call(
      "table/setData",
      json(
        #"{"table":"t","tableHeaderHeight":10,"sections":[{"rows":[{"identifier":"A","height":44},"#
          + badRow + "]}]}"))
    #expect(exchange.error?["code"] == -32001)
    #expect(
      exchange.error?["data"] == [
        "exception": "NSInternalInconsistencyException",
        "reason": .string(
          "unable to dequeue a cell with identifier \(name) - must register a nib or a class for the identifier or "
            + "connect a prototype cell in a storyboard"),
      ])
    #expect(exchange.events.isEmpty)
    #expect(session.call("table/get", ["table": "t"]).result == before)
    #expect(before?["selected"] == ["section": 0, "row": 1])
    #expect(before?["contentSize"] == ["width": 390, "height": 500])
    #expect(offsetY(session) == 30)
  }

  /// S2.8 reuse, seed 004's data source (`dequeue: "withIdentifier"`): dequeueReusableCell
  /// (withIdentifier:) returns nil, and JVSTableViewDataSource raises its own exceptions word for word: a row without
  /// an identifier → identifierError "identifier为空"; an unregistered one → cellNilError. Nothing changes.
  @Test(arguments: [
    (#"{"height":44}"#, "identifierError", "identifier为空"),
    (#"{"identifier":"X","height":44}"#, "cellNilError", "有取到对应的cell, 请检查该tableView是否注册了X的cell"),
  ])
  func seed004DataSourceErrors(_ badRow: String, _ exception: String, _ reason: String) {
    let session = shownTable(height: 200)
    session.call(
      "table/setData",
      ["table": "t", "dequeue": "withIdentifier", "sections": [["rowCount": 3, "rowHeight": 50, "identifier": "A"]]])
    let before = session.call("table/get", ["table": "t"]).result
    let exchange = session.call(
      "table/setData",
      json(#"{"table":"t","dequeue":"withIdentifier","sections":[{"rows":["# + badRow + "]}]}"))
    #expect(exchange.error?["code"] == -32001)
    #expect(exchange.error?["data"] == ["exception": .string(exception), "reason": .string(reason)])
    #expect(exchange.events.isEmpty)
    #expect(session.call("table/get", ["table": "t"]).result == before)
    #expect(before?["cellsMade"] == 3)
  }

  // MARK: - Selection

  /// S2.8: a tap selects the row (indexPathForSelectedRow), reports tableView(_:didSelectRowAt:)
  /// and returns the row's model (null for a row without one); a new reloadData clears the selection.
  @Test func selectReturnsTheModel() {
    let session = shownTable(height: 200, register: ["A", "B"])
    session.call(
      "table/setData",
      json(
        #"""
        {"table":"t","sections":[{"rows":[{"identifier":"A","height":50,"model":{"title":"first"}}]},
          {"rows":[{"identifier":"A","height":50},{"identifier":"B","height":50,"model":[1,2,"three"]}]}]}
        """#))
    let tap = session.call("table/select", ["table": "t", "section": 1, "row": 1])
    #expect(tap.result == ["model": [1, 2, "three"]])
    #expect(trace(tap.events) == ["didSelectRow 1.1 B"])
    #expect(session.call("table/get", ["table": "t"]).result?["selected"] == ["section": 1, "row": 1])
    #expect(
      session.call("table/select", ["table": "t", "section": 0, "row": 0]).result == ["model": ["title": "first"]])
    #expect(session.call("table/select", ["table": "t", "section": 1, "row": 0]).result == ["model": nil])
    session.call("table/setData", ["table": "t", "sections": [["rowCount": 2, "rowHeight": 50, "identifier": "A"]]])
    #expect(session.call("table/get", ["table": "t"]).result?["selected"] == .null)
  }

  /// S2.8: a tap can only land on a row of the data: outside it the call is refused with -32602, no
  /// didSelectRow, and the selection stays. `data.path` names the parameter that is out of range
  /// (Documentation/Protocol.md, "Errors"): params.row for row 3 of a 3-row section, params.section for section 1 of a
  /// 1-section table.
  @Test(arguments: [
    (0, 3, "params.row", "section 0 has 3 rows"), (1, 0, "params.section", "the table has 1 sections"),
  ])
  func selectOutsideTheDataIsRefused(_ section: Int, _ row: Int, _ path: String, _ message: String) {
    let session = shownTable(height: 200)
    session.call("table/setData", ["table": "t", "sections": [["rowCount": 3, "rowHeight": 50, "identifier": "A"]]])
    session.call("table/select", ["table": "t", "section": 0, "row": 2])
    let exchange = session.call(
      "table/select", ["table": "t", "section": .int(Int64(section)), "row": .int(Int64(row))])
    #expect(exchange.error?["code"] == -32602)
    #expect(exchange.error?["data"]?["path"] == .string(path))
    #expect(exchange.error?["message"] == .string("Invalid params: \(message)"))
    #expect(exchange.events.isEmpty)
    #expect(session.call("table/get", ["table": "t"]).result?["selected"] == ["section": 0, "row": 2])
  }

  // MARK: - Large tables

  /// S2.8 layout and visible-rows rules at scale: 10,000,000 uniform rows of 44 → contentSize
  /// 440,000,000. At o.y = 123,456,789 the 600-pt window covers rows 2,805,836 (123,456,784..123,456,828) through
  /// 2,805,849 (starts at 123,457,356 < 123,457,389): 14 rows, all displayed with the 14 cells of the first screen.
  @Test func tenMillionUniformRows() {
    let session = shownTable(height: 600)
    let set = session.call(
      "table/setData", ["table": "t", "sections": [["rowCount": 10_000_000, "rowHeight": 44, "identifier": "A"]]])
    #expect(set.result == ["contentSize": ["width": 390, "height": 440_000_000]])
    setOffset(session, 123_456_789)
    #expect(visibleRows(session) == paths((2_805_836...2_805_849).map { (0, $0) }))
    let table = session.call("table/get", ["table": "t"]).result
    #expect(table?["numberOfRows"] == 10_000_000)
    #expect(table?["cellsMade"] == 14)
    #expect(table?["cells"]?.arrayValue?.count == 14)
    #expect(
      session.call("table/rectForRow", ["table": "t", "section": 0, "row": 9_999_999]).result == [
        "rect": ["x": 0, "y": 439_999_956, "width": 390, "height": 44]
      ])
  }

  /// S2.8 visible-rows rule over the `heights` form: 100,000 heights 20 + ((i · 7919) mod 97) / 4
  /// (quarter points, so every sum is exact) under a 12.5 table header and a 30 section header. visibleRows equals a
  /// brute-force scan of every row at several offsets, including one where a row ends exactly at the top edge and one
  /// where a row starts exactly at the bottom edge.
  @Test func hundredThousandVariableHeights() {
    let count = 100_000
    let heights = (0..<count).map { 20 + Double(($0 * 7919) % 97) / 4 }
    var tops = [Double]()
    tops.reserveCapacity(count)
    var y = 12.5 + 30
    for height in heights {
      tops.append(y)
      y += height
    }
    let contentHeight = y
    let session = shownTable(height: 600)
    let set = session.call(
      "table/setData",
      [
        "table": "t", "tableHeaderHeight": 12.5,
        "sections": [["headerHeight": 30, "heights": .array(heights.map { .number($0) }), "identifier": "A"]],
      ])
    #expect(set.result == ["contentSize": ["width": 390, "height": .number(contentHeight)]])
    func bruteForce(_ offset: Double) -> [(Int, Int)] {
      (0..<count).filter { tops[$0] < offset + 600 && tops[$0] + heights[$0] > offset }.map { (0, $0) }
    }
    let offsets = [0, tops[50_000], tops[70_000] - 600, 1_234_567.125, contentHeight - 600]
    for offset in offsets {
      setOffset(session, offset)
      let expected = bruteForce(offset)
      #expect(visibleRows(session) == paths(expected), "at \(offset)")
      #expect(!expected.isEmpty)
    }
    // The edge cases: row 49,999 ends at tops[50,000], row 70,000 starts at tops[70,000].
    #expect(bruteForce(tops[50_000]).first?.1 == 50_000)
    #expect(bruteForce(tops[70_000] - 600).last?.1 == 69_999)
    #expect(
      session.call("table/rectForRow", ["table": "t", "section": 0, "row": 54_321]).result == [
        "rect": ["x": 0, "y": .number(tops[54_321]), "width": 390, "height": .number(heights[54_321])]
      ])
  }

  /// S2.8 visible rows: zero-height rows at the top edge count, also where a section boundary meets it (a regression:
  /// the search used to start at the last section starting at or above the edge, skipping earlier sections whose
  /// zero-height rows sit exactly there). Table 200 high; sections, offset, expected rows (section.row).
  @Test(arguments: [
    (
      #"[{"rowCount":3,"rowHeight":0,"identifier":"A"},{"rowCount":10,"rowHeight":50,"identifier":"A"}]"#, 0.0,
      "0.0 0.1 0.2 1.0 1.1 1.2 1.3"
    ),
    (
      #"[{"heights":[50,0],"identifier":"A"},{"heights":[50,50,50,50,50],"identifier":"A"}]"#, 50.0,
      "0.1 1.0 1.1 1.2 1.3"
    ),
    (
      #"[{"rowCount":5,"rowHeight":50,"identifier":"A"},{"rowCount":3,"rowHeight":0,"identifier":"A"},"#
        + #"{"rowCount":10,"rowHeight":50,"identifier":"A"}]"#, 250.0, "1.0 1.1 1.2 2.0 2.1 2.2 2.3"
    ),
  ])
  func zeroHeightRowsAtASectionBoundary(_ sections: String, _ offset: Double, _ expected: String) {
    let session = shownTable(height: 200)
    session.call("table/setData", ["table": "t", "sections": json(sections)])
    setOffset(session, offset)
    let rows = expected.split(separator: " ").map { path in
      let parts = path.split(separator: ".").map { Int($0)! }
      return (parts[0], parts[1])
    }
    #expect(visibleRows(session) == paths(rows))
  }
}

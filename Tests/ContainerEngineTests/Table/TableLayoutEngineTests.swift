import ContainerEngine
import Testing

/// UITableView geometry through the engine API alone (S2.8): content size, row rects, visible rows,
/// sticky headers and scrollToRow; the numbers the wire tier checks in TableTests.
@Suite struct TableLayoutEngineTests {
  /// Table header 30, padding 8, footer 25. Section 0: header 40, footer 10, rows 44, 60, 30 (8+40+134+10 = 192).
  /// Section 1: no header (so no padding), footer 20, rows 100, 50 (170). Section 2: header 22, no footer, 3 × 44
  /// (8+22+132 = 162). Content: 30 + 192 + 170 + 162 + 25 = 579. Section tops: 30, 222, 392.
  private static var mixedData: Engine.TableData {
    var data = Engine.TableData(sections: [
      .init(headerHeight: 40, footerHeight: 10, rows: .listed(heights: [44, 60, 30], identifiers: ["A", "A", "A"])),
      .init(headerHeight: 0, footerHeight: 20, rows: .listed(heights: [100, 50], identifiers: ["A"])),
      TableFixture.uniform(3, 44, header: 22),
    ])
    data.tableHeaderHeight = 30
    data.tableFooterHeight = 25
    data.sectionHeaderTopPadding = 8
    return data
  }

  /// S2.8 layout rule: contentSize.h = tableHeader.h + Σ_s [topPadding_s + header_s + Σ rows + footer_s] +
  /// tableFooter.h = 579 (the padding only above a header with a height), width the table's 390.
  @Test func contentSizeWithMixedHeightsHeadersFootersAndPadding() throws {
    let fixture = try TableFixture(height: 200)
    #expect(try fixture.setData(Self.mixedData).size == Size(width: 390, height: 579))
    let table = try #require(fixture.table.table)
    #expect(table.sections.count == 3)
    #expect(table.rowCount == 8)
    #expect(table.style == .plain)
    #expect(fixture.table.scroll?.contentSize == Size(width: 390, height: 579))
  }

  /// S2.8 layout rule: row i of section s sits at the cumulative y (table header, then per section padding + header,
  /// rows, footer).
  @Test(arguments: [
    (0, 0, 78.0, 44.0), (0, 1, 122, 60), (0, 2, 182, 30), (1, 0, 222, 100), (1, 1, 322, 50), (2, 0, 422, 44),
    (2, 2, 510, 44),
  ])
  func rectForRow(_ section: Int, _ row: Int, _ y: Double, _ height: Double) throws {
    let fixture = try TableFixture(height: 200)
    try fixture.setData(Self.mixedData)
    #expect(
      try fixture.harness.engine.rectForRow(.view(fixture.table), IndexPath(section: section, row: row))
        == .xywh(0, y, 390, height))
  }

  /// S2.8 visible rows: rows whose rect intersects [o.y, o.y + 200); a row ending exactly at the top edge or starting
  /// exactly at the bottom edge is out. Section 0's header (natural y 38) pins at o.y and is pushed up to 222 − 10 −
  /// 40 = 172; section 2's header starting exactly at the bottom edge is not in view. The displayed cells are exactly
  /// the visible rows.
  @Test(
    arguments: [
      (0.0, [[0, 0], [0, 1], [0, 2]], [[0, 38, 40]]),
      (122.0, [[0, 1], [0, 2], [1, 0]], [[0, 122, 40]]),
      (160.0, [[0, 1], [0, 2], [1, 0], [1, 1]], [[0, 160, 40]]),
      (200.0, [[0, 2], [1, 0], [1, 1]], [[0, 172, 40]]),
      (379.0, [[2, 0], [2, 1], [2, 2]], [[2, 400, 22]]),
    ] as [(Double, [[Int]], [[Double]])])
  func visibleRowsWithMixedHeights(_ offset: Double, _ rows: [[Int]], _ sticky: [[Double]]) throws {
    let fixture = try TableFixture(height: 200)
    try fixture.setData(Self.mixedData)
    try fixture.setOffset(offset)
    #expect(fixture.offsetY == offset)
    #expect(fixture.visibleRows == rows)
    #expect(fixture.headers == sticky)
    #expect(fixture.cells.map { Array($0.prefix(2)) } == rows)
  }

  /// Two sections: 0 = header 30, 5 × 40, footer 10 (0..240); 1 = header 30, 10 × 40 (240..670). The 300-high table
  /// has contentInset.top 20 and no safe-area adjustment, so adjusted.top = 20.
  private func stickyFixture(style: TableStyle) throws -> TableFixture {
    let fixture = try TableFixture(height: 300) {
      $0.contentInsetAdjustmentBehavior = .never
      $0.contentInset = Insets(top: 20, left: 0, bottom: 0, right: 0)
    }
    var data = Engine.TableData(sections: [
      TableFixture.uniform(5, 40, header: 30, footer: 10), TableFixture.uniform(10, 40, header: 30),
    ])
    data.style = style
    try fixture.setData(data)
    return fixture
  }

  /// S2.8 plain-style sticky headers: y = min(max(section.minY, o.y + adjusted.top), section.maxY − footer.h −
  /// header.h): section 0's limit 200, section 1's 640.
  @Test(
    arguments: [
      (-20.0, [[0, 0.0, 30], [1, 240, 30]]), (100, [[0, 120, 30], [1, 240, 30]]),
      (190, [[0, 200, 30], [1, 240, 30]]),
      (300, [[1, 320, 30]]),
    ] as [(Double, [[Double]])])
  func plainHeadersStick(_ offset: Double, _ expected: [[Double]]) throws {
    let fixture = try stickyFixture(style: .plain)
    try fixture.setOffset(offset)
    #expect(fixture.headers == expected)
  }

  /// S2.8: grouped-style headers are not pinned; they sit at their section's top and are listed only while they
  /// intersect [o.y, o.y + 300).
  @Test(
    arguments: [
      (-20.0, [[0, 0.0, 30], [1, 240, 30]]), (100, [[1, 240, 30]]), (190, [[1, 240, 30]]), (300, []),
    ] as [(Double, [[Double]])])
  func groupedHeadersScroll(_ offset: Double, _ expected: [[Double]]) throws {
    let fixture = try stickyFixture(style: .grouped)
    try fixture.setOffset(offset)
    #expect(fixture.table.table?.style == .grouped)
    #expect(fixture.headers == expected)
  }

  /// Padding 5; section 0 = header 30, 10 × 40, footer 10 (0..445, rows at 35 + 40k); section 1 = header 30, 10 × 40,
  /// footer 15 (445..895, rows at 480 + 40k). The 300-high table has contentInset 20/10 and no safe-area adjustment:
  /// range [−20, 605], visible height 270.
  private func scrollToRowFixture() throws -> TableFixture {
    let fixture = try TableFixture(height: 300) {
      $0.contentInsetAdjustmentBehavior = .never
      $0.contentInset = Insets(top: 20, left: 0, bottom: 10, right: 0)
    }
    var data = Engine.TableData(sections: [
      TableFixture.uniform(10, 40, header: 30, footer: 10), TableFixture.uniform(10, 40, header: 30, footer: 15),
    ])
    data.sectionHeaderTopPadding = 5
    try fixture.setData(data)
    return fixture
  }

  private func scrollToRow(
    _ fixture: TableFixture, _ section: Int, _ row: Int, _ position: String,
    animated: Bool = false
  ) throws -> [EngineEvent] {
    try fixture.harness.events { engine throws(EngineError) in
      try engine.scrollToRow(
        .view(fixture.table), IndexPath(section: section, row: row), position: position, animated: animated)
    }
  }

  /// S2.8 scrollToRow from 300: `top` puts the row at o.y + adjusted.top (a section's first row: its header's top,
  /// below the padding), `bottom` at o.y + h − adjusted.bottom (a section's last row: with its footer), `middle`
  /// centres the row alone in the 270-pt area; clamped to [−20, 605].
  @Test(
    arguments: [
      (0, 2, "top", 95.0), (1, 0, "top", 430), (0, 0, "top", -15), (1, 9, "top", 605), (1, 3, "bottom", 350),
      (0, 9, "bottom", 155), (0, 0, "bottom", -20), (1, 0, "middle", 345), (0, 0, "middle", -20),
    ] as [(Int, Int, String, Double)])
  func scrollToRowPositions(_ section: Int, _ row: Int, _ position: String, _ expected: Double) throws {
    let fixture = try scrollToRowFixture()
    try fixture.setOffset(300)
    let events = try scrollToRow(fixture, section, row, position)
    #expect(TableFixture.trace(events).first == "offset \(expected.compactDescription) programmatic")
    #expect(fixture.offsetY == expected)
  }

  /// S2.6/S2.8 `none`: nothing when the row (with its first-row header / last-row footer) is inside the area,
  /// otherwise the nearest edge: from 95, row 0.3 stays; row 0.9 → 155; row 0.1 → 55; row 0.0 (header top 5) → −15.
  @Test func scrollToRowNone() throws {
    let fixture = try scrollToRowFixture()
    try fixture.setOffset(95)
    #expect(try scrollToRow(fixture, 0, 3, "none").isEmpty)
    #expect(fixture.offsetY == 95)
    #expect(TableFixture.trace(try scrollToRow(fixture, 0, 9, "none")).first == "offset 155 programmatic")
    #expect(TableFixture.trace(try scrollToRow(fixture, 0, 1, "none")).first == "offset 55 programmatic")
    #expect(TableFixture.trace(try scrollToRow(fixture, 0, 0, "none")).first == "offset -15 programmatic")
  }

  /// S2.6/S2.8: an animated scrollToRow moves like animated setContentOffset (18 frames over 0.3 s) to the same
  /// target (row 1.0 at top: 430) with one didEndScrollingAnimation at 300 ms; the displayed cells then match the
  /// visible rows: row 0.9 and rows 1.0…1.6.
  @Test func anAnimatedScrollToRowEndsAtTheTarget() throws {
    let fixture = try scrollToRowFixture()
    let events = try scrollToRow(fixture, 1, 0, "top", animated: true)
    let offsets = events.filter { $0.category == .offset }
    #expect(offsets.count == 18)
    #expect(offsets.allSatisfy { if case .offset(_, _, _, "animation") = $0.kind { true } else { false } })
    #expect(offsets.last.flatMap(EngineHarness.describe) == "offset t 0,430 animation")
    let scrolls = events.filter { $0.category == .scroll }
    #expect(scrolls.compactMap(EngineHarness.describe) == ["t.didEndScrollingAnimation"])
    #expect(scrolls.last?.time == 300)
    let rows = [[0, 9]] + (0...6).map { [1, $0] }
    #expect(fixture.visibleRows == rows)
    #expect(fixture.cells.map { Array($0.prefix(2)) } == rows)
  }

  /// S2.8 (UIKit's range checks): rectForRow and scrollToRow outside the data raise NSRangeException with UIKit's
  /// wording, and nothing moves.
  @Test func outOfRangeIndexPathsRaiseNSRangeException() throws {
    let fixture = try scrollToRowFixture()
    try fixture.setOffset(100)
    let table = fixture.table
    #expect(
      fixture.harness.refusal { engine throws(EngineError) in
        _ = try engine.rectForRow(.view(table), IndexPath(section: 0, row: 10))
      } == "NSRangeException: request for rect at invalid index path (<NSIndexPath> {length = 2, path = 0 - 10})")
    let prefix =
      "NSRangeException: -[UITableView _contentOffsetForScrollingToRowAtIndexPath:atScrollPosition:"
      + "usingPresentationValues:]: "
    #expect(
      fixture.harness.refusal { engine throws(EngineError) in
        try engine.scrollToRow(.view(table), IndexPath(section: 2, row: 0), position: "top", animated: false)
      } == prefix + "section (2) beyond bounds (2).")
    #expect(
      fixture.harness.refusal { engine throws(EngineError) in
        try engine.scrollToRow(.view(table), IndexPath(section: 0, row: 10), position: "top", animated: false)
      } == prefix + "row (10) beyond bounds (10) for section (0).")
    #expect(fixture.offsetY == 100)
  }
}

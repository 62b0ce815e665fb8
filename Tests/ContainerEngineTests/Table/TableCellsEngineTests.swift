import ContainerEngine
import Testing

/// UITableView cells and selection through the engine API alone (S2.8): cells entering and leaving,
/// reuse, dequeue failures for unregistered identifiers, selection and UITableViewController's appearance; the orders
/// the wire tier checks in TableTests and TableViewControllerTests.
@Suite struct TableCellsEngineTests {
  // MARK: - Cells entering and leaving

  /// S2.8 reuse: 20 rows of 50 alternating A/B in a 200-high table. The first layout asks rows 0…3 (row 4 starts at
  /// the bottom edge) with new cells 1…4. Scrolling to 75 ends row 0 (cell 1, queued under A) before asking rows 4 (A:
  /// reuses cell 1) and 5 (B: none queued, new cell 5). Back at 0 rows 4 and 5 end and row 0 gets cell 1 again.
  @Test func cellForRowAndDidEndDisplayingSequence() throws {
    let fixture = try TableFixture(height: 200, register: ["A", "B"])
    let identifiers = (0..<20).map { $0 % 2 == 0 ? "A" : "B" }
    let set = try fixture.setData(
      Engine.TableData(sections: [
        .init(
          headerHeight: 0, footerHeight: 0,
          rows: .listed(heights: Array(repeating: 50, count: 20), identifiers: identifiers))
      ]))
    #expect(set.size == Size(width: 390, height: 1000))
    #expect(
      TableFixture.trace(set.events) == [
        "cellForRow 0.0 A new #1", "cellForRow 0.1 B new #2", "cellForRow 0.2 A new #3", "cellForRow 0.3 B new #4",
      ])
    #expect(
      TableFixture.trace(try fixture.setOffset(75)) == [
        "offset 75 programmatic", "didEndDisplaying 0.0 A #1", "cellForRow 0.4 A reused #1", "cellForRow 0.5 B new #5",
      ])
    #expect(
      TableFixture.trace(try fixture.setOffset(0)) == [
        "offset 0 programmatic", "didEndDisplaying 0.4 A #1", "didEndDisplaying 0.5 B #5", "cellForRow 0.0 A reused #1",
      ])
    #expect(fixture.table.table?.cellsMade == 5)
    #expect(fixture.cells == [[0, 0, 1], [0, 1, 2], [0, 2, 3], [0, 3, 4]])
  }

  /// S2.8 reuse: new data (reloadData) ends every displayed cell (rows 0…3, cells 1…4, queued in that order) and asks
  /// the visible rows again, each dequeuing the most recently queued cell. No cell is made.
  @Test func aReloadEndsEveryCellAndReusesThem() throws {
    let fixture = try TableFixture(height: 200)
    let data = Engine.TableData(sections: [TableFixture.uniform(20, 50)])
    try fixture.setData(data)
    #expect(
      TableFixture.trace(try fixture.setData(data).events) == [
        "didEndDisplaying 0.0 A #1", "didEndDisplaying 0.1 A #2", "didEndDisplaying 0.2 A #3",
        "didEndDisplaying 0.3 A #4", "cellForRow 0.0 A reused #4", "cellForRow 0.1 A reused #3",
        "cellForRow 0.2 A reused #2", "cellForRow 0.3 A reused #1",
      ])
    #expect(fixture.table.table?.cellsMade == 4)
  }

  /// S2.8: cells are displayed only for a table in a window; one outside keeps none and is laid out when it enters.
  @Test func cellsAppearWhenTheTableEntersAWindow() throws {
    let harness = EngineHarness()
    let window = try harness.window("w")
    let table = try harness.view("t", kind: .UITableView, frame: .xywh(0, 100, 390, 200))
    try harness.turn { engine throws(EngineError) in try engine.registerCell(.view(table), identifier: "A") }
    harness.subscribe(.table)
    let set = try harness.events { engine throws(EngineError) in
      _ = try engine.setTableData(.view(table), Engine.TableData(sections: [TableFixture.uniform(3, 50)]))
    }
    #expect(set.isEmpty)
    #expect(table.table?.cellsMade == 0)
    let added = try harness.events { engine throws(EngineError) in
      try engine.addSubview(.view(table), to: .view(window), at: nil)
    }
    #expect(
      TableFixture.trace(added) == ["cellForRow 0.0 A new #1", "cellForRow 0.1 A new #2", "cellForRow 0.2 A new #3"])
  }

  // MARK: - Dequeue failures

  /// S2.8 reuse (`dequeueReusableCell(withIdentifier:for:)` needs a registered class): data naming an unregistered
  /// identifier (or none) is refused with UIKit's NSInternalInconsistencyException, and nothing changes: the data,
  /// the selection, the content size and the offset stay (the harness's refusal checks the world and the events).
  @Test(arguments: [("X", "X" as String?), ("(null)", nil)])
  func anUnregisteredIdentifierIsRefusedUncommitted(_ name: String, _ identifier: String?) throws {
    let fixture = try TableFixture(height: 200)
    try fixture.setData(Engine.TableData(sections: [TableFixture.uniform(10, 50)]))
    try fixture.setOffset(30)
    let table = fixture.table
    try fixture.harness.turn { engine throws(EngineError) in
      try engine.selectRow(.view(table), IndexPath(section: 0, row: 1))
    }
    var bad = Engine.TableData(sections: [
      .init(headerHeight: 0, footerHeight: 0, rows: .listed(heights: [44, 44], identifiers: ["A", identifier]))
    ])
    bad.tableHeaderHeight = 10
    #expect(
      fixture.harness.refusal { engine throws(EngineError) in _ = try engine.setTableData(.view(table), bad) }
        == "NSInternalInconsistencyException: unable to dequeue a cell with identifier \(name) - must register a nib "
        + "or a class for the identifier or connect a prototype cell in a storyboard")
    #expect(table.table?.selected == IndexPath(section: 0, row: 1))
    #expect(table.scroll?.contentSize == Size(width: 390, height: 500))
    #expect(fixture.offsetY == 30)
  }

  /// S2.8 reuse, seed 004's data source (`dequeue: withIdentifier`): dequeueReusableCell(withIdentifier:) returns nil
  /// and JVSTableViewDataSource raises its own exceptions word for word. Nothing changes.
  @Test(arguments: [
    (nil as String?, "identifierError: identifier为空"),
    ("X", "cellNilError: 有取到对应的cell, 请检查该tableView是否注册了X的cell"),
  ])
  func seed004DataSourceErrors(_ identifier: String?, _ refusal: String) throws {
    let fixture = try TableFixture(height: 200)
    var good = Engine.TableData(sections: [TableFixture.uniform(3, 50)])
    good.dequeue = .withIdentifier
    try fixture.setData(good)
    var bad = Engine.TableData(sections: [
      .init(headerHeight: 0, footerHeight: 0, rows: .listed(heights: [44], identifiers: [identifier]))
    ])
    bad.dequeue = .withIdentifier
    let table = fixture.table
    #expect(
      fixture.harness.refusal { engine throws(EngineError) in _ = try engine.setTableData(.view(table), bad) }
        == refusal)
    #expect(table.table?.cellsMade == 3)
  }

  // MARK: - Selection

  /// S2.8: a tap selects the row (indexPathForSelectedRow) and reports tableView(_:didSelectRowAt:) with the row's
  /// identifier; new data (reloadData) clears the selection.
  @Test func selectingARow() throws {
    let fixture = try TableFixture(height: 200, register: ["A", "B"])
    try fixture.setData(
      Engine.TableData(sections: [
        .init(headerHeight: 0, footerHeight: 0, rows: .listed(heights: [50], identifiers: ["A"])),
        .init(headerHeight: 0, footerHeight: 0, rows: .listed(heights: [50, 50], identifiers: ["A", "B"])),
      ]))
    let table = fixture.table
    let tap = try fixture.harness.events { engine throws(EngineError) in
      try engine.selectRow(.view(table), IndexPath(section: 1, row: 1))
    }
    #expect(TableFixture.trace(tap) == ["didSelectRow 1.1 B"])
    #expect(table.table?.selected == IndexPath(section: 1, row: 1))
    try fixture.setData(Engine.TableData(sections: [TableFixture.uniform(2, 50)]))
    #expect(table.table?.selected == nil)
  }

  /// S2.8: a tap can only land on a row of the data: outside it the call is refused at the argument that is out of
  /// range (the wire's `data.path`): the row for row 3 of a 3-row section, the section for section 1 of a 1-section
  /// table; no didSelectRow, and the selection stays.
  @Test(arguments: [
    (0, 3, "row: expected a row of the table's data (section 0 has 3 rows)"),
    (1, 0, "section: expected a section of the table's data (the table has 1 sections)"),
  ])
  func selectingOutsideTheDataIsRefused(_ section: Int, _ row: Int, _ refusal: String) throws {
    let fixture = try TableFixture(height: 200)
    try fixture.setData(Engine.TableData(sections: [TableFixture.uniform(3, 50)]))
    let table = fixture.table
    try fixture.harness.turn { engine throws(EngineError) in
      try engine.selectRow(.view(table), IndexPath(section: 0, row: 2))
    }
    #expect(
      fixture.harness.refusal { engine throws(EngineError) in
        try engine.selectRow(.view(table), IndexPath(section: section, row: row))
      } == refusal)
    #expect(table.table?.selected == IndexPath(section: 0, row: 2))
  }

  // MARK: - UITableViewController

  /// `list`, a UITableViewController with 30 rows of 44 (`cell`), in window `w`, not shown yet.
  private func tableController(_ harness: EngineHarness) throws -> (ViewNode, ControllerNode) {
    let window = try harness.window("w")
    let list = try harness.controller("list", kind: .tableViewController)
    try harness.turn { engine throws(EngineError) in
      try engine.registerCell(.root(list), identifier: "cell")
      _ = try engine.setTableData(
        .root(list), Engine.TableData(sections: [TableFixture.uniform(30, 44, identifier: "cell")]))
    }
    return (window, list)
  }

  /// S2.8: the root view is a UITableView; its first appearance asks for the rows in view between viewWillAppear and
  /// viewDidAppear, after its geometry callbacks and viewIsAppearing (R64, R69) and the root view's layout (R30) and
  /// the offset following the safe area to −47 (S2.4): rows 0–18 intersect [−47, 797).
  @Test func theFirstAppearanceAsksForTheVisibleRowsBetweenWillAndDidAppear() throws {
    let harness = EngineHarness(events: .all)
    let (window, list) = try tableController(harness)
    #expect(list.view?.kind == .UITableView)
    #expect(
      try harness.show(list, in: window)
        == [
          "list.viewWillAppear R6", "list.viewLayoutMarginsDidChange R64", "list.viewSafeAreaInsetsDidChange R64",
          "list.viewIsAppearing R69", "list.viewWillLayoutSubviews R30", "list.viewDidLayoutSubviews R30",
          "offset list.view 0,-47 inset",
        ]
        + (0...18).map { "list.view.cellForRow(0,\($0)) #\($0 + 1)" }
        + ["list.viewDidAppear R7"])
  }

  /// S2.8: the reload happens on the first viewWillAppear only; later appearances keep the displayed cells, and each
  /// viewWillAppear clears the selection (clearsSelectionOnViewWillAppear, default true); with it false the
  /// selection survives.
  @Test(arguments: [true, false])
  func laterAppearancesKeepTheCellsAndClearTheSelection(_ clears: Bool) throws {
    let harness = EngineHarness(events: .table)
    let (window, list) = try tableController(harness)
    harness.engine.setClearsSelectionOnViewWillAppear(list, clears)
    try harness.show(list, in: window)
    let detail = try harness.controller("detail")
    #expect(
      try harness.turn { engine throws(EngineError) in try engine.selectRow(.root(list), IndexPath(section: 0, row: 3))
      }
        == ["list.view.didSelectRow(0,3)"])
    try harness.show(detail, in: window)
    #expect(list.view?.table?.selected == IndexPath(section: 0, row: 3))
    #expect(try harness.show(list, in: window).filter { $0.contains("cellForRow") }.isEmpty)
    #expect(list.view?.table?.selected == (clears ? nil : IndexPath(section: 0, row: 3)))
  }
}

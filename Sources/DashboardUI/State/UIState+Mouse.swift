import TerminalKit

extension UIState {
    /// Rows one turn of the wheel moves.
    public static let wheelStep = 3

    /// A click or a turn of the wheel. In the table: a click on a tab shows it, a click on a
    /// row highlights it and a click on the highlighted row opens it, the wheel moves the
    /// highlight. In the detail view a click on the pane bar shows that pane and the wheel
    /// scrolls the chart through its candles; in the depth view the wheel scrolls the ladder. A
    /// click
    /// anywhere closes the help.
    mutating func handle(_ event: MouseEvent) -> [UICommand] {
        if showsHelp {
            if event.action == .press { showsHelp = false }
            return []
        }
        guard settings.usesMouse, !table.isSearching, DashboardLayout.fits(size) else { return [] }
        switch (screen, event.action) {
        case (.markets, .wheelUp):
            return repeated(.up)
        case (.markets, .wheelDown):
            return repeated(.down)
        case (.markets, .press):
            return click(x: event.x, y: event.y)
        case (.detail, .wheelUp):
            return repeated(.left)
        case (.detail, .wheelDown):
            return repeated(.right)
        case (.detail, .press):
            let bar = DetailLayout(size: size, pane: detail.pane, bookRows: 0).paneBar
            if let bar, event.y == bar.y, let pane = PaneBar.pane(atColumn: event.x - bar.x, labels: Labels(language: nameLanguage)) {
                detail.pane = pane
            }
            return []
        case (.depth, .press):
            return []
        case (.depth, .wheelUp):
            return repeated(.up)
        case (.depth, .wheelDown):
            return repeated(.down)
        }
    }

    private mutating func repeated(_ key: Key) -> [UICommand] {
        (0..<Self.wheelStep).flatMap { _ in reduce(.keyPressed(key)) }
    }

    private mutating func click(x: Int, y: Int) -> [UICommand] {
        if y == DashboardLayout.tabBarRow {
            guard let clicked = TabBar.tab(atColumn: x, self), clicked != table.tab else { return [] }
            setTab(clicked)
            return []
        }
        let index = table.scrollOffset + y - DashboardLayout.tableBodyTop
        guard y >= DashboardLayout.tableBodyTop, y < DashboardLayout.tableBodyTop + visibleRowCount,
            table.rows.indices.contains(index)
        else { return [] }
        if table.rows[index] == table.selection { return reduce(.keyPressed(.enter)) }
        select(index: index)
        return []
    }
}

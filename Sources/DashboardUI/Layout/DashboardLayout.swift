public import TerminalKit

/// Where each part of the dashboard goes for a terminal size; shared by the reducer (how
/// many rows a page holds) and the screens.
public enum DashboardLayout {
    /// The smallest terminal the dashboard draws in; smaller shows "terminal too small".
    public static let minimumSize = Size(width: 40, height: 12)

    /// Whether the dashboard fits.
    public static func fits(_ size: Size) -> Bool {
        size.width >= minimumSize.width && size.height >= minimumSize.height
    }

    /// The row of the tab bar.
    public static let tabBarRow = 0
    /// The first row of market-table rows, below the tab bar and the column headings.
    public static let tableBodyTop = 2

    /// The market-table rows between the tab bar and header above and the status bar below.
    public static func tableBodyHeight(for size: Size) -> Int {
        max(0, size.height - tableBodyTop - 1)
    }
}

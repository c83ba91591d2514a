import Foundation
public import MarketCore
import SafeText

/// What `coinboard snapshot` prints of a board, every exchange's part made by one report
/// function; outside text is escaped (JSON) or stripped (table), never passed through.
public enum SnapshotDocument {
    /// The text of `board` in `format`, ended by a newline.
    public static func text(
        of board: BoardSnapshot, format: ReportFormat, report: (Exchange, MarketSnapshot) -> SnapshotReport
    ) throws(ReportError) -> String {
        switch (format, board.isComparing) {
        case (.json, false): return try json(report(board.exchanges[0], board.primary).including(premiumOf: board))
        case (.json, true): return try json(ComparisonReport(board: board, report: report))
        case (.table, _):
            let tables = board.exchanges.map { SnapshotTable(report: report($0, board[$0])).text }
            let comparison = board.isComparing ? [SnapshotTable.comparison(board.gaps)] : []
            let premium = SnapshotTable.premium(of: board)
            let lines = (tables + comparison + premium).joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            return lines.map(\.strippingUnsafeCharacters).joined(separator: "\n")
        }
    }

    /// `document` as one line of JSON with sorted keys, ended by a newline.
    public static func json(_ document: some Encodable) throws(ReportError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(document), as: UTF8.self).escapingUnsafeCharactersInJSON + "\n"
        } catch {
            throw .unencodable(String(describing: error))
        }
    }
}

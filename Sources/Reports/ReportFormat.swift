/// The formats `coinboard snapshot` prints.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// One JSON document: ``SnapshotReport`` for one exchange, ``ComparisonReport`` for several.
    case json
    /// ``SnapshotTable`` per exchange, then the price gaps when several are followed.
    case table
}

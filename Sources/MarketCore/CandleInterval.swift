/// A candlestick interval, from one minute to one day.
public enum CandleInterval: String, CaseIterable, Sendable, Hashable, Comparable {
    case oneMinute = "1m"
    case threeMinutes = "3m"
    case fiveMinutes = "5m"
    case tenMinutes = "10m"
    case fifteenMinutes = "15m"
    case thirtyMinutes = "30m"
    case oneHour = "1h"
    case fourHours = "4h"
    case sixHours = "6h"
    case twelveHours = "12h"
    case oneDay = "24h"

    /// Length in minutes.
    public var minutes: Int {
        switch self {
        case .oneMinute: 1
        case .threeMinutes: 3
        case .fiveMinutes: 5
        case .tenMinutes: 10
        case .fifteenMinutes: 15
        case .thirtyMinutes: 30
        case .oneHour: 60
        case .fourHours: 240
        case .sixHours: 360
        case .twelveHours: 720
        case .oneDay: 1440
        }
    }

    /// Length in microseconds.
    public var microseconds: Int64 { Int64(minutes) * 60_000_000 }

    public static func < (lhs: CandleInterval, rhs: CandleInterval) -> Bool { lhs.minutes < rhs.minutes }
}

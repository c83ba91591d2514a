/// An exchange the board follows. Both list their KRW markets under the same codes
/// (`KRW-BTC`), so a coin is matched across them exactly.
public enum Exchange: String, Sendable, Hashable, CaseIterable, Comparable {
    case bithumb
    case upbit

    /// The name in English, as the status bar and tab headers show it.
    public var englishName: String {
        switch self {
        case .bithumb: "Bithumb"
        case .upbit: "Upbit"
        }
    }

    /// The name in Korean.
    public var koreanName: String {
        switch self {
        case .bithumb: "빗썸"
        case .upbit: "업비트"
        }
    }

    /// Bithumb first: the reference of every comparison.
    public static func < (lhs: Exchange, rhs: Exchange) -> Bool {
        lhs.order < rhs.order
    }

    private var order: Int {
        switch self {
        case .bithumb: 0
        case .upbit: 1
        }
    }
}

/// An exchange the board follows, or the one it reads world prices from. The Korean two list
/// their KRW markets under the same codes (`KRW-BTC`), so a coin is matched across them
/// exactly; Binance's USDT markets (`USDT-BTC`) are the reference for the kimchi premium,
/// never followed as a board.
public enum Exchange: String, Sendable, Hashable, CaseIterable, Comparable {
    case bithumb
    case upbit
    case binance

    /// Whether the board follows it (Bithumb, Upbit) rather than reading it as the reference.
    public var isFollowed: Bool { self != .binance }

    /// The name in English, as the status bar and tab headers show it.
    public var englishName: String {
        switch self {
        case .bithumb: "Bithumb"
        case .upbit: "Upbit"
        case .binance: "Binance"
        }
    }

    /// The name in Korean.
    public var koreanName: String {
        switch self {
        case .bithumb: "빗썸"
        case .upbit: "업비트"
        case .binance: "바이낸스"
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
        case .binance: 2
        }
    }
}

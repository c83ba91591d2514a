/// Whether a market trades.
public enum TradingState: String, Sendable, Hashable {
    /// Trading normally.
    case active
    /// Trading halted (Bithumb 2.0's `is_trading_suspended`, or a `market_state` other than
    /// `ACTIVE` with no delisting date).
    case suspended
    /// To be delisted: a delisting date is set.
    case delisting
}

/// The exchange's word on trading a market, as its ticker carries it (Bithumb 2.0, Upbit).
public struct TradingStatus: Sendable, Hashable {
    /// Whether the market trades.
    public var state: TradingState
    /// The day trading ends, in KST, when set.
    public var delistingDate: CivilTime?
    /// Whether the ticker says the market is designated for investment warning (투자유의).
    public var isDesignated: Bool

    /// Creates a status.
    public init(state: TradingState, delistingDate: CivilTime? = nil, isDesignated: Bool = false) {
        self.state = state
        self.delistingDate = delistingDate
        self.isDesignated = isDesignated
    }

    /// An active market with nothing to say.
    public static let active = TradingStatus(state: .active)
}

/// Whether a coin can be deposited to or withdrawn from the exchange.
public enum TransferState: String, Sendable, Hashable {
    case normal
    case suspended
}

/// A coin's deposit and withdrawal state (Bithumb's `/public/assetsstatus/ALL`).
public struct TransferStatus: Sendable, Hashable {
    /// Deposits.
    public var deposit: TransferState
    /// Withdrawals.
    public var withdrawal: TransferState

    /// Creates a status.
    public init(deposit: TransferState, withdrawal: TransferState) {
        self.deposit = deposit
        self.withdrawal = withdrawal
    }
}

/// Who took liquidity over a ticker's session: base-currency volume bought and sold by
/// aggressors (Bithumb 2.0 and Upbit `acc_bid_volume`/`acc_ask_volume`, legacy
/// `buyVolume`/`sellVolume`).
public struct TradeFlow: Sendable, Hashable {
    /// Volume of trades a buyer took.
    public var buyVolume: ExactDecimal
    /// Volume of trades a seller took.
    public var sellVolume: ExactDecimal

    /// Creates a flow.
    public init(buyVolume: ExactDecimal, sellVolume: ExactDecimal) {
        self.buyVolume = buyVolume
        self.sellVolume = sellVolume
    }

    /// 체결강도: buy volume ÷ sell volume × 100, rounded half to even at two decimals; `nil`
    /// while nothing was sold (the ratio has no value). 100 means balanced, above 100 buyers
    /// took more.
    public var strength: ExactDecimal? {
        guard sellVolume > .zero else { return nil }
        return buyVolume.shifted(byPowerOfTen: 2).divided(by: sellVolume, roundedToFractionDigits: 2)
    }
}

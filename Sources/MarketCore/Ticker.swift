/// The latest market-wide figures for one market.
public struct Ticker: Sendable, Hashable {
    /// The market.
    public var market: MarketCode
    /// Last traded price.
    public var price: ExactDecimal
    /// Change of `price` against a reference price, with the basis stated.
    public var change: PriceChange
    /// Open, high, low and volume of the exchange's trading session, if sent.
    public var session: TradingSession?
    /// Base-currency volume over the rolling last 24 hours, if sent.
    public var volume24h: ExactDecimal?
    /// Quote-currency (KRW) traded value over the rolling last 24 hours, if sent.
    public var tradeValue24h: ExactDecimal?
    /// Exchange time of the figures.
    public var timestamp: Timestamp
    /// Volume taken by buyers and by sellers over the session (`session`'s basis), if sent.
    public var flow: TradeFlow?
    /// Whether the market trades, is to be delisted or is designated, if sent.
    public var status: TradingStatus?

    /// Creates a ticker.
    public init(
        market: MarketCode, price: ExactDecimal, change: PriceChange, session: TradingSession? = nil,
        volume24h: ExactDecimal? = nil, tradeValue24h: ExactDecimal? = nil, timestamp: Timestamp,
        flow: TradeFlow? = nil, status: TradingStatus? = nil
    ) {
        self.market = market
        self.price = price
        self.change = change
        self.session = session
        self.volume24h = volume24h
        self.tradeValue24h = tradeValue24h
        self.timestamp = timestamp
        self.flow = flow
        self.status = status
    }

    /// The price the change is measured from: the previous close when sent, else the price
    /// less the change.
    public var referencePrice: ExactDecimal {
        session?.previousClose ?? (price - change.signedAmount)
    }
}

/// What a change figure is measured against. The origin app mixed bases silently; here every
/// change carries its own, and the screen says which one it shows.
public enum ChangeBasis: Sendable, Hashable {
    /// Against the price at the start of a rolling window of this many minutes (24 h = 1,440).
    case rolling(minutes: Int)
    /// Against the previous close at 00:00 Korea Standard Time (Bithumb's 전일 대비).
    case sinceMidnightKST
    /// Against the previous close at 00:00 UTC (Upbit's day).
    case sinceMidnightUTC

    /// The rolling 24-hour window.
    public static let rolling24h = ChangeBasis.rolling(minutes: 1440)
}

/// Direction of a price change.
public enum ChangeDirection: String, Sendable, Hashable {
    case rise, fall, even
}

/// A price change: direction, unsigned amount and unsigned rate, on a stated basis.
public struct PriceChange: Sendable, Hashable {
    /// Up, down or flat.
    public var direction: ChangeDirection
    /// Absolute change in the quote currency (never negative).
    public var amount: ExactDecimal
    /// Absolute change as a fraction of the reference price (`0.0183` is 1.83 %; never negative).
    public var rate: ExactDecimal
    /// What the change is measured against.
    public var basis: ChangeBasis

    /// Creates a change; the sign of `amount` and `rate` is dropped, `direction` carries it.
    public init(direction: ChangeDirection, amount: ExactDecimal, rate: ExactDecimal, basis: ChangeBasis) {
        self.direction = direction
        self.amount = amount.magnitude
        self.rate = rate.magnitude
        self.basis = basis
    }

    /// Creates a change from signed figures, taking the direction from their sign.
    public init(signedAmount: ExactDecimal, signedRate: ExactDecimal, basis: ChangeBasis) {
        let direction: ChangeDirection = signedAmount.isZero ? .even : (signedAmount.isNegative ? .fall : .rise)
        self.init(direction: direction, amount: signedAmount, rate: signedRate, basis: basis)
    }

    /// The amount with its sign (negative for a fall).
    public var signedAmount: ExactDecimal { direction == .fall ? -amount : amount }

    /// The rate with its sign (negative for a fall).
    public var signedRate: ExactDecimal { direction == .fall ? -rate : rate }
}

/// The exchange's session figures: open, high, low and accumulated volume since the session
/// reset (or over a rolling window), with the basis stated.
public struct TradingSession: Sendable, Hashable {
    /// When the session starts.
    public var basis: ChangeBasis
    /// First price of the session.
    public var open: ExactDecimal
    /// Highest price of the session.
    public var high: ExactDecimal
    /// Lowest price of the session.
    public var low: ExactDecimal
    /// Previous session's close, if sent.
    public var previousClose: ExactDecimal?
    /// Base-currency volume of the session, if sent.
    public var volume: ExactDecimal?
    /// Quote-currency traded value of the session, if sent.
    public var tradeValue: ExactDecimal?

    /// Creates session figures.
    public init(
        basis: ChangeBasis, open: ExactDecimal, high: ExactDecimal, low: ExactDecimal,
        previousClose: ExactDecimal? = nil, volume: ExactDecimal? = nil, tradeValue: ExactDecimal? = nil
    ) {
        self.basis = basis
        self.open = open
        self.high = high
        self.low = low
        self.previousClose = previousClose
        self.volume = volume
        self.tradeValue = tradeValue
    }
}

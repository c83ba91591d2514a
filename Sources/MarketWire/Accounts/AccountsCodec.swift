public import MarketCore

/// `GET /v1/accounts` on Upbit and Bithumb 2.0: the same six fields a currency
/// (`currency`, `balance`, `locked`, `avg_buy_price`, `avg_buy_price_modified`,
/// `unit_currency`, numbers as strings), and the exchanges' error body.
public enum AccountsCodec {
    /// One currency's row, as the demo exchange serves it.
    public struct Row: Sendable, Hashable {
        public var currency: String
        public var balance: ExactDecimal
        public var locked: ExactDecimal
        public var averageBuyPrice: ExactDecimal

        /// Creates a row.
        public init(currency: String, balance: ExactDecimal, locked: ExactDecimal = .zero, averageBuyPrice: ExactDecimal = .zero) {
            self.currency = currency
            self.balance = balance
            self.locked = locked
            self.averageBuyPrice = averageBuyPrice
        }
    }

    /// The account `body` describes, read at `readAt`: the won (free and locked) as cash, each
    /// coin's free and locked together at the exchange's average buy price (coins at zero
    /// left out). Throws the exchange's error (`{"error":{"name","message"}}`, which Bithumb
    /// may send with status 200) or what is wrong with the body; a row priced in another
    /// currency than KRW (a global host's account) is refused, never guessed at.
    public static func decode(_ body: [UInt8], exchange: Exchange, readAt: Timestamp) throws(WireError) -> AccountRead {
        guard body.count <= WireLimits.responseBytes else {
            throw .frameTooLarge(bytes: body.count, limit: WireLimits.responseBytes)
        }
        var tokenizer = JSONTokenizer()
        return try tokenizer.parse(array: body) { (root) throws(WireError) -> AccountRead in
            var cash = ExactDecimal.zero
            var balances: [AccountRead.Balance] = []
            for row in try UpbitFamilyCodec.bodyRows(root).elements {
                guard row.kind == .object else { throw .invalidField("accounts", reason: "expected objects") }
                let currency = try row.string("currency")
                let unit = row.optionalString("unit_currency") ?? "KRW"
                guard unit == "KRW" else { throw .invalidValue("unit_currency", value: unit) }
                let held = try row.amount("balance") + row.amount("locked")
                if currency == "KRW" {
                    cash += held
                    continue
                }
                guard let market = MarketCode(quote: "KRW", base: currency) else {
                    throw .invalidValue("currency", value: currency)
                }
                guard held > .zero else { continue }
                balances.append(
                    AccountRead.Balance(market: market, quantity: held, averagePrice: try row.amount("avg_buy_price")))
            }
            return AccountRead(exchange: exchange, readAt: readAt, cash: cash, balances: balances)
        }
    }

    /// The body of `rows`, every number a string.
    public static func encode(_ rows: [Row]) -> [UInt8] {
        var writer = JSONWriter()
        writer.array { array in
            for row in rows {
                array.object { object in
                    object.field("currency", row.currency)
                    object.quotedField("balance", row.balance)
                    object.quotedField("locked", row.locked)
                    object.quotedField("avg_buy_price", row.averageBuyPrice)
                    object.field("avg_buy_price_modified", false)
                    object.field("unit_currency", "KRW")
                }
            }
        }
        return writer.bytes
    }

    /// The exchanges' error body: `{"error":{"name":…,"message":…}}`.
    public static func errorBody(name: String, message: String) -> [UInt8] {
        UpbitFamilyEncoder.errorObject(name: name, message: message)
    }
}

import MarketCore
import MarketWire

/// A recording's first line: the format's name, its version and each feed's dialect.
struct RecordingHeader: Codable {
    var coinboard = "recording"
    var version = 2
    /// Version 1: the one feed's dialect.
    var dialect: String?
    /// Version 2: each exchange's dialect, by exchange.
    var feeds: [String: String]?

    /// A version 2 header naming `feeds`.
    init(feeds: [Exchange: Dialect]) {
        self.feeds = Dictionary(uniqueKeysWithValues: feeds.map { ($0.key.rawValue, $0.value.rawValue) })
    }

    /// The feeds the header names: version 2's by exchange, version 1's one dialect; `nil`
    /// when it names none, an unknown one or a dialect of another exchange.
    var dialects: [Exchange: Dialect]? {
        switch (version, dialect, feeds) {
        case (1, let name?, nil):
            return Dialect(rawValue: name).map { [$0.exchange: $0] }
        case (2, nil, let feeds?):
            var dialects: [Exchange: Dialect] = [:]
            for (exchangeName, dialectName) in feeds {
                guard let exchange = Exchange(rawValue: exchangeName), let dialect = Dialect(rawValue: dialectName), dialect.exchange == exchange
                else { return nil }
                dialects[exchange] = dialect
            }
            return dialects.isEmpty ? nil : dialects
        default:
            return nil
        }
    }
}

/// A recording's line after the header: a frame or a REST response, when it arrived and on
/// whose feed (version 1 lines name no exchange).
struct RecordingLine: Codable {
    var at: Int64
    var exchange: String?
    var frame: String?
    var request: String?
    var body: String?
}

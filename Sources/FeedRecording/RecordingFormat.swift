import MarketCore
import MarketWire

/// A recording's first line: the format's name, its version, each feed's dialect and (version
/// 3) which of them is the kimchi premium's reference.
struct RecordingHeader: Codable {
    var coinboard = "recording"
    var version = 3
    /// Version 1: the one feed's dialect.
    var dialect: String?
    /// Versions 2 and 3: each exchange's dialect, by exchange (in version 3 the reference's too).
    var feeds: [String: String]?
    /// Version 3: the reference exchange, one of `feeds`, when it was followed.
    var reference: String?

    /// A version 3 header naming `feeds` and the `reference` among them, if any.
    init(feeds: [Exchange: Dialect], reference: Exchange?) {
        self.feeds = Dictionary(uniqueKeysWithValues: feeds.map { ($0.key.rawValue, $0.value.rawValue) })
        self.reference = reference?.rawValue
    }

    /// The feeds the header names: versions 2's and 3's by exchange, version 1's one dialect;
    /// `nil` when it names none, an unknown one, a dialect of another exchange, or (before
    /// version 3, or unnamed as the reference) the reference exchange.
    var dialects: [Exchange: Dialect]? {
        switch (version, dialect, feeds) {
        case (1, let name?, nil):
            return Dialect(rawValue: name).map { [$0.exchange: $0] }
        case (2, nil, let feeds?), (3, nil, let feeds?):
            var dialects: [Exchange: Dialect] = [:]
            for (exchangeName, dialectName) in feeds {
                guard let exchange = Exchange(rawValue: exchangeName), let dialect = Dialect(rawValue: dialectName), dialect.exchange == exchange,
                    exchange.isFollowed || exchange == referenceExchange
                else { return nil }
                dialects[exchange] = dialect
            }
            guard dialects.keys.contains(where: \.isFollowed) else { return nil }
            return dialects
        default:
            return nil
        }
    }

    /// The reference exchange a version 3 header names.
    var referenceExchange: Exchange? {
        version >= 3 ? reference.flatMap(Exchange.init(rawValue:)) : nil
    }
}

/// A recording's line after the header: a frame or a REST response, when it arrived and on
/// whose feed (version 1 lines name no exchange), or (version 3) an answer of the won–dollar
/// rate's forex quote, naming no exchange.
struct RecordingLine: Codable {
    var at: Int64
    var exchange: String?
    var frame: String?
    var request: String?
    var body: String?
    var rate: String?
}

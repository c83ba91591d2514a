import Foundation
import MarketCore

/// The watchlist file's JSON: version 1 (favorites only), 2 (favorites and price alerts) or 3
/// (alerts that name their exchange, and alerts on the kimchi premium). Versions 1 and 2 are
/// read; 3 is written.
struct WatchlistContents: Codable {
    struct Alert: Codable {
        var id: String
        var market: String
        /// The exchange whose price it watches (version 3); absent: the first followed.
        var exchange: String?
        /// `above`, `below`, `move`, or (version 3) `premiumAbove`, `premiumBelow`.
        var kind: String
        /// The level of `above` and `below`, an exact decimal.
        var price: String?
        /// The move of `move`, or the premium level of `premiumAbove` and `premiumBelow`, in %,
        /// an exact decimal.
        var percent: String?
        /// The window of `move`, in minutes.
        var minutes: Int?
        /// When it fired (ISO-8601), or `null` while armed.
        var firedAt: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(market, forKey: .market)
            try container.encodeIfPresent(exchange, forKey: .exchange)
            try container.encode(kind, forKey: .kind)
            try container.encodeIfPresent(price, forKey: .price)
            try container.encodeIfPresent(percent, forKey: .percent)
            try container.encodeIfPresent(minutes, forKey: .minutes)
            try container.encode(firedAt, forKey: .firedAt)
        }
    }

    var version: Int
    var favorites: [String]
    var alerts: [Alert]?

    /// The newest version, the one written.
    static let currentVersion = 3

    init(_ watchlist: Watchlist) {
        version = Self.currentVersion
        favorites = watchlist.favorites.map(\.code)
        alerts = watchlist.alerts.map(Alert.init)
    }

    /// The watchlist, or `nil` when the file says something this version cannot read (an unknown
    /// version, a bad market code, a broken alert): such a file is set aside, never half-read.
    var watchlist: Watchlist? {
        guard (1...Self.currentVersion).contains(version) else { return nil }
        let codes = favorites.compactMap { MarketCode(code: $0) }
        guard codes.count == favorites.count else { return nil }
        guard version > 1 else { return alerts == nil ? Watchlist(favorites: codes) : nil }
        let read = (alerts ?? []).compactMap { $0.alert(inVersion: version) }
        guard read.count == (alerts ?? []).count, Set(read.map(\.id)).count == read.count else { return nil }
        return Watchlist(favorites: codes, alerts: read)
    }
}

extension WatchlistContents.Alert {
    init(_ alert: PriceAlert) {
        id = alert.id
        market = alert.market.code
        exchange = alert.exchange?.rawValue
        switch alert.condition {
        case .above(let level):
            kind = "above"
            price = level.description
        case .below(let level):
            kind = "below"
            price = level.description
        case .move(let percent, let minutes):
            kind = "move"
            self.percent = percent.description
            self.minutes = minutes
        case .premiumAbove(let level):
            kind = "premiumAbove"
            percent = level.description
        case .premiumBelow(let level):
            kind = "premiumBelow"
            percent = level.description
        }
        firedAt = alert.firedAt?.iso8601
    }

    /// The alert as a file of `version` holds it, or `nil` when a field is missing, out of
    /// range, or newer than the version.
    func alert(inVersion version: Int) -> PriceAlert? {
        guard !id.isEmpty, id.count <= 64, let code = MarketCode(code: market) else { return nil }
        var watched: Exchange?
        if let exchange {
            guard version >= 3, let named = Exchange(rawValue: exchange), named.isFollowed else { return nil }
            watched = named
        }
        let condition: PriceAlert.Condition
        switch kind {
        case "above", "below":
            guard let level = price.flatMap({ ExactDecimal($0) }), level > .zero else { return nil }
            condition = kind == "above" ? .above(level) : .below(level)
        case "move":
            guard let move = percent.flatMap({ ExactDecimal($0) }), move > .zero, let minutes,
                (1...PriceAlert.longestMoveWindow).contains(minutes)
            else { return nil }
            condition = .move(percent: move, minutes: minutes)
        case "premiumAbove", "premiumBelow":
            guard version >= 3, let level = percent.flatMap({ ExactDecimal($0) }), level.magnitude <= 1000 else { return nil }
            condition = kind == "premiumAbove" ? .premiumAbove(level) : .premiumBelow(level)
        default:
            return nil
        }
        var fired: Timestamp?
        if let firedAt {
            guard let time = Timestamp(iso8601: firedAt) else { return nil }
            fired = time
        }
        return PriceAlert(id: id, market: code, exchange: watched, condition: condition, firedAt: fired)
    }
}

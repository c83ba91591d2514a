import Foundation
import MarketCore

/// The watchlist file's JSON, version 1 (favorites only) or 2 (favorites and alerts).
struct WatchlistContents: Codable {
    struct Alert: Codable {
        var id: String
        var market: String
        /// `above`, `below` or `move`.
        var kind: String
        /// The level of `above` and `below`, an exact decimal.
        var price: String?
        /// The move of `move`, in %, an exact decimal.
        var percent: String?
        /// The window of `move`, in minutes.
        var minutes: Int?
        /// When it fired (ISO-8601), or `null` while armed.
        var firedAt: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(market, forKey: .market)
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
    static let currentVersion = 2

    init(_ watchlist: Watchlist) {
        version = Self.currentVersion
        favorites = watchlist.favorites.map(\.code)
        alerts = watchlist.alerts.map(Alert.init)
    }

    /// The watchlist, or `nil` when the file says something this version cannot read (an unknown
    /// version, a bad market code, a broken alert): such a file is set aside, never half-read.
    var watchlist: Watchlist? {
        guard version == 1 || version == Self.currentVersion else { return nil }
        let codes = favorites.compactMap { MarketCode(code: $0) }
        guard codes.count == favorites.count else { return nil }
        guard version == Self.currentVersion else { return alerts == nil ? Watchlist(favorites: codes) : nil }
        let read = (alerts ?? []).compactMap(\.alert)
        guard read.count == (alerts ?? []).count, Set(read.map(\.id)).count == read.count else { return nil }
        return Watchlist(favorites: codes, alerts: read)
    }
}

extension WatchlistContents.Alert {
    init(_ alert: PriceAlert) {
        id = alert.id
        market = alert.market.code
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
        }
        firedAt = alert.firedAt?.iso8601
    }

    /// The alert, or `nil` when a field is missing or out of range.
    var alert: PriceAlert? {
        guard !id.isEmpty, id.count <= 64, let code = MarketCode(code: market) else { return nil }
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
        default:
            return nil
        }
        var fired: Timestamp?
        if let firedAt {
            guard let time = Timestamp(iso8601: firedAt) else { return nil }
            fired = time
        }
        return PriceAlert(id: id, market: code, condition: condition, firedAt: fired)
    }
}

import MarketCore

/// Screen text in the language names are shown in.
struct Labels {
    let language: NameLanguage

    func pick(_ korean: String, _ english: String) -> String {
        language == .korean ? korean : english
    }

    var krwTab: String { "KRW" }
    var favoritesTab: String { pick("즐겨찾기", "Favorites") }
    var name: String { pick("이름", "Name") }
    var symbol: String { pick("심볼", "Symbol") }
    var price: String { pick("현재가", "Price") }
    var changeAmount: String { pick("변동", "Change") }
    var tradeValue: String { pick("거래대금(백만)", "Value(1M KRW)") }
    var tradeStrengthColumn: String { pick("체결강도", "Buy/Sell%") }
    var premiumColumn: String { pick("김프", "Premium") }
    var search: String { pick("검색", "Search") }
    var sortedBy: String { pick("정렬", "Sort") }
    var noMatch: String { pick("검색 결과가 없습니다", "No market matches") }
    var waiting: String { pick("시세를 기다리는 중…", "Waiting for quotes…") }
    var emptyFavorites: [String] {
        [
            pick("즐겨찾기가 없습니다.", "No favorites yet."),
            pick("KRW 탭에서 f 또는 Space로 추가하세요.", "Press f or Space on a market in the KRW tab."),
        ]
    }
    var orderBook: String { pick("호가", "Order book") }
    var trades: String { pick("체결", "Trades") }
    var chart: String { pick("차트", "Chart") }
    var spread: String { pick("스프레드", "Spread") }
    var mid: String { pick("중간", "Mid") }
    var noBook: String { pick("호가 없음", "No order book yet") }

    /// The order book's title with its state, so a book that is not current never reads as live.
    func orderBook(_ state: BookState?) -> String {
        switch state {
        case .resyncing: pick("호가 · 재동기화 중", "Order book · resyncing")
        case .stale: pick("호가 · 재연결 이전", "Order book · from before the reconnect")
        case .live, nil: orderBook
        }
    }

    /// How long ago a market's data last arrived: `갱신 12초 전` / `updated 12 s ago`.
    func updated(secondsAgo seconds: Double) -> String {
        let seconds = max(0, seconds)
        if seconds < 60 {
            let whole = Int(clampingRounded: seconds.rounded(.down))
            return pick("갱신 \(whole)초 전", "updated \(whole) s ago")
        }
        if seconds < 3600 {
            let minutes = Int(clampingRounded: (seconds / 60).rounded(.down))
            return pick("갱신 \(minutes)분 전", "updated \(minutes) min ago")
        }
        let hours = Int(clampingRounded: (seconds / 3600).rounded(.down))
        return pick("갱신 \(hours)시간 전", "updated \(hours) h ago")
    }
    var noTrades: String { pick("체결 없음", "No trades yet") }
    var noCandles: String { pick("캔들 없음", "No candles yet") }
    var loadingEarlierCandles: String { pick("불러오는 중…", "loading…") }
    var startOfHistory: String { pick("기록 시작", "history starts") }
    var pagedCandleLimit: String { pick("한도", "limit") }
    func candleCacheOff(_ problem: String) -> String {
        pick("캔들 저장소 끔, 차트는 메모리로: \(problem)", "candle cache off, charts from memory: \(problem)")
    }
    var high: String { pick("고가", "High") }
    var low: String { pick("저가", "Low") }
    var volume: String { pick("거래량", "Volume") }

    func sortKey(_ key: SortKey) -> String {
        switch key {
        case .tradeValue: pick("거래대금", "value")
        case .changeRate: pick("변동률", "change")
        case .price: pick("현재가", "price")
        case .name: pick("이름", "name")
        case .favoritesOrder: pick("내 순서", "my order")
        case .popularity: pick("인기순", "popular")
        case .tradeStrength: pick("체결강도", "buy/sell")
        case .gap: pick("가격차", "gap")
        case .heldValue: pick("평가금액", "value held")
        case .premium: pick("김프", "premium")
        }
    }

    /// What a change is measured against, as a column title.
    func change(basis: ChangeBasis?) -> String {
        switch basis {
        case .sinceMidnightKST, nil: pick("전일대비", "Chg(day)")
        case .sinceMidnightUTC: pick("전일대비UTC", "Chg(UTC)")
        case .rolling(let minutes) where minutes == 1440: pick("24h변동", "Chg 24h")
        case .rolling(let minutes): pick("\(minutes)분변동", "Chg \(minutes)m")
        }
    }
}

import MarketCore
import TerminalKit

/// The 보유 tab's and the holdings line's text.
extension Labels {
    var holdingsTab: String { pick("보유", "Holdings") }
    var quantityHeld: String { pick("보유수량", "Quantity") }
    var averagePrice: String { pick("매수평균가", "Avg price") }
    var costColumn: String { pick("매수금액", "Cost") }
    var heldValueColumn: String { pick("평가금액", "Value") }
    var profitColumn: String { pick("평가손익", "Profit") }
    var profitRateColumn: String { pick("수익률", "Return") }
    var weightColumn: String { pick("비중", "Weight") }
    var emptyHoldings: [String] {
        [
            pick("보유 내역이 없습니다.", "Nothing held yet."),
            pick("종목에서 h를 눌러 매수(+수량@가격)·매도(-수량@가격)를 입력하세요.", "Press h on a market: +qty@price buys, -qty@price sells."),
        ]
    }
    var holdingsInputHelp: String { pick("+수량@가격 매수 · -수량@가격 매도 · =0 삭제", "+qty@price buys · -qty@price sells · =0 removes") }
    var nothingEntered: String { pick("입력한 내역이 없습니다", "nothing entered for this market") }
    var noPriceToTradeAt: String { pick("현재가가 없어 가격을 입력해야 합니다", "no price yet: type @price") }

    var noAccountToRead: String {
        pick("읽을 계좌가 없습니다: 빗썸 2.0·업비트 피드에서 U로 읽습니다", "No account to read: U reads Bithumb 2.0 and Upbit feeds")
    }

    /// Said while the accounts of `exchanges` are being read.
    func readingAccounts(_ exchanges: [Exchange]) -> String {
        let names = exchanges.map(exchangeName).joined(separator: "·")
        return pick("\(names) 계좌 읽는 중…", "Reading the \(names) account…")
    }

    /// Said when an account has been read: `업비트 계좌 21:03:04 · 3종목 · 현금 ₩5,000,000`.
    func accountRead(_ read: AccountRead) -> String {
        let time = read.readAt.civilTime(in: .kst).timeText()
        let cash = DisplayFormat.won(read.cash)
        let count = read.balances.count
        return pick(
            "\(exchangeName(read.exchange)) 계좌 \(time) · \(count)종목 · 현금 \(cash)",
            "\(exchangeName(read.exchange)) account at \(time): \(count) coin\(count == 1 ? "" : "s"), cash \(cash)")
    }

    /// Said when the account of `exchange` could not be read, and why.
    func accountNotRead(_ exchange: Exchange, reason: String) -> String {
        pick("\(exchangeName(exchange)) 계좌를 읽지 못함: \(reason)", "\(exchangeName(exchange)) account not read: \(reason)")
    }

    /// The line's title for `market` on `exchange`.
    func holdingsPrompt(_ name: String, exchange: Exchange, comparing: Bool) -> String {
        let on = comparing ? " · \(exchangeName(exchange))" : ""
        return pick("보유 입력 · \(name)\(on)", "Holding · \(name)\(on)")
    }

    /// Why the ledger refused an entry.
    func refusal(_ error: HoldingsError) -> String {
        switch error {
        case .sellsMoreThanHeld(_, let held): pick("보유 수량(\(held))보다 많이 팔 수 없습니다", "cannot sell more than the \(held) held")
        case .notPositive: pick("수량과 가격은 0보다 커야 합니다", "quantity and price must be above zero")
        case .notAKRWMarket: pick("KRW 마켓이 아닙니다", "not a KRW market")
        }
    }

    /// What is held of a market, in the detail header: `보유 0.5 · 평가손익 +18,642,833 (+36.08%)`.
    func position(_ held: HoldingsView.Held) -> String {
        let profit = held.profit.map { DisplayFormat.won($0, signed: true) } ?? "-"
        let rate = held.profitPercent.map { " (" + DisplayFormat.signedPercent($0.shifted(byPowerOfTen: -2)) + ")" } ?? ""
        return pick("보유 ", "Held ") + DisplayFormat.heldQuantity(held.quantity) + " · " + profitColumn + " " + profit + rate
    }

    /// The totals line that fits `columns`: 총보유자산 · 총매수 · 총평가 · 평가손익 · 수익률, leaving
    /// out 총매수, then 총평가, where they do not fit.
    func holdingsTotals(_ totals: HoldingsValuation.Totals, columns: Int) -> String {
        let rate = totals.profitPercent.map { DisplayFormat.signedPercent($0.shifted(byPowerOfTen: -2)) } ?? "-"
        let parts = [
            pick("총보유자산 ", "Assets ") + DisplayFormat.won(totals.assets),
            pick("총매수 ", "Cost ") + DisplayFormat.won(totals.cost),
            pick("총평가 ", "Value ") + DisplayFormat.won(totals.value),
            pick("평가손익 ", "Profit ") + DisplayFormat.won(totals.profit, signed: true),
            pick("수익률 ", "Return ") + rate,
        ]
        for left in [[], [1], [1, 2]] {
            let line = parts.enumerated().filter { !left.contains($0.offset) }.map(\.element).joined(separator: " · ")
            if line.terminalColumns <= columns { return line }
        }
        return [parts[0], parts[3], parts[4]].joined(separator: " · ")
    }
}

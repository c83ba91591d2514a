import MarketCore

/// Text for the signals, so they read without colour (`NO_COLOR`) in either language.
extension Labels {
    /// The one badge a market's row shows, the most pressing first: halted, to be delisted,
    /// designated (유의), an alert by its first reason (a price swing `급등락`, a volume surge
    /// `급증`, any other `주의`), new (`isNew`: listed recently at the time shown); `""` when
    /// none applies.
    func badge(_ signals: MarketSignals, isNew: Bool) -> String {
        if signals.state == .suspended { return pick("정지", "HALT") }
        if signals.state == .delisting { return pick("폐지", "DLST") }
        if let warning = signals.warning {
            if warning.step == .designated { return pick("유의", "WARN") }
            switch warning.reasons.first {
            case "PRICE_SUDDEN_FLUCTUATION", "PRICE_FLUCTUATIONS": return pick("급등락", "SWING")
            case let reason? where MarketWarning.volumeSpikeReasons.contains(reason): return pick("급증", "VOL+")
            default: return pick("주의", "CAUT")
            }
        }
        return isNew ? pick("신규", "NEW") : ""
    }

    var badgeColumn: String { pick("경고", "Flag") }

    /// A warning step in words: `투자유의`, `주의 2단계 (경고)`.
    func step(_ step: WarningStep) -> String {
        switch step {
        case .caution: pick("투자주의", "caution")
        case .warning: pick("투자경고", "warning")
        case .danger: pick("투자위험", "danger")
        case .designated: pick("투자유의", "designated")
        }
    }

    /// An exchange's reason code in words; an unknown code is shown as sent.
    func reason(_ code: String) -> String {
        switch code {
        case "PRICE_SUDDEN_FLUCTUATION", "PRICE_FLUCTUATIONS": pick("가격 급등락", "price swing")
        case "TRADING_VOLUME_SUDDEN_FLUCTUATION", "TRADING_VOLUME_SOARING": pick("거래량 급증", "volume surge")
        case "DEPOSIT_AMOUNT_SUDDEN_FLUCTUATION", "DEPOSIT_AMOUNT_SOARING": pick("입금량 급증", "deposit surge")
        case "PRICE_DIFFERENCE_HIGH", "GLOBAL_PRICE_DIFFERENCES": pick("가격 괴리", "price gap abroad")
        case "SPECIFIC_ACCOUNT_HIGH_TRANSACTION": pick("특정 계정 거래 집중", "few accounts trading")
        case "EXCHANGE_TRADING_CONCENTRATION", "CONCENTRATION_OF_SMALL_ACCOUNTS": pick("소수 계정 집중", "small-account concentration")
        default: code
        }
    }

    /// The warning as one line: step, reasons, and until when (KST).
    func warning(_ warning: MarketWarning) -> String {
        var text = step(warning.step)
        if !warning.reasons.isEmpty { text += ": " + warning.reasons.map(reason).joined(separator: ", ") }
        if let until = warning.until {
            let civil = until.civilTime(in: .kst)
            text += pick(" (~\(civil.dateText()) \(civil.timeText()))", " (until \(civil.dateText()) \(civil.timeText()) KST)")
        }
        return text
    }

    /// Trading halted or ending: `거래정지`, `상장폐지 2026-12-09`; `nil` while active.
    func tradingState(_ signals: MarketSignals) -> String? {
        switch signals.state {
        case .active: return nil
        case .suspended: return pick("거래정지", "trading halted")
        case .delisting:
            let day = signals.delistingDate?.dateText() ?? "?"
            return pick("상장폐지 \(day)", "delisting \(day)")
        }
    }

    /// Deposit and withdrawal state: `입금 정지 · 출금 정상`.
    func transfer(_ status: TransferStatus) -> String {
        func state(_ state: TransferState) -> String {
            state == .normal ? pick("정상", "open") : pick("정지", "suspended")
        }
        return pick("입금 ", "deposit ") + state(status.deposit) + " · " + pick("출금 ", "withdrawal ") + state(status.withdrawal)
    }

    /// 체결강도 with its figure: `체결강도 123.45%`.
    func tradeStrength(_ strength: ExactDecimal) -> String {
        pick("체결강도 ", "Buy/sell ") + strength.formatted(fractionDigits: 2) + "%"
    }

    /// A new market: `신규 상장` / `new listing`.
    var newListing: String { pick("신규 상장", "new listing") }
}

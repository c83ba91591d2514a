import MarketCore

/// Text for price alerts.
extension Labels {
    /// A condition as read: `≥ 140,000,000`, `≤ 130,000,000`, `±5% / 10분`, `김프 ≥ 3%`.
    func condition(_ condition: PriceAlert.Condition) -> String {
        switch condition {
        case .above(let level): "≥ " + DisplayFormat.price(level)
        case .below(let level): "≤ " + DisplayFormat.price(level)
        case .move(let percent, let minutes): "±\(percent)% / " + pick("\(minutes)분", "\(minutes) min")
        case .premiumAbove(let level): premiumColumn + " ≥ \(level)%"
        case .premiumBelow(let level): premiumColumn + " ≤ \(level)%"
        }
    }

    /// The status bar's lead when alerts fire: `알림 14:03:20` / `Alert 14:03:20`.
    func alertFired(at time: Timestamp) -> String {
        pick("알림 ", "Alert ") + time.civilTime(in: .kst).timeText()
    }

    /// An alert's state in the list: `대기` (armed) or when it fired (KST).
    func alertState(_ alert: PriceAlert) -> String {
        guard let fired = alert.firedAt else { return pick("대기", "armed") }
        let civil = fired.civilTime(in: .kst)
        return pick("발동 ", "fired ") + civil.dateText() + " " + civil.timeText()
    }

    var alertsTitle: String { pick("가격 알림", "Price alerts") }
    var noAlerts: String { pick("알림이 없습니다. 시세 화면에서 a로 추가하세요.", "No alerts. Press a on a market to add one.") }
    var alertListKeys: String { pick("j k 이동  x 삭제  r 다시 켜기  Enter 수정  Esc 닫기", "j k move  x delete  r re-arm  Enter edit  Esc close") }
    var alertPromptHint: String {
        pick(
            "예: >150000000  <130000000  5%10 (10분 안에 5% 변동)  p>3 (김프 3% 이상)",
            "e.g. >150000000  <130000000  5%10 (5% within 10 min)  p>3 (premium ≥ 3%)")
    }
    var alertPromptInvalid: String { pick("알 수 없는 조건입니다", "not a condition") }
}

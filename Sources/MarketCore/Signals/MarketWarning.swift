import SafeText

/// How strongly an exchange flags a market, mildest first.
///
/// - ``caution``, ``warning`` and ``danger`` are the steps of an alert (Bithumb's
///   `virtual_asset_warning` steps `CAUTION`/`WARNING`/`DANGER`; each of Upbit's five
///   `market_event.caution` flags is a ``caution``): 투자주의, shown as `주의`.
/// - ``designated`` is the investment-warning designation that can end in delisting
///   (Bithumb's `market_warning: "CAUTION"`, Upbit's `market_event.warning: true`): 투자유의,
///   shown as `유의`.
public enum WarningStep: String, Sendable, Hashable, Comparable, CaseIterable {
    case caution
    case warning
    case danger
    case designated

    public static func < (lhs: WarningStep, rhs: WarningStep) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// An exchange's warning on a market: how strong, why, and until when.
public struct MarketWarning: Sendable, Hashable {
    /// The strongest step that applies.
    public var step: WarningStep
    /// The exchange's reason codes (e.g. `PRICE_SUDDEN_FLUCTUATION`), in the order first given,
    /// each once; control characters already stripped.
    public private(set) var reasons: [String]
    /// When the last alert ends, when the exchange says.
    public var until: Timestamp?

    /// Creates a warning; reasons are stripped of control characters and repeats.
    public init(step: WarningStep, reasons: [String] = [], until: Timestamp? = nil) {
        self.step = step
        self.reasons = []
        self.until = until
        for reason in reasons { add(reason: reason) }
    }

    /// The warning that says both: the stronger step, every reason, the later end.
    public func merged(with other: MarketWarning) -> MarketWarning {
        var merged = self
        merged.step = Swift.max(step, other.step)
        for reason in other.reasons { merged.add(reason: reason) }
        merged.until = [until, other.until].compactMap { $0 }.max()
        return merged
    }

    /// Merges optional warnings: `nil` when neither says anything.
    public static func merging(_ first: MarketWarning?, _ second: MarketWarning?) -> MarketWarning? {
        guard let first else { return second }
        guard let second else { return first }
        return first.merged(with: second)
    }

    /// The reasons the exchange uses for a volume spike (Bithumb's and Upbit's names).
    public static let volumeSpikeReasons: Set<String> = ["TRADING_VOLUME_SUDDEN_FLUCTUATION", "TRADING_VOLUME_SOARING"]

    /// Whether a reason names a sudden rise in traded volume.
    public var flagsVolumeSpike: Bool { reasons.contains { Self.volumeSpikeReasons.contains($0) } }

    private mutating func add(reason: String) {
        let clean = reason.strippingUnsafeCharacters
        guard !clean.isEmpty, !reasons.contains(clean), reasons.count < Self.reasonLimit else { return }
        reasons.append(clean)
    }

    /// The most reasons kept: more than either exchange defines.
    static let reasonLimit = 16
}

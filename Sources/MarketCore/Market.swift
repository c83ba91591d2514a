import SafeText

/// A listed market with its display names.
public struct Market: Sendable, Hashable {
    /// The market's code.
    public let code: MarketCode
    /// Korean display name, e.g. `비트코인`; control characters already stripped.
    public let koreanName: String
    /// English display name, e.g. `Bitcoin`; control characters already stripped.
    public let englishName: String
    /// The warning the listing carries (투자유의 designation, Upbit's caution flags), if any.
    public let warning: MarketWarning?

    /// Creates a market; names are stripped of control characters here, so no unsafe
    /// network text can reach the screen through a `Market`.
    public init(code: MarketCode, koreanName: String, englishName: String, warning: MarketWarning? = nil) {
        self.code = code
        self.koreanName = koreanName.strippingUnsafeCharacters
        self.englishName = englishName.strippingUnsafeCharacters
        self.warning = warning
    }
}

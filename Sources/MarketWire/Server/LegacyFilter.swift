public import MarketCore

/// A Bithumb legacy filter as the exchange reads it:
/// `{"type":"ticker","symbols":["BTC_KRW"],"tickTypes":["24H"]}`, one per stream type.
public struct LegacyFilter: Sendable, Hashable {
    /// The legacy stream types.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case ticker, transaction, orderbookdepth, orderbooksnapshot
    }

    /// The stream asked for.
    public var kind: Kind
    /// Markets asked for, each once; symbols the exchange would not recognise are left out.
    public var markets: [MarketCode]
    /// For tickers, the windows the change figures are measured over (`30M` … `24H`, `MID`).
    public var changeBases: [ChangeBasis]

    /// Reads a filter frame, or `nil` for what the exchange answers with
    /// `{"status":"5100","resmsg":"Invalid Filter Syntax"}`.
    public static func read(_ frame: UnsafeRawBufferPointer) -> LegacyFilter? {
        var tokenizer = JSONTokenizer()
        do throws(WireError) {
            return try tokenizer.parse(frame) { root in read(root) }
        } catch {
            return nil
        }
    }

    private static func read(_ root: JSONValue) -> LegacyFilter? {
        guard let type = root["type"]?.stringValue, let kind = Kind(rawValue: type),
            let symbols = root["symbols"], symbols.kind == .array
        else { return nil }
        var markets: [MarketCode] = []
        var seen: Set<MarketCode> = []
        for symbol in symbols.elements {
            guard let text = symbol.stringValue else { return nil }
            if let market = MarketCode(legacySymbol: text), seen.insert(market).inserted { markets.append(market) }
        }
        var bases: [ChangeBasis] = []
        if kind == .ticker {
            guard let tickTypes = root["tickTypes"] else { return LegacyFilter(kind: kind, markets: markets, changeBases: [.rolling24h]) }
            guard tickTypes.kind == .array else { return nil }
            for tickType in tickTypes.elements {
                guard let text = tickType.stringValue,
                    let basis = try? BithumbLegacyCodec.basis(forTickType: text)
                else { return nil }
                if !bases.contains(basis) { bases.append(basis) }
            }
        }
        return LegacyFilter(kind: kind, markets: markets, changeBases: bases)
    }
}

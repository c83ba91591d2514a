public import MarketCore

/// A request on Binance's market streams as the exchange reads it:
/// `{"method":"SUBSCRIBE","params":["btcusdt@trade"],"id":1}` (`UNSUBSCRIBE` and
/// `LIST_SUBSCRIPTIONS` alike), its `id` echoed in the answer as it was sent.
public struct BinanceStreamRequest: Sendable, Hashable {
    /// What is asked.
    public enum Method: String, Sendable, Hashable {
        case subscribe = "SUBSCRIBE"
        case unsubscribe = "UNSUBSCRIBE"
        case listSubscriptions = "LIST_SUBSCRIPTIONS"
    }

    /// A stream a request names, by what it carries.
    public enum Stream: Sendable, Hashable {
        /// `<symbol>@miniTicker`.
        case miniTicker(MarketCode)
        /// `<symbol>@ticker`.
        case ticker(MarketCode)
        /// `!miniTicker@arr`: every symbol that changed, once a second.
        case allMiniTickers
        /// `<symbol>@trade` (and `@aggTrade`, served as single trades).
        case trades(MarketCode)
        /// `<symbol>@depth` or `@depth@100ms`: changed levels with their update ids.
        case depthUpdates(MarketCode)
        /// `<symbol>@depth5|10|20[@100ms]`: the top levels, whole.
        case partialDepth(MarketCode, levels: Int)

        /// The stream named `name` (as Binance names it, symbols in lower case).
        public init?(name: String) {
            if name == "!miniTicker@arr" {
                self = .allMiniTickers
                return
            }
            let parts = name.split(separator: "@", maxSplits: 1)
            guard parts.count == 2, parts[0] == parts[0].lowercased(), let market = BinanceSymbol.market(parts[0]) else { return nil }
            switch parts[1] {
            case "miniTicker": self = .miniTicker(market)
            case "ticker": self = .ticker(market)
            case "trade", "aggTrade": self = .trades(market)
            case "depth", "depth@100ms": self = .depthUpdates(market)
            default:
                let depth = parts[1].hasSuffix("@100ms") ? parts[1].dropLast("@100ms".count) : parts[1][...]
                guard depth.hasPrefix("depth"), let levels = Int(depth.dropFirst("depth".count)), [5, 10, 20].contains(levels) else {
                    return nil
                }
                self = .partialDepth(market, levels: levels)
            }
        }
    }

    /// A request's `id`, echoed in its answer as it was sent.
    public enum ID: Sendable, Hashable {
        case number(Int64)
        case text(String)
        case none
    }

    /// What is asked.
    public var method: Method
    /// The stream names, as sent.
    public var params: [String]
    /// The `id` as sent.
    public var id: ID

    /// Reads a request, or the `{"code":…,"msg":…}` refusal Binance answers it with.
    public static func read(_ frame: UnsafeRawBufferPointer) -> Result<BinanceStreamRequest, WireError> {
        var tokenizer = JSONTokenizer()
        do throws(WireError) {
            return .success(try tokenizer.parse(frame) { (root) throws(WireError) in try read(root) })
        } catch {
            return .failure(error)
        }
    }

    private static func read(_ root: JSONValue) throws(WireError) -> BinanceStreamRequest {
        guard root.kind == .object, let methodValue = root["method"], let name = methodValue.stringValue,
            let method = Method(rawValue: name)
        else { throw .invalidField("method", reason: "Invalid request: unknown method") }
        var id = ID.none
        if let value = root["id"] {
            switch value.kind {
            case .number: id = .number(try value.asInt64(field: "id"))
            case .string: id = .text(value.stringValue ?? "")
            case .null: id = .none
            default: throw .invalidField("id", reason: "Invalid request: request ID must be an unsigned integer")
            }
        }
        var params: [String] = []
        if let list = root["params"] {
            guard list.kind == .array else { throw .invalidField("params", reason: "Invalid request: params must be an array") }
            for element in list.elements {
                guard let text = element.stringValue else { throw .invalidField("params", reason: "Invalid request: params must be strings") }
                params.append(text)
            }
        }
        return BinanceStreamRequest(method: method, params: params, id: id)
    }
}

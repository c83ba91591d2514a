public import MarketCore
import SafeText

/// A Bithumb 2.0 subscribe request as the exchange reads it:
/// `[{"ticket":…},{"type":…,"codes":[…]},…,{"format":…}]`.
public struct StreamRequest: Sendable, Hashable {
    /// The data a stream carries.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case ticker, trade, orderbook
    }

    /// One type object: what to stream for which markets.
    public struct Stream: Sendable, Hashable {
        public var kind: Kind
        /// Markets asked for. Codes the exchange would not recognise (lower case, legacy form,
        /// unknown) are left out silently, as the exchange does; a market named twice refuses
        /// the request (``StreamRequestRejection/repeatedCode(_:)``).
        public var markets: [MarketCode]
        /// Levels asked for per order-book market (`KRW-BTC.5`), when given.
        public var depths: [MarketCode: Int]
        /// Send only the first snapshot (`isOnlySnapshot`).
        public var onlySnapshot: Bool
        /// Send only live updates, no snapshot (`isOnlyRealtime`).
        public var onlyRealtime: Bool
    }

    /// The client's ticket.
    public var ticket: String
    /// The streams, in request order.
    public var streams: [Stream]
    /// `DEFAULT` or `SIMPLE` keys (an unknown format falls back to `DEFAULT`, as observed).
    public var style: UpbitFamilyEncoder.KeyStyle
}

/// Why the exchange refused a subscribe request: the `name` and `message` of its error frame,
/// after which it closes the connection.
public struct StreamRequestRejection: Error, Sendable, Hashable {
    public var name: String
    public var message: String

    static let wrongFormat = StreamRequestRejection(name: "WRONG_FORMAT", message: "Format 이 맞지 않습니다.")
    static let noTicket = StreamRequestRejection(name: "NO_TICKET", message: "티켓이 존재하지 않거나, 유효하지 않습니다.")
    static let noType = StreamRequestRejection(name: "NO_TYPE", message: "type 필드가 존재하지 않습니다.")
    static let noCodes = StreamRequestRejection(name: "NO_CODES", message: "codes 필드가 존재하지 않습니다.")
    static let emptyCodes = StreamRequestRejection(name: "INVALID_PARAM", message: "codes 필드가 비어 있습니다.")
    static func unknownType(_ type: String) -> StreamRequestRejection {
        StreamRequestRejection(name: "INVALID_PARAM", message: "\(type.strippingUnsafeCharacters) 은 지원하지 않는 타입입니다.")
    }
    /// A market named twice in one type's `codes` (`KRW-BTC` and `KRW-BTC.5` included): an
    /// `INVALID_PARAM`, like the exchange's other parameter errors (the wording is ours; no
    /// capture of the exchange's own text exists).
    static func repeatedCode(_ code: MarketCode) -> StreamRequestRejection {
        StreamRequestRejection(name: "INVALID_PARAM", message: "codes 필드에 \(code.code) 이 중복되었습니다.")
    }
}

extension StreamRequest {
    /// The most order-book levels a Bithumb 2.0 stream sends.
    public static let maximumDepth = 15

    /// Reads a request frame the way the exchange does, or says which error it answers with.
    public static func read(_ frame: UnsafeRawBufferPointer) -> Result<StreamRequest, StreamRequestRejection> {
        var tokenizer = JSONTokenizer()
        do throws(WireError) {
            return try tokenizer.parse(frame) { root in read(root) }
        } catch {
            return .failure(.wrongFormat)
        }
    }

    private static func read(_ root: JSONValue) -> Result<StreamRequest, StreamRequestRejection> {
        guard root.kind == .array else { return .failure(.wrongFormat) }
        var ticket: String?
        var streams: [Stream] = []
        var style = UpbitFamilyEncoder.KeyStyle.default
        for element in root.elements {
            guard element.kind == .object else { return .failure(.wrongFormat) }
            if let value = element["ticket"] {
                guard let text = value.stringValue, !text.isEmpty else { return .failure(.noTicket) }
                ticket = text
            } else if let value = element["format"] {
                style = value.isString("SIMPLE") ? .simple : .default
            } else {
                switch stream(element) {
                case .success(let stream): streams.append(stream)
                case .failure(let rejection): return .failure(rejection)
                }
            }
        }
        guard let ticket else { return .failure(.noTicket) }
        guard !streams.isEmpty else { return .failure(.noType) }
        return .success(StreamRequest(ticket: ticket, streams: streams, style: style))
    }

    private static func stream(_ object: JSONValue) -> Result<Stream, StreamRequestRejection> {
        guard let typeValue = object["type"], let type = typeValue.stringValue else { return .failure(.wrongFormat) }
        guard let kind = Kind(rawValue: type) else { return .failure(.unknownType(type)) }
        guard let codes = object["codes"] else { return .failure(.noCodes) }
        guard codes.kind == .array else { return .failure(.wrongFormat) }
        var stream = Stream(
            kind: kind, markets: [], depths: [:], onlySnapshot: object["isOnlySnapshot"]?.kind == .true,
            onlyRealtime: object["isOnlyRealtime"]?.kind == .true)
        var count = 0
        var seen: Set<MarketCode> = []
        for code in codes.elements {
            count += 1
            guard let text = code.stringValue else { continue }
            let parts = text.split(separator: ".", maxSplits: 1)
            guard let first = parts.first, let market = MarketCode(code: first) else { continue }
            guard seen.insert(market).inserted else { return .failure(.repeatedCode(market)) }
            stream.markets.append(market)
            if kind == .orderbook, parts.count == 2, let depth = Int(parts[1]), depth > 0 {
                stream.depths[market] = min(depth, maximumDepth)
            }
        }
        guard count > 0 else { return .failure(.emptyCodes) }
        return .success(stream)
    }
}

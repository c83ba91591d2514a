public import MarketCore
import MarketWire
import TestFixtures
import Testing

/// Decoding helpers shared by the codec tests.
enum Harness {
    static func frame(_ dialect: Dialect, _ bytes: [UInt8]) -> DecodedMessages {
        var codec = dialect.makeCodec()
        return codec.decode(frame: bytes)
    }

    static func fixture(_ dialect: Dialect, _ name: String) throws -> DecodedMessages {
        frame(dialect, try Fixture.json(name))
    }

    static func rest(_ dialect: Dialect, _ name: String, _ resource: SnapshotResource) throws -> DecodedMessages {
        var codec = dialect.makeCodec()
        return codec.decode(response: try Fixture.json(name), for: resource)
    }

    /// The single event of a cleanly decoded frame.
    static func onlyEvent(_ decoded: DecodedMessages, sourceLocation: SourceLocation = #_sourceLocation) throws -> MarketEvent {
        #expect(decoded.errors.isEmpty, "\(decoded.errors)", sourceLocation: sourceLocation)
        #expect(decoded.events.count == 1, sourceLocation: sourceLocation)
        return try #require(decoded.events.first, sourceLocation: sourceLocation)
    }

    static func ticker(_ event: MarketEvent) throws -> Ticker {
        guard case .ticker(let ticker) = event else { throw Mismatch(event) }
        return ticker
    }

    static func book(_ event: MarketEvent) throws -> OrderBook {
        guard case .orderBook(let book) = event else { throw Mismatch(event) }
        return book
    }

    static func trades(_ event: MarketEvent) throws -> [Trade] {
        guard case .trades(let trades) = event else { throw Mismatch(event) }
        return trades
    }

    struct Mismatch: Error, CustomStringConvertible {
        let event: MarketEvent
        init(_ event: MarketEvent) { self.event = event }
        var description: String { "unexpected event \(event)" }
    }
}

/// Test-only literal syntax for exact decimals.
extension ExactDecimal: ExpressibleByStringLiteral {
    public init(stringLiteral text: String) {
        guard let value = ExactDecimal(text) else { preconditionFailure("bad decimal literal \(text)") }
        self = value
    }
}

let btc = MarketCode(code: "KRW-BTC")!
let eth = MarketCode(code: "KRW-ETH")!

func utc(_ text: String) -> Timestamp {
    Timestamp(CivilTime(text: text)!, in: .utc)
}

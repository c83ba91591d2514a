import ArgumentParser
import ExchangeClient
import MarketWire

/// Where the live data comes from: `--exchange`, `--demo`, `--ws-url`, `--rest-url`.
struct ExchangeOptions: ParsableArguments {
    /// The exchanges coinboard can show.
    enum Exchange: String, CaseIterable, ExpressibleByArgument {
        case bithumb
        case bithumbLegacy = "bithumb-legacy"
        case upbit
        case demo
    }

    @Option(help: "The exchange: \(Exchange.allCases.map(\.rawValue).joined(separator: ", ")).")
    var exchange: Exchange = .bithumb

    @Flag(help: "Use the embedded demo exchange (the same as --exchange demo); everything shown is simulated.")
    var demo = false

    @Option(name: .customLong("ws-url"), help: "The WebSocket URL, to point the exchange's dialect at another server.")
    var webSocketURL: String?

    @Option(name: .customLong("rest-url"), help: "The REST base URL, to point the exchange's dialect at another server.")
    var restURL: String?

    /// The feed these options choose.
    func source() throws -> FeedSource {
        let exchange = demo ? .demo : exchange
        switch exchange {
        case .demo:
            guard webSocketURL == nil, restURL == nil else {
                throw ValidationError("--ws-url and --rest-url point a real dialect at a server; the demo exchange runs in-process")
            }
            return .demo
        case .bithumb, .bithumbLegacy, .upbit:
            guard let dialect = Dialect(rawValue: exchange.rawValue) else {
                throw ValidationError("--exchange \(exchange.rawValue) speaks no known dialect")
            }
            let official = ExchangeEndpoints.official(dialect)
            let endpoints = try ExchangeEndpoints(dialect: dialect, webSocketURL: webSocketURL ?? official.webSocketURL,
                                                  restBaseURL: restURL ?? official.restBaseURL)
            return .remote(name: exchange.rawValue, endpoints: endpoints)
        }
    }
}

/// A feed to connect to.
enum FeedSource {
    /// The embedded demo exchange, started in-process on a free loopback port.
    case demo
    /// An exchange (or a server speaking its dialect) at these endpoints.
    case remote(name: String, endpoints: ExchangeEndpoints)

    /// The name the output shows: `demo` for the simulated exchange.
    var name: String {
        switch self {
        case .demo: "demo"
        case .remote(let name, _): name
        }
    }

    /// The name the dashboard's status bar shows.
    var displayName: String {
        switch self {
        case .demo: "DEMO"
        case .remote(let name, let endpoints):
            switch endpoints.dialect {
            case .bithumb: "Bithumb"
            case .bithumbLegacy: "Bithumb legacy"
            case .upbit: name == "upbit" ? "Upbit" : name
            }
        }
    }
}

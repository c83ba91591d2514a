public import ArgumentParser
import ExchangeClient
import MarketCore
import MarketWire
import Persistence
import Settings

/// `--exchange` takes the names the configuration file uses.
extension ExchangeChoice: ExpressibleByArgument {}

/// Where the live data comes from: `--exchange`, `--demo`, `--ws-url`, `--rest-url`, over
/// what the configuration files say.
struct ExchangeOptions: ParsableArguments {
    @Option(help: "The exchange: \(ExchangeChoice.allCases.map(\.rawValue).joined(separator: ", ")) (default: bithumb).")
    var exchange: ExchangeChoice?

    @Flag(help: "Use the embedded demo exchange (the same as --exchange demo); everything shown is simulated.")
    var demo = false

    @Option(name: .customLong("ws-url"), help: "The WebSocket URL, to point the exchange's dialect at another server.")
    var webSocketURL: String?

    @Option(name: .customLong("rest-url"), help: "The REST base URL, to point the exchange's dialect at another server.")
    var restURL: String?

    @Option(help: "Replay a recording (coinboard record) instead of connecting.")
    var replay: String?

    @Option(help: "Replay speed: 2 plays twice as fast as recorded, 0 as fast as it can be taken in (default: 1).")
    var speed: Double?

    @Option(name: .customLong("connect-timeout"), help: "Seconds a WebSocket connection may take to connect, secure and upgrade (default: 10).")
    var connectTimeout: Double?

    @Option(name: .customLong("request-timeout"), help: "Seconds a whole REST response may take, body included (default: 15).")
    var requestTimeout: Double?

    func validate() throws {
        if let speed, !(0...1000).contains(speed) { throw ValidationError("--speed must be between 0 and 1000") }
        if speed != nil, replay == nil { throw ValidationError("--speed sets the pace of --replay") }
        if replay != nil, demo || exchange != nil || webSocketURL != nil || restURL != nil {
            throw ValidationError("--replay plays a recording; it takes no exchange, --demo or URL")
        }
        for (name, value) in [("--connect-timeout", connectTimeout), ("--request-timeout", requestTimeout)] {
            if let value, !(0.1...600).contains(value) { throw ValidationError("\(name) must be between 0.1 and 600 seconds") }
        }
    }

    /// The deadlines these options set, over the defaults.
    var deadlines: NetworkDeadlines {
        let defaults = NetworkDeadlines()
        return NetworkDeadlines(
            handshake: connectTimeout.map { .milliseconds(Int64(clampingRounded: $0 * 1000)) } ?? defaults.handshake,
            response: requestTimeout.map { .milliseconds(Int64(clampingRounded: $0 * 1000)) } ?? defaults.response)
    }

    /// What these flags set, as the top settings layer (`--ws-url` and `--rest-url` apply to
    /// whichever exchange the layers choose).
    var flags: ConfigSettings {
        var flags = ConfigSettings()
        flags.exchange = demo ? .demo : exchange
        flags.chosenExchangeEndpoints = ConfigSettings.Endpoints(webSocketURL: webSocketURL, restURL: restURL)
        return flags
    }

    /// The feed `settings` (resolved, these flags on top) choose: the recording to replay, the
    /// demo exchange, or an exchange at its endpoints.
    func source(settings: ConfigSettings) throws -> FeedSource {
        if let replay { return try .replay(of: replay, speed: speed ?? 1) }
        let exchange = settings.chosenExchange
        let overrides = settings.chosenEndpoints
        switch exchange {
        case .demo:
            guard overrides.isEmpty else {
                throw ValidationError("--ws-url and --rest-url point a real dialect at a server; the demo exchange runs in-process")
            }
            return .demo
        case .bithumb, .bithumbLegacy, .upbit:
            guard let dialect = Dialect(rawValue: exchange.rawValue) else {
                throw ValidationError("--exchange \(exchange.rawValue) speaks no known dialect")
            }
            let official = ExchangeEndpoints.official(dialect)
            let endpoints = try ExchangeEndpoints(
                dialect: dialect,
                webSocketURL: overrides.webSocketURL ?? official.webSocketURL,
                restBaseURL: overrides.restURL ?? official.restBaseURL
            )
            return .remote(name: exchange.rawValue, endpoints: endpoints, deadlines: deadlines)
        }
    }
}

/// A feed to connect to.
enum FeedSource {
    /// The embedded demo exchange, started in-process on a free loopback port.
    case demo
    /// An exchange (or a server speaking its dialect) at these endpoints, with these deadlines.
    case remote(name: String, endpoints: ExchangeEndpoints, deadlines: NetworkDeadlines)
    /// A recording played back at `speed` times the pace it was recorded at.
    case replay(path: String, recording: FrameRecording, dialect: Dialect, speed: Double)

    /// The recording at `path`, played at `speed`.
    static func replay(of path: String, speed: Double) throws -> FeedSource {
        let recording = try FrameRecording(contentsOf: path)
        guard let dialect = recording.dialect else { throw CoinboardError.notARecording(path) }
        return .replay(path: path, recording: recording, dialect: dialect, speed: speed)
    }

    /// The name the output shows: `demo` for the simulated exchange.
    var name: String {
        switch self {
        case .demo: "demo"
        case .remote(let name, _, _): name
        case .replay: "replay"
        }
    }

    /// The dialect the feed speaks (the demo exchange speaks Bithumb 2.0 to the pipeline).
    var dialect: Dialect {
        switch self {
        case .demo: .bithumb
        case .remote(_, let endpoints, _): endpoints.dialect
        case .replay(_, _, let dialect, _): dialect
        }
    }

    /// The name the dashboard's status bar shows.
    var displayName: String {
        switch self {
        case .demo: "DEMO"
        case .remote(let name, let endpoints, _):
            switch endpoints.dialect {
            case .bithumb: "Bithumb"
            case .bithumbLegacy: "Bithumb legacy"
            case .upbit: name == "upbit" ? "Upbit" : name
            }
        case .replay: "REPLAY"
        }
    }
}

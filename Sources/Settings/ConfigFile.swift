import DashboardUI
import Foundation
import MarketCore
import Persistence
import TOMLKit
import TerminalKit

/// A TOML configuration file (`config/coinboard.toml` documents every key).
///
/// Reading is strict: a syntax error, an unknown key, a value of the wrong type or a value
/// out of range is a ``ConfigurationError/badConfig(file:line:key:problem:)`` naming the file,
/// the line and the key. The file is only ever read, never rewritten.
public enum ConfigFile {
    /// `$XDG_CONFIG_HOME/coinboard/config.toml`, or `~/.config/coinboard/config.toml`.
    public static func defaultPath(environment: [String: String]) -> String {
        ConfigFolder.path(environment: environment) + "/config.toml"
    }

    /// The settings in the file at `path`; `nil` if there is no such file and `required` is false.
    public static func read(_ path: String, required: Bool) throws(ConfigurationError) -> ConfigSettings? {
        guard FileManager.default.fileExists(atPath: path) else {
            guard required else { return nil }
            throw .badConfig(file: path, line: nil, key: nil, problem: "no such file")
        }
        if let kind = RegularFile.irregularKind(at: path) { throw .notARegularFile(path: path, kind: kind) }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .badConfig(file: path, line: nil, key: nil, problem: "cannot be read as UTF-8 text")
        }
        return try parse(text, file: path)
    }

    /// The settings in `text`, read as the file at `file` (which names it in errors and
    /// anchors relative paths).
    public static func parse(_ text: String, file: String) throws(ConfigurationError) -> ConfigSettings {
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw .badConfig(file: file, line: error.source.begin.line, key: nil, problem: "not valid TOML: \(error.description)")
        } catch {
            throw .badConfig(file: file, line: nil, key: nil, problem: "not valid TOML")
        }
        var reader = ConfigReader(file: file, locator: KeyLocator(text: text))
        reader.read(root)
        if let problem = reader.problems.min(by: { ($0.line ?? .max) < ($1.line ?? .max) }) {
            throw .badConfig(file: file, line: problem.line, key: problem.key, problem: problem.text)
        }
        return reader.settings
    }
}

/// Walks a parsed file's keys into ``ConfigSettings``, noting every problem with its line.
private struct ConfigReader {
    struct Problem {
        let line: Int?
        let key: String
        let text: String
    }

    let file: String
    let locator: KeyLocator
    var settings = ConfigSettings()
    var problems: [Problem] = []

    mutating func read(_ root: TOMLTable) {
        for (key, value) in root {
            switch key {
            case "exchange": readExchange(value)
            case "exchanges": settings.exchanges = exchanges(value) ?? settings.exchanges
            case "frame_rate": settings.frameRate = integer(value, [key], in: 1...60)
            case "signal_refresh": settings.signalRefresh = integer(value, [key], in: 1...3600)
            case "rate_refresh": settings.rateRefresh = integer(value, [key], in: 1...3600)
            case "mouse": settings.mouse = boolean(value, [key])
            case "alert_bell": settings.alertBell = boolean(value, [key])
            case "default_tab": settings.tab = choice(value, [key], MarketTab.allCases)
            case "sort": settings.sort = choice(value, [key], SortKey.offered(in: .krw))
            case "chart_interval": settings.chartInterval = choice(value, [key], CandleInterval.allCases.sorted())
            case "name_language": settings.nameLanguage = choice(value, [key], NameLanguage.allCases)
            case "watchlist": settings.watchlist = path(value, [key])
            case "log_file": settings.logFile = path(value, [key])
            case "holdings": settings.holdings = path(value, [key])
            case "candle_cache": settings.candleCache = value.string == "off" ? .off : path(value, [key]).map(CandleCacheChoice.file)
            case "candle_cache_max_mb": settings.candleCacheMaxMB = integer(value, [key], in: 1...100_000)
            case "reference": settings.reference = choice(value, [key], ReferenceChoice.allCases)
            case "colors": readColors(value)
            case "endpoints": readEndpoints(value)
            default: unknown([key])
            }
        }
    }

    /// `exchange = "demo"` chooses the demo exchange; any other follows that one exchange.
    private mutating func readExchange(_ value: any TOMLValueConvertible) {
        guard let exchange = choice(value, ["exchange"], ExchangeChoice.allCases) else { return }
        if exchange == .demo {
            settings.demo = true
        } else {
            settings.exchanges = [exchange]
            settings.demo = false
        }
    }

    /// `exchanges = ["bithumb", "upbit"]`: several feeds at once, one per exchange.
    private mutating func exchanges(_ value: any TOMLValueConvertible) -> [ExchangeChoice]? {
        guard value.type == .array, let array = value.array else {
            return wrongType(value, ["exchanges"], "an array of exchange names")
        }
        let real = ExchangeChoice.allCases.filter { $0 != .demo }
        var choices: [ExchangeChoice] = []
        for element in array {
            guard let exchange = choice(element, ["exchanges"], real) else { return nil }
            choices.append(exchange)
        }
        if let problem = ExchangeChoice.problem(with: choices) { return note(["exchanges"], problem) }
        return choices
    }

    private mutating func readColors(_ value: any TOMLValueConvertible) {
        guard let colors = table(value, ["colors"]) else { return }
        for (key, value) in colors {
            let path = ["colors", key]
            switch key {
            case "convention":
                let conventions = ["korean": PriceColors.korean, "western": .western]
                settings.colorConvention = choice(value, path, ["korean", "western"]).flatMap { conventions[$0] }
            case "rise": settings.riseColor = choice(value, path, Color.allCases)
            case "fall": settings.fallColor = choice(value, path, Color.allCases)
            case "header": settings.headerColor = choice(value, path, Color.allCases)
            default: unknown(path)
            }
        }
    }

    private mutating func readEndpoints(_ value: any TOMLValueConvertible) {
        guard let byExchange = table(value, ["endpoints"]) else { return }
        for (name, value) in byExchange {
            let exchange = ExchangeChoice(rawValue: name).flatMap { $0 == .demo ? nil : $0 }
            guard exchange != nil || ["binance", "fx"].contains(name) else {
                unknown(["endpoints", name])
                continue
            }
            guard let fields = table(value, ["endpoints", name]) else { continue }
            var endpoints = ConfigSettings.Endpoints()
            for (key, value) in fields {
                let path = ["endpoints", name, key]
                switch key {
                case "websocket" where name != "fx": endpoints.webSocketURL = url(value, path, schemes: ["ws", "wss"])
                case "rest": endpoints.restURL = url(value, path, schemes: ["http", "https"])
                default: unknown(path)
                }
            }
            if let exchange {
                settings.endpoints[exchange] = endpoints
            } else if name == "binance" {
                settings.referenceEndpoints = endpoints
            } else {
                settings.forexURL = endpoints.restURL
            }
        }
    }

    // MARK: Typed values

    private mutating func choice<Choice: RawRepresentable>(
        _ value: any TOMLValueConvertible, _ path: [String],
        _ allowed: [Choice]
    ) -> Choice? where Choice.RawValue == String {
        choice(value, path, allowed.map(\.rawValue)).flatMap(Choice.init(rawValue:))
    }

    private mutating func choice(_ value: any TOMLValueConvertible, _ path: [String], _ allowed: [String]) -> String? {
        guard let text = string(value, path) else { return nil }
        guard allowed.contains(text) else {
            let list = allowed.map { "\"\($0)\"" }.joined(separator: ", ")
            return note(path, "\"\(text)\" is not one of \(list)")
        }
        return text
    }

    private mutating func boolean(_ value: any TOMLValueConvertible, _ path: [String]) -> Bool? {
        guard value.type == .bool, let flag = value.bool else { return wrongType(value, path, "true or false") }
        return flag
    }

    private mutating func integer(_ value: any TOMLValueConvertible, _ path: [String], in range: ClosedRange<Int>) -> Int? {
        guard value.type == .int, let number = value.int else { return wrongType(value, path, "an integer") }
        guard range.contains(number) else {
            return note(path, "\(number) is out of range (\(range.lowerBound) to \(range.upperBound))")
        }
        return number
    }

    private mutating func string(_ value: any TOMLValueConvertible, _ path: [String]) -> String? {
        guard value.type == .string, let text = value.string else { return wrongType(value, path, "a string") }
        return text
    }

    private mutating func table(_ value: any TOMLValueConvertible, _ path: [String]) -> TOMLTable? {
        guard value.type == .table, let table = value.table else { return wrongType(value, path, "a table") }
        return table
    }

    private mutating func path(_ value: any TOMLValueConvertible, _ path: [String]) -> String? {
        guard let text = string(value, path) else { return nil }
        guard !text.isEmpty else { return note(path, "is empty") }
        if text == "~" || text.hasPrefix("~/") { return NSHomeDirectory() + text.dropFirst() }
        if text.hasPrefix("/") { return text }
        return ((file as NSString).deletingLastPathComponent as NSString).appendingPathComponent(text)
    }

    private mutating func url(_ value: any TOMLValueConvertible, _ path: [String], schemes: Set<String>) -> String? {
        guard let text = string(value, path) else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme, schemes.contains(scheme), url.host != nil else {
            return note(path, "\"\(text)\" is not a \(schemes.sorted().joined(separator: " or ")) URL")
        }
        return text
    }

    // MARK: Problems

    private mutating func wrongType<Value>(_ value: any TOMLValueConvertible, _ path: [String], _ expected: String) -> Value? {
        note(path, "expected \(expected), found \(value.type.description) \(value.debugDescription)")
    }

    private mutating func unknown(_ path: [String]) {
        record(path, "unknown key (config/coinboard.toml lists every key)")
    }

    /// Records a problem; returns no value, for the readers to return.
    private mutating func note<Value>(_ path: [String], _ text: String) -> Value? {
        record(path, text)
        return nil
    }

    private mutating func record(_ path: [String], _ text: String) {
        problems.append(Problem(line: locator.line(of: path), key: path.joined(separator: "."), text: text))
    }
}

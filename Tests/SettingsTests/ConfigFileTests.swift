import DashboardRuntime
import DashboardUI
import Foundation
import MarketCore
import MarketRuntime
import Settings
import TerminalKit
import Testing

@Suite struct ConfigFileTests {
    static let documentedPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("config/coinboard.toml").path

    private func badConfig(_ text: String) -> String? {
        do {
            _ = try ConfigFile.parse(text, file: "/etc/c.toml")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func theDocumentedFileSetsTheBuiltInDefaults() throws {
        let settings = try #require(try ConfigFile.read(Self.documentedPath, required: true))
        let defaults = DashboardSettings(exchangeName: "")
        #expect(settings.exchanges == [.bithumb])
        #expect(settings.demo == false)
        #expect(settings.frameRate == DashboardApp.defaultFrameRate)
        #expect(settings.signalRefresh.map { .seconds($0) } == FeedConfiguration.defaultSignalRefresh)
        #expect(settings.rateRefresh.map { .seconds($0) } == ForexPoller.defaultInterval)
        #expect(settings.mouse == defaults.usesMouse)
        #expect(settings.tab == defaults.tab)
        #expect(settings.sort == defaults.sort.key)
        #expect(settings.chartInterval == defaults.chartInterval)
        #expect(settings.nameLanguage == defaults.nameLanguage)
        #expect(settings.priceColors == defaults.colors)
        #expect(settings.headerColor == defaults.headerColor)
        #expect(settings.endpoints.values.allSatisfy { $0 == ConfigSettings.Endpoints() })
        #expect(settings.reference == .binance)
        #expect(settings.referenceEndpoints.isEmpty && settings.forexURL == nil)
        #expect(!settings.overridesExchangeEndpoints)
    }

    /// The keys shown commented out (paths, single colours, endpoints) are real keys too.
    @Test func theDocumentedFilesCommentedKeysAreValid() throws {
        let text = try String(contentsOfFile: Self.documentedPath, encoding: .utf8)
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("# ") && line.dropFirst(2).first?.isLowercase == true && line.contains(" = ") ? line.dropFirst(2) : line
        }.joined(separator: "\n")
        let settings = try ConfigFile.parse(uncommented, file: "/home/me/.config/coinboard/config.toml")
        #expect(settings.watchlist?.hasSuffix("/.config/coinboard/watchlist.json") == true)
        #expect(settings.logFile?.hasSuffix("/.cache/coinboard.log") == true)
        #expect(settings.candleCache == .file(NSHomeDirectory() + "/.cache/coinboard/candles.sqlite"))
        #expect(settings.riseColor == .red)
        #expect(settings.fallColor == .blue)
        #expect(settings.endpoints[.upbit]?.webSocketURL == "wss://api.upbit.com/websocket/v1")
        #expect(settings.endpoints[.bithumbLegacy]?.restURL == "https://api.bithumb.com")
        #expect(settings.endpoints.count == 3)
        #expect(settings.chosenExchanges == [.bithumb, .upbit])
        #expect(settings.referenceEndpoints.webSocketURL == "wss://stream.binance.com:9443/stream")
        #expect(settings.referenceEndpoints.restURL == "https://api.binance.com")
        #expect(settings.forexURL == "https://quotation-api-cdn.dunamu.com")
        #expect(settings.overridesExchangeEndpoints)
    }

    @Test func laterLayersWinKeyByKey() throws {
        let user = try ConfigFile.parse(
            """
            exchange = "upbit"
            frame_rate = 10
            [colors]
            convention = "western"
            [endpoints.upbit]
            rest = "http://127.0.0.1:1"
            """, file: "/u/config.toml")
        let given = try ConfigFile.parse(
            """
            frame_rate = 20
            [colors]
            fall = "magenta"
            [endpoints.upbit]
            websocket = "ws://127.0.0.1:2/ws"
            """, file: "/g/given.toml")
        let merged = user.overlaid(by: given)
        #expect(merged.chosenExchanges == [.upbit])
        #expect(!merged.usesDemo)
        #expect(merged.frameRate == 20)
        #expect(merged.priceColors == PriceColors(rise: .green, fall: .magenta))
        #expect(merged.endpoints[.upbit] == ConfigSettings.Endpoints(webSocketURL: "ws://127.0.0.1:2/ws", restURL: "http://127.0.0.1:1"))
    }

    /// `--ws-url` and `--rest-url` override the endpoints of whichever exchange the layers
    /// beneath them choose, and only that exchange's.
    @Test func flagEndpointsApplyToTheChosenExchange() throws {
        let file = try ConfigFile.parse(
            """
            exchange = "upbit"
            [endpoints.upbit]
            rest = "http://127.0.0.1:1"
            websocket = "ws://127.0.0.1:2/ws"
            """, file: "/u/config.toml")
        var flags = ConfigSettings()
        flags.chosenExchangeEndpoints = ConfigSettings.Endpoints(webSocketURL: "ws://127.0.0.1:3/ws")
        let resolved = file.overlaid(by: flags)
        #expect(resolved.chosenExchanges == [.upbit])
        #expect(resolved.chosenEndpoints(for: .upbit) == ConfigSettings.Endpoints(webSocketURL: "ws://127.0.0.1:3/ws", restURL: "http://127.0.0.1:1"))
        flags.exchanges = [.bithumb]
        let switched = file.overlaid(by: flags)
        #expect(switched.chosenEndpoints(for: .bithumb) == ConfigSettings.Endpoints(webSocketURL: "ws://127.0.0.1:3/ws"))
        #expect(ConfigSettings().chosenExchanges == [.bithumb])
        #expect(ConfigSettings().chosenEndpoints(for: .bithumb).isEmpty)
        flags.exchanges = [.bithumb, .upbit]
        let both = file.overlaid(by: flags)
        #expect(both.chosenEndpoints(for: .upbit) == ConfigSettings.Endpoints(webSocketURL: "ws://127.0.0.1:2/ws", restURL: "http://127.0.0.1:1"))
        #expect(both.chosenEndpoints(for: .bithumb).isEmpty)
    }

    /// `exchanges` lists several feeds, one per exchange; `exchange = "demo"` keeps the list
    /// and has the demo exchange serve it.
    @Test func severalExchangesAreListedOncePerExchange() throws {
        let file = try ConfigFile.parse(
            """
            exchanges = ["bithumb-legacy", "upbit"]
            exchange = "demo"
            """, file: "/u/config.toml")
        #expect(file.chosenExchanges == [.bithumbLegacy, .upbit])
        #expect(file.usesDemo)
        #expect(badConfig(#"exchanges = ["bithumb", "bithumb-legacy"]"#)?.contains("bithumb is named twice") == true)
        #expect(badConfig(#"exchanges = ["demo"]"#)?.contains(#""demo" is not one of"#) == true)
        #expect(badConfig(#"exchanges = "upbit""#)?.contains("expected an array of exchange names") == true)
        #expect(badConfig(#"exchanges = []"#)?.contains("name at least one exchange") == true)
    }

    @Test func theCandleCacheIsAPathOrOffWithALimitInMegabytes() throws {
        let settings = try ConfigFile.parse("candle_cache = \"cache/c.sqlite\"\ncandle_cache_max_mb = 50\n", file: "/home/me/cb/config.toml")
        #expect(settings.candleCache == .file("/home/me/cb/cache/c.sqlite"))
        #expect(settings.candleCacheMaxMB == 50)
        #expect(try ConfigFile.parse("candle_cache = \"off\"\n", file: "/c.toml").candleCache == .off)
        #expect(badConfig("candle_cache_max_mb = 0\n")?.contains("out of range") == true)
        #expect(try ConfigFile.read(Self.documentedPath, required: true)?.candleCacheMaxMB == 200)
    }

    @Test func pathsAreTakenFromTheFilesFolder() throws {
        let settings = try ConfigFile.parse("watchlist = \"lists/mine.json\"\nlog_file = \"/var/log/cb.log\"\n", file: "/home/me/cb/config.toml")
        #expect(settings.watchlist == "/home/me/cb/lists/mine.json")
        #expect(settings.logFile == "/var/log/cb.log")
    }

    @Test func errorsNameTheLineOfDottedQuotedAndInlineKeys() {
        #expect(badConfig("\n\ncolors.rise = \"pink\"\n")?.hasPrefix("/etc/c.toml:3: colors.rise: \"pink\" is not one of") == true)
        #expect(badConfig("[colors]\n\"header\" = 3\n") == "/etc/c.toml:2: colors.header: expected a string, found integer 3")
        #expect(
            badConfig("a = 1\nendpoints = { upbit = { rest = \"ftp://x\" } }\n")
                == "/etc/c.toml:1: a: unknown key (config/coinboard.toml lists every key)")
        #expect(
            badConfig("endpoints = { upbit = { rest = \"ftp://x\" } }\n")
                == "/etc/c.toml:1: endpoints.upbit.rest: \"ftp://x\" is not a http or https URL")
        #expect(badConfig("[colors]\nrise = \"red\"\n[colors]\n")?.hasPrefix("/etc/c.toml:3: not valid TOML") == true)
        #expect(badConfig("colors = \"red\"\n") == "/etc/c.toml:1: colors: expected a table, found string \"red\"")
        #expect(badConfig("watchlist = \"\"\n") == "/etc/c.toml:1: watchlist: is empty")
    }

    @Test func theDefaultPathFollowsXDG() {
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x"]) == "/x/coinboard/config.toml")
        #expect(ConfigFile.defaultPath(environment: ["HOME": "/h"]) == "/h/.config/coinboard/config.toml")
    }

    @Test func aMissingOptionalFileIsNothingAndAMissingRequiredOneIsAnError() throws {
        #expect(try ConfigFile.read("/nonexistent/config.toml", required: false) == nil)
        #expect(throws: ConfigurationError.badConfig(file: "/nonexistent/c.toml", line: nil, key: nil, problem: "no such file")) {
            try ConfigFile.read("/nonexistent/c.toml", required: true)
        }
    }
}

extension ConfigFileTests {
    /// A FIFO at the configuration path is refused with one clear message instead of blocking.
    @Test func aFIFOAtTheConfigPathIsRefused() throws {
        let path = NSTemporaryDirectory() + "coinboard-config-\(UUID().uuidString).toml"
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        #expect(throws: ConfigurationError.notARegularFile(path: path, kind: "a FIFO")) { try ConfigFile.read(path, required: true) }
        #expect(ConfigurationError.notARegularFile(path: path, kind: "a FIFO").description == "\(path) is a FIFO, not a regular file")
    }
}
